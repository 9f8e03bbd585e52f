"""Words of the local support check: which words of a claim carry it, and which of them
the cited messages say (by lemma, singular or first five letters), the people a message
speaks to, and how rare a word is in the chat. No embedder here."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import simplemma

from .numbers import is_number_word

STEM_LETTERS = 5
_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’-]*")
_POSSESSIVE = re.compile(r"'s$")
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_ORDINAL = re.compile(r"^(\d+)(?:st|nd|rd|th)$")

# Words that carry no claim of their own: function words, and the words a memory uses to
# report speech ("Ada said that she ..."), which the messages themselves never contain.
STOPWORDS = frozenset(
    """a about above after again against all also am an and any are aren't as at be because
    been before being below between both but by can can't cannot could couldn't did didn't do
    does doesn't doing don't down during each even ever every few for from further get gets
    got had hadn't has hasn't have haven't having he he'd he'll he's her here hers herself him
    himself his how i i'd i'll i'm i've if in into is isn't it it's its itself just me might
    more most much must my myself no nor not now of off on once one only or other our ours
    out over own same she she'd she'll she's should so some such than that that's the their
    theirs them themself themselves then there these they they'd they'll they're they've this
    those through to too under until up very was wasn't we were weren't what when where which
    while who whom why will with won't would you your yours yourself said says say told tells
    tell mentioned mentions shared shares explained explains admitted admits revealed reveals
    talked talks spoke speaks user character someone something""".split()
) | frozenset(
    # The rest of English's closed classes of prepositions and conjunctions ("despite",
    # "due to", "as per"): they join what a claim says and carry nothing of their own.
    """across along alongside although amid among amongst around beside besides beyond
    despite due except however inside near onto outside per since though throughout toward
    towards unless unlike upon versus via whereas whether within without yet""".split()
)

# Verbs too common in English to be a detail of their own, however rare in one chat: a
# memory says "Ada owns a boat" or "Ada goes by Alex" where the message said "I have a
# boat" or "call me Alex". (A chat's own frequencies cannot tell a short chat's rare word
# from a common one.)
GENERAL_VERBS = (
    frozenset(
        """be have own keep go come get give take make do use call want ask need like prefer let put
    see feel think know become stay start begin try may might shall""".split()
    )
    | frozenset(
        # Verbs of stance: a memory says "Ada values family time" or "considers her a partner"
        # where the message said "family time matters to me" or "it's like having a partner";
        # they report an attitude the words around them carry, not a detail of their own.
        """value consider anticipate focus emphasize emphasise resonate seek prioritize prioritise
    appreciate believe express find hope aim intend wish expect acknowledge encourage suggest
    recognize recognise realize realise regard view reflect strive""".split()
    )
    | frozenset(
        # Verbs of speech acts: a memory reports how a thing was said ("Gina compliments Jon's
        # talent", "assures him", "discussed how ..."); the message says the thing itself.
        """say tell mention share explain admit reveal talk speak discuss describe note add ask
    answer reply respond agree disagree advise recommend urge remind assure reassure promise
    offer invite warn thank congratulate compliment praise apologize apologise confirm
    inform update comment remark state claim""".split()
    )
)


@dataclass(frozen=True)
class Source:
    """One cited message as the check reads it."""

    speaker: str
    content: str


def _normal(token: str) -> str:
    return _POSSESSIVE.sub("", token.lower().replace("’", "'").strip("'-"))


@lru_cache(maxsize=65536)
def lemma(word: str) -> str:
    return simplemma.lemmatize(word, lang="en").lower()


def _singular(word: str) -> str:
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def content_words(text: str) -> list[str]:
    """The words of ``text`` that carry a claim, lower-cased, a possessive dropped; a
    calendar date is left out."""
    words = []
    for token in _TOKEN.findall(text):
        word = _normal(token)
        if len(word) > 1 and word not in STOPWORDS and not _ISO_DATE.match(word):
            words.append(word)
    return words


def _keys(word: str) -> set[str]:
    """What a word may be met by: its lemma, its singular, and their first five letters."""
    forms = {word, lemma(word), _singular(word)}
    return forms | {form[:STEM_LETTERS] for form in forms}


def _said_keys(sources: Iterable[str]) -> set[str]:
    said: set[str] = set()
    for text in sources:
        for word in content_words(text):
            said |= _keys(word)
    return said


def _is_said(word: str, said: set[str]) -> bool:
    """Whether ``word`` meets a word of ``said`` (``_said_keys``): on a key, or a four-letter
    word on the start of a longer one (and the other way round)."""
    if _keys(word) & said:
        return True
    if len(word) == 4:
        return any(key.startswith(word) for key in said)
    return len(word) > 4 and word[:4] in said


def unsaid_words(claim: str, sources: Iterable[str]) -> list[str]:
    """The claim's distinct content words that the sources do not say (``_is_said``)."""
    said = _said_keys(sources)
    return [word for word in dict.fromkeys(content_words(claim)) if not _is_said(word, said)]


def lexical_coverage(
    claim: str, sources: Iterable[str], *, paraphrased: Iterable[str] = ()
) -> float:
    """The share of the claim's distinct content words the sources say; a word in
    ``paraphrased`` (close in meaning to a cited word, ``paraphrases``) counts as said."""
    words = list(dict.fromkeys(content_words(claim)))
    if not words:
        return 1.0
    unsaid = set(unsaid_words(claim, sources)) - set(paraphrased)
    return 1 - len(unsaid) / len(words)


_SECOND_PERSON = re.compile(r"\b(?:you|your|yours|yourself|you're|you've|you'll|ya)\b", re.I)


def addressed(sources: Sequence[Source], people: Sequence[str]) -> set[str]:
    """The chat's people a cited message speaks to: the other one of the two, when a
    message of one of them says "you" ("thanks for having my back" is said to them)."""
    found = set()
    for source in sources:
        if source.speaker in people and _SECOND_PERSON.search(source.content):
            found |= {person for person in people if person != source.speaker}
    return found


def is_number(word: str) -> bool:
    return word.isdigit() or is_number_word(word) or bool(_ORDINAL.match(word))


def rarity(word: str, thread: Sequence[str]) -> float:
    """How rare ``word`` is in the chat, 0 to 1: its inverse document frequency over the
    thread's messages, ``log((n + 1) / (df + 1)) / log(n + 1)``; 1 for a word it never says."""
    if not thread:
        return 1.0
    keys = _keys(word)
    frequency = sum(1 for said in _thread_keys(tuple(thread)) if keys & said)
    return math.log((len(thread) + 1) / (frequency + 1)) / math.log(len(thread) + 1)


@lru_cache(maxsize=8)
def _thread_keys(thread: tuple[str, ...]) -> list[set[str]]:
    return [_said_keys([text]) for text in thread]
