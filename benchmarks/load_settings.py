"""Settings of the daphne servers that ``manage.py bench_load`` starts: the project's settings,
with the chat model reached through the real OpenAI adapter (``LLM_PROVIDER=openai``) at the
local fake streaming server the command starts (``OPENAI_BASE_URL``), so the adapter's request
and stream parsing are measured as in production."""

from __future__ import annotations

from drawhisper.settings import *  # noqa: F403
