"""Connections: create, change, delete, list models, test; and the chat backend they give.

Invariants:
- The API key is encrypted before it is stored and decrypted only to build a client; no
  function here returns it.
- Everything is looked up through its owner: another user's connection does not exist.
- Endpoint failures become one readable sentence (the provider adapter's translation)."""

from __future__ import annotations

import copy
from typing import Any

import openai
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Subquery

from drawhisper.accounts.connections.addresses import refusal_in, refusal_reason
from drawhisper.accounts.connections.crypto import decrypt_secret, encrypt_secret
from drawhisper.accounts.connections.generation import (
    SAMPLING_KEYS,
    GenerationSettingsSerializer,
    clean_layer,
    merge_layers,
)
from drawhisper.accounts.connections.models import Connection
from drawhisper.accounts.connections.presets import PRESETS
from drawhisper.accounts.connections.transport import checked_http_client
from drawhisper.api import not_yours
from drawhisper.providers.base import PermanentProviderError, ProviderError
from drawhisper.providers.openai_compatible import translate_error

CONNECTION_BACKEND = "drawhisper.accounts.connections.backend.ConnectionChatBackend"
PROBE_TIMEOUT_SECONDS = 15.0


# -- selectors --------------------------------------------------------------------------


def connection_list(*, owner) -> list[Connection]:
    return list(Connection.objects.filter(owner=owner))


def connection_get(*, owner, connection_id: int) -> Connection | None:
    """The owner's connection with this id; None for another user's or a missing one."""
    return Connection.objects.filter(owner=owner, pk=connection_id).first()


def default_connection(*, owner) -> Connection | None:
    return Connection.objects.filter(owner=owner, is_default=True).first()


def default_connection_id_of(owner_ref) -> Subquery:
    """The id of the default connection of the user ``owner_ref`` points at (an expression
    such as ``OuterRef("thread__owner_id")``), or NULL: for a caller to read with its own
    row, and hand to ``chat_llm_config`` as ``default_connection_id``."""
    return Subquery(
        Connection.objects.filter(owner_id=owner_ref, is_default=True)
        .order_by("name", "pk")
        .values("pk")[:1]
    )


# -- services ---------------------------------------------------------------------------


def _check_preset(preset: str) -> None:
    if preset and preset not in PRESETS:
        raise ValidationError(
            {"preset": f"Unknown preset {preset!r}; choose one of {', '.join(PRESETS)}."}
        )


def _check_base_url(base_url: str) -> str:
    base_url = base_url.rstrip("/")
    reason = refusal_reason(base_url)
    if reason:
        raise ValidationError({"base_url": reason})
    return base_url


def check_reachable(connection: Connection) -> None:
    """Refuse to call a connection whose host is (now) a private address: its base URL was
    checked when saved, but a name can resolve elsewhere later."""
    reason = refusal_reason(connection.base_url)
    if reason:
        raise PermanentProviderError(f"The connection \u201c{connection.name}\u201d: {reason}")


def _first_error(errors: Any) -> str:
    """The first message of a field's errors (a list, or a dict by list index)."""
    while isinstance(errors, dict | list) and errors:
        errors = next(iter(errors.values())) if isinstance(errors, dict) else errors[0]
    return str(errors)


def validate_generation(*, owner, data: Any, field: str = "generation") -> dict[str, Any]:
    """A validated, cleaned generation layer. A malformed layer raises ``ValidationError``
    (a 400); a connection that is not the owner's own raises ``not_yours`` naming
    ``<field>.connection`` (the API's 404)."""
    if not isinstance(data, dict):  # DRF cannot list the errors of a serializer given a list
        raise ValidationError({field: ["Generation settings must be a JSON object."]})
    serializer = GenerationSettingsSerializer(data=data)
    if not serializer.is_valid():
        raise ValidationError(
            {field: [f"{key}: {_first_error(errors)}" for key, errors in serializer.errors.items()]}
        )
    layer = clean_layer(serializer.validated_data)
    connection_id = layer.get("connection")
    if connection_id and not Connection.objects.filter(owner=owner, pk=connection_id).exists():
        # Another user's connection answers as a missing one does: 404, naming the field.
        raise not_yours(f"{field}.connection", f"no connection {connection_id} of yours.")
    return layer


@transaction.atomic
def connection_create(
    *,
    owner,
    name: str,
    base_url: str,
    api_key: str = "",
    preset: str = "",
    default_model: str = "",
    is_default: bool = False,
    generation: dict | None = None,
) -> Connection:
    _check_preset(preset)
    name = name.strip()
    if not name:
        raise ValidationError({"name": "The name is empty."})
    base_url = _check_base_url(base_url)
    layer = validate_generation(owner=owner, data={} if generation is None else generation)
    layer.pop("connection", None)
    if is_default or not Connection.objects.filter(owner=owner).exists():
        Connection.objects.filter(owner=owner, is_default=True).update(is_default=False)
        is_default = True
    return Connection.objects.create(
        owner=owner,
        name=name[:80],
        preset=preset,
        base_url=base_url,
        api_key_encrypted=encrypt_secret(api_key.strip()),
        default_model=default_model.strip(),
        is_default=is_default,
        generation=layer,
    )


@transaction.atomic
def connection_update(*, connection: Connection, **changes: Any) -> Connection:
    """Change the given fields. ``api_key``: a new key; "" removes it; absent keeps it."""
    if "preset" in changes:
        _check_preset(changes["preset"])
        connection.preset = changes["preset"]
    if "name" in changes:
        name = changes["name"].strip()
        if not name:
            raise ValidationError({"name": "The name is empty."})
        connection.name = name[:80]
    if "base_url" in changes:
        connection.base_url = _check_base_url(changes["base_url"])
    if "api_key" in changes:
        connection.api_key_encrypted = encrypt_secret((changes["api_key"] or "").strip())
    if "default_model" in changes:
        connection.default_model = changes["default_model"].strip()
    if "generation" in changes:
        layer = validate_generation(
            owner=connection.owner,
            data={} if changes["generation"] is None else changes["generation"],
        )
        layer.pop("connection", None)
        connection.generation = layer
    if changes.get("is_default"):
        Connection.objects.filter(owner=connection.owner, is_default=True).exclude(
            pk=connection.pk
        ).update(is_default=False)
        connection.is_default = True
    elif changes.get("is_default") is False:
        connection.is_default = False
    connection.save()
    return connection


def connection_delete(*, connection: Connection) -> None:
    connection.delete()


def _client(connection: Connection) -> openai.OpenAI:
    check_reachable(connection)
    return openai.OpenAI(
        base_url=connection.base_url,
        api_key=decrypt_secret(connection.api_key_encrypted) or "not-needed",
        timeout=PROBE_TIMEOUT_SECONDS,
        max_retries=0,
        # Connects to the addresses it checks as the socket opens; follows no redirect.
        http_client=checked_http_client(),
    )


def _readable(connection: Connection, error: Exception) -> ProviderError:
    refused = refusal_in(error)
    if refused is not None:
        return PermanentProviderError(f"The connection \u201c{connection.name}\u201d: {refused}")
    backend = ConnectionBackendLabels(connection)
    mapped = translate_error(
        error,
        provider_label=backend.provider_label,
        model=connection.default_model,
        timeout=PROBE_TIMEOUT_SECONDS,
        api_key_setting=backend.api_key_setting,
        secrets=(decrypt_secret(connection.api_key_encrypted),),
    )
    return mapped or PermanentProviderError(
        f"{backend.provider_label} gave an answer that is not an OpenAI-compatible model list."
    )


class ConnectionBackendLabels:
    def __init__(self, connection: Connection) -> None:
        from drawhisper.accounts.connections.backend import ConnectionChatBackend

        probe = ConnectionChatBackend(
            model="-", base_url=connection.base_url, connection_name=connection.name
        )
        self.provider_label = probe.provider_label
        self.api_key_setting = probe.api_key_setting


def connection_models(*, connection: Connection) -> list[str]:
    """The model ids the endpoint lists at ``/models``; raises ``ProviderError``."""
    try:
        page = _client(connection).models.list()
        return sorted({str(model.id) for model in page.data})
    except ProviderError:
        raise
    except Exception as error:
        raise _readable(connection, error) from error


def connection_test(*, connection: Connection) -> dict[str, Any]:
    """``{"ok", "detail", "models"}``: whether the endpoint answers and knows the model."""
    try:
        models = connection_models(connection=connection)
    except ProviderError as error:
        return {"ok": False, "detail": str(error), "models": []}
    if connection.default_model and connection.default_model not in models and models:
        detail = (
            f"Reached {connection.name}, but it does not list the model "
            f"{connection.default_model!r} ({len(models)} models available)."
        )
        return {"ok": False, "detail": detail, "models": models}
    return {
        "ok": True,
        "detail": f"Reached {connection.name}: {len(models)} models.",
        "models": models,
    }


# -- the backend of a reply ---------------------------------------------------------------


_UNKNOWN = object()


def chat_llm_config(
    *, owner, layers: list[dict | None], default_connection_id: Any = _UNKNOWN
) -> dict[str, Any] | None:
    """The backend block for a reply whose settings are ``layers`` (lowest first: character,
    then chat); ``None`` means the environment's ``chat`` backend unchanged.

    The connection is the one the layers choose, else the owner's default connection; its
    model and sampling defaults lie under the layers. Without any connection, the layers'
    model and sampling apply to the environment's backend. ``default_connection_id``, when
    the caller read it already (``default_connection_id_of``; None for none), saves looking
    the default up. Raises ``PermanentProviderError`` (a sentence for the chat) when the
    chosen connection is gone or no model is chosen."""
    chosen = merge_layers(*layers)
    if chosen.get("connection"):
        connection = Connection.objects.filter(owner=owner, pk=chosen["connection"]).first()
        if connection is None:
            raise PermanentProviderError(
                "The connection chosen for this chat no longer exists. Choose another one in "
                "the chat settings."
            )
    elif default_connection_id is _UNKNOWN:
        connection = default_connection(owner=owner)
    elif default_connection_id is None:
        connection = None
    else:
        connection = Connection.objects.filter(owner=owner, pk=default_connection_id).first()
    if connection is None:
        sampling = {key: chosen[key] for key in SAMPLING_KEYS if key in chosen}
        if not sampling and not chosen.get("model"):
            return None
        config = copy.deepcopy(settings.LLM_BACKENDS["chat"])
        config["OPTIONS"].update(sampling)
        if chosen.get("model"):
            config["OPTIONS"]["model"] = chosen["model"]
        return config
    check_reachable(connection)
    merged = merge_layers({**connection.generation, "model": connection.default_model}, chosen)
    if not merged.get("model"):
        raise PermanentProviderError(
            f"The connection \u201c{connection.name}\u201d has no model chosen. Pick one in "
            "the chat settings."
        )
    return {
        "BACKEND": CONNECTION_BACKEND,
        "OPTIONS": {
            "model": merged["model"],
            "api_key": decrypt_secret(connection.api_key_encrypted),
            "base_url": connection.base_url,
            "connection_name": connection.name,
            "timeout": settings.LLM_TIMEOUT_SECONDS,
            "max_retries": settings.LLM_MAX_RETRIES,
            **{key: merged[key] for key in SAMPLING_KEYS if key in merged},
        },
    }
