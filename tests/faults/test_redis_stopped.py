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

import pytest

from chat.consumers import CLOSE_TRY_AGAIN_LATER
from chat.models import Message
from tests.faults.conftest import Chat, a_chat, open_chat, web_stack
from tests.support import stack

pytestmark = [
    pytest.mark.faults,
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(600),
]

PASSWORD = "correct horse battery"


def _chat_turn(live, chat: Chat, content: str) -> dict:
    """One turn on a new socket: its reply's ``reply.end``."""
    with open_chat(live, chat) as (socket, _state):
        [end] = stack.send_turns(socket, [content], timeout=120)
    return end


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
    chat = a_chat("lamplighter", "Tam", password=PASSWORD)
    owner, thread = chat.owner, chat.thread
    llm_server.push({"text": "Before the storm.", "match": "stream"})
    llm_server.push({"text": "After the storm.", "match": "stream"})

    with web_stack(
        tmp_path=tmp_path, redis_url=own_redis.url, llm_server=llm_server, name="redis-stop"
    ) as live:
        assert _chat_turn(live, chat, "Light the lamps.")["content"] == "Before the storm."
        with open_chat(live, chat) as (open_socket, _state):
            own_redis.stop()
            error, code = _unavailable(open_socket)
        assert (error["code"], code) == ("unavailable", CLOSE_TRY_AGAIN_LATER)
        assert "reconnecting" in error["detail"]

        # Logging in does not need Redis: the page form and the API token both work.
        assert "/accounts/login/" not in _page_login(live, owner.username).url
        assert len(_api_token(live, owner.username)) == 64
        # A socket opened now is told the same, not a 500 or a dropped handshake.
        with stack.thread_socket(live.port, thread.pk, chat.token, open_timeout=60) as new_socket:
            error, code = _unavailable(new_socket)
        assert (error["code"], code) == ("unavailable", CLOSE_TRY_AGAIN_LATER)

        own_redis.start()  # the same port: the web process reconnects by itself
        after = stack.wait_for(
            lambda: _try_turn(live, chat),
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


def _try_turn(live, chat: Chat) -> dict | None:
    """One chat turn, or None while the server still says it is unavailable."""
    try:
        return _chat_turn(live, chat, "Is the light still on?")
    except AssertionError as error:
        if "unavailable" in str(error):
            return None
        raise
