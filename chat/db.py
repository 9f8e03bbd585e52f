"""Run chat's synchronous database work from async code, on a pool of threads.

Channels' ``database_sync_to_async`` runs every call of a process on one shared thread
(``thread_sensitive=True``), so under load the context assembly, retrieval and progress saves
of all the replies a process writes wait in one queue. ``db_async`` runs them on a small pool
of threads of its own instead. Stale and obsolete connections are closed before and after
each call, as Channels does, but inside the call's own context: Django keeps connections in
context-local storage, and a pool thread runs each call in a copy of the caller's context, so
closing them around the call (as ``DatabaseSyncToAsync`` does) would miss the connection the
call used and leave it open.

Invariants:
- Only code that is safe to run on any thread goes through ``db_async``: each call is one
  self-contained service (its own ``transaction.atomic`` and row locks), so concurrency
  between calls is decided by PostgreSQL (the thread row lock), not by the thread they ran on.
- At most ``CHAT_DB_THREADS`` (default 8) calls run at once per process, so a burst of chats
  holds at most that many database connections; the loop's default executor is not used.
- Streaming progress saves run on a pool of their own (``PROGRESS_THREADS``), so however many
  replies stream at once, their saves never queue ahead of another chat's message or context
  assembly: under load a save waits, a new message does not.
- The coroutine function of a service and pool is built once and kept (the latest
  ``KEPT_WRAPPERS``): a chat turn makes three or more calls, and building asgiref's wrapper
  (its checks that the function is not a coroutine, its copied name and docstring) cost about
  as much as handing the call to the thread.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections

T = TypeVar("T")

DEFAULT_THREADS = 8
PROGRESS_THREADS = 2
#: Coroutine functions kept (``db_async``); the chat socket uses a handful of services.
KEPT_WRAPPERS = 64

_executor: ThreadPoolExecutor | None = None
_progress_executor: ThreadPoolExecutor | None = None
_executor_lock = threading.Lock()


def executor() -> ThreadPoolExecutor:
    global _executor
    if _executor is None:
        with _executor_lock:
            if _executor is None:
                _executor = ThreadPoolExecutor(
                    max_workers=max(1, int(getattr(settings, "CHAT_DB_THREADS", DEFAULT_THREADS))),
                    thread_name_prefix="chat-db",
                )
    return _executor


def progress_executor() -> ThreadPoolExecutor:
    global _progress_executor
    if _progress_executor is None:
        with _executor_lock:
            if _progress_executor is None:
                _progress_executor = ThreadPoolExecutor(
                    max_workers=PROGRESS_THREADS, thread_name_prefix="chat-db-progress"
                )
    return _progress_executor


def db_async(func: Callable[..., T], *, progress: bool = False) -> Callable[..., Awaitable[T]]:
    """``func`` as a coroutine function that runs on the chat database pool (with
    ``progress``, on the pool of the streaming progress saves)."""
    return _on_pool(func, progress_executor() if progress else executor())


@functools.lru_cache(maxsize=KEPT_WRAPPERS)
def _on_pool(func: Callable[..., T], pool: ThreadPoolExecutor) -> Callable[..., Awaitable[T]]:
    @functools.wraps(func)
    def closing(*args, **kwargs):
        close_old_connections()
        try:
            return func(*args, **kwargs)
        finally:
            close_old_connections()

    return sync_to_async(closing, thread_sensitive=False, executor=pool)
