"""Replay a LoCoMo conversation as a chat and measure each reply's prompt against the full
history (``manage.py bench_tokens``).

The conversation is imported as a chat (``speaker_a`` as the user, ``speaker_b`` as the
character). For each of the character's turns, chat's own context assembly
(``assemble_context``, which reads only the history before the reply's seq) builds the
prompt that reply would get: character, pinned and shared memories, retrieved
items, rolling summary, recent messages and the new message, each within its layer budget.
When a session ends, its observations and summary go through the memory pipeline (as in
``bench_locomo``) and its messages into the archive, as a memory job would have done.
The full history is the same system prompt followed by every earlier message."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from benchmarks.loader import (
    archive_messages,
    create_participants,
    owner,
    session_seqs,
    store_session,
)
from benchmarks.locomo import Conversation
from drawhisper.providers.base import ChatMessage


@dataclass(frozen=True)
class TurnTokens:
    seq: int
    session: int
    prompt_tokens: int
    full_history_tokens: int
    layers: dict[str, int]

    @property
    def share(self) -> float:
        return self.prompt_tokens / self.full_history_tokens if self.full_history_tokens else 0.0


def replay(
    conversation: Conversation, *, progress: Callable[[int], None] | None = None
) -> list[TurnTokens]:
    """Every reply's prompt as the chat would assemble it at that point: the whole
    conversation is imported first (as a user imports a chat), then each reply's context is
    assembled for its seq (history before it only), and each session is memorised and
    archived once its last turn has passed, so a reply sees the memories of the sessions
    before its own."""
    from chat.context import assemble_context, prompt_tokens
    from chat.selectors import thread_get
    from scenes.prompting import render_system_prompt
    from scenes.selectors import effective_config

    tick = progress or (lambda _n: None)
    loaded = create_participants(conversation)
    thread = thread_get(user=owner(loaded), thread_id=loaded.thread_id)
    user_name = conversation.speaker_a
    system_prompt = render_system_prompt(
        effective_config(character=thread.character, scene=thread.scene), user_name=user_name
    )
    history: list[ChatMessage] = [ChatMessage(role="system", content=system_prompt)]
    rows: list[TurnTokens] = []
    for session in conversation.sessions():
        seqs = session_seqs(conversation, session)
        for seq in seqs:
            turn = conversation.turns[seq - 1]
            is_reply = turn.speaker != conversation.speaker_a
            if is_reply and len(history) > 1:
                assembled = assemble_context(thread=thread, reply_seq=seq, user_name=user_name)
                rows.append(
                    TurnTokens(
                        seq=seq,
                        session=session,
                        prompt_tokens=prompt_tokens(assembled.messages),
                        full_history_tokens=prompt_tokens(history),
                        layers={
                            name: usage.tokens for name, usage in assembled.receipt.layers.items()
                        },
                    )
                )
            role = "user" if not is_reply else "assistant"
            history.append(ChatMessage(role=role, content=turn.text))
            tick(1)
        store_session(loaded, session)
        archive_messages(loaded, end_seq=seqs[-1])
    return rows


def summarise(rows: list[TurnTokens], *, every: int = 10) -> dict:
    if not rows:
        return {"replies": 0}
    last = rows[-1]
    prompt_total = sum(row.prompt_tokens for row in rows)
    full_total = sum(row.full_history_tokens for row in rows)
    sample = rows[::every] + ([last] if (len(rows) - 1) % every else [])
    return {
        "replies": len(rows),
        "last_turn": {
            "seq": last.seq,
            "prompt_tokens": last.prompt_tokens,
            "full_history_tokens": last.full_history_tokens,
            "share": round(100 * last.share, 1),
            "layers": last.layers,
        },
        "max_prompt_tokens": max(row.prompt_tokens for row in rows),
        "all_replies": {
            "prompt_tokens": prompt_total,
            "full_history_tokens": full_total,
            "share": round(100 * prompt_total / full_total, 1) if full_total else 0.0,
        },
        "turns": [
            {
                "seq": row.seq,
                "session": row.session,
                "prompt_tokens": row.prompt_tokens,
                "full_history_tokens": row.full_history_tokens,
                "share": round(100 * row.share, 1),
            }
            for row in sample
        ],
    }
