"""A labelled set for the memory support check, built from LoCoMo, and its two error rates.

Every example is a chunk as the extractor would hand it over (title, content, the messages
it cites) with a label:

- **true**: a LoCoMo observation and the turns it cites (its ``dia_ids``). The observations
  are the dataset's own summaries of those turns, so each is a true paraphrase; the title is
  the one the offline extractor's rules give the text, as in the supersession part.
- **fabricated**, made from each true example by one deterministic change, citing the same
  turns (``FABRICATIONS``):
  - ``wrong_name``: the person it is about renamed to a name nobody in the conversation has;
  - ``swapped_speaker``: the same claim given to the other speaker (a value moved from one
    person to the other);
  - ``invented_detail``: its most specific content word (the longest one the turns say)
    replaced by an unrelated word;
  - ``invented_fact``: an observation of *another* conversation, given to this speaker;
  - ``negation``: the claim negated ("Caroline is not ...", "Caroline never ...");
  - ``changed_number``: a number in it changed (only where there is one).

  A change that leaves the text as it was makes no fabricated chunk (a speaker "Jon" in an
  observation that says "Jonathan": renamed, it would be the true chunk labelled invented).

The two figures (``measure``): **rejected true**, the share of true examples the check
calls unsupported (they would be kept out of every chat), and **accepted fabricated**, the
share of fabricated ones it calls supported (invented memories that would reach a prompt),
overall and per kind. Conversations are reported in two groups: the ones the rules were
tuned on (``TUNED_ON``) and the others, which were only measured. ``groups`` picks which of
the two are checked at all (``GROUPS``: while tuning, the tuned group alone, so the others'
verdicts are never computed); the set is built from every conversation given either way, so
a tuned chunk is the same chunk whether the others are checked or not (an invented fact is
taken from the next conversation).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from benchmarks.locomo import Conversation, Observation

TUNED_ON = ("conv-26", "conv-30")
GROUPS = ("tuned_on", "not_tuned_on")
FABRICATIONS = (
    "wrong_name",
    "swapped_speaker",
    "invented_detail",
    "invented_fact",
    "negation",
    "changed_number",
)
# Names no LoCoMo conversation uses; those the conversation does not say take turns.
INVENTED_NAMES = ("Priya", "Tobias", "Ingrid", "Marcus", "Yusuf", "Leontine")
# Unrelated words for ``invented_detail``, picked by the replaced word's length.
INVENTED_WORDS = (
    "submarine",
    "astronomy",
    "beekeeping",
    "volcano",
    "accordion",
    "taxidermy",
    "lighthouse",
    "saxophone",
)
_NUMBER_WORDS = "one two three four five six seven eight nine ten eleven twelve".split()
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_NUMBER = re.compile(r"\b(\d+)\b")
_AUXILIARY = re.compile(
    r"^(\S+) (is|was|has|had|are|were|can|will|would|could|does|did)\b(?! not\b| never\b)"
)
# Lower-case words that never carry the claim (kept out of ``invented_detail``).
_COMMON = frozenset(
    """about after again along always another because before being between during enjoys
    especially feeling feels found friends going great having other really recently
    something sometimes their there these thing things those through together very where
    which while would""".split()
)

Check = Callable[["Example"], bool]  # supported?


@dataclass(frozen=True)
class Example:
    sample_id: str
    kind: str  # "true" or one of FABRICATIONS
    title: str
    content: str
    sources: tuple  # memories.pipeline TranscriptMessage values
    people: tuple[str, str]  # the conversation's two speakers

    @property
    def fabricated(self) -> bool:
        return self.kind != "true"


def _title(text: str, names: frozenset[str], speaker: str) -> str:
    from drawhisper.providers.offline.extraction import key_phrase

    return (key_phrase(text, names) or speaker)[:120]


def _messages(conversation: Conversation, dia_ids: Iterable[str]) -> tuple:
    from memories.pipeline.job_context import TranscriptMessage

    seq_of = {turn.dia_id: seq for seq, turn in enumerate(conversation.turns, start=1)}
    turns = {turn.dia_id: turn for turn in conversation.turns}
    cited = sorted({seq_of[d] for d in dia_ids if d in seq_of})
    by_seq = {seq_of[d]: turns[d] for d in dia_ids if d in seq_of}
    return tuple(
        TranscriptMessage(
            id=seq,
            seq=seq,
            role="user" if by_seq[seq].speaker == conversation.speaker_a else "assistant",
            speaker=by_seq[seq].speaker,
            content=by_seq[seq].text,
            created_at=by_seq[seq].said_at or datetime(2023, 1, 1, tzinfo=UTC),
        )
        for seq in cited
    )


def _rename(text: str, old: str, new: str) -> str:
    return re.sub(rf"\b{re.escape(old)}\b", new, text)


def _other(conversation: Conversation, speaker: str) -> str:
    return conversation.speaker_b if speaker == conversation.speaker_a else conversation.speaker_a


def invented_detail(text: str, sources: Sequence) -> str | None:
    """``text`` with its longest lower-case content word that the sources say replaced by an
    unrelated word, or None when it has no such word."""
    said = " ".join(message.content for message in sources).lower()
    words = [
        word
        for word in _WORD.findall(text)
        if word.islower() and len(word) > 4 and word not in _COMMON and word in said
    ]
    if not words:
        return None
    target = max(words, key=len)
    replacement = INVENTED_WORDS[len(target) % len(INVENTED_WORDS)]
    return re.sub(rf"\b{re.escape(target)}\b", replacement, text, count=1)


def negated(text: str) -> str | None:
    """The claim negated: "X is ..." -> "X is not ...", "X went ..." -> "X never went ..."."""
    match = _AUXILIARY.match(text)
    if match:
        return f"{text[: match.end()]} not{text[match.end() :]}"
    first, _, rest = text.partition(" ")
    if not rest or not first[:1].isupper():
        return None
    return f"{first} never {rest}"


def changed_number(text: str) -> str | None:
    match = _NUMBER.search(text)
    if match:
        value = int(match.group(1))
        new = value + 3 if value < 1900 else value - 2  # a year moves back two
        return f"{text[: match.start()]}{new}{text[match.end() :]}"
    for index, word in enumerate(_NUMBER_WORDS):
        found = re.search(rf"\b{word}\b", text, flags=re.IGNORECASE)
        if found:
            new = _NUMBER_WORDS[(index + 3) % len(_NUMBER_WORDS)]
            return f"{text[: found.start()]}{new}{text[found.end() :]}"
    return None


def examples(conversation: Conversation, *, others: Sequence[Observation] = ()) -> list[Example]:
    """The true and fabricated examples of one conversation; ``others`` are observations of
    other conversations (for ``invented_fact``)."""
    names = frozenset((conversation.speaker_a, conversation.speaker_b))
    said = " ".join(turn.text for turn in conversation.turns)
    invented = [name for name in INVENTED_NAMES if name not in said]
    out: list[Example] = []

    def add(kind: str, text: str | None, sources: tuple, speaker: str) -> None:
        # A change that changed nothing ("Jon" renamed in "Jonathan ...") makes no
        # fabricated chunk: it would be the true one labelled invented.
        if text and (kind == "true" or text != observation.text):
            out.append(
                Example(
                    conversation.sample_id,
                    kind,
                    _title(text, names, speaker),
                    text,
                    sources,
                    (conversation.speaker_a, conversation.speaker_b),
                )
            )

    for index, observation in enumerate(conversation.observations):
        sources = _messages(conversation, observation.dia_ids)
        if not sources:
            continue
        text, speaker = observation.text, observation.speaker
        add("true", text, sources, speaker)
        if speaker in text:
            stranger = invented[index % len(invented)]
            add("wrong_name", _rename(text, speaker, stranger), sources, speaker)
            other = _other(conversation, speaker)
            swapped = _rename(_rename(text, other, "\0"), speaker, other).replace("\0", speaker)
            add("swapped_speaker", swapped, sources, speaker)
        add("invented_detail", invented_detail(text, sources), sources, speaker)
        if others:
            foreign = others[(index * 7) % len(others)]
            add("invented_fact", _rename(foreign.text, foreign.speaker, speaker), sources, speaker)
        add("negation", negated(text), sources, speaker)
        add("changed_number", changed_number(text), sources, speaker)
    return out


def labelled_set(conversations: Sequence[Conversation]) -> list[Example]:
    """Every conversation's examples; each takes its invented facts from the next one."""
    every: list[Example] = []
    for position, conversation in enumerate(conversations):
        donor = conversations[(position + 1) % len(conversations)]
        others = donor.observations if donor is not conversation else ()
        every.extend(examples(conversation, others=others))
    return every


def _share(part: int, whole: int) -> float | None:
    return round(100 * part / whole, 1) if whole else None


def rates(results: Sequence[tuple[Example, bool]]) -> dict:
    """Rejected-true and accepted-fabricated shares (with counts, and per kind)."""
    true = [supported for example, supported in results if not example.fabricated]
    fake = [(example, supported) for example, supported in results if example.fabricated]
    per_kind = {}
    for kind in FABRICATIONS:
        group = [supported for example, supported in fake if example.kind == kind]
        per_kind[kind] = {
            "examples": len(group),
            "accepted": sum(group),
            "accepted_share": _share(sum(group), len(group)),
        }
    rejected = sum(1 for supported in true if not supported)
    accepted = sum(1 for _, supported in fake if supported)
    return {
        "true": len(true),
        "rejected_true": rejected,
        "rejected_true_share": _share(rejected, len(true)),
        "fabricated": len(fake),
        "accepted_fabricated": accepted,
        "accepted_fabricated_share": _share(accepted, len(fake)),
        "per_kind": per_kind,
    }


def group_of(sample_id: str) -> str:
    """The group (``GROUPS``) a conversation is reported in."""
    return "tuned_on" if sample_id in TUNED_ON else "not_tuned_on"


def checked_examples(
    conversations: Sequence[Conversation], groups: Sequence[str] = GROUPS
) -> list[Example]:
    """The labelled set of every conversation, only the chunks of ``groups``."""
    unknown = sorted(set(groups) - set(GROUPS))
    if unknown:
        raise ValueError(f"unknown group {', '.join(unknown)}; choose from {', '.join(GROUPS)}")
    return [e for e in labelled_set(conversations) if group_of(e.sample_id) in groups]


def measure(
    conversations: Sequence[Conversation],
    checks: dict[str, Check],
    *,
    progress: Callable[[int], None] | None = None,
    groups: Sequence[str] = GROUPS,
) -> dict:
    """For each named check: its rates on the conversations tuned on and on the others (only
    those of ``groups``)."""
    tick = progress or (lambda _n: None)
    every = checked_examples(conversations, groups)
    verdicts: dict[str, list[tuple[Example, bool]]] = {name: [] for name in checks}
    for example in every:
        for name, check in checks.items():
            verdicts[name].append((example, bool(check(example))))
        tick(1)
    groups = {
        group: [c.sample_id for c in conversations if group_of(c.sample_id) == group]
        for group in GROUPS
        if group in groups
    }
    report: dict = {"examples": len(every), "groups": groups, "checks": {}}
    for name, results in verdicts.items():
        report["checks"][name] = {
            group: rates([r for r in results if r[0].sample_id in ids])
            for group, ids in groups.items()
            if ids
        }
    return report
