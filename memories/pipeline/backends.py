"""Which LLM backend a pipeline step uses: the seam where a user's own choice of model for
summarising and extracting (``drawhisper.accounts.connections``, chosen on the connections
page) replaces the environment's ``summary`` / ``extract`` backend.

Called by the steps inside the worker's task, so a connection's key is decrypted only there
and only for as long as the step runs; nothing of it reaches a job's stored state."""

from __future__ import annotations

from drawhisper.accounts.connections import memory_llm_config
from drawhisper.providers.base import LLMBackend
from drawhisper.providers.registry import get_llm


def pipeline_llm(purpose: str, *, owner_id: int) -> LLMBackend:
    """The backend for ``purpose`` ("summary" or "extract") in ``owner_id``'s chats."""
    config = memory_llm_config(owner_id=owner_id, purpose=purpose) if owner_id else None
    return get_llm(purpose, config=config)
