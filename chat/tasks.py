"""Celery tasks of the chat app (thin: ids in, one service call)."""

from __future__ import annotations

from celery import shared_task

from chat.services import replies_interrupt_stale


@shared_task(name="chat.tasks.sweep_stale_replies")
def sweep_stale_replies() -> int:
    """Periodic: streaming replies of a process that died become ``interrupted``."""
    return replies_interrupt_stale()
