"""WebSocket routes."""

from __future__ import annotations

from chat.routing import websocket_urlpatterns

__all__ = ["websocket_urlpatterns"]
