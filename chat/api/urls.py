"""/api/threads/ routes (included under /api/ by drawhisper.urls)."""

from __future__ import annotations

from django.urls import path

from chat.api import views

urlpatterns = [
    path("threads/", views.ThreadListCreateApi.as_view(), name="api-threads"),
    path("threads/import/", views.ThreadImportApi.as_view(), name="api-threads-import"),
    path("threads/<int:thread_id>/", views.ThreadDetailApi.as_view(), name="api-thread"),
    path(
        "threads/<int:thread_id>/export/", views.ThreadExportApi.as_view(), name="api-thread-export"
    ),
    path(
        "threads/<int:thread_id>/memory-progress/",
        views.ThreadMemoryProgressApi.as_view(),
        name="api-thread-memory-progress",
    ),
    path(
        "threads/<int:thread_id>/messages/",
        views.MessageListApi.as_view(),
        name="api-thread-messages",
    ),
    path(
        "threads/<int:thread_id>/messages/<int:message_id>/",
        views.MessageDetailApi.as_view(),
        name="api-thread-message",
    ),
    path(
        "threads/<int:thread_id>/messages/<int:message_id>/restore/",
        views.MessageRestoreApi.as_view(),
        name="api-thread-message-restore",
    ),
    path(
        "threads/<int:thread_id>/messages/<int:message_id>/branch/",
        views.MessageBranchApi.as_view(),
        name="api-thread-message-branch",
    ),
    path(
        "threads/<int:thread_id>/messages/<int:message_id>/activate/",
        views.MessageActivateApi.as_view(),
        name="api-thread-message-activate",
    ),
]
