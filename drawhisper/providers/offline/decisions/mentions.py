"""What a sitting says about a value it changes, kept with the change.

When a chunk retires an existing memory (``update n``), the same person often goes on about
the old value in the same sitting without saying it changed again: "my mum still asks if
Nora and I will get back together", "my old flatmate in Leeds keeps my bike", "I'll be back
in York for a weekend". Stored on its own, such a memory names the old value and nothing
else, so a reader who meets it beside the change cannot tell which holds now. Such a chunk
is folded into the chunk that says the change (``keep_mentions_with_changes``): one memory
then tells what changed and what was said about the old value, and nothing is dropped.

A chunk is a mention of the old value when it is the same speaker's (the part of both
titles before ":"), was decided ``add`` (a chunk with a decision of its own keeps it) and
shares a word with the retired memory that the change's own content does not say, or says
as ended ("left Oviedo"): a word of what was retired, not of what came instead. Names of
the two people, function words, title filler and words of time name no value and are left
out.

The same holds for who came instead, when the change tells only of the old partner or pet
going ("we got divorced", "pip went to live with my aunt"): the chunk of the same speaker
that names a partner, or a pet of any kind ("this is clover, my new rabbit"), is folded in,
so the memory of the ending also says what holds now.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from drawhisper.providers.offline.decisions.changes import _NOT_A_THING, _ended_things
from drawhisper.providers.offline.decisions.cues import _WORD
from drawhisper.providers.offline.decisions.matching import Existing, _stem
from drawhisper.providers.offline.decisions.slots import (
    _NEWCOMER,
    ANY_PET,
    PET_SLOTS,
    _name_words,
    _slot_values,
    _slots,
)
from drawhisper.providers.offline.sentences import shorten

PET_SLOTS_AND_ANY = frozenset({*PET_SLOTS, ANY_PET})

# As long as an extracted chunk may be (``extraction.MAX_CONTENT_CHARACTERS``).
_MAX_CONTENT = 900
_MIN_WORD = 4  # shorter words are too common to tie a chunk to a value ("mum", "job")


def _speaker(chunk: dict) -> str:
    title = str(chunk.get("title") or "")
    return title.split(":", 1)[0].strip().casefold() if ":" in title else ""


def _value_words(text: str, ignored: frozenset[str]) -> frozenset[str]:
    return frozenset(
        _stem(word)
        for word in (word.casefold() for word in _WORD.findall(text or ""))
        if len(word) >= _MIN_WORD and word not in ignored
    )


def keep_mentions_with_changes(
    chunks: Sequence[dict],
    existing: Sequence[Existing],
    decisions: Sequence[tuple[str, str]],
    *,
    names: Iterable[str] = (),
) -> tuple[list[dict], list[tuple[str, str]]]:
    """``chunks`` and their ``decisions`` (``(decision, remainder)`` pairs) with each
    ``add`` chunk that mentions a value an ``update`` of the same speaker retires folded
    into that update's chunk (its content appended, its seqs joined), in chunk order."""
    ignored = _NOT_A_THING | _name_words(names)
    by_ref = {memory.ref: memory for memory in existing}
    merged: list[dict] = [dict(chunk) for chunk in chunks]
    folded: set[int] = set()
    for position, (decision, _remainder) in enumerate(decisions):
        verb, _, ref = decision.partition(" ")
        if verb != "update" or not ref.isdigit() or int(ref) not in by_ref:
            continue
        change = merged[position]
        speaker = _speaker(change)
        if not speaker:
            continue
        # What the change says came instead is no word of the old value, but what it says
        # ended is ("left Oviedo; the house is in Nantes now": Oviedo is the old value).
        ended = _ended_things(str(change["content"]), names)
        retired = _value_words(by_ref[int(ref)].content, ignored) - (
            _value_words(str(change["content"]), ignored) - ended
        )
        gone = _gone_ones(by_ref[int(ref)].content, str(change["content"]))
        for other, (other_decision, _) in enumerate(decisions):
            if other == position or other in folded or other_decision != "add":
                continue
            mention = merged[other]
            if _speaker(mention) != speaker:
                continue
            said = str(mention["content"])
            if (
                not retired & _value_words(said, ignored)
                and not gone & _slots(said)
                and not (gone & PET_SLOTS_AND_ANY and _NEWCOMER.search(said))
            ):
                continue
            change["content"] = shorten(f"{change['content']} {mention['content']}", _MAX_CONTENT)
            change["source_seqs"] = sorted(
                {*change.get("source_seqs", ()), *mention.get("source_seqs", ())}
            )
            folded.add(other)
    kept = [index for index in range(len(merged)) if index not in folded]
    return [merged[index] for index in kept], [decisions[index] for index in kept]


def _gone_ones(old: str, change: str) -> frozenset[str]:
    """The slots whose newcomer belongs with ``change``: when the old memory is of a partner
    or a pet and the change tells of that one going without saying who came instead
    ("lintball moved in with my nan"), a chunk of the same sitting that names a partner, or
    a pet of any kind ("this is sudsy, my rabbit"), says what came instead, and one memory
    then holds both."""
    slots = _slots(old)
    pets = frozenset(slot for slot in slots if slot.startswith("pet:"))
    family = (PET_SLOTS_AND_ANY if pets else frozenset()) | (
        frozenset({"partner"}) if "partner" in slots else frozenset()
    )
    if not family:
        return frozenset()
    old_values = {word for words in _slot_values(old).values() for word in words}
    new_values = {
        word
        for slot, words in _slot_values(change).items()
        if slot in family
        for word in words
        if word not in old_values
    }
    return frozenset() if new_values else family
