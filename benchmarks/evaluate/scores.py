"""Each method's scores: evidence recall under every scoring rule, answer coverage and
J per category, tokens and errors (``MethodScores``), the scorer of one method's items for one
question (``_Scorer``), and the figures over the samples tuned on and the others (``_groups``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from benchmarks.evaluate.timing import percentile
from benchmarks.loader import LoadedConversation
from benchmarks.locomo import CATEGORY_NAMES, Question, evidence_recall
from benchmarks.scoring import DEFAULT_SCORING, SCORINGS, answer_coverage

# Answer coverage is measured on the questions that have a gold answer (not adversarial).
ANSWERED_CATEGORIES = (1, 2, 3, 4)


@dataclass
class MethodScores:
    recall: dict[str, dict[int, list[float]]] = field(
        default_factory=lambda: {scoring: defaultdict(list) for scoring in SCORINGS}
    )
    coverage: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    tokens: list[int] = field(default_factory=list)
    items: list[int] = field(default_factory=list)
    latency_ms: list[float] = field(default_factory=list)
    # LLM-judge verdicts (1.0 CORRECT, 0.0 WRONG) per category, and provider errors.
    judged: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    judge_errors: int = 0

    def add(
        self,
        category: int,
        recall: dict[str, float],
        coverage: float | None,
        tokens: int,
        items: int,
    ) -> None:
        for scoring, value in recall.items():
            self.recall[scoring][category].append(value)
        if coverage is not None:
            self.coverage[category].append(coverage)
        self.tokens.append(tokens)
        self.items.append(items)

    def merge(self, other: MethodScores) -> None:
        for scoring, per_category in other.recall.items():
            for category, values in per_category.items():
                self.recall[scoring][category].extend(values)
        for category, values in other.coverage.items():
            self.coverage[category].extend(values)
        self.tokens.extend(other.tokens)
        self.items.extend(other.items)
        self.latency_ms.extend(other.latency_ms)
        for category, values in other.judged.items():
            self.judged[category].extend(values)
        self.judge_errors += other.judge_errors

    def summary(self, scoring: str = DEFAULT_SCORING) -> dict:
        by_scoring = {}
        for name, per_category in self.recall.items():
            every = [value for values in per_category.values() for value in values]
            by_scoring[name] = {
                "overall": _percent(every),
                "by_category": _per_category(per_category),
                "all_evidence_share": _percent([1.0 if v >= 1.0 else 0.0 for v in every]),
            }
        headline = by_scoring[scoring]
        covered = [value for values in self.coverage.values() for value in values]
        result = {
            "questions": len(self.tokens),
            "recall": headline["by_category"],
            "overall_recall": headline["overall"],
            "all_evidence_share": headline["all_evidence_share"],
            "recall_by_scoring": {name: by_scoring[name]["overall"] for name in SCORINGS},
            "answer_coverage": {
                **_per_category(self.coverage),
                "overall": _percent(covered) if covered else None,
            },
            "answer_coverage_questions": len(covered),
            "mean_tokens": round(sum(self.tokens) / len(self.tokens), 1) if self.tokens else 0.0,
            "mean_items": round(sum(self.items) / len(self.items), 1) if self.items else 0.0,
        }
        if self.judged:
            every = [value for values in self.judged.values() for value in values]
            result["j"] = {**_per_category(self.judged), "overall": _percent(every)}
            result["j_questions"] = len(every)
            result["j_errors"] = self.judge_errors
        if self.latency_ms:
            result["latency_ms"] = {
                "p50": round(percentile(self.latency_ms, 50), 2),
                "p95": round(percentile(self.latency_ms, 95), 2),
                "mean": round(sum(self.latency_ms) / len(self.latency_ms), 2),
                "max": round(max(self.latency_ms), 2),
            }
        return result


def _per_category(per_category: dict[int, list[float]]) -> dict[str, float]:
    return {
        CATEGORY_NAMES.get(category, str(category)): _percent(values)
        for category, values in sorted(per_category.items())
    }


def _percent(values: Sequence[float]) -> float:
    return round(100 * sum(values) / len(values), 1) if values else 0.0


class _Scorer:
    """Scores the items one method retrieved for one question, under every scoring rule."""

    def __init__(self, loaded: LoadedConversation, question: Question) -> None:
        self.loaded = loaded
        self.question = question
        self.evidence = loaded.evidence_seqs(question.evidence)

    def score(self, scores: Iterable[MethodScores], items: Sequence) -> None:
        recall = {}
        for scoring in SCORINGS:
            covered: set[int] = set()
            for item in items:
                covered |= self.loaded.cover(
                    item.kind, item.id, item.start_seq, item.end_seq, scoring=scoring
                )
            recall[scoring] = evidence_recall(self.evidence, covered)
        coverage = (
            answer_coverage(self.question.answer, (item.text for item in items))
            if self.question.category in ANSWERED_CATEGORIES and self.question.answer
            else None
        )
        tokens = sum(item.tokens for item in items)
        for target in scores:
            target.add(self.question.category, recall, coverage, tokens, len(items))


def _groups(owns: dict[str, dict[str, MethodScores]], tuned_on: Sequence[str], scoring: str):
    """Every method's figures over the samples tuned on, and over the others."""
    groups = {}
    for label, samples in (
        ("tuned_on", [s for s in owns if s in tuned_on]),
        ("not_tuned_on", [s for s in owns if s not in tuned_on]),
    ):
        if not samples:
            continue
        merged: dict[str, MethodScores] = {}
        for sample in samples:
            for name, scores in owns[sample].items():
                merged.setdefault(name, MethodScores()).merge(scores)
        groups[label] = {
            "samples": samples,
            "methods": {name: scores.summary(scoring) for name, scores in merged.items()},
        }
    return groups
