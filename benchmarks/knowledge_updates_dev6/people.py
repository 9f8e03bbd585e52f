"""The dev6 part's eight pairs of people, (user, character), each in five chats (one per
attribute), the scene each pair plays in (two fantasy, two science fiction, two modern,
two historical), and ``chat``, which builds a chat from its sittings written one turn a line,
as in dev5 (``benchmarks.knowledge_updates_dev5.people.chat_builder``)."""

from __future__ import annotations

from benchmarks.knowledge_updates_dev5.people import chat_builder

TOLL_BRIDGE = ("Brannagh", "Grubnak")  # a goblin's toll bridge over a marsh river
AERIE = ("Ulfric", "Gunnhild")  # a griffin riders' aerie on a cliff
MOD_CLINIC = ("Kazimiera", "Vaskra")  # a body-mod clinic in a rain-soaked megacity
TUG = ("Rasmus", "Esmeray")  # the cockpit of an asteroid-belt tug
NIGHT_SHIFT = ("Benedetta", "Quinlan")  # a hospital's night-shift break room, today
LAUNDRETTE = ("Rhosyn", "Yestin")  # a late-night laundrette in a Welsh town, today
TEAHOUSE = ("Okiku", "Sadakichi")  # a teahouse in Edo
JAZZ_CLUB = ("Temperance", "Clive")  # a Soho jazz club in the 1960s


chat = chat_builder("dev6")
