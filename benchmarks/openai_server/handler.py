"""The HTTP side of the fake server: its routes (chat completions, models, and the
``/__script__``, ``/__requests__`` and ``/__reset__`` controls), JSON answers, scripted errors
and SSE streams, cut short or sent as given pieces.

Invariant: every answer closes its connection unless the server keeps connections alive,
and a stream cut short by ``drop_after`` closes it in any case.
"""

from __future__ import annotations

import json
import time
import uuid
import zlib
from http.server import BaseHTTPRequestHandler
from typing import TYPE_CHECKING, Any

from benchmarks.openai_server.replies import _ERROR_TYPES, _chunk, _completion, _usage

if TYPE_CHECKING:
    from benchmarks.openai_server.server import FakeOpenAIServer


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
            if reply.get("events") is not None and reply.get("gzip"):
                self.send_header("Content-Encoding", "gzip")
            self._connection_header()
            self.end_headers()
            if reply.get("events") is not None:
                self._send_pieces(
                    reply["events"], float(reply.get("delay") or 0), gzip=bool(reply.get("gzip"))
                )
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

        def _send_pieces(self, pieces: list[str], delay: float, *, gzip: bool = False) -> None:
            # gzip: one compressed stream, flushed after each piece, so each piece's bytes
            # can be decoded as they arrive (as a compressing proxy sends an event stream).
            compressor = zlib.compressobj(wbits=31) if gzip else None
            try:
                for index, piece in enumerate(pieces):
                    if index and delay:
                        time.sleep(delay)
                    data = piece.encode()
                    if compressor is not None:
                        data = compressor.compress(data) + compressor.flush(zlib.Z_SYNC_FLUSH)
                    if data:  # an empty chunk would end the body
                        self._send_chunk(data)
                if compressor is not None:
                    self._send_chunk(compressor.flush())
                self._send_chunk(b"")
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True

        def _send_event(self, payload: dict[str, Any]) -> None:
            self._send_chunk(f"data: {json.dumps(payload)}\n\n".encode())

        def _send_chunk(self, data: bytes) -> None:
            self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
            self.wfile.flush()

    return Handler
