"""A chunk's title: the key phrases of a text (its longest runs of content words, without
the two people's names and words that name nothing), or a short sentence quoted.
"""

from __future__ import annotations

import re

from drawhisper.providers.offline.memory_types import is_attitude_word
from drawhisper.providers.offline.sentences import (
    STOPWORDS,
    Sentence,
    shorten,
)

TITLE_PHRASES = 3
PHRASE_WORDS = 4
SHORT_SENTENCE_WORDS = 10  # titles quote sentences up to this long
_CONNECTORS = frozenset({"of", "the", "de", "la", "le", "von", "van", "del"})
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
# Adverbs that name nothing ("brought my dog *along*"): a phrase never includes them.
_PARTICLES = frozenset(
    """along back away anymore around together tonight today lately maybe perhaps else soon
    later almost nearly already always never often sometimes usually really truly honestly
    actually absolutely totally""".split()
)


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
