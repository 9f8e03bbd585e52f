"""Load the versioned prompt files in ``prompts/`` and fill them in.

A prompt file has two sections, introduced by the lines ``### system`` and ``### user``.
Placeholders are ``{{ name }}``; every value is inserted as given (callers pass text that
went through ``transcript.neutralise``), and a placeholder without a value is an error, so a
typo in a prompt fails a test instead of reaching a model.

To change a prompt, add ``<step>_v2.txt`` and point the step at it; the old file stays, so
the prompt behind an existing memory can still be read.

``PromptTemplate.chain(llm, json_schema=...)`` is the step's LangChain runnable: the prompt as
a ``ChatPromptTemplate`` piped into the model (``drawhisper.providers.chains``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from drawhisper.providers.base import ChatMessage
from drawhisper.providers.chains import chat_prompt, completion_chain

PROMPTS_DIR = Path(__file__).resolve().parent / "prompts"
_SECTION = re.compile(r"^### (system|user)\s*$", re.MULTILINE)
_PLACEHOLDER = re.compile(r"\{\{\s*([a-z_]+)\s*\}\}")


@dataclass(frozen=True)
class PromptTemplate:
    name: str
    system: str
    user: str

    def render(self, **values: str) -> list[ChatMessage]:
        return [
            ChatMessage(role="system", content=_fill(self.system, values, self.name)),
            ChatMessage(role="user", content=_fill(self.user, values, self.name)),
        ]

    def chain(self, llm, *, json_schema: dict[str, Any] | None = None):
        """``prompt | model``: invoke with the placeholder values, get a ``Completion``."""
        return completion_chain(
            chat_prompt(system=self.system, user=self.user), llm, json_schema=json_schema
        )


def _fill(text: str, values: dict[str, str], name: str) -> str:
    def substitute(match: re.Match[str]) -> str:
        key = match.group(1)
        if key not in values:
            raise KeyError(f"prompt {name} needs a value for {{{{ {key} }}}}")
        return values[key]

    return _PLACEHOLDER.sub(substitute, text).strip()


@cache
def load_prompt(name: str) -> PromptTemplate:
    raw = (PROMPTS_DIR / f"{name}.txt").read_text(encoding="utf-8")
    parts = _SECTION.split(raw)
    # parts: [preamble, "system", text, "user", text]
    sections = dict(zip(parts[1::2], parts[2::2], strict=True))
    if set(sections) != {"system", "user"}:
        raise ValueError(f"prompt {name} must have a ### system and a ### user section")
    return PromptTemplate(
        name=name, system=sections["system"].strip(), user=sections["user"].strip()
    )
