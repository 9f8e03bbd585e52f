"""The OpenAPI schema's description of what every endpoint answers besides success.

``ApiSchema`` (``DEFAULT_SCHEMA_CLASS``) adds the error answers drf-spectacular cannot see in
an ``APIView``: 400, 401/403, 404 and 413, each with ``drawhisper.api.ErrorSerializer``'s
shape. Kept apart from ``drawhisper.api`` because DRF imports that module while its views
load, and drf-spectacular's schema class imports those views."""

from __future__ import annotations

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter
from rest_framework.permissions import AllowAny
from rest_framework.settings import api_settings

from drawhisper.api import ErrorSerializer


class ApiSchema(AutoSchema):
    """drf-spectacular's schema plus the error answers every endpoint really gives: 400 for
    bad input, 401/403 without valid credentials, 404 for an id that is not the caller's, 413
    for a body over the limit; all with ``ErrorSerializer``'s shape."""

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        if direction != "response":
            return responses
        has_body = self.method in ("POST", "PUT", "PATCH")
        errors: dict[str, str] = {}
        if has_body or self._has_query_parameters():
            errors["400"] = "Bad input; `detail` names the field."
        if not self._is_open():
            errors["401"] = "No valid credentials."
            errors["403"] = "Not allowed (session requests without a CSRF token)."
        if "{" in self.path or has_body or self._names_an_object_in_the_query():
            errors["404"] = (
                "No such object among the caller's own (an id in the path, body or query)."
            )
        if has_body:
            errors["413"] = "The request body is over the size limit."
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
