"""The embedding-model guard: never compare vectors of two models, never fail silently.

Each store location (``pgvector:memories``, ``s3vectors:<bucket>/<index>``) has one
``VectorIndexState`` row naming the model whose vectors it serves, written with the first
vector that goes into it and when ``reindex_memories`` finishes. If the configured embedder is
another model (a changed ``EMBEDDING_PROVIDER`` or ``EMBEDDING_MODEL``), queries would compare
new query vectors with old stored ones and return confident nonsense. Instead:

- at start-up, the system check ``memories.E001`` fails (``runserver``, ``check``,
  ``migrate`` and every management command that runs checks) with the fix in its hint;
- at run time, every adapter checks before its first operation in a process and raises
  ``EmbeddingModelMismatch`` (web, Celery workers and daphne run no system checks), whoever
  the caller is.

The check is one primary-key read of a small table; it loads no model and calls no vendor.
A passing result is remembered per process and forgotten when settings change. So is, for
reads and for ``EMPTY_STORE_RECHECK_SECONDS``, a store with no model recorded at all (no vector
stored yet, as for every chat before its first memory): another process's first write is seen
within that time, this process's own writes record the model and forget every result at once,
and a write never trusts it (it reads, and records the model if still none is).
"""

from __future__ import annotations

import threading
import time
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
# (location, model id) -> the time (``_clock``) until which a store found with no model recorded
# is taken as still empty by reads.
_empty_until: dict[tuple[str, str], float] = {}
_lock = threading.RLock()

# How long a read trusts "no model recorded yet" before asking again. A store stays empty
# until its first memory, so without this every chat turn of a new user asked; the time bounds
# how long another process's first write goes unseen here. In that time a process configured
# with another model searches its own space, which holds nothing: both stores keep each
# model's vectors apart (a pgvector space, an S3 Vectors index per model), so no two models'
# vectors are ever compared; the mismatch is raised once the time is up.
EMPTY_STORE_RECHECK_SECONDS = 10.0
_clock = time.monotonic


class EmbeddingModelMismatch(ImproperlyConfigured):
    """The store holds vectors of another embedding model than the one configured."""


def configured_backends():
    """The configured vector store and embedder."""
    from drawhisper.providers.registry import get_embedder
    from memories.index.stores import get_vector_store

    return get_vector_store(), get_embedder()


def checked_backends(*, writing: bool = False):
    """The configured store and embedder, after ``ensure_model`` (before any embedding work)."""
    store, embedder = configured_backends()
    ensure_model(
        location=store.location,
        model_id=store.model_id,
        dimensions=store.dimensions,
        writing=writing,
    )
    return store, embedder


def recorded_model(*, location: str):
    """The ``VectorIndexState`` of a store location, or None when none is recorded."""
    from memories.models import VectorIndexState

    return VectorIndexState.objects.filter(store=location).first()


def mismatch_message(
    *, location: str, model_id: str, dimensions: int, state: Any = None
) -> str | None:
    """Why the model may not use the store at ``location``, or None if it may."""
    state = state if state is not None else recorded_model(location=location)
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


def ensure_model(*, location: str, model_id: str, dimensions: int, writing: bool) -> None:
    """Raise ``EmbeddingModelMismatch`` unless ``model_id`` may use the store at ``location``.

    A write to a store with no model recorded records this one (the first vector is about to
    go in). Called by the adapters before their first operation in a process."""
    key = (location, model_id)
    if key in _verified:
        return
    if not writing and _empty_until.get(key, 0.0) > _clock():
        return
    with _lock:
        if key in _verified:
            return
        state = recorded_model(location=location)
        if state is None and not writing:
            # Nothing stored yet to disagree with; the first write records the model.
            _empty_until[key] = _clock() + EMPTY_STORE_RECHECK_SECONDS
            return
        if state is None:
            from memories.models import VectorIndexState

            try:
                with transaction.atomic():
                    state, _ = VectorIndexState.objects.get_or_create(
                        store=location, defaults={"model_id": model_id, "dimensions": dimensions}
                    )
            except IntegrityError:  # another process recorded it first
                state = recorded_model(location=location)
        problem = mismatch_message(
            location=location, model_id=model_id, dimensions=dimensions, state=state
        )
        if problem:
            raise EmbeddingModelMismatch(f"{problem} {REINDEX_HINT}")
        _verified.add(key)


def trust_model(*, location: str, model_id: str) -> None:
    """Let this process use ``model_id`` at ``location`` before it is recorded: a reindex
    builds the new model's space beside the old one, then records it."""
    with _lock:
        _verified.add((location, model_id))


def forget_checks(**_: Any) -> None:
    with _lock:
        _verified.clear()
        _empty_until.clear()


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
    except Exception as error:  # noqa: BLE001 - a broken backend setting is its own error
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
