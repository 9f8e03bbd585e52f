"""Failed jobs are visible and retryable: ``manage.py memory_jobs`` and the admin."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from memories.models import Memory, MemoryJob
from tests.factories import MemoryFactory
from tests.pipeline.conftest import long_turns_job, script_router


@pytest.fixture
def failed_job(thread):
    return long_turns_job(
        thread,
        status="failed",
        step="extract",
        attempts=1,
        last_error="extract: The extraction model returned invalid output twice; the last time the reply is not valid JSON.",
    )


def run(*args) -> str:
    out = StringIO()
    call_command("memory_jobs", *args, stdout=out, stderr=out)
    return out.getvalue()


def test_failed_jobs_are_listed_with_their_reason(failed_job):
    MemoryJob.objects.create(
        thread=failed_job.thread, start_seq=5, end_seq=9, pipeline_version="v0", status="succeeded"
    )
    output = run("--failed")
    assert f"{failed_job.pk:>6}" in output and "failed" in output and "1-4" in output
    assert "invalid output twice" in output
    assert "5-9" not in output
    assert "5-9" in run()


def test_no_failed_jobs_says_so(db):
    assert "No memory jobs with status failed." in run("--failed")


def test_retry_runs_a_failed_job_again(
    failed_job, eager_celery, django_capture_on_commit_callbacks
):
    script_router()
    with django_capture_on_commit_callbacks(execute=True):
        output = run("--retry", str(failed_job.pk))
    assert f"queued job {failed_job.pk} again" in output
    failed_job.refresh_from_db()
    assert failed_job.status == "succeeded" and failed_job.attempts == 2
    assert Memory.objects.count() == 2


def test_retry_all_failed_and_unknown_ids(failed_job, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        assert "1 job(s) queued again." in run("--retry-all-failed")
    assert len(callbacks) == 1
    failed_job.refresh_from_db()
    assert failed_job.status == "pending" and failed_job.last_error == ""
    assert "is not failed; left alone" in run("--retry", str(failed_job.pk))
    with pytest.raises(CommandError, match="No memory job with id 999999"):
        run("--retry", "999999")


def test_the_admin_lists_jobs_and_retries_the_selected_ones(
    failed_job, admin_client, django_capture_on_commit_callbacks
):
    MemoryFactory(owner=failed_job.thread.owner, character=failed_job.thread.character)
    for model in ("memory", "memoryjob", "summary", "memorypin"):
        assert admin_client.get(reverse(f"admin:memories_{model}_changelist")).status_code == 200
    page = admin_client.get(
        reverse("admin:memories_memoryjob_changelist") + "?status__exact=failed"
    )
    assert b"invalid output twice" in page.content

    with django_capture_on_commit_callbacks() as callbacks:
        response = admin_client.post(
            reverse("admin:memories_memoryjob_changelist"),
            {"action": "retry_jobs", "_selected_action": [failed_job.pk]},
            follow=True,
        )
    assert b"1 job(s) queued again." in response.content
    assert len(callbacks) == 1
    failed_job.refresh_from_db()
    assert failed_job.status == "pending"
