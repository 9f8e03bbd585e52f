"""Chat pages (included at the site root by drawhisper.urls)."""

from __future__ import annotations

from django.urls import path

from chat import views

urlpatterns = [
    path("chat/", views.chat_index, name="chat-index"),
    path("chat/start/", views.chat_start, name="chat-start"),
    path("chat/<int:thread_id>/", views.chat_thread, name="chat-thread"),
    path(
        "chat/<int:thread_id>/memories-progress/",
        views.chat_memory_progress,
        name="chat-memory-progress",
    ),
    path("characters/<int:character_id>/import-chat/", views.chat_import, name="chat-import"),
]
