"""The local support check: does what a chunk claims come from the messages it cites?

No model call: words, names, numbers, negation and the embedder. A chunk is *supported*
when none of the hard rules below refuses it and its score is above ``SUPPORT_THRESHOLD``
(more than half).

Hard rules (each names what was not said, in the verdict's reason):
- **names**: every name in the claim (a capitalised word inside a sentence, or one opening a
  sentence that is not an English word, or that the lemmatiser knows as a proper noun:
  "Marcus") is said in the cited messages, is one of the two people of the chat, or is said
  elsewhere in the thread (``chat_names``: a group, place or third person the chat has been
  talking about, which the extractor read there; a name nobody in it says is still refused);
- **numbers**: every number in the claim (digits or a number word; a calendar date is left
  out, the extractor writes those from "yesterday") is in the cited messages;
- **negation**: a claim that says "not", "never", "no longer" ... cites a message that
  negates one of the words it negates (the few words after the negation, within its clause:
  "isn't easy, but I feel ..." does not negate "feel");
- **speaker**: the person the claim is first about, when it is one of the two people of the
  chat, said one of the cited messages or is named in one (a value one person gave is not
  moved to the other);
- **meaning**: a claim whose words are there but whose meaning is far from every window of
  the cited messages (similarity below ``MIN_SIMILARITY``) says something else with them;
- **details**: every content word of the claim's content (not its title, a label such as
  "Diet") that the cited messages do not say (not one of the most common verbs or a verb of
  stance, ``GENERAL_VERBS``, nor a name the chat says) is close in meaning to what they say:
  its best cosine to one of their words plus its mean cosine to all of them
  (``word_closeness``) at least ``CLOSE_WORD`` when it is rare in the thread (inverse
  document frequency over the job's messages, ``rarity``, at least ``RARE_WORD``: in
  practice a word the chat never says), at least ``CLOSE_SAID_WORD`` when the chat says it
  elsewhere (a detail moved from another part of the chat). A paraphrase is near one cited
  word and fits the messages' subject; an invented place, object or activity swapped into
  an otherwise true sentence fits neither, and moves coverage and similarity too little to
  be refused by the score.

Score: lexical coverage (the share of the claim's distinct content words found in the cited
messages, their speakers' names or the name of the person they speak to (``addressed``: the
other of the chat's two people, when a message says "you"), a word matching on its lemma,
"went" meets "go", or its first five letters, or standing for a cited word of the same
meaning: word cosine at least ``PARAPHRASE_WORD``, "children" for "kids"; a verb of
``GENERAL_VERBS`` counts as said: "values", "finds", "expresses" report what the words
around them carry) and meaning (the best cosine between the chunk's content and a window of
the cited messages: a run of consecutive ones, one to all of them, or one sentence of a
message, so a memory of one thing a long message says is read against that sentence).
``max(coverage, (coverage + similarity) / 2)``: words are enough on their own; meaning can
only make up for words that were paraphrased. The rules and thresholds were chosen on a labelled set (LoCoMo
observations against their turns, and fabricated chunks made from them;
``benchmarks.support_set``), on its tuned conversations only.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import simplemma

SUPPORT_THRESHOLD = 0.5
STEM_LETTERS = 5
MAX_WINDOW_MESSAGES = 8  # longer runs of cited messages are read as one window
NEGATION_SCOPE = 3  # content words after "not" that it negates
RARE_WORD = 0.9  # ``rarity`` from which an unsaid word is a detail that must be backed
CLOSE_WORD = 0.6  # best plus mean word cosine from which the cited words back a detail
CLOSE_SAID_WORD = 0.5  # the same for a detail the chat says elsewhere (not ``RARE_WORD``)
MIN_SIMILARITY = 0.25  # below this meaning similarity a chunk is refused whatever its words
PARAPHRASE_WORD = 0.5  # word cosine from which a cited word stands for an unsaid one (coverage)

_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’-]*")
_POSSESSIVE = re.compile(r"'s$")
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_SENTENCE_START = re.compile(r"(?:^|[.!?:;\"(]\s*)$")
_CLAUSE_END = re.compile(r"[.,;:!?()\u2014\u2013]|\s-\s|\bbut\b", re.IGNORECASE)
_ORDINAL = re.compile(r"^(\d+)(?:st|nd|rd|th)$")
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
NUMBER_WORDS = {
    word: str(value)
    for value, word in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen "
        "fourteen fifteen sixteen seventeen eighteen nineteen twenty".split()
    )
} | {"thirty": "30", "forty": "40", "fifty": "50", "hundred": "100", "thousand": "1000"}
# Calendar words: the extractor writes a day or month where the message said "yesterday".
_CALENDAR = frozenset(
    """monday tuesday wednesday thursday friday saturday sunday january february march april
    may june july august september october november december""".split()
)
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
)

# Verbs too common in English to be a detail of their own, however rare in one chat: a
# memory says "Ada owns a boat" or "Ada goes by Alex" where the message said "I have a
# boat" or "call me Alex". (A chat's own frequencies cannot tell a short chat's rare word
# from a common one.)
GENERAL_VERBS = frozenset(
    """be have own keep go come get give take make do use call want ask need like prefer let put
    see feel think know become stay start begin try may might shall""".split()
) | frozenset(
    # Verbs of stance: a memory says "Ada values family time" or "considers her a partner"
    # where the message said "family time matters to me" or "it's like having a partner";
    # they report an attitude the words around them carry, not a detail of their own.
    """value consider anticipate focus emphasize emphasise resonate seek prioritize prioritise
    appreciate believe express find hope aim intend wish expect acknowledge encourage suggest
    recognize recognise realize realise regard view reflect strive""".split()
)


@dataclass(frozen=True)
class Source:
    """One cited message as the check reads it."""

    speaker: str
    content: str


@dataclass(frozen=True)
class LocalResult:
    supported: bool
    score: float
    coverage: float
    similarity: float
    refused: str  # the hard rule that refused the claim, as a sentence ("" for none)

    @property
    def reason(self) -> str:
        base = (
            f"{round(self.coverage * 100)}% of its words are in the messages it cites, "
            f"meaning similarity {self.similarity:.2f}"
        )
        if self.refused:
            return f"{base}; {self.refused}"
        return base + ("." if self.supported else ": too little of it was said there.")


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


# --------------------------------------------------------------------------- hard rules


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
    found = set()
    for token in _TOKEN.findall(text):
        word = _normal(token)
        if _ISO_DATE.match(word):
            continue
        ordinal = _ORDINAL.match(word)
        if ordinal:
            found.add(str(int(ordinal.group(1))))
        elif word.isdigit():
            found.add(str(int(word)))
        elif word in NUMBER_WORDS:
            found.add(NUMBER_WORDS[word])
    return found


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
    missing = [name for name in names_in(claim, people=people) if name not in known]
    if missing:
        return f"it names {', '.join(missing)}, who the messages do not name."
    numbers = numbers_in(claim) - set().union(*(numbers_in(s.content) for s in sources))
    if numbers:
        return f"the messages do not say {', '.join(sorted(numbers))}."
    if _NEGATION.search(content):
        negated = set().union(
            *(_negated_words(source.content, pattern=_SAID_NEGATION) for source in sources)
        )
        if not _negated_words(content) & negated:
            return "it negates what the messages do not negate."
    subject = next((name for name in names_in(content, people=people) if name in everyone), None)
    if subject and subject not in speakers:
        return f"it is about {subject.title()}, who said none of those messages."
    return ""


# --------------------------------------------------------------------------- details


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


def word_closeness(
    words: Sequence[str], texts: Sequence[str], embedder
) -> dict[str, tuple[float, float]]:
    """For each word, how close in meaning the cited messages come to it: the best cosine
    between its embedding and one of their content words', and the mean over all of them
    (how well it fits what they talk about). One embedding call for the lot."""
    said = list(dict.fromkeys(word for text in texts for word in content_words(text)))
    words = list(dict.fromkeys(words))
    if not words or not said:
        return {word: (0.0, 0.0) for word in words}
    vectors = embedder.embed_documents([*words, *said])
    said_vectors = vectors[len(words) :]
    closeness = {}
    for word, vector in zip(words, vectors, strict=False):
        cosines = [_cosine(vector, other) for other in said_vectors]
        closeness[word] = (max(cosines), sum(cosines) / len(cosines))
    return closeness


def is_number(word: str) -> bool:
    return word.isdigit() or word in NUMBER_WORDS or bool(_ORDINAL.match(word))


def invented_details(
    claim: str,
    texts: Sequence[str],
    *,
    thread: Sequence[str],
    embedder,
    closeness: dict[str, tuple[float, float]] | None = None,
    names: Iterable[str] = (),
) -> list[str]:
    """The claim's details that nothing backs: a content word that the cited messages do not
    say (not one of ``names``, which the chat says), and that they do not come close to in
    meaning (``word_closeness``: its best cosine to one of their words plus its mean cosine
    to all of them below ``CLOSE_WORD`` for a word rare in the thread, ``rarity`` at least
    ``RARE_WORD``, below ``CLOSE_SAID_WORD`` for one the thread says elsewhere). A
    paraphrase ("adores" for "loves") is close to a cited word and fits the messages'
    subject; an invented place or object fits neither."""
    candidates = [
        word
        for word in unsaid_words(claim, texts)
        if not is_number(word) and lemma(word) not in GENERAL_VERBS and word not in set(names)
    ]
    if not candidates:
        return []
    if closeness is None or any(word not in closeness for word in candidates):
        closeness = word_closeness(candidates, texts, embedder)
    return [
        word
        for word in candidates
        if sum(closeness[word])
        < (CLOSE_WORD if rarity(word, thread) >= RARE_WORD else CLOSE_SAID_WORD)
    ]


# --------------------------------------------------------------------------- meaning


def _cosine(a: Sequence[float], b: Sequence[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=False))
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return dot / norm if norm else 0.0


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def sentences(text: str) -> list[str]:
    """A message's sentences."""
    return [part.strip() for part in _SENTENCE_END.split(text) if part.strip()]


def windows(texts: Sequence[str]) -> list[str]:
    """Every run of consecutive texts (one to all of them), longer runs capped, and each
    sentence of a text that has more than one."""
    runs = []
    count = len(texts)
    for start in range(count):
        for end in range(start + 1, min(count, start + MAX_WINDOW_MESSAGES) + 1):
            runs.append(" ".join(texts[start:end]))
    if count > MAX_WINDOW_MESSAGES:
        runs.append(" ".join(texts))
    for text in texts:
        parts = sentences(text)
        if len(parts) > 1:
            runs.extend(parts)
    return list(dict.fromkeys(runs))


def best_window_similarity(content: str, texts: Sequence[str], embedder) -> float:
    candidates = windows(texts)
    if not candidates:
        return 0.0
    claim = embedder.embed_query(content)
    return max(_cosine(claim, vector) for vector in embedder.embed_documents(candidates))


def local_support(
    *,
    title: str,
    content: str,
    sources: Sequence[Source],
    people: Sequence[str],
    embedder,
    thread: Sequence[str] = (),
) -> LocalResult:
    """The local verdict on one claim against the messages it cites, in their order;
    ``thread`` is every message of that part of the chat (for how rare a word is; the
    cited messages alone when empty)."""
    claim = f"{title}. {content}"
    texts = [source.content for source in sources]
    speakers = sorted({source.speaker for source in sources} | addressed(sources, people))
    cited = [*texts, *speakers]
    unsaid = [word for word in unsaid_words(claim, cited) if not is_number(word)]
    closeness = word_closeness(unsaid, cited, embedder)
    paraphrased = [
        word
        for word in unsaid
        if closeness[word][0] >= PARAPHRASE_WORD or lemma(word) in GENERAL_VERBS
    ]
    coverage = lexical_coverage(claim, cited, paraphrased=paraphrased)
    similarity = max(0.0, best_window_similarity(content, texts, embedder))
    score = round(max(coverage, (coverage + similarity) / 2), 3)
    refused = refusal(claim, content, sources, people=people, thread=thread)
    if not refused and score > SUPPORT_THRESHOLD and similarity < MIN_SIMILARITY:
        # Enough words, but said of something else: the claim's meaning is not the messages'.
        refused = "its words are there, but its meaning is far from what the messages say."
    if not refused and score > SUPPORT_THRESHOLD:
        # The content only: a title is a label ("Diet", "Job") that names no detail.
        invented = invented_details(
            content,
            cited,
            thread=thread or texts,
            embedder=embedder,
            closeness=closeness,
            names=chat_names(content, people=people, thread=thread),
        )
        if invented:
            refused = (
                f"it says {', '.join(invented)}, which the messages neither say nor come close to."
            )
    return LocalResult(
        supported=not refused and score > SUPPORT_THRESHOLD,
        score=score,
        coverage=round(coverage, 3),
        similarity=round(similarity, 3),
        refused=refused,
    )
