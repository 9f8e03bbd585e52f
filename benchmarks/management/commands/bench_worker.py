"""``manage.py bench_worker --jobs 40``

The memory pipeline's throughput in one real Celery worker process (solo pool) with the fake
OpenAI-compatible server and the configured embedder: jobs per minute, seconds per job,
embedding time per chunk inside the worker, how many times the worker process loaded the
embedding model; and the floor of the same run (the same model requests and embeddings with
no database or broker, in this process), with our jobs per minute as a ratio to it
(``benchmarks/worker.py``, docs/benchmarks.md). Runs in a throwaway database, dropped
afterwards, and its own Redis database for the broker. Bounded: at most 200 jobs, a timeout
for the whole round."""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from benchmarks import load, worker
from benchmarks.database import throwaway_database
from benchmarks.report import table
from drawhisper.providers.registry import get_embedder


class Command(BaseCommand):
    help = "Memory jobs per minute in one Celery worker process, against a floor."

    def add_arguments(self, parser):
        parser.add_argument("--jobs", type=int, default=40, help="memory jobs to run")
        parser.add_argument("--timeout", type=float, default=900.0, help="seconds for the round")
        parser.add_argument("--redis-db", type=int, default=12, help="Redis database (broker)")
        parser.add_argument("--out", help="write the results as JSON to this file")

    def handle(self, *args, **options):
        count = options["jobs"]
        if not 1 <= count <= worker.MAX_JOBS:
            raise CommandError(f"--jobs must be between 1 and {worker.MAX_JOBS}")
        load_before = [round(value, 2) for value in os.getloadavg()]
        with (
            throwaway_database(f"bench_worker_{os.getpid()}"),
            tempfile.TemporaryDirectory() as stats_dir,
            load.FakeModel(reply=worker.SUMMARY, chunk_chars=64, delay=0.0) as model,
        ):
            broker = load.redis_url(options["redis_db"])
            env = worker.worker_env(
                database_url=load.database_url(), redis_url=broker, model_url=model.base_url
            )
            with worker.Worker(env=env, stats_dir=stats_dir) as process:
                warm = worker.create_jobs(1, name="warm")
                self.stderr.write("warm-up job (worker start and model load) ...")
                warm_started = time.perf_counter()
                worker.send_jobs(broker, warm)
                warm_seconds, warm_status = worker.wait_for(warm, timeout=180, worker=process)
                if warm_status.get("succeeded") != 1:
                    raise CommandError(f"the warm-up job did not succeed: {warm_status}")
                job_ids = worker.create_jobs(count, name="round")
                before = worker.worker_stats(stats_dir)
                calls_before = sum(len(stats["calls"]) for stats in before)
                started = time.perf_counter()
                worker.send_jobs(broker, job_ids)
                with tqdm(total=count, desc="jobs", unit="job", file=self.stderr) as bar:
                    done = 0
                    while True:
                        seconds, statuses = worker.wait_for(job_ids, timeout=0, worker=process)
                        finished = statuses.get("succeeded", 0) + statuses.get("failed", 0)
                        bar.update(finished - done)
                        done = finished
                        if finished >= count or time.perf_counter() - started > options["timeout"]:
                            break
                        time.sleep(0.2)
                seconds = time.perf_counter() - started
                stats = worker.worker_stats(stats_dir)
                memories = worker.memories_made(job_ids)
            warm_total = time.perf_counter() - warm_started
            self.stderr.write("the floor: the same requests and embeddings, nothing else ...")
            embedder = get_embedder()
            embedder.embed_documents(["warm up"])
            floor_seconds = worker.floor(count, model_url=model.base_url, embedder=embedder)
        calls = [
            call
            for process_stats in stats
            for call in process_stats["calls"][calls_before:]
            if not call["warm_up"]
        ]
        chunks = sum(call["texts"] for call in calls)
        embed_seconds = sum(call["seconds"] for call in calls)
        succeeded = statuses.get("succeeded", 0)
        per_minute = round(succeeded / seconds * 60, 1) if seconds else 0.0
        floor_per_minute = round(count / floor_seconds * 60, 1) if floor_seconds else 0.0
        report = {
            "jobs": count,
            "succeeded": succeeded,
            "failed": statuses.get("failed", 0),
            "unfinished": count - succeeded - statuses.get("failed", 0),
            "memories": memories,
            "seconds": round(seconds, 2),
            "jobs_per_minute": per_minute,
            "seconds_per_job": round(seconds / max(succeeded, 1), 3),
            "embedding_ms_per_chunk": round(embed_seconds * 1000 / chunks, 1) if chunks else None,
            "chunks_embedded": chunks,
            "embedding_share": round(embed_seconds / seconds, 3) if seconds else None,
            "models_loaded_per_process": [s["models_loaded"] for s in stats],
            "worker_processes": len(stats),
            "warm_up_job_s": round(warm_seconds, 2),
            "warm_up_total_s": round(warm_total, 2),
            "floor": {
                "seconds": round(floor_seconds, 2),
                "jobs_per_minute": floor_per_minute,
            },
            "throughput_ratio": round(per_minute / floor_per_minute, 3)
            if floor_per_minute
            else None,
            "embedding_backend": settings.EMBEDDING_BACKENDS["default"]["BACKEND"],
            "load_average_start": load_before,
            "load_average_end": [round(value, 2) for value in os.getloadavg()],
            "cpus": os.cpu_count(),
        }
        if options["out"]:
            Path(options["out"]).write_text(json.dumps(report, indent=2) + "\n")
        self.stdout.write(worker_report(report))


def worker_report(report: dict) -> str:
    return "\n".join(
        [
            f"One Celery worker process (solo pool), the fake OpenAI-compatible model through "
            f"the real adapter, {report['embedding_backend'].rsplit('.', 1)[-1]}; load average "
            f"{report['load_average_start']} at the start, {report['load_average_end']} at "
            f"the end.",
            "",
            table(
                [
                    "jobs",
                    "succeeded",
                    "failed",
                    "memories",
                    "jobs/min",
                    "floor jobs/min",
                    "throughput ratio",
                    "s per job",
                    "embedding ms/chunk",
                    "embedding share",
                    "models loaded per process",
                ],
                [
                    [
                        report["jobs"],
                        report["succeeded"],
                        report["failed"],
                        report["memories"],
                        report["jobs_per_minute"],
                        report["floor"]["jobs_per_minute"],
                        report["throughput_ratio"],
                        report["seconds_per_job"],
                        report["embedding_ms_per_chunk"],
                        report["embedding_share"],
                        ", ".join(str(n) for n in report["models_loaded_per_process"]),
                    ]
                ],
            ),
            "",
            f"Warm-up job (not counted): {report['warm_up_job_s']} s from sending to done, the "
            "worker's start and its model load included. The floor: the same summary and "
            "extraction requests through the same adapter and the same chunks embedded, in "
            "this process, with no database, no broker and no prompt building.",
        ]
    )
