"""Build the prompt of one reply from the layer units of ``ORDER``, and its receipt.

The run, mirroring the memory pipeline's runner:

1. fill: layers are visited in ``fill`` order. Each gets its budget (its setting, capped by
   what the prompt has left; a layer that is not budgeted gets all that is left), gathers its
   candidates, has them de-duplicated against what earlier layers claimed (``unclaimed``),
   fits them (the trim policy of ``chat.context.trim``) and claims what it holds.
2. shed: if the exact count of the whole prompt is still over
   ``CHAT_CONTEXT_TOKENS - CHAT_REPLY_TOKENS`` (token merges where two pieces meet), layers
   give back one piece at a time in ``shed`` order until it fits.
3. render and receipt: the layers' system texts, in prompt order, make one system message;
   their chat messages follow in prompt order, those with a ``depth`` inserted before the
   ``depth``-th last message of the conversation. The receipt lists every layer in prompt
   order and the items of each.

De-duplication, in this one place: an item (``(kind, id)``) goes into the first layer in fill
order that is offered it. A memory section claims everything it was offered, kept or left out
for its budget (a pinned memory too large for the pinned layer is not retrieved instead); the
recent window claims only the messages it kept.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.conf import settings

from chat.context.budget import REPLY_PRIMING_TOKENS, layer_budgets, prompt_tokens
from chat.context.layers import (
    ORDER,
    ContextLayer,
    FittedLayer,
    Key,
    SectionLayer,
    Slot,
    Turn,
    check_order,
)
from chat.context.receipts import Receipt
from chat.context.sources import (
    BOARD_NOT_STAMPED,
    READ_PERSONA,
    READ_STAMP,
    TurnSources,
    gather_sources,
)
from drawhisper.providers.base import ChatMessage

LAYERS = tuple(slot.name for slot in ORDER)
CONVERSATION = ("user", "assistant")
HEADINGS = {slot.name: slot.layer.heading for slot in ORDER if isinstance(slot.layer, SectionLayer)}


@dataclass(frozen=True)
class AssembledContext:
    messages: tuple[ChatMessage, ...]
    receipt: Receipt
    user_name: str = ""  # the name the prompt calls the user by ("" when built from parts)


def unclaimed(layer: ContextLayer, candidates: Sequence[Any], claimed: frozenset[Key]) -> list[Any]:
    """``candidates`` without those an earlier layer claimed, and without repeats (the first
    one stays)."""
    seen = set(claimed)
    kept = []
    for candidate in candidates:
        key = layer.key(candidate)
        if key is not None:
            if key in seen:
                continue
            seen.add(key)
        kept.append(candidate)
    return kept


def claims_of(layer: ContextLayer, offered: Sequence[Any], fitted: FittedLayer) -> frozenset:
    held = offered if layer.claims_left_out else fitted.kept
    return frozenset(key for key in map(layer.key, held) if key is not None)


def fill(
    turn: Turn, order: Sequence[Slot], budgets: Mapping[str, int], room: int
) -> Mapping[str, FittedLayer]:
    """Every layer fitted, each within its budget and the ``room`` the earlier ones left."""
    for slot in sorted(order, key=lambda slot: slot.fill):
        layer = slot.layer
        budget = min(budgets[layer.name], room) if layer.budgeted else room
        budget = max(budget, 0)
        offered = unclaimed(layer, layer.gather(turn, budget), turn.claimed)
        fitted = layer.fit(offered, budget)
        turn = turn.with_fitted(fitted, claims=claims_of(layer, offered, fitted))
        room -= fitted.tokens
    return turn.fitted


def depth_position(chat: Sequence[ChatMessage], depth: int) -> int:
    """Where a message at ``depth`` goes among the in-order chat messages: before the
    ``depth``-th last message of the conversation (user and character; other instructions
    are not counted), as SillyTavern counts depth. 0 is the very end; deeper than the
    conversation is before its first message."""
    spoken = [index for index, message in enumerate(chat) if message.role in CONVERSATION]
    if depth <= 0 or not spoken:
        return len(chat)
    return spoken[max(len(spoken) - depth, 0)]


def render(fitted: Sequence[FittedLayer]) -> list[ChatMessage]:
    """One system message, then the chat messages; ``fitted`` in prompt order. A layer with a
    ``depth`` has its messages placed by ``depth_position``; several at one place keep
    prompt order."""
    system = "".join(layer.system_text() for layer in fitted)
    chat = [message for layer in fitted if layer.depth is None for message in layer.chat_messages()]
    placed = [
        (depth_position(chat, layer.depth), layer.chat_messages())
        for layer in fitted
        if layer.depth is not None
    ]
    # A layer whose pieces each have a depth of their own (at-depth lore) places them itself.
    placed += [
        (depth_position(chat, depth), (message,))
        for layer in fitted
        for depth, message in getattr(layer, "placed_messages", tuple)()
    ]
    ordered: list[ChatMessage] = [ChatMessage(role="system", content=system)]
    for index in range(len(chat) + 1):
        ordered += [message for at, messages in placed if at == index for message in messages]
        ordered += chat[index : index + 1]
    return ordered


def shed(
    fitted: Mapping[str, FittedLayer], order: Sequence[Slot], total_budget: int
) -> list[FittedLayer]:
    """The fitted layers in prompt order, smaller until the exact count fits."""
    return shed_and_render(fitted, order, total_budget)[0]


def shed_and_render(
    fitted: Mapping[str, FittedLayer], order: Sequence[Slot], total_budget: int
) -> tuple[list[FittedLayer], list[ChatMessage], int]:
    """``shed``, with the prompt the layers render and its exact count (the receipt's
    total), so neither is done again."""
    layers = {slot.name: fitted[slot.name] for slot in order}
    givers = [slot.name for slot in sorted(order, key=lambda slot: slot.shed)]
    while True:
        messages = render(list(layers.values()))
        total = prompt_tokens(messages)
        overflow = total - total_budget
        if overflow <= 0:
            break
        for name in givers:
            smaller = layers[name].shed(overflow)
            if smaller is not None:
                layers[name] = smaller
                break
        else:
            break  # only fixed overheads left: a budget this small cannot hold a prompt
    return list(layers.values()), messages, total


def receipt_of(fitted: Sequence[FittedLayer], total_tokens: int, budget: int) -> Receipt:
    return Receipt(
        layers={layer.name: layer.usage() for layer in fitted},
        items=tuple(item for layer in fitted for item in layer.receipt_items()),
        total_tokens=total_tokens,
        budget_tokens=budget,
    )


def build_context(
    *,
    thread_id: int,
    system_prompt: str,
    history: Sequence,
    budgets: Mapping[str, int] | None = None,
    context_tokens: int | None = None,
    reply_tokens: int | None = None,
    order: Sequence[Slot] | None = None,
    sources: TurnSources | None = None,
    owner_id: int | None = None,
    character_id: int | None = None,
) -> AssembledContext:
    """Assemble the prompt from the character prompt and ``history`` (the thread's prompt
    messages before the reply, newest first; the newest is answered when it is the user's).

    ``budgets`` override ``settings.CONTEXT_LAYER_BUDGETS`` per layer; ``order`` replaces
    ``ORDER`` (a tool or test running another line-up); ``sources`` are the role-play
    sources (persona, lore, author's note, post-history instructions) of the turn;
    ``owner_id`` and ``character_id`` the thread's, when the caller knows them."""
    order = ORDER if order is None else tuple(order)
    check_order(order)
    budgeted = [slot.name for slot in order if slot.layer.budgeted]
    budget_of = layer_budgets(budgeted, budgets)
    context_tokens = settings.CHAT_CONTEXT_TOKENS if context_tokens is None else context_tokens
    reply_tokens = settings.CHAT_REPLY_TOKENS if reply_tokens is None else reply_tokens
    total_budget = max(context_tokens - reply_tokens, 0)

    turn = Turn.from_history(
        thread_id=thread_id,
        system_prompt=system_prompt,
        history=history,
        sources=sources,
        owner_id=owner_id,
        character_id=character_id,
    )
    fitted = fill(turn, order, budget_of, total_budget - REPLY_PRIMING_TOKENS)
    layers, messages, total_tokens = shed_and_render(fitted, order, total_budget)
    return AssembledContext(
        messages=tuple(messages), receipt=receipt_of(layers, total_tokens, total_budget)
    )


def assemble_context(
    *,
    thread,
    reply_seq: int,
    user_name: str,
    persona=READ_PERSONA,
    lore_stamp=READ_STAMP,
    board_stamp=BOARD_NOT_STAMPED,
) -> AssembledContext:
    """The prompt for the reply that will take ``reply_seq`` in ``thread``; ``persona`` the
    chat's ``PersonaView`` (or None) when the caller read it already, ``lore_stamp`` its
    ``characters.selectors.LoreStamp`` and ``board_stamp`` its
    ``memories.context.board_stamp_of_thread`` likewise."""
    from chat.selectors import prompt_history
    from scenes.prompting import render_system_prompt
    from scenes.selectors import effective_config

    config = effective_config(character=thread.character, scene=thread.scene)
    history = prompt_history(thread_id=thread.pk, before_seq=reply_seq)
    sources = gather_sources(
        thread=thread,
        config=config,
        user_name=user_name,
        history=history,
        budgets=layer_budgets((), None),
        persona=persona,
        lore_stamp=lore_stamp,
        board_stamp=board_stamp,
    )
    assembled = build_context(
        thread_id=thread.pk,
        system_prompt=render_system_prompt(
            config, user_name=sources.user_name, persona_description=sources.persona_description
        ),
        history=history,
        sources=sources,
        owner_id=thread.owner_id,
        character_id=thread.character_id,
    )
    return replace(assembled, user_name=sources.user_name)
