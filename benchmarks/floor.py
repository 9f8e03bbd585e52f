"""The floor ``bench_load`` compares with: a bare Channels consumer on the same machine that
streams the same model reply through the same adapter, with no database, no retrieval and no
receipts. It speaks the chat socket's events (``message.send`` in; ``reply.delta`` and
``reply.end`` out), so the same clients drive both servers. It coalesces the streamed pieces
into ``reply.delta`` frames as the product does (``chat.streaming.DeltaBatcher``, every
``CHAT_DELTA_FLUSH_MS``) and reads the model's stream as often (``chat.streaming.open_stream``):
the floor is the least a server must do to show the same text as it arrives, and sending a
frame, or reading the socket, per piece is not that least. Nor is closing database connections
before every message it handles, which Channels does and neither consumer needs.

Served by daphne as ``benchmarks.floor:application``."""

from __future__ import annotations

import contextlib
import json
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "benchmarks.load_settings")
django_asgi_app = get_asgi_application()

from channels.consumer import get_handler_name  # noqa: E402
from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402
from django.urls import path  # noqa: E402

from benchmarks.load_stats import with_stats  # noqa: E402
from chat.streaming import DeltaBatcher, open_stream  # noqa: E402
from drawhisper.providers.base import ChatMessage  # noqa: E402
from drawhisper.providers.registry import get_llm  # noqa: E402

PROMPT = "You are Mara, a lighthouse keeper. Warm, curious."


class BareReplyConsumer(AsyncWebsocketConsumer):
    """Answers every ``message.send`` with the model's reply, streamed piece by piece."""

    async def dispatch(self, message):
        # As the product's consumer dispatches (``chat.consumers.ThreadConsumer.dispatch``):
        # without Channels' hop to its sync thread to close database connections before
        # every message, which a consumer that opens none has no need of.
        await getattr(self, get_handler_name(message))(message)

    async def receive(self, text_data=None, bytes_data=None):
        event = json.loads(text_data or "{}")
        if event.get("type") != "message.send":
            return
        messages = [
            ChatMessage(role="system", content=PROMPT),
            ChatMessage(role="user", content=str(event.get("content", ""))),
        ]
        text = ""
        batcher = DeltaBatcher(send=self._send_delta, interval=settings.CHAT_DELTA_FLUSH_MS / 1000)
        stream = open_stream(get_llm("chat"), messages, interval=batcher.interval)
        async with contextlib.aclosing(stream) as pieces:
            async for piece in pieces:
                if piece:
                    text += piece
                    await batcher.add(piece)
        await batcher.close()
        await self.send(json.dumps({"type": "reply.end", "content": text, "status": "complete"}))

    async def _send_delta(self, text: str) -> None:
        await self.send(json.dumps({"type": "reply.delta", "delta": text}))


application = with_stats(
    ProtocolTypeRouter(
        {
            "http": django_asgi_app,
            "websocket": URLRouter(
                [path("ws/threads/<int:thread_id>/", BareReplyConsumer.as_asgi())]
            ),
        }
    )
)
