"""Strict input fields: ids and integers as ASCII digits within the database's range, other
numbers as finite JSON numbers, yes/no as JSON ``true`` or ``false``, text not blank once trimmed (with the pattern the schema
states), a number refused where text is taken, unknown body fields refused by name, and the
strict body and query-string serializers built on them; ``refuse_body`` for an endpoint
that takes no body.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from django.core.validators import RegexValidator
from django.http import QueryDict
from rest_framework import serializers

ID_MAX = 2**63 - 1  # bigint primary keys


SEQ_MAX = 2**31 - 1  # PositiveIntegerField columns (message seqs, source ranges)


# What ``str.strip()`` removes (``str.isspace()``), spelt out: ECMA's ``\s``, which the
# schema's validators use, leaves out U+001C-U+001F and U+0085, which Python strips.
_WHITESPACE = r"\t\n\x0b\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"


NO_NULL_PATTERN = r"^[^\x00]*$"


NOT_BLANK_PATTERN = rf"^[^\x00]*[^\x00{_WHITESPACE}][^\x00]*$"


class NotBlankValidator(RegexValidator):
    """Text with something in it besides whitespace (and no null character, which DRF's
    ``CharField`` refuses anyway); drf-spectacular writes its regex as the field's pattern."""

    regex = NOT_BLANK_PATTERN
    code = "blank"

    def __init__(self, message: str) -> None:
        super().__init__(message=message)


_ASCII_INTEGER = re.compile(r"[+-]?[0-9]{1,25}")


class StrictIntegerField(serializers.IntegerField):
    """An integer given as a JSON number or as ASCII digits, within ``min_value`` and
    ``max_value`` (by default the range of a PostgreSQL integer). DRF's ``IntegerField``
    takes ``"1.0"``, any Unicode digit and numbers no column can hold."""

    default_error_messages = {"invalid": "A whole number is required (digits 0-9)."}

    def __init__(self, **kwargs):
        kwargs.setdefault("min_value", -SEQ_MAX - 1)
        kwargs.setdefault("max_value", SEQ_MAX)
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if isinstance(data, bool):
            self.fail("invalid")
        if isinstance(data, int):
            return data
        if isinstance(data, str) and _ASCII_INTEGER.fullmatch(data):
            return int(data)
        self.fail("invalid")


class StrictFloatField(serializers.FloatField):
    """A finite number given as a JSON number, within ``min_value`` and ``max_value``. DRF's
    ``FloatField`` also takes ``true`` (as 1.0) and text such as ``"0.5"``, and fails with a
    500 on an integer too large to be a float."""

    default_error_messages = {"invalid": "A number is required."}

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int | float):
            self.fail("invalid")
        try:
            value = float(data)
        except OverflowError:
            self.fail("invalid")
        if not math.isfinite(value):
            self.fail("invalid")
        return value


class StrictBooleanField(serializers.BooleanField):
    """``true`` or ``false``. DRF's ``BooleanField`` also takes ``0``, ``1``, ``"yes"``,
    ``"on"`` and more, which the schema's ``boolean`` does not allow; a form, where every value
    is text, may send ``"true"`` or ``"false"``."""

    default_error_messages = {"invalid": "Must be true or false."}

    def to_internal_value(self, data):
        if isinstance(data, bool):
            return data
        if isinstance(getattr(self.root, "initial_data", None), QueryDict) and data in (
            "true",
            "false",
        ):
            return data == "true"
        self.fail("invalid")


class IdField(StrictIntegerField):
    """The id of a row: a whole number from 1 to the largest bigint."""

    def __init__(self, **kwargs):
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", ID_MAX)
        super().__init__(**kwargs)


def not_text_errors(field: serializers.Field, value: Any) -> list | dict | None:
    """The errors of a number (or any non-text) where a text field, or a list of text, takes
    text, or of text over the field's length as sent, as DRF words a field's errors (by index
    for a list); ``None`` when there are none. DRF's ``CharField`` turns a number into text,
    where the schema says ``string``."""
    if value is None:
        return None
    if isinstance(field, serializers.CharField):
        return _text_errors(field, value)
    if (
        isinstance(field, serializers.ListField)
        and isinstance(field.child, serializers.CharField)
        and isinstance(value, list)
    ):
        by_index = {
            index: errors
            for index, item in enumerate(value)
            if (errors := _text_errors(field.child, item))
        }
        return by_index or None
    return None


def _not_text_message(field: serializers.CharField) -> str:
    """The field's own message for a value that is not text, else ``CharField``'s "Not a
    valid string.": a ``URLField``'s or ``EmailField``'s ``invalid`` message ("Enter a valid
    URL.") is about the text's form, which a number does not have."""
    message = field.error_messages.get("invalid")
    if message is None or message == type(field).default_error_messages.get("invalid"):
        return serializers.CharField.default_error_messages["invalid"]
    return message


def _text_errors(field: serializers.CharField, value: Any) -> list | None:
    """A non-text value, or text longer than the field's ``max_length`` as sent: DRF trims
    whitespace before it counts, so a 201-character line starting with a space would pass a
    200-character limit the schema states for the text as sent."""
    if not isinstance(value, str):
        return [_not_text_message(field)]
    if field.max_length is not None and len(value) > field.max_length:
        return [field.error_messages["max_length"].format(max_length=field.max_length)]
    return None


def refuse_non_text(fields: Mapping[str, serializers.Field], data: Mapping) -> None:
    """Raise a ``ValidationError`` naming each of ``fields`` that ``data`` gives a non-text
    value where the field takes text (``not_text_errors``)."""
    not_text = {
        name: errors
        for name, field in fields.items()
        if name in data and (errors := not_text_errors(field, data[name]))
    }
    if not_text:
        raise serializers.ValidationError(not_text)


class StrictFieldsMixin:
    """Refuse request body fields the serializer does not define, naming them, instead of
    dropping them silently (a misspelt ``persona`` would otherwise save nothing), and a number
    where a field takes text."""

    refuses_unknown_fields = True  # the schema says so (drawhisper.api_schema)

    def to_internal_value(self, data):
        if isinstance(data, Mapping):
            known = [name for name, field in self.fields.items() if not field.read_only]
            unknown = [key for key in data if key not in known]
            if unknown:
                message = f"Unknown field. This endpoint takes: {', '.join(known) or 'nothing'}."
                raise serializers.ValidationError({str(key): [message] for key in unknown})
            refuse_non_text(self.fields, data)
        return super().to_internal_value(data)


class StrictSerializer(StrictFieldsMixin, serializers.Serializer):
    pass


def refuse_body(request) -> None:
    """For an endpoint that takes no body: a field sent anyway is a 400 naming it, as on any
    other endpoint, instead of being dropped (a ``title`` sent to a branch would otherwise
    make a branch under another title and say nothing). No body, or ``{}``, is fine."""
    if request.data is None:
        return
    StrictSerializer(data=request.data).is_valid(raise_exception=True)


# Query parameters read besides a serializer's own: DRF's ``?format=`` everywhere, and a paged
# list's page (``Pagination``) on a paged list only.
_PARAMETERS_READ_ELSEWHERE = frozenset({"format"})
_PAGE_PARAMETERS = ("limit", "offset")


def refuse_repeated(data) -> None:
    """A query parameter given twice is a 400 naming it: DRF reads the last one and drops the
    others (``?character=1&character=2`` would answer character 2's memories alone)."""
    repeated = [name for name in data if len(data.getlist(name)) > 1]
    if repeated:
        message = "Given more than once; give it once."
        raise serializers.ValidationError({name: [message] for name in repeated})


class QuerySerializer(serializers.Serializer):
    """Query-string filters. DRF reads ``?type=`` as if the filter were absent and returns the
    whole list; here a blank value is refused unless the field allows blank text. A parameter
    the list does not take is refused by name: a misspelt ``?charcter=4`` would otherwise
    answer every memory as if it were the character's. A parameter given twice is refused too
    (``refuse_repeated``). ``paged``: the list is paged, so ``limit`` and ``offset`` are taken
    too (and named as taken); elsewhere they are unknown like any other."""

    paged = False

    def to_internal_value(self, data):
        if hasattr(data, "getlist"):
            refuse_repeated(data)
            names = [*self.fields, *(_PAGE_PARAMETERS if self.paged else ())]
            unknown = [
                name
                for name in data
                if name not in names and name not in _PARAMETERS_READ_ELSEWHERE
            ]
            if unknown:
                taken = ", ".join(names) or "no parameters"
                message = f"Unknown parameter. This endpoint takes: {taken}."
                raise serializers.ValidationError({name: [message] for name in unknown})
            blank = [
                name
                for name, field in self.fields.items()
                if data.get(name) == "" and not getattr(field, "allow_blank", False)
            ]
            if blank:
                message = "Give a value or leave the filter out."
                raise serializers.ValidationError({name: [message] for name in blank})
        return super().to_internal_value(data)


def refuse_query(request, *, paged: bool = False) -> None:
    """For an endpoint that takes no query parameter (a ``paged`` list: none besides its
    page): one given is a 400 naming it, as on the lists that take filters, instead of
    answering as if a misspelt ``?nme=`` had filtered it."""
    serializer = QuerySerializer(data=request.query_params)
    serializer.paged = paged
    serializer.is_valid(raise_exception=True)
