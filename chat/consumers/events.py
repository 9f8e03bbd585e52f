"""Checking what a client sends on the chat socket, with the rules and messages of REST.

An event is a JSON object with a known ``type`` and only that type's fields
(``EVENT_FIELDS``); every text value passes the checks DRF's ``CharField`` runs on a REST
body. A problem is reported as one readable sentence led by the field's name.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import ProhibitNullCharactersValidator
from rest_framework.exceptions import ValidationError as InputError
from rest_framework.fields import ProhibitSurrogateCharactersValidator

# The fields of each client event; anything else is refused, as REST refuses unknown fields.
EVENT_FIELDS = {
    "message.send": ("type", "content", "client_id"),
    "reply.regenerate": ("type",),
    "reply.continue": ("type",),
    "reply.stop": ("type",),
}
# What each field takes, worded as DRF words a REST body's field: (required, may be null,
# what a value of another kind is told). ``client_id`` is a UUID as text; the service reads it.
FIELD_RULES = {
    "content": (True, False, "Not a valid string."),
    "client_id": (False, True, "Must be a valid UUID."),
}
# The checks DRF's CharField runs on every text value of a REST body.
TEXT_VALIDATORS = (ProhibitNullCharactersValidator(), ProhibitSurrogateCharactersValidator())


def event_problem(event: dict[str, Any]) -> str | None:
    """The first problem with a client event of a known type, led by the field's name: a
    field the event does not take, one it needs left out, null, or a value that is not
    text."""
    fields = EVENT_FIELDS[event["type"]]
    for name in event:
        if name not in fields:
            return f"{name}: Unknown field. This event takes: {', '.join(fields)}."
    for name, (required, nullable, not_text) in FIELD_RULES.items():
        if name not in fields:
            continue
        if name not in event:
            if required:
                return f"{name}: This field is required."
        elif event[name] is None:
            if not nullable:
                return f"{name}: This field may not be null."
        elif not isinstance(event[name], str):
            return f"{name}: {not_text}"
    for name, value in event.items():
        if not isinstance(value, str):
            continue
        for validator in TEXT_VALIDATORS:
            try:
                validator(value)
            except (ValidationError, InputError) as error:
                messages = error.messages if isinstance(error, ValidationError) else error.detail
                return f"{name}: {' '.join(str(message) for message in messages)}"
    return None


def validation_error(error: ValidationError) -> tuple[str, str]:
    """The first problem of a service's ValidationError as (code, readable detail)."""
    errors = (
        [item for items in error.error_dict.values() for item in items]
        if hasattr(error, "error_dict")
        else error.error_list
    )
    first = errors[0] if errors else error
    return first.code or "invalid_message", " ".join(first.messages)
