"""The offline statement rules: each a pattern that makes a clause something lasting its
speaker discloses (who they are, what they have, where they live, what they like, what
happened to them) and the memory type it gives; and the patterns that cut a long sentence
into clauses and strip openers, asides and lead-ins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from drawhisper.providers.offline.decisions import NEWCOMER
from drawhisper.providers.offline.lexicons import DIETS, PET_KINDS

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
        # A value of one's own said as current, read by the sentence's shape, not by a list
        # of values: someone took the speaker on ("the theatre took me", "the vineyard hired
        # me as their cellarmaster"), the speaker is something now ("i'm their marionettist
        # now", "i'm autoimmune-protocol now"), keeps to something these days ("i eat
        # hypercarnivore these days") or took a place to live ("i signed the lease in
        # mechelen", "we rented a flat in udine", "i've been in sligo since june").
        "current",
        r"\b(?:hired|took|taken|signed|employed|appointed|promoted|accepted|recruited|"
        r"brought|made|named)\s+me\s+(?:on\b|as\b|their\b|its\b|a\b|an\b|(?=[,.!;]|$))"
        r"|" + _I_AM + r"(?:(?:their|the|its|our|a|an)\s+)?(?!(?:not|so|too|sorry|sure|"
        r"fine|okay|ok|good|done|back|here|home|ready|tired|going|off|out|in|on|it|this|"
        r"that|there)\b)[\w-]+(?:\s+[\w-]+)?\s+(?:now|these days|nowadays)\b"
        r"|\b(?:i|we)\s+" + _ADVERBS + r"(?:eat|do|follow|keep|stick to)\s+(?:a\s+|the\s+)?"
        r"[\w-]+(?:\s+[\w-]+)?\s+(?:now|these days|nowadays)\b"
        r"|\b(?:i|we)\s+" + _ADVERBS + r"(?:signed|rented|bought|leased|took|found)\s+"
        r"(?:a|an|the|my|our)\s+(?:\w+\s+)?(?:lease|flat|house|apartment|place|room|cottage|"
        r"studio|home)\s+(?:in|on|at|near|by)\s+\w"
        r"|\bi(?:'ve| have)\s+" + _ADVERBS + r"been\s+(?:living\s+)?in\s+(?!(?:the|a|an|love|"
        r"bed|trouble|pain|touch|charge|it|this|that)\b)\w+\s+(?:since|for)\b",
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
        # A newcomer introduced by a name said on its own and told of right after ("this is
        # buckfast. i got her from a farm", "meet rollo! he's a lop"): the speaker's own.
        "introduced",
        NEWCOMER,
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
