"""A memory job's worker on another machine dies mid-job; a worker already running here takes
the job over once the heartbeat has stopped.

A worker on this host that dies is known dead at once (its pid is gone, see
``drawhisper.liveness``); one on another host cannot be looked up, so only its heartbeat
tells. The first worker runs in a UTS namespace of its own under another host name, so its
claim names that host. Beat sweeps every two seconds and heartbeats come every second: while
the first worker lives, its claim survives the sweeps; killed with ``kill -9`` mid-extraction,
its claim goes silent, beat's sweep puts the job back, and the idle second worker, on this
host, finishes it after the recorded summary, storing each memory once.
"""

from __future__ import annotations

import pytest

from drawhisper.celery import app as celery_app
from memories.models import MemoryJob
from memories.pipeline import PIPELINE_VERSION
from tests.factories import MessageFactory
from tests.faults.conftest import (
    TIMEOUTS,
    a_chat,
    assert_stored_once_after_the_summary,
    model_requests,
    script_a_job_whose_first_extraction_hangs,
    wait_until_succeeded,
)
from tests.support import processes, stack
from tests.support.integration import openai_env

pytestmark = [
    pytest.mark.faults,
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(900),
    pytest.mark.skipif(
        not processes.can_run_on_other_hosts(),
        reason="needs `unshare --uts` (root) to run a worker under another host name",
    ),
]

OTHER_HOST = "memory-worker-b"
TURNS = [
    ("user", "I finally repaired the old lighthouse lamp on Skerry Point last night."),
    ("assistant", "An 1894 lens, polished prism by prism: the ships will thank you."),
    ("user", "Next week my daughter Wren starts at the maritime school in Leith."),
    ("assistant", "Leith will be lucky to have Wren."),
]
SUMMARY = "The keeper repaired the lighthouse lamp and is readying Wren for school."
CHUNKS = [
    {
        "title": "Lighthouse lamp",
        "content": "The user repaired the lighthouse lamp on Skerry Point.",
        "type": "important_event",
        "source_seqs": [1],
    },
    {
        "title": "Daughter Wren",
        "content": "The user's daughter Wren starts at the maritime school in Leith.",
        "type": "relationship",
        "source_seqs": [3],
    },
]


def _sweeps_done(beat: processes.Child) -> int:
    return beat.log(10_000).count("Sending due task requeue-dead-memory-jobs")


def test_a_job_of_a_worker_lost_on_another_host_is_finished_by_a_running_worker(
    tmp_path, llm_server, own_redis, pgvector_store
):
    thread = a_chat("keeper", "Orla").thread
    for seq, (role, text) in enumerate(TURNS, start=1):
        MessageFactory(thread=thread, seq=seq, role=role, content=text, token_count=20)
    job = MemoryJob.objects.create(
        thread=thread, start_seq=1, end_seq=3, pipeline_version=PIPELINE_VERSION
    )
    script_a_job_whose_first_extraction_hangs(llm_server, summary=SUMMARY, chunks=CHUNKS)

    env = openai_env(
        llm_server,
        MEMORY_JOB_HEARTBEAT_SECONDS="1",  # a claim three beats silent is dead
        MEMORY_JOB_SWEEP_SECONDS="2",
        MEMORY_SUPPORT_CHECK="local",  # no support-check calls among the counted requests
    )
    with stack.running_stack(
        env=stack.stack_env(redis_url=own_redis.url, **env),
        log_dir=tmp_path,
        name="host-lost",
        web=False,
        workers=0,
        **TIMEOUTS,
    ) as live:
        remote = live.start_worker(host_name=OTHER_HOST)
        with celery_app.connection_for_write(own_redis.url) as connection:
            celery_app.send_task(
                "memories.tasks.run_memory_job", args=[job.pk], connection=connection
            )

        def extracting() -> bool:
            job.refresh_from_db()
            return job.step == "extract" and bool(model_requests(llm_server, "json"))

        stack.wait_for(
            extracting, timeout=180, message=f"the job never reached extraction\n{live.logs()}"
        )
        assert job.claimed_by.startswith(f"{OTHER_HOST}:"), job.claimed_by

        local = live.start_worker()
        beat = live.start_beat()
        # While the remote worker beats, the sweeps leave its claim alone.
        stack.wait_for(
            lambda: _sweeps_done(beat) >= 3,
            timeout=120,
            message=f"beat did not sweep\n{beat.log()}",
        )
        job.refresh_from_db()
        assert job.status == "running" and job.claimed_by.startswith(f"{OTHER_HOST}:")
        assert job.attempts == 1

        live.kill(remote)

        wait_until_succeeded(
            job,
            timeout=120,
            log=live.logs,
            message="the running worker did not take the job over",
        )

    assert job.attempts == 2
    assert not job.claimed_by.startswith(f"{OTHER_HOST}:")
    assert "memory jobs of a dead worker enqueued again" in local.log(10_000) + beat.log(10_000)
    # Resumed after the recorded summary: summarised once, extracted twice.
    assert_stored_once_after_the_summary(
        thread, CHUNKS, llm_server=llm_server, pgvector_store=pgvector_store
    )
