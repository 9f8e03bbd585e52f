"""The local check's verdict on a claim the hard rules let through: one calibrated score of
its words and its meaning, instead of a threshold on each.

A claim's soft evidence is six figures (``Evidence``): its words' coverage of the cited
messages (paraphrases counted) and without paraphrases (``words_as_said``), its meaning's
best similarity to a window of them and its weakest clause's (a part of it they do not
carry), and its details' margins (the lowest margin of a word they do not say above the bar
of being backed, and how many fall below it). ``support_logit`` weighs them; the claim is
supported when the logit is at least ``CUT``. So a close meaning makes up for words said in
other words and a far one does not; a detail below its bar weighs heavily, near a refusal on
its own, but no single figure decides; and a claim of words all said as they are passes on
its words (the hard rules hold what it says of whom).

The weights are a logistic regression with balanced classes (L2, C = 1) on the labelled
set's tuned conversations only (conv-26, conv-30; ``benchmarks.support_set``), on the
chunks that pass the hard rules; the cut is the middle of the widest gap between two chunks'
logits that accepts no more fabricated chunks there than the check of separate thresholds
did (45 of 1,755), ``CUT_MARGIN`` from the nearest chunk on either side. Fitted on one of
the two conversations and read on the other, it refused no more true chunks than the
separate thresholds chosen on both (6 and 5 against 8 and 5) and accepted about as many
fabricated ones (20 and 26 against 19 and 26).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

DETAIL_MARGIN_CAP = 0.3  # a detail this far above its bar (or none at all) weighs no more
WEIGHTS = {
    "coverage": 1.565,
    "words_as_said": 2.066,
    "similarity": 3.890,
    "weakest_clause": 1.022,
    "detail_margin": 3.272,
    "details_below_bar": -3.933,
}
BIAS = -3.545
CUT = -0.16  # logit; the probability is ``SUPPORT_THRESHOLD``
CUT_MARGIN = 0.056  # the nearest tuned chunk's logit is this far from the cut


@dataclass(frozen=True)
class Evidence:
    coverage: float  # share of the claim's words the messages say, paraphrases counted
    words_as_said: float  # the same, paraphrases not counted
    similarity: float  # best cosine of the claim to a window of the messages
    weakest_clause: float  # the lowest of its clauses' best cosines to a window
    detail_margin: float  # the lowest margin of an unsaid detail above its bar
    details_below_bar: int  # how many unsaid details are below their bar


def support_logit(evidence: Evidence) -> float:
    figures = {
        "coverage": evidence.coverage,
        "words_as_said": evidence.words_as_said,
        "similarity": evidence.similarity,
        "weakest_clause": evidence.weakest_clause,
        "detail_margin": min(evidence.detail_margin, DETAIL_MARGIN_CAP),
        "details_below_bar": evidence.details_below_bar,
    }
    return BIAS + sum(WEIGHTS[name] * value for name, value in figures.items())


def probability(logit: float) -> float:
    return 1 / (1 + math.exp(-logit))


SUPPORT_THRESHOLD = probability(CUT)
