"""What a chat is called: one rule for every page that lists or heads a chat (``Thread`` and
``ThreadRef`` give it as ``display_title``). It imports nothing, so the models and selectors
can use it; the name the user goes by in a chat is ``chat.naming``'s."""

from __future__ import annotations


def chat_title(*, title: str, character_name: str) -> str:
    """What a chat is called wherever it is listed or headed (the chat list, its header, a
    character's recent chats, the memories page): its title, else its character's name, the
    title a new chat is given; never a number such as "Thread 12"."""
    return title.strip() or character_name
