"""The role-play sources of one turn, read once before the layers run: the chat's persona,
the lorebook entries that fired, the card's post-history instructions, the chat's
author's note and the user's profile as the character knows it. Frozen, with every card
macro already resolved.

Read only through ``characters.selectors`` (persona, lore), ``scenes`` (the effective
configuration and macro rendering) and ``memories.context`` (the profile and the rolling
summary, in one read), never another app's models."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from memories.context import READ_STAMP as BOARD_NOT_STAMPED
from memories.contracts import ContextItem

#: ``gather_sources(persona=...)`` not given: the persona is read from the chat's.
READ_PERSONA: Any = object()
#: ``gather_sources(lore_stamp=...)`` not given: the lorebooks are read, not cached.
READ_STAMP: Any = object()

LORE_LAYERS = ("lore_before", "lore_after", "lore_depth")
LORE_LAYER_OF_POSITION = {
    "before_char": "lore_before",
    "after_char": "lore_after",
    "at_depth": "lore_depth",
}


@dataclass(frozen=True)
class LoreLine:
    """An entry that fired, as the prompt shows it."""

    entry_id: int
    label: str  # the entry's comment, else its first key
    text: str  # its content, macros resolved
    layer: str  # lore_before | lore_after | lore_depth
    depth: int  # messages from the end, for lore_depth
    insertion_order: int
    matched_key: str  # "" for a constant entry or one matched by meaning
    reason: str  # key | constant | recursion | vector
    score: float | None = None  # similarity to the new message, for reason "vector"


@dataclass(frozen=True)
class TurnSources:
    user_name: str = ""
    persona_description: str = ""
    lore: tuple[LoreLine, ...] = ()
    lore_dropped: int = 0  # fired, but over the lore budgets
    post_history: str = ""
    author_note: str = ""
    author_note_depth: int = 4
    profile: str = ""  # the profile's section of the system message ("" for none)
    # The rolling summary, read with the profile; ``summary_read`` False: the summary layer
    # reads it itself (sources made by hand, a tool's line-up).
    summary: ContextItem | None = None
    summary_read: bool = False
    # Retrieval's scope of the thread for the turn's query, read with the profile
    # (``memories.context.RetrievalScope``); None: retrieval reads it itself.
    retrieval: Any = None
    # The thread's board stamp (``memories.context.board_stamp_of_thread``), read with the
    # reply: the pinned and shared memories of that stamp are kept between turns. Not given:
    # they are read.
    board_stamp: Any = BOARD_NOT_STAMPED

    def lore_for(self, layer: str) -> tuple[LoreLine, ...]:
        return tuple(line for line in self.lore if line.layer == layer)


def _chat_length(thread_id: int | None, history: Sequence) -> int:
    """The chat's visible messages, the new one included (a count only past the prompt's)."""
    from chat.selectors import PROMPT_HISTORY_LIMIT, visible_messages

    if len(history) < PROMPT_HISTORY_LIMIT or thread_id is None:
        return max(len(history), 1)
    return visible_messages(thread_id=thread_id).count()


def _past_lore(history: Sequence, back: int) -> list[tuple[int, dict[int, str]]]:
    """The lore of the replies among the newest ``back`` messages, as (messages ago, {entry
    id: receipt type}), newest first: what the lore's timed effects are derived from."""
    from chat.selectors import lore_of_replies

    replies = [
        (index + 1, message.id)
        for index, message in enumerate(history[:back])
        if message.role == "assistant" and getattr(message, "id", None) is not None
    ]
    if not replies:
        return []
    lore = lore_of_replies(message_ids=[message_id for _, message_id in replies])
    return [(ago, lore.get(message_id, {})) for ago, message_id in replies]


@dataclass(frozen=True)
class NextTurn:
    """A chat's next turn for a would-be new message, as a turn reads its lore: what the
    lorebook test box runs a book against."""

    messages: tuple[str, ...]  # the new message, then the chat's prompt messages, newest first
    chat_length: int  # the chat's visible messages, the new one included
    group_seed: str  # the seed of the turn's inclusion-group draws
    history: tuple = ()  # the prompt messages behind ``messages`` (``PromptMessage``)

    def past_lore(self, back: int) -> list[tuple[int, dict[int, str]]]:
        """The lore of the replies among the newest ``back`` messages (``_past_lore``)."""
        return _past_lore(self.history, back)


def next_turn(*, thread_id: int, text: str) -> NextTurn:
    """The chat's next turn were ``text`` sent now (the caller checked the chat is the
    user's): its messages, length and draw seed as ``gather_sources`` reads them."""
    from chat.selectors import PROMPT_HISTORY_LIMIT, PromptMessage, prompt_history
    from chat.services.guard import next_seq

    seq = next_seq(thread_id)
    before = prompt_history(thread_id=thread_id, before_seq=seq)
    history = (PromptMessage(None, seq, "user", text), *before)
    return NextTurn(
        messages=tuple(message.content for message in history),
        chat_length=len(history)
        if len(before) < PROMPT_HISTORY_LIMIT
        else _chat_length(thread_id, before) + 1,
        group_seed=f"{thread_id}:{seq}",
        history=history,
    )


def gather_sources(
    *,
    thread,
    config,
    user_name: str,
    history: Sequence,
    budgets: Mapping[str, int],
    persona=READ_PERSONA,
    lore_stamp=READ_STAMP,
    board_stamp=BOARD_NOT_STAMPED,
) -> TurnSources:
    """What the role-play layers of ``thread``'s next reply draw from. ``history`` is the
    prompt messages before the reply, newest first (the lore scan reads the newest).
    ``persona`` is the chat's ``PersonaView`` (or None) when the caller read it already;
    ``lore_stamp`` the chat's ``characters.selectors.LoreStamp`` likewise (its lore is then
    kept between turns until the stamp changes); ``board_stamp`` its board stamp likewise
    (its pinned and shared memories kept so)."""
    from characters.selectors import READ_STAMP as LORE_NOT_STAMPED
    from characters.selectors import lore_for_turn, persona_view
    from memories.context import profile_and_summary
    from scenes.prompting import render_card_text

    if persona is READ_PERSONA:
        persona = persona_view(owner_id=thread.owner_id, persona_id=thread.persona_id)
    description = persona.description if persona is not None else ""
    # Without a persona the user picked, the turn calls the user by the name the profile
    # holds ("call me Alex"), when it has one, rather than by the account's name.
    owner = thread.owner  # read with the chat (the reply's read selects it)
    memory = profile_and_summary(
        owner_id=thread.owner_id,
        character_id=thread.character_id,
        thread_id=thread.pk,
        user_name=user_name,
        character_name=config.name,
        name_chosen=persona is not None,
        # Retrieval's query (``Turn.query``: the newest prompt message) and the names its
        # archived messages give the speakers: the persona's, else the user's first name.
        query=history[0].content if history else None,
        scope_user_name=(persona.name if persona is not None else owner.first_name)
        or owner.get_username(),
        scope_character_name=thread.character.name,
    )
    user_name = memory.user_name or user_name

    def card_text(text: str) -> str:
        return render_card_text(text, config, user_name=user_name, persona_description=description)

    lore = lore_for_turn(
        owner_id=thread.owner_id,
        character_id=thread.character_id,
        scene_id=thread.scene_id,
        thread_id=thread.pk,
        messages=[message.content for message in history],
        token_budget=sum(budgets.get(name, 0) for name in LORE_LAYERS),
        stamp=LORE_NOT_STAMPED if lore_stamp is READ_STAMP else lore_stamp,
        chat_length=_chat_length(getattr(thread, "pk", None), history),
        past_lore=lambda back: _past_lore(history, back),
        group_seed=f"{thread.pk}:{getattr(history[0], 'seq', 0) if history else 0}",
    )
    return TurnSources(
        user_name=user_name,
        persona_description=card_text(description),
        lore=tuple(
            LoreLine(
                entry_id=fired.entry_id,
                label=fired.label,
                text=card_text(fired.content),
                layer=LORE_LAYER_OF_POSITION[fired.position],
                depth=fired.depth,
                insertion_order=fired.insertion_order,
                matched_key=fired.matched_key,
                reason=fired.reason,
                score=fired.score,
            )
            for fired in lore.fired
            if fired.content.strip()
        ),
        lore_dropped=lore.dropped,
        post_history=card_text(config.post_history_instructions),
        author_note=card_text(thread.author_note),
        author_note_depth=thread.author_note_depth,
        profile=memory.profile,
        summary=memory.summary,
        summary_read=True,
        retrieval=memory.retrieval,
        board_stamp=board_stamp,
    )
