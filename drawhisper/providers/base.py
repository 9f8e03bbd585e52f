"""The ports every provider adapter implements, and the errors they raise.

Adapters translate vendor exceptions into ``TransientProviderError`` (worth retrying:
timeouts, connection resets, 429, 5xx) or ``PermanentProviderError`` (bad key, bad request,
unknown model). Nothing outside an adapter sees a vendor type."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

Role = Literal["system", "user", "assistant"]


@dataclass(frozen=True)
class ChatMessage:
    role: Role
    content: str


@dataclass(frozen=True)
class Completion:
    text: str
    reasoning: str = ""
    model: str = ""
    usage: dict[str, int] = field(default_factory=dict)


class ProviderError(Exception):
    """A provider failed; ``str(error)`` is a sentence a user can read."""


class TransientProviderError(ProviderError):
    """Worth retrying later: timeout, connection error, rate limit, server error."""


class PermanentProviderError(ProviderError):
    """Retrying will not help: authentication, invalid request, unknown model."""


@runtime_checkable
class LLMBackend(Protocol):
    model: str

    def stream(self, messages: Sequence[ChatMessage]) -> AsyncIterator[str]:
        """Yield the reply text piece by piece (an async generator)."""
        ...

    def complete(
        self, messages: Sequence[ChatMessage], *, json_schema: dict[str, Any] | None = None
    ) -> Completion:
        """Return the whole reply. With ``json_schema``, the text is JSON under that schema."""
        ...


@runtime_checkable
class Embedder(Protocol):
    model_id: str
    dimensions: int

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]: ...

    def embed_query(self, text: str) -> list[float]: ...
