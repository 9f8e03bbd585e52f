"""The changes an update is decided on: the same person's value of a one-value slot said to
have changed, a partner or pet the old memory names said to be gone or renamed, and a thing
the old memory names said to have ended for the same person.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from drawhisper.providers.offline.decisions.cues import (
    _NAME,
    _WORD,
    CHANGE,
    ENDED,
    FILLER_WORDS,
    GENERIC_WORDS,
    PET_GONE,
)
from drawhisper.providers.offline.decisions.matching import (
    Existing,
    _content_words,
    _normal,
    _stem,
)
from drawhisper.providers.offline.decisions.slots import (
    _SENTENCE,
    ANY_PET,
    SLOT_TYPES,
    SLOTS,
    _name_words,
    _owner,
    _says_new,
    _says_only,
    _slot_values,
    _slots,
    facts,
)
from drawhisper.providers.offline.lexicons import PET_KINDS
from drawhisper.providers.offline.sentences import STOPWORDS


def is_slot_change(chunk: dict, existing: Existing, *, names: Iterable[str] = ()) -> bool:
    """The same person's value of a one-value slot, said to have changed, and the old memory
    about nothing else."""
    if chunk["type"] not in SLOT_TYPES or existing.type not in SLOT_TYPES:
        return False
    if _normal(chunk["content"]) == _normal(existing.content):
        return False
    changed = bool(CHANGE.search(chunk["content"].casefold()))
    names = tuple(names)
    said = _names_in(chunk["content"], names)
    ended = bool(ENDED.search(chunk["content"].casefold()))
    if said and said <= _names_in(existing.content, names) and not ended:
        return False  # the same value again ("painted the house in Leeds again")
    for slot in sorted(_shared_slots(chunk["content"], existing.content)):
        # "A new pup" beside an old one ends nothing: a person has two dogs, not two jobs;
        # a pet's change needs its own word ("renamed", "died", "now" ...).
        if not changed and (slot.startswith("pet:") or not _says_new(chunk["content"], slot)):
            continue
        owner = _slot_owner(chunk["content"], slot, names)
        if (
            owner
            and owner == _slot_owner(existing.content, slot, names)
            and _says_only(existing.content, slot)
        ):
            return True
    return False


def _shared_slots(new: str, old: str) -> frozenset[str]:
    """The slots both texts name; a pet named without its kind in ``new`` is any pet of
    ``old``."""
    theirs, ours = _slots(old), _slots(new)
    if ANY_PET in ours:
        ours = ours | {slot for slot in theirs if slot.startswith("pet:")}
    return ours & theirs


def _slot_owner(text: str, slot: str, names: Iterable[str] = ()) -> str:
    """Whose value of ``slot`` the text gives, read in the first sentence that names the
    slot and one of the two people ("Big change in Sam's life. They stopped eating meat" is
    Sam's diet); else as ``_owner`` reads the whole text. "They" in a memory is the person
    it reports (the offline model tells "I" as "they"), so "Sam's doctor put them on keto"
    is Sam's diet and a sentence opening with "they" is the text's first person's."""
    names = tuple(names)
    known = _name_words(names)
    for sentence in _SENTENCE.split(text or ""):
        slots = _slots(sentence)
        if slot not in slots and not (slot.startswith("pet:") and ANY_PET in slots):
            continue
        owner = _owner(sentence, slot, names)
        head = owner.split(" ", 1)[0].removesuffix("'s")
        if head in _THEY or _says_no_one(sentence, names):
            # "Not vegetarian anymore!!" in a memory of Sam's: nobody else is named, so it
            # is the memory's person.
            return _person(text, names)
        if head in known:
            return head if " " in owner and _them_before_slot(sentence, slot) else owner
    return _owner(text, slot, names)


_SOMEONE = re.compile(r"\b[a-z]+'s\b|\b(?:he|she|his|her|him)\b")


def _says_no_one(sentence: str, names: Iterable[str]) -> bool:
    """Whether ``sentence`` names no person: neither of the two people, no one else's name
    (a capitalised word past the first), no possessive and no "he" or "she"."""
    lowered = sentence.casefold().replace("’", "'")
    if _said_again(_name_words(names), sentence) or _SOMEONE.search(lowered):
        return False
    return not _names_in(" ".join(sentence.split()[1:]), names)


def _them_before_slot(sentence: str, slot: str) -> bool:
    """Whether "they"/"them" comes before what names the slot ("Sam's doctor put *them* on
    keto"), so the slot is theirs; in "Sam's mum's a dentist, she'd kill them" the dentist
    is the mum."""
    them = _THEM.search(sentence)
    pattern = SLOTS.get(slot)
    named = pattern.search(sentence.casefold()) if pattern is not None else None
    return bool(them and named and them.start() < named.start())


_THEY = frozenset({"they", "they're", "their", "them", "we", "our"})
_THEM = re.compile(r"\b(?:they|them|their|they're|themself)\b", re.IGNORECASE)


def _names_in(text: str, people: Iterable[str]) -> frozenset[str]:
    """The names in ``text`` other than the two people's (and other than "I")."""
    ignored = _name_words(people)
    return frozenset(
        name.casefold()
        for name in _NAME.findall(text or "")
        if name.casefold() not in ignored and name.casefold() not in STOPWORDS
    )


def is_ended(chunk: dict, existing: Existing, *, names: Iterable[str] = ()) -> bool:
    """The new content says a partner or pet the old memory names has gone ("Nora and Sam
    broke up", "Biscuit passed away"), for the same person, and the old memory is about
    that partner or pet alone: it no longer holds, even with no new value said."""
    if chunk["type"] not in SLOT_TYPES or existing.type not in SLOT_TYPES:
        return False
    lowered = chunk["content"].casefold().replace("’", "'")
    ended = bool(ENDED.search(lowered))
    if not ended and not PET_GONE.search(lowered):
        return False
    names = tuple(names)
    valued = {word for words in _slot_values(existing.content).values() for word in words}
    named = bool(_said_again(_names_in(existing.content, names) | valued, chunk["content"]))
    for slot in sorted(_slots(existing.content)):
        if slot != "partner" and not slot.startswith("pet:"):
            continue
        # A pet is told of by its kind as often as by its name ("my hamster lives with my
        # aunt now", "the collie went to my cousin's"); a partner only by their name.
        if not named and not (
            slot.startswith("pet:") and _names_own_kind(chunk["content"], slot, names)
        ):
            continue
        if not ended and not slot.startswith("pet:"):
            continue  # living with someone else ends a pet's stay, not a partner
        owner = _owner(existing.content, slot, names)
        if (
            owner
            and owner == _person(chunk["content"], names)
            and _says_only(existing.content, slot)
        ):
            return True
    return False


def _names_own_kind(text: str, slot: str, names: Iterable[str]) -> bool:
    """Whether ``text`` names the kind of animal of the pet slot ``slot`` ("pet:dog") and
    not as someone else's ("Sam's tortoise", "my tortoise", "the tortoise"; not "Sam's
    neighbour's tortoise")."""
    kinds = "|".join(re.escape(kind) for kind in PET_KINDS.get(slot.removeprefix("pet:"), ()))
    if not kinds:
        return False
    known = _name_words(names)
    lowered = (text or "").casefold().replace("’", "'")
    for match in re.finditer(rf"(?:\b([a-z]+)'s\s+(?:[\w-]+\s+)?)?\b(?:{kinds})\b", lowered):
        if match.group(1) is None or match.group(1) in known:
            return True
    return False


def _other_people(first: str, second: str, names: Iterable[str]) -> bool:
    """Whether both texts name one of the two people first, and not the same one."""
    names = tuple(names)
    known = _name_words(names)
    people = [_person(text, names) for text in (first, second)]
    return all(person in known for person in people) and people[0] != people[1]


def _person(text: str, names: Iterable[str] = ()) -> str:
    """The first of the two people ``text`` names, a possessive or not ("Biscuit went to
    live with Sam's mum" is Sam telling of Sam's pet), else its first word."""
    owner = _owner(text, "", names)
    head = owner.split(" ", 1)[0]
    return head[:-2] if head.endswith("'s") else head


def _said_again(words: Iterable[str], text: str) -> frozenset[str]:
    """Which of ``words`` (casefolded) ``text`` says again, whatever its case: chat users
    write names in lower case ("noor and i", "moved to leeds")."""
    said = {word.casefold() for word in _WORD.findall(text or "")}
    return frozenset(word for word in words if word in said)


# An ending said of a thing: "no more bus routes", "done with the dairy farm", "the end of
# carnivore", "moved out of Cardiff", "left the warehouse", "quit the firm", "the vegetarian
# era is over" and, negated, "not a barista anymore", "don't eat meat anymore": what follows
# the cue (for "is over", what comes before it; for "not ... anymore", what is between).
ENDING_OF = re.compile(
    r"\b(?:no more|no longer|done with|(?:the )?end of|moved out of|moved away from|"
    r"goodbye to|gave up(?: on)?|quit|left|stopped|handed in|sold)\s+((?:[\w'-]+\s+){0,3}[\w'-]+)"
    r"|\b((?:[\w'-]+\s+){0,1}[\w'-]+)\s+(?:closed|shut down|went bust|folded)\b"
    # "the vegan thing wasn't working for me", "keto didn't work out".
    r"|\b((?:[\w'-]+\s+){0,1}[\w'-]+)\s+(?:wasn't|wasnt|isn't|isnt|didn't|didnt)\s+"
    r"(?:working|work out|working out|worth it|for me)\b"
    r"|\b((?:[\w'-]+\s+){1,2})(?:is|are|'s|was)\s+(?:\w+\s+)?(?:over|dead|finished|behind (?:me|us|them))\b"
    r"|\bnot\s+((?:[\w'-]+\s+){0,3}?[\w'-]+)\s+any\s?more\b"
)
_NOT_ANY_MORE = re.compile(r"\bnot\s+((?:[\w'-]+\s+){0,3}?[\w'-]+)\s+any\s?more\b")
_NOT_A_THING = (
    STOPWORDS
    | FILLER_WORDS
    | GENERIC_WORDS
    | frozenset("thing things stuff time times day days week weeks month months year years".split())
)


def _ended_things(text: str, people: Iterable[str]) -> frozenset[str]:
    """The words naming what ``text`` says ended (see ``ENDING_OF``), without the two
    people's names and words that name nothing."""
    ignored = _NOT_A_THING | _name_words(people)
    found: set[str] = set()
    lowered = (text or "").casefold().replace("’", "'")
    # "Not ... any more" read on its own too: an earlier cue's words may run over its "not"
    # ("gave up washing her, she's not clinker any more").
    matches = [*ENDING_OF.finditer(lowered), *_NOT_ANY_MORE.finditer(lowered)]
    for match in matches:
        phrase = next((group for group in match.groups() if group), "")
        found.update(
            _stem(word) for word in _WORD.findall(phrase) if len(word) > 2 and word not in ignored
        )
    return frozenset(found)


def is_dropped(chunk: dict, existing: Existing, *, names: Iterable[str] = ()) -> bool:
    """The new content says a thing the old memory names has ended for the same person
    ("no more bus routes" / "Sam drives the number 9 bus", "left the warehouse" / "nights at
    the warehouse", "the vegetarian era is over" / "Sam is vegetarian"), and the old memory
    is one sentence that does not say that ending itself, so retiring it loses no other
    fact."""
    if chunk["type"] not in SLOT_TYPES or existing.type not in SLOT_TYPES:
        return False
    if _normal(chunk["content"]) == _normal(existing.content):
        return False
    names = tuple(names)
    ended = _ended_things(chunk["content"], names)
    if not ended or not ended & _content_words(existing.content):
        return False
    if ENDING_OF.search(existing.content.casefold()):
        return False  # the old memory says the same ending
    if len(facts(existing.content)) != 1:
        return False
    owner = _owner(chunk["content"], "", names)
    # "This is clinker, Sam's cat" is Sam's: a possessive naming one of the old memory's
    # slots ("Sam's cat", "Sam's job") gives that slot's owner, not someone else.
    return bool(owner) and any(
        owner == _owner(existing.content, slot, names)
        for slot in ("", *sorted(_slots(existing.content)))
    )
