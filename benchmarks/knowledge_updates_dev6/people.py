"""The dev6 part's eight pairs of people, (user, character), each in five chats (one per
attribute), and the scene each pair plays in (two fantasy, two science fiction, two modern,
two historical); sittings are written one turn a line, as in dev5
(``benchmarks.knowledge_updates_dev5.people.sitting``)."""

from __future__ import annotations

from benchmarks.knowledge_updates import Case
from benchmarks.knowledge_updates_dev5.people import sitting
from benchmarks.knowledge_updates_fresh import _case

TOLL_BRIDGE = ("Brannagh", "Grubnak")  # a goblin's toll bridge over a marsh river
AERIE = ("Ulfric", "Gunnhild")  # a griffin riders' aerie on a cliff
MOD_CLINIC = ("Kazimiera", "Vaskra")  # a body-mod clinic in a rain-soaked megacity
TUG = ("Rasmus", "Esmeray")  # the cockpit of an asteroid-belt tug
NIGHT_SHIFT = ("Benedetta", "Quinlan")  # a hospital's night-shift break room, today
LAUNDRETTE = ("Rhosyn", "Yestin")  # a late-night laundrette in a Welsh town, today
TEAHOUSE = ("Okiku", "Sadakichi")  # a teahouse in Edo
JAZZ_CLUB = ("Temperance", "Clive")  # a Soho jazz club in the 1960s


def chat(attribute: str, people: tuple[str, str], *, first: str, second: str, **fields) -> Case:
    """One chat of the part for ``people``, named by its attribute and its user, its two
    sittings given as ``sitting`` scripts, built by the fresh part's turn-by-turn helper
    (``benchmarks.knowledge_updates_fresh._case``)."""
    user, character = people
    return _case(
        attribute,
        f"dev6-{attribute}-{user.lower()}",
        user=user,
        character=character,
        first=sitting(first),
        second=sitting(second),
        **fields,
    )
