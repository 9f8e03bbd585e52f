"""The hard rules of the local support check: names, numbers, negation and speaker
(``refusal``), each refusing a claim with a sentence that names what was not said."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

import simplemma

from .meaning import sentences
from .numbers import number_values
from .words import (
    _TOKEN,
    GENERAL_VERBS,
    STOPWORDS,
    Source,
    _keys,
    _normal,
    _singular,
    content_words,
    lemma,
    rarity,
)

NEGATION_SCOPE = 3  # content words after "not" that it negates
_SENTENCE_START = re.compile(r"(?:^|[.!?:;\"(]\s*)$")
_CLAUSE_END = re.compile(r"[.,;:!?()\u2014\u2013]|\s-\s|\bbut\b", re.IGNORECASE)
# Chat users drop the apostrophe ("dont", "cant"): a negation all the same.
_NEGATION = re.compile(
    r"\b(?:not|never|no longer|nobody|nothing|none|neither|nor|without|cannot|no)\b|n't\b"
    r"|\b(?:dont|cant|wont|didnt|doesnt|isnt|arent|wasnt|werent|havent|hasnt|hadnt|couldnt|"
    r"wouldnt|shouldnt|aint)\b",
    re.IGNORECASE,
)

# In the messages, a stop says "no more" too: "I stopped eating meat" supports "eats no meat".
_SAID_NEGATION = re.compile(
    _NEGATION.pattern + r"|\b(?:stopped|stop|quit|gave up|give up|no more|anymore)\b",
    re.IGNORECASE,
)

# Calendar words: the extractor writes a day or month where the message said "yesterday".
_CALENDAR = frozenset(
    """monday tuesday wednesday thursday friday saturday sunday january february march april
    may june july august september october november december""".split()
)


def _tokens_with_start(text: str) -> list[tuple[str, bool]]:
    """Each token and whether it opens a sentence."""
    return [
        (match.group(0), bool(_SENTENCE_START.search(text[: match.start()])))
        for match in _TOKEN.finditer(text)
    ]


def names_in(text: str, *, people: Iterable[str] = ()) -> list[str]:
    """The names a claim uses: its capitalised words, less function words, calendar words,
    and a sentence's (or a title's) first word when it is an ordinary word (``ordinary``)
    and not one of ``people``."""
    known_people = {_normal(part) for person in people for part in person.split()}
    names = []
    for token, opens in _tokens_with_start(text):
        word = _normal(token)
        if not token[:1].isupper() or word in STOPWORDS or word in _CALENDAR or len(word) < 2:
            continue
        if opens and word not in known_people and ordinary(word):
            continue
        names.append(word)
    return list(dict.fromkeys(names))


def ordinary(word: str) -> bool:
    """Whether a capitalised first word is an ordinary word rather than a name: an English
    word ("Job", "Pottery"), an adverb, or a word the lemmatiser changes ("Painting"). A name
    that is also a word ("Pixel") is then taken for the word; inside a sentence it is a name.
    A word the lemmatiser knows as a proper noun ("Marcus") is a name wherever it stands."""
    if _proper_noun(word):
        return False
    return word.endswith("ly") or lemma(word) != word or simplemma.is_known(word, lang="en")


@lru_cache(maxsize=65536)
def _proper_noun(word: str) -> bool:
    """Whether the lemmatiser's dictionary has the word as a proper noun ("Marcus", "Jon"):
    it gives those back capitalised."""
    return simplemma.lemmatize(word, lang="en")[:1].isupper()


def numbers_in(text: str) -> set[str]:
    """The numbers a text says, as digits, however written (``numbers.number_values``)."""
    return number_values(text)


def _said_words(sources: Sequence[Source]) -> set[str]:
    said = set()
    for source in sources:
        for token in _TOKEN.findall(source.content):
            word = _normal(token)
            said |= {word, lemma(word), _singular(word)}
    return said


def _negated_words(text: str, *, pattern: re.Pattern[str] = _NEGATION) -> set[str]:
    """The lemmas of the content words right after each negation in ``text``, up to
    ``NEGATION_SCOPE`` of them and never past the end of its clause ("isn't easy, but I
    feel ..." negates "easy", not "feel")."""
    found: set[str] = set()
    for match in pattern.finditer(text):
        clause = _CLAUSE_END.split(text[match.end() :], maxsplit=1)[0]
        words = content_words(clause)[:NEGATION_SCOPE]
        for word in words:
            found |= _keys(word)
    return found


def _short_for(name: str, people: set[str]) -> str:
    """The name of one of the chat's people (``people``: their names' parts) that ``name``
    is the long or the short form of, the one beginning the other ("Jonathan" for "Jon",
    "Mel" for "Melanie"; three letters at least), or ""."""
    return next(
        (
            person
            for person in people
            if min(len(name), len(person)) >= 3
            and (name.startswith(person) or person.startswith(name))
        ),
        "",
    )


def said_of(names: Iterable[str], thread: Sequence[str]) -> list[str]:
    """The sentences of ``thread`` that say one of ``names`` (what the chat says of a
    place, pet or third person: "Luna" is "my dog" in one of them)."""
    wanted = set(names)
    if not wanted or not thread:
        return []
    return [sentence for sentence, words in _thread_sentences(tuple(thread)) if wanted & words]


@lru_cache(maxsize=8)
def _thread_sentences(thread: tuple[str, ...]) -> list[tuple[str, frozenset[str]]]:
    """Each sentence of the thread with its content words (read once per thread)."""
    return [
        (sentence, frozenset(content_words(sentence)))
        for text in thread
        for sentence in sentences(text)
    ]


def chat_names(text: str, *, people: Sequence[str], thread: Sequence[str]) -> list[str]:
    """The names in ``text`` other than the chat's two people that ``thread`` says (in any
    of its messages): a place, group or third person the chat has been talking about."""
    everyone = {_normal(part) for person in people for part in person.split()}
    return [
        name
        for name in names_in(text, people=people)
        if name not in everyone and thread and rarity(name, thread) < 1
    ]


def refusal(
    claim: str,
    content: str,
    sources: Sequence[Source],
    *,
    people: Sequence[str],
    thread: Sequence[str] = (),
) -> str:
    """The first hard rule the claim breaks, as a sentence, or ""; a name the ``thread``
    says (in any of its messages) is known, as one of the chat's people is."""
    said = _said_words(sources)
    everyone = {_normal(part) for person in people for part in person.split()}
    speakers = {_normal(part) for source in sources for part in source.speaker.split()}
    known = said | everyone | speakers
    known |= set(chat_names(claim, people=people, thread=thread))
    missing = [
        name
        for name in names_in(claim, people=people)
        if name not in known and not _short_for(name, everyone)
    ]
    if missing:
        return f"it names {', '.join(missing)}, who the messages do not name."
    numbers = numbers_in(claim) - set().union(*(numbers_in(s.content) for s in sources))
    if numbers:
        return f"the messages do not say {', '.join(sorted(numbers))}."
    if _NEGATION.search(content):
        negated = set().union(
            *(_negated_words(source.content, pattern=_SAID_NEGATION) for source in sources)
        )
        claimed = _negated_words(content)
        # A negation that ends its clause ("but they won't.") negates no word: a negation
        # said in the messages ("but i won't") supports it.
        bare = not claimed and any(_SAID_NEGATION.search(source.content) for source in sources)
        if not bare and not claimed & negated:
            return "it negates what the messages do not negate."
    subject = next(
        (
            name if name in everyone else _short_for(name, everyone)
            for name in names_in(content, people=people)
            if name in everyone or _short_for(name, everyone)
        ),
        None,
    )
    if subject and subject not in speakers:
        return f"it is about {subject.title()}, who said none of those messages."
    if subject and subject in speakers and said_only_of_the_other(subject, content, sources):
        return f"it says of {subject.title()} what the messages say of the person spoken to."
    return ""


_SECOND_PERSON = frozenset("you you're your yours yourself ya you've you'll you'd".split())
_SAID_TO_GAP = 2  # function words or "-ly" adverbs between "you" and what is said of them


def _predicate(subject: str, content: str) -> str:
    """What the claim first says of ``subject``: the first word after its name that is not
    a function word or an "-ly" adverb ("Jon is really talented ..." -> "talented"), or ""
    when that is a verb of ``GENERAL_VERBS`` ("Jon finds ...", "Gina encourages ..."), which
    carries nothing of its own."""
    words = [_normal(token) for token in _TOKEN.findall(content)]
    at = next((i for i, word in enumerate(words) if word == subject), None)
    if at is None:
        return ""
    for word in words[at + 1 :]:
        if len(word) > 1 and word not in STOPWORDS and not word.endswith("ly"):
            return "" if lemma(word) in GENERAL_VERBS else word
    return ""


def _said_of_you(predicate: str, source: Source) -> tuple[int, int]:
    """How often ``source`` says ``predicate`` right after "you" or "your" (in the same clause,
    ``_SAID_TO_GAP`` function words or adverbs between at most), and how often elsewhere."""
    wanted = _keys(predicate)
    to_you = anywhere = 0
    for clause in _CLAUSE_END.split(source.content):
        words = [_normal(token) for token in _TOKEN.findall(clause)]
        anywhere += sum(1 for word in words if _keys(word) & wanted)
        for index, word in enumerate(words):
            if word not in _SECOND_PERSON:
                continue
            for follower in words[index + 1 : index + 2 + _SAID_TO_GAP]:
                if follower in STOPWORDS or follower.endswith("ly"):
                    continue
                to_you += bool(_keys(follower) & wanted)
                break
    return to_you, anywhere - to_you


def said_only_of_the_other(subject: str, content: str, sources: Sequence[Source]) -> bool:
    """Whether what the claim first says of ``subject`` is said in the subject's own cited
    messages only of the person spoken to ("your support means a lot" is no support of the
    speaker's), never otherwise."""
    predicate = _predicate(subject, content)
    if not predicate:
        return False
    own = [
        _said_of_you(predicate, source)
        for source in sources
        if subject in {_normal(part) for part in source.speaker.split()}
    ]
    return any(to_you for to_you, _ in own) and not any(other for _, other in own)
