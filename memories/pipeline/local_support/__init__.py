"""The local support check: does what a chunk claims come from the messages it cites?

No model call: words, names, numbers, negation and the embedder. A chunk is *supported*
when none of the hard rules below refuses it and its words and meaning, weighed together
(``calibration``: one score of six figures, fitted on the labelled set's tuned
conversations), reach ``CUT``; its ``score`` is that probability (``SUPPORT_THRESHOLD`` at
the cut).

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
  value one person gave is not moved to the other.

What the hard rules let through is weighed on six figures (``calibration.Evidence``):
- **words**: lexical coverage (below), and the same without paraphrases (``words_as_said``);
- **meaning**: the best cosine between the chunk's content and a window of the cited
  messages (a run of consecutive ones, one to all of them, or one sentence of a message, so
  a memory of one thing a long message says is read against that sentence), and the weakest
  of its clauses' best cosines to a window (``clauses``: a part of the claim none of them
  carries);
- **details**: every content word of the claim's content (not its title, a label such as
  "Diet") that the cited messages do not say (not one of the most common verbs, a verb of
  stance or of a speech act, ``GENERAL_VERBS``, nor a name the chat says, nor a word the
  chat says in a sentence with a name the claim uses, ``said_of``: "Luna" is a dog there)
  has a margin above the bar of being backed (``detail_margins``): its best cosine to one
  of their words plus its mean cosine to all of them (``word_closeness``) against
  ``CLOSE_WORD`` when it is rare in the thread (inverse document frequency over the job's
  messages, ``rarity``, at least ``RARE_WORD``: in practice a word the chat never says),
  ``CLOSE_SAID_WORD`` when the chat says it elsewhere (a detail moved from another part of
  the chat). The lowest margin and the count below the bar are figures. A paraphrase is near
  one cited word and fits the messages' subject; an invented place, object or activity
  swapped into an otherwise true sentence fits neither, and moves coverage and similarity
  too little to be refused on them.

Coverage: the share of the claim's distinct content words found in the cited messages, their speakers' names or the name of the person they speak to (``addressed``: the
other of the chat's two people, when a message says "you"), a word matching on its lemma,
"went" meets "go", or its first five letters, or standing for a cited word of the same
meaning: word cosine at least ``PARAPHRASE_WORD``, "children" for "kids"; a verb of
``GENERAL_VERBS`` counts as said: "values", "finds", "expresses", "compliments", "assures"
report what the words around them carry, and so does a word the chat says of a name the
claim uses, ``said_of``; prepositions and conjunctions, "despite", "due", are function
words, ``STOPWORDS``. The rules, the bars and the weights were chosen on a labelled set
(LoCoMo observations against their turns, and fabricated chunks made from them;
``benchmarks.support_set``), on its tuned conversations only.

The package: ``words`` (which words a claim and its messages say), ``numbers`` (the values
a text says), ``rules`` (the hard rules), ``meaning`` (the embedder's part), ``calibration``
(the weights); this module puts them together. Its modules
import each other relatively, so ``benchmarks.support_previous`` can load the package of
an earlier revision whole, without mixing in today's modules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .calibration import (
    CUT,
    DETAIL_MARGIN_CAP,
    SUPPORT_THRESHOLD,
    Evidence,
    probability,
    support_logit,
)
from .meaning import (
    CLOSE_SAID_WORD,
    CLOSE_WORD,
    MAX_WINDOW_MESSAGES,
    RARE_WORD,
    best_window_similarity,
    clauses,
    detail_margins,
    meaning_similarities,
    sentences,
    windows,
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
    "CUT",
    "GENERAL_VERBS",
    "Evidence",
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
    "clauses",
    "content_words",
    "detail_margins",
    "is_number",
    "lemma",
    "lexical_coverage",
    "local_support",
    "meaning_similarities",
    "names_in",
    "number_values",
    "numbers_in",
    "ordinary",
    "probability",
    "rarity",
    "refusal",
    "said_of",
    "support_logit",
    "sentences",
    "unsaid_words",
    "windows",
    "word_closeness",
]

PARAPHRASE_WORD = 0.5  # word cosine from which a cited word stands for an unsaid one (coverage)
# A refused claim's reason: too little of it was said when its words, meaning making up for
# paraphrased ones (``max(coverage, (coverage + similarity) / 2)``), are ``ENOUGH_SAID`` or
# less; else the details below their bar, or a meaning far from its words (similarity below
# ``MIN_SIMILARITY``).
ENOUGH_SAID = 0.5
MIN_SIMILARITY = 0.25


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
    best, weakest = meaning_similarities(content, texts, embedder)
    similarity = max(0.0, best)
    margins = detail_margins(
        content,
        cited,
        thread=thread or texts,
        embedder=embedder,
        closeness=closeness,
        names={*chat_names(content, people=people, thread=thread), *known},
    )
    evidence = Evidence(
        coverage=coverage,
        words_as_said=lexical_coverage(claim, cited, paraphrased=sorted(known)),
        similarity=similarity,
        weakest_clause=weakest,
        detail_margin=min(margins.values(), default=DETAIL_MARGIN_CAP),
        details_below_bar=sum(1 for margin in margins.values() if margin < 0),
    )
    logit = support_logit(evidence)
    score = round(probability(logit), 3)
    refused = refusal(claim, content, sources, people=people, thread=thread)
    supported = not refused and logit >= CUT
    if not refused and not supported:
        # Say what weighed most against it: too little said (the reason's default), else an
        # unbacked detail, or a meaning far from words that are there.
        invented = [word for word, margin in margins.items() if margin < 0]
        if max(coverage, (coverage + similarity) / 2) <= ENOUGH_SAID:
            pass
        elif invented:
            refused = (
                f"it says {', '.join(invented)}, which the messages neither say nor come close to."
            )
        elif similarity < MIN_SIMILARITY:
            refused = "its words are there, but its meaning is far from what the messages say."
    return LocalResult(
        supported=supported,
        score=score,
        coverage=round(coverage, 3),
        similarity=round(similarity, 3),
        refused=refused,
    )
