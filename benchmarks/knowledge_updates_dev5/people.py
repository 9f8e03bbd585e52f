"""The dev5 part's eight pairs of people, (user, character), each in five chats (one per
attribute), the scene each pair plays in (two fantasy, two science fiction, two modern, two
historical), and the helper that builds a chat from its sittings written one turn a line
(``chat_builder``, which dev6 uses too)."""

from __future__ import annotations

from collections.abc import Callable

from benchmarks.knowledge_updates import Case
from benchmarks.knowledge_updates_fresh import _case

FORGE = ("Zbyszko", "Thorgunna")  # a dwarf smith's forge under the mountain
HYDROPONICS = ("Ifeoluwa", "Quennell")  # the hydroponics bay of an orbital station
BARBERSHOP = ("Ailbhe", "Dughall")  # a barbershop on a Glasgow high street, today
TELEGRAPH = ("Seraphina", "Septimus")  # a Yorkshire telegraph office, 1890s
BATHHOUSE = ("Sulpicia", "Decimus")  # a bathhouse in Roman Britain
TATTOO = ("Fenella", "Padraic")  # a tattoo parlour in a seaside town, today
ARCHIVE = ("Zdravka", "Sylvaranth")  # an elven archive in a tree city
GENERATION_SHIP = ("Akosua", "Orrin")  # the observation deck of a generation ship

# The fresh part's kinds of line: "fact" (the user's old value, first sitting), "own" (the
# character's own value of the same kind, first sitting), "change" (the user's new value,
# second sitting), and "user" and "character" for everything else.
_KINDS = ("user", "character", "fact", "own", "change")


def sitting(script: str) -> tuple[tuple[str, str], ...]:
    """A sitting written one turn a line as ``kind: text``, in the fresh part's kinds."""
    turns = []
    for line in script.strip().splitlines():
        kind, separator, text = line.strip().partition(": ")
        if not separator or kind not in _KINDS or not text.strip():
            raise ValueError(f"a dev5 turn is 'kind: text' with a kind of {_KINDS}: {line!r}")
        turns.append((kind, text.strip()))
    return tuple(turns)


def chat_builder(part: str) -> Callable[..., Case]:
    """The ``chat`` helper of a part whose sittings are written one turn a line (dev5's, and
    dev6's, dev7's and dev8's through it): ``chat(attribute, people, *, first, second,
    **fields)`` is one chat for ``people``, named ``<part>-<attribute>-<user>``, its two
    sittings given as ``sitting`` scripts, built by the fresh part's turn-by-turn helper
    (``benchmarks.knowledge_updates_fresh._case``)."""

    def chat(attribute: str, people: tuple[str, str], *, first: str, second: str, **fields) -> Case:
        user, character = people
        return _case(
            attribute,
            f"{part}-{attribute}-{user.lower()}",
            user=user,
            character=character,
            first=sitting(first),
            second=sitting(second),
            **fields,
        )

    return chat


chat = chat_builder("dev5")
