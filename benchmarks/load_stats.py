"""What ``bench_load`` reads from the servers it starts: ``GET /__bench_stats__`` answering the
process's CPU seconds and the SQL statements it has run so far (BEGIN and COMMIT are not
statements and are not counted), so the benchmark can divide a round's share by its turns.

It also answers where a turn's time goes, from timers around the services a turn runs (the
same functions the socket calls, wrapped in this process only, the product untouched):

- ``persistence``: ``message_send``, ``reply_finish`` (with the receipt) and
  ``reply_save_progress``, the statements of the progress saves counted apart;
- ``context``: ``reply_prepare`` (context assembly), retrieval included;
- ``connect``: what the socket reads when it opens (``chat.consumers.calls.open_thread``: the
  thread, with the sweep of replies that died with their process; ``live_state``: the reply
  being written), once per connection, not per turn;
- ``retrieval``: ``memories.context.retrieve``, its wall time waiting for the query embedding
  included, and ``embedding``: the query embeddings themselves, on retrieval's embedding
  threads: the CPU of the model calls (a call may embed the queries of several turns,
  ``memories.retrieval.query_batch``), and per query its wall time from being asked to its
  vector (waiting for the model included); ``embedding_calls``: the model calls themselves;
  ``retrieval_own``: retrieval's wall time without its wait for the query embedding (what the
  database and the ranking take as the turn sees them).

CPU is each call's own thread's CPU time (``time.thread_time``), so a call's share is not
blurred by other threads; what the process spent outside them (the event loop: the socket,
the model's stream through the adapter, the channel layer; and the untimed work of the other
threads: the socket's event payloads, the token check on connect, the thread hand-offs) is
the rest of its CPU time. The event loop's own CPU time is answered too (``loop_cpu_s``,
read on the loop's thread, which serves this endpoint), so that rest can be split.
Wall times are kept per call for percentiles.

With ``BENCH_LOOP_PROFILE`` (a folder) set in its environment, the process also profiles its
event loop's thread (cProfile on that thread's CPU time; it follows only the thread it is
enabled on) between one stats request and the next, writing each stretch to
``<folder>/<pid>-<n>.prof`` (``bench_load --profile-loop``). The profiler's own cost then
inflates the CPU figures: read such a run for where the loop's time goes, not for its
totals."""

from __future__ import annotations

import functools
import itertools
import json
import os
import resource
import threading
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "benchmarks.load_settings")

STATS_PATH = "/__bench_stats__"
_statements = itertools.count()
_counted = [0]
_progress_statements = [0]
_local = threading.local()
_lock = threading.Lock()
# name -> {"calls", "cpu_s", "wall_ms": [...]}
_timers: dict[str, dict] = {}


def _count(execute, sql, params, many, context):
    _counted[0] = next(_statements) + 1
    if getattr(_local, "progress", False):
        with _lock:
            _progress_statements[0] += 1
    return execute(sql, params, many, context)


def _on_connection(sender, connection, **kwargs):
    # Sent on every (re)connection of the same wrapper object: count through it once.
    if _count not in connection.execute_wrappers:
        connection.execute_wrappers.append(_count)


def _timed(name: str, function, *, progress: bool = False):
    @functools.wraps(function)
    def timed(*args, **kwargs):
        if progress:
            _local.progress = True
        cpu, wall = time.thread_time(), time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
            if progress:
                _local.progress = False
            with _lock:
                timer = _timers.setdefault(name, {"calls": 0, "cpu_s": 0.0, "wall_ms": []})
                timer["calls"] += 1
                timer["cpu_s"] += cpu
                timer["wall_ms"].append(round(wall * 1000, 3))

    return timed


def install_timers() -> None:
    """Wrap the services a chat turn runs (in this process), where the socket looks them up."""
    from chat import services
    from chat.consumers import calls
    from drawhisper.providers.registry import get_embedder
    from memories import context

    for name, category in (
        ("message_send", "persistence"),
        ("reply_finish", "persistence"),
        ("reply_save_progress", "progress"),
        ("reply_prepare", "context"),
    ):
        setattr(
            services,
            name,
            _timed(category, getattr(services, name), progress=category == "progress"),
        )
    for name in ("open_thread", "live_state"):
        setattr(calls, name, _timed("connect", getattr(calls, name)))
    context.retrieve = _timed("retrieval", _without_embedding_wait(context.retrieve))
    get_embedder()  # the cached instance retrieval uses, loaded before the round
    _time_query_embeddings()


def _record(name: str, *, cpu: float = 0.0, wall: float | None = None, calls: int = 0) -> None:
    with _lock:
        timer = _timers.setdefault(name, {"calls": 0, "cpu_s": 0.0, "wall_ms": []})
        timer["calls"] += calls
        timer["cpu_s"] += cpu
        if wall is not None:
            timer["wall_ms"].append(round(wall * 1000, 3))


def _without_embedding_wait(retrieve):
    """``retrieve`` also recording its wall time less its wait for the query embedding (the
    vector search's ``embedding.result()``, timed on the same thread)."""
    from memories.retrieval import search

    vector_lists = search._vector_lists

    @functools.wraps(vector_lists)
    def timed_vector_lists(embedding, **kwargs):
        if embedding is not None:
            asked = time.perf_counter()
            try:
                embedding.result()
            except Exception:
                pass  # the real call below degrades as it always does
            waited = time.perf_counter() - asked
            _local.embedding_wait = getattr(_local, "embedding_wait", 0.0) + waited
        return vector_lists(embedding, **kwargs)

    search._vector_lists = timed_vector_lists

    @functools.wraps(retrieve)
    def timed(*args, **kwargs):
        _local.embedding_wait = 0.0
        wall = time.perf_counter()
        try:
            return retrieve(*args, **kwargs)
        finally:
            wall = time.perf_counter() - wall - _local.embedding_wait
            _record("retrieval_own", wall=wall, calls=1)

    return timed


def _time_query_embeddings() -> None:
    """Each query's wait for its vector, and the CPU and wall time of the model calls."""
    from memories.retrieval import search

    batcher = search.query_batcher
    submit = batcher.submit

    @functools.wraps(submit)
    def timed_submit(**kwargs):
        asked = time.perf_counter()
        future = submit(**kwargs)
        future.add_done_callback(
            lambda done: _record("embedding", wall=time.perf_counter() - asked, calls=1)
        )
        return future

    def timed_call(function):
        @functools.wraps(function)
        def timed(*args, **kwargs):
            cpu, wall = time.thread_time(), time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
                _record("embedding", cpu=cpu)
                _record("embedding_calls", cpu=cpu, wall=wall, calls=1)

        return timed

    batcher.submit = timed_submit
    batcher._embed_batch = timed_call(batcher._embed_batch)
    batcher._embed_alone = timed_call(batcher._embed_alone)


_loop_profile: dict = {"profiler": None, "count": 0}


def _profile_loop() -> None:
    """Write the stretch profiled since the last stats request, and start the next one (on
    the event loop's thread, which serves the request)."""
    folder = os.environ.get("BENCH_LOOP_PROFILE")
    if not folder:
        return
    import cProfile

    profiler = _loop_profile["profiler"]
    if profiler is not None:
        profiler.disable()
        _loop_profile["count"] += 1
        profiler.dump_stats(os.path.join(folder, f"{os.getpid()}-{_loop_profile['count']}.prof"))
    profiler = _loop_profile["profiler"] = cProfile.Profile(time.thread_time)
    profiler.enable()


def _switches(who: int) -> int:
    usage = resource.getrusage(who)
    return usage.ru_nvcsw + usage.ru_nivcsw


def stats() -> dict:
    times = os.times()
    with _lock:
        timers = {
            name: {**timer, "wall_ms": list(timer["wall_ms"])} for name, timer in _timers.items()
        }
    return {
        "cpu_s": time.process_time(),
        "loop_cpu_s": time.thread_time(),  # served on the event loop's thread
        "user_s": times.user,
        "system_s": times.system,
        # Context switches: of every thread, and of the event loop's (each time it slept and
        # was woken, or was put off a core).
        "switches": _switches(resource.RUSAGE_SELF),
        "loop_switches": _switches(resource.RUSAGE_THREAD),
        "statements": _counted[0],
        "progress_statements": _progress_statements[0],
        "timers": timers,
        "pid": os.getpid(),
    }


def with_stats(application, *, timers: bool = False):
    """``application`` answering ``GET /__bench_stats__`` itself; with ``timers``, the turn's
    services timed (``install_timers``)."""
    import faulthandler
    import signal

    from django.db.backends.signals import connection_created

    # ``kill -USR1 <pid>`` writes every thread's stack to the server's log: a stuck server
    # can be looked into.
    faulthandler.register(signal.SIGUSR1, all_threads=True)
    connection_created.connect(_on_connection, weak=False)
    if timers:
        install_timers()

    async def app(scope, receive, send):
        if scope["type"] == "http" and scope.get("path") == STATS_PATH:
            body = json.dumps(stats()).encode()
            _profile_loop()
            await send(
                {
                    "type": "http.response.start",
                    "status": 200,
                    "headers": [(b"content-type", b"application/json")],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return
        await application(scope, receive, send)

    return app
