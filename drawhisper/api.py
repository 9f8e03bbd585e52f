"""Shared REST plumbing: one error shape for every endpoint.

Errors are ``{"detail": "<readable sentence>", "errors": {field: [messages]}}`` with a 4xx
status. Django ``ValidationError`` raised by a service becomes a 400, so services stay free
of HTTP types."""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


def _first_message(errors: object) -> str:
    if isinstance(errors, dict):
        for field, value in errors.items():
            message = _first_message(value)
            if field in ("non_field_errors", "__all__", "detail"):
                return message
            return f"{field}: {message}"
    if isinstance(errors, list) and errors:
        return _first_message(errors[0])
    return str(errors)


def exception_handler(exc: Exception, context: dict) -> Response | None:
    if isinstance(exc, DjangoValidationError):
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
