"""The memory pipeline's models per user: which connection and model summarise a chat, and
which extract its memories.

Invariants:
- A choice names one of the user's own connections; no connection means the environment's
  ``summary`` / ``extract`` backend (``LLM_BACKENDS``), which is also what a user who never
  chose anything gets, and what a deleted connection falls back to.
- The backend block with the decrypted key is built only by ``memory_llm_config``, called by
  the worker inside the task that needs it; nothing here returns the key to a caller that
  renders it, and it is never stored in a job's state.
- A connection that cannot be reached fails a memory job at once with a readable reason
  (``unreachable_is_permanent``): a local server that is not running will not start because
  the job waits. Timeouts, rate limits and server errors stay worth a retry.
"""

from __future__ import annotations

from typing import Any, Literal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction

from drawhisper.accounts.connections.crypto import decrypt_secret
from drawhisper.accounts.connections.models import Connection, MemoryModels
from drawhisper.api import not_yours

Purpose = Literal["summary", "extract"]
PURPOSES: tuple[Purpose, ...] = ("summary", "extract")
CONNECTION_BACKEND = "drawhisper.accounts.connections.backend.ConnectionChatBackend"


def server_default_model(purpose: Purpose) -> str:
    """What the environment uses for ``purpose``: its model name, or "offline"."""
    config = settings.LLM_BACKENDS.get(purpose) or {}
    if config.get("BACKEND", "").endswith("OfflineChatBackend"):
        return "offline"
    return str((config.get("OPTIONS") or {}).get("model") or "")


def memory_models_get(*, owner) -> dict[str, Any]:
    """``{"summary": {"connection", "model"}, "extract": {...}}``; a connection of None means
    the server's model."""
    choice = MemoryModels.objects.filter(owner=owner).first()
    return {
        purpose: {
            "connection": getattr(choice, f"{purpose}_connection_id", None) if choice else None,
            "model": getattr(choice, f"{purpose}_model", "") if choice else "",
        }
        for purpose in PURPOSES
    }


def _checked(owner, purpose: Purpose, chosen: dict[str, Any]) -> tuple[Connection | None, str]:
    connection_id = chosen.get("connection")
    model = (chosen.get("model") or "").strip()
    if connection_id is None:
        if model:
            raise ValidationError(
                {purpose: ["model: choose a connection for this model, or leave both empty."]}
            )
        return None, ""
    connection = Connection.objects.filter(owner=owner, pk=connection_id).first()
    if connection is None:
        raise not_yours(f"{purpose}.connection", f"no connection {connection_id} of yours.")
    if not model and not connection.default_model:
        raise ValidationError(
            {
                purpose: [
                    f"model: the connection \u201c{connection.name}\u201d has no default model; "
                    "name one."
                ]
            }
        )
    return connection, model


@transaction.atomic
def memory_models_set(*, owner, **choices: dict[str, Any]) -> dict[str, Any]:
    """Change the choices given (``summary=``, ``extract=``: ``{"connection", "model"}``);
    the others stay as they were."""
    choice, _ = MemoryModels.objects.select_for_update().get_or_create(owner=owner)
    for purpose in PURPOSES:
        if purpose not in choices:
            continue
        connection, model = _checked(owner, purpose, choices[purpose] or {})
        setattr(choice, f"{purpose}_connection", connection)
        setattr(choice, f"{purpose}_model", model)
    choice.save()
    return memory_models_get(owner=owner)


def memory_llm_config(*, owner_id: int, purpose: Purpose) -> dict[str, Any] | None:
    """The backend block for ``purpose`` in ``owner_id``'s chats, or ``None`` for the
    environment's. Raises ``PermanentProviderError`` when the connection's host is refused."""
    from drawhisper.accounts.connections.services import check_reachable

    field = f"{purpose}_connection"
    choice = (
        MemoryModels.objects.filter(owner_id=owner_id, **{f"{field}__isnull": False})
        .select_related(field)
        .first()
    )
    if choice is None:
        return None
    connection: Connection = getattr(choice, field)
    check_reachable(connection)
    return {
        "BACKEND": CONNECTION_BACKEND,
        "OPTIONS": {
            "model": getattr(choice, f"{purpose}_model") or connection.default_model,
            "api_key": decrypt_secret(connection.api_key_encrypted),
            "base_url": connection.base_url,
            "connection_name": connection.name,
            "timeout": settings.LLM_TIMEOUT_SECONDS,
            "max_retries": settings.LLM_MAX_RETRIES,
            "unreachable_is_permanent": True,
            # The summary wants a reasoning model: asked for where the model takes it.
            **({"reasoning": True} if purpose == "summary" else {}),
        },
    }
