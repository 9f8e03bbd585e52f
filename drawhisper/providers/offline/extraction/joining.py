"""A change told over two sentences or messages kept as one: an ending joined to what came
instead (``decisions.ENDED``, ``decisions.ENDING_OF``), and a sentence going on from the
one before joined to it when either says a change (``decisions.CHANGE``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from drawhisper.providers.offline.decisions import CHANGE, ENDED, ENDING_OF, names_a_slot
from drawhisper.providers.offline.sentences import (
    Sentence,
    is_question,
)

JOINED_WORDS = 40  # sentences are joined up to this many words (one clause)
_TO_YOU = re.compile(r"\b(?:you|your|you're|u|ur)\b", re.IGNORECASE)
# A sentence that opens with one of these goes on from the one before it.
_CONTINUES = re.compile(r"^\W*(?:and|but|so|which|plus|then)\b", re.IGNORECASE)


def says_change(text: str) -> bool:
    """Whether a sentence says a change: an ending (``ends``) or a change cue of the update
    decision ("now", "no longer", "anymore", "these days", "moved", "switched" ...)."""
    return ends(text) or bool(CHANGE.search(text.casefold()))


def ends(text: str) -> bool:
    """Whether a sentence says something of the speaker's ended ("broke up", "passed away",
    "no more bus routes", "done with the farm", "the vegetarian era is over"), not asked."""
    lowered = text.casefold()
    return bool(ENDED.search(lowered) or ENDING_OF.search(lowered)) and not is_question(text)


def awaits_what_came(text: str) -> bool:
    """Whether ``text`` says something ended and nothing after its last ending says what came
    instead: no slot's value (a diet, a job, a home, a partner, a pet) and no change ("not
    vegetarian anymore!!" awaits "pescatarian i guess"; "Nora and I broke up. I'm seeing Sam
    now." does not)."""
    if is_question(text):
        return False
    lowered = text.casefold()
    ends_at = max(
        (match.end() for pattern in (ENDED, ENDING_OF) for match in pattern.finditer(lowered)),
        default=None,
    )
    if ends_at is None:
        return False
    rest = text[ends_at:]
    return not names_a_slot(rest) and not CHANGE.search(rest.casefold())


def join_changes(sentences: Sequence[Sentence]) -> list[Sentence]:
    """``sentences`` with a change said over two sentences of one message joined, in
    conversation order: a sentence that says something ended is joined to the sentence
    before it and the one after it ("Nora and I broke up. I'm seeing Sam now."), and one
    that goes on from the one before ("and", "but", "so" ...) is joined to it when either
    says a change ("I'm living in Tucson. but Tucson's home now"), so the memory holds the
    end and what came instead. Only within one message, never a question, and up to
    ``JOINED_WORDS`` words."""

    def same_message(first: Sentence, second: Sentence) -> bool:
        # Neighbours in the list: the same speaker, turn and kind are the same message.
        return (
            first.speaker == second.speaker
            and first.seq == second.seq
            and first.narration == second.narration
        )

    def joined(first: Sentence, second: Sentence) -> Sentence:
        later = (*first.seqs, *((second.seq,) if second.seq != first.seq else ()), *second.seqs)
        return Sentence(
            speaker=first.speaker,
            text=f"{first.text.rstrip()} {second.text.lstrip()}",
            index=first.index,
            narration=first.narration,
            words=first.words + second.words,
            seq=first.seq,
            seqs=tuple(dict.fromkeys(seq for seq in later if seq is not None)),
        )

    out: list[Sentence] = []
    wants_next = False  # the last sentence kept says an ending: what follows belongs to it
    introduced = _join_introductions(sentences, joined, same_message)
    for sentence in _whole_changes(introduced, joined):
        previous = out[-1] if out else None
        join = (
            previous is not None
            and same_message(previous, sentence)
            # "oh right, you don't know. I gave up keto": what is said to the other person
            # is no part of the change.
            and not (ends(sentence.text) and not wants_next and _TO_YOU.search(previous.text))
            and len(previous.text.split()) + len(sentence.text.split()) <= JOINED_WORDS
            and not is_question(sentence.text)
            and (
                wants_next
                or ends(sentence.text)
                or (
                    bool(_CONTINUES.match(sentence.text))
                    and (says_change(sentence.text) or says_change(previous.text))
                )
            )
        )
        if join:
            out[-1] = joined(previous, sentence)
        else:
            out.append(sentence)
        # An ending keeps the sentences after it in its message until one says what came
        # instead ("not vegetarian anymore!! the healer said ... pescatarian i guess").
        wants_next = awaits_what_came(out[-1].text)
    return _join_next_message(out, joined)


# A sentence that only says a name ("noor.", "meet biscuit!!", "and this is pepper."): what the
# name is comes in the sentences after it. Words that answer or react are no name.
_INTRODUCING = re.compile(
    r"^\W*(?:and\s+)?(?:(?:meet|introducing|say hi to|this is|that's|here's|it's)\s+)?"
    r"([^\W\d_][\w'-]{2,})\W*$",
    re.IGNORECASE,
)
_NOT_A_NAME = frozenset(
    """yes yeah yep yup no nope nah ok okay fine sure right well so anyway ugh um uh erm hmm
    oh ah wow lol haha omg thanks sorry please honestly really seriously exactly true
    maybe guilty same what why who how hi hello hey bye""".split()
)


def _introduces(text: str) -> bool:
    match = _INTRODUCING.match(text)
    return bool(match) and match.group(1).casefold() not in _NOT_A_NAME


def _join_introductions(sentences: Sequence[Sentence], joined, same_message) -> list[Sentence]:
    """A sentence that only says a name joined to the rest of its message ("noor. she
    teaches the harp at the college. we've been together since october"), so the memory of what is
    said about the name holds the name, up to ``JOINED_WORDS`` words."""
    out: list[Sentence] = []
    open_intro = False  # the last sentence kept starts with a name still being told of
    for sentence in sentences:
        previous = out[-1] if out else None
        if (
            open_intro
            and previous is not None
            and same_message(previous, sentence)
            and not is_question(sentence.text)
            and len(previous.text.split()) + len(sentence.text.split()) <= JOINED_WORDS
        ):
            out[-1] = joined(previous, sentence)
            continue
        out.append(sentence)
        open_intro = _introduces(sentence.text)
    return out


def _whole_changes(sentences: Sequence[Sentence], joined) -> list[Sentence]:
    """Each message that says an ending and, in another of its sentences, a slot's value
    ("came back a fruitarian. yes really. ... the paleo days are behind me", "i married
    ignatius in june!! henrietta and i split ages ago") as one sentence, whatever their
    order, up to ``JOINED_WORDS`` words and with no question in it."""
    groups: list[list[Sentence]] = []
    for sentence in sentences:
        last = groups[-1][-1] if groups else None
        if (
            last is not None
            and last.speaker == sentence.speaker
            and last.seq == sentence.seq
            and last.narration == sentence.narration
        ):
            groups[-1].append(sentence)
        else:
            groups.append([sentence])
    out: list[Sentence] = []
    for group in groups:
        ending = [index for index, sentence in enumerate(group) if ends(sentence.text)]
        valued = [
            index
            for index, sentence in enumerate(group)
            if names_a_slot(sentence.text) and index not in ending
        ]
        if (
            len(group) > 1
            and ending
            and valued
            and sum(len(sentence.text.split()) for sentence in group) <= JOINED_WORDS
            and not any(is_question(sentence.text) for sentence in group)
        ):
            whole = group[0]
            for sentence in group[1:]:
                whole = joined(whole, sentence)
            out.append(whole)
        else:
            out.extend(group)
    return out


_NEW = re.compile(r"\bnew\b", re.IGNORECASE)


def _goes_on_from_an_ending(text: str) -> bool:
    return says_change(text) or bool(_CONTINUES.match(text) or _NEW.search(text))


def _says_what_came(message: str) -> bool:
    """Whether a whole message says what came after an ending: a change, or a value of a
    slot ("my boyfriend peregrine knitted me this scarf", "her name is moth")."""
    return bool(CHANGE.search(message.casefold())) or names_a_slot(message)


def _join_next_message(sentences: list[Sentence], joined) -> list[Sentence]:
    """A message that ends with something ended ("fudge escaped and never came back",
    "left the bank in june", "rashid and i brokeup") joined to the same speaker's next
    message, with at most one message of the other person between, so the memory holds the
    end and what came instead ("new hamster is called Button"), up to ``JOINED_WORDS``."""
    messages: dict[tuple[str, int | None], str] = {}
    for sentence in sentences:
        key = (sentence.speaker, sentence.seq)
        messages[key] = f"{messages.get(key, '')} {sentence.text}".strip()
    out: list[Sentence] = []
    pending: int | None = None  # the ending waiting for the speaker's next message
    taken: int | None = None  # the seq of the message being joined to it
    between: set[int | None] = set()  # messages of the other person since the ending
    for sentence in sentences:
        if pending is not None:
            ending = out[pending]
            if sentence.speaker != ending.speaker:
                between.add(sentence.seq)
            elif (
                sentence.seq is not None
                and ending.seq is not None
                and sentence.seq != ending.seq
                and sentence.narration == ending.narration
                and taken in (None, sentence.seq)
                and len(between) <= 1
                and not is_question(sentence.text)
                # "maybe i'll map your bay": what is said to the other person after the
                # change is no part of it.
                and not (
                    taken is not None
                    and _TO_YOU.search(sentence.text)
                    and not names_a_slot(sentence.text)
                )
                # What came instead: a change, a "new" thing or a going-on ("and then I met
                # Sven"); "I love plum jam" after a break-up is a fact of its own.
                and (
                    taken is not None
                    or _goes_on_from_an_ending(sentence.text)
                    or _says_what_came(messages[(sentence.speaker, sentence.seq)])
                )
                and len(ending.text.split()) + len(sentence.text.split()) <= JOINED_WORDS
            ):
                out[pending] = joined(ending, sentence)
                taken = sentence.seq
                continue
            else:
                pending = None
            if len(between) > 1:
                pending = None
        out.append(sentence)
        if awaits_what_came(sentence.text) and sentence.seq is not None:
            pending, taken, between = len(out) - 1, None, set()
    return out
