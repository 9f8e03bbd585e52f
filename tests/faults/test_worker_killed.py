"""A Celery worker killed with ``kill -9`` in the middle of a memory job.

daphne and a worker run on a Redis of the test's own; a chat over the real WebSocket passes
the memory threshold and starts a job. The fake model server holds the job's extraction
request, so the kill lands mid-job, after the summary was recorded. A new worker then finishes
the job within a minute, resuming after the summary, and every memory is stored once.
"""

from __future__ import annotations

import time

import pytest

from memories.models import Memory, MemoryJob
from tests.faults.conftest import (
    TIMEOUTS,
    a_chat,
    assert_stored_once_after_the_summary,
    model_requests,
    script_a_job_whose_first_extraction_hangs,
    wait_until_succeeded,
)
from tests.support import stack
from tests.support.integration import openai_env

pytestmark = [
    pytest.mark.faults,
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(900),
]

TURNS = [
    "I finally repaired the old lighthouse lamp on Skerry Point last night; the lens is from "
    "1894 and I polished every prism by hand while the wind tried to take the door off.",
    "Next week my daughter Wren starts at the maritime school in Leith, so I am sewing her "
    "name into every jumper she owns, which is more jumpers than a child should own.",
]
REPLIES = [
    "An 1894 lens, polished prism by prism: the ships will thank you before they know it.",
    "Leith will be lucky to have Wren, and her jumpers will never go astray.",
]
SUMMARY = "The keeper repaired the 1894 lighthouse lamp and is readying Wren for school."
CHUNKS = [
    {
        "title": "Lighthouse lamp",
        "content": "The user repaired the 1894 lighthouse lamp on Skerry Point.",
        "type": "important_event",
    },
    {
        "title": "Daughter Wren",
        "content": "The user's daughter Wren starts at the maritime school in Leith.",
        "type": "relationship",
    },
]
NEW_WORKER_BOUND_SECONDS = 60  # the bound: the job finishes within a minute


def test_a_job_whose_worker_is_killed_finishes_once_soon_after_a_new_worker_starts(
    settings, tmp_path, llm_server, own_redis, pgvector_store
):
    chat = a_chat("keeper", "Orla")
    thread = chat.thread
    llm_server.push(*({"text": reply, "match": "stream"} for reply in REPLIES))
    script_a_job_whose_first_extraction_hangs(llm_server, summary=SUMMARY, chunks=CHUNKS)

    env = openai_env(llm_server, MEMORY_TRIGGER_TOKENS="60")
    with stack.running_stack(
        env=stack.stack_env(redis_url=own_redis.url, **env),
        log_dir=tmp_path,
        name="worker-kill",
        **TIMEOUTS,
    ) as live:
        with stack.thread_socket(live.port, thread.pk, chat.token, open_timeout=60) as socket:
            stack.send_turns(socket, TURNS, timeout=120)

        def extracting() -> MemoryJob | None:
            job = MemoryJob.objects.filter(thread=thread).first()
            waiting = job is not None and model_requests(llm_server, "json")
            return job if waiting and job.step == "extract" else None

        job = stack.wait_for(
            extracting,
            timeout=180,
            message=f"the worker never reached extraction\n{live.logs()}",
        )
        first = live.workers[0]
        live.kill(first)
        job.refresh_from_db()
        assert job.status == "running" and "summarize" in job.state["steps"], job.last_error
        assert not Memory.objects.filter(origin_thread=thread).exists()

        second = live.start_worker()  # returns once it logs "ready."
        ready_at = time.monotonic()

        wait_until_succeeded(
            job,
            timeout=NEW_WORKER_BOUND_SECONDS,
            log=second.log,
            message="the job did not finish after the new worker started",
        )
        took = time.monotonic() - ready_at

    assert took < NEW_WORKER_BOUND_SECONDS
    assert job.attempts == 2 and (job.start_seq, job.end_seq) == (1, 3)
    # The new worker resumed after the recorded summary: summarised once, extracted twice.
    assert_stored_once_after_the_summary(
        thread, CHUNKS, llm_server=llm_server, pgvector_store=pgvector_store
    )
