"""A URL map for the error-page tests: the project's, plus one view that fails."""

from __future__ import annotations

from django.urls import path

from drawhisper.urls import handler400, handler403, handler404, handler500, urlpatterns  # noqa: F401


def _fail(request):
    raise RuntimeError("boom: the database password is hunter2")


urlpatterns = [path("api/fail/", _fail), path("fail/", _fail), *urlpatterns]
