"""Sentences out of transcript turns, how salient each one is, and how to report one.

Salience is classic extractive-summary scoring: a sentence made of words the conversation
keeps coming back to scores high, as does one with a few content words rather than one;
position (the opening and the latest sentences) and
self-disclosure ("I ...", "my ...") add a little; questions and filler ("ok", "thanks",
"lol") score low or are skipped. Ties break by position, so results are deterministic.

Reporting turns a turn's sentence into third person with the speaker attached: "I moved to
Porto" by Ada becomes "Ada said they moved to Porto." (``they`` needs no verb changes and
assumes nothing about anyone). A sentence addressed to "you", or a question, is quoted
instead, which keeps the attribution right without guessing who "you" is."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from drawhisper.providers.offline.contract import Turn

STOPWORDS = frozenset(
    """a about above after again against all also am an and any are aren't as at be because
    been before being below between both but by can can't cannot could couldn't did didn't do
    does doesn't doing don't down during each even ever every few for from further get gets
    got had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers
    herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its
    itself just let's like me might more most much must mustn't my myself no nor not now of
    off oh on once one only or other ought our ours ourselves out over own really said same
    say says she she'd she'll she's should shouldn't so some such still than that that's the
    their theirs them themselves then there there's these they they'd they'll they're they've
    this those though through to too under until up us very was wasn't we we'd we'll we're
    we've well were weren't what what's when when's where where's which while who who's whom
    why why's will with won't would wouldn't yeah yes yet you you'd you'll you're you've your
    yours yourself yourselves""".split()
)

FILLER = frozenset(
    """ok okay k kk thanks thank you thx ty lol lmao rofl haha hahaha hehe yes yeah yep yup no
    nope sure hmm hm mhm hi hello hey bye goodbye cool nice great alright right oh ah wow
    same me too good night morning uh huh please sorry""".split()
)

_WORD = re.compile(r"[a-z][a-z'-]*")
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+")
_ACTION = re.compile(r"\*([^*]+)\*")
_QUOTES = '"“”'

# A first-person word as the same word of a third person ("my" -> "their").
FIRST_PERSON = {
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
_AFTER_I = {"am": "are", "was": "were", "wasn't": "weren't", "'m": "'re"}
_SECOND_PERSON = re.compile(
    r"\b(you|your|yours|yourself|yourselves|you're|you've|you'll|you'd|u|ur)\b"
)
_TOKEN = re.compile(r"[A-Za-z][A-Za-z']*|[^A-Za-z]+")


@dataclass(frozen=True)
class Sentence:
    speaker: str
    text: str
    index: int  # position in the conversation, from 0
    narration: bool = False  # a stage direction (*...*) rather than speech
    words: tuple[str, ...] = ()  # content words, without the speakers' names
    seq: int | None = None  # the seq of the message it is from, when known
    seqs: tuple[int, ...] = ()  # the seqs of later messages joined to it (a change told over two)


# Contractions chat users type without the apostrophe ("im vegan", "dont", "thats"): words
# that are nothing else in English, so restoring the apostrophe changes no meaning.
_BARE_CONTRACTIONS = {
    "im": "I'm",
    "ive": "I've",
    "dont": "don't",
    "doesnt": "doesn't",
    "didnt": "didn't",
    "cant": "can't",
    "isnt": "isn't",
    "arent": "aren't",
    "wasnt": "wasn't",
    "werent": "weren't",
    "havent": "haven't",
    "hasnt": "hasn't",
    "thats": "that's",
    "theres": "there's",
    "youre": "you're",
    "weve": "we've",
}
_BARE = re.compile(r"\b(" + "|".join(_BARE_CONTRACTIONS) + r")\b", re.IGNORECASE)


def normalise(text: str) -> str:
    """Straight apostrophes, and the apostrophe back in contractions typed without one."""
    text = text.replace("’", "'").replace("‘", "'")
    return _BARE.sub(lambda match: _bare(match.group(1)), text)


def _bare(word: str) -> str:
    restored = _BARE_CONTRACTIONS[word.lower()]
    return restored[:1].upper() + restored[1:] if word[:1].isupper() else restored


def content_words(text: str) -> list[str]:
    words = _WORD.findall(normalise(text).lower())
    return [word.strip("'-") for word in words if len(word) > 2 and word not in STOPWORDS]


def is_filler(text: str, names: frozenset[str] = frozenset()) -> bool:
    """Nothing but greetings, thanks, laughter or names: "ok", "thanks, Ada!", "lol"."""
    words = _WORD.findall(normalise(text).lower())
    return not words or all(word in FILLER or word in names for word in words)


_QUESTION_OPENERS = frozenset(
    """what who whom whose where when why how which do does did is are was were am can could
    will would shall should may might must have has had isn't aren't wasn't weren't don't
    doesn't didn't can't couldn't won't wouldn't shouldn't haven't hasn't any anyone anything
    ever remember""".split()
)


def is_question(text: str) -> bool:
    """Whether ``text`` asks something: its last sentence ends with "?" and opens like a
    question (a question word or an auxiliary first) or speaks to "you". "pescatarian i
    guess??" or "I moved to Leeds, remember?" say something; "do you cook?" asks."""
    text = normalise(text).strip()
    if not text.endswith("?"):
        return False
    last = re.split(r"(?<=[.!?…])\s+", text.rstrip("?!. "))[-1]
    words = _WORD.findall(last.lower())
    if not words:
        return True
    return words[0] in _QUESTION_OPENERS or bool(_SECOND_PERSON.search(last.lower()))


def speaker_names(turns: Sequence[Turn]) -> frozenset[str]:
    return frozenset(part for turn in turns for part in content_words(turn.speaker))


def make_sentence(
    speaker: str,
    text: str,
    index: int,
    *,
    narration: bool = False,
    names: frozenset[str] = frozenset(),
    seq: int | None = None,
) -> Sentence:
    words = tuple(word for word in content_words(text) if word not in names)
    return Sentence(speaker, text, index, narration, words, seq)


def split_sentences(turns: Sequence[Turn]) -> list[Sentence]:
    """Every sentence of every turn, speech and stage directions apart, filler dropped.
    Speakers' names do not count as content: they are everywhere and say nothing."""
    sentences: list[Sentence] = []
    names = speaker_names(turns)

    def add(speaker: str, text: str, narration: bool, seq: int | None) -> None:
        for piece in _SENTENCE_END.split(text):
            piece = " ".join(piece.split()).strip(_QUOTES + " ")
            if not piece or is_filler(piece, names):
                continue
            sentence = make_sentence(
                speaker, piece, len(sentences), narration=narration, names=names, seq=seq
            )
            if sentence.words:
                sentences.append(sentence)

    for turn in turns:
        text = normalise(turn.text)
        for action in _ACTION.findall(text):
            if len(action.split()) >= 4:  # "*sips tea*" is colour, not content
                add(turn.speaker, action, True, turn.seq)
        add(turn.speaker, _ACTION.sub(" ", text), False, turn.seq)
    return sentences


def salience(
    sentences: Sequence[Sentence], *, bonus: dict[int, float] | None = None
) -> dict[int, float]:
    """A score per sentence index: frequent-word density plus small position terms."""
    if not sentences:
        return {}
    frequency = Counter(word for sentence in sentences for word in set(sentence.words))
    top = max(frequency.values())
    last = sentences[-1].index
    scores: dict[int, float] = {}
    for sentence in sentences:
        unique = set(sentence.words)
        density = sum(frequency[word] / top for word in unique) / len(unique)
        substance = min(len(unique), 6) / 6  # "My birthday is in March" is enough to matter
        score = 0.5 * density + 0.3 * substance
        if sentence.index in (0, last):
            score += 0.1
        if re.search(r"\b(i|my|me|i'm|i've)\b", sentence.text.lower()):
            score += 0.1
        if is_question(sentence.text):
            score *= 0.6
        if sentence.narration:
            score *= 0.85  # stage directions colour a scene; speech carries what to remember
        scores[sentence.index] = score + (bonus or {}).get(sentence.index, 0.0)
    return scores


def ranked(sentences: Sequence[Sentence], scores: dict[int, float]) -> list[Sentence]:
    return sorted(sentences, key=lambda sentence: (-scores[sentence.index], sentence.index))


def overlaps(sentence: Sentence, chosen: Sequence[Sentence], threshold: float = 0.6) -> bool:
    words = set(sentence.words)
    for other in chosen:
        theirs = set(other.words)
        if words and theirs and len(words & theirs) / len(words | theirs) >= threshold:
            return True
    return False


def report(sentence: Sentence) -> str:
    """The sentence in third person, attributed to its speaker, ending with punctuation."""
    text = sentence.text.strip()
    if sentence.narration:
        if text[:1].islower():
            text = f"{sentence.speaker} {text}"
        return _finish(text[:1].upper() + text[1:])
    if is_question(text):
        return f'{sentence.speaker} asked: "{text}"'
    if _SECOND_PERSON.search(text.lower()):
        return f'{sentence.speaker} said: "{_finish(text)}"'
    clause = _third_person(text.rstrip(".!?… "))
    first = clause.split(" ", 1)[0]
    if first.lower() in STOPWORDS or first.lower() in FIRST_PERSON.values():
        clause = clause[:1].lower() + clause[1:]
    return f"{sentence.speaker} said {clause}."


def _third_person(text: str) -> str:
    out: list[str] = []
    previous_was_i = False
    for token in _TOKEN.findall(text):
        lower = token.lower()
        if lower in FIRST_PERSON:
            out.append(FIRST_PERSON[lower])
            previous_was_i = lower == "i"
            continue
        if previous_was_i and lower in _AFTER_I:
            token = _AFTER_I[lower]
        if token.strip():
            previous_was_i = previous_was_i and not token[0].isalpha()
        out.append(token)
    return "".join(out)


def _finish(text: str) -> str:
    text = text.rstrip()
    return text if text.endswith((".", "!", "?", "…")) else f"{text}."


def shorten(text: str, limit: int) -> str:
    """``text`` cut at a word boundary to at most ``limit`` characters, marked with an ellipsis."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:.-— ")
    return f"{cut}…"
