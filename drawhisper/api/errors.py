"""The one error shape of every 4xx answer: ``{"detail", "errors"}`` with ``detail`` led by
the path of the first bad value, Django ``ValidationError`` from a service turned into a 400,
and the serializer that documents the shape in the schema (``ErrorSerializer``).

An id in the path that a selector does not find among the caller's rows answers 404
(``found_or_404``). An id in a request body that is not one of the caller's own rows
(another user's or a missing one) answers 404 naming the field, as an id in the path does. A
service says so with a Django ``ValidationError`` naming the field (``not_yours`` builds
one), so it stays free of HTTP types; the REST view that called it turns that error into the
404 (``not_yours_answers_404``), and any other error stays the 400 it is.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TypeVar

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response

from drawhisper.api.parsing import RequestTooLarge, body_too_large_message


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


Row = TypeVar("Row")


def found_or_404(row: Row | None, message: str) -> Row:
    """``row``, or a 404 ``{"detail": message}`` when a selector found none (another user's
    row is not found either, so it answers exactly as a missing one)."""
    if row is None:
        raise exceptions.NotFound(message)
    return row


# The code of a ValidationError about an id that is not one of the caller's own rows.
NOT_YOURS = "not_yours"


def not_yours(field: str, message: str) -> DjangoValidationError:
    """The error a service raises when the id in ``field`` is not one of the caller's own
    rows (another user's or a missing one): a REST view answers it 404, naming ``field``."""
    return DjangoValidationError({field: DjangoValidationError(message, code=NOT_YOURS)})


@contextmanager
def not_yours_answers_404(*fields: str) -> Iterator[None]:
    """Turn a service's ``ValidationError`` about a row that is not the caller's into a 404
    ``{"detail": "<field>: <message>"}``: an error built by ``not_yours``, or any error on
    one of ``fields`` (a service whose only error there is that one). Other errors pass."""
    try:
        yield
    except DjangoValidationError as error:
        for name, errors in getattr(error, "error_dict", {}).items():
            if name in fields or any(item.code == NOT_YOURS for item in errors):
                message = error.message_dict[name][0]
                raise exceptions.NotFound(f"{name}: {message}") from error
        raise


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


class ErrorSerializer(serializers.Serializer):
    """The body of every 4xx answer (documents the schema)."""

    detail = serializers.CharField(help_text="A readable sentence, led by the bad field's path.")
    errors = serializers.DictField(
        required=False, help_text="Every bad field with its messages (validation errors only)."
    )
    code = serializers.CharField(required=False, help_text="A machine-readable reason (409).")
