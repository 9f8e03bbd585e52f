"""LLM and embedding providers: ports, adapters and fakes, each chosen by settings.

``get_llm(alias)`` and ``get_embedder(alias)`` resolve ``settings.LLM_BACKENDS`` and
``settings.EMBEDDING_BACKENDS`` (``{"BACKEND": dotted.path, "OPTIONS": {...}}``, the
``STORAGES`` pattern) once and cache the instance; a ``setting_changed`` signal clears the
cache so tests can swap a backend with ``override_settings``. ``aget_llm(alias, config)``
is ``get_llm`` for a chat stream: a backend built from a reply's own block is kept per
block and event loop (``registry``). Vendor SDKs are imported only
inside adapter modules."""

from __future__ import annotations

from drawhisper.providers.base import (
    ChatMessage,
    Completion,
    Embedder,
    LLMBackend,
    PermanentProviderError,
    ProviderError,
    TransientProviderError,
)
from drawhisper.providers.registry import aget_llm, get_embedder, get_llm, reset_backends

__all__ = [
    "ChatMessage",
    "Completion",
    "Embedder",
    "LLMBackend",
    "PermanentProviderError",
    "ProviderError",
    "TransientProviderError",
    "aget_llm",
    "get_embedder",
    "get_llm",
    "reset_backends",
]
