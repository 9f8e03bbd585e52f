"""A chat turn: the context window and each layer's token budget, the sizes of what users send
and import, how often streamed text is flushed, and how lorebooks are scanned."""

from __future__ import annotations

from drawhisper.settings.environment import env

CHAT_CONTEXT_TOKENS = env.int("CHAT_CONTEXT_TOKENS", default=8192)
CHAT_REPLY_TOKENS = env.int("CHAT_REPLY_TOKENS", default=1024)
# Per-layer budgets (tokens) of chat context assembly: one CONTEXT_BUDGET_<LAYER> variable per
# budgeted layer of chat.context.ORDER (the new message takes what is left). A new layer adds
# its default here. The whole prompt never exceeds CHAT_CONTEXT_TOKENS - CHAT_REPLY_TOKENS.
CONTEXT_LAYER_BUDGET_DEFAULTS = {
    "character": 1500,
    "pinned": 600,
    "shared": 600,
    "retrieved": 1000,
    "summary": 600,
    "recent": 2048,
    "persona": 300,
    "profile": 500,
    "lore_before": 500,
    "lore_after": 500,
    "lore_depth": 300,
    "author_note": 200,
    "post_history": 300,
}
CONTEXT_LAYER_BUDGETS = {
    layer: env.int(f"CONTEXT_BUDGET_{layer.upper()}", default=tokens)
    for layer, tokens in CONTEXT_LAYER_BUDGET_DEFAULTS.items()
}
# Chat: the longest message a user may send (characters), and how long a streaming reply may
# go without saving progress before it counts as cut off (its process died).
CHAT_MAX_MESSAGE_CHARS = env.int("CHAT_MAX_MESSAGE_CHARS", default=8000)
CHAT_STALE_REPLY_SECONDS = env.int("CHAT_STALE_REPLY_SECONDS", default=30)
# Chat import (SillyTavern JSONL): the largest file, the most messages and the longest message.
CHAT_IMPORT_MAX_BYTES = env.int("CHAT_IMPORT_MAX_BYTES", default=32 * 1024 * 1024)
# Lore documents (text, Markdown, PDF attached to a character, scene or lorebook).
DOCUMENT_MAX_BYTES = env.int("DOCUMENT_MAX_BYTES", default=16 * 1024 * 1024)
CHAT_IMPORT_MAX_MESSAGES = env.int("CHAT_IMPORT_MAX_MESSAGES", default=20000)
CHAT_IMPORT_MAX_MESSAGE_CHARS = env.int("CHAT_IMPORT_MAX_MESSAGE_CHARS", default=64000)
# Streamed text reaches the browser at most every CHAT_DELTA_FLUSH_MS milliseconds (the first
# piece at once): one channel-layer send per batch instead of one per model token. 0 = every piece.
CHAT_DELTA_FLUSH_MS = env.int("CHAT_DELTA_FLUSH_MS", default=40)
# Lorebooks: how many of the newest messages are scanned for entry keys (an entry or book may
# set its own), and how many passes recursive scanning makes over fired entries' text.
LORE_SCAN_DEPTH = env.int("LORE_SCAN_DEPTH", default=2)
LORE_MAX_RECURSION = env.int("LORE_MAX_RECURSION", default=3)
# SillyTavern's "Use group scoring" for entries that leave theirs null: within an inclusion
# group only the entries that matched the most keys compete.
LORE_GROUP_SCORING = env.bool("LORE_GROUP_SCORING", default=False)
# Lorebook entries matched by meaning (SillyTavern's vectorized entries): the similarity
# (cosine) the new message needs to an entry's content, and how many may fire so per turn.
LORE_VECTOR_THRESHOLD = env.float("LORE_VECTOR_THRESHOLD", default=0.25)
LORE_VECTOR_MAX_ENTRIES = env.int("LORE_VECTOR_MAX_ENTRIES", default=5)
