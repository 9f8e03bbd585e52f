"""What ``bench_memory`` measures: whether the memories the pipeline keeps can be trusted.

1. **Supersession false positives** on LoCoMo. Each conversation is replayed and every
   session's observations are stored through the pipeline's store step with the type and
   title their text earns (``loader.store_session(natural=True)``), through the pipeline's
   own steps after extraction (the support check included, where there is one), so the
   update decision sees them as it sees a model's chunks. Every observation is a true statement
   made in its session, so a retirement is wrong unless the two really describe a fact that
   changed. The rule, strict (a doubtful case counts wrong): the retirement of observation
   *old* by observation *new* is right only when

   - both are about the same speaker,
   - *new* says something changed: it holds a change word or phrase (``CHANGE_WORDS``,
     ``CHANGE_PHRASES``: "now", "no longer", "anymore", "moved", "switched", "changed",
     "quit", "became", "instead", "used to", "broke up", ...), and
   - they share a subject word: a content word (``benchmarks.scoring.content_words``) other
     than the speakers' names and the change words themselves.

   The share wrongly retired is the wrong retirements over the observations given. Beside
   it: the share retired at all (the figure if every retirement were wrong). Observations
   the decision keeps out as the same as an earlier memory (``same n``) are not retirements
   and are counted apart (``kept_out_as_same``).
2. **Knowledge updates** (``benchmarks.knowledge_updates``): the share of cases whose
   memories in context hold the latest value only, for each part of the suite apart
   (``KNOWLEDGE_UPDATE_PARTS``, in ``benchmarks.knowledge_update_parts``: which parts were
   tuned on and which are held out), all scored by ``measure_knowledge_updates``. Baseline,
   in the same run and on the same memories: nothing retired (every superseded memory of
   the case restored through the editing service, then the same question asked again).
3. **Speaker attribution errors** on the same cases (rule in ``knowledge_updates``).
4. **Chunks rejected as unsupported**: the share of stored chunks the pipeline's grounding
   check kept as ``unverified``, when the pipeline has that status; ``None`` (n/a) otherwise.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

# Re-exported: the command, the report and the tests read the parts from here.
from benchmarks.knowledge_update_parts import KNOWLEDGE_UPDATE_PARTS as KNOWLEDGE_UPDATE_PARTS
from benchmarks.knowledge_update_parts import KnowledgeUpdatePart as KnowledgeUpdatePart
from benchmarks.knowledge_updates import CASES, Case
from benchmarks.loader import (
    LoadedConversation,
    create_participants,
    load_conversation,
    owner,
    store_session,
    stored_memories,
)
from benchmarks.locomo import Conversation, Observation
from benchmarks.scoring import content_words

Progress = Callable[[int], None]

# Words and phrases that say a fact changed. Kept tight on purpose: "new", "started" or
# "recently" also open true statements that replace nothing ("started a pottery class").
CHANGE_WORDS = frozenset(
    """
    now anymore moved relocated switched changed quit became instead former formerly
    divorced separated renamed replaced stopped
    """.split()
)
CHANGE_PHRASES = ("no longer", "any more", "used to", "gave up", "broke up", "split up")
UNVERIFIED = "unverified"


def _has_change_word(text: str) -> bool:
    lowered = text.lower()
    if any(phrase in lowered for phrase in CHANGE_PHRASES):
        return True
    return any(word in CHANGE_WORDS for word in re.findall(r"[a-z]+", lowered))


def _subject_words(text: str, names: Iterable[str]) -> frozenset[str]:
    ignored = set(CHANGE_WORDS) | {word for phrase in CHANGE_PHRASES for word in phrase.split()}
    for name in names:
        ignored.update(content_words(name))
    return frozenset(word for word in content_words(text) if word not in ignored)


def retirement_is_right(old: Observation, new: Observation, *, names: Sequence[str]) -> bool:
    """The strict rule above: the same speaker, a change said, a shared subject word."""
    return (
        old.speaker == new.speaker
        and _has_change_word(new.text)
        and bool(_subject_words(old.text, names) & _subject_words(new.text, names))
    )


def _unverified_share(memories: Sequence) -> float | None:
    """Share of stored chunks kept as unverified, or None when the pipeline has no such
    status (no grounding check) or nothing was stored."""
    if not memories or UNVERIFIED not in type(memories[0]).Status.values:
        return None
    return sum(1 for memory in memories if memory.status == UNVERIFIED) / len(memories)


# --------------------------------------------------------------------------- supersession


def load_observations(
    conversation: Conversation, *, progress: Progress | None = None
) -> LoadedConversation:
    # Only the supersession decision is measured here: no archive of the turns is needed.
    """Replay the turns, then store every session's observations with natural types."""
    tick = progress or (lambda _n: None)
    loaded = create_participants(conversation)
    for session in conversation.sessions():
        store_session(loaded, session, natural=True)
        tick(1)
    return loaded


@dataclass(frozen=True)
class Retirement:
    sample_id: str
    old: Observation
    new: Observation
    right: bool

    def as_json(self) -> dict:
        return {
            "sample_id": self.sample_id,
            "old": {
                "speaker": self.old.speaker,
                "text": self.old.text,
                "dia_ids": self.old.dia_ids,
            },
            "new": {
                "speaker": self.new.speaker,
                "text": self.new.text,
                "dia_ids": self.new.dia_ids,
            },
            "right": self.right,
        }


def supersession(loaded: LoadedConversation) -> tuple[int, list[Retirement], list]:
    """The observations given to the store step, every retirement the pipeline made among
    them, judged, and the stored rows (for the unverified share and the observations the
    decision kept out as the same as an earlier one)."""
    conversation = loaded.conversation
    names = (conversation.speaker_a, conversation.speaker_b)
    memories = stored_memories(loaded)
    retirements = []
    for memory in memories:
        if memory.status != "superseded" or memory.superseded_by_id is None:
            continue
        old = loaded.memory_observation.get(memory.pk)
        new = loaded.memory_observation.get(memory.superseded_by_id)
        if old is None or new is None:
            continue
        right = retirement_is_right(old, new, names=names)
        retirements.append(Retirement(conversation.sample_id, old, new, right))
    return len(conversation.observations), retirements, memories


def _share(part: int, whole: int) -> float:
    return round(100 * part / whole, 1) if whole else 0.0


def measure_supersession(
    conversations: Sequence[Conversation],
    *,
    progress: Progress | None = None,
    written: list | None = None,
) -> dict:
    """``written`` collects what was loaded, for the caller to remove."""
    stored_total, kept_out, every, rows = 0, 0, [], []
    per_conversation = []
    for conversation in conversations:
        loaded = load_observations(conversation, progress=progress)
        if written is not None:
            written.append(loaded)
        given, retirements, memories = supersession(loaded)
        stored_total += given
        kept_out += given - len(loaded.memory_observation)
        every.extend(retirements)
        rows.extend(memories)
        wrong = sum(1 for r in retirements if not r.right)
        per_conversation.append(
            {
                "sample_id": conversation.sample_id,
                "observations": given,
                "stored": len(loaded.memory_observation),
                "retired": len(retirements),
                "wrongly_retired": wrong,
                "wrongly_retired_share": _share(wrong, given),
            }
        )
    wrong = sum(1 for r in every if not r.right)
    unverified = _unverified_share(rows)
    return {
        "observations": stored_total,
        "stored": stored_total - kept_out,
        "retired": len(every),
        "wrongly_retired": wrong,
        "wrongly_retired_share": _share(wrong, stored_total),
        "retired_share": _share(len(every), stored_total),
        # Observations not stored because the decision called them the same as an earlier
        # memory ("same n"): not retirements, but not kept either.
        "kept_out_as_same": kept_out,
        "kept_out_as_same_share": _share(kept_out, stored_total),
        "baseline_wrongly_retired_share": 0.0,  # nothing retired: no update ever applied
        "unverified_share": None if unverified is None else round(100 * unverified, 1),
        "per_conversation": per_conversation,
        "retirements": [r.as_json() for r in every],
    }


# --------------------------------------------------------------------------- knowledge updates


def _names(text: str, words: Iterable[str]) -> bool:
    lowered = text.lower()
    return any(re.search(rf"\b{re.escape(word.lower())}\b", lowered) for word in words)


def latest_only(texts: Sequence[str], case: Case) -> bool:
    """Right: some memory names the new value, none names only the old one."""
    has_new = any(_names(text, case.new) for text in texts)
    stale = any(_names(text, case.old) and not _names(text, case.new) for text in texts)
    return has_new and not stale


def attribution(
    memories: Sequence, case: Case, *, user: str, character: str
) -> tuple[int, int, int]:
    """(errors, judged, baseline errors): a memory naming a planted value must name who said
    it. The baseline attributes every memory to the user (what a store that keeps no speaker
    does): wrong on each judged value the character said."""
    errors = judged = baseline = 0
    for memory in memories:
        text = f"{memory.title}. {memory.content}"
        for values, speaker, other in (
            (case.old + case.new, user, character),
            (case.character_value, character, user),
        ):
            if not _names(text, values):
                continue
            right, wrong = _names(text, (speaker,)), _names(text, (other,))
            if right == wrong:
                continue  # names neither or both: cannot tell
            judged += 1
            errors += wrong
            baseline += speaker == character
    return errors, judged, baseline


def kept_other_fact(texts: Sequence[str], case: Case) -> bool:
    """Kept: some memory names a word of the other fact the old memory held."""
    return any(_names(text, case.kept) for text in texts)


def _memory_texts(
    loaded: LoadedConversation, case: Case, budget: int, *, question: str = ""
) -> list[str]:
    from memories.context import retrieve

    items = retrieve(
        thread_id=loaded.thread_id,
        query=question or case.question,
        budget_tokens=budget,
        before_seq=loaded.last_seq + 1,
    )
    return [item.text for item in items if item.kind == "memory"]


def _restore_retired(loaded: LoadedConversation, memories: Sequence) -> int:
    from memories.editing import memory_restore

    actor = owner(loaded)
    restored = 0
    for memory in memories:
        if memory.status == "superseded":
            memory_restore(memory=memory, actor=actor)
            restored += 1
    return restored


def measure_knowledge_updates(
    cases: Sequence[Case] = CASES,
    *,
    budget: int,
    progress: Progress | None = None,
    written: list | None = None,
) -> dict:
    """``written`` collects what was loaded, for the caller to remove."""
    tick = progress or (lambda _n: None)
    results = []
    errors = judged = baseline_errors = 0
    rows = []
    for case in cases:
        loaded = load_conversation(case.conversation(), memories="pipeline")
        if written is not None:
            written.append(loaded)
        memories = stored_memories(loaded)
        rows.extend(memories)
        in_context = _memory_texts(loaded, case, budget)
        right = latest_only(in_context, case)
        kept = (
            kept_other_fact(_memory_texts(loaded, case, budget, question=case.kept_question), case)
            if case.kept
            else None
        )
        case_errors, case_judged, case_baseline = attribution(
            memories,
            case,
            user=loaded.conversation.speaker_a,
            character=loaded.conversation.speaker_b,
        )
        errors += case_errors
        judged += case_judged
        baseline_errors += case_baseline
        retired = _restore_retired(loaded, memories)
        baseline_context = _memory_texts(loaded, case, budget) if retired else in_context
        baseline_kept = (
            kept_other_fact(_memory_texts(loaded, case, budget, question=case.kept_question), case)
            if case.kept
            else None
        )
        results.append(
            {
                "case": case.name,
                "attribute": case.attribute,
                "right": right,
                "baseline_right": latest_only(baseline_context, case),
                "kept": kept,
                "baseline_kept": baseline_kept,
                "memories_stored": len(memories),
                "retired": retired,
                "failed_sessions": [session for session, _ in loaded.failed_sessions],
                "memories_in_context": in_context,
                "attribution_errors": case_errors,
            }
        )
        tick(1)
    by_attribute: dict[str, list[dict]] = {}
    for result in results:
        by_attribute.setdefault(result["attribute"], []).append(result)
    unverified = _unverified_share(rows)
    with_kept = [r for r in results if r["kept"] is not None]
    return {
        "cases": len(results),
        "right_share": _share(sum(r["right"] for r in results), len(results)),
        "baseline_right_share": _share(sum(r["baseline_right"] for r in results), len(results)),
        "kept_cases": len(with_kept),
        "kept_share": _share(sum(r["kept"] for r in with_kept), len(with_kept)),
        "baseline_kept_share": _share(sum(r["baseline_kept"] for r in with_kept), len(with_kept)),
        "by_attribute": {
            name: {
                "right_share": _share(sum(r["right"] for r in group), len(group)),
                "baseline_right_share": _share(sum(r["baseline_right"] for r in group), len(group)),
                "cases": len(group),
            }
            for name, group in by_attribute.items()
        },
        "attribution_errors": errors,
        "attribution_judged": judged,
        "attribution_error_share": _share(errors, judged),
        "attribution_baseline_errors": baseline_errors,
        "baseline_attribution_error_share": _share(baseline_errors, judged),
        "unverified_share": None if unverified is None else round(100 * unverified, 1),
        "results": results,
    }
