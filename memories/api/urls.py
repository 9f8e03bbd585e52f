"""/api/memories/ routes and a character's profile of the user,
/api/characters/{id}/profile/ (included under /api/ by drawhisper.urls)."""

from __future__ import annotations

from django.urls import path

from memories.api import documents, views

urlpatterns = [
    path("documents/", documents.DocumentListCreateView.as_view(), name="api-documents"),
    path(
        "documents/<int:document_id>/",
        documents.DocumentDetailView.as_view(),
        name="api-document",
    ),
    path(
        "documents/<int:document_id>/file/",
        documents.DocumentFileView.as_view(),
        name="api-document-file",
    ),
    path(
        "documents/<int:document_id>/retry/",
        documents.DocumentRetryView.as_view(),
        name="api-document-retry",
    ),
    path("memories/", views.MemoryListCreateView.as_view(), name="api-memories"),
    path(
        "memories/conflicts/", views.MemoryConflictListView.as_view(), name="api-memory-conflicts"
    ),
    path("memories/export/", views.MemoryExportView.as_view(), name="api-memories-export"),
    path("memories/import/", views.MemoryImportView.as_view(), name="api-memories-import"),
    path("memories/<int:memory_id>/", views.MemoryDetailView.as_view(), name="api-memory"),
    path("memories/<int:memory_id>/pin/", views.MemoryPinView.as_view(), name="api-memory-pin"),
    path(
        "memories/<int:memory_id>/share/", views.MemoryShareView.as_view(), name="api-memory-share"
    ),
    path(
        "memories/<int:memory_id>/resolve/",
        views.MemoryResolveView.as_view(),
        name="api-memory-resolve",
    ),
    path(
        "memories/<int:memory_id>/dismiss/",
        views.MemoryDismissView.as_view(),
        name="api-memory-dismiss",
    ),
    path(
        "characters/<int:character_id>/profile/",
        views.CharacterProfileView.as_view(),
        name="api-character-profile",
    ),
]
