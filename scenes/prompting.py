"""Render the system prompt: the exact text the model gets for a character (and scene).

The template is a versioned file next to this module (``prompts/system_v2.txt``); change
the prompt by adding ``system_v3.txt`` and bumping ``PROMPT_VERSION``, so a receipt can say
which version produced a reply.

Invariants:
- User and card text is data. Each value is placed inside a tag, and any text in it that
  looks like one of our tags is neutralised, so a description cannot close its section
  and pose as instructions.
- A card's ``system_prompt`` takes the place of the app's own instructions
  (``prompts/original_v2.txt``), as in SillyTavern; where it writes ``{{original}}`` the
  app's instructions are kept at that spot, so ``{{original}}`` plus a line extends them.
- Card macros are resolved in every field (:func:`resolve_macros`): ``{{char}}`` /
  ``<BOT>``, ``{{user}}`` / ``<USER>``, ``{{persona}}``, ``{{description}}``,
  ``{{personality}}``, ``{{scenario}}``, ``{{time}}``, ``{{date}}``, ``{{weekday}}``,
  ``{{isodate}}``, ``{{isotime}}``, ``{{newline}}``, ``{{noop}}``, ``{{trim}}``,
  ``{{random:a,b}}`` / ``{{random::a::b}}``, ``{{pick::a::b}}`` (stable per text) and
  ``{{roll:d6}}``. Unknown macros are left as written.
- Empty sections are left out; the output has no runs of blank lines.
- The system prompt depends only on its inputs (the configuration's texts, the user's name,
  the persona's description) unless a text holds a macro of the moment (``{{time}}``,
  ``{{date}}``, ``{{weekday}}``, ``{{isodate}}``, ``{{isotime}}``, ``{{random}}``,
  ``{{roll}}``): the latest renders of the others are kept per process, keyed on those
  inputs themselves, so an edit is a new key and shows at once; the others render each time.
"""

from __future__ import annotations

import random
import re
import zlib
from collections.abc import Mapping
from dataclasses import asdict
from datetime import datetime
from functools import cache, lru_cache
from pathlib import Path

from django.template import Context, Engine, Template

from scenes.selectors import EffectiveConfig

# The configuration's texts (every one may hold macros).
_TEXT_FIELDS = tuple(
    name for name, kind in EffectiveConfig.__annotations__.items() if kind in ("str", str)
)

PROMPT_VERSION = "system_v2"
ORIGINAL_VERSION = "original_v2"
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
_ORIGINAL_MACRO = re.compile(r"\{\{\s*original\s*\}\}", re.IGNORECASE)
_MACRO = re.compile(r"\{\{\s*([a-zA-Z_]+)\s*(?:(::?)(.*?))?\s*\}\}|<(BOT|USER)>", re.DOTALL)
_TRIM = re.compile(r"\s*\{\{\s*trim\s*\}\}\s*", re.IGNORECASE)
_DICE = re.compile(r"^\s*(\d*)d(\d+)\s*([+-]\s*\d+)?\s*$", re.IGNORECASE)
_BLANK_RUNS = re.compile(r"\n{3,}")
# Macros whose text changes from one render to the next.
_MOMENT_MACRO = re.compile(
    r"\{\{\s*(?:time|date|weekday|isodate|isotime|random|roll)\b", re.IGNORECASE
)


@cache
def _template(version: str) -> Template:
    engine = Engine(autoescape=False)
    return engine.from_string((PROMPTS_DIR / f"{version}.txt").read_text(encoding="utf-8"))


def _choices(separator: str, argument: str) -> list[str]:
    if separator == "::":
        return argument.split("::")
    return [part.strip() for part in argument.split(",")]


def _roll(argument: str, rng: random.Random) -> str | None:
    dice = _DICE.match(argument)
    if not dice:
        return None
    count = min(int(dice.group(1) or 1), 100)
    sides = max(int(dice.group(2)), 1)
    bonus = int(dice.group(3).replace(" ", "")) if dice.group(3) else 0
    return str(sum(rng.randint(1, sides) for _ in range(count)) + bonus)


def resolve_macros(
    text: str,
    *,
    character_name: str,
    user_name: str = DEFAULT_USER_NAME,
    values: Mapping[str, str] | None = None,
    now: datetime | None = None,
    rng: random.Random | None = None,
) -> str:
    """Replace the card macros in one piece of text (any field: greetings, lore, notes).

    ``values`` gives the text of ``{{persona}}``, ``{{description}}``, ``{{personality}}`` and
    ``{{scenario}}``; ``now`` and ``rng`` make the time and random macros reproducible."""
    if "{{" not in text and "<" not in text:
        return text
    values = values or {}
    moment = now or datetime.now()
    chooser = rng or random.Random()

    def replace(match: re.Match) -> str:
        if match.group(4):
            return character_name if match.group(4).upper() == "BOT" else user_name
        name = match.group(1).lower()
        separator, argument = match.group(2), match.group(3)
        if argument is None:
            simple = {
                "char": character_name,
                "user": user_name,
                "newline": "\n",
                "noop": "",
                "time": moment.strftime("%H:%M"),
                "date": moment.strftime("%B %d, %Y").replace(" 0", " "),
                "weekday": moment.strftime("%A"),
                "isodate": moment.date().isoformat(),
                "isotime": moment.strftime("%H:%M"),
            }
            if name in simple:
                return simple[name]
            if name in ("persona", "description", "personality", "scenario"):
                return values.get(name, "")
            return match.group(0)
        if name == "random":
            return chooser.choice(_choices(separator, argument))
        if name == "pick":
            options = _choices(separator, argument)
            return options[zlib.crc32(text.encode("utf-8")) % len(options)]
        if name == "roll":
            rolled = _roll(argument, chooser)
            return rolled if rolled is not None else match.group(0)
        return match.group(0)

    text = _TRIM.sub("", text) if "trim" in text.lower() else text
    return _MACRO.sub(replace, text)


def _macro_values(config: EffectiveConfig, persona_description: str) -> dict[str, str]:
    return {
        "persona": persona_description,
        "description": config.description,
        "personality": config.personality,
        "scenario": config.scenario,
    }


def _as_data(text: str, *, character_name: str, user_name: str, values=None) -> str:
    text = resolve_macros(
        text.replace("\r\n", "\n"),
        character_name=character_name,
        user_name=user_name,
        values=values,
    )
    text = _ORIGINAL_MACRO.sub("", text)
    # "<scenario>" inside a description becomes "‹scenario›": readable, but not our tag.
    text = _TAG_LOOKALIKE.sub(lambda m: f"‹{m.group(1)}{m.group(2)}{m.group(3)}›", text)
    return text.strip()


def _instructions(
    config: EffectiveConfig, *, name: str, user_name: str, values: Mapping[str, str]
) -> str:
    """The app's instructions, or the card's system prompt in their place."""
    original = (
        _template(ORIGINAL_VERSION)
        .render(Context({"name": name, "user_name": user_name}, autoescape=False))
        .strip()
    )
    card = config.system_prompt.replace("\r\n", "\n")
    if not card.strip():
        return original
    parts = _ORIGINAL_MACRO.split(card)
    rendered = [
        _TAG_LOOKALIKE.sub(
            lambda m: f"‹{m.group(1)}{m.group(2)}{m.group(3)}›",
            resolve_macros(part, character_name=name, user_name=user_name, values=values),
        )
        for part in parts
    ]
    return original.join(rendered).strip()


def render_system_prompt(
    config: EffectiveConfig,
    *,
    user_name: str = DEFAULT_USER_NAME,
    persona_description: str = "",
) -> str:
    """The system message for a chat with this configuration."""
    for field_name in _TEXT_FIELDS:
        value = getattr(config, field_name)
        if "{{" in value and _MOMENT_MACRO.search(value):
            return _render_system_prompt(config, user_name, persona_description)
    return _kept_system_prompt(config, user_name, persona_description)


def _render_system_prompt(config: EffectiveConfig, user_name: str, persona_description: str):
    name = " ".join(config.name.split()) or "the character"
    macro_values = _macro_values(config, persona_description)
    values = {
        key: _as_data(value, character_name=name, user_name=user_name, values=macro_values)
        if isinstance(value, str)
        else value
        for key, value in asdict(config).items()
    }
    values["name"] = _as_data(name, character_name=name, user_name=user_name)
    values["scene_title"] = values["scene_title"].replace('"', "'").replace("\n", " ")
    values["user_name"] = user_name
    values["instructions"] = _instructions(
        config, name=name, user_name=user_name, values=macro_values
    )
    text = _template(PROMPT_VERSION).render(Context(values, autoescape=False))
    return _BLANK_RUNS.sub("\n\n", text).strip() + "\n"


# A chat's turns render the same prompt: the latest renders, keyed on all their inputs.
_kept_system_prompt = lru_cache(maxsize=512)(_render_system_prompt)


def render_card_text(
    text: str,
    config: EffectiveConfig,
    *,
    user_name: str = DEFAULT_USER_NAME,
    persona_description: str = "",
) -> str:
    """Any other card or chat text bound for the prompt (lore entries, post-history
    instructions, an author's note) with macros resolved and our tags neutralised."""
    name = " ".join(config.name.split()) or "the character"
    return _as_data(
        text,
        character_name=name,
        user_name=user_name,
        values=_macro_values(config, persona_description),
    )


def render_greeting(config: EffectiveConfig, *, user_name: str = DEFAULT_USER_NAME) -> str:
    """The first message of a new chat, with card macros resolved ("" when there is none)."""
    name = " ".join(config.name.split()) or "the character"
    return resolve_macros(
        config.greeting, character_name=name, user_name=user_name, values=_macro_values(config, "")
    ).strip()


def render_card_display(
    text: str, config: EffectiveConfig, *, user_name: str = DEFAULT_USER_NAME
) -> str:
    """A card field as a page shows it (description, scenario, a greeting): macros resolved
    as a new chat would read them, surrounding blank space trimmed; HTML is the page's to
    escape."""
    name = " ".join(config.name.split()) or "the character"
    return resolve_macros(
        text, character_name=name, user_name=user_name, values=_macro_values(config, "")
    ).strip()


def render_greetings(config: EffectiveConfig, *, user_name: str = DEFAULT_USER_NAME) -> list[str]:
    """Every opening message a chat can start with: the greeting, then the card's alternate
    greetings, macros resolved, empty ones left out. Index 0 is the main greeting when the
    character has one."""
    texts = [config.greeting, *config.alternate_greetings]
    rendered = (render_card_display(text, config, user_name=user_name) for text in texts)
    return [text for text in rendered if text]
