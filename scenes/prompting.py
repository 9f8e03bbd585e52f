"""Render the system prompt: the exact text the model gets for a character (and scene).

The template is a versioned file next to this module (``prompts/system_v1.txt``); change
the prompt by adding ``system_v2.txt`` and bumping ``PROMPT_VERSION``, so a receipt can say
which version produced a reply.

Invariants:
- User and card text is data. Each value is placed inside a tag, and any text in it that
  looks like one of our tags is neutralised, so a description cannot close its section
  and pose as instructions.
- Card macros are resolved: ``{{char}}`` / ``<BOT>`` become the character's name and
  ``{{user}}`` / ``<USER>`` the user's name; ``{{original}}`` (a card's request to keep the
  default prompt) is dropped because the default prompt is always kept.
- Empty sections are left out; the output has no runs of blank lines.
"""

from __future__ import annotations

import re
from dataclasses import asdict
from functools import cache
from pathlib import Path

from django.template import Context, Engine, Template

from scenes.selectors import EffectiveConfig

PROMPT_VERSION = "system_v1"
PROMPTS_DIR = Path(__file__).resolve().parent / "prompts"
DEFAULT_USER_NAME = "User"

_SECTION_TAGS = (
    "author_instructions",
    "character",
    "personality",
    "scenario",
    "stage_directions",
    "example_dialogue",
)
_TAG_LOOKALIKE = re.compile(
    r"<\s*(/?)\s*(" + "|".join(_SECTION_TAGS) + r")\b([^>]*)>", re.IGNORECASE
)
_CHAR_MACRO = re.compile(r"\{\{\s*char\s*\}\}|<BOT>", re.IGNORECASE)
_USER_MACRO = re.compile(r"\{\{\s*user\s*\}\}|<USER>", re.IGNORECASE)
_ORIGINAL_MACRO = re.compile(r"\{\{\s*original\s*\}\}", re.IGNORECASE)
_BLANK_RUNS = re.compile(r"\n{3,}")


@cache
def _template(version: str) -> Template:
    engine = Engine(autoescape=False)
    return engine.from_string((PROMPTS_DIR / f"{version}.txt").read_text(encoding="utf-8"))


def resolve_macros(text: str, *, character_name: str, user_name: str = DEFAULT_USER_NAME) -> str:
    """Replace the card macros in one piece of text (also used for greetings)."""
    text = _CHAR_MACRO.sub(lambda _: character_name, text)
    return _USER_MACRO.sub(lambda _: user_name, text)


def _as_data(text: str, *, character_name: str, user_name: str) -> str:
    text = resolve_macros(
        text.replace("\r\n", "\n"), character_name=character_name, user_name=user_name
    )
    text = _ORIGINAL_MACRO.sub("", text)
    # "<scenario>" inside a description becomes "‹scenario›": readable, but not our tag.
    text = _TAG_LOOKALIKE.sub(lambda m: f"‹{m.group(1)}{m.group(2)}{m.group(3)}›", text)
    return text.strip()


def render_system_prompt(config: EffectiveConfig, *, user_name: str = DEFAULT_USER_NAME) -> str:
    """The system message for a chat with this configuration."""
    name = " ".join(config.name.split()) or "the character"
    values = {
        key: _as_data(value, character_name=name, user_name=user_name)
        if isinstance(value, str)
        else value
        for key, value in asdict(config).items()
    }
    values["name"] = _as_data(name, character_name=name, user_name=user_name)
    values["scene_title"] = values["scene_title"].replace('"', "'").replace("\n", " ")
    values["user_name"] = user_name
    text = _template(PROMPT_VERSION).render(Context(values, autoescape=False))
    return _BLANK_RUNS.sub("\n\n", text).strip() + "\n"


def render_greeting(config: EffectiveConfig, *, user_name: str = DEFAULT_USER_NAME) -> str:
    """The first message of a new chat, with card macros resolved ("" when there is none)."""
    name = " ".join(config.name.split()) or "the character"
    return resolve_macros(config.greeting, character_name=name, user_name=user_name).strip()


def render_greetings(config: EffectiveConfig, *, user_name: str = DEFAULT_USER_NAME) -> list[str]:
    """Every opening message a chat can start with: the greeting, then the card's alternate
    greetings, macros resolved, empty ones left out. Index 0 is the main greeting when the
    character has one."""
    name = " ".join(config.name.split()) or "the character"
    texts = [config.greeting, *config.alternate_greetings]
    rendered = (
        resolve_macros(text, character_name=name, user_name=user_name).strip() for text in texts
    )
    return [text for text in rendered if text]
