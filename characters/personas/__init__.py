"""Personas: who the user is in a chat. ``{{user}}`` becomes the persona's name and its
description is a layer of the prompt. A user has at most one default persona, which new
chats take unless they name another. Writes in ``services``, reads in ``selectors``."""
