"""Statements a speaker makes about themselves, typed by rules and told in third person.

A statement is a sentence (or, in a long sentence, a clause) in which the speaker discloses
something lasting about themselves: who they are ("I'm a night nurse", "I'm 34"), what they
have ("I have a dog called Biscuit", "my brother Tomas is a fisherman"), where they live or
work ("I live in Leeds", "I work as a ferry pilot"), what they like ("I love jasmine tea",
"I can't stand coriander", "my favourite book is ..."), what they fear or feel ("I'm
terrified of deep water") and what happened to them ("I moved to Porto last spring").
Each rule in ``RULES`` names the memory type it gives; a rule without one defers to the
keyword classifier (``memory_types.classify``), and a plain statement is a ``fact``.

Not statements: questions; reactions to the moment ("I love that", "I'm sorry", "I'm not
sure"); and what someone does right now ("*I sit down by the fire*"), which no rule matches.

The statement is reported with the speaker's name in place of "I" (the verb agreeing:
"I work" -> "Ada works", "I'm" -> "Ada is"), "they"/"their" for later mentions, and "you"
turned into the other person when it is known (two people talk, so "you" is the other one);
otherwise a sentence addressed to "you" is quoted. Each statement keeps the seq of the
message it was said in (``Statement.seq``), so the chunk made from it can cite exactly that
message. Deterministic, no model, no network."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from drawhisper.providers.offline.decisions import (
    CHANGE,
    ENDED,
    ENDING_OF,
    is_job_noun,
    names_a_slot,
)
from drawhisper.providers.offline.lexicons import DIETS, PET_KINDS
from drawhisper.providers.offline.memory_types import classify
from drawhisper.providers.offline.sentences import (
    STOPWORDS,
    Sentence,
    content_words,
    is_question,
    normalise,
)

MAX_CLAUSE_WORDS = 40  # a longer sentence is cut into clauses; only the matching ones are kept

_ADVERBS = (
    r"(?:(?:really|also|still|always|never|just|only|even|actually|honestly|absolutely|totally|"
    r"truly|genuinely|secretly|kind of|sort of|so|very|quite|pretty|a bit|a little|deeply|"
    r"utterly|completely|seriously|desperately|mostly|usually|often|sometimes|rarely|"
    r"basically|definitely|simply|properly|certainly|literally|officially|finally|now|"
    r"currently|fully)\s+)*"
)
_I_AM = r"\bi(?:'m| am)\s+" + _ADVERBS
_I = r"\bi\s+" + _ADVERBS
_KIN = (
    r"(?:brothers?|sisters?|siblings?|mother|mum|mom|father|dad|parents?|sons?|daughters?|"
    r"husband|wife|partner|boyfriend|girlfriend|fianc\w*|cousins?|aunt|uncle|niece|nephew|"
    r"grand\w+|twins?|kids?|children|child|best friend|friends?|flatmates?|roommates?|"
    r"boss|colleagues?|ex|stepmother|stepfather|in-laws|family)"
)
_NUMBER = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
_DIET = r"(?:" + "|".join(DIETS) + r")"
_PET = r"(?:" + "|".join(word for words in PET_KINDS.values() for word in words) + r")"


@dataclass(frozen=True)
class Rule:
    name: str
    pattern: re.Pattern[str]
    type: str | None  # None: ask the keyword classifier; "fact" when it finds nothing typed
    own: bool = False  # only in a clause that says "I", "my", "we" ... (about oneself)


_OWN = re.compile(r"\b(?:i|me|my|we|our|us)\b", re.IGNORECASE)


def _rule(name: str, pattern: str, kind: str | None, *, own: bool = False) -> Rule:
    return Rule(name, re.compile(pattern, re.IGNORECASE), kind, own)


# Order matters: the first rule that matches a clause gives its type.
RULES: tuple[Rule, ...] = (
    _rule(
        # What to call the speaker: "I go by he/him", "my pronouns are they/them", "call me
        # Alex" (told "Ada goes by Alex"), "I use she/her pronouns".
        "address",
        r"\bi\s+" + _ADVERBS + r"go\s+by\s+\S"
        r"|\bmy\s+(?:preferred\s+)?pronouns\s+(?:are|'re|is)\b"
        r"|\bi\s+" + _ADVERBS + r"(?:use|prefer)\s+(?:[a-z]+/[a-z]+\b|(?:\w+\s+)?pronouns\b)"
        r"|^(?:please,?\s+)?(?:just\s+)?call\s+me\s+[a-z]",
        "fact",
    ),
    _rule(
        "fear",
        _I_AM + r"(?:terrified|afraid|scared|frightened|petrified)\s+of\b"
        r"|\bi\s+" + _ADVERBS + r"(?:fear|dread)\s+(?!that\b|so\b)\w"
        r"|\bmy\s+(?:\w+\s+)?(?:fear|phobia|nightmare)\s+(?:is|was|has)\b"
        r"|\bi\s+have\s+(?:a|an)\s+(?:\w+\s+)?(?:phobia|fear)\b",
        "emotion",
    ),
    _rule("love_you", r"\bi\s+" + _ADVERBS + r"(?:love|adore|trust|miss)\s+you\b", "relationship"),
    _rule(
        "feeling",
        _I_AM + r"(?:lonely|anxious|homesick|heartbroken|depressed|proud of|ashamed of|"
        r"jealous of|grateful for|worried about|nervous about|excited about)\b"
        r"|\bi\s+" + _ADVERBS + r"(?:feel|felt)\s+(?!like\b)\w",
        "emotion",
    ),
    _rule(
        "preference",
        r"\bi\s+" + _ADVERBS + r"(?:love|adore|enjoy|like|prefer|hate|loathe|detest|dislike|"
        r"despise|can't stand|cannot stand|can't live without|could live on)\s+"
        r"(?!(?:that|this|it|you|him|her|them|the idea|what you|how you|when you)\b[\s.,!]*$)"
        r"\w"
        r"|\bmy\s+(?:\w+\s+)?(?:favou?rite|guilty pleasure|comfort food)\b"
        r"|" + _I_AM + r"(?:a\s+(?:huge\s+|big\s+)?fan\s+of|obsessed\s+with|crazy\s+about|"
        r"fond\s+of|addicted\s+to|into\s+(?!it\b|this\b|that\b))",
        "preference",
    ),
    _rule(
        "kin",
        r"\bmy\s+(?:\w+\s+)?" + _KIN + r"\b"
        r"|\bi\s+(?:have|'ve got|have got|had)\s+" + _NUMBER + r"\s+(?:\w+\s+)?" + _KIN + r"\b"
        r"|" + _I_AM + r"(?:married|engaged|divorced|single|widowed)\b"
        r"|" + _I_AM + r"(?:seeing|dating)\s+(?!you\b)\w",
        "relationship",
    ),
    _rule(
        "birthday",
        r"\bmy\s+birthday\s+(?:is|'s|falls|was)\b|\bi\s+was\s+born\s+(?:on|in)\s+"
        r"(?:the\s+)?\d",
        "fact",
    ),
    _rule(
        "biography",
        r"\b(?:i|we)\s+" + _ADVERBS + r"(?:was born|grew up|was raised|moved|relocated|"
        r"emigrated|settled|graduated|got married|"
        r"got engaged|got divorced|lost my|broke my|adopted|retired|survived|nearly drowned|"
        r"almost drowned|came here|left home|studied|trained as|served in)\b",
        None,
    ),
    _rule(
        # Something of one's own that ended or changed: a break-up, a pet that died or ran
        # off, a rename, a job quit ("Nora and I broke up", "we renamed the cat").
        "change",
        r"\b(?:broke up|split up|got divorced|divorced|separated|passed away|died|ran away|"
        r"ran off|flew off|flew away|renamed|ended things|ended it|not together)\b"
        r"|\bi\s+" + _ADVERBS + r"quit\b",
        None,
        own=True,
    ),
    _rule(
        # A change one made: "I went vegan", "we switched to keto", "I passed the bar", "I
        # left the bank", "we got a new puppy", "I'm in Lagos now", "I'm with Nia now".
        "turn",
        r"\b(?:i|we)\s+" + _ADVERBS + r"(?:went|switched|became|turned|stopped|dropped|ditched|"
        r"cut out|gave up|passed|qualified|finished|sold|handed in|left|lost|converted|"
        r"changed|rehomed|renamed|joined|got\s+(?:a|an|my|our|hired|promoted|back)|"
        r"came back (?:a|an)|ended up (?:a|an|in))\b"
        r"|" + _I_AM + r"(?:now\s+)?(?:in|with)\s+(?!(?:you|the|a|an|love|bed|trouble|pain|"
        r"charge|it|this|that|him|her|them)\b)\w+(?=.*\b(?:now|these days|since)\b)",
        None,
    ),
    _rule(
        "work",
        r"\bi\s+" + _ADVERBS + r"(?:work|worked|teach|taught)\s+(?:as|at|for|in|on|nights|"
        r"shifts|from)\b"
        r"|\bi(?:'m| am)?\s+" + _ADVERBS + r"(?:started|starting|began|hired|employed|training|"
        r"trained|retrained|qualified|working)\s+as\s+(?:a|an)\b"
        r"|\bmy\s+(?:\w+\s+)?(?:job|work|profession|career|shift|shifts|boss)\b"
        r"|\bi(?:'m| am)\s+(?:a|an)\s+(?:\w+\s+)?(?:by\s+trade|by\s+profession)",
        "fact",
    ),
    _rule(
        "home",
        r"\bi\s+" + _ADVERBS + r"(?:live|lived|stay|rent|own)\s+(?:in|on|at|near|by|above|"
        r"below|with|a|an|the)\b"
        r"|\bi(?:'m| am)\s+(?:originally\s+)?from\s+\w"
        r"|\bi\s+come\s+from\s+\w"
        r"|\bmy\s+(?:home|flat|apartment|house|hometown|village|town|city)\b",
        "fact",
    ),
    _rule(
        "attribute",
        _I_AM + r"(?:allergic\s+to|\d+(?:\s+years\s+old)?\b|left-handed|right-handed|"
        r"colou?r-?blind|deaf|blind|diabetic|short-sighted|an?\s+only\s+child)"
        r"|\bi(?:'m| am|'ve been| have been)\s+"
        + _ADVERBS
        + r"(?:(?:on|doing|eating|going|now)\s+(?:a\s+|the\s+)?)?"
        + _DIET
        + r"\b"
        r"|\bmy\s+(?:name|age|blood type|eyes|hair)\s+(?:is|are|'s)\b"
        # A diet someone else put one on: "the doctor's got me on keto".
        r"|\b(?:put|puts|got|has|have|'s got|'ve got|started)\s+me\s+on\s+(?:a\s+|the\s+)?"
        + _DIET
        + r"\b"
        r"|\bi\s+(?:can't|cannot|can|never learned to|never learnt to|don't know how to)\s+"
        r"(?:swim|drive|cook|sing|dance|ride|read|whistle|sleep)\b",
        "fact",
    ),
    _rule(
        "possession",
        r"\bi\s+" + _ADVERBS + r"(?:have|'ve got|have got|own|keep|had|inherited)\s+"
        r"(?!(?:to|no idea|a question|a feeling|a plan|an idea|a thought|a favou?r|"
        r"a confession|a moment|a minute|a second|time|no time)\b)" + _NUMBER + r"\s+\w"
        r"|\b(?:my|our)\s+(?:\w+\s+)?(?:" + _PET + r"|bird|fish|pet|car|bike|boat|van)\b"
        r"|\b(?:i|we)\s+" + _ADVERBS + r"(?:have|'ve got|have got|own|keep|had|got|adopted)\s+"
        r"(?:a|an)\s+(?:[\w-]+\s+){0,3}?" + _PET + r"\b"
        r"|\b(?:i|we)\s+" + _ADVERBS + r"(?:call|called|named|renamed)\s+(?:him|her|it|them)\s+\w"
        r"|\bmy\s+\w+\s+(?:is|was)\s+(?:called|named)\b",
        "fact",
    ),
    _rule(
        "identity",
        r"\bi(?:'m| am|'ve been| have been)\s+" + _ADVERBS + r"(?:a|an)\s+"
        r"(?!(?:bit|little|lot|while|moment|sec|second|minute|mess|wreck|fool|idiot|"
        r"few|couple)\b)\w",
        "fact",
    ),
    _rule(
        "pastime",
        r"\bi\s+" + _ADVERBS + r"(?:speak|play|collect|paint|knit|bake|sail|climb|write|"
        r"sing|swim|run|volunteer|garden|restore|build|carve|brew|teach|study|ride)\s+\w",
        None,
    ),
    _rule(
        "since",  # something kept up for years: "I've rowed this river since I was ten"
        r"\bi(?:'ve| have)\s+" + _ADVERBS + r"(?!been\s+\w+ing\b)\w+\s+(?:[\w'-]+\s+){0,6}?"
        r"(?:for|since)\s+(?:(?:\w+|\d+)\s+)?(?:years?|decades?|months?|ages|i was|childhood|"
        r"forever|\d{4})\b"
        r"|\bi(?:'ve| have)\s+" + _ADVERBS + r"been\s+(?:[\w'-]+\s+){1,4}?since\s+(?:last\s+\w+|"
        r"january|february|march|april|may|june|july|august|september|october|november|"
        r"december|spring|summer|autumn|fall|winter|christmas|xmas)\b",
        None,
    ),
)

# A clause no rule matches that names a value of one's own slot and says it changed.
SLOT_CHANGE = Rule("slot_change", re.compile(r"$^"), "fact", own=True)
# "pescatarian i guess": an "I" that only hedges says nothing about oneself.
_HEDGES = re.compile(r"\bi (?:guess|suppose|think|mean|reckon)\b")

_NOT_ABOUT_ONESELF = re.compile(r"^\s*(?:if|unless|suppose|imagine|what if|maybe if)\b", re.I)
_CLAUSE_BREAK = re.compile(r"\s*(?:;|—|–|\s-\s|,\s+(?:but|and|so|because|though)\s+)\s*")
_OPENERS = re.compile(
    r"^(?:(?:well|oh|ah|so|and|but|honestly|actually|anyway|anyways|also|plus|okay|ok|"
    r"yeah|yes|no|look|listen|see|funnily enough|funny enough|to be honest|truth be told|"
    r"for what it's worth|by the way|btw|between you and me|i mean|you know|you see|"
    r"the thing is|fun fact|confession|for the record|mind you|still|then again)"
    r"[,:!]?\s+)+",
    re.IGNORECASE,
)
_CALL_ME = re.compile(r"^(?:please,?\s+)?(?:just\s+)?call\s+me\s+", re.IGNORECASE)
_LEAD_IN = re.compile(r"^[^:\"]{1,40}:\s+(?=(?:i|i'm|my|call me|please)\b)", re.IGNORECASE)
_PRONOUN_PAIR = re.compile(r"\b[a-z]+/[a-z]+\b", re.IGNORECASE)
_ASIDES = re.compile(
    r",\s*(?:you know|you see|i guess|i suppose|i think|to be honest|honestly|really|"
    r"actually|by the way|can (?:you|u) believe it|believe it or not|lol|haha|tbh|right)"
    r"\s*(?=[,.!…?]|$)",
    re.IGNORECASE,
)
_TOKEN = re.compile(r"[A-Za-z][A-Za-z']*|[^A-Za-z]+")
_ADVERB_WORDS = frozenset(
    """really also still always never just only even actually honestly absolutely totally
    truly genuinely secretly so very quite pretty deeply utterly completely seriously
    desperately mostly usually often sometimes rarely basically definitely simply properly
    certainly literally once already finally recently nearly almost hardly barely""".split()
)
_MODALS = frozenset(
    """can could will would shall should may might must can't couldn't won't wouldn't
    shouldn't mustn't didn't did had hadn't was wasn't""".split()
)
_IRREGULAR_PAST = frozenset(
    """was were had did got grew went made met lost found took left began became came saw
    knew thought told said kept felt fell broke bought brought caught taught wrote ran won
    swam sat stood spent built sold held heard read fought drove rode flew ate drank gave
    forgot hid hit hurt let put quit set shut split spread sang sank slept spoke stole
    struck swore threw understood woke wore wept became been""".split()
)
_AGREEMENT = {
    "am": "is",
    "'m": "is",
    "are": "is",
    "were": "was",
    "have": "has",
    "'ve": "has",
    "do": "does",
    "don't": "doesn't",
    "haven't": "hasn't",
    "aren't": "isn't",
    "weren't": "wasn't",
}
_FIRST = {"i", "me", "my", "mine", "myself", "i'm", "i've", "i'll", "i'd"}
_SECOND = {"you", "your", "yours", "yourself", "you're", "you've", "you'll", "you'd", "u", "ur"}
_PLURAL_FIRST = {
    "we": "they",
    "us": "them",
    "our": "their",
    "ours": "theirs",
    "ourselves": "themselves",
    "we're": "they're",
    "we've": "they've",
    "we'll": "they'll",
    "we'd": "they'd",
}
_LATER_FIRST = {
    "i": "they",
    "me": "them",
    "my": "their",
    "mine": "theirs",
    "myself": "themself",
    "i'm": "they're",
    "i've": "they've",
    "i'll": "they'll",
    "i'd": "they'd",
}
_AFTER_THEY = {"am": "are", "was": "were", "wasn't": "weren't"}
_SUBJECT_SLOT = frozenset(
    {"and", "but", "because", "so", "that", "since", "when", "while", "though", "if", "as"}
)


@dataclass(frozen=True)
class Statement:
    speaker: str
    text: str  # the clause as said
    reported: str  # in third person: "Ada is terrified of deep water."
    type: str
    rule: str
    index: int  # the sentence's position in the conversation
    narration: bool = False
    anchor: int = 0  # where in ``text`` the rule matched: what the statement is about follows
    seq: int | None = None  # the seq of the message it was said in, when the transcript has it
    seqs: tuple[int, ...] = ()  # later messages it goes on in (a change told over two)

    @property
    def words(self) -> frozenset[str]:
        return frozenset(content_words(self.text))


def clauses(text: str) -> list[str]:
    """``text`` itself, or for a long sentence its clauses (split at ";", dashes and ", but")."""
    text = " ".join(text.split())
    if len(text.split()) <= MAX_CLAUSE_WORDS:
        return [text]
    return [piece for piece in _CLAUSE_BREAK.split(text) if piece.strip()]


def matching_rule(clause: str) -> Rule | None:
    """The first rule that makes ``clause`` a statement about its speaker, or None."""
    found = _match(clause)
    return found[0] if found else None


def _match(clause: str) -> tuple[Rule, int] | None:
    """The rule whose match comes first in the clause (what is said first is what the
    statement is about; ties go to the earlier rule), and where it matched."""
    text = normalise(clause)
    if not text.strip() or is_question(text) or _NOT_ABOUT_ONESELF.match(text):
        return None
    best: tuple[Rule, tuple[int, int]] | None = None
    for rule in RULES:
        match = rule.pattern.search(text)
        if match and rule.own and not _OWN.search(text):
            continue
        if match and (best is None or match.start() < best[1][0]):
            best = (rule, (match.start(), match.end()))
    if best is None:
        # No rule, but a value of one's own slot said to have changed ("fishmonger life 🐟,
        # the archive let me go in the cuts"): a statement of what changed.
        lowered = text.casefold()
        if (
            _OWN.search(_HEDGES.sub("", lowered))
            and names_a_slot(text)
            and (CHANGE.search(lowered) or ENDED.search(lowered) or ENDING_OF.search(lowered))
        ):
            return SLOT_CHANGE, 0
        return None
    # What the statement is about starts at the last word of the match ("my *brother*
    # Tomas", "I work *as* a nurse"): the key phrase is looked for from there.
    start, end = best[1]
    return best[0], start + text[start:end].rstrip().rfind(" ") + 1


def statement_type(rule: Rule, clause: str) -> str:
    if rule.type is not None:
        return rule.type
    kind = classify(clause)
    return "fact" if kind in ("conversation", "worldbuilding") else kind


# A sentence said without its "I" ("moved to Leeds last week", "been vegan since March",
# "married to Jun for 8 yrs", "living in accra with my aunt"): its first word is a past
# form, "been", a state one is in or a verb in -ing, so the speaker is its subject.
_STATES = frozenset(
    """married engaged divorced separated single widowed retired based settled obsessed
    stuck tired bored scared worried excited back""".split()
)
_ING = frozenset(
    """living working doing eating studying training dating seeing moving staying renting
    teaching driving running going trying""".split()
)
_BASE_VERBS = {"work": ("as", "at", "for", "in"), "live": ("in", "with", "near", "on", "at")}
# What follows a state one is in ("vegan now", "married to Jun", "retired in May"), not a
# verb of the sentence's own subject ("atkins is dead", "vegan cheese is gross").
_AFTER_STATE = frozenset(
    """now since for again these as and too already to in at with on from of about but so
    ever lol btw haha tbh""".split()
)
# What follows a job said without "I'm a" ("mechanic now", "farrier by trade").
_AFTER_JOB = frozenset("now by for at these since again".split())
_NOT_PAST = frozenset("""hundred indeed wicked naked sacred""".split())
_LEADING = re.compile(
    r"^((?:(?:just|finally|recently|officially|also|now|fully|totally|basically|literally|"
    r"still|actually)\s+)*)([a-z][a-z'-]*)(?:\s+([a-z]+))?",
    re.IGNORECASE,
)
_STARTS_WITH_DIET = re.compile(r"^" + _DIET + r"\b", re.IGNORECASE)


def with_subject(clause: str) -> str:
    """``clause`` with the "I" a chat user left out put back ("moved to oslo last week" ->
    "I moved to oslo last week", "been vegan since March" -> "I've been vegan since
    March", "vegetarian now" -> "I'm vegetarian now"); any other clause as it is."""
    text = normalise(clause).strip()
    opener = _OPENERS.match(text)
    head, rest = (text[: opener.end()], text[opener.end() :]) if opener else ("", text)
    rest = re.sub(r"^[^\w\s]+\s*", "", rest)  # an emoji or a dash before the first word
    leading = _LEADING.match(rest)
    if not leading or is_question(text):
        return clause
    word, following = leading.group(2).lower(), (leading.group(3) or "").lower()
    if following in _AFTER_JOB and is_job_noun(word):
        # "mechanic now", "stonemason by trade", "pilot for the guild": what one works as.
        article = "an" if word[:1] in "aeiou" else "a"
        return f"{head}I'm {article} {rest[:1].lower()}{rest[1:]}"
    if word == "been":
        subject = "I've"
    elif word in _ING or (
        (word in _STATES or _STARTS_WITH_DIET.match(rest[leading.start(2) :]))
        and (not following or following in _AFTER_STATE)
    ):
        subject = "I'm"
    elif following in _BASE_VERBS.get(word, ()):
        subject = "I"
    elif word in _IRREGULAR_PAST - {"was", "were", "been", "had", "did"} | {"cut"} or (
        word.endswith("ed") and len(word) > 4 and word not in _NOT_PAST
    ):
        subject = "I"
    else:
        return clause
    return f"{head}{subject} {rest[:1].lower()}{rest[1:]}"


def find_statements(
    sentences: Sequence[Sentence], *, other: dict[str, str] | None = None
) -> list[Statement]:
    """The statements in ``sentences``, in conversation order. ``other`` maps a speaker to
    the person "you" means in their lines (known when exactly two people talk)."""
    found: list[Statement] = []
    for sentence in sentences:
        for clause in clauses(sentence.text):
            if not sentence.narration:
                clause = with_subject(clause)
            matched = _match(clause)
            if matched is None:
                continue
            rule, anchor = matched
            reported = report_statement(
                clause, speaker=sentence.speaker, other=(other or {}).get(sentence.speaker)
            )
            if reported is None:
                continue
            found.append(
                Statement(
                    speaker=sentence.speaker,
                    text=clause,
                    reported=reported,
                    type=statement_type(rule, clause),
                    rule=rule.name,
                    index=sentence.index,
                    narration=sentence.narration,
                    anchor=anchor,
                    seq=sentence.seq,
                    seqs=sentence.seqs,
                )
            )
    return found


def report_statement(clause: str, *, speaker: str, other: str | None = None) -> str | None:
    """``clause`` in third person about ``speaker``: "I'm terrified of deep water" by Ada
    -> "Ada is terrified of deep water." Without ``other``, a clause addressed to "you" is
    quoted (``Ada said: "..."``); None when nothing is left once openers are dropped."""
    text = _ASIDES.sub("", normalise(clause).strip().strip('"“”* '))
    text = _OPENERS.sub("", text).strip().rstrip(",;:—– ")
    # "Before we start: my pronouns are ...": the lead-in is no part of the statement.
    text = _LEAD_IN.sub("", text)
    # "Call me Alex" is what the speaker goes by: "Ada goes by Alex".
    text = _CALL_ME.sub("I go by ", text)
    if other:  # "I love you, Odo." / "Odo, I trust you": the name called is no part of it
        called = "|".join(re.escape(part) for part in (other, other.split()[0]))
        text = re.sub(rf"^(?:{called}),\s+", "", text)
        text = re.sub(rf",\s+(?:{called})(?=[.!…]*$)", "", text)
    if not content_words(text) and not _PRONOUN_PAIR.search(text):
        return None  # ("he/him" is all function words, and still the point)
    # "Nora and I broke up" is told "Sam and Nora broke up": the speaker first.
    text = re.sub(r"^([A-Z][\w'-]*) and (?:I|me)\b", r"I and \1", text)
    lowered = {token.lower() for token in re.findall(r"[A-Za-z][A-Za-z']*", text)}
    if lowered & _SECOND and not other:
        return f'{speaker} said: "{_finish(text[:1].upper() + text[1:])}"'
    tokens = _TOKEN.findall(text.rstrip(".!… "))
    out: list[str] = []
    named = False  # the speaker's name has been used once; later mentions are "they"
    agree_next = False  # the next verb must agree with a singular name
    after_they = False
    for token in tokens:
        lower = token.lower()
        if not token[0].isalpha():
            out.append(token)
            continue
        if lower in _FIRST:
            if named:
                later = _LATER_FIRST[lower]
                out.append(later.capitalize() if _starts_sentence(out) else later)
                after_they = lower == "i"
                continue
            named = True
            replacement, agree_next = _first_mention(lower, speaker)
            out.append(replacement)
            continue
        if lower in _PLURAL_FIRST:
            plural = _PLURAL_FIRST[lower]
            out.append(plural.capitalize() if token[0].isupper() else plural)
            continue
        if lower in _SECOND and other:
            subject = _is_subject_slot(out)
            replacement, agree = _second_person(lower, other, subject=subject)
            out.append(replacement)
            agree_next = agree_next or agree
            continue
        if agree_next:
            if lower in _ADVERB_WORDS:
                out.append(token)
                continue
            out.append(_agree(token))
            agree_next = False
            continue
        if after_they:
            token = _AFTER_THEY.get(lower, token)
            after_they = False
        out.append(token)
    sentence = "".join(out).strip()
    sentence = re.sub(r"\s+", " ", sentence)
    if not named and speaker.casefold() not in sentence.casefold():
        # Nothing in it names the speaker ("Biscuit passed away. We adopted a puppy."):
        # say who said it, so the memory is attributed.
        first = sentence.split(" ", 1)[0]
        if first.lower() in STOPWORDS or first.lower() in _PLURAL_FIRST.values():
            sentence = sentence[:1].lower() + sentence[1:]
        return _finish(f"{speaker} said {sentence}")
    return _finish(sentence[:1].upper() + sentence[1:])


def _first_mention(lower: str, speaker: str) -> tuple[str, bool]:
    """The speaker's name for a first-person word, and whether the next verb must agree."""
    if lower in ("my", "mine"):
        return f"{speaker}'s", False
    if lower in ("me", "myself"):
        return speaker, False
    if lower == "i'm":
        return f"{speaker} is", False
    if lower == "i've":
        return f"{speaker} has", False
    if lower == "i'll":
        return f"{speaker} will", False
    if lower == "i'd":
        return f"{speaker} would", False
    return speaker, True  # "i"


def _second_person(lower: str, other: str, *, subject: bool) -> tuple[str, bool]:
    if lower in ("your", "yours", "ur"):
        return f"{other}'s", False
    if lower == "yourself":
        return other, False
    if lower == "you're":
        return f"{other} is", False
    if lower == "you've":
        return f"{other} has", False
    if lower == "you'll":
        return f"{other} will", False
    if lower == "you'd":
        return f"{other} would", False
    return other, subject  # "you": the verb agrees only when "you" is the subject


def _starts_sentence(out: list[str]) -> bool:
    """Whether the next word opens a sentence (after ".", "!" or "?")."""
    for token in reversed(out):
        if token.strip():
            return token.rstrip().endswith((".", "!", "?"))
    return True


def _is_subject_slot(out: list[str]) -> bool:
    """Whether the next word starts a clause (so "you" there is a subject, not an object)."""
    for token in reversed(out):
        if not token.strip():
            continue
        if not token[0].isalpha():
            return any(mark in token for mark in ".,;:!—–(")
        return token.lower() in _SUBJECT_SLOT
    return True


def _agree(verb: str) -> str:
    """``verb`` after a singular name: "work" -> "works", "am" -> "is"; past forms and
    modals stay as they are."""
    lower = verb.lower()
    if lower in _AGREEMENT:
        return _AGREEMENT[lower]
    if lower in _MODALS or lower in _IRREGULAR_PAST or lower.endswith(("ed", "'d", "n't")):
        return verb
    if lower in STOPWORDS and lower not in ("have", "do", "be"):
        return verb  # not a verb after all ("I, too, ..."): leave it
    if lower == "be":
        return "is"
    if re.search(r"[^aeiou]y$", lower):
        return f"{verb[:-1]}ies"
    if lower.endswith(("s", "sh", "ch", "x", "z", "o")):
        return f"{verb}es"
    return f"{verb}s"


def _finish(text: str) -> str:
    text = text.rstrip()
    return text if text.endswith((".", "!", "?", "…", '"')) else f"{text}."
