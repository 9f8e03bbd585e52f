"""Resolve ``{"BACKEND": ..., "OPTIONS": ...}`` settings into cached backend instances."""

from __future__ import annotations

import logging
import threading
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.utils.module_loading import import_string

logger = logging.getLogger(__name__)

_cache: dict[tuple[str, str], Any] = {}
_lock = threading.Lock()


def build_backend(config: dict[str, Any]) -> Any:
    backend_class = import_string(config["BACKEND"])
    return backend_class(**config.get("OPTIONS", {}))


def _resolve(setting_name: str, alias: str) -> Any:
    key = (setting_name, alias)
    instance = _cache.get(key)
    if instance is None:
        with _lock:
            instance = _cache.get(key)
            if instance is None:
                configs = getattr(settings, setting_name)
                if alias not in configs:
                    raise KeyError(f"{setting_name} has no backend named {alias!r}")
                instance = build_backend(configs[alias])
                _cache[key] = instance
    return instance


def get_llm(alias: str = "chat", config: dict[str, Any] | None = None):
    """The LLM backend for ``alias``: ``chat``, ``summary`` or ``extract``.

    With ``config`` (a ``{"BACKEND", "OPTIONS"}`` block, e.g. a user's connection and sampling
    settings), a new backend built from it instead of the cached one of the settings."""
    if config is not None:
        return build_backend(config)
    return _resolve("LLM_BACKENDS", alias)


def get_embedder(alias: str = "default"):
    return _resolve("EMBEDDING_BACKENDS", alias)


def warm_embedder(alias: str = "default", *, background: bool = True) -> threading.Thread | None:
    """Load the embedding model of ``alias`` now (a backend with a ``warm`` method; the others
    have nothing to load), so the process's first reply does not wait for it. In a background
    thread unless ``background`` is False; a failure is logged, and the first embed retries."""

    def warm() -> None:
        try:
            embedder = get_embedder(alias)
            if hasattr(embedder, "warm"):
                embedder.warm()
        except Exception:
            logger.warning("embedding model warm-up failed", exc_info=True)

    if not background:
        warm()
        return None
    thread = threading.Thread(target=warm, name="embedder-warm-up", daemon=True)
    thread.start()
    return thread


def get_cached(setting_name: str, alias: str = "default") -> Any:
    """Any other setting of the same shape (for example ``VECTOR_STORES``)."""
    return _resolve(setting_name, alias)


def reset_backends(**_: Any) -> None:
    with _lock:
        _cache.clear()


def _on_setting_changed(*, setting: str, **_: Any) -> None:
    if setting.endswith("_BACKENDS") or setting == "VECTOR_STORES":
        reset_backends()


setting_changed.connect(_on_setting_changed)
