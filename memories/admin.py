"""Admin for memories: browse memories, pins and summaries; see and retry failed jobs."""

from __future__ import annotations

from django.contrib import admin, messages

from memories.models import Memory, MemoryJob, MemoryPin, Summary


@admin.register(Memory)
class MemoryAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "title",
        "type",
        "owner",
        "character",
        "origin_thread",
        "status",
        "shared",
        "created_by",
        "source_changed",
        "created_at",
    )
    list_filter = ("type", "status", "shared", "created_by", "source_changed")
    search_fields = ("title", "content", "vector_id")
    raw_id_fields = ("owner", "character", "origin_thread", "job")
    readonly_fields = (
        "vector_id",
        "embedding_model",
        "content_hash",
        "token_count",
        "created_at",
        "updated_at",
    )


@admin.register(MemoryPin)
class MemoryPinAdmin(admin.ModelAdmin):
    list_display = ("id", "memory", "thread", "created_at")
    raw_id_fields = ("memory", "thread")


@admin.register(Summary)
class SummaryAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "thread",
        "level",
        "day",
        "start_seq",
        "end_seq",
        "token_count",
        "created_at",
    )
    list_filter = ("level",)
    search_fields = ("text",)
    raw_id_fields = ("thread", "job")
    readonly_fields = ("vector_id", "created_at")


@admin.action(description="Retry the selected failed jobs")
def retry_jobs(modeladmin, request, queryset):
    from memories.pipeline import jobs_retry

    retried = jobs_retry(job_ids=list(queryset.values_list("pk", flat=True)))
    skipped = queryset.count() - len(retried)
    modeladmin.message_user(request, f"{len(retried)} job(s) queued again.", messages.SUCCESS)
    if skipped:
        modeladmin.message_user(
            request, f"{skipped} job(s) were not failed and were left alone.", messages.WARNING
        )


@admin.register(MemoryJob)
class MemoryJobAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "thread",
        "start_seq",
        "end_seq",
        "pipeline_version",
        "status",
        "step",
        "attempts",
        "chunks_checked",
        "chunks_unverified",
        "short_error",
        "updated_at",
    )
    list_filter = ("status", "step", "pipeline_version")
    search_fields = ("last_error",)
    raw_id_fields = ("thread",)
    readonly_fields = ("state", "claimed_at", "created_at", "updated_at")
    actions = [retry_jobs]

    @admin.display(description="last error")
    def short_error(self, job: MemoryJob) -> str:
        return job.last_error if len(job.last_error) <= 80 else job.last_error[:79] + "…"
