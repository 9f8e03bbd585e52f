"""Logging: one console handler with the structured formatter (console or JSON lines)."""

from __future__ import annotations

from drawhisper.settings.environment import env

LOG_LEVEL = env("LOG_LEVEL", default="INFO")
LOG_FORMAT = env("LOG_FORMAT", default="console")  # "console" or "json"
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "structured": {"()": "drawhisper.log_config.formatter", "log_format": LOG_FORMAT},
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "structured"}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        "django.db.backends": {"level": "INFO"},
        # The HTTP clients log one INFO line per request: one per model call and per
        # streamed reply, which is the chat turn's hot path. Their warnings still show.
        "httpx": {"level": "WARNING"},
        "httpx2": {"level": "WARNING"},
        "daphne": {"level": "WARNING"},
    },
}
