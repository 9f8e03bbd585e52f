"""Opening the chat WebSocket (``chat.consumers.lifecycle``): who is refused and how (4401,
4404 alike for a missing and another user's thread, a foreign origin), and what a connect
does to a reply left streaming by a process that died or one still alive elsewhere."""

from __future__ import annotations

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from drawhisper.providers.fake import ScriptedChatBackend
from tests.chat.conftest import (
    connect,
    receive_close_code,
    receive_until,
    send_message,
    socket,
)
from tests.factories import MessageFactory

pytestmark = pytest.mark.django_db(transaction=True)


async def test_unauthenticated_socket_is_closed_with_4401(thread):
    ws = socket(thread.pk)
    connected, _ = await ws.connect(timeout=5)
    assert connected
    assert await receive_close_code(ws) == 4401


async def test_an_expired_token_is_refused_and_removed_while_a_lasting_one_connects(
    thread, user, token
):
    from knox.models import AuthToken

    expired, expired_key = await database_sync_to_async(AuthToken.objects.create)(
        user=user, expiry=timedelta(seconds=-1)
    )
    ws = socket(thread.pk, expired_key)
    await ws.connect(timeout=5)
    assert await receive_close_code(ws) == 4401
    assert not await database_sync_to_async(AuthToken.objects.filter(pk=expired.pk).exists)()
    tab = await connect(thread.pk, token)  # the project's own tokens never expire
    await tab.disconnect()


async def test_another_users_thread_is_refused_exactly_like_a_missing_one(
    thread, other_thread, token, other_token
):
    refusals = []
    for thread_id in (other_thread.pk, 999_999_999):
        ws = socket(thread_id, token)
        await ws.connect(timeout=5)
        refusals.append(await receive_close_code(ws))
    assert refusals == [4404, 4404]
    # A bad token is not a login.
    ws = socket(thread.pk, "not-a-token")
    await ws.connect(timeout=5)
    assert await receive_close_code(ws) == 4401


async def test_foreign_origin_is_rejected(thread, token):
    from channels.testing import WebsocketCommunicator

    from drawhisper.asgi import application

    ws = WebsocketCommunicator(
        application,
        f"/ws/threads/{thread.pk}/?token={token}",
        headers=[(b"origin", b"http://evil.example")],
    )
    connected, _ = await ws.connect(timeout=5)
    assert not connected


async def test_stale_streaming_reply_from_a_dead_process_is_interrupted_on_connect(thread, token):
    dead = await database_sync_to_async(MessageFactory)(
        thread=thread,
        seq=2,
        role="assistant",
        status="streaming",
        content="*She opens her mou",
        progress_at=timezone.now() - timedelta(minutes=5),
    )
    ws = await connect(thread.pk, token)
    await database_sync_to_async(dead.refresh_from_db)()
    assert dead.status == "interrupted" and dead.content == "*She opens her mou"

    ScriptedChatBackend.script("Sorry, where was I?")
    await send_message(ws, "Hello?")
    assert (await receive_until(ws, "reply.end"))[-1]["content"] == "Sorry, where was I?"
    await ws.disconnect()


async def test_live_streaming_reply_in_another_process_makes_the_thread_busy(thread, token):
    live = await database_sync_to_async(MessageFactory)(
        thread=thread,
        seq=2,
        role="assistant",
        status="streaming",
        content="",
        progress_at=timezone.now(),
    )
    ws = await connect(thread.pk, token, expect_reply=live.pk)
    await send_message(ws, "Hello?")
    assert (await ws.receive_json_from(timeout=5))["code"] == "busy"
    await ws.disconnect()


async def test_a_browser_socket_is_signed_in_by_its_session_cookie_and_gets_its_reply(thread, user):
    """The browser's socket carries no token: its session cookie signs it in, and the reply
    streams to it whole (the session is read on connect; no frame touches it)."""
    from channels.testing import WebsocketCommunicator
    from django.conf import settings
    from django.test import Client

    from drawhisper.asgi import application

    browser = Client()
    await database_sync_to_async(browser.force_login)(user)
    cookie = f"{settings.SESSION_COOKIE_NAME}={browser.cookies[settings.SESSION_COOKIE_NAME].value}"
    ScriptedChatBackend.script("*waves* Welcome back.")
    ws = WebsocketCommunicator(
        application,
        f"/ws/threads/{thread.pk}/",
        headers=[(b"origin", b"http://localhost"), (b"cookie", cookie.encode())],
    )
    connected, _ = await ws.connect(timeout=5)
    assert connected
    assert (await ws.receive_json_from(timeout=5))["type"] == "thread.state"
    await send_message(ws, "Hello again.")
    events = await receive_until(ws, "reply.end")
    assert events[-1]["content"] == "*waves* Welcome back."
    assert (
        "".join(e["delta"] for e in events if e["type"] == "reply.delta") == events[-1]["content"]
    )
    await ws.disconnect()
