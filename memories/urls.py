"""Pages of the memory app."""

from __future__ import annotations

from django.urls import path

from memories import views

urlpatterns = [
    path("memories/", views.memories_page, name="memories"),
]
