"""The pipeline keeps the profile up after it stores a job's memories, under the name the
chat calls the user (the persona's), and never over a field the user edited."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from characters.models import Persona
from drawhisper.providers.fake import ScriptedChatBackend
from memories.models import MemoryJob, Profile
from memories.pipeline import PIPELINE_VERSION
from memories.pipeline.runner import Outcome, run_job
from memories.pipeline.steps import STEPS
from memories.profile import profile_update, profile_view
from tests.pipeline.conftest import LONG_TURNS, script_router, write_messages
from tests.pipeline.support import SimulatedCrash


class CrashStep:
    name = "crash"

    def run(self, context):
        raise SimulatedCrash("worker killed after the store step")


ADA_CHUNKS = [
    {
        "title": "Ada's cat",
        "content": "Ada adopted a grey cat named Pixel.",
        "type": "fact",
        "source_seqs": [2],
    },
    {
        "title": "Evenings",
        "content": "Ada loves quiet evenings by the sea. Ada hates the wind.",
        "type": "preference",
        "source_seqs": [4],
    },
]


@pytest.fixture
def ada_thread(thread):
    thread.persona = Persona.objects.create(owner=thread.owner, name="Ada")
    thread.save(update_fields=["persona"])
    write_messages(thread, LONG_TURNS)
    return thread


def new_job(thread, start_seq, end_seq):
    return MemoryJob.objects.create(
        thread=thread, start_seq=start_seq, end_seq=end_seq, pipeline_version=PIPELINE_VERSION
    )


def test_the_transcript_names_the_persona_and_the_profile_follows_the_job(ada_thread, committed):
    script_router(summary="Ada told Mira about Pixel.", chunks=ADA_CHUNKS)
    job = new_job(ada_thread, 1, 4)
    with committed():
        assert run_job(job_id=job.pk) == Outcome.SUCCEEDED

    # The model read the chat as Ada's (the persona), not as the account's (Alice).
    prompts = ["\n".join(m.content for m in call) for call in ScriptedChatBackend.calls]
    assert prompts and all("Ada:" in prompt for prompt in prompts)
    assert not any("Alice:" in prompt for prompt in prompts)

    view = profile_view(owner_id=ada_thread.owner_id, character_id=ada_thread.character_id)
    assert view.data["name"] == "Ada"
    assert view.data["facts"] == ["Ada adopted a grey cat named Pixel."]
    assert view.data["likes"] == ["Ada loves quiet evenings by the sea."]
    assert view.data["dislikes"] == ["Ada hates the wind."]

    # Running it again changes nothing.
    before = list(Profile.objects.values_list("data", "user_fields", "updated_at"))
    with committed():
        assert run_job(job_id=job.pk) == Outcome.SKIPPED
    assert list(Profile.objects.values_list("data", "user_fields", "updated_at")) == before


def test_a_crash_after_the_store_step_then_a_rerun_gives_the_same_profile(ada_thread, committed):
    script_router(summary="Ada told Mira about Pixel.", chunks=ADA_CHUNKS)
    job = new_job(ada_thread, 1, 4)
    through_store = [step.name for step in STEPS].index("store") + 1
    with pytest.raises(SimulatedCrash):
        run_job(job_id=job.pk, steps=(*STEPS[:through_store], CrashStep()))
    stored = list(Profile.objects.values_list("data", flat=True))
    # Its worker stopped beating long ago (it died): another one may take the job over.
    MemoryJob.objects.filter(pk=job.pk).update(heartbeat_at=timezone.now() - timedelta(hours=2))
    with committed():
        assert run_job(job_id=job.pk) == Outcome.SUCCEEDED
    assert list(Profile.objects.values_list("data", flat=True)) == stored
    assert stored[0]["facts"] == ["Ada adopted a grey cat named Pixel."]


def test_a_field_the_user_edited_survives_the_next_job(ada_thread, committed):
    script_router(summary="Ada told Mira about Pixel.", chunks=ADA_CHUNKS)
    with committed():
        run_job(job_id=new_job(ada_thread, 1, 2).pk)
    owner, character = ada_thread.owner_id, ada_thread.character_id
    profile_update(owner_id=owner, character_id=character, changes={"likes": ["Storms at sea."]})

    said = [("user", "I love jasmine tea."), ("user", "I work as a ferry pilot.")]
    write_messages(ada_thread, said, start_seq=6)
    more = [
        {
            "title": "Tea",
            "content": "Ada loves jasmine tea.",
            "type": "preference",
            "source_seqs": [6],
        },
        {
            "title": "Job",
            "content": "Ada works as a ferry pilot.",
            "type": "fact",
            "source_seqs": [7],
        },
    ]
    ScriptedChatBackend.reset()
    script_router(summary="Ada spoke of tea and work.", chunks=more)
    with committed():
        assert run_job(job_id=new_job(ada_thread, 6, 7).pk) == Outcome.SUCCEEDED
    view = profile_view(owner_id=owner, character_id=character)
    assert view.data["likes"] == ["Storms at sea."]  # the user's edit, not "jasmine tea"
    assert "Ada works as a ferry pilot." in view.data["facts"]
    assert view.user_fields == ("likes",)
