"""The REST API: Django REST framework's defaults, API tokens and the OpenAPI schema."""

from __future__ import annotations

from drawhisper.settings.environment import env

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "knox.auth.TokenAuthentication",  # Authorization: Token <token>
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drawhisper.api_schema.ApiSchema",
    "DEFAULT_PARSER_CLASSES": [
        "drawhisper.api.LimitedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "drawhisper.api.Pagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "drawhisper.api.exception_handler",
}
# Tokens never expire by themselves (as before); each token request issues a new one and a
# user keeps at most API_TOKENS_PER_USER (the oldest go first).
REST_KNOX = {"TOKEN_TTL": None, "AUTH_HEADER_PREFIX": "Token"}
API_TOKENS_PER_USER = env.int("API_TOKENS_PER_USER", default=20)
SPECTACULAR_SETTINGS = {
    "TITLE": "Drawhisper API",
    "DESCRIPTION": "Characters, scenes, chat threads and long-term memories.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Two models have a `status`: name each enum instead of a hash-suffixed StatusXxxEnum.
    "ENUM_NAME_OVERRIDES": {
        "MessageStatusEnum": "chat.models.Message.Status",
        "MemoryStatusEnum": "memories.models.Memory.Status",
    },
}
