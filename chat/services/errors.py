"""What a chat request can fail with; ``code`` is the ``error`` event's code, ``detail`` the
sentence shown to the user."""

from __future__ import annotations


class ChatError(Exception):
    """A request the chat cannot carry out; ``code`` goes into the ``error`` event."""

    code = "invalid"

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class ThreadBusy(ChatError):
    code = "busy"


class NothingToRegenerate(ChatError):
    code = "nothing_to_regenerate"


class NothingToContinue(ChatError):
    code = "nothing_to_continue"


class MessageStreaming(ChatError):
    code = "streaming"


class NotLatestReply(ChatError):
    code = "not_latest"


BUSY_DETAIL = "A reply is still being written in this chat. Wait for it to finish or stop it first."


class ThreadGone(LookupError):
    """The chat was deleted while a socket still had it open (the socket closes with 4404)."""
