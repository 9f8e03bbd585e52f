"""Build the prompt of one reply inside its token budget, and the receipt of what went in.

Layers, in prompt order (the first is a stable prefix providers can cache):

1. ``character``: the character and scene system prompt, plus a fixed note on how to read
   the memory sections;
2. ``pinned``, 3. ``shared``, 4. ``retrieved``, 5. ``summary``: sections of the same system
   message, under the headings in ``HEADINGS``, one ``- `` line per item;
6. ``recent``: the latest messages of the thread, as chat messages;
7. ``new``: the user message being answered.

Budgets come from ``settings.CONTEXT_LAYER_BUDGETS`` (``new`` has none: it always goes in,
clipped only if it alone would overflow). The whole prompt never exceeds
``CHAT_CONTEXT_TOKENS - CHAT_REPLY_TOKENS``: layers are filled in priority order (character,
new, pinned, shared, summary, recent, retrieved), each within its budget and what is left;
retrieval runs last because it looks only before the first recent message. What does not fit
is dropped lowest score first (recent: oldest first); a final exact count trims further if
rounding ever leaves the prompt over.

The memory layers come only from ``memories.context`` (the seam between the apps).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.conf import settings

from chat.context.budget import (
    MESSAGE_OVERHEAD_TOKENS,
    REPLY_PRIMING_TOKENS,
    FittedSection,
    fit_recent,
    fit_section,
    message_cost,
    plain_line,
    prompt_tokens,
)
from chat.context.receipts import LayerUsage, Receipt, ReceiptItem
from drawhisper.providers.base import ChatMessage
from drawhisper.tokens import count_tokens, truncate_to_tokens
from memories import context as memory_context
from memories.context import ContextItem

LAYERS = ("character", "pinned", "shared", "retrieved", "summary", "recent", "new")
HEADINGS = {
    "pinned": "### Pinned memories",
    "shared": "### Shared memories",
    "retrieved": "### Relevant memories",
    "summary": "### Story so far",
}
MEMORY_NOTES_VERSION = "memory_notes_v1"
_PROMPTS = Path(__file__).resolve().parent / "prompts"


@cache
def memory_notes() -> str:
    return (_PROMPTS / f"{MEMORY_NOTES_VERSION}.txt").read_text(encoding="utf-8").strip()


@dataclass(frozen=True)
class AssembledContext:
    messages: tuple[ChatMessage, ...]
    receipt: Receipt


def _not_before(item: ContextItem, before_seq: int | None) -> bool:
    """An archived message at or after the recent window would repeat what the model sees."""
    seq = item.start_seq if item.start_seq is not None else item.end_seq
    return before_seq is not None and seq is not None and seq >= before_seq


def _role(message) -> str:
    return "user" if message.role == "user" else "assistant"


def build_context(
    *,
    thread_id: int,
    system_prompt: str,
    history: Sequence,
    budgets: Mapping[str, int] | None = None,
    context_tokens: int | None = None,
    reply_tokens: int | None = None,
) -> AssembledContext:
    """Assemble the prompt from the character prompt and ``history`` (the thread's prompt
    messages before the reply, newest first; the newest is answered when it is the user's)."""
    budgets = dict(settings.CONTEXT_LAYER_BUDGETS if budgets is None else budgets)
    context_tokens = settings.CHAT_CONTEXT_TOKENS if context_tokens is None else context_tokens
    reply_tokens = settings.CHAT_REPLY_TOKENS if reply_tokens is None else reply_tokens
    total_budget = max(context_tokens - reply_tokens, 0)
    remaining = total_budget - REPLY_PRIMING_TOKENS

    # 1. character: the stable prefix.
    character_budget = max(min(budgets.get("character", 0), remaining), 0)
    character_text = f"{system_prompt.strip()}\n\n{memory_notes()}"
    if message_cost(character_text) > character_budget:
        character_text = truncate_to_tokens(
            character_text, character_budget - MESSAGE_OVERHEAD_TOKENS
        )
    character_tokens = message_cost(character_text) if character_text else 0
    remaining -= character_tokens

    # 7. new: the message being answered always goes in.
    new_message = history[0] if history and history[0].role == "user" else None
    older = list(history[1:] if new_message is not None else history)
    new_text = ""
    new_budget = max(remaining, 0)
    if new_message is not None:
        new_text = new_message.content
        if message_cost(new_text) > new_budget:
            new_text = truncate_to_tokens(new_text, new_budget - MESSAGE_OVERHEAD_TOKENS)
        remaining -= message_cost(new_text)

    def layer_budget(name: str) -> int:
        return max(min(budgets.get(name, 0), remaining), 0)

    # 2-3. pinned and shared memories.
    pinned_items = memory_context.pinned_memories(thread_id=thread_id)
    pinned_budget = layer_budget("pinned")
    pinned = fit_section(pinned_items, heading=HEADINGS["pinned"], budget=pinned_budget)
    remaining -= pinned.tokens

    pinned_ids = {item.id for item in pinned_items if item.kind == "memory"}
    shared_items = [
        item
        for item in memory_context.shared_memories(thread_id=thread_id)
        if not (item.kind == "memory" and item.id in pinned_ids)
    ]
    shared_budget = layer_budget("shared")
    shared = fit_section(shared_items, heading=HEADINGS["shared"], budget=shared_budget)
    remaining -= shared.tokens

    # 5. the rolling summary.
    summary_item = memory_context.rolling_summary(thread_id=thread_id)
    summary_budget = layer_budget("summary")
    summary = fit_section(
        [summary_item] if summary_item is not None else [],
        heading=HEADINGS["summary"],
        budget=summary_budget,
        line=plain_line,
    )
    remaining -= summary.tokens

    # 6. recent messages, newest kept first.
    recent_budget = layer_budget("recent")
    recent = fit_recent(older, budget=recent_budget)
    remaining -= recent.tokens

    # 4. retrieved: only what lies before the recent window and is not already in.
    if recent.messages:
        before_seq = recent.messages[0].seq
    elif new_message is not None:
        before_seq = new_message.seq
    else:
        before_seq = None
    retrieved_budget = layer_budget("retrieved")
    query = new_message.content if new_message is not None else (older[0].content if older else "")
    excluded_memory_ids = pinned_ids | {item.id for item in shared_items if item.kind == "memory"}
    present = {("summary", summary_item.id)} if summary_item is not None else set()
    recent_ids = {message.pk for message in recent.messages}
    retrieved_items: list[ContextItem] = []
    if query and retrieved_budget > 0:
        for item in memory_context.retrieve(
            thread_id=thread_id,
            query=query,
            budget_tokens=retrieved_budget,
            exclude_memory_ids=sorted(excluded_memory_ids),
            before_seq=before_seq,
        ):
            if item.kind == "memory" and item.id in excluded_memory_ids:
                continue
            if item.kind == "message" and (item.id in recent_ids or _not_before(item, before_seq)):
                continue
            if (item.kind, item.id) in present:
                continue
            present.add((item.kind, item.id))
            retrieved_items.append(item)
    retrieved = fit_section(retrieved_items, heading=HEADINGS["retrieved"], budget=retrieved_budget)
    remaining -= retrieved.tokens

    sections = {"pinned": pinned, "shared": shared, "retrieved": retrieved, "summary": summary}
    recent_messages = list(recent.messages)
    recent_dropped = recent.dropped

    def render() -> list[ChatMessage]:
        system = character_text + "".join(
            sections[name].render() for name in ("pinned", "shared", "retrieved", "summary")
        )
        messages = [ChatMessage(role="system", content=system)]
        messages += [
            ChatMessage(role=_role(message), content=message.content) for message in recent_messages
        ]
        if new_message is not None:
            messages.append(ChatMessage(role="user", content=new_text))
        return messages

    messages = render()
    # Token counts of the pieces add up to the whole in practice; if they ever do not, trim
    # the least valuable content until the exact count fits.
    while prompt_tokens(messages) > total_budget:
        if recent_messages:
            recent_messages.pop(0)
            recent_dropped += 1
        elif name := next(
            (n for n in ("retrieved", "summary", "shared", "pinned") if sections[n].lines), None
        ):
            section = sections[name]
            lines = section.lines[:-1]
            sections[name] = FittedSection(
                section.heading,
                lines,
                section.dropped + 1,
                (count_tokens(f"\n\n{section.heading}") + sum(line.tokens for line in lines))
                if lines
                else 0,
            )
        elif character_text or new_text:
            overflow = prompt_tokens(messages) - total_budget
            if character_text:
                character_text = truncate_to_tokens(
                    character_text, max(count_tokens(character_text) - overflow, 0)
                )
            else:
                new_text = truncate_to_tokens(new_text, max(count_tokens(new_text) - overflow, 0))
        else:
            break  # only fixed overheads left: a budget this small cannot hold a prompt
        messages = render()

    recent_tokens = sum(message_cost(message.content) for message in recent_messages)
    layers = {
        "character": LayerUsage(
            tokens=message_cost(character_text), budget=character_budget, items=1
        ),
        **{
            name: LayerUsage(
                tokens=sections[name].tokens,
                budget=budget,
                items=len(sections[name].lines),
                dropped=sections[name].dropped,
            )
            for name, budget in (
                ("pinned", pinned_budget),
                ("shared", shared_budget),
                ("retrieved", retrieved_budget),
                ("summary", summary_budget),
            )
        },
        "recent": LayerUsage(
            tokens=recent_tokens,
            budget=recent_budget,
            items=len(recent_messages),
            dropped=recent_dropped,
        ),
        "new": LayerUsage(
            tokens=message_cost(new_text) if new_message is not None else 0,
            budget=new_budget,
            items=1 if new_message is not None else 0,
        ),
    }
    items = tuple(
        ReceiptItem(
            layer=name,
            kind=line.item.kind,
            id=line.item.id,
            score=line.item.score,
            tokens=line.tokens,
            title=line.item.title,
            type=line.item.type,
            truncated=line.truncated,
        )
        for name in ("pinned", "shared", "retrieved", "summary")
        for line in sections[name].lines
    )
    return AssembledContext(
        messages=tuple(messages),
        receipt=Receipt(
            layers=layers,
            items=items,
            total_tokens=prompt_tokens(messages),
            budget_tokens=total_budget,
        ),
    )


def assemble_context(*, thread, reply_seq: int, user_name: str) -> AssembledContext:
    """The prompt for the reply that will take ``reply_seq`` in ``thread``."""
    from chat.selectors import prompt_history
    from scenes.prompting import render_system_prompt
    from scenes.selectors import effective_config

    config = effective_config(character=thread.character, scene=thread.scene)
    return build_context(
        thread_id=thread.pk,
        system_prompt=render_system_prompt(config, user_name=user_name),
        history=prompt_history(thread_id=thread.pk, before_seq=reply_seq),
    )
