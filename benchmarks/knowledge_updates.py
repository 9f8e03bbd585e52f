"""A knowledge-update suite: facts about the user that change over a chat (``bench_memory``).

Each case is a short chat in two sittings a month apart. In the first the user states a fact
(diet, job, city, partner, pet's name) among small talk, and the character mentions its own
value of the same kind (a distractor for speaker attribution); in the second the user says
the fact changed. Each sitting is one memory job. Afterwards "what is X now" is asked of the
chat's retrieval, and the memories in context must hold the latest value only:

- right: some memory in context names a word of the new value, and no memory in context
  names a word of the old value without one of the new (a memory saying "quit nursing and
  teaches now" holds the change, not the stale fact);
- attribution: a memory naming a planted value (the user's old or new value, or the
  character's own) must name the person who said it: naming only the other person is an
  attribution error; naming neither or both is not counted.

The suite has nine parts, printed apart by ``bench_memory``, each with its own baseline and
scored by the same code (``benchmarks.memory.KNOWLEDGE_UPDATE_PARTS``):

- ``tuned``: ``CASES``, the part the offline provider's update rules were tuned on;
  Its last cases put the old fact in one message with another fact of the user's ("I live
  in Tobermory ... I work as a vet ..."), which the offline extractor keeps as one memory: the
  change must retire the old fact and keep the other (``Case.kept``, scored as "kept").
- ``seen``: ``HELD_OUT_CASES``, written afterwards in other words, with other people (``Jo``
  and ``Odile``), other small talk and other values, before the last round of rule changes;
  nothing was tuned on it, but its failures were looked at after that round, so it is no
  longer unseen;
- ``fresh`` (printed "fresh-1"): ``benchmarks.knowledge_updates_fresh.FRESH_CASES``,
  written held out before a round of rule changes; from 2 December its failures were read
  and the rules tuned on it, so it is a tuning part like the other two. Its chats give their
  sittings turn by turn (``Case.sittings``), so where a fact sits varies;
- ``dev``: ``benchmarks.knowledge_updates_dev.DEV_CASES``, sixty chats in the fresh part's
  format, written to tune on before a round of rule changes (dropped "I", changes over two
  messages or implied by an event, third persons' values beside the user's) and then read
  and tuned on;
- ``dev2``: ``benchmarks.knowledge_updates_dev2.DEV2_CASES``, thirty chats in the same format,
  written to tune on before a later round of rule changes (values no lexicon holds, denials
  such as "not in kyoto anymore", jobs without a verb, a pet that went with an ex, third
  persons' values beside the user's);
- ``fresh2``: ``benchmarks.knowledge_updates_fresh2.FRESH2_CASES``, forty chats in the fresh
  part's format with other people and values, written without reading the update rules and
  held out: nothing is tuned on it and its failures are not read (``--ku-parts
  tuned,seen,fresh,dev`` leaves it out while tuning);
- ``fresh3`` (printed "fresh-3"): ``benchmarks.knowledge_updates_fresh3.FRESH3_CASES``, fifty
  chats, ten per attribute, written the same way while the update rules were being tuned,
  with other people and values again, and held out on the same terms;
- ``fresh4`` (printed "fresh-4"): ``benchmarks.knowledge_updates_fresh4.FRESH4_CASES``, fifty
  chats, ten per attribute, a new clean held-out part written the same way, with other people
  and values again (none planted by another part, the dev parts and fresh-3 included), held
  out on the same terms;
- ``fresh5`` (printed "fresh-5"): ``benchmarks.knowledge_updates_fresh5.FRESH5_CASES``, fifty
  chats, ten per attribute, another clean held-out part written the same way, with other
  people and values again (none planted by another part), held out on the same terms.

Written for this benchmark."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from benchmarks.locomo import Conversation, Turn

USER = "Sam"
CHARACTER = "Mira"
FIRST_SITTING = datetime(2026, 3, 2, 19, 0, tzinfo=UTC)
SECOND_SITTING = datetime(2026, 4, 6, 19, 0, tzinfo=UTC)

SMALL_TALK_FIRST = (
    (USER, "Long day. The trains were late again and it rained the whole way home."),
    (CHARACTER, "That sounds miserable. Sit down, I'll put the kettle on."),
)
SMALL_TALK_SECOND = (
    (USER, "Hi again! Sorry it's been a while, work got hectic."),
    (CHARACTER, "No need to apologise. It's good to see you. How have you been?"),
)


@dataclass(frozen=True)
class Case:
    attribute: str
    name: str
    said_first: str  # the user's old fact
    character_line: str  # the character's own value of the same kind
    said_second: str  # the user's change
    question: str
    old: tuple[str, ...]
    new: tuple[str, ...]
    character_value: tuple[str, ...]
    user: str = USER
    character: str = CHARACTER
    small_talk_first: tuple[str, str] = tuple(text for _, text in SMALL_TALK_FIRST)
    small_talk_second: tuple[str, str] = tuple(text for _, text in SMALL_TALK_SECOND)
    character_reply: str = "Thank you for telling me. That's a real change."
    # A case whose old fact sits in a memory with other facts: words of another fact of that
    # memory, and a question about it. Retiring the old memory must not lose them: some
    # memory in context for ``kept_question`` names one (``benchmarks.memory``).
    kept: tuple[str, ...] = ()
    kept_question: str = ""
    # When given, the two sittings turn by turn as ("user" | "character", text), in place of
    # the fixed layout below; said_first, character_line and said_second are among them, so
    # where a fact sits in its sitting can vary.
    sittings: tuple[tuple[tuple[str, str], ...], ...] = ()

    def _lines(self) -> list[tuple[int, tuple[str, str]]]:
        user, character = self.user, self.character
        if self.sittings:
            speakers = {"user": user, "character": character}
            return [
                (session, (speakers[role], text))
                for session, sitting in enumerate(self.sittings, start=1)
                for role, text in sitting
            ]
        return [
            (1, (user, self.small_talk_first[0])),
            (1, (character, self.small_talk_first[1])),
            (1, (user, self.said_first)),
            (1, (character, self.character_line)),
            (2, (user, self.small_talk_second[0])),
            (2, (character, self.small_talk_second[1])),
            (2, (user, self.said_second)),
            (2, (character, self.character_reply)),
        ]

    def conversation(self) -> Conversation:
        user, character = self.user, self.character
        lines = self._lines()
        counters = {1: 0, 2: 0}
        turns = []
        for session, (speaker, text) in lines:
            counters[session] += 1
            turns.append(
                Turn(
                    dia_id=f"D{session}:{counters[session]}",
                    session=session,
                    speaker=speaker,
                    text=text,
                    said_at=FIRST_SITTING if session == 1 else SECOND_SITTING,
                )
            )
        return Conversation(
            sample_id=f"ku-{self.name}",
            speaker_a=user,
            speaker_b=character,
            turns=tuple(turns),
            observations=(),
            summaries=(),
            questions=(),
        )


CASES: tuple[Case, ...] = (
    Case(
        "diet",
        "diet-vegetarian-vegan",
        "I've been vegetarian for about three years now, so no meat for me.",
        "I eat everything, honestly. Steak is my weakness.",
        "Big news: I went fully vegan last month, no dairy or eggs anymore.",
        f"What is {USER}'s diet now?",
        old=("vegetarian",),
        new=("vegan",),
        character_value=("steak",),
    ),
    Case(
        "diet",
        "diet-vegan-pescatarian",
        "I'm vegan, I don't eat any animal products at all.",
        "I could never give up cheese myself.",
        "I started eating fish again, so I'm pescatarian now.",
        f"What does {USER} eat now?",
        old=("vegan",),
        new=("pescatarian", "fish"),
        character_value=("cheese",),
    ),
    Case(
        "diet",
        "diet-keto-vegetarian",
        "I'm on a strict keto diet at the moment, almost no carbs.",
        "I live on bread and pasta, I'm afraid.",
        "I dropped keto completely; I'm vegetarian these days.",
        f"What is {USER}'s diet now?",
        old=("keto",),
        new=("vegetarian",),
        character_value=("pasta",),
    ),
    Case(
        "job",
        "job-nurse-teacher",
        "I work as a nurse at the city hospital, mostly night shifts.",
        "I'm a librarian, so my days are very quiet.",
        "I quit nursing, and I'm a primary school teacher now.",
        f"What is {USER}'s job now?",
        old=("nurse", "nursing"),
        new=("teacher",),
        character_value=("librarian",),
    ),
    Case(
        "job",
        "job-barista-developer",
        "I'm a barista at a little cafe downtown.",
        "I've been a carpenter for twenty years.",
        "I got hired as a junior software developer, so no more coffee shifts.",
        f"What does {USER} do for work now?",
        old=("barista",),
        new=("developer",),
        character_value=("carpenter",),
    ),
    Case(
        "job",
        "job-accountant-baker",
        "I'm an accountant at a big firm in the city.",
        "I teach the violin to children.",
        "I left accounting and opened my own bakery; I'm a baker now.",
        f"What is {USER}'s job now?",
        old=("accountant", "accounting"),
        new=("baker", "bakery"),
        character_value=("violin",),
    ),
    Case(
        "city",
        "city-leeds-lisbon",
        "I live in Leeds, in a flat near the station.",
        "I live in Porto myself, by the river.",
        "I moved to Lisbon last week; the new apartment is tiny but bright.",
        f"Which city does {USER} live in now?",
        old=("leeds",),
        new=("lisbon",),
        character_value=("porto",),
    ),
    Case(
        "city",
        "city-boston-denver",
        "I'm based in Boston, I've lived here since college.",
        "I've always lived in Galway.",
        "I just moved to Denver, and I'm still unpacking boxes.",
        f"Where does {USER} live now?",
        old=("boston",),
        new=("denver",),
        character_value=("galway",),
    ),
    Case(
        "city",
        "city-osaka-berlin",
        "I grew up in Osaka and I still live there.",
        "My home is in Marseille.",
        "I've moved to Berlin for good now.",
        f"Which city does {USER} live in now?",
        old=("osaka",),
        new=("berlin",),
        character_value=("marseille",),
    ),
    Case(
        "partner",
        "partner-nora-elena",
        "My girlfriend Nora and I have been together for two years.",
        "My wife Clara would like you.",
        "Nora and I broke up in the spring. I'm seeing someone new now, her name is Elena.",
        f"Who is {USER}'s partner now?",
        old=("nora",),
        new=("elena",),
        character_value=("clara",),
    ),
    Case(
        "partner",
        "partner-daniel-marcus",
        "My husband Daniel is a firefighter.",
        "My husband Pietro cooks for the whole street.",
        "Daniel and I divorced last year, and I'm engaged to Marcus now.",
        f"Who is {USER}'s partner now?",
        old=("daniel",),
        new=("marcus",),
        character_value=("pietro",),
    ),
    Case(
        "partner",
        "partner-theo-ravi",
        "I'm dating a guy called Theo.",
        "I've been with my partner Jonas for ten years.",
        "Theo and I split up. My boyfriend now is Ravi.",
        f"Who is {USER} dating now?",
        old=("theo",),
        new=("ravi",),
        character_value=("jonas",),
    ),
    Case(
        "pet",
        "pet-pepper-miso",
        "My cat is called Pepper.",
        "I have a tortoise called Sheldon.",
        "We renamed the cat; she's called Miso now.",
        f"What is the name of {USER}'s cat now?",
        old=("pepper",),
        new=("miso",),
        character_value=("sheldon",),
    ),
    Case(
        "pet",
        "pet-biscuit-waffles",
        "My dog's name is Biscuit.",
        "My old hound is called Rufus.",
        "Biscuit passed away in March. We adopted a new puppy called Waffles.",
        f"What is the name of {USER}'s dog now?",
        old=("biscuit",),
        new=("waffles",),
        character_value=("rufus",),
    ),
    Case(
        "pet",
        "pet-kiwi-mango",
        "I have a parrot named Kiwi.",
        "My canary is called Sunny.",
        "Kiwi flew off through an open window. We got a new parrot called Mango.",
        f"What is the name of {USER}'s parrot now?",
        old=("kiwi",),
        new=("mango",),
        character_value=("sunny",),
    ),
    # The old fact shares a memory with another fact: the change retires one, not both.
    Case(
        "city",
        "multi-city-tobermory-llandudno",
        "I live in Tobermory, near the harbour wall. I work as a vet at an animal clinic.",
        "My home is a cottage in Cardiff.",
        "I moved to Llandudno last month.",
        f"Which city does {USER} live in now?",
        old=("tobermory",),
        new=("llandudno",),
        character_value=("cardiff",),
        kept=("vet",),
        kept_question=f"What does {USER} do for work?",
    ),
    Case(
        "job",
        "multi-job-curator-blacksmith",
        "I work as a curator at a small museum. I have a cat called Juniper.",
        "I'm a shepherd, up in the hills.",
        "I quit the museum, and I'm a blacksmith now.",
        f"What is {USER}'s job now?",
        old=("curator",),
        new=("blacksmith",),
        character_value=("shepherd",),
        kept=("juniper",),
        kept_question=f"What is the name of {USER}'s cat?",
    ),
    Case(
        "diet",
        "multi-diet-vegetarian-carnivore",
        "I'm vegetarian, no meat at all. I'm allergic to peanuts.",
        "I'd eat a whole roast chicken if you let me.",
        "I switched to a carnivore diet, mostly red meat now.",
        f"What is {USER}'s diet now?",
        old=("vegetarian",),
        new=("carnivore",),
        character_value=("chicken",),
        kept=("peanuts",),
        kept_question=f"What is {USER} allergic to?",
    ),
    Case(
        "pet",
        "multi-pet-pumpernickel-gobstopper",
        "My dog is called Pumpernickel. I swim in the lake every morning.",
        "I keep a goose named Gertrude.",
        "Pumpernickel passed away in January. Our new puppy is called Gobstopper.",
        f"What is the name of {USER}'s dog now?",
        old=("pumpernickel",),
        new=("gobstopper",),
        character_value=("gertrude",),
        kept=("lake", "swims"),
        kept_question=f"Where does {USER} swim?",
    ),
)


# --------------------------------------------------------------------------- held out
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
