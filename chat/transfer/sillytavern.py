"""SillyTavern chat files (JSONL): read one into messages, write a thread out as one.

The format, as SillyTavern writes it: the first line is a header object with ``user_name``,
``character_name``, ``create_date`` and ``chat_metadata``; every following line is one
message ``{"name", "is_user", "is_system", "send_date", "mes", "extra", "swipes"?,
"swipe_id"?}``. A message with ``swipes`` shows ``swipes[swipe_id]`` (its ``mes``).

Reading is strict where losing data would be silent and lenient where SillyTavern itself is:
a line that is not a JSON object, a message without text, or a ``swipe_id`` outside its
``swipes`` is refused with its line number; unknown keys are ignored (SillyTavern and its
extensions add their own); ``is_system`` lines (hidden notes) are skipped and counted.
``send_date`` may be ISO 8601, milliseconds since the epoch, or SillyTavern's own
"November 30, 2026 8:15pm" style; an unreadable one is refused with its line number.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from django.utils.dateparse import parse_datetime

from drawhisper.api import JSONTooDeep, loads_limited

MAX_LINE_CHARS = 2_000_000
HUMAN_DATE_FORMATS = (
    "%B %d, %Y %I:%M%p",
    "%B %d, %Y %I:%M %p",
    "%B %d, %Y %H:%M",
    "%Y-%m-%d@%Hh%Mm%Ss",
)


class ChatFileError(ValueError):
    """A chat file that cannot be read; ``line`` is 1-based (0 for the file as a whole)."""

    def __init__(self, message: str, *, line: int = 0):
        super().__init__(message if not line else f"Line {line}: {message}")
        self.line = line


@dataclass(frozen=True)
class ParsedMessage:
    is_user: bool
    name: str
    text: str
    sent_at: datetime | None
    swipes: tuple[str, ...] = ()
    swipe_id: int = 0
    line: int = 0


@dataclass
class ParsedChat:
    user_name: str = ""
    character_name: str = ""
    created_at: datetime | None = None
    messages: list[ParsedMessage] = field(default_factory=list)
    skipped_system: int = 0


def parse_send_date(value: Any, *, line: int) -> datetime | None:
    if value in (None, ""):
        return None
    if isinstance(value, bool):
        raise ChatFileError("send_date must be a date.", line=line)
    if isinstance(value, int | float):
        try:
            return datetime.fromtimestamp(value / 1000, tz=UTC)
        except (OverflowError, OSError, ValueError) as error:
            raise ChatFileError("send_date is out of range.", line=line) from error
    if not isinstance(value, str):
        raise ChatFileError("send_date must be a date.", line=line)
    text = value.strip()
    try:
        parsed = parse_datetime(text)
    except ValueError as error:
        raise ChatFileError(f"send_date {text[:40]!r} is not a valid date.", line=line) from error
    if parsed is None:
        for pattern in HUMAN_DATE_FORMATS:
            try:
                parsed = datetime.strptime(text, pattern)
                break
            except ValueError:
                continue
    if parsed is None:
        raise ChatFileError(f"send_date {text[:40]!r} is not a date I can read.", line=line)
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def _text(value: Any, *, line: int, name: str) -> str:
    if not isinstance(value, str):
        raise ChatFileError(f"{name} must be text.", line=line)
    if "\x00" in value:
        raise ChatFileError(f"{name} contains a NUL character.", line=line)
    return value


def _message(record: dict[str, Any], *, line: int) -> ParsedMessage:
    if "mes" not in record:
        raise ChatFileError("a message needs 'mes' (its text).", line=line)
    text = _text(record["mes"], line=line, name="mes")
    is_user = record.get("is_user", False)
    if not isinstance(is_user, bool):
        raise ChatFileError("is_user must be true or false.", line=line)
    name = _text(record.get("name", ""), line=line, name="name")
    swipes_raw = record.get("swipes") or []
    if not isinstance(swipes_raw, list):
        raise ChatFileError("swipes must be a list of texts.", line=line)
    swipes = tuple(_text(swipe, line=line, name="swipes[]") for swipe in swipes_raw)
    swipe_id = record.get("swipe_id", 0) if swipes else 0
    if swipes:
        if isinstance(swipe_id, bool) or not isinstance(swipe_id, int):
            raise ChatFileError("swipe_id must be a whole number.", line=line)
        if not 0 <= swipe_id < len(swipes):
            raise ChatFileError(
                f"swipe_id {swipe_id} is outside its {len(swipes)} swipes.", line=line
            )
        if len(swipes) == 1 or is_user:
            swipes, swipe_id = (), 0
    return ParsedMessage(
        is_user=is_user,
        name=name,
        text=swipes[swipe_id] if swipes else text,
        sent_at=parse_send_date(record.get("send_date"), line=line),
        swipes=swipes,
        swipe_id=swipe_id,
        line=line,
    )


def parse_chat(data: bytes | str, *, max_messages: int, max_message_chars: int) -> ParsedChat:
    """Read a SillyTavern JSONL chat. Raises ChatFileError naming the line that is wrong."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise ChatFileError("The file is not UTF-8 text.") from error
    chat = ParsedChat()
    saw_header = False
    for number, raw in enumerate(data.splitlines(), start=1):
        if not raw.strip():
            continue
        if len(raw) > MAX_LINE_CHARS:
            raise ChatFileError("the line is too long.", line=number)
        try:
            record = loads_limited(raw)
        except JSONTooDeep as error:
            raise ChatFileError(str(error), line=number) from None
        except json.JSONDecodeError as error:
            raise ChatFileError(f"not valid JSON ({error.msg}).", line=number) from None
        except ValueError as error:  # NaN, Infinity or a number too large
            raise ChatFileError(f"not valid JSON: {error}", line=number) from None
        if not isinstance(record, dict):
            raise ChatFileError("each line must be a JSON object.", line=number)
        if not saw_header:
            saw_header = True
            if "mes" not in record:
                chat.user_name = _text(record.get("user_name", ""), line=number, name="user_name")
                chat.character_name = _text(
                    record.get("character_name", ""), line=number, name="character_name"
                )
                chat.created_at = parse_send_date(record.get("create_date"), line=number)
                continue
        if record.get("is_system") is True:
            chat.skipped_system += 1
            continue
        message = _message(record, line=number)
        if any(len(text) > max_message_chars for text in (message.text, *message.swipes)):
            raise ChatFileError(
                f"a message is longer than {max_message_chars} characters.", line=number
            )
        chat.messages.append(message)
        if len(chat.messages) > max_messages:
            raise ChatFileError(
                f"the chat has more than {max_messages} messages, the most one import takes.",
                line=number,
            )
    if not chat.messages:
        raise ChatFileError("The file holds no messages.")
    return chat


def _send_date(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def render_chat(
    *, user_name: str, character_name: str, created_at: datetime, messages: list[dict[str, Any]]
) -> str:
    """SillyTavern JSONL for a chat. ``messages``: ``{"is_user", "text", "sent_at",
    "swipes" (texts in order, the shown one among them), "swipe_id"}``."""
    header = {
        "user_name": user_name,
        "character_name": character_name,
        "create_date": _send_date(created_at),
        "chat_metadata": {},
    }
    lines = [json.dumps(header, ensure_ascii=False)]
    for message in messages:
        record: dict[str, Any] = {
            "name": user_name if message["is_user"] else character_name,
            "is_user": message["is_user"],
            "is_system": False,
            "send_date": _send_date(message["sent_at"]),
            "mes": message["text"],
            "extra": {},
        }
        if len(message.get("swipes") or ()) > 1:
            record["swipes"] = list(message["swipes"])
            record["swipe_id"] = message["swipe_id"]
        lines.append(json.dumps(record, ensure_ascii=False))
    return "\n".join(lines) + "\n"
