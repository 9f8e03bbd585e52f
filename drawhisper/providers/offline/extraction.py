"""Offline memory extraction: what the user said about themselves first, then the
character's real lines, as one to three typed chunks attributed to whoever said them.

1. The offline model's own replies are left out (``reply.is_stand_in``): they are not the
   character speaking, and remembering them would only echo the stand-in.
2. Statements about oneself (``statements``: "I'm terrified of deep water", "my brother
   Tomas fixes boats") become typed sentences in third person ("Ada is terrified of deep
   water."). The user's come first; the character's fill what room is left.
3. Statements of the same speaker and type share a chunk ("Ada's likes", "Ada's facts"); with
   more than three such groups the smallest joins the closest type of the same speaker, and
   with fewer a large group is split, so three chunks carry as much as they can.
4. A change told over two sentences of one message ("Nora and I broke up. I'm seeing Sam
   now.", "Kiwi flew off. We got a new parrot called Mango.") is kept as one: a sentence
   that says something ended (``decisions.ENDED``: broke up, passed away, renamed ...;
   ``decisions.ENDING_OF``: no more X, done with X, moved out of X, X is over ...) is joined
   to the sentence before it and the one after it in the same message, and a sentence that
   goes on from the one before ("and ...", "but ...") is joined to it when either says a
   change (``decisions.CHANGE``: now, anymore, moved ...), so the memory holds the end and
   what came instead, not an end alone (``join_changes``).
5. A conversation without statements falls back to its most salient sentences (word
   frequency, position, type), reported in third person.

Output matches the pipeline's schema: ``{"chunks": [{"title", "content", "type",
"source_seqs"}]}`` with 1 to 3 chunks and ``type`` one of the seven memory types;
``source_seqs`` are the seqs of the messages the chunk's statements or sentences were said in
(known when the transcript numbers its lines, otherwise empty). A transcript with nothing worth
keeping still yields one ``conversation`` chunk, so the contract always holds."""

from __future__ import annotations

import re
from collections.abc import Sequence

from drawhisper.providers.offline.contract import Turn
from drawhisper.providers.offline.decisions import CHANGE, ENDED, ENDING_OF, names_a_slot
from drawhisper.providers.offline.memory_types import classify, is_attitude_word, type_bonus
from drawhisper.providers.offline.reply import is_stand_in
from drawhisper.providers.offline.sentences import (
    STOPWORDS,
    Sentence,
    is_question,
    overlaps,
    ranked,
    report,
    salience,
    shorten,
    speaker_names,
    split_sentences,
)
from drawhisper.providers.offline.statements import Statement, find_statements

MAX_CHUNKS = 3
KEEP_RATIO = 0.55  # a chunk must score at least this share of the best sentence
MAX_CONTENT_CHARACTERS = 900
MAX_TITLE_CHARACTERS = 100
STATEMENTS_PER_CHUNK = 3  # a larger group is split when a chunk is free
TITLE_PHRASES = 3
PHRASE_WORDS = 4
OVERLAP = 0.6  # word overlap at which a statement only repeats an earlier one
SHORT_SENTENCE_WORDS = 10  # titles quote sentences up to this long
_CONNECTORS = frozenset({"of", "the", "de", "la", "le", "von", "van", "del"})
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
# Adverbs that name nothing ("brought my dog *along*"): a phrase never includes them.
_PARTICLES = frozenset(
    """along back away anymore around together tonight today lately maybe perhaps else soon
    later almost nearly already always never often sometimes usually really truly honestly
    actually absolutely totally""".split()
)
_PLAIN = frozenset({"conversation", "fact"})  # what the classifier gives talk without a type
# How well two types share a chunk when there are more groups than chunks.
_AFFINITY = {
    frozenset({"emotion", "preference"}): 3.0,
    frozenset({"fact", "important_event"}): 3.0,
    frozenset({"fact", "relationship"}): 2.0,
    frozenset({"fact", "preference"}): 1.0,
    frozenset({"fact", "emotion"}): 1.0,
    frozenset({"relationship", "emotion"}): 1.0,
}
# A merged chunk takes the type most of its statements have; ties go to the earlier type.
TYPE_ORDER = (
    "emotion",
    "relationship",
    "important_event",
    "preference",
    "fact",
    "worldbuilding",
    "conversation",
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
    for sentence in _whole_changes(sentences, joined):
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


def _seqs(items) -> list[int]:
    """The sorted seqs of the turns, sentences or statements a chunk is made from (and of
    the later messages joined to them)."""
    seqs = {item.seq for item in items} | {
        seq for item in items for seq in getattr(item, "seqs", ())
    }
    return sorted(seq for seq in seqs if seq is not None)


def extract_chunks(
    turns: Sequence[Turn], *, user: str | None = None, character: str | None = None
) -> list[dict[str, object]]:
    """The chunks of a conversation; ``user`` and ``character`` name its two people when
    the prompt says who is who (otherwise the stand-in's speaker is the character)."""
    stand_in_speakers = {turn.speaker for turn in turns if is_stand_in(turn.text)}
    spoken = [turn for turn in turns if not is_stand_in(turn.text)]
    speakers = list(dict.fromkeys(turn.speaker for turn in turns))
    if user is None and len(speakers) == 2 and len(stand_in_speakers) == 1:
        user = next(speaker for speaker in speakers if speaker not in stand_in_speakers)
        character = character or next(iter(stand_in_speakers))
    sentences = join_changes(split_sentences(spoken))
    if not sentences:
        return [_fallback_chunk(spoken or turns)]
    names = speaker_names(turns)
    partners = _partners(speakers, user=user, character=character)
    statements = _distinct(find_statements(sentences, other=partners))
    chunks = _statement_chunks(statements, user=user, names=names)
    if len(chunks) < MAX_CHUNKS:
        used = {statement.index for statement in statements}
        chunks += _salient_chunks(
            sentences, names, skip=used, limit=MAX_CHUNKS - len(chunks), typed_only=bool(chunks)
        )
    if not chunks:
        return [_fallback_chunk(spoken)]
    chunks.sort(key=lambda chunk: chunk[0])
    return [chunk for _, chunk in chunks]


def _partners(
    speakers: Sequence[str], *, user: str | None, character: str | None
) -> dict[str, str]:
    """Whom "you" means in each speaker's lines: the other of exactly two people."""
    if user and character:
        return {user: character, character: user}
    if len(speakers) == 2:
        return {speakers[0]: speakers[1], speakers[1]: speakers[0]}
    return {}


def _distinct(statements: Sequence[Statement]) -> list[Statement]:
    """Each thing said once: a statement that repeats an earlier one in other words is
    dropped (the first telling is kept)."""
    kept: list[Statement] = []
    for statement in statements:
        words = statement.words
        if any(
            other.speaker == statement.speaker
            and words
            and len(words & other.words) / len(words | other.words) >= OVERLAP
            for other in kept
        ):
            continue
        kept.append(statement)
    return kept


def _worth(statement: Statement, names: frozenset[str]) -> float:
    """How much a statement is worth keeping when not all fit: named things, numbers and
    typed feelings or likes beat a plain fact; stage directions count a little less."""
    words = statement.text.split()
    named = any(
        word[:1].isupper() and word.strip(".,!?;:'\"").lower() not in names and word != "I"
        for word in words[1:]
    )
    score = 1.0 + 0.3 * named + 0.2 * bool(re.search(r"\d", statement.text))
    score += 0.2 * (statement.type not in ("fact", "conversation"))
    return score - 0.3 * statement.narration


def _statement_chunks(
    statements: Sequence[Statement], *, user: str | None, names: frozenset[str]
) -> list[tuple[int, dict[str, object]]]:
    groups: dict[tuple[str, str], list[Statement]] = {}
    for statement in statements:
        groups.setdefault((statement.speaker, statement.type), []).append(statement)

    def priority(key: tuple[str, str]) -> tuple[int, float, int]:
        members = groups[key]
        total = sum(_worth(statement, names) for statement in members)
        return (0 if key[0] == user else 1, -total, members[0].index)

    order = sorted(groups, key=priority)
    kinds = {key: key[1] for key in groups}  # a merged group takes its majority's type
    while len(order) > MAX_CHUNKS:
        merge = _closest_pair(order, groups)
        if merge is None or (order[-1][0] != user and merge[0][0] == user):
            del groups[order.pop()]  # the character's lines give way to the user's
            continue
        kept, joined = merge
        members = sorted(groups[kept] + groups.pop(joined), key=lambda s: s.index)
        groups[kept] = members
        kinds[kept] = _majority_type(members)
        order.remove(joined)
    while len(order) < MAX_CHUNKS:
        largest = max(order, key=lambda key: (len(groups[key]), -order.index(key)), default=None)
        if largest is None or len(groups[largest]) <= STATEMENTS_PER_CHUNK:
            break
        members = groups.pop(largest)
        half = (len(members) + 1) // 2
        second = (largest[0], f"{largest[1]}#{len(order)}")
        groups[largest], groups[second] = members[:half], members[half:]
        kinds[second] = kinds[largest]
        order.insert(order.index(largest) + 1, second)
    return [_statement_chunk(groups[key], kind=kinds[key], names=names) for key in order]


def _closest_pair(
    order: Sequence[tuple[str, str]], groups: dict[tuple[str, str], list[Statement]]
) -> tuple[tuple[str, str], tuple[str, str]] | None:
    """Which two groups of one speaker become one chunk: the most akin types (``_AFFINITY``),
    then the smallest group joining; ``(kept, joined)``, or None when no speaker has two.
    Only the least important speaker's groups are merged (the character's before the user's)."""
    speakers = list(dict.fromkeys(key[0] for key in order))
    for speaker in reversed(speakers):
        mine = [key for key in order if key[0] == speaker]
        if len(mine) < 2:
            continue
        best = None
        for position, first in enumerate(mine):
            for second in mine[position + 1 :]:
                affinity = _AFFINITY.get(frozenset({first[1], second[1]}), 0.0)
                kept, joined = (
                    (first, second)
                    if len(groups[first]) >= len(groups[second])
                    else (second, first)
                )
                rank = (-affinity, len(groups[joined]) + len(groups[kept]), order.index(joined))
                if best is None or rank < best[0]:
                    best = (rank, kept, joined)
        return best[1], best[2]
    return None


def _majority_type(members: Sequence[Statement]) -> str:
    counts = {kind: sum(1 for s in members if s.type == kind) for kind in TYPE_ORDER}
    return max(TYPE_ORDER, key=lambda kind: (counts[kind], -TYPE_ORDER.index(kind)))


def _statement_chunk(
    members: Sequence[Statement], *, kind: str, names: frozenset[str]
) -> tuple[int, dict[str, object]]:
    speaker = members[0].speaker
    content: list[str] = []
    phrases: list[str] = []
    told: list[Statement] = []
    for statement in members:
        if content and len(" ".join([*content, statement.reported])) > MAX_CONTENT_CHARACTERS:
            break
        content.append(statement.reported)
        told.append(statement)
        phrase = key_phrase(statement.text, names, start=statement.anchor)
        if phrase and phrase.lower() not in (p.lower() for p in phrases):
            phrases.append(phrase)
    label = ", ".join(phrases[:TITLE_PHRASES])
    if len(content) == 1 and len(label.split()) < 2:
        # One statement whose key phrase is a stray word: a short one says it best in its
        # own words, a long one in its two best phrases.
        own = " ".join(members[0].text.split())
        two = key_phrases(members[0].text, names, start=members[0].anchor)
        if len(_WORD.findall(own)) > SHORT_SENTENCE_WORDS and len(two) > 1:
            own = ", ".join(two)
        label = own.rstrip(".!…")
    title = f"{speaker}: {label}" if label else speaker
    return members[0].index, {
        "title": shorten(title, MAX_TITLE_CHARACTERS),
        "content": shorten(" ".join(content), MAX_CONTENT_CHARACTERS),
        "type": kind,
        "source_seqs": _seqs(told),
    }


def _salient_chunks(
    sentences: Sequence[Sentence],
    names: frozenset[str],
    *,
    skip: set[int],
    limit: int,
    typed_only: bool,
) -> list[tuple[int, dict[str, object]]]:
    """The most salient sentences (not already kept as statements), one chunk each; beside
    statement chunks only typed ones (an event, a place of the story, a liking), never plain
    talk or a plain "is" sentence."""
    types = {sentence.index: classify(sentence.text) for sentence in sentences}
    bonus = {index: type_bonus(kind) for index, kind in types.items()}
    scores = salience(sentences, bonus=bonus)
    order = ranked(sentences, scores)
    best = scores[order[0].index]
    chosen: list[Sentence] = []
    for sentence in order:
        if len(chosen) == limit or scores[sentence.index] < KEEP_RATIO * best:
            break
        if sentence.index in skip or (typed_only and types[sentence.index] in _PLAIN):
            continue
        if not overlaps(sentence, chosen):
            chosen.append(sentence)
    return [
        (
            sentence.index,
            {
                "title": title_for(sentence, names),
                "content": shorten(report(sentence), MAX_CONTENT_CHARACTERS),
                "type": types[sentence.index],
                "source_seqs": _seqs([sentence]),
            },
        )
        for sentence in chosen
    ]


def key_phrase(text: str, names: frozenset[str] = frozenset(), *, start: int = 0) -> str:
    """What a statement is about, as a few words: a run of content words from ``start``
    (where its rule matched), leaving out the speakers' names and attitude words. Runs with
    a name or a number win, then longer ones, then nearer ones ("I'm terrified of deep
    water" -> "deep water"; "my birthday is on the 3rd of May" -> "3rd of May")."""
    phrases = key_phrases(text, names, start=start, limit=1)
    return phrases[0] if phrases else ""


def key_phrases(
    text: str, names: frozenset[str] = frozenset(), *, start: int = 0, limit: int = 2
) -> list[str]:
    """The best ``limit`` phrases of ``text`` (see ``key_phrase``), in the order said."""
    runs = _content_runs(text[start:], names) or _content_runs(text, names)

    def weight(position: int) -> float:
        run = runs[position]
        marked = any(word[:1].isupper() or word[:1].isdigit() for word in run)
        return 2 * marked + min(len(run), 3) - position

    best = sorted(range(len(runs)), key=lambda position: (-weight(position), position))
    return [" ".join(runs[position][:PHRASE_WORDS]) for position in sorted(best[:limit])]


def _content_runs(text: str, names: frozenset[str]) -> list[list[str]]:
    runs: list[list[str]] = []
    current: list[str] = []
    for word in re.findall(r"[A-Za-z0-9][A-Za-z0-9'-]*|[.,;:!?…—–()\"]", text):
        if not word[0].isalnum():  # punctuation ends a phrase
            if current:
                runs.append(current)
                current = []
            continue
        lower = word.lower().strip("'-")
        is_content = (
            len(lower) > 2
            and lower not in STOPWORDS
            and lower not in _PARTICLES
            and lower not in names
            and not is_attitude_word(lower)
        )
        if is_content:
            current.append(word)
        elif current and lower in _CONNECTORS:
            current.append(word)
        elif current:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    runs = [_trim_connectors(run) for run in runs]
    return [run for run in runs if run]


def title_for(sentence: Sentence, names: frozenset[str] = frozenset()) -> str:
    """ "Speaker: ..." with the sentence itself when it is short, otherwise its key phrases:
    the longest runs of content words, leaving out names and attitude words ("I really love
    the jasmine tea they sell at the harbour market" by Ada -> "Ada: jasmine tea, harbour
    market")."""
    words = _WORD.findall(sentence.text)
    if len(words) <= SHORT_SENTENCE_WORDS:
        return shorten(f"{sentence.speaker}: {sentence.text.rstrip('.!…')}", 80)
    runs = _content_runs(sentence.text, names)
    if not runs:
        return shorten(f"{sentence.speaker}: {sentence.text.rstrip('.!?')}", 80)
    longest = sorted(range(len(runs)), key=lambda i: (-len(runs[i]), i))
    if len(runs[longest[0]]) == 1:
        picked = longest[:3]  # only single words: a few of them say more than one
    else:
        # The longest phrase, and a second one if it is more than a stray word.
        picked = [i for i in longest[:2] if i == longest[0] or len(runs[i]) > 1]
    phrase = ", ".join(" ".join(runs[i]) for i in sorted(picked))
    return shorten(f"{sentence.speaker}: {phrase}", 80)


def _trim_connectors(run: list[str]) -> list[str]:
    while run and run[-1].lower() in _CONNECTORS:
        run = run[:-1]
    return run


def _fallback_chunk(turns: Sequence[Turn]) -> dict[str, object]:
    speakers = list(dict.fromkeys(turn.speaker for turn in turns))
    if not speakers:
        return {
            "title": "A quiet moment",
            "content": "Nothing was said yet.",
            "type": "conversation",
            "source_seqs": [],
        }
    who = (
        " and ".join(speakers[:2])
        if len(speakers) <= 2
        else f"{', '.join(speakers[:-1])} and {speakers[-1]}"
    )
    return {
        "title": f"Small talk between {who}" if len(speakers) > 1 else f"Small talk with {who}",
        "content": f"{who} exchanged a few words, nothing worth remembering in detail.",
        "type": "conversation",
        "source_seqs": _seqs(turns),
    }
