"""Vendor failures as our two errors, each a sentence a user can read.

Every openai / httpx failure becomes a ``TransientProviderError`` (timeouts, dropped
connections, 408/409/429 except an exhausted quota, 5xx) or a ``PermanentProviderError`` (401,
403, 404, 400, 422, a missing key). No sentence carries a stack trace or an API key: anything
shaped like a key is removed from the vendor's own message before it is shown."""

from __future__ import annotations

import re
from collections.abc import Sequence

import openai

from drawhisper.providers.base import (
    PermanentProviderError,
    ProviderError,
    TransientProviderError,
)

# Anything shaped like a secret key is removed from vendor messages before they are shown.
_KEY_PATTERN = re.compile(r"\b(?:sk|pk|key)-[A-Za-z0-9_\-*.]{6,}")


def _httpx_error_types(name: str) -> tuple[type[BaseException], ...]:
    """httpx errors raised while a streamed body is read (the openai client does not wrap
    those), from both the legacy ``httpx`` and the ``httpx2`` package the client uses."""
    types: list[type[BaseException]] = []
    for module_name in ("httpx", "httpx2"):
        try:
            module = __import__(module_name)
        except ImportError:  # pragma: no cover - both ship with the openai client today
            continue
        types.append(getattr(module, name))
    return tuple(types)


_TIMEOUT_ERRORS = (TimeoutError, *_httpx_error_types("TimeoutException"))
_TRANSPORT_ERRORS = _httpx_error_types("TransportError")


def rejects_json_schema(error: openai.BadRequestError) -> bool:
    text = f"{getattr(error, 'message', '')} {getattr(error, 'body', '')}".lower()
    return "response_format" in text or "json_schema" in text


def _vendor_detail(error: BaseException, secrets: Sequence[str]) -> str:
    """The vendor's own message, trimmed and scrubbed of anything key-like."""
    body = getattr(error, "body", None)
    detail = ""
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict):
            detail = str(inner.get("message") or "")
        elif isinstance(inner, str):
            detail = inner
    if not detail:
        detail = str(getattr(error, "message", "") or "")
    for secret in secrets:
        if secret and len(secret) >= 4:
            detail = detail.replace(secret, "[key]")
    detail = _KEY_PATTERN.sub("[key]", " ".join(detail.split()))
    if detail.startswith("Error code:"):
        return ""  # openai's fallback message just repeats the raw body
    if len(detail) > 200:
        detail = detail[:197].rstrip() + "..."
    return detail


def _with_detail(sentence: str, detail: str) -> str:
    return f"{sentence} ({detail.rstrip('.')})." if detail else f"{sentence}."


def translate_error(
    error: BaseException,
    *,
    provider_label: str,
    model: str,
    timeout: float,
    api_key_setting: str,
    secrets: Sequence[str] = (),
) -> ProviderError | None:
    """Map an openai / httpx / stream-timeout exception onto our two error kinds."""
    detail = _vendor_detail(error, secrets)
    if isinstance(error, (openai.APITimeoutError, *_TIMEOUT_ERRORS)):
        return TransientProviderError(
            f"{provider_label} did not answer within {timeout:g} seconds. Try again in a moment."
        )
    if isinstance(error, (openai.APIConnectionError, *_TRANSPORT_ERRORS)):
        return TransientProviderError(
            f"{provider_label} could not be reached, or the connection dropped. Try again in a moment."
        )
    if isinstance(error, openai.RateLimitError):
        if getattr(error, "code", None) == "insufficient_quota" or "quota" in detail.lower():
            return PermanentProviderError(
                f"{provider_label} refused the request because the account has no quota left."
            )
        return TransientProviderError(
            f"{provider_label} is rate-limiting requests (HTTP 429). Try again in a moment."
        )
    if isinstance(error, openai.AuthenticationError):
        # The vendor text of a 401 can echo part of the key: never show it.
        return PermanentProviderError(
            f"{provider_label} rejected the API key (HTTP 401). Check {api_key_setting}."
        )
    if isinstance(error, openai.PermissionDeniedError):
        return PermanentProviderError(
            _with_detail(
                f"{provider_label} denied access to the model {model!r} (HTTP 403)", detail
            )
        )
    if isinstance(error, openai.NotFoundError):
        return PermanentProviderError(
            f"{provider_label} has no model {model!r} at this address (HTTP 404). "
            f"Check the model name and the base URL."
        )
    if isinstance(error, openai.BadRequestError):
        if "context" in detail.lower() and (
            "length" in detail.lower() or "window" in detail.lower()
        ):
            return PermanentProviderError(
                f"The conversation is too long for the model {model!r}'s context window."
            )
        return PermanentProviderError(
            _with_detail(f"{provider_label} rejected the request (HTTP 400)", detail)
        )
    if isinstance(error, openai.APIStatusError):
        status = error.status_code
        if status >= 500 or status in (408, 409):
            return TransientProviderError(
                f"{provider_label} had a temporary problem (HTTP {status}). Try again in a moment."
            )
        return PermanentProviderError(
            _with_detail(f"{provider_label} rejected the request (HTTP {status})", detail)
        )
    if isinstance(error, openai.LengthFinishReasonError):
        return PermanentProviderError(
            "The model ran out of output tokens before its answer was complete."
        )
    if isinstance(error, openai.ContentFilterFinishReasonError):
        return PermanentProviderError("The model provider's content filter stopped the answer.")
    if isinstance(error, openai.APIError):
        return TransientProviderError(
            f"{provider_label} sent a response that could not be read. Try again in a moment."
        )
    return None
