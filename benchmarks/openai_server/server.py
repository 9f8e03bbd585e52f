"""``FakeOpenAIServer``: the threaded server on loopback, its lifecycle, its queue of
scripted replies and the requests it recorded.

Invariant: a request takes the first queued reply that matches it, then the first matching
one of the script file, then the default for its kind; queue and records change only under
the server's lock.
"""

from __future__ import annotations

import json
import threading
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

from benchmarks.openai_server.handler import _make_handler
from benchmarks.openai_server.replies import (
    DEFAULT_JSON_REPLY,
    DEFAULT_SUPPORT_REPLY,
    Reply,
    _pop_first_match,
    request_kind,
)


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
