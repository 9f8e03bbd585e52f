"""The fake server's replies: what a scripted reply is, the default ones, which request a
reply is for (``request_kind``, a reply's ``match`` and ``model``), and the OpenAI-shaped
bodies made from a reply (a completion, a streamed chunk, token usage, an error's type).
"""

from __future__ import annotations

import json
import time
import uuid
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


def _pop_first_match(queue: list[Reply], body: dict[str, Any]) -> Reply | None:
    for index, reply in enumerate(queue):
        if _matches(reply, body):
            return queue.pop(index)
    return None


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
