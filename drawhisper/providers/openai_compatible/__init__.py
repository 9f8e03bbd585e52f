"""What the OpenAI and DeepSeek adapters share: one base class over a LangChain chat model
that speaks the OpenAI chat-completions protocol, and the translation of vendor errors.

Invariants:
- Nothing a caller receives is a vendor type. Every openai / httpx failure becomes a
  ``TransientProviderError`` or a ``PermanentProviderError`` whose ``str()`` is one sentence a
  user can read: no stack trace, no API key (``errors``).
- Retries on transient errors happen inside the openai client (``max_retries``, exponential
  backoff that honours ``Retry-After``) before the first token; an error after streaming has
  begun is translated and raised without a retry, because text already sent cannot be
  taken back (the caller keeps what arrived).
- A streamed reply is read straight off the HTTP response, its request the one the LangChain
  model would send (``stream``); with a ``read_interval`` the response is read at most that
  often, so text that arrives meanwhile comes in one read.
- ``complete(json_schema=...)`` returns the model's raw JSON text. Validation belongs to the
  caller (the memory pipeline retries with the validation error), so this layer never parses.
- ``runnable(json_schema=...)`` is the same call as a LangChain runnable (prompt value or
  messages in, ``Completion`` out), built on the chat model's ``with_structured_output``, so
  a caller can pipe a prompt template into it; ``complete`` runs that same runnable.
- A backend dropped from a cache is ``retire``d: the HTTP clients it built for itself are
  closed once its last stream ends.

The package, by capability: ``backend`` (the base class), ``stream`` (the streamed request
and its reads), ``errors`` (vendor failures as our errors). This module is its public face.
"""

from __future__ import annotations

from drawhisper.providers.openai_compatible.backend import (
    JSON_INSTRUCTION,
    OpenAICompatibleBackend,
    message_text,
    schema_response_format,
)
from drawhisper.providers.openai_compatible.errors import translate_error
from drawhisper.providers.openai_compatible.stream import request_payload, to_langchain

__all__ = [
    "JSON_INSTRUCTION",
    "OpenAICompatibleBackend",
    "message_text",
    "request_payload",
    "schema_response_format",
    "to_langchain",
    "translate_error",
]
