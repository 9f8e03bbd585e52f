"""``manage.py memory_jobs``: list memory jobs (``--failed`` for the failed ones) and retry
them (``--retry ID`` repeatable, or ``--retry-all-failed``)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from memories.models import MemoryJob


class Command(BaseCommand):
    help = "List memory jobs, show why failed ones failed, and queue them again."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--failed", action="store_true", help="Only failed jobs.")
        parser.add_argument(
            "--status", choices=MemoryJob.Status.values, help="Only jobs in this state."
        )
        parser.add_argument("--thread", type=int, help="Only jobs of this thread.")
        parser.add_argument(
            "--limit", type=int, default=50, help="At most this many rows (default 50)."
        )
        retry = parser.add_mutually_exclusive_group()
        retry.add_argument(
            "--retry", type=int, action="append", metavar="ID", help="Queue this failed job again."
        )
        retry.add_argument(
            "--retry-all-failed", action="store_true", help="Queue every failed job again."
        )

    def handle(self, *args, **options) -> None:
        from memories.pipeline import jobs_retry

        if options["retry"] or options["retry_all_failed"]:
            job_ids = options["retry"]
            if job_ids:
                unknown = set(job_ids) - set(
                    MemoryJob.objects.filter(pk__in=job_ids).values_list("pk", flat=True)
                )
                if unknown:
                    raise CommandError(
                        f"No memory job with id {', '.join(map(str, sorted(unknown)))}."
                    )
            retried = jobs_retry(job_ids=job_ids, all_failed=options["retry_all_failed"])
            for job_id in retried:
                self.stdout.write(f"queued job {job_id} again")
            left = set(job_ids or []) - set(retried)
            for job_id in sorted(left):
                self.stderr.write(f"job {job_id} is not failed; left alone")
            self.stdout.write(self.style.SUCCESS(f"{len(retried)} job(s) queued again."))
            return

        jobs = MemoryJob.objects.order_by("-updated_at", "-id")
        status = MemoryJob.Status.FAILED if options["failed"] else options["status"]
        if status:
            jobs = jobs.filter(status=status)
        if options["thread"]:
            jobs = jobs.filter(thread_id=options["thread"])
        rows = list(jobs[: options["limit"]])
        if not rows:
            self.stdout.write("No memory jobs" + (f" with status {status}." if status else "."))
            return
        self.stdout.write(
            f"{'id':>6}  {'thread':>6}  {'range':<11}  {'status':<9}  {'step':<9}  {'tries':>5}  updated"
        )
        for job in rows:
            self.stdout.write(
                f"{job.pk:>6}  {job.thread_id:>6}  {f'{job.start_seq}-{job.end_seq}':<11}  "
                f"{job.status:<9}  {job.step or '-':<9}  {job.attempts:>5}  {job.updated_at:%Y-%m-%d %H:%M}"
            )
            if job.chunks_checked:
                self.stdout.write(
                    f"        chunks: {job.chunks_checked} checked, {job.chunks_unverified} "
                    f"unverified ({job.unverified_share:.0%})"
                )
            if job.last_error:
                self.stdout.write(f"        error: {job.last_error}")
