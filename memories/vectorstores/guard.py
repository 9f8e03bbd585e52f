"""The embedding-model guard: never compare vectors of two models, never fail silently.

Each store location (``pgvector:memories``, ``s3vectors:<bucket>/<index>``) has one
``VectorIndexState`` row naming the model whose vectors it serves, written when the first
vector goes into it and when ``reindex_memories`` finishes. If the configured embedder is
another model (a changed ``EMBEDDING_PROVIDER`` or ``EMBEDDING_MODEL``), queries would
compare new query vectors with old stored ones and return confident nonsense; instead:

- at start-up, the system check ``memories.E001`` fails (``runserver``, ``check``,
  ``migrate`` and every management command that runs checks) with the fix in its hint;
- at run time, the first vector operation of a process raises ``EmbeddingModelMismatch``
  (web, Celery workers and daphne run no system checks).

The check is one primary-key read of a small table; it loads no model and calls no vendor.
A passing result is remembered per process (forgotten when settings change).
"""

from __future__ import annotations

import threading
from typing import Any

from django.core import checks
from django.core.exceptions import ImproperlyConfigured
from django.core.signals import setting_changed
from django.db import DatabaseError, IntegrityError, transaction

REINDEX_HINT = (
    "Run `python manage.py reindex_memories` with the new model configured to re-embed every "
    "memory, summary and archived message (it resumes if interrupted), or set "
    "EMBEDDING_PROVIDER / EMBEDDING_MODEL back."
)

_verified: set[tuple[str, str]] = set()
_lock = threading.Lock()


class EmbeddingModelMismatch(ImproperlyConfigured):
    """The store holds vectors of another embedding model than the one configured."""


def configured_backends():
    """The configured vector store and embedder, unchecked."""
    from drawhisper.providers.registry import get_embedder
    from memories.vectorstores import get_vector_store

    return get_vector_store(), get_embedder()


def recorded_model(*, location: str):
    """The ``VectorIndexState`` of a store location, or None when none is recorded."""
    from memories.models import VectorIndexState

    return VectorIndexState.objects.filter(store=location).first()


def mismatch_message(*, location: str, model_id: str, dimensions: int) -> str | None:
    """Why the configured model may not use the store at ``location``, or None if it may."""
    state = recorded_model(location=location)
    if state is None or (state.model_id == model_id and state.dimensions == dimensions):
        return None
    return (
        f"The vector store {location} holds vectors made by the embedding model "
        f"{state.model_id!r} ({state.dimensions} dimensions), but the configured model is "
        f"{model_id!r} ({dimensions} dimensions). Memories cannot be searched with vectors of "
        f"another model."
    )


def record_model(*, location: str, model_id: str, dimensions: int) -> None:
    """Name the model whose vectors the store at ``location`` now serves."""
    from memories.models import VectorIndexState

    VectorIndexState.objects.update_or_create(
        store=location, defaults={"model_id": model_id, "dimensions": dimensions}
    )
    forget_checks()


def _record_if_first(*, location: str, model_id: str, dimensions: int) -> None:
    from memories.models import VectorIndexState

    try:
        with transaction.atomic():
            VectorIndexState.objects.get_or_create(
                store=location, defaults={"model_id": model_id, "dimensions": dimensions}
            )
    except IntegrityError:  # another process recorded it first; the check below decides
        pass


def checked_backends():
    """The configured store and embedder, after making sure they belong together.

    Raises ``EmbeddingModelMismatch`` with the fix in the message. Records the model when
    the store has none recorded yet (the first vector is about to go in)."""
    store, embedder = configured_backends()
    key = (store.location, embedder.model_id)
    if key in _verified:
        return store, embedder
    with _lock:
        problem = mismatch_message(
            location=store.location, model_id=embedder.model_id, dimensions=embedder.dimensions
        )
        if problem:
            raise EmbeddingModelMismatch(f"{problem} {REINDEX_HINT}")
        _record_if_first(
            location=store.location, model_id=embedder.model_id, dimensions=embedder.dimensions
        )
        problem = mismatch_message(
            location=store.location, model_id=embedder.model_id, dimensions=embedder.dimensions
        )
        if problem:
            raise EmbeddingModelMismatch(f"{problem} {REINDEX_HINT}")
        _verified.add(key)
    return store, embedder


def trust_model(*, location: str, model_id: str) -> None:
    """Let this process write ``model_id`` vectors to ``location`` before it is recorded:
    a reindex builds the new model's space beside the old one, then records it."""
    with _lock:
        _verified.add((location, model_id))


def forget_checks(**_: Any) -> None:
    with _lock:
        _verified.clear()


setting_changed.connect(forget_checks)


def check_embedding_model(app_configs=None, **kwargs: Any) -> list[checks.CheckMessage]:
    """System check ``memories.E001``: the configured embedder is the store's model."""
    try:
        store, embedder = configured_backends()
        problem = mismatch_message(
            location=store.location, model_id=embedder.model_id, dimensions=embedder.dimensions
        )
    except DatabaseError:
        return []  # no database or not migrated yet: nothing recorded to disagree with
    except Exception as error:  # noqa: BLE001 - a broken backend config is its own error
        return [
            checks.Error(
                f"The embedding or vector store backend cannot be built: {error}",
                hint="Check EMBEDDING_PROVIDER, EMBEDDING_MODEL and VECTOR_STORE.",
                id="memories.E002",
            )
        ]
    if problem is None:
        return []
    return [checks.Error(problem, hint=REINDEX_HINT, id="memories.E001")]
