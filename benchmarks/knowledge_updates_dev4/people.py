"""The dev4 part's eight pairs of people, (user, character), each in five chats (one per
attribute), and the scene each pair plays in."""

from __future__ import annotations

from benchmarks.knowledge_updates import Case
from benchmarks.knowledge_updates_fresh import _case

APOTHECARY = ("Bartek", "Griselda")  # a witch's apothecary in a rainy market town
FREIGHTER = ("Bolormaa", "Jericho")  # the galley of a space freighter
DETECTIVE = ("Tsering", "Prosper")  # a private eye's office, 1920s
DRAGON = ("Anahera", "Ursula")  # a dragon's cave high on a mountain
NIGHT_TRAIN = ("Chidubem", "Zdenek")  # a night train and its conductor
HARBOUR = ("Wanjiru", "Ysella")  # a mermaid on the harbour rocks
TAVERN = ("Vytautas", "Perran")  # a village tavern and its landlord
HAUNTED_HOUSE = ("Lowenna", "Isadora")  # the ghost of an old house


def chat(attribute: str, people: tuple[str, str], **fields) -> Case:
    """One chat of the part for ``people``, named by its attribute and its user, built by the
    fresh part's turn-by-turn helper (``benchmarks.knowledge_updates_fresh._case``)."""
    user, character = people
    return _case(
        attribute, f"dev4-{attribute}-{user.lower()}", user=user, character=character, **fields
    )
