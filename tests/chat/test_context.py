"""Context assembly: layer order, budgets, what is dropped first, and the receipt.

Pinned and shared memories are real rows read through ``memories.context`` (the seam).
Retrieval and the rolling summary are replaced at that same seam (``memories.context.retrieve``
and ``rolling_summary``) so a test can choose exact scores and sizes; nothing inside the chat
app is patched."""

from __future__ import annotations

import pytest

from chat import services
from chat.context import HEADINGS, LAYERS, build_context, prompt_tokens
from chat.models import ContextReceipt
from drawhisper.tokens import count_tokens
from memories.context import ContextItem
from memories.models import MemoryPin
from tests.chat.conftest import BUDGETS
from tests.factories import MemoryFactory, MessageFactory

pytestmark = pytest.mark.django_db


class Seam:
    """What the memory app's retrieval and summary return in a test, and how they were asked."""

    def __init__(self, monkeypatch):
        self.retrieved: list[ContextItem] = []
        self.summary: ContextItem | None = None
        self.retrieve_calls: list[dict] = []
        monkeypatch.setattr("memories.context.retrieve", self._retrieve)
        monkeypatch.setattr("memories.context.rolling_summary", lambda *, thread_id: self.summary)

    def _retrieve(self, **kwargs):
        self.retrieve_calls.append(kwargs)
        return list(self.retrieved)


@pytest.fixture
def seam(monkeypatch):
    return Seam(monkeypatch)


def memory(
    item_id: int, text: str, score: float | None = None, kind: str = "memory", **extra
) -> ContextItem:
    return ContextItem(
        kind=kind, id=item_id, text=text, tokens=count_tokens(text), score=score, **extra
    )


def conversation(thread, turns: int, words: int = 5) -> list:
    """Messages seq 2.. alternating user/assistant, ending with a user message; newest first."""
    messages = []
    for index in range(turns):
        seq = index + 2
        role = "user" if index % 2 == 0 else "assistant"
        messages.append(
            MessageFactory(
                thread=thread, seq=seq, role=role, content=f"{role} line {seq} " + "word " * words
            )
        )
    last = MessageFactory(
        thread=thread, seq=turns + 2, role="user", content="What do you remember about my sister?"
    )
    return [last, *reversed(messages)]


def build(thread, history, **overrides):
    options = {"budgets": BUDGETS, "context_tokens": 8192, "reply_tokens": 1024, **overrides}
    return build_context(
        thread_id=thread.pk,
        system_prompt="You are Vela, a cartographer.",
        history=history,
        **options,
    )


def test_layers_come_in_order_with_the_contract_headings(thread, user, seam):
    pinned = MemoryFactory(
        owner=user,
        character=thread.character,
        type="fact",
        title="Sister",
        content="Mira, a sailor.",
    )
    MemoryPin.objects.create(memory=pinned, thread=thread)
    shared = MemoryFactory(
        owner=user,
        character=thread.character,
        type="preference",
        title="Tea",
        content="Likes it black.",
        shared=True,
    )
    seam.retrieved = [
        memory(
            501,
            "[important_event] Storm: The lighthouse flooded.",
            0.8,
            title="Storm",
            type="important_event",
        ),
        memory(
            77,
            "user: my sister sails the northern route",
            0.6,
            kind="message",
            start_seq=1,
            end_seq=1,
        ),
    ]
    seam.summary = memory(9, "They met at the harbour\nand planned a voyage.", kind="summary")
    history = conversation(thread, 4)

    assembled = build(thread, history)
    system = assembled.messages[0]
    assert system.role == "system" and system.content.startswith("You are Vela, a cartographer.")
    positions = [
        system.content.index(HEADINGS[name])
        for name in ("pinned", "shared", "retrieved", "summary")
    ]
    assert positions == sorted(positions)
    lines = [line for line in system.content.splitlines() if line.startswith("- ")]
    assert lines == [
        "- [fact] Sister: Mira, a sailor.",
        "- [preference] Tea: Likes it black.",
        "- [important_event] Storm: The lighthouse flooded.",
        "- [earlier message] user: my sister sails the northern route",
        "- They met at the harbour and planned a voyage.",
    ]
    # Recent messages in seq order, then the new message last.
    chat = assembled.messages[1:]
    assert [m.content for m in chat] == [m.content for m in reversed(history)]
    assert chat[-1].role == "user" and chat[-1].content == "What do you remember about my sister?"

    receipt = assembled.receipt
    assert list(receipt.layers) == list(LAYERS)
    assert [(i.layer, i.kind, i.id) for i in receipt.items] == [
        ("pinned", "memory", pinned.pk),
        ("shared", "memory", shared.pk),
        ("retrieved", "memory", 501),
        ("retrieved", "message", 77),
        ("summary", "summary", 9),
    ]
    assert receipt.items[2].score == 0.8 and receipt.items[2].title == "Storm"
    assert all(item.tokens > 0 for item in receipt.items)
    assert receipt.layers["recent"].items == 4 and receipt.layers["new"].items == 1
    assert receipt.total_tokens == prompt_tokens(assembled.messages)
    assert receipt.budget_tokens == 8192 - 1024


def test_retrieval_looks_before_the_recent_window_and_skips_pinned_and_shared(thread, user, seam):
    pinned = MemoryFactory(owner=user, character=thread.character)
    MemoryPin.objects.create(memory=pinned, thread=thread)
    shared = MemoryFactory(owner=user, character=thread.character, shared=True)
    seam.retrieved = [
        memory(pinned.pk, "[fact] again: pinned one", 0.9),
        memory(600, "[fact] New: fresh", 0.5),
    ]
    history = conversation(thread, 30, words=40)  # more than the recent budget holds

    assembled = build(thread, history, budgets={**BUDGETS, "recent": 400})
    call = seam.retrieve_calls[0]
    first_recent_seq = 32 - assembled.receipt.layers["recent"].items
    assert call["before_seq"] == first_recent_seq
    assert set(call["exclude_memory_ids"]) == {pinned.pk, shared.pk}
    assert call["query"] == "What do you remember about my sister?"
    assert call["budget_tokens"] <= BUDGETS["retrieved"]
    assert [(i.layer, i.id) for i in assembled.receipt.items if i.layer == "retrieved"] == [
        ("retrieved", 600)
    ]


def test_recent_messages_drop_oldest_first(thread, seam):
    history = conversation(thread, 40, words=30)
    assembled = build(thread, history, budgets={**BUDGETS, "recent": 500})
    kept = [m.content for m in assembled.messages[1:-1]]
    expected_newest = [m.content for m in reversed(history[1:])][-len(kept) :]
    assert kept == expected_newest and 0 < len(kept) < 40
    usage = assembled.receipt.layers["recent"]
    assert usage.tokens <= 500 and usage.dropped == 40 - len(kept)


def test_retrieved_items_are_dropped_lowest_score_first(thread, seam):
    text = "[fact] Item: " + "detail " * 40
    seam.retrieved = [
        memory(i, text, score)
        for i, score in [(1, 0.31), (2, 0.92), (3, 0.55), (4, 0.77), (5, 0.12)]
    ]
    line_tokens = count_tokens(f"\n- {text.strip()}")
    budget = count_tokens(f"\n\n{HEADINGS['retrieved']}") + 2 * line_tokens + 5  # room for two
    assembled = build(thread, conversation(thread, 0)[:1], budgets={**BUDGETS, "retrieved": budget})

    kept = [(item.id, item.score) for item in assembled.receipt.items]
    assert kept == [(2, 0.92), (4, 0.77)]
    usage = assembled.receipt.layers["retrieved"]
    assert usage.items == 2 and usage.dropped == 3 and usage.tokens <= budget


def test_pinned_memories_keep_pin_order_and_drop_the_newest_pins(thread, user, seam):
    memories = [
        MemoryFactory(
            owner=user, character=thread.character, title=f"Pin {n}", content="word " * 60
        )
        for n in range(5)
    ]
    for item in memories:
        MemoryPin.objects.create(memory=item, thread=thread)
    assembled = build(thread, conversation(thread, 0)[:1], budgets={**BUDGETS, "pinned": 200})
    kept = [item.id for item in assembled.receipt.items if item.layer == "pinned"]
    assert kept == [m.pk for m in memories][: len(kept)] and 0 < len(kept) < 5
    assert assembled.receipt.layers["pinned"].tokens <= 200


def test_an_item_larger_than_its_layer_is_clipped_not_lost(thread, seam):
    seam.summary = memory(3, "The story so far. " * 400, kind="summary")
    assembled = build(thread, conversation(thread, 0)[:1], budgets={**BUDGETS, "summary": 100})
    (item,) = assembled.receipt.items
    assert item.layer == "summary" and item.truncated
    assert assembled.receipt.layers["summary"].tokens <= 100
    assert "### Story so far\n- The story so far." in assembled.messages[0].content


@pytest.mark.parametrize("context_tokens", [600, 1200, 2500, 4000, 8192])
def test_the_whole_prompt_never_exceeds_the_budget(thread, user, seam, context_tokens):
    for n in range(6):
        pin = MemoryFactory(
            owner=user, character=thread.character, title=f"P{n}", content="pinned fact " * 30
        )
        MemoryPin.objects.create(memory=pin, thread=thread)
        MemoryFactory(
            owner=user,
            character=thread.character,
            title=f"S{n}",
            content="shared fact " * 30,
            shared=True,
        )
    seam.retrieved = [memory(900 + n, "[fact] R: " + "found " * 80, 1 - n / 20) for n in range(12)]
    seam.summary = memory(1, "summary " * 500, kind="summary")
    history = conversation(thread, 60, words=60)

    assembled = build_context(
        thread_id=thread.pk,
        system_prompt="You are Vela. " + "Backstory. " * 2000,
        history=history,
        budgets=BUDGETS,
        context_tokens=context_tokens,
        reply_tokens=256,
    )
    budget = context_tokens - 256
    assert prompt_tokens(assembled.messages) <= budget
    assert assembled.receipt.total_tokens <= budget
    for name, usage in assembled.receipt.layers.items():
        if name != "new":
            assert usage.tokens <= usage.budget, name
    assert assembled.messages[-1].role == "user"  # the new message always goes in


def test_default_settings_budget(thread, seam, settings):
    settings.CHAT_CONTEXT_TOKENS = 3000
    settings.CHAT_REPLY_TOKENS = 500
    assembled = build_context(
        thread_id=thread.pk,
        system_prompt="You are Vela.",
        history=conversation(thread, 80, words=50),
    )
    assert prompt_tokens(assembled.messages) <= 2500 and assembled.receipt.budget_tokens == 2500


def test_reply_prepare_builds_from_the_thread_and_stores_the_receipt(thread, user, seam):
    pinned = MemoryFactory(
        owner=user,
        character=thread.character,
        type="relationship",
        title="Friends",
        content="Old friends.",
    )
    MemoryPin.objects.create(memory=pinned, thread=thread)
    seam.retrieved = [
        memory(42, "[emotion] Fear: afraid of storms", 0.7, title="Fear", type="emotion")
    ]
    result = services.message_send(thread=thread, content="Do you remember me?", client_id=None)

    prepared = services.reply_prepare(reply_id=result.reply.pk)
    system = prepared.messages[0].content
    assert thread.character.name in system  # the character's system prompt is the prefix
    assert "- [relationship] Friends: Old friends." in system
    assert prepared.messages[-1].content == "Do you remember me?"
    assert prepared.messages[-2].content == "*looks up from the map* Ah, a visitor."

    row = ContextReceipt.objects.get(message=result.reply)
    assert row.items == prepared.receipt["items"]
    assert [(i["layer"], i["kind"], i["id"], i["score"]) for i in row.items] == [
        ("pinned", "memory", pinned.pk, None),
        ("retrieved", "memory", 42, 0.7),
    ]
    assert set(row.layers) == set(LAYERS) and row.total_tokens <= row.budget_tokens
    assert all(
        {"tokens", "budget", "items", "dropped"} <= set(layer) for layer in row.layers.values()
    )


def test_the_replaced_reply_is_not_in_the_prompt_of_its_regeneration(thread, seam):
    result = services.message_send(thread=thread, content="Hello", client_id=None)
    services.reply_finish(reply_id=result.reply.pk, content="Discarded take", status="complete")
    regenerated = services.reply_regenerate(thread=thread)
    prepared = services.reply_prepare(reply_id=regenerated.reply.pk)
    assert all("Discarded take" not in m.content for m in prepared.messages)
    assert prepared.messages[-1].content == "Hello"


def test_deleted_failed_and_streaming_messages_stay_out_of_the_prompt(thread, seam):
    MessageFactory(thread=thread, seq=2, role="user", content="Deleted words")
    services.message_delete(message=thread.messages.get(seq=2))
    MessageFactory(thread=thread, seq=3, role="assistant", content="Broken", status="failed")
    MessageFactory(
        thread=thread, seq=4, role="assistant", content="Cut off mid", status="interrupted"
    )
    result = services.message_send(thread=thread, content="Next", client_id=None)
    prepared = services.reply_prepare(reply_id=result.reply.pk)
    contents = [m.content for m in prepared.messages[1:]]
    assert contents == ["*looks up from the map* Ah, a visitor.", "Cut off mid", "Next"]
