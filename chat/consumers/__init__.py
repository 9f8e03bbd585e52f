"""The chat WebSocket, ``/ws/threads/<id>/``: the protocol of ``frontend/js/protocol.js``.

Client → server: ``message.send {content, client_id}``, ``reply.regenerate``,
``reply.continue``, ``reply.stop``.
Server → client: ``thread.state {reply}`` (first, on every connect: the reply being written,
``{message_id, content}`` with its text so far, or null), ``message.created {message,
client_id}``, ``reply.start {message_id, message, replaces}``, ``reply.delta {message_id,
delta}``, ``reply.end {message_id, content, status, error, receipt}``,
``memory.created|updated|deleted`` (forwarded unchanged from the channel layer) and
``error {code, detail}``.

Invariants (each stated in full where it is kept):
- Authentication happens on connect: 4401 for a visitor not logged in, 4404 for a thread that
  does not exist *or belongs to someone else*, indistinguishably; with the channel layer
  (Redis) unreachable an ``error`` event ``unavailable`` and 4013 (``lifecycle``).
- Events about the thread reach every tab of the thread; a socket's own events go to its own
  browser directly and to the other tabs through the thread's group (``tabs``).
- No ORM or LLM call runs inline (``calls`` run on the chat database pool, the reply in a
  background task); bad input gets an ``error`` event naming the field, with REST's rules
  (``events``); nothing a client sends can crash the consumer (``socket``).
- A reply stops when its socket closes (status ``interrupted``, text kept). ``reply.stop``
  from any tab of the thread reaches the consumer that runs the reply, in any process.

The package, by capability; ``ThreadConsumer`` and the close codes are its public names:
``lifecycle`` (connect, the guarded channel-layer receive, disconnect), ``tabs`` (the events
of this socket's own doing, to its browser and the thread's other tabs), ``events`` (checking
what a client sends), ``calls`` (the database calls, run on the chat pool) and ``socket`` (the
consumer: client events in, replies started and stopped).
"""

from __future__ import annotations

from chat.consumers.lifecycle import (
    CLOSE_NOT_FOUND,
    CLOSE_TRY_AGAIN_LATER,
    CLOSE_UNAUTHENTICATED,
)
from chat.consumers.socket import ThreadConsumer

__all__ = [
    "CLOSE_NOT_FOUND",
    "CLOSE_TRY_AGAIN_LATER",
    "CLOSE_UNAUTHENTICATED",
    "ThreadConsumer",
]
