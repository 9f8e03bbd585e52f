"""The fake OpenAI-compatible server, driven by the real adapter over real sockets, and
scripted the three ways other suites use it: in process, over HTTP and through a file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import urllib.request
from pathlib import Path

import pytest

from drawhisper.providers.base import ChatMessage, TransientProviderError
from drawhisper.providers.openai_chat import OpenAIChatBackend
from tests.providers.openai_adapter import server_adapter
from tests.support.openai_server import FakeOpenAIServer

ROOT = Path(__file__).resolve().parents[2]
MESSAGES = [ChatMessage("system", "You are Ada."), ChatMessage("user", "Hello!")]


@pytest.fixture
def server():
    with FakeOpenAIServer() as running:
        yield running


async def test_the_real_adapter_streams_a_scripted_reply(server):
    server.push({"text": "Welcome aboard, friend.", "chunk_size": 8})

    deltas = [delta async for delta in server_adapter(server).stream(MESSAGES)]

    assert deltas == ["Welcome ", "aboard, ", "friend."]
    [request] = server.requests()
    assert request["path"] == "/v1/chat/completions"
    assert request["headers"]["authorization"] == "Bearer test"
    assert request["body"]["stream"] is True
    assert request["body"]["model"] == "fake-chat"
    assert request["body"]["messages"][-1] == {"role": "user", "content": "Hello!"}


async def test_a_kept_alive_server_answers_one_client_over_one_connection():
    """As real providers do: the adapter's pooled client sends its next request over the
    connection it already has, also after a reply the model cut short was closed."""
    with FakeOpenAIServer(keep_alive=True) as kept:
        kept.push(
            {"text": "First.", "chunk_size": 3},
            {"text": "Second.", "chunk_size": 3},
            {"text": "Third, cut.", "chunk_size": 3, "drop_after": 1},
            {"text": "Fourth.", "chunk_size": 3},
        )
        llm = server_adapter(kept, max_retries=0)
        first = [delta async for delta in llm.stream(MESSAGES)]
        second = [delta async for delta in llm.stream(MESSAGES)]
        with pytest.raises(TransientProviderError):
            [delta async for delta in llm.stream(MESSAGES)]
        fourth = [delta async for delta in llm.stream(MESSAGES)]
        peers = [request["peer"] for request in kept.requests()]

    assert ("".join(first), "".join(second), "".join(fourth)) == ("First.", "Second.", "Fourth.")
    assert peers[0] == peers[1] == peers[2]
    assert peers[3] != peers[2]  # the cut stream's connection was closed, not reused


async def test_by_default_every_answer_closes_its_connection(server):
    llm = server_adapter(server)
    for _ in range(2):
        assert "".join([delta async for delta in llm.stream(MESSAGES)])
    first, second = (request["peer"] for request in server.requests())
    assert first != second


def test_replies_are_matched_to_the_kind_of_request(server):
    server.push(
        {"text": '{"chunks": []}', "match": "json"}, {"text": "A summary.", "match": "complete"}
    )
    llm = server_adapter(server)

    summary = llm.complete(MESSAGES)
    extraction = llm.complete(MESSAGES, json_schema={"type": "object"})

    assert summary.text == "A summary."
    assert extraction.text == '{"chunks": []}'
    assert server.pending() == []


def test_with_nothing_queued_the_defaults_answer(server):
    llm = server_adapter(server)

    assert llm.complete(MESSAGES).text == "Scripted reply."
    chunks = json.loads(llm.complete(MESSAGES, json_schema={"type": "object"}).text)["chunks"]
    assert chunks[0]["type"] == "preference"


def test_a_scripted_429_is_retried_by_the_adapter(server):
    server.push({"status": 429, "error": "Rate limit reached."}, "After the wait.")

    assert server_adapter(server).complete(MESSAGES).text == "After the wait."
    assert len(server.requests()) == 2


def test_persistent_server_errors_become_transient_errors(server):
    server.push(*[{"status": 500}] * 3)

    with pytest.raises(TransientProviderError, match=r"HTTP 500"):
        server_adapter(server).complete(MESSAGES)
    assert len(server.requests()) == 3


async def test_a_dropped_stream_keeps_what_arrived_and_raises_transient(server):
    server.push({"text": "One two three four five", "chunk_size": 4, "drop_after": 2})
    received: list[str] = []

    with pytest.raises(TransientProviderError):
        async for delta in server_adapter(server, max_retries=0).stream(MESSAGES):
            received.append(delta)

    assert "".join(received) == "One two "


def test_reasoning_is_sent_like_deepseek_does(server):
    from drawhisper.providers.deepseek_chat import DeepSeekChatBackend

    server.push({"text": "Short summary.", "reasoning": "Thinking it over."})
    llm = DeepSeekChatBackend(
        model="deepseek-v4-flash", api_key="test", base_url=server.base_url, reasoning=True
    )

    result = llm.complete(MESSAGES)

    assert (result.text, result.reasoning) == ("Short summary.", "Thinking it over.")
    assert server.requests()[0]["body"]["thinking"] == {"type": "enabled"}


def test_scripting_over_http_and_reading_requests_back(server):
    def post(path: str, payload) -> dict:
        request = urllib.request.Request(
            server.base_url.removesuffix("/v1") + path,
            data=json.dumps(payload).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=5) as response:
            return json.loads(response.read())

    assert post("/__script__", ["First.", {"text": "Second."}]) == {"queued": 2}
    llm = server_adapter(server)
    assert [llm.complete(MESSAGES).text for _ in range(2)] == ["First.", "Second."]

    with urllib.request.urlopen(
        server.base_url.removesuffix("/v1") + "/__requests__", timeout=5
    ) as response:
        recorded = json.loads(response.read())
    assert len(recorded) == 2
    assert post("/__reset__", {}) == {"ok": True}
    assert server.requests() == []


def test_a_script_file_is_shared_with_whoever_writes_it(tmp_path):
    script = tmp_path / "replies.json"
    script.write_text(json.dumps(["From the file.", {"text": "Also from the file."}]))

    with FakeOpenAIServer(script_file=script) as server:
        llm = server_adapter(server)
        assert llm.complete(MESSAGES).text == "From the file."
        assert json.loads(script.read_text()) == [{"text": "Also from the file."}]
        assert llm.complete(MESSAGES).text == "Also from the file."
        assert llm.complete(MESSAGES).text == "Scripted reply."


def _child_env(**extra: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("OPENAI_", "DEEPSEEK_", "LLM_"))
    }
    # Settings only build connection strings from these; nothing connects to them here.
    env.update(
        DATABASE_URL="postgres://unused@127.0.0.1:9/unused", REDIS_URL="redis://127.0.0.1:9/0"
    )
    env.update(extra)
    return env


def test_a_client_in_another_process_is_configured_by_environment_alone(server):
    """The setup integration tests use: LLM_PROVIDER=openai, OPENAI_BASE_URL and a test key."""
    server.push(
        {"text": "Hello from the server.", "match": "stream"},
        {"text": "Summary.", "match": "complete"},
    )
    child = textwrap.dedent(
        """
        import asyncio, django
        django.setup()
        from drawhisper.providers import ChatMessage, get_llm

        async def main():
            messages = [ChatMessage("user", "Hi")]
            streamed = "".join([d async for d in get_llm("chat").stream(messages)])
            print(type(get_llm("chat")).__name__, "|", streamed, "|", get_llm("summary").complete(messages).text)

        asyncio.run(main())
        """
    )
    env = _child_env(
        DJANGO_SETTINGS_MODULE="drawhisper.settings",
        LLM_PROVIDER="openai",
        OPENAI_API_KEY="test",
        OPENAI_BASE_URL=server.base_url,
        CHAT_MODEL="fake-chat",
        MEMORY_SUMMARY_MODEL="fake-summary",
    )

    finished = subprocess.run(
        [sys.executable, "-c", child],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert finished.returncode == 0, finished.stderr[-2000:]
    assert (
        finished.stdout.strip().splitlines()[-1]
        == "OpenAIChatBackend | Hello from the server. | Summary."
    )
    assert [request["body"]["model"] for request in server.requests()] == [
        "fake-chat",
        "fake-summary",
    ]


def test_the_server_runs_as_its_own_process(tmp_path):
    script = tmp_path / "replies.json"
    script.write_text(json.dumps(["Out of process."]))
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.support.openai_server",
            "--port",
            "0",
            "--script",
            str(script),
        ],
        cwd=ROOT,
        env=_child_env(),
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        ready = process.stdout.readline().split()
        assert ready[0] == "READY"
        llm = OpenAIChatBackend(model="fake-chat", api_key="test", base_url=ready[1], max_retries=0)
        assert llm.complete(MESSAGES).text == "Out of process."
    finally:
        process.terminate()
        process.wait(timeout=10)
