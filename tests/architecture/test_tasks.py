"""Every Celery task the memory app names is registered as soon as Django is ready, in every
process (web, worker, beat): jobs enqueue their tasks by name, and queued tasks, the beat
schedule and older releases refer to them by these names."""

from __future__ import annotations

from celery import current_app

from memories.pipeline.jobs import ARCHIVE_TASK, RUN_JOB_TASK

NAMED_TASKS = (
    RUN_JOB_TASK,
    ARCHIVE_TASK,
    "memories.tasks.refresh_archived_message",
    "memories.tasks.consolidate_thread",
    "memories.tasks.consolidate_all_threads",
    "memories.tasks.reconcile_vectors",
    "memories.tasks.requeue_dead_jobs",
    "memories.vector_tasks.delete_vectors",
    "memories.vector_tasks.index_rows",
    "characters.lorebooks.vectors_sync",
)


def test_the_memory_apps_tasks_are_registered_under_their_names():
    registered = set(current_app.tasks)
    assert [name for name in NAMED_TASKS if name not in registered] == []


def test_the_beat_schedule_names_registered_tasks():
    current_app.loader.import_default_modules()
    scheduled = {entry["task"] for entry in current_app.conf.beat_schedule.values()}
    assert {name for name in scheduled if name.startswith("memories.")} <= set(current_app.tasks)
    assert "memories.tasks.consolidate_all_threads" in scheduled
    assert "memories.tasks.requeue_dead_jobs" in scheduled
