"""The OpenAPI schema's description of what every endpoint takes and answers.

``ApiSchema`` (``DEFAULT_SCHEMA_CLASS``) states the rules the serializers apply, so that a
request the schema calls valid is one the server accepts, and one it calls invalid is refused:

- a request body whose serializer refuses unknown fields (``refuses_unknown_fields``, as
  ``StrictFieldsMixin`` does) is an object with ``additionalProperties: false``;
- text fields say what DRF's ``CharField`` refuses: a null character anywhere, and, unless
  blank text is allowed, text that is empty (or only whitespace, when it is trimmed);
- an upload is ``format: binary`` (drf-spectacular writes ``uri`` without split components);
- a body is documented as JSON, the format every client uses; an endpoint that takes files
  documents ``multipart/form-data`` instead, or both, each with its own shape, through
  ``extend_schema(request={media type: serializer})``. Form-encoded bodies are still parsed
  but not documented: they cannot carry lists, objects or null.

It also adds the error answers drf-spectacular cannot see in an ``APIView``: 400 (for every
GET too, which refuses a query parameter it does not take), 401/403,
404 and 413, and 429 where the view throttles, each with ``drawhisper.api.ErrorSerializer``'s
shape. A 409 is declared by the view that answers it (``extend_schema(responses=...)``). Kept apart from
``drawhisper.api`` because DRF imports that module while its views load, and
drf-spectacular's schema class imports those views."""

from __future__ import annotations

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers
from rest_framework.parsers import JSONParser, MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.settings import api_settings

from drawhisper.api import (
    NO_NULL_PATTERN,
    NOT_BLANK_PATTERN,
    ErrorSerializer,
)


class ApiSchema(AutoSchema):
    """drf-spectacular's schema plus the error answers every endpoint really gives: 400 for
    bad input, 401/403 without valid credentials, 404 for an id that is not the caller's, 413
    for a body over the limit; all with ``ErrorSerializer``'s shape."""

    def map_parsers(self) -> list[str]:
        parsers = self.view.get_parsers()
        if any(isinstance(parser, JSONParser) for parser in parsers):
            return ["application/json"]
        if any(isinstance(parser, MultiPartParser) for parser in parsers):
            return ["multipart/form-data"]
        return super().map_parsers()

    def _map_basic_serializer(self, serializer, direction):
        outer, self._direction = getattr(self, "_direction", None), direction
        try:
            schema = super()._map_basic_serializer(serializer, direction)
        finally:
            self._direction = outer
        if direction == "request" and getattr(serializer, "refuses_unknown_fields", False):
            schema["additionalProperties"] = False
        if type(serializer).__dict__.get("__doc__") is None:
            schema.pop("description", None)  # a base class's (StrictFieldsMixin's), not its own
        return schema

    def _map_serializer_field(self, field, direction, bypass_extensions=False):
        schema = super()._map_serializer_field(field, direction, bypass_extensions)
        if direction == "request" and isinstance(field, serializers.FileField):
            return {**schema, "format": "binary"}
        return schema

    def _insert_field_validators(self, field, schema):
        super()._insert_field_validators(field, schema)
        if (
            getattr(self, "_direction", None) == "request"
            and isinstance(field, serializers.CharField)
            and schema.get("type") == "string"
            and not {"format", "pattern", "enum", "oneOf"} & set(schema)
        ):
            if field.allow_blank:
                schema["pattern"] = NO_NULL_PATTERN
            elif field.trim_whitespace:
                schema["pattern"] = NOT_BLANK_PATTERN
            else:
                schema["pattern"] = NO_NULL_PATTERN
                schema["minLength"] = max(schema.get("minLength", 0), 1)

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        if direction != "response":
            return responses
        has_body = self.method in ("POST", "PUT", "PATCH")
        errors: dict[str, str] = {}
        # Every GET refuses a query parameter it does not take (``refuse_query``).
        if has_body or self.method == "GET" or self._has_query_parameters():
            errors["400"] = "Bad input; `detail` names the field or query parameter."
        if not self._is_open():
            errors["401"] = "No valid credentials."
            errors["403"] = "Not allowed (session requests without a CSRF token)."
        if "{" in self.path or has_body or self._names_an_object_in_the_query():
            errors["404"] = (
                "No such object among the caller's own (an id in the path, body or query)."
            )
        if has_body:
            errors["413"] = "The request body is over the size limit."
        if getattr(self.view, "throttle_classes", None):
            errors["429"] = "Too many attempts; `detail` says when to try again."
        for code, description in errors.items():
            if code not in responses:
                responses[code] = self._get_response_for_code(
                    ErrorSerializer, code, direction=direction
                )
                responses[code]["description"] = description
        return responses

    def _has_query_parameters(self) -> bool:
        return any(
            not isinstance(parameter, OpenApiParameter) or parameter.location == "query"
            for parameter in self.get_override_parameters()
        )

    def _names_an_object_in_the_query(self) -> bool:
        names = set()
        for parameter in self.get_override_parameters():
            if isinstance(parameter, OpenApiParameter):
                names.add(parameter.name)
            else:
                serializer = parameter() if isinstance(parameter, type) else parameter
                names.update(getattr(serializer, "fields", {}))
        return bool(names & {"character", "thread", "scene"})

    def _is_open(self) -> bool:
        permissions = getattr(
            self.view, "permission_classes", api_settings.DEFAULT_PERMISSION_CLASSES
        )
        return any(permission is AllowAny for permission in permissions)
