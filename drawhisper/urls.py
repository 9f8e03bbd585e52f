"""URL map: pages, the REST API under /api/, OpenAPI, health."""

from __future__ import annotations

import posixpath

from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.conf import settings
from django.contrib import admin
from django.http import Http404, HttpResponse
from django.urls import include, path, re_path
from django.views.static import serve
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from drawhisper.accounts.api.views import MeView, SignupView, TokenView
from drawhisper.accounts.connections.views import connections_page
from drawhisper.health import healthz


class ApiDocsView(SpectacularSwaggerSplitView):
    """The Swagger UI page. Its one renderer is an HTML template, which has nothing to show
    for DRF's OPTIONS description of an endpoint (a 500): OPTIONS is told the methods in
    ``Allow``, as Django's own views answer it."""

    def options(self, request, *args, **kwargs):
        response = HttpResponse()
        response["Allow"] = ", ".join(self.allowed_methods)
        return response


api_patterns = [
    path("auth/signup/", SignupView.as_view(), name="api-signup"),
    path("auth/token/", TokenView.as_view(), name="api-token"),
    path("auth/me/", MeView.as_view(), name="api-me"),
    path("", include("drawhisper.accounts.connections.urls")),
    path("", include("characters.api.urls")),
    path("", include("scenes.api.urls")),
    path("", include("chat.api.urls")),
    path("", include("memories.api.urls")),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # Swagger UI from the bundled assets, its start-up script a file of its own (no inline
    # script); the page's small inline <style> is the one exception to the style policy.
    path(
        "docs/",
        csp_update({"style-src": [UNSAFE_INLINE]})(ApiDocsView.as_view(url_name="api-schema")),
        name="api-docs",
    ),
]

handler400 = "drawhisper.errors.bad_request"
handler403 = "drawhisper.errors.permission_denied"
handler404 = "drawhisper.errors.page_not_found"
handler500 = "drawhisper.errors.server_error"

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("accounts/", include("drawhisper.accounts.urls")),
    path("connections/", connections_page, name="connections"),
    path("api/", include(api_patterns)),
    path("", include("chat.urls")),
    path("", include("memories.urls")),
    path("", include("scenes.urls")),
    path("", include("characters.urls")),
]


def serve_media(request, path: str):
    """Public uploads (avatars) only. Lore documents live outside MEDIA_ROOT
    (``DOCUMENT_ROOT``); a ``documents/`` path left over from before is never served here."""
    normalised = posixpath.normpath(path.replace("\\", "/")).lstrip("/")
    if normalised == "documents" or normalised.startswith("documents/"):
        raise Http404("Not found.")
    return serve(request, path, document_root=settings.MEDIA_ROOT)


if settings.SERVE_MEDIA:
    # Uploaded avatars. Fine for a single machine; behind a CDN or object storage set
    # SERVE_MEDIA=false and serve MEDIA_URL from there.
    urlpatterns += [
        re_path(rf"^{settings.MEDIA_URL.lstrip('/')}(?P<path>.*)$", serve_media),
    ]
