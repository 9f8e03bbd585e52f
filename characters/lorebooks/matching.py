"""Which lorebook entries fire for a chat: a pure function over entries and message texts.

Semantics follow SillyTavern's World Info scan, so imported books behave as their authors
expect:

- The scan buffer is the newest ``scan_depth`` messages (an entry may set its own depth).
- An entry fires when any primary key matches. Keys are case-insensitive and match
  anywhere unless the entry (or the book) asks for case sensitivity or whole words; a key
  written ``/pattern/flags`` (or any key of a ``use_regex`` entry) is a regular expression.
  A whole-word key of several words matches as a phrase.
- With ``selective`` and secondary keys, the secondary keys filter the match: AND ANY (one
  of them also appears), AND ALL (all appear), NOT ANY (none appears), NOT ALL (not all).
- ``constant`` entries always fire; disabled entries never do.
- ``use_probability`` with ``probability`` < 100 rolls once per scan (the caller passes the
  random generator, so tests and replays are deterministic).
- Recursive scanning: the content of fired entries is scanned again for further keys, up to
  ``max_recursion`` passes. ``exclude_recursion`` entries fire only from the messages;
  ``prevent_recursion`` entries do not feed the next pass.
- A token budget keeps the most important entries (constant first, then higher
  ``priority``, defaulting to ``insertion_order``); entries that do not fit are reported as
  dropped and do not feed recursion.
- Matching by meaning (SillyTavern's "vectorized" entries): the caller passes
  ``vector_scores``, the similarity of the new message to each entry matched by meaning
  that came close enough. Such an entry that no key fired fires from its score instead
  (``reason`` "vector", ``matched_key`` "", the ``score`` kept), in the first pass only;
  the budget, probability and recursion rules apply as to a key match.
- Inclusion groups (``characters.lorebooks.groups``): of one group's entries matched in a
  pass, one goes in; applied after keys, recursion and meaning matched, before the probability
  roll and the budget. Losers are listed in ``held_back`` with their ``GroupLoss``.
- Timed effects (``characters.lorebooks.timing``, the caller passes ``timed``): an entry in by
  its sticky fires in the first pass without its keys and without a roll (``reason``
  "sticky"); one on cooldown or delayed that matched is held back ("cooldown", "delay").
- The result lists fired entries in prompt order: ascending ``insertion_order`` (lower goes
  higher in the prompt), then ``uid``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from characters.lorebooks.groups import GroupLoss, choose_in_groups, group_names
from characters.lorebooks.timing import TimedState, held_by_time

AND_ANY = "and_any"
AND_ALL = "and_all"
NOT_ANY = "not_any"
NOT_ALL = "not_all"
LOGICS = (AND_ANY, AND_ALL, NOT_ANY, NOT_ALL)

BEFORE_CHAR = "before_char"
AFTER_CHAR = "after_char"
AT_DEPTH = "at_depth"
POSITIONS = (BEFORE_CHAR, AFTER_CHAR, AT_DEPTH)

CONSTANT_KEY = ""  # ``matched_key`` of an entry that fired because it is constant


@dataclass(frozen=True)
class LoreEntry:
    """An entry as the matcher and the prompt see it (no database types)."""

    id: int
    uid: int
    content: str
    keys: tuple[str, ...] = ()
    secondary_keys: tuple[str, ...] = ()
    comment: str = ""
    selective: bool = False
    selective_logic: str = AND_ANY
    constant: bool = False
    enabled: bool = True
    insertion_order: int = 100
    priority: int | None = None
    position: str = BEFORE_CHAR
    depth: int = 4
    case_sensitive: bool | None = None
    match_whole_words: bool | None = None
    use_regex: bool = False
    probability: int = 100
    use_probability: bool = True
    exclude_recursion: bool = False
    prevent_recursion: bool = False
    scan_depth: int | None = None
    lorebook_id: int = 0
    vectorized: bool = False  # also matched by meaning (its own flag, else its book's)
    group: str = ""  # inclusion groups, comma-separated
    group_override: bool = False
    group_weight: int = 100
    use_group_scoring: bool | None = None  # None: the scan's default
    sticky: int | None = None  # messages
    cooldown: int | None = None
    delay: int | None = None

    @property
    def label(self) -> str:
        return self.comment or (self.keys[0] if self.keys else f"entry {self.uid}")


@dataclass(frozen=True)
class ScanSettings:
    scan_depth: int = 2
    recursive: bool = True
    max_recursion: int = 3
    token_budget: int | None = None
    case_sensitive: bool = False
    match_whole_words: bool = False
    use_group_scoring: bool = False


@dataclass(frozen=True)
class Activation:
    entry: LoreEntry
    matched_key: str  # the primary key that fired; "" for a constant entry
    secondary_key: str = ""  # the secondary key that satisfied AND ANY / AND ALL, if any
    recursion_step: int = 0  # 0: from the messages; n: from the content of pass n - 1
    tokens: int = 0
    score: float | None = None  # similarity to the new message, for a match by meaning
    sticky: bool = False  # in by its sticky, from an earlier reply

    @property
    def reason(self) -> str:
        if self.sticky:
            return "sticky"
        if self.entry.constant and not self.matched_key:
            return "constant"
        if self.score is not None and not self.matched_key:
            return "vector"
        return "recursion" if self.recursion_step else "key"


@dataclass(frozen=True)
class ScanResult:
    activated: tuple[Activation, ...] = ()
    dropped: tuple[Activation, ...] = field(default=())  # fired but over the token budget
    # Matched, but held back: (entry, why) with why "cooldown", "delay" or a group's loss.
    held_back: tuple[tuple[LoreEntry, str | GroupLoss], ...] = ()

    @property
    def tokens(self) -> int:
        return sum(activation.tokens for activation in self.activated)


_REGEX_KEY = re.compile(r"^/(.+)/([a-z]*)$", re.DOTALL)


@lru_cache(maxsize=2048)
def _compiled(key: str, case_sensitive: bool, whole_words: bool, use_regex: bool):
    """A predicate over a haystack for one key, or None for a key that cannot match."""
    regex_match = _REGEX_KEY.match(key)
    if regex_match or use_regex:
        pattern, flags_text = regex_match.groups() if regex_match else (key, "")
        flags = 0
        if "i" in flags_text or (not regex_match and not case_sensitive):
            flags |= re.IGNORECASE
        if "s" in flags_text:
            flags |= re.DOTALL
        if "m" in flags_text:
            flags |= re.MULTILINE
        try:
            compiled = re.compile(pattern, flags)
        except re.error:
            return None
        return lambda haystack: compiled.search(haystack) is not None
    needle = key if case_sensitive else key.casefold()
    if whole_words and len(needle.split()) == 1:
        compiled = re.compile(rf"(?:^|\W)({re.escape(needle)})(?:$|\W)")
        return lambda haystack: compiled.search(haystack) is not None
    return lambda haystack: needle in haystack


def key_matches(
    key: str,
    text: str,
    *,
    case_sensitive: bool = False,
    whole_words: bool = False,
    use_regex: bool = False,
) -> bool:
    key = key.strip()
    if not key:
        return False
    predicate = _compiled(key, case_sensitive, whole_words, use_regex)
    if predicate is None:
        return False
    is_regex = use_regex or bool(_REGEX_KEY.match(key))
    haystack = text if (case_sensitive or is_regex) else text.casefold()
    return predicate(haystack)


def _first_match(keys: Sequence[str], text: str, options: dict) -> str | None:
    for key in keys:
        if key_matches(key, text, **options):
            return key.strip()
    return None


def _key_options(entry: LoreEntry, settings: ScanSettings) -> dict:
    return {
        "case_sensitive": settings.case_sensitive
        if entry.case_sensitive is None
        else entry.case_sensitive,
        "whole_words": settings.match_whole_words
        if entry.match_whole_words is None
        else entry.match_whole_words,
        "use_regex": entry.use_regex,
    }


def keys_matched(entry: LoreEntry, text: str, settings: ScanSettings) -> int:
    """SillyTavern's group score: the primary keys found in ``text``, plus the secondary ones
    when the logic is AND ANY, or AND ALL with all of them found."""
    options = _key_options(entry, settings)
    primary = sum(1 for key in entry.keys if key_matches(key, text, **options))
    secondary_keys = [key for key in entry.secondary_keys if key.strip()]
    if not (primary and entry.selective and secondary_keys):
        return primary
    found = sum(1 for key in secondary_keys if key_matches(key, text, **options))
    if entry.selective_logic == AND_ANY or (
        entry.selective_logic == AND_ALL and found == len(secondary_keys)
    ):
        return primary + found
    return primary


def _entry_match(entry: LoreEntry, text: str, settings: ScanSettings) -> tuple[str, str] | None:
    """(primary key, secondary key) when the entry's keys select it in ``text``."""
    options = _key_options(entry, settings)
    primary = _first_match(entry.keys, text, options)
    if primary is None:
        return None
    secondary_keys = [key for key in entry.secondary_keys if key.strip()]
    if not (entry.selective and secondary_keys):
        return primary, ""
    found = [key.strip() for key in secondary_keys if key_matches(key, text, **options)]
    logic = entry.selective_logic
    if logic == AND_ANY and found:
        return primary, found[0]
    if logic == AND_ALL and len(found) == len(secondary_keys):
        return primary, found[0]
    if logic == NOT_ANY and not found:
        return primary, ""
    if logic == NOT_ALL and len(found) < len(secondary_keys):
        return primary, ""
    return None


def _importance(entry: LoreEntry) -> tuple:
    priority = entry.priority if entry.priority is not None else entry.insertion_order
    return (0 if entry.constant else 1, -priority, entry.uid, entry.id)


def scan(
    entries: Sequence[LoreEntry],
    messages: Sequence[str],
    settings: ScanSettings = ScanSettings(),
    *,
    count_tokens: Callable[[str], int] | None = None,
    rng: random.Random | None = None,
    vector_scores: Mapping[int, float] | None = None,
    timed: TimedState | None = None,
    group_seed: str = "",
) -> ScanResult:
    """The entries that fire for ``messages`` (newest first), in prompt order.
    ``vector_scores`` maps entry ids to their similarity to the new message, for the entries
    matched by meaning that passed the threshold; ``timed`` the timed effects in force
    (``characters.lorebooks.timing``); ``group_seed`` seeds the inclusion groups' draws."""
    vector_scores = vector_scores or {}
    timed = timed if timed is not None else TimedState(chat_length=max(len(messages), 1))
    if count_tokens is None:
        from drawhisper.tokens import count_tokens
    rng = rng if rng is not None else random.Random()
    candidates = sorted((entry for entry in entries if entry.enabled), key=_importance)
    chat_text: dict[int, str] = {}

    def messages_text(depth: int) -> str:
        if depth not in chat_text:
            chat_text[depth] = "\n".join(messages[: max(depth, 0)])
        return chat_text[depth]

    fired: dict[tuple[int, int], Activation] = {}
    dropped: list[Activation] = []
    held_back: list[tuple[LoreEntry, str | GroupLoss]] = []
    settled: set[tuple[int, int]] = set()  # fired, held back, failed the roll, or dropped
    taken_groups: set[str] = set()
    used_tokens = 0
    recursion_text: list[str] = []
    max_passes = 1 + (max(settings.max_recursion, 0) if settings.recursive else 0)

    for step in range(max_passes):
        extra = "\n".join(recursion_text)
        matched: list[tuple[LoreEntry, tuple[str, str], float | None, str]] = []
        for entry in candidates:
            ident = (entry.lorebook_id, entry.id)
            if ident in settled:
                continue
            if step > 0 and (entry.constant or entry.exclude_recursion):
                continue
            depth = entry.scan_depth if entry.scan_depth is not None else settings.scan_depth
            haystack = messages_text(depth) if step == 0 else f"{messages_text(depth)}\n{extra}"
            if step == 0 and entry.id in timed.sticky_ids:
                match = (CONSTANT_KEY, "")
            elif entry.constant:
                match = (CONSTANT_KEY, "")
            else:
                match = _entry_match(entry, haystack, settings)
            score = None
            if match is None and step == 0 and entry.vectorized and entry.id in vector_scores:
                match, score = (CONSTANT_KEY, ""), vector_scores[entry.id]
            if match is None:
                continue
            settled.add(ident)
            why = held_by_time(entry, timed)
            if why:
                held_back.append((entry, why))
                continue
            matched.append((entry, match, score, haystack))
        losers, losses = choose_in_groups(
            [entry for entry, *_ in matched],
            sticky_ids=timed.sticky_ids if step == 0 else frozenset(),
            taken_groups=taken_groups,
            score_of=lambda entry, texts={e.id: h for e, _, _, h in matched}: keys_matched(
                entry, texts[entry.id], settings
            ),
            use_group_scoring=settings.use_group_scoring,
            seed=group_seed,
        )
        lost = {loss.entry_id: loss for loss in losses}
        new: list[Activation] = []
        for entry, match, score, _ in matched:
            if entry.id in losers:
                held_back.append((entry, lost[entry.id]))
                continue
            is_sticky = step == 0 and entry.id in timed.sticky_ids
            if not is_sticky and entry.use_probability and entry.probability < 100:
                if rng.random() * 100 >= entry.probability:
                    continue
            activation = Activation(
                entry=entry,
                matched_key=match[0],
                secondary_key=match[1],
                recursion_step=step,
                tokens=count_tokens(entry.content),
                score=score,
                sticky=is_sticky,
            )
            if settings.token_budget is not None and used_tokens + activation.tokens > max(
                settings.token_budget, 0
            ):
                dropped.append(activation)
                continue
            used_tokens += activation.tokens
            fired[(entry.lorebook_id, entry.id)] = activation
            taken_groups.update(group_names(entry))
            new.append(activation)
        recursion_text.extend(
            activation.entry.content for activation in new if not activation.entry.prevent_recursion
        )
        if not settings.recursive or not any(
            not activation.entry.prevent_recursion for activation in new
        ):
            break

    ordered = sorted(
        fired.values(),
        key=lambda activation: (
            activation.entry.insertion_order,
            activation.entry.uid,
            activation.entry.id,
        ),
    )
    return ScanResult(activated=tuple(ordered), dropped=tuple(dropped), held_back=tuple(held_back))
