"""Shared REST plumbing: one error shape, strict input parsing and limits for every endpoint.

Errors are ``{"detail": "<readable sentence>", "errors": {field: [messages]}}`` with a 4xx
status; ``detail`` starts with the path of the first bad value (``document.threads[0]:``).
Django ``ValidationError`` raised by a service becomes a 400, so services stay free of HTTP
types; one about an id in the body that is not the caller's own row (``not_yours``) becomes a
404 naming the field in the view that called the service (``not_yours_answers_404``).

Input is refused rather than guessed at:
- a request body field the endpoint does not take is a 400 naming it (``StrictFieldsMixin``;
  ``refuse_body`` where the endpoint takes no body at all);
- ids and numbers are ASCII digits within the database's range (``IdField``,
  ``StrictIntegerField``): ``abc``, ``²`` and ``99999999999999999999`` are 400s; another
  number is a finite JSON number (``StrictFloatField``), not ``true`` or ``"0.5"``; a yes/no
  is a JSON ``true`` or ``false`` (``StrictBooleanField``), not ``0`` or ``"yes"``;
- ``limit`` and ``offset`` of a paged list are checked the same way (``Pagination``);
- a query parameter a list or export does not take is a 400 naming it (``QuerySerializer``;
  ``refuse_query`` where the list takes no filter);
- a JSON body is at most ``DATA_UPLOAD_MAX_MEMORY_SIZE`` bytes (413) and ``MAX_JSON_DEPTH``
  levels deep (400), with no NaN or Infinity; the chat WebSocket and every uploaded JSON
  file (``json_upload``, cards, each line of a chat file) apply the same ``loads_limited``;
- text that must not be blank once trimmed carries ``NotBlankValidator``, whose pattern the
  OpenAPI schema states (``NOT_BLANK_PATTERN``), as it states DRF's own text rules.

The package's modules, this one its public face (settings name its ``exception_handler``,
``LimitedJSONParser`` and ``Pagination`` here): ``errors`` (the error shape and the exception
handler), ``parsing`` (JSON bodies within the size and depth limits), ``fields`` (strict
fields, ids, text rules and serializers) and ``paging`` (limit/offset pages and their schema).
"""

from drawhisper.api.errors import (
    NOT_YOURS,
    ErrorSerializer,
    exception_handler,
    found_or_404,
    not_yours,
    not_yours_answers_404,
)
from drawhisper.api.fields import (
    ID_MAX,
    NO_NULL_PATTERN,
    NOT_BLANK_PATTERN,
    SEQ_MAX,
    IdField,
    NotBlankValidator,
    QuerySerializer,
    StrictBooleanField,
    StrictFieldsMixin,
    StrictFloatField,
    StrictIntegerField,
    StrictSerializer,
    not_text_errors,
    refuse_body,
    refuse_non_text,
    refuse_query,
)
from drawhisper.api.paging import (
    MAX_PAGE_SIZE,
    PAGE_PARAMETERS,
    Pagination,
    paged,
    paged_response,
)
from drawhisper.api.parsing import (
    MAX_JSON_DEPTH,
    JSONTooDeep,
    LimitedJSONParser,
    RequestTooLarge,
    body_too_large_message,
    json_object_body,
    json_upload,
    loads_limited,
)

__all__ = [
    "exception_handler",
    "ErrorSerializer",
    "NOT_YOURS",
    "found_or_404",
    "not_yours",
    "not_yours_answers_404",
    "MAX_JSON_DEPTH",
    "RequestTooLarge",
    "JSONTooDeep",
    "loads_limited",
    "body_too_large_message",
    "LimitedJSONParser",
    "json_object_body",
    "json_upload",
    "ID_MAX",
    "SEQ_MAX",
    "NO_NULL_PATTERN",
    "NOT_BLANK_PATTERN",
    "NotBlankValidator",
    "StrictIntegerField",
    "StrictFloatField",
    "StrictBooleanField",
    "IdField",
    "not_text_errors",
    "refuse_non_text",
    "refuse_query",
    "refuse_body",
    "StrictFieldsMixin",
    "StrictSerializer",
    "QuerySerializer",
    "MAX_PAGE_SIZE",
    "Pagination",
    "PAGE_PARAMETERS",
    "paged",
    "paged_response",
]
