"""A fake OpenAI-compatible chat server: real HTTP on loopback, scripted replies.

The benchmarks drive the real provider adapters against it (``bench_load``, and
``bench_locomo --answer`` in the suite), and the tests import it from here too (its old home,
``tests.support.openai_server``, re-exports it).

It speaks enough of the chat-completions protocol for the real adapter (LangChain's
``ChatOpenAI`` over the openai client) to run its real request, retry and SSE streaming code.
Because it is a real server on a real port, the client may live in another process: a Celery
worker or a daphne server started by the test.

In a test::

    from benchmarks.openai_server import FakeOpenAIServer

    with FakeOpenAIServer() as server:
        server.push("Hello there!")                       # the next reply, any kind of request
        server.push({"status": 429})                      # then a rate-limit error
        server.push({"text": '{"chunks": []}', "match": "json"})
        env = {"LLM_PROVIDER": "openai", "OPENAI_API_KEY": "test",
               "OPENAI_BASE_URL": server.base_url}        # http://127.0.0.1:<port>/v1
        ...                                               # start the worker with env
        assert server.requests()[0]["body"]["stream"] is True

A reply is a string (the text) or a dict with these optional keys:

- ``text``: the reply text; ``reasoning``: reasoning text, sent as ``reasoning_content``
  (DeepSeek style) before the content;
- ``status`` (e.g. 429, 500, 401) with ``error`` (the message) and ``code``: answer with an
  OpenAI-style error body instead; 429 and 5xx carry ``retry-after-ms`` (``retry_after_ms``,
  default 10) so client retries stay fast;
- ``chunk_size`` (characters per streamed delta, default 4), ``delay`` (seconds before each
  delta, or before a non-streamed answer), ``drop_after`` (close the connection after that
  many deltas, without ``[DONE]``);
- ``events``: a streamed answer's body as given, a list of strings each sent as it is (its
  own HTTP chunk, ``delay`` seconds after the one before): for reading whatever a server may
  send (comments, events split across reads, error events);
- ``match``: only for requests of that kind: ``"stream"`` (chat replies), ``"complete"``
  (non-streamed, no response_format: summaries), ``"support"`` (a response_format schema
  named ``support_check``: the memory support check) or ``"json"`` (any other
  response_format: extraction); ``model``: only for requests naming that model.

Each request takes the first queued reply that matches it. With none queued, the server
answers ``default_reply`` (JSON requests get ``default_json_reply``: one valid memory chunk;
support checks ``default_support_reply``: supported).

From another process, or to script a server started with ``python -m``:

- ``POST /__script__`` with a JSON list of replies (or one reply) appends them;
- ``GET /__requests__`` returns the recorded requests; ``POST /__reset__`` clears both;
- ``script_file=path`` (or ``--script path``): a JSON list of replies that the server pops
  from on every request, after its in-memory queue, so any process can append to it.

Every answer closes its connection, so no state lingers between requests (a test's client
may live in an event loop that is gone by the next test). With ``keep_alive=True``
(``--keep-alive``) the server keeps connections open between answers, as real providers do,
so a client that pools its connections sends its next request on the same one; a stream cut
short by ``drop_after`` still closes its connection.

As a process: ``python -m benchmarks.openai_server --port 0 [--script replies.json]
[--keep-alive]`` prints ``READY http://127.0.0.1:<port>/v1`` on stdout once it listens.
"""

from __future__ import annotations

import argparse
import json
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

Reply = str | dict[str, Any]

DEFAULT_JSON_REPLY = json.dumps(
    {
        "chunks": [
            {
                "title": "A scripted memory",
                "content": "The user said they like scripted tests.",
                "type": "preference",
                "source_seqs": [1],
            }
        ]
    }
)

DEFAULT_SUPPORT_REPLY = json.dumps({"supported": True, "reason": "The messages say so."})

_ERROR_TYPES = {
    400: "invalid_request_error",
    401: "invalid_request_error",
    403: "permission_error",
    404: "not_found_error",
    429: "rate_limit_exceeded",
}


def request_kind(body: dict[str, Any]) -> str:
    if body.get("stream"):
        return "stream"
    response_format = body.get("response_format")
    if not response_format:
        return "complete"
    schema = response_format.get("json_schema") if isinstance(response_format, dict) else None
    if isinstance(schema, dict) and schema.get("name") == "support_check":
        return "support"
    return "json"


def _matches(reply: Reply, body: dict[str, Any]) -> bool:
    if isinstance(reply, str):
        return True
    if reply.get("match") and reply["match"] != request_kind(body):
        return False
    return not (reply.get("model") and reply["model"] != body.get("model"))


class FakeOpenAIServer:
    """A threaded chat-completions server on 127.0.0.1; use as a context manager."""

    def __init__(
        self,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        script_file: str | Path | None = None,
        default_reply: Reply = "Scripted reply.",
        default_json_reply: str = DEFAULT_JSON_REPLY,
        default_support_reply: str = DEFAULT_SUPPORT_REPLY,
        keep_alive: bool = False,
    ) -> None:
        self.keep_alive = keep_alive
        self.script_file = Path(script_file) if script_file else None
        self.default_reply = default_reply
        self.default_json_reply = default_json_reply
        self.default_support_reply = default_support_reply
        self._queue: list[Reply] = []
        self._requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._httpd = ThreadingHTTPServer((host, port), _make_handler(self))
        self._httpd.daemon_threads = True
        self._thread: threading.Thread | None = None

    # -- lifecycle --------------------------------------------------------------------

    @property
    def port(self) -> int:
        return self._httpd.server_address[1]

    @property
    def base_url(self) -> str:
        """The value for ``OPENAI_BASE_URL``."""
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> FakeOpenAIServer:
        self._thread = threading.Thread(
            target=self._httpd.serve_forever,
            kwargs={"poll_interval": 0.05},  # so stop() returns promptly
            name="fake-openai-server",
            daemon=True,
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> FakeOpenAIServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    # -- scripting --------------------------------------------------------------------

    def push(self, *replies: Reply) -> None:
        with self._lock:
            self._queue.extend(replies)

    def reset(self) -> None:
        with self._lock:
            self._queue.clear()
            self._requests.clear()

    def requests(self) -> list[dict[str, Any]]:
        """Every request so far, oldest first: ``{"method", "path", "headers", "body",
        "peer"}`` with header names in lower case, ``body`` the decoded JSON and ``peer`` the
        client's ``host:port`` (the same for requests sent over one kept-alive connection)."""
        with self._lock:
            return [dict(request) for request in self._requests]

    def pending(self) -> list[Reply]:
        with self._lock:
            return list(self._queue)

    def _record(
        self, method: str, path: str, headers: dict[str, str], body: Any, peer: str = ""
    ) -> None:
        with self._lock:
            self._requests.append(
                {"method": method, "path": path, "headers": headers, "body": body, "peer": peer}
            )

    def _take_reply(self, body: dict[str, Any]) -> dict[str, Any]:
        with self._lock:
            reply = _pop_first_match(self._queue, body)
            if reply is None and self.script_file is not None and self.script_file.exists():
                queue = json.loads(self.script_file.read_text() or "[]")
                reply = _pop_first_match(queue, body)
                if reply is not None:
                    self.script_file.write_text(json.dumps(queue))
        if reply is None:
            reply = {
                "json": self.default_json_reply,
                "support": self.default_support_reply,
            }.get(request_kind(body), self.default_reply)
        return {"text": reply} if isinstance(reply, str) else dict(reply)


def _pop_first_match(queue: list[Reply], body: dict[str, Any]) -> Reply | None:
    for index, reply in enumerate(queue):
        if _matches(reply, body):
            return queue.pop(index)
    return None


def _make_handler(server: FakeOpenAIServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        # HTTP/1.1 so streams are chunked: a stream cut short (``drop_after``) then reads as a
        # broken body on the client, as a real dropped connection does. Every answer closes
        # its connection unless the server keeps connections alive (``keep_alive``).
        protocol_version = "HTTP/1.1"

        def _connection_header(self) -> None:
            if not server.keep_alive:
                self.send_header("Connection", "close")

        def log_message(self, format: str, *args: Any) -> None:  # quiet test output
            pass

        def _read_json(self) -> Any:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            return json.loads(raw) if raw else None

        def _send_json(
            self, status: int, payload: Any, headers: dict[str, str] | None = None
        ) -> None:
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self._connection_header()
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            if self.path.rstrip("/") == "/__requests__":
                self._send_json(200, server.requests())
            elif self.path.rstrip("/") == "/v1/models":
                self._send_json(
                    200, {"object": "list", "data": [{"id": "fake-model", "object": "model"}]}
                )
            else:
                self._send_json(
                    404, {"error": {"message": f"No route {self.path}", "type": "not_found_error"}}
                )

        def do_POST(self) -> None:
            path = self.path.rstrip("/")
            try:
                body = self._read_json()
            except ValueError:
                self._send_json(
                    400,
                    {"error": {"message": "Body is not JSON.", "type": "invalid_request_error"}},
                )
                return
            if path == "/__script__":
                server.push(*(body if isinstance(body, list) else [body]))
                self._send_json(200, {"queued": len(server.pending())})
                return
            if path == "/__reset__":
                server.reset()
                self._send_json(200, {"ok": True})
                return
            if path != "/v1/chat/completions":
                self._send_json(
                    404, {"error": {"message": f"No route {self.path}", "type": "not_found_error"}}
                )
                return
            body = body or {}
            headers = {name.lower(): value for name, value in self.headers.items()}
            host, port = self.client_address[:2]
            server._record("POST", path, headers, body, peer=f"{host}:{port}")
            reply = server._take_reply(body)
            if reply.get("status"):
                self._send_error_reply(reply)
            elif body.get("stream"):
                self._send_stream(reply, body)
            else:
                if reply.get("delay"):
                    time.sleep(float(reply["delay"]))
                self._send_json(200, _completion(reply, body))

        def _send_error_reply(self, reply: dict[str, Any]) -> None:
            status = int(reply["status"])
            headers = dict(reply.get("headers") or {})
            if status == 429 or status >= 500:
                headers.setdefault("retry-after-ms", str(reply.get("retry_after_ms", 10)))
            if reply.get("delay"):
                time.sleep(float(reply["delay"]))
            error = {
                "message": reply.get("error") or f"Scripted error {status}.",
                "type": _ERROR_TYPES.get(status, "server_error"),
                "param": None,
                "code": reply.get("code"),
            }
            self._send_json(status, {"error": error}, headers)

        def _send_stream(self, reply: dict[str, Any], body: dict[str, Any]) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Transfer-Encoding", "chunked")
            self._connection_header()
            self.end_headers()
            if reply.get("events") is not None:
                self._send_pieces(reply["events"], float(reply.get("delay") or 0))
                return
            completion_id = f"chatcmpl-{uuid.uuid4().hex[:12]}"
            model = body.get("model") or "fake-model"
            size = max(1, int(reply.get("chunk_size", 4)))
            deltas: list[dict[str, Any]] = [{"role": "assistant", "content": ""}]
            reasoning = reply.get("reasoning") or ""
            deltas += [
                {"reasoning_content": reasoning[i : i + size]}
                for i in range(0, len(reasoning), size)
            ]
            text = reply.get("text") or ""
            deltas += [{"content": text[i : i + size]} for i in range(0, len(text), size)]
            drop_after = reply.get("drop_after")
            try:
                for index, delta in enumerate(deltas):
                    if drop_after is not None and index > int(drop_after):
                        # The connection closes with no finish chunk and no [DONE].
                        self.close_connection = True
                        return
                    if index and reply.get("delay"):
                        time.sleep(float(reply["delay"]))
                    self._send_event(_chunk(completion_id, model, delta, None))
                self._send_event(_chunk(completion_id, model, {}, "stop"))
                if (body.get("stream_options") or {}).get("include_usage"):
                    usage_chunk = _chunk(completion_id, model, None, None)
                    usage_chunk["usage"] = _usage(body, text)
                    self._send_event(usage_chunk)
                self._send_chunk(b"data: [DONE]\n\n")
                self._send_chunk(b"")  # the last chunk: the body is complete
            except (BrokenPipeError, ConnectionResetError):
                # The client stopped reading: a stopped reply or a test ending.
                self.close_connection = True

        def _send_pieces(self, pieces: list[str], delay: float) -> None:
            try:
                for index, piece in enumerate(pieces):
                    if index and delay:
                        time.sleep(delay)
                    if piece:  # an empty chunk would end the body
                        self._send_chunk(piece.encode())
                self._send_chunk(b"")
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True

        def _send_event(self, payload: dict[str, Any]) -> None:
            self._send_chunk(f"data: {json.dumps(payload)}\n\n".encode())

        def _send_chunk(self, data: bytes) -> None:
            self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
            self.wfile.flush()

    return Handler


def _chunk(
    completion_id: str, model: str, delta: dict | None, finish: str | None
) -> dict[str, Any]:
    choices = [] if delta is None else [{"index": 0, "delta": delta, "finish_reason": finish}]
    return {
        "id": completion_id,
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": model,
        "choices": choices,
    }


def _usage(body: dict[str, Any], text: str) -> dict[str, int]:
    prompt = sum(
        len(str(message.get("content") or "").split()) for message in body.get("messages", [])
    )
    completion = len(text.split())
    return {
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": prompt + completion,
    }


def _completion(reply: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
    text = reply.get("text") or ""
    message: dict[str, Any] = {"role": "assistant", "content": text}
    if reply.get("reasoning"):
        message["reasoning_content"] = reply["reasoning"]
    return {
        "id": f"chatcmpl-{uuid.uuid4().hex[:12]}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body.get("model") or "fake-model",
        "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
        "usage": _usage(body, text),
    }


def main() -> None:  # pragma: no cover - exercised by tests that start it as a process
    parser = argparse.ArgumentParser(description="Run the fake OpenAI-compatible chat server.")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument(
        "--script", help="a JSON file of queued replies, shared with other processes"
    )
    parser.add_argument("--default-reply", default="Scripted reply.")
    parser.add_argument(
        "--chunk-size", type=int, default=4, help="characters per streamed delta of the default"
    )
    parser.add_argument(
        "--delay", type=float, default=0.0, help="seconds before each delta after the first"
    )
    parser.add_argument(
        "--keep-alive",
        action="store_true",
        help="keep connections open between answers, as real providers do",
    )
    arguments = parser.parse_args()
    server = FakeOpenAIServer(
        port=arguments.port,
        script_file=arguments.script,
        default_reply=arguments.default_reply,
        keep_alive=arguments.keep_alive,
    )
    if arguments.chunk_size != 4 or arguments.delay:
        server.default_reply = {
            "text": arguments.default_reply,
            "chunk_size": arguments.chunk_size,
            "delay": arguments.delay,
        }
    server.start()
    print(f"READY {server.base_url}", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()


if __name__ == "__main__":
    main()
