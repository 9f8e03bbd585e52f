"""Celery tasks of the characters app (thin: ids in, a service call)."""

from __future__ import annotations

from celery import shared_task

from drawhisper.providers.base import TransientProviderError


@shared_task(
    name="characters.lorebooks.vectors_sync",
    autoretry_for=(TransientProviderError,),
    retry_backoff=True,
    max_retries=5,
)
def lorebook_vectors_sync(*, lorebook_id: int) -> dict[str, int]:
    from characters.lorebooks.vectors import lorebook_vectors_sync as sync

    return sync(lorebook_id=lorebook_id)
