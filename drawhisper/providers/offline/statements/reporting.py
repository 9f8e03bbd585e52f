"""A statement reported in the third person: the speaker's name in place of "I", the verb
agreeing, "you" turned into the other person when known, else the clause quoted.
"""

from __future__ import annotations

import re

from drawhisper.providers.offline.sentences import (
    FIRST_PERSON,
    STOPWORDS,
    content_words,
    normalise,
)
from drawhisper.providers.offline.statements.rules import (
    _ASIDES,
    _CALL_ME,
    _LEAD_IN,
    _OPENERS,
    _PRONOUN_PAIR,
)

_TOKEN = re.compile(r"[A-Za-z][A-Za-z']*|[^A-Za-z]+")
_ADVERB_WORDS = frozenset(
    """really also still always never just only even actually honestly absolutely totally
    truly genuinely secretly so very quite pretty deeply utterly completely seriously
    desperately mostly usually often sometimes rarely basically definitely simply properly
    certainly literally once already finally recently nearly almost hardly barely""".split()
)
_MODALS = frozenset(
    """can could will would shall should may might must can't couldn't won't wouldn't
    shouldn't mustn't didn't did had hadn't was wasn't""".split()
)
_IRREGULAR_PAST = frozenset(
    """was were had did got grew went made met lost found took left began became came saw
    knew thought told said kept felt fell broke bought brought caught taught wrote ran won
    swam sat stood spent built sold held heard read fought drove rode flew ate drank gave
    forgot hid hit hurt let put quit set shut split spread sang sank slept spoke stole
    struck swore threw understood woke wore wept became been""".split()
)
_AGREEMENT = {
    "am": "is",
    "'m": "is",
    "are": "is",
    "were": "was",
    "have": "has",
    "'ve": "has",
    "do": "does",
    "don't": "doesn't",
    "haven't": "hasn't",
    "aren't": "isn't",
    "weren't": "wasn't",
}
_FIRST = {"i", "me", "my", "mine", "myself", "i'm", "i've", "i'll", "i'd"}
_SECOND = {"you", "your", "yours", "yourself", "you're", "you've", "you'll", "you'd", "u", "ur"}
_PLURAL_FIRST = {
    "we": "they",
    "us": "them",
    "our": "their",
    "ours": "theirs",
    "ourselves": "themselves",
    "we're": "they're",
    "we've": "they've",
    "we'll": "they'll",
    "we'd": "they'd",
}
_AFTER_THEY = {"am": "are", "was": "were", "wasn't": "weren't"}
_SUBJECT_SLOT = frozenset(
    {"and", "but", "because", "so", "that", "since", "when", "while", "though", "if", "as"}
)


def report_statement(clause: str, *, speaker: str, other: str | None = None) -> str | None:
    """``clause`` in third person about ``speaker``: "I'm terrified of deep water" by Ada
    -> "Ada is terrified of deep water." Without ``other``, a clause addressed to "you" is
    quoted (``Ada said: "..."``); None when nothing is left once openers are dropped."""
    text = _ASIDES.sub("", normalise(clause).strip().strip('"“”* '))
    text = _OPENERS.sub("", text).strip().rstrip(",;:—– ")
    # "Before we start: my pronouns are ...": the lead-in is no part of the statement.
    text = _LEAD_IN.sub("", text)
    # "Call me Alex" is what the speaker goes by: "Ada goes by Alex".
    text = _CALL_ME.sub("I go by ", text)
    if other:  # "I love you, Odo." / "Odo, I trust you": the name called is no part of it
        called = "|".join(re.escape(part) for part in (other, other.split()[0]))
        text = re.sub(rf"^(?:{called}),\s+", "", text)
        text = re.sub(rf",\s+(?:{called})(?=[.!…]*$)", "", text)
    if not content_words(text) and not _PRONOUN_PAIR.search(text):
        return None  # ("he/him" is all function words, and still the point)
    # "Nora and I broke up" is told "Sam and Nora broke up": the speaker first.
    text = re.sub(r"^([A-Z][\w'-]*) and (?:I|me)\b", r"I and \1", text)
    lowered = {token.lower() for token in re.findall(r"[A-Za-z][A-Za-z']*", text)}
    if lowered & _SECOND and not other:
        return f'{speaker} said: "{_finish(text[:1].upper() + text[1:])}"'
    tokens = _TOKEN.findall(text.rstrip(".!… "))
    out: list[str] = []
    named = False  # the speaker's name has been used once; later mentions are "they"
    agree_next = False  # the next verb must agree with a singular name
    after_they = False
    for token in tokens:
        lower = token.lower()
        if not token[0].isalpha():
            out.append(token)
            continue
        if lower in _FIRST:
            if named:
                later = FIRST_PERSON[lower]
                out.append(later.capitalize() if _starts_sentence(out) else later)
                after_they = lower == "i"
                continue
            named = True
            replacement, agree_next = _as_name(lower, speaker)
            out.append(replacement)
            continue
        if lower in _PLURAL_FIRST:
            plural = _PLURAL_FIRST[lower]
            out.append(plural.capitalize() if token[0].isupper() else plural)
            continue
        if lower in _SECOND and other:
            subject = _is_subject_slot(out)
            replacement, agree = _as_name(lower, other, subject=subject)
            out.append(replacement)
            agree_next = agree_next or agree
            continue
        if agree_next:
            if lower in _ADVERB_WORDS:
                out.append(token)
                continue
            out.append(_agree(token))
            agree_next = False
            continue
        if after_they:
            token = _AFTER_THEY.get(lower, token)
            after_they = False
        out.append(token)
    sentence = "".join(out).strip()
    sentence = re.sub(r"\s+", " ", sentence)
    if not named and speaker.casefold() not in sentence.casefold():
        # Nothing in it names the speaker ("Biscuit passed away. We adopted a puppy."):
        # say who said it, so the memory is attributed.
        first = sentence.split(" ", 1)[0]
        if first.lower() in STOPWORDS or first.lower() in _PLURAL_FIRST.values():
            sentence = sentence[:1].lower() + sentence[1:]
        return _finish(f"{speaker} said {sentence}")
    return _finish(sentence[:1].upper() + sentence[1:])


# A pronoun as the name it stands for ("{}"): "my" -> "Lena's", "you're" -> "Odo is". One not
# listed ("I", "you", "u") is the bare subject, whose verb then agrees with the name.
_AS_NAME = {
    "my": "{}'s",
    "mine": "{}'s",
    "me": "{}",
    "myself": "{}",
    "i'm": "{} is",
    "i've": "{} has",
    "i'll": "{} will",
    "i'd": "{} would",
    "your": "{}'s",
    "yours": "{}'s",
    "ur": "{}'s",
    "yourself": "{}",
    "you're": "{} is",
    "you've": "{} has",
    "you'll": "{} will",
    "you'd": "{} would",
}


def _as_name(lower: str, name: str, *, subject: bool = True) -> tuple[str, bool]:
    """``name`` in place of the pronoun ``lower``, and whether the next verb must agree: only
    after a bare "I", or a bare "you" that is the subject."""
    form = _AS_NAME.get(lower)
    if form is None:
        return name, subject
    return form.format(name), False


def _starts_sentence(out: list[str]) -> bool:
    """Whether the next word opens a sentence (after ".", "!" or "?")."""
    for token in reversed(out):
        if token.strip():
            return token.rstrip().endswith((".", "!", "?"))
    return True


def _is_subject_slot(out: list[str]) -> bool:
    """Whether the next word starts a clause (so "you" there is a subject, not an object)."""
    for token in reversed(out):
        if not token.strip():
            continue
        if not token[0].isalpha():
            return any(mark in token for mark in ".,;:!—–(")
        return token.lower() in _SUBJECT_SLOT
    return True


def _agree(verb: str) -> str:
    """``verb`` after a singular name: "work" -> "works", "am" -> "is"; past forms and
    modals stay as they are."""
    lower = verb.lower()
    if lower in _AGREEMENT:
        return _AGREEMENT[lower]
    if lower in _MODALS or lower in _IRREGULAR_PAST or lower.endswith(("ed", "'d", "n't")):
        return verb
    if lower in STOPWORDS and lower not in ("have", "do", "be"):
        return verb  # not a verb after all ("I, too, ..."): leave it
    if lower == "be":
        return "is"
    if re.search(r"[^aeiou]y$", lower):
        return f"{verb[:-1]}ies"
    if lower.endswith(("s", "sh", "ch", "x", "z", "o")):
        return f"{verb}es"
    return f"{verb}s"


def _finish(text: str) -> str:
    text = text.rstrip()
    return text if text.endswith((".", "!", "?", "…", '"')) else f"{text}."
