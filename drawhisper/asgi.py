"""ASGI entry point: HTTP through Django, WebSockets through Channels.

WebSocket connections pass an origin check and are authenticated by session cookie or by
``?token=`` (see ``drawhisper.accounts.ws_auth``). A message sent to a socket the client has
already closed is dropped on every server (``SendAfterCloseDropped``)."""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "drawhisper.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from drawhisper.accounts.ws_auth import SessionOrTokenAuthMiddleware  # noqa: E402
from drawhisper.routing import websocket_urlpatterns  # noqa: E402


class SendAfterCloseDropped:
    """A WebSocket ``send`` after the client went away is dropped instead of raising.

    ASGI lets a server raise an ``OSError`` there, and uvicorn does (``ClientDisconnected``);
    daphne drops the message. The chat consumer learns of a closed socket from
    ``websocket.disconnect`` and then stops the reply (its text kept, status interrupted), so
    a frame that races the close (a streamed batch, the reply's end, an event for another
    tab) must not crash the reply or the event that sent it."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        async def send_unless_closed(message) -> None:
            try:
                await send(message)
            except OSError:
                pass  # the client is gone; its websocket.disconnect is on its way

        return await self.app(scope, receive, send_unless_closed)


application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SendAfterCloseDropped(
            AllowedHostsOriginValidator(
                SessionOrTokenAuthMiddleware(URLRouter(websocket_urlpatterns))
            )
        ),
    }
)

# Load the embedding model now, in the background, so the first reply's retrieval does not
# wait for it (with the local model that is about ten seconds).
from drawhisper.providers.registry import warm_embedder  # noqa: E402

warm_embedder()
