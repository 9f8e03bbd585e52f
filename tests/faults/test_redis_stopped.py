"""Redis (channel layer, broker, cache) stopped under a running web process, then started again.

While it is down: the login page and the API token endpoint still log in (sessions and
throttles are in the database); an open chat socket is told ``unavailable`` and closed with
4013 ("try again later", which the page shows as "Reconnecting…"), and so is a new one; what
was already sent stays stored. Once Redis is back, the chat works again on a new socket.
"""

from __future__ import annotations

import http.cookiejar
import json
import re
import urllib.parse
import urllib.request
import uuid

import pytest

from chat.consumers import CLOSE_TRY_AGAIN_LATER
from chat.models import Message
from tests.factories import CharacterFactory, ThreadFactory, UserFactory
from tests.faults.conftest import TIMEOUTS, socket_url
from tests.support import stack
from tests.support.integration import openai_env

pytestmark = [
    pytest.mark.faults,
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(600),
]

PASSWORD = "correct horse battery"


def _send(socket, content: str) -> None:
    socket.send(
        json.dumps({"type": "message.send", "content": content, "client_id": str(uuid.uuid4())})
    )


def _chat_turn(live, thread_id: int, token: str, content: str) -> dict:
    from websockets.sync.client import connect

    with connect(
        socket_url(live, thread_id, token), origin=live.url, proxy=None, open_timeout=60
    ) as socket:
        stack.receive_until(socket, "thread.state", timeout=60)
        _send(socket, content)
        return stack.receive_until(socket, "reply.end", timeout=120)


def _unavailable(socket) -> tuple[dict, int | None]:
    """The error event the server sends before closing, and the close code."""
    from websockets.exceptions import ConnectionClosed

    events = []
    try:
        while True:
            events.append(json.loads(socket.recv(timeout=90)))
    except ConnectionClosed as closed:
        code = closed.rcvd.code if closed.rcvd else None
    errors = [event for event in events if event.get("type") == "error"]
    assert errors, f"no error event before the close; got {events}"
    return errors[-1], code


def _page_login(live, username: str) -> urllib.response.addinfourl:
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(
        urllib.request.ProxyHandler({}), urllib.request.HTTPCookieProcessor(jar)
    )
    form = opener.open(f"{live.url}/accounts/login/", timeout=60).read().decode()
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)
    body = urllib.parse.urlencode(
        {"username": username, "password": PASSWORD, "csrfmiddlewaretoken": csrf}
    ).encode()
    request = urllib.request.Request(
        f"{live.url}/accounts/login/", data=body, headers={"Referer": f"{live.url}/accounts/login/"}
    )
    answer = opener.open(request, timeout=60)
    assert any(cookie.name == "sessionid" for cookie in jar), "no session after the login"
    return answer


def _api_token(live, username: str) -> str:
    request = urllib.request.Request(
        f"{live.url}/api/auth/token/",
        data=json.dumps({"username": username, "password": PASSWORD}).encode(),
        headers={"Content-Type": "application/json"},
    )
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(request, timeout=60) as answer:
        return json.loads(answer.read())["token"]


def test_with_redis_stopped_login_works_the_chat_says_reconnecting_and_nothing_is_lost(
    settings, tmp_path, llm_server, own_redis
):
    from websockets.sync.client import connect

    from drawhisper.accounts.services import token_for_user

    owner = UserFactory(username="lamplighter", password=PASSWORD)
    character = CharacterFactory(owner=owner, name="Tam", greeting="")
    thread = ThreadFactory(owner=owner, character=character)
    token = token_for_user(user=owner)
    llm_server.push({"text": "Before the storm.", "match": "stream"})
    llm_server.push({"text": "After the storm.", "match": "stream"})
    env = openai_env(llm_server, MEMORY_TRIGGER_TOKENS="1000000")

    with stack.running_stack(
        env=stack.stack_env(redis_url=own_redis.url, **env),
        log_dir=tmp_path,
        name="redis-stop",
        workers=0,
        **TIMEOUTS,
    ) as live:
        assert _chat_turn(live, thread.pk, token, "Light the lamps.")["content"] == (
            "Before the storm."
        )
        with connect(
            socket_url(live, thread.pk, token), origin=live.url, proxy=None, open_timeout=60
        ) as open_socket:
            stack.receive_until(open_socket, "thread.state", timeout=60)
            own_redis.stop()
            error, code = _unavailable(open_socket)
        assert (error["code"], code) == ("unavailable", CLOSE_TRY_AGAIN_LATER)
        assert "reconnecting" in error["detail"]

        # Logging in does not need Redis: the page form and the API token both work.
        assert "/accounts/login/" not in _page_login(live, owner.username).url
        assert len(_api_token(live, owner.username)) == 64
        # A socket opened now is told the same, not a 500 or a dropped handshake.
        with connect(
            socket_url(live, thread.pk, token), origin=live.url, proxy=None, open_timeout=60
        ) as new_socket:
            error, code = _unavailable(new_socket)
        assert (error["code"], code) == ("unavailable", CLOSE_TRY_AGAIN_LATER)

        own_redis.start()  # the same port: the web process reconnects by itself
        after = stack.wait_for(
            lambda: _try_turn(live, thread.pk, token),
            timeout=120,
            interval=2,
            message=f"the chat did not work again after Redis came back\n{live.logs()}",
        )
    assert after["content"] == "After the storm."
    assert list(
        Message.objects.filter(thread=thread).order_by("seq").values_list("role", "content")
    ) == [
        ("user", "Light the lamps."),
        ("assistant", "Before the storm."),
        ("user", "Is the light still on?"),
        ("assistant", "After the storm."),
    ]


def _try_turn(live, thread_id: int, token: str) -> dict | None:
    """One chat turn, or None while the server still says it is unavailable."""
    try:
        return _chat_turn(live, thread_id, token, "Is the light still on?")
    except AssertionError as error:
        if "unavailable" in str(error):
            return None
        raise
