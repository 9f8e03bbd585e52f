"""``seen``: ``HELD_OUT_CASES``, written after the ``tuned`` part in other words, with other
people (``Jo`` and ``Odile``); its failures were looked at after a later round of rule changes."""

from __future__ import annotations

from benchmarks.knowledge_updates.case import Case

# Written before the offline update rules were tuned on ``CASES``, in other words and with
# other people; never looked at while tuning.

HELD_OUT_USER = "Jo"
HELD_OUT_CHARACTER = "Odile"
_HELD_OUT = {
    "user": HELD_OUT_USER,
    "character": HELD_OUT_CHARACTER,
    "small_talk_first": (
        "What a week. My neighbour's dog barked every single night.",
        "Poor you. Come in out of the cold and tell me everything.",
    ),
    "small_talk_second": (
        "Hello stranger! I know, I vanished for weeks.",
        "You're here now, that's what matters. What's new?",
    ),
    "character_reply": "Well, that is news. I'm glad you told me.",
}


def _held_out(*args, **values) -> Case:
    return Case(*args, **values, **_HELD_OUT)


HELD_OUT_CASES: tuple[Case, ...] = (
    _held_out(
        "diet",
        "held-diet-pescatarian-vegetarian",
        "I'm a pescatarian, fish is the only meat I eat.",
        "Roast lamb is my favourite dish.",
        "I cut out fish as well, so I'm a full vegetarian these days.",
        f"What does {HELD_OUT_USER} eat now?",
        old=("pescatarian",),
        new=("vegetarian",),
        character_value=("lamb",),
    ),
    _held_out(
        "diet",
        "held-diet-paleo-vegan",
        "I'm doing paleo at the moment, lots of meat and vegetables.",
        "I survive on rice and noodles myself.",
        "Paleo didn't last. I switched to a vegan diet in January.",
        f"What is {HELD_OUT_USER}'s diet now?",
        old=("paleo",),
        new=("vegan",),
        character_value=("noodles",),
    ),
    _held_out(
        "diet",
        "held-diet-glutenfree-keto",
        "I eat gluten-free, my stomach can't handle bread.",
        "I bake sourdough every morning.",
        "I'm not gluten-free anymore; my diet these days is keto.",
        f"What diet is {HELD_OUT_USER} on now?",
        old=("gluten",),
        new=("keto",),
        character_value=("sourdough",),
    ),
    _held_out(
        "job",
        "held-job-lawyer-chef",
        "By day I'm a lawyer at a small practice.",
        "I keep the lighthouse on the point.",
        "I gave up law and became a chef at a seafood place.",
        f"What is {HELD_OUT_USER}'s job now?",
        old=("lawyer",),
        new=("chef",),
        character_value=("lighthouse",),
    ),
    _held_out(
        "job",
        "held-job-marketing-firefighter",
        "My job is in marketing, at a shoe company.",
        "I'm the village doctor, have been for years.",
        "I changed careers completely: I'm a firefighter now.",
        f"What does {HELD_OUT_USER} do for a living now?",
        old=("marketing",),
        new=("firefighter",),
        character_value=("doctor",),
    ),
    _held_out(
        "job",
        "held-job-cashier-electrician",
        "I work as a cashier at the supermarket on weekends and weekdays.",
        "I work as a ferry pilot across the bay.",
        "I finished my apprenticeship, so I work as an electrician now instead.",
        f"What is {HELD_OUT_USER}'s job now?",
        old=("cashier",),
        new=("electrician",),
        character_value=("ferry",),
    ),
    _held_out(
        "city",
        "held-city-manchester-glasgow",
        "Home for me is Manchester, I have a terraced house there.",
        "I've spent my whole life in Cork.",
        "We relocated to Glasgow over the summer.",
        f"Which city does {HELD_OUT_USER} live in now?",
        old=("manchester",),
        new=("glasgow",),
        character_value=("cork",),
    ),
    _held_out(
        "city",
        "held-city-madrid-toronto",
        "I rent a small flat in Madrid.",
        "I live above a bakery in Lyon.",
        "I packed up and left Madrid. Toronto is my home now.",
        f"Where does {HELD_OUT_USER} live now?",
        old=("madrid",),
        new=("toronto",),
        character_value=("lyon",),
    ),
    _held_out(
        "city",
        "held-city-seattle-austin",
        "I've lived in Seattle for five years.",
        "My house is in Nairobi.",
        "I live in Austin these days; the move was exhausting.",
        f"Which city does {HELD_OUT_USER} live in now?",
        old=("seattle",),
        new=("austin",),
        character_value=("nairobi",),
    ),
    _held_out(
        "partner",
        "held-partner-liam-priya",
        "My boyfriend Liam plays the drums in a band.",
        "My husband Bertrand mends nets.",
        "Liam and I aren't together anymore. My girlfriend now is Priya.",
        f"Who is {HELD_OUT_USER}'s partner now?",
        old=("liam",),
        new=("priya",),
        character_value=("bertrand",),
    ),
    _held_out(
        "partner",
        "held-partner-ana-jordan",
        "I've been married to Ana for six years.",
        "My wife Rosa runs the inn.",
        "Ana and I got divorced. I'm dating Jordan now.",
        f"Who is {HELD_OUT_USER}'s partner now?",
        old=("ana",),
        new=("jordan",),
        character_value=("rosa",),
    ),
    _held_out(
        "partner",
        "held-partner-felix-omar",
        "My partner Felix and I met at university.",
        "My fiance Luc is away at sea.",
        "Felix and I ended things in May. My new partner is Omar.",
        f"Who is {HELD_OUT_USER}'s partner now?",
        old=("felix",),
        new=("omar",),
        character_value=("luc",),
    ),
    _held_out(
        "pet",
        "held-pet-max-captain",
        "We have a golden retriever called Max.",
        "My cat Whiskers sleeps all day.",
        "The kids renamed our retriever. He's called Captain now.",
        f"What is the name of {HELD_OUT_USER}'s dog now?",
        old=("max",),
        new=("captain",),
        character_value=("whiskers",),
    ),
    _held_out(
        "pet",
        "held-pet-clover-pickle",
        "My rabbit is named Clover.",
        "My goat is named Hilda.",
        "Sadly Clover died in the winter. Our new rabbit is called Pickle.",
        f"What is the name of {HELD_OUT_USER}'s rabbit now?",
        old=("clover",),
        new=("pickle",),
        character_value=("hilda",),
    ),
    _held_out(
        "pet",
        "held-pet-peanut-toffee",
        "I've got a hamster called Peanut.",
        "My donkey is called Barnaby.",
        "We gave Peanut to a friend, and now we have a hamster named Toffee.",
        f"What is the name of {HELD_OUT_USER}'s hamster now?",
        old=("peanut",),
        new=("toffee",),
        character_value=("barnaby",),
    ),
)
