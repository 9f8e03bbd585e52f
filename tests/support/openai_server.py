"""The fake OpenAI-compatible chat server, kept importable from here for the tests.

It lives in the benchmark tool package (``benchmarks.openai_server``) because the
benchmarks start it too, and a tool of the project must not depend on the tests;
``python -m tests.support.openai_server`` still starts it as a process."""

from __future__ import annotations

from benchmarks.openai_server import (
    DEFAULT_JSON_REPLY,
    DEFAULT_SUPPORT_REPLY,
    FakeOpenAIServer,
    Reply,
    main,
    request_kind,
)

__all__ = [
    "DEFAULT_JSON_REPLY",
    "DEFAULT_SUPPORT_REPLY",
    "FakeOpenAIServer",
    "Reply",
    "main",
    "request_kind",
]

if __name__ == "__main__":
    main()
