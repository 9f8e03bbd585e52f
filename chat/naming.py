"""The name ``{{user}}`` stands for in a chat, one rule for every place that shows it.

A chat calls the user by its persona's name; a chat without one by the name this
character's profile of the user holds ("call me Alex"), else the account's first name, else
its username. A new chat takes the user's default persona, so the scene editor's preview
reads the name a new chat of the character would use through :func:`new_chat_user_name`.
What the chat itself is called follows one rule too, ``chat.titles.chat_title`` (apart,
because the models and selectors use it and this module reads other apps)."""

from __future__ import annotations


def thread_user_name(*, owner, persona_id: int | None) -> str:
    """The name ``{{user}}`` stands for in a chat: its persona's, else the account's."""
    from characters.selectors import persona_view

    return user_name_of(owner=owner, persona=persona_view(owner_id=owner.pk, persona_id=persona_id))


def user_name_of(*, owner, persona) -> str:
    """``thread_user_name`` for a chat whose ``PersonaView`` (or None) was read already: the
    persona's name, else the account's first name, else its username (as the memory
    pipeline names the user on its transcript lines)."""
    if persona is not None:
        return persona.name
    return (owner.first_name or "").strip() or owner.get_username()


def greeting_user_name(*, owner, persona_id: int | None, character_id: int) -> str:
    """The name a new chat's greeting calls the user, the one its replies will use: the
    persona's when the chat has one (the user chose it), else the name this character's
    profile of the user holds (the one they asked to be called, "call me Alex", or wrote in
    the profile), else the account's."""
    from memories.context import profile_name

    if persona_id is None:
        told = profile_name(owner_id=owner.pk, character_id=character_id)
        if told:
            return told
    return thread_user_name(owner=owner, persona_id=persona_id)


def new_chat_user_name(*, owner, character_id: int, persona=None) -> str:
    """The name a new chat with the character (started without naming a persona, so with
    the user's default one) calls the user. ``persona`` is that default ``PersonaView`` (or
    None) when the caller read it already."""
    if persona is None:
        from characters.selectors import persona_choice

        persona = persona_choice(user=owner)
    return greeting_user_name(
        owner=owner,
        persona_id=persona.id if persona is not None else None,
        character_id=character_id,
    )
