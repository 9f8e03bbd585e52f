"""The memory pipeline's throughput in a real Celery worker (``manage.py bench_worker``).

A Celery worker process (``celery -A benchmarks.worker_app worker``, one process, solo
pool) runs memory jobs from its own Redis database; its models are the real OpenAI adapter
talking to the fake OpenAI-compatible server of the tests (its own process: a summary for
the summarize step, one memory chunk for the extract step), its embedder the configured one
(the local MiniLM by default). Each job covers one thread's first turns. The command creates
the jobs in a throwaway database, sends one task per job, and times until every job has
succeeded; a warm-up job runs first and is not counted.

The floor, in the same run and the same kind of process (this one): the same model requests
through the same adapters, and the same chunks embedded, for every job, with no database, no
broker and no prompt building. Our jobs per minute are printed as a ratio to it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from django.contrib.auth import get_user_model
from django.test.utils import override_settings

from benchmarks.load_servers import stop_process
from benchmarks.loader import NO_MEMORY_JOB
from drawhisper.providers.base import ChatMessage

SUMMARY = (
    "Ada told Mara about her sister Ines, who mends nets in Falmouth, and that she likes "
    "scripted tests; Mara promised to keep the lamp lit for Ines's boat."
)
TURNS = [
    ("user", "My sister Ines mends nets in Falmouth, and she sails home every spring."),
    ("assistant", "Then I will keep the lamp lit for her boat. Does she still sing at sea?"),
    ("user", "She does. I like scripted tests, honestly, the way I like her old sea songs."),
    ("assistant", "Scripted tests and sea songs: both end where they should. Tell me more."),
    ("user", "Next spring we will row out together to the reef past the lighthouse."),
    ("assistant", "Mind the currents by the reef. I will watch from the gallery."),
]
MAX_JOBS = 200


def create_jobs(count: int, *, name: str) -> list[int]:
    """``count`` threads, each holding ``TURNS`` (imported as a chat file, through the chat's
    own service), and a pending memory job for each (the range a trigger would give: every
    turn before the newest reply)."""
    from characters.services import character_create
    from chat.transfer import thread_import_sillytavern
    from memories.pipeline import job_create_for_range

    history = "\n".join(
        json.dumps({"is_user": role == "user", "mes": text}) for role, text in TURNS
    )
    users = get_user_model()
    jobs = []
    for index in range(count):
        user = users.objects.create_user(username=f"worker-{name}-{index}-{uuid.uuid4().hex[:6]}")
        character = character_create(owner=user, name="Mara", personality="Warm.")
        with override_settings(MEMORY_TRIGGER_TOKENS=NO_MEMORY_JOB):
            thread = thread_import_sillytavern(
                user=user, character_id=character.pk, data=history, title="Worker bench"
            ).thread
        jobs.append(job_create_for_range(thread_id=thread.pk, start_seq=1, end_seq=len(TURNS) - 1))
    return jobs


class Worker:
    """``celery -A benchmarks.worker_app worker`` with one solo process; stopped on exit."""

    def __init__(self, *, env: dict[str, str], stats_dir: str) -> None:
        self.env = {**env, "BENCH_WORKER_STATS": stats_dir}
        self.process: subprocess.Popen | None = None
        self.log = tempfile.TemporaryFile()

    def __enter__(self) -> Worker:
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "benchmarks.worker_app",
                "worker",
                "--pool",
                "solo",
                "--concurrency",
                "1",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "--loglevel",
                "WARNING",
            ],
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=self.log,  # a file: a pipe nobody reads fills up and stalls the worker
            start_new_session=True,
        )
        return self

    def failed(self) -> str | None:
        if self.process is not None and self.process.poll() is not None:
            self.log.seek(0)
            return self.log.read().decode(errors="replace")[-2000:]
        return None

    def __exit__(self, *exc) -> None:
        stop_process(self.process, grace=20)


def send_jobs(broker_url: str, job_ids: list[int]) -> None:
    from celery import Celery

    sender = Celery("bench-worker-sender", broker=broker_url)
    sender.conf.task_serializer = "json"
    for job_id in job_ids:
        sender.send_task("memories.tasks.run_memory_job", args=[job_id])
    sender.close()


def wait_for(job_ids: list[int], *, timeout: float, worker: Worker) -> tuple[float, dict]:
    """Seconds until every job is finished (succeeded or failed), and their statuses."""
    started = time.perf_counter()
    while True:
        statuses = _statuses(job_ids)
        finished = statuses.get("succeeded", 0) + statuses.get("failed", 0)
        if finished >= len(job_ids):
            return time.perf_counter() - started, statuses
        problem = worker.failed()
        if problem is not None:
            raise RuntimeError(f"the worker exited: {problem}")
        if time.perf_counter() - started > timeout:
            return time.perf_counter() - started, statuses
        time.sleep(0.1)


def _statuses(job_ids: list[int]) -> dict[str, int]:
    from memories.pipeline import job_result

    counts: dict[str, int] = {}
    for job_id in job_ids:
        status = job_result(job_id=job_id).status
        counts[status] = counts.get(status, 0) + 1
    return counts


def memories_made(job_ids: list[int]) -> int:
    """Memories the jobs stored (as their store step recorded them)."""
    from memories.pipeline import job_result

    total = 0
    for job_id in job_ids:
        stored = job_result(job_id=job_id).stored
        total += len(stored.get("memory_ids") or stored.get("memories") or [])
    return total


def worker_stats(stats_dir: str) -> list[dict]:
    return [json.loads(path.read_text()) for path in sorted(Path(stats_dir).glob("*.json"))]


def floor(count: int, *, model_url: str, embedder) -> float:
    """Seconds for ``count`` jobs' model requests and embeddings with nothing else: per job a
    summary and an extraction through the same adapter, and the chunk embedded."""
    from drawhisper.providers.registry import get_llm

    def backend(**options):
        return get_llm(
            config={
                "BACKEND": "drawhisper.providers.openai_chat.OpenAIChatBackend",
                "OPTIONS": {
                    "model": "bench-worker",
                    "api_key": "bench-worker",
                    "base_url": model_url,
                    "timeout": 60.0,
                    "max_retries": 2,
                    **options,
                },
            }
        )

    summary, extract = backend(reasoning=True), backend()
    transcript = "\n".join(f"{role}: {text}" for role, text in TURNS)
    messages = [
        ChatMessage(role="system", content="Summarise the conversation."),
        ChatMessage(role="user", content=transcript),
    ]
    schema = {"type": "object", "properties": {"chunks": {"type": "array"}}}
    started = time.perf_counter()
    for _ in range(count):
        summary.complete(messages)
        reply = extract.complete(messages, json_schema=schema)
        chunks = json.loads(reply.text)["chunks"]
        embedder.embed_documents([f"{chunk['title']}: {chunk['content']}" for chunk in chunks])
    return time.perf_counter() - started


def worker_env(*, database_url: str, redis_url: str, model_url: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=database_url,
        REDIS_URL=redis_url,
        LLM_PROVIDER="openai",
        OPENAI_API_KEY="bench-worker",
        OPENAI_BASE_URL=model_url,
        CHAT_MODEL="bench-worker",
        MEMORY_SUMMARY_MODEL="bench-worker",
        MEMORY_EXTRACT_MODEL="bench-worker",
        CELERY_TASK_ALWAYS_EAGER="false",
        LOG_LEVEL="WARNING",
    )
    env.setdefault("EMBEDDING_PROVIDER", "local")
    return env
