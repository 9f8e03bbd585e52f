"""The local support check: does what a chunk claims come from the messages it cites?

No model call: words, names, numbers, negation and the embedder. A chunk is *supported*
when none of the hard rules below refuses it and its score is above ``SUPPORT_THRESHOLD``
(more than half).

Hard rules (each names what was not said, in the verdict's reason):
- **names**: every name in the claim (a capitalised word inside a sentence, or one opening a
  sentence that is not an English word, or that the lemmatiser knows as a proper noun:
  "Marcus") is said in the cited messages, is one of the two people of the chat or the long
  or short form of one's first name ("Jonathan" for "Jon", three letters at least; it is
  then that person for the speaker rule), or is said elsewhere in the thread
  (``chat_names``: a group, place or third person the chat has been talking about, which
  the extractor read there; a name nobody in it says is still refused);
- **numbers**: every number in the claim is in the cited messages, however either writes it
  (``numbers``: "21" is "twenty-one", "250" "two hundred and fifty", "2" "twice", and a
  number inside a hyphenated word, "a 9-5 job", is read; a calendar date is left out, the
  extractor writes those from "yesterday");
- **negation**: a claim that says "not", "never", "no longer" ... cites a message that
  negates one of the words it negates (the few words after the negation, within its clause:
  "isn't easy, but I feel ..." does not negate "feel");
- **speaker**: the person the claim is first about, when it is one of the two people of the
  chat, said one of the cited messages or is named in one, and what the claim first says of
  them is not said in their own messages only of the person spoken to, right after "you" or
  "your" in the same clause ("your support means a lot" is no support of the speaker's). A
  value one person gave is not moved to the other;
- **meaning**: a claim whose words are there but whose meaning is far from every window of
  the cited messages (similarity below ``MIN_SIMILARITY``) says something else with them,
  unless the messages say its words as they are (``WORDS_AS_SAID`` of them, no paraphrase)
  and it is near a window once the people's names and the pronouns are out of both
  (``person_free_similarity``: "Ada values having people around her" for "...to have people
  around me"; MiniLM keeps those two apart for the person alone);
- **details**: every content word of the claim's content (not its title, a label such as
  "Diet") that the cited messages do not say (not one of the most common verbs, a verb of
  stance or of a speech act, ``GENERAL_VERBS``, nor a name the chat says, nor a word the
  chat says in a sentence with a name the claim uses, ``said_of``: "Luna" is a dog there)
  is close in meaning to what they say:
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
``GENERAL_VERBS`` counts as said: "values", "finds", "expresses", "compliments", "assures"
report what the words around them carry, and so does a word the chat says of a name the
claim uses, ``said_of``; prepositions and conjunctions, "despite", "due", are function
words, ``STOPWORDS``) and meaning (the best cosine between the chunk's content and a window of
the cited messages: a run of consecutive ones, one to all of them, or one sentence of a
message, so a memory of one thing a long message says is read against that sentence).
``max(coverage, (coverage + similarity) / 2)``: words are enough on their own; meaning can
only make up for words that were paraphrased. The rules and thresholds were chosen on a
labelled set (LoCoMo observations against their turns, and fabricated chunks made from them;
``benchmarks.support_set``), on its tuned conversations only.

The package: ``words`` (which words a claim and its messages say), ``numbers`` (the values
a text says), ``rules`` (the hard rules), ``meaning`` (the embedder's part); this module puts them together. Its modules
import each other relatively, so ``benchmarks.support_previous`` can load the package of
an earlier revision whole, without mixing in today's modules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .meaning import (
    CLOSE_SAID_WORD,
    CLOSE_WORD,
    MAX_WINDOW_MESSAGES,
    RARE_WORD,
    best_window_similarity,
    invented_details,
    person_free_similarity,
    sentences,
    windows,
    without_people,
    word_closeness,
)
from .numbers import NUMBER_WORDS, number_values
from .rules import (
    NEGATION_SCOPE,
    chat_names,
    names_in,
    numbers_in,
    ordinary,
    refusal,
    said_of,
)
from .words import (
    GENERAL_VERBS,
    STEM_LETTERS,
    STOPWORDS,
    Source,
    addressed,
    content_words,
    is_number,
    lemma,
    lexical_coverage,
    rarity,
    unsaid_words,
)

__all__ = [
    "CLOSE_SAID_WORD",
    "CLOSE_WORD",
    "GENERAL_VERBS",
    "MAX_WINDOW_MESSAGES",
    "MIN_SIMILARITY",
    "NEGATION_SCOPE",
    "NUMBER_WORDS",
    "PARAPHRASE_WORD",
    "RARE_WORD",
    "STEM_LETTERS",
    "STOPWORDS",
    "SUPPORT_THRESHOLD",
    "LocalResult",
    "Source",
    "addressed",
    "best_window_similarity",
    "chat_names",
    "content_words",
    "invented_details",
    "is_number",
    "lemma",
    "lexical_coverage",
    "local_support",
    "names_in",
    "number_values",
    "numbers_in",
    "ordinary",
    "person_free_similarity",
    "rarity",
    "refusal",
    "said_of",
    "sentences",
    "unsaid_words",
    "windows",
    "without_people",
    "word_closeness",
]

SUPPORT_THRESHOLD = 0.5
MIN_SIMILARITY = 0.25  # below this meaning similarity a chunk is refused whatever its words
PARAPHRASE_WORD = 0.5  # word cosine from which a cited word stands for an unsaid one (coverage)
# Share of a claim's words the cited messages say as they are (no paraphrase) from which its
# meaning is also read with the people and pronouns left out, before it is called far.
WORDS_AS_SAID = 0.8


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
    names = chat_names(claim, people=people, thread=thread)
    # What the chat says of a name the claim uses ("Luna" is a dog there): said, not a detail.
    known = set(unsaid_words(claim, cited)) - set(unsaid_words(claim, said_of(names, thread)))
    unsaid = [
        word for word in unsaid_words(claim, cited) if not is_number(word) and word not in known
    ]
    closeness = word_closeness(unsaid, cited, embedder)
    paraphrased = [
        word
        for word in unsaid
        if closeness[word][0] >= PARAPHRASE_WORD or lemma(word) in GENERAL_VERBS
    ] + sorted(known)
    coverage = lexical_coverage(claim, cited, paraphrased=paraphrased)
    similarity = max(0.0, best_window_similarity(content, texts, embedder))
    score = round(max(coverage, (coverage + similarity) / 2), 3)
    refused = refusal(claim, content, sources, people=people, thread=thread)
    if not refused and score > SUPPORT_THRESHOLD and similarity < MIN_SIMILARITY:
        # Enough words, but said of something else: the claim's meaning is not the messages'.
        # Unless the messages say its words as they are, and it is near them once the people
        # are out of both: the distance was only "Ada ... her" against "I ... me".
        as_said = lexical_coverage(
            claim,
            cited,
            paraphrased=[word for word in unsaid if lemma(word) in GENERAL_VERBS] + sorted(known),
        )
        if (
            as_said < WORDS_AS_SAID
            or person_free_similarity(content, texts, embedder, people=people) < MIN_SIMILARITY
        ):
            refused = "its words are there, but its meaning is far from what the messages say."
    if not refused and score > SUPPORT_THRESHOLD:
        # The content only: a title is a label ("Diet", "Job") that names no detail.
        invented = invented_details(
            content,
            cited,
            thread=thread or texts,
            embedder=embedder,
            closeness=closeness,
            names={*chat_names(content, people=people, thread=thread), *known},
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
