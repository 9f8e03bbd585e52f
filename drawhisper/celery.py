"""The Celery application: Redis broker, JSON only, settings under the ``CELERY_`` prefix."""

from __future__ import annotations

import logging
import os
from datetime import timedelta

from celery import Celery
from celery.schedules import crontab
from celery.signals import worker_process_init, worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "drawhisper.settings")

app = Celery("drawhisper")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_process_init.connect
def _warm_embedding_model(**_: object) -> None:
    """Each pool process loads the embedding model once, at start, not on its first job."""
    from drawhisper.providers.registry import warm_embedder

    warm_embedder()


@worker_ready.connect
def _resume_jobs_of_dead_workers(sender=None, **_: object) -> None:
    """A worker that starts (often the one restarted after a crash) looks for memory jobs
    left running by a dead worker at once, rather than at beat's next sweep."""
    try:
        app.send_task("memories.tasks.requeue_dead_jobs")
    except Exception:  # the broker is away: beat's sweep does it later
        logging.getLogger(__name__).warning("could not look for memory jobs of dead workers")


@app.on_after_finalize.connect
def _schedule_periodic_tasks(sender: Celery, **_: object) -> None:
    from django.conf import settings

    sender.conf.beat_schedule = {
        "consolidate-daily-summaries": {
            "task": "memories.tasks.consolidate_all_threads",
            "schedule": crontab(hour=settings.MEMORY_CONSOLIDATION_HOUR, minute=0),
        },
        "reconcile-vectors": {
            "task": "memories.tasks.reconcile_vectors",
            "schedule": crontab(hour=settings.MEMORY_CONSOLIDATION_HOUR, minute=30),
        },
        # Memory jobs of a worker that died mid-job (its heartbeat stopped) run again.
        "requeue-dead-memory-jobs": {
            "task": "memories.tasks.requeue_dead_jobs",
            "schedule": timedelta(seconds=settings.MEMORY_JOB_SWEEP_SECONDS),
        },
        # Streaming replies of a web process that died become "interrupted" (text kept).
        "sweep-stale-replies": {
            "task": "chat.tasks.sweep_stale_replies",
            "schedule": crontab(minute="*/5"),
        },
    }
