"""Resolve ``{"BACKEND": ..., "OPTIONS": ...}`` settings into cached backend instances.

Backends built from a reply's own block (``get_llm(config=...)``: a user's connection, or the
environment's backend with a chat's model and sampling) are kept too when a chat stream asks
for them (``aget_llm``): one per block and per event loop, so a user's replies share one
HTTP client and its open connections instead of building both anew each reply (the
backend, its vendor model and clients, and a new TCP and TLS connection per reply). Per event loop, because an async HTTP client's pooled connections belong to
the loop they were opened on: used from another loop (each ``asyncio.run``, each test's
loop) they fail with "Event loop is closed". The first build of a block runs on a worker
thread, off the event loop that streams every other chat. At most ``KEPT_PER_LOOP`` are kept
per loop; one dropped beyond that is retired: the HTTP clients it built for itself (a
connection's checked clients) are closed once the replies still streaming through it end.
When the settings change (``reset_backends``, in tests), every backend is dropped and retired
the same way."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import threading
import weakref
from collections import OrderedDict
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


#: Backends kept per event loop by ``aget_llm``, the least recently used dropped (and
#: retired: its own HTTP clients closed once its streams end) beyond this.
KEPT_PER_LOOP = 64
_kept: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, OrderedDict[str, Any]] = (
    weakref.WeakKeyDictionary()
)


def _config_key(config: dict[str, Any]) -> str | None:
    """A digest of the block (the API key it holds is not kept as a second plain copy);
    None when the block holds something JSON cannot spell (an HTTP client object)."""
    try:
        text = json.dumps(config, sort_keys=True)
    except (TypeError, ValueError):
        return None
    return hashlib.sha256(text.encode()).hexdigest()


def _built(config: dict[str, Any]) -> Any:
    backend = build_backend(config)
    # The vendor model and its HTTP clients too, while off the loop (a missing key raises
    # here as it would on the first stream).
    chat_model = getattr(backend, "_get_chat_model", None)
    if chat_model is not None:
        chat_model()
    return backend


async def aget_llm(alias: str = "chat", config: dict[str, Any] | None = None):
    """``get_llm(alias, config)`` for a stream on the running event loop: with ``config``, the
    backend kept for that block on this loop (built on a worker thread the first time)."""
    if config is None:
        return get_llm(alias)
    key = _config_key(config)
    if key is None:
        return await asyncio.to_thread(_built, config)
    loop = asyncio.get_running_loop()
    with _lock:
        kept = _kept.setdefault(loop, OrderedDict())
    backend = kept.get(key)
    if backend is not None:
        kept.move_to_end(key)
        return backend
    built = await asyncio.to_thread(_built, config)
    backend = kept.setdefault(key, built)  # another reply may have built it meanwhile
    kept.move_to_end(key)
    dropped = [] if backend is built else [built]
    while len(kept) > KEPT_PER_LOOP:
        dropped.append(kept.popitem(last=False)[1])
    for old in dropped:
        await _retire(old)
    return backend


async def _retire(backend: Any) -> None:
    """A backend no longer kept: its own HTTP clients are closed (``retire``: at once, or
    when the replies still streaming through it end), so their connections do not stay open
    until the garbage collector finds them."""
    retire = getattr(backend, "retire", None)
    if retire is None:
        return
    try:
        await retire()
    except Exception:  # a client that fails to close must not fail the reply that asked
        logger.warning("closing a dropped chat backend failed", exc_info=True)


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
    """Forget every backend (the settings that built them changed) and retire each one, as
    ``aget_llm`` retires one it drops, so their HTTP clients and open connections are closed
    instead of left to the garbage collector (``retire_on``)."""
    with _lock:
        cached = list(_cache.values())
        _cache.clear()
        kept = [(loop, list(backends.values())) for loop, backends in list(_kept.items())]
        _kept.clear()
    for loop, backends in kept:
        for backend in backends:
            retire_on(loop, backend)
    for instance in cached:
        retire_on(None, instance)


#: Retirements scheduled on a running loop, kept referenced until they end.
_retiring: set[asyncio.Future] = set()


def _close_without_loop(backend: Any) -> None:
    close = getattr(backend, "close_without_loop", None)
    if close is not None:
        close()


def retire_on(loop: asyncio.AbstractEventLoop | None, backend: Any) -> None:
    """Retire ``backend``, whose async HTTP clients belong to ``loop`` (None: a backend of
    the whole process, built outside any stream), from synchronous code.

    On ``loop`` itself when it still runs (this thread's: scheduled, it closes on the loop's
    next turns; another thread's: handed to it) or can run (idle: run to the end now). A
    loop that is closed can no longer close the sockets it opened: the clients that close
    without a loop (the synchronous ones) are closed, and the rest go with the garbage
    collector, as everything did before."""
    if getattr(backend, "retire", None) is None:
        return
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if loop is None or loop.is_closed():
        _close_without_loop(backend)
        return
    if loop is running:
        future = asyncio.ensure_future(_retire(backend))
        _retiring.add(future)
        future.add_done_callback(_retiring.discard)
    elif loop.is_running():
        asyncio.run_coroutine_threadsafe(_retire(backend), loop)
    elif running is None:
        loop.run_until_complete(_retire(backend))
    else:  # an idle loop cannot be run from inside another one
        _close_without_loop(backend)


def _on_setting_changed(*, setting: str, **_: Any) -> None:
    if setting.endswith("_BACKENDS") or setting == "VECTOR_STORES":
        reset_backends()


setting_changed.connect(_on_setting_changed)
