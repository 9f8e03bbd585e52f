"""A fake OpenAI-compatible chat server: real HTTP on loopback, scripted replies.

The benchmarks drive the real provider adapters against it (``bench_load``, and
``bench_locomo --answer`` in the suite), and the tests import it from here too (its old home,
``tests.support.openai_server``, re-exports it).

It speaks enough of the chat-completions protocol for the real adapter (LangChain's
``ChatOpenAI`` over the openai client) to run its real request, retry and SSE streaming code.
Because it is a real server on a real port, the client may live in another process: a Celery
worker or a daphne server started by the test.

In a test::

    from benchmarks.openai_server import FakeOpenAIServer

    with FakeOpenAIServer() as server:
        server.push("Hello there!")                       # the next reply, any kind of request
        server.push({"status": 429})                      # then a rate-limit error
        server.push({"text": '{"chunks": []}', "match": "json"})
        env = {"LLM_PROVIDER": "openai", "OPENAI_API_KEY": "test",
               "OPENAI_BASE_URL": server.base_url}        # http://127.0.0.1:<port>/v1
        ...                                               # start the worker with env
        assert server.requests()[0]["body"]["stream"] is True

A reply is a string (the text) or a dict with these optional keys:

- ``text``: the reply text; ``reasoning``: reasoning text, sent as ``reasoning_content``
  (DeepSeek style) before the content;
- ``status`` (e.g. 429, 500, 401) with ``error`` (the message) and ``code``: answer with an
  OpenAI-style error body instead; 429 and 5xx carry ``retry-after-ms`` (``retry_after_ms``,
  default 10) so client retries stay fast;
- ``chunk_size`` (characters per streamed delta, default 4), ``delay`` (seconds before each
  delta, or before a non-streamed answer), ``drop_after`` (close the connection after that
  many deltas, without ``[DONE]``);
- ``events``: a streamed answer's body as given, a list of strings each sent as it is (its
  own HTTP chunk, ``delay`` seconds after the one before): for reading whatever a server may
  send (comments, events split across reads, error events); with ``gzip`` true, the body
  is sent gzip-compressed (``Content-Encoding: gzip``), flushed after each piece;
- ``match``: only for requests of that kind: ``"stream"`` (chat replies), ``"complete"``
  (non-streamed, no response_format: summaries), ``"support"`` (a response_format schema
  named ``support_check``: the memory support check) or ``"json"`` (any other
  response_format: extraction); ``model``: only for requests naming that model.

Each request takes the first queued reply that matches it. With none queued, the server
answers ``default_reply`` (JSON requests get ``default_json_reply``: one valid memory chunk;
support checks ``default_support_reply``: supported).

From another process, or to script a server started with ``python -m``:

- ``POST /__script__`` with a JSON list of replies (or one reply) appends them;
- ``GET /__requests__`` returns the recorded requests; ``POST /__reset__`` clears both;
- ``script_file=path`` (or ``--script path``): a JSON list of replies that the server pops
  from on every request, after its in-memory queue, so any process can append to it.

Every answer closes its connection, so no state lingers between requests (a test's client
may live in an event loop that is gone by the next test). With ``keep_alive=True``
(``--keep-alive``) the server keeps connections open between answers, as real providers do,
so a client that pools its connections sends its next request on the same one; a stream cut
short by ``drop_after`` still closes its connection.

As a process: ``python -m benchmarks.openai_server --port 0 [--script replies.json]
[--keep-alive]`` prints ``READY http://127.0.0.1:<port>/v1`` on stdout once it listens.

The package's modules, this one its public face (the benchmarks and, through
``tests.support.openai_server``, the tests import from here): ``server``
(``FakeOpenAIServer``: lifecycle, scripting, the recorded requests), ``handler`` (the HTTP
routes, errors and SSE streams), ``replies`` (what a reply is, the defaults, which request a
reply is for, the OpenAI-shaped bodies) and ``command`` (the process's options and
``main``; ``__main__`` runs it).
"""

from benchmarks.openai_server.command import main
from benchmarks.openai_server.replies import (
    DEFAULT_JSON_REPLY,
    DEFAULT_SUPPORT_REPLY,
    Reply,
    request_kind,
)
from benchmarks.openai_server.server import FakeOpenAIServer

__all__ = [
    "Reply",
    "DEFAULT_JSON_REPLY",
    "DEFAULT_SUPPORT_REPLY",
    "request_kind",
    "FakeOpenAIServer",
    "main",
]
