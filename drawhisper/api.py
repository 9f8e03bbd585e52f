"""Shared REST plumbing: one error shape, strict input parsing and limits for every endpoint.

Errors are ``{"detail": "<readable sentence>", "errors": {field: [messages]}}`` with a 4xx
status; ``detail`` starts with the path of the first bad value (``document.threads[0]:``).
Django ``ValidationError`` raised by a service becomes a 400, so services stay free of HTTP
types.

Input is refused rather than guessed at:
- a request body field the endpoint does not take is a 400 naming it (``StrictFieldsMixin``);
- ids and numbers are ASCII digits within the database's range (``IdField``,
  ``StrictIntegerField``): ``abc``, ``²`` and ``99999999999999999999`` are 400s; a yes/no
  is a JSON ``true`` or ``false`` (``StrictBooleanField``), not ``0`` or ``"yes"``;
- ``limit`` and ``offset`` of a paged list are checked the same way (``Pagination``);
- a JSON body is at most ``DATA_UPLOAD_MAX_MEMORY_SIZE`` bytes (413) and ``MAX_JSON_DEPTH``
  levels deep (400); the chat WebSocket applies the same ``loads_limited``;
- text that must not be blank once trimmed carries ``NotBlankValidator``, whose pattern the
  OpenAPI schema states (``NOT_BLANK_PATTERN``), as it states DRF's own text rules.
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.validators import RegexValidator
from django.http import QueryDict
from drf_spectacular.utils import OpenApiParameter
from rest_framework import exceptions, serializers, status
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.parsers import JSONParser
from rest_framework.response import Response

ID_MAX = 2**63 - 1  # bigint primary keys
SEQ_MAX = 2**31 - 1  # PositiveIntegerField columns (message seqs, source ranges)
MAX_JSON_DEPTH = 64  # a card with a lorebook is about 6 deep; export documents about 5
MAX_PAGE_SIZE = 500

# --------------------------------------------------------------------------- errors


def _problem_path(path: tuple) -> str:
    text = ""
    for key in path:
        if key in ("non_field_errors", "__all__", "detail"):
            continue
        if isinstance(key, int) or (isinstance(key, str) and key.isdigit()):
            text += f"[{key}]"
        else:
            text += f".{key}" if text else str(key)
    return text


def _first_problem(errors: object, path: tuple = ()) -> tuple[tuple, str] | None:
    """(path, message) of the first error in DRF's nested error structure."""
    if isinstance(errors, Mapping):
        for key, value in errors.items():
            if (found := _first_problem(value, (*path, key))) is not None:
                return found
        return None
    if isinstance(errors, list):
        for index, value in enumerate(errors):
            nested = isinstance(value, Mapping | list)
            if (found := _first_problem(value, (*path, index) if nested else path)) is not None:
                return found
        return None
    return path, str(errors)


def _first_message(errors: object) -> str:
    found = _first_problem(errors)
    if found is None:
        return "The request is invalid."
    path, message = found
    where = _problem_path(path)
    return f"{where}: {message}" if where else message


def exception_handler(exc: Exception, context: dict) -> Response | None:
    # Imported here: DRF's views read the parser setting, which imports this module.
    from rest_framework.views import exception_handler as drf_exception_handler

    if isinstance(exc, RequestDataTooBig):  # a body DRF read through HttpRequest.body
        exc = RequestTooLarge(body_too_large_message(None, settings.DATA_UPLOAD_MAX_MEMORY_SIZE))
    elif isinstance(exc, TooManyFieldsSent):
        exc = exceptions.ParseError("The request has too many fields.")
    elif isinstance(exc, DjangoValidationError):
        detail = (
            exc.message_dict if hasattr(exc, "error_dict") else {"non_field_errors": exc.messages}
        )
        exc = exceptions.ValidationError(detail=detail)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if (
        isinstance(exc, exceptions.ValidationError)
        and response.status_code == status.HTTP_400_BAD_REQUEST
    ):
        errors = response.data
        response.data = {"detail": _first_message(errors), "errors": errors}
    return response


class RequestTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "The request body is too large."
    default_code = "too_large"


class ErrorSerializer(serializers.Serializer):
    """The body of every 4xx answer (documents the schema)."""

    detail = serializers.CharField(help_text="A readable sentence, led by the bad field's path.")
    errors = serializers.DictField(
        required=False, help_text="Every bad field with its messages (validation errors only)."
    )
    code = serializers.CharField(required=False, help_text="A machine-readable reason (409).")


# --------------------------------------------------------------------------- JSON limits


class JSONTooDeep(ValueError):
    pass


def _depth_exceeds(value: Any, limit: int) -> bool:
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > limit:
                return True
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows.")


def loads_limited(text: str | bytes, *, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """``json.loads`` that refuses NaN/Infinity and nesting deeper than ``max_depth`` with a
    ``ValueError`` (``JSONTooDeep`` for the depth) instead of a ``RecursionError``."""
    message = f"JSON is nested too deeply: at most {max_depth} levels of objects and lists."
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise JSONTooDeep(message) from None
    if _depth_exceeds(value, max_depth):
        raise JSONTooDeep(message)
    return value


def body_too_large_message(size: int | None, limit: int) -> str:
    at_most = f"{limit / 1_048_576:g} MB" if limit >= 1_048_576 else f"{limit:,} bytes"
    if size is None:
        return f"The request body is too large (at most {at_most})."
    return f"The request body is too large: {size / 1_048_576:.1f} MB, at most {at_most}."


class LimitedJSONParser(JSONParser):
    """DRF's JSON parser with a size limit (413) and a depth limit (400).

    DRF reads the body from the request stream, past Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE``
    check, so the limit is applied here, to the declared length and to what is read."""

    def parse(self, stream, media_type=None, parser_context=None):
        parser_context = parser_context or {}
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        request = parser_context.get("request")
        meta = getattr(request, "META", {})
        try:
            declared = int(meta.get("CONTENT_LENGTH") or 0)
        except ValueError:
            declared = 0
        if limit is not None and declared > limit:
            raise RequestTooLarge(body_too_large_message(declared, limit))
        raw = stream.read() if limit is None else stream.read(limit + 1)
        if limit is not None and len(raw) > limit:
            raise RequestTooLarge(body_too_large_message(len(raw), limit))
        encoding = parser_context.get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = codecs.decode(raw, encoding)
        except (UnicodeDecodeError, LookupError):
            raise exceptions.ParseError(f"The body is not {encoding} text.") from None
        try:
            return loads_limited(text)
        except JSONTooDeep as error:
            raise exceptions.ParseError(str(error)) from None
        except ValueError as error:
            raise exceptions.ParseError(f"JSON parse error - {error}") from None


# --------------------------------------------------------------------------- strict fields

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


def json_object_body(request) -> dict:
    """The request body as a dict, for endpoints whose service checks the fields itself;
    any other JSON value (a list, a number) is a 400."""
    if not isinstance(request.data, dict):
        raise exceptions.ValidationError({"non_field_errors": ["The body must be a JSON object."]})
    return dict(request.data)


def not_text_errors(field: serializers.Field, value: Any) -> list | dict | None:
    """The errors of a number (or any non-text) where a text field, or a list of text, takes
    text, as DRF words a field's errors (by index for a list); ``None`` when there are none.
    DRF's ``CharField`` turns a number into text, where the schema says ``string``."""
    if value is None:
        return None
    if isinstance(field, serializers.CharField) and not isinstance(value, str):
        return [field.error_messages.get("invalid") or "Must be text."]
    if (
        isinstance(field, serializers.ListField)
        and isinstance(field.child, serializers.CharField)
        and isinstance(value, list)
    ):
        message = field.child.error_messages.get("invalid") or "Must be text."
        by_index = {
            index: [message] for index, item in enumerate(value) if not isinstance(item, str)
        }
        return by_index or None
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


class QuerySerializer(serializers.Serializer):
    """Query-string filters. DRF reads ``?type=`` as if the filter were absent and returns the
    whole list; here a blank value is refused unless the field allows blank text."""

    def to_internal_value(self, data):
        if hasattr(data, "getlist"):
            blank = [
                name
                for name, field in self.fields.items()
                if data.get(name) == "" and not getattr(field, "allow_blank", False)
            ]
            if blank:
                message = "Give a value or leave the filter out."
                raise serializers.ValidationError({name: [message] for name in blank})
        return super().to_internal_value(data)


# --------------------------------------------------------------------------- pagination


class Pagination(LimitOffsetPagination):
    """``?limit=&offset=`` with a 400 for a value that is not a whole number in range, where
    DRF falls back to the default page or passes the number to the database."""

    max_limit = MAX_PAGE_SIZE

    def _param(self, request, name: str, *, minimum: int, maximum: int, default: int) -> int:
        raw = request.query_params.get(name)
        if raw is None:
            return default
        field = StrictIntegerField(min_value=minimum, max_value=maximum)
        try:
            return field.run_validation(raw)
        except serializers.ValidationError as error:
            raise serializers.ValidationError({name: error.detail}) from None

    def get_limit(self, request):
        return self._param(
            request,
            self.limit_query_param,
            minimum=1,
            maximum=self.max_limit,
            default=self.default_limit,
        )

    def get_offset(self, request):
        return self._param(request, self.offset_query_param, minimum=0, maximum=ID_MAX, default=0)


PAGE_PARAMETERS = [
    OpenApiParameter(
        "limit",
        {"type": "integer", "minimum": 1, "maximum": MAX_PAGE_SIZE},
        description=f"Items per page, 1 to {MAX_PAGE_SIZE} (default 50).",
    ),
    OpenApiParameter(
        "offset",
        {"type": "integer", "minimum": 0, "maximum": ID_MAX},
        description="Items to skip (default 0).",
    ),
]


@cache
def paged(serializer_class: type[serializers.Serializer]) -> type[serializers.Serializer]:
    """The schema of one page of ``serializer_class`` items, as ``Pagination`` answers it."""
    name = serializer_class.__name__.removesuffix("Serializer").removesuffix("Output")
    return type(
        f"Paged{name}List",
        (serializers.Serializer,),
        {
            "__doc__": f"One page of {name} items.",
            "count": serializers.IntegerField(help_text="Items in the whole list."),
            "next": serializers.URLField(allow_null=True, help_text="The next page, or null."),
            "previous": serializers.URLField(allow_null=True, help_text="The previous page."),
            "results": serializer_class(many=True),
        },
    )
