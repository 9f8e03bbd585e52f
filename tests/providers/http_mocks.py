"""An httpx transport that plays canned HTTP answers to the real openai client, so the
adapters' request, retry and SSE streaming code runs without a network."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import httpx

Answer = httpx.Response | Exception | Callable[[httpx.Request], httpx.Response]


def sse(
    *deltas: dict[str, Any], model: str = "test-model", usage: dict | None = None
) -> httpx.Response:
    """A streamed chat completion: one SSE event per delta, a finish chunk, then [DONE]."""
    events = []
    for delta in [*deltas, None]:
        choice = {"index": 0, "delta": delta or {}, "finish_reason": None if delta else "stop"}
        events.append(
            {
                "id": "chatcmpl-1",
                "object": "chat.completion.chunk",
                "created": 1,
                "model": model,
                "choices": [choice],
            }
        )
    if usage:
        events.append(
            {
                "id": "chatcmpl-1",
                "object": "chat.completion.chunk",
                "created": 1,
                "model": model,
                "choices": [],
                "usage": usage,
            }
        )
    body = "".join(f"data: {json.dumps(event)}\n\n" for event in events) + "data: [DONE]\n\n"
    return httpx.Response(200, content=body.encode(), headers={"content-type": "text/event-stream"})


def completion(
    content: str, *, model: str = "test-model", reasoning: str | None = None
) -> httpx.Response:
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if reasoning is not None:
        message["reasoning_content"] = reasoning
    return httpx.Response(
        200,
        json={
            "id": "chatcmpl-2",
            "object": "chat.completion",
            "created": 1,
            "model": model,
            "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 12, "completion_tokens": 3, "total_tokens": 15},
        },
    )


def error(
    status: int, message: str, *, code: str | None = None, error_type: str = "invalid_request_error"
) -> httpx.Response:
    headers = {"retry-after-ms": "1"} if status == 429 or status >= 500 else {}
    body = {"error": {"message": message, "type": error_type, "param": None, "code": code}}
    return httpx.Response(status, json=body, headers=headers)


class ScriptedTransport:
    """Answers requests in order (the last answer repeats) and records what was sent."""

    def __init__(self, *answers: Answer) -> None:
        self.answers = list(answers)
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        answer = self.answers[min(len(self.requests), len(self.answers)) - 1]
        if isinstance(answer, Exception):
            raise answer
        if callable(answer) and not isinstance(answer, httpx.Response):
            return answer(request)
        # A Response can be read once: hand out a fresh copy each time.
        return httpx.Response(answer.status_code, headers=answer.headers, content=answer.content)

    @property
    def bodies(self) -> list[dict[str, Any]]:
        return [json.loads(request.content) for request in self.requests]

    def clients(self) -> dict[str, Any]:
        transport = httpx.MockTransport(self)
        return {
            "http_client": httpx.Client(transport=transport),
            "http_async_client": httpx.AsyncClient(transport=transport),
        }
