"""The message archive: indexed once, filler skipped, originals untouched."""

from __future__ import annotations

import pytest

from memories.services.pipeline import is_worth_archiving, messages_archive
from tests.pipeline.conftest import write_messages
from tests.pipeline.support import InMemoryVectorStore


@pytest.mark.parametrize(
    "text",
    [
        "ok",
        "Ok!",
        "thanks",
        "Thank you!!",
        "lol",
        "haha yes",
        "hmm",
        "   ",
        "👍",
        "see you later",
        "k.",
    ],
)
def test_filler_is_not_worth_archiving(text):
    assert not is_worth_archiving(text)


@pytest.mark.parametrize(
    "text",
    ["My sister Ines lives in Falmouth.", "I hate olives", "Call me Jo", "Pixel is asleep again."],
)
def test_content_is_worth_archiving(text):
    assert is_worth_archiving(text)


def test_archiving_indexes_each_message_once_with_its_metadata(thread, settings):
    messages = write_messages(
        thread,
        [
            ("user", "My sister Ines lives in Falmouth."),
            ("assistant", "ok"),
            ("user", "She keeps bees on the roof."),
        ],
    )
    assert messages_archive(thread_id=thread.pk, start_seq=1, end_seq=3) == [
        messages[0].pk,
        messages[2].pk,
    ]
    record = InMemoryVectorStore.records[f"message:{messages[0].pk}"]
    assert record.metadata == {
        "owner": thread.owner_id,
        "character": thread.character_id,
        "thread": thread.pk,
        "kind": "message",
        "type": "",
        "shared": False,
        "status": "active",
        "source_id": messages[0].pk,
        "seq": 1,
    }
    assert messages_archive(thread_id=thread.pk, start_seq=1, end_seq=3) == []
    assert len(InMemoryVectorStore.upserts) == 1
