"""JSON request bodies within limits: at most ``DATA_UPLOAD_MAX_MEMORY_SIZE`` bytes (413)
and ``MAX_JSON_DEPTH`` levels deep (400), NaN and Infinity refused (``loads_limited``, which
the chat WebSocket uses too), and a body that must be a JSON object.
"""

from __future__ import annotations

import codecs
import json
import math
from typing import Any

from django.conf import settings
from rest_framework import exceptions, status
from rest_framework.parsers import JSONParser

MAX_JSON_DEPTH = 64  # a card with a lorebook is about 6 deep; export documents about 5


class RequestTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "The request body is too large."
    default_code = "too_large"


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


def _finite_float(text: str) -> float:
    # ``1e400`` is valid JSON that Python reads as infinity, which no column or setting takes.
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is too large a number.")
    return value


def loads_limited(text: str | bytes, *, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """``json.loads`` that refuses NaN/Infinity (spelt so, or a number too large to be
    finite, such as ``1e400``) and nesting deeper than ``max_depth`` with a ``ValueError``
    (``JSONTooDeep`` for the depth) instead of a ``RecursionError``."""
    message = f"JSON is nested too deeply: at most {max_depth} levels of objects and lists."
    try:
        value = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
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


def json_object_body(request) -> dict:
    """The request body as a dict, for endpoints whose service checks the fields itself;
    any other JSON value (a list, a number) is a 400."""
    if not isinstance(request.data, dict):
        raise exceptions.ValidationError({"non_field_errors": ["The body must be a JSON object."]})
    return dict(request.data)


def json_upload(upload, *, max_bytes: int) -> Any:
    """The JSON of an uploaded import file (a UTF-8 byte-order mark allowed), read by
    ``loads_limited``; a file over ``max_bytes``, not JSON, nested too deeply or holding NaN
    or Infinity is a 400 under ``file``."""
    if upload.size > max_bytes:
        limit = f"{max_bytes // (1024 * 1024)} MB"
        raise exceptions.ValidationError(
            {"file": [f"The file is too large: the limit is {limit}."]}
        )
    try:
        text = upload.read().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise exceptions.ValidationError({"file": ["The file is not UTF-8 text."]}) from None
    try:
        return loads_limited(text)
    except JSONTooDeep as error:
        raise exceptions.ValidationError({"file": [f"The file's {error}"]}) from None
    except json.JSONDecodeError as error:
        where = f"line {error.lineno}, column {error.colno}"
        message = f"The file is not valid JSON ({error.msg} at {where})."
        raise exceptions.ValidationError({"file": [message]}) from None
    except ValueError as error:
        message = f"The file is not valid JSON: {error}"
        raise exceptions.ValidationError({"file": [message]}) from None
