"""ASGI entry point: HTTP through Django, WebSockets through Channels.

WebSocket connections pass an origin check and are authenticated by session cookie or by
``?token=`` (see ``drawhisper.accounts.ws_auth``)."""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "drawhisper.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from drawhisper.accounts.ws_auth import SessionOrTokenAuthMiddleware  # noqa: E402
from drawhisper.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            SessionOrTokenAuthMiddleware(URLRouter(websocket_urlpatterns))
        ),
    }
)

# Load the embedding model now, in the background, so the first reply's retrieval does not
# wait for it (with the local model that is about ten seconds).
from drawhisper.providers.registry import warm_embedder  # noqa: E402

warm_embedder()
