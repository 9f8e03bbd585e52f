"""Context layer units, the trim policy, de-duplication across layers and adding a layer.

Budgets are computed here from the same token counts the prompt uses (a section pays its
heading and one line per item, a chat message its text and 4 tokens), so each case states
what a user would see: which memory made it into the reply, which one was left out and how
the receipt counts it. Retrieval and the rolling summary are replaced at the seam
(``memories.context``), as in test_context.py; pinned memories are real rows."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.core.exceptions import ImproperlyConfigured

from chat.context import (
    HEADINGS,
    LAYERS,
    ORDER,
    SectionLayer,
    Slot,
    TextLayer,
    build_context,
    prompt_tokens,
)
from chat.context.assembly import shed, unclaimed
from chat.context.layers import PinnedLayer, RecentLayer, RetrievedLayer, check_order
from drawhisper.tokens import count_tokens
from memories.context import ContextItem
from memories.models import MemoryPin
from tests.chat.conftest import BUDGETS
from tests.factories import MemoryFactory, MessageFactory


@dataclass(frozen=True)
class Said:
    """A prompt message as the layers read it."""

    id: int
    seq: int
    role: str
    content: str


def item(item_id: int, text: str, score: float | None = None, kind: str = "memory", **extra):
    return ContextItem(
        kind=kind, id=item_id, text=text, tokens=count_tokens(text), score=score, **extra
    )


def heading_cost(name: str) -> int:
    return count_tokens(f"\n\n{HEADINGS[name]}")


def line_cost(line: str) -> int:
    return count_tokens(f"\n{line}")


class Seam:
    def __init__(self, monkeypatch):
        self.retrieved: list[ContextItem] = []
        self.summary: ContextItem | None = None
        monkeypatch.setattr("memories.context.retrieve", lambda **kwargs: list(self.retrieved))
        monkeypatch.setattr("memories.context.rolling_summary", lambda *, thread_id: self.summary)


@pytest.fixture
def seam(monkeypatch):
    return Seam(monkeypatch)


def pin(user, thread, title: str, content: str):
    memory = MemoryFactory(owner=user, character=thread.character, title=title, content=content)
    MemoryPin.objects.create(memory=memory, thread=thread)
    return memory


def build(thread, history, budgets=None, **options):
    return build_context(
        thread_id=thread.pk,
        system_prompt="You are Vela, a cartographer.",
        history=history,
        budgets={**BUDGETS, **(budgets or {})},
        context_tokens=options.pop("context_tokens", 8192),
        reply_tokens=options.pop("reply_tokens", 1024),
        **options,
    )


def question(thread, seq: int = 2):
    return MessageFactory(thread=thread, seq=seq, role="user", content="Do you remember Mira?")


# ---------------------------------------------------------------------------- trim policy


def test_a_section_keeps_the_longest_best_first_prefix_and_ties_keep_the_search_order():
    layer = RetrievedLayer()
    candidates = [
        item(1, "[fact] A: " + "alpha " * 20, 0.5),
        item(2, "[fact] B: " + "beta " * 20, 0.7),
        item(3, "[fact] C: " + "gamma " * 20, 0.5),
        item(4, "[fact] D: " + "delta " * 20, None),
    ]
    lines = {c.id: line_cost(layer.line(c)) for c in candidates}
    # Room for the unscored one, the best and the first of the two tied at 0.5.
    budget = heading_cost("retrieved") + lines[4] + lines[2] + lines[1] + lines[3] - 1

    fitted = layer.fit(candidates, budget)

    assert [kept.id for kept in fitted.kept] == [4, 2, 1]
    assert fitted.dropped == 1 and fitted.tokens == budget - lines[3] + 1
    assert [(i.id, i.score) for i in fitted.receipt_items()] == [(4, None), (2, 0.7), (1, 0.5)]


def test_a_smaller_lower_ranked_item_does_not_jump_into_the_room_a_larger_one_left():
    layer = RetrievedLayer()
    large, small = item(1, "[fact] Big: " + "word " * 80, 0.9), item(2, "[fact] Small: x", 0.2)
    best = item(3, "[fact] Best: y", 0.95)
    budget = heading_cost("retrieved") + line_cost(layer.line(best)) + 20  # small fits, large not

    fitted = layer.fit([large, small, best], budget)

    assert [kept.id for kept in fitted.kept] == [3]
    assert fitted.usage().dropped == 2


def test_the_best_item_alone_larger_than_its_section_is_clipped_with_an_ellipsis():
    layer = RetrievedLayer()
    fitted = layer.fit([item(1, "[fact] Long: " + "tide " * 300, 0.4)], 60)
    (line,) = fitted.lines
    assert line.truncated and line.text.endswith("…") and line.text.startswith("- [fact] Long:")
    assert fitted.tokens <= 60 and fitted.receipt_items()[0].truncated


def test_a_section_too_small_for_its_heading_keeps_nothing_and_costs_nothing():
    fitted = RetrievedLayer().fit([item(1, "[fact] A: b", 0.4)], heading_cost("retrieved"))
    assert fitted.lines == () and fitted.tokens == 0 and fitted.system_text() == ""
    assert fitted.usage().dropped == 1


def test_recent_messages_keep_the_newest_and_show_them_oldest_first():
    newest_first = [
        Said(10 - n, 10 - n, "user" if n % 2 else "assistant", f"line {n}") for n in range(5)
    ]
    costs = [count_tokens(m.content) + 4 for m in newest_first]

    fitted = RecentLayer().fit(newest_first, sum(costs[:3]))

    assert [m.content for m in fitted.chat_messages()] == ["line 2", "line 1", "line 0"]
    assert [m.role for m in fitted.chat_messages()] == ["assistant", "user", "assistant"]
    assert fitted.usage().items == 3 and fitted.usage().dropped == 2
    assert fitted.tokens == sum(costs[:3])


def test_shedding_gives_back_the_oldest_recent_message_before_any_memory():
    retrieved = RetrievedLayer().fit(
        [item(1, "[fact] A: a", 0.9), item(2, "[fact] B: b", 0.1)], 500
    )
    recent = RecentLayer().fit([Said(3, 3, "user", "newer"), Said(2, 2, "assistant", "older")], 500)
    order = [s for s in ORDER if s.name in ("retrieved", "recent")]
    fitted = {"retrieved": retrieved, "recent": recent}
    full = prompt_tokens([*[m for m in recent.chat_messages()], _system(retrieved)])

    one_over = shed(fitted, order, full - 1)
    assert [m.content for m in one_over[1].chat_messages()] == ["newer"]
    assert one_over[0] == retrieved

    # With no room for any message, the lowest-ranked retrieved item goes next.
    tight = shed(fitted, order, prompt_tokens([_system(retrieved)]) - 1)
    assert tight[1].kept == () and [i.id for i in tight[0].kept] == [1]
    assert tight[0].usage().dropped == 1 and tight[1].usage().dropped == 2


def _system(section):
    from drawhisper.providers.base import ChatMessage

    return ChatMessage(role="system", content=section.system_text())


# ---------------------------------------------------------------------------- de-duplication


def test_unclaimed_drops_what_an_earlier_layer_holds_and_repeats_keeping_the_first():
    candidates = [item(1, "a"), item(2, "b"), item(1, "a again"), item(3, "c", kind="summary")]
    kept = unclaimed(RetrievedLayer(), candidates, frozenset({("summary", 3)}))
    assert [(c.kind, c.id, c.text) for c in kept] == [("memory", 1, "a"), ("memory", 2, "b")]


@pytest.mark.django_db
def test_a_memory_found_again_stays_in_the_earliest_layer(thread, user, seam):
    pinned = pin(user, thread, "Sister", "Mira, a sailor.")
    older = MessageFactory(thread=thread, seq=2, role="assistant", content="The tide is high.")
    new = question(thread, seq=3)
    seam.summary = item(8, "They met at the harbour.", kind="summary")
    seam.retrieved = [
        item(pinned.pk, "[fact] Sister: Mira, a sailor.", 0.9),  # pinned already
        item(8, "They met at the harbour.", 0.8, kind="summary"),  # the summary already
        item(older.pk, "assistant: The tide is high.", 0.7, kind="message", start_seq=1),
        item(77, "[fact] Boat: The boat is blue.", 0.6),
    ]

    receipt = build(thread, [new, older]).receipt

    assert [(i.layer, i.kind, i.id) for i in receipt.items] == [
        ("pinned", "memory", pinned.pk),
        ("retrieved", "memory", 77),
        ("summary", "summary", 8),
    ]
    assert receipt.layers["recent"].items == 1


@pytest.mark.django_db
def test_an_over_budget_pinned_memory_is_counted_as_left_out_and_not_retrieved_instead(
    thread, user, seam
):
    first = pin(user, thread, "Sister", "Mira, a sailor.")
    large = pin(user, thread, "Voyage", "The long voyage north. " * 40)
    last = pin(user, thread, "Tea", "Black.")
    seam.retrieved = [item(large.pk, f"[fact] Voyage: {large.content}", 0.99)]
    lines = [f"- [fact] {m.title}: {' '.join(m.content.split())}" for m in (first, large, last)]
    # Room for the first and the last pin, not the large one between them.
    budget = heading_cost("pinned") + line_cost(lines[0]) + line_cost(lines[2]) + 1

    assembled = build(thread, [question(thread)], {"pinned": budget})

    receipt = assembled.receipt
    assert [(i.layer, i.id) for i in receipt.items] == [("pinned", first.pk)]
    assert receipt.layers["pinned"].items == 1 and receipt.layers["pinned"].dropped == 2
    system = assembled.messages[0].content
    assert lines[0] in system and "Voyage" not in system and "Tea" not in system


@pytest.mark.django_db
def test_the_first_pin_alone_over_its_budget_is_clipped_and_marked_truncated(thread, user, seam):
    memory = pin(user, thread, "Voyage", "The long voyage north. " * 60)
    assembled = build(thread, [question(thread)], {"pinned": 40})
    (receipt_item,) = assembled.receipt.items
    assert receipt_item.id == memory.pk and receipt_item.truncated
    assert "- [fact] Voyage: The long voyage north." in assembled.messages[0].content
    assert assembled.receipt.layers["pinned"].tokens <= 40


# ---------------------------------------------------------------------------- adding a layer


class AuthorsNote(TextLayer):
    name = "authors_note"
    role = "system"
    depth = 2

    def gather(self, turn, budget):
        return ["[Keep the tone quiet and wistful.]"]


class Persona(SectionLayer):
    name = "persona"
    heading = "### About the user"

    def gather(self, turn, budget):
        return [item(1, "Ada, a lighthouse keeper's daughter.", kind="persona")]


class Mood(Persona):
    name = "mood"  # no CONTEXT_BUDGET_MOOD setting


class PostHistory(TextLayer):
    name = "post_history"
    role = "system"

    def gather(self, turn, budget):
        return ["Stay in character."]


CORE = ("character", "pinned", "shared", "retrieved", "summary", "recent", "new")


def with_layers(*extra: tuple[int, Slot]) -> tuple[Slot, ...]:
    """The memory and conversation layers of ORDER with ``extra`` slots inserted before the
    given prompt positions (the role-play layers of ORDER are left out, so the example layers
    here can take their names)."""
    order = [slot for slot in ORDER if slot.name in CORE]
    for position, slot in sorted(extra, key=lambda pair: -pair[0]):
        order.insert(position, slot)
    return tuple(order)


def history_of(thread, turns: int):
    said = [
        MessageFactory(
            thread=thread, seq=n + 2, role="user" if n % 2 else "assistant", content=f"turn {n}"
        )
        for n in range(turns)
    ]
    return [question(thread, seq=turns + 2), *reversed(said)]


@pytest.mark.django_db
def test_a_new_layer_is_a_unit_a_line_in_the_order_and_a_budget(thread, seam):
    order = with_layers(
        (1, Slot(Persona(), fill=108, shed=108)),
        (6, Slot(PostHistory(), fill=109, shed=109)),
        (6, Slot(AuthorsNote(), fill=110, shed=110)),
    )
    budgets = {"persona": 100, "post_history": 50, "authors_note": 50}

    assembled = build(thread, history_of(thread, 4), budgets, order=order)

    system = assembled.messages[0].content
    assert system.index("You are Vela") < system.index("### About the user")
    assert "- Ada, a lighthouse keeper's daughter." in system
    chat = [(m.role, m.content) for m in assembled.messages[1:]]
    assert chat == [
        ("assistant", "turn 0"),
        ("user", "turn 1"),
        ("assistant", "turn 2"),
        ("system", "[Keep the tone quiet and wistful.]"),  # two in-order messages from the end
        ("user", "turn 3"),
        ("system", "Stay in character."),
        ("user", "Do you remember Mira?"),
    ]
    receipt = assembled.receipt
    assert list(receipt.layers) == [slot.name for slot in order]
    assert receipt.layers["authors_note"].tokens == count_tokens(chat[3][1]) + 4
    assert [(i.layer, i.kind) for i in receipt.items] == [("persona", "persona")]
    assert receipt.total_tokens == prompt_tokens(assembled.messages)


@pytest.mark.django_db
def test_a_note_deeper_than_the_chat_goes_before_its_first_message(thread, seam):
    order = with_layers((6, Slot(AuthorsNote(), fill=108, shed=108)))
    assembled = build(thread, [question(thread)], {"authors_note": 50}, order=order)
    assert [m.role for m in assembled.messages] == ["system", "system", "user"]


@pytest.mark.django_db
def test_a_layer_without_a_budget_setting_is_refused_by_name(thread, seam, settings):
    order = with_layers((1, Slot(Mood(), fill=108, shed=108)))
    with pytest.raises(ImproperlyConfigured, match="CONTEXT_BUDGET_MOOD"):
        build_context(thread_id=thread.pk, system_prompt="You are Vela.", history=[], order=order)


def test_an_order_with_two_layers_on_one_fill_rank_is_refused():
    with pytest.raises(ValueError, match="fill rank 3"):
        check_order((Slot(PinnedLayer(), fill=3, shed=1), Slot(RecentLayer(), fill=3, shed=2)))


def test_the_default_order_names_the_receipt_layers_and_headings():
    assert LAYERS == (
        "lore_before",
        "character",
        "persona",
        "profile",
        "lore_after",
        "pinned",
        "shared",
        "retrieved",
        "summary",
        "recent",
        "lore_depth",
        "author_note",
        "post_history",
        "new",
    )
    assert list(HEADINGS) == ["pinned", "shared", "retrieved", "summary"]


@pytest.mark.django_db
def test_budgets_come_from_settings_per_layer(thread, seam, settings):
    settings.CONTEXT_LAYER_BUDGETS = {**settings.CONTEXT_LAYER_BUDGETS, "recent": 30}
    history = history_of(thread, 10)
    assembled = build_context(thread_id=thread.pk, system_prompt="You are Vela.", history=history)
    usage = assembled.receipt.layers["recent"]
    assert usage.budget == 30 and usage.tokens <= 30 and usage.items + usage.dropped == 10
