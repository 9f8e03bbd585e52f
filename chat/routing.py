"""WebSocket routes of the chat (mounted by ``drawhisper.routing``)."""

from __future__ import annotations

from django.urls import path

from chat.consumers import ThreadConsumer

websocket_urlpatterns = [
    path("ws/threads/<int:thread_id>/", ThreadConsumer.as_asgi()),
]
