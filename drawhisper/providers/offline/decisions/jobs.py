"""A job read by the words that name it: the listed occupations after a verb of being or
working, and a noun of one who does something ("a farrier", "zookeeper now") by its shape, also said by whose one is ("the council's
lexicographer") or as the role one was taken on as ("hired Sam as their cellarmaster").
"""

from __future__ import annotations

import re

from drawhisper.providers.offline.lexicons import OCCUPATIONS

_OCCUPATION = (
    r"(?:is|are|'re|'s|am|was|were|became|become|becoming|has been|have been|'ve been|"
    r"hired as|works? as|working as|trained as|training as|retrained as|job as|"
    r"started as|starting as|began as|qualified as)\s+"
    r"(?:now\s+|also\s+|still\s+)?(?:an?\s+)?(?:[\w-]+\s+){0,3}?"
    r"(?:" + "|".join(OCCUPATIONS) + r")s?\b"
)
# A job by its shape where no list names it: a noun of one who does something ("-er",
# "-ist", "-smith", "-keeper" ...: "a farrier", "a cartographer", "zookeeper now") after a
# verb of being or working and "a", in an appositive ("..., pilot for the guild"), before
# "by trade" or "work" ("farrier work"), or any noun in "is a X now" ("a bookbindr now", as
# typed). Kinds of person that are no job (a mother, a member, a fan, a vegetarian) are not.
NOT_A_JOB = frozenset(
    """mother father brother sister daughter son partner lover member owner fan beginner
    winner loser leader player friend stranger foreigner newcomer other another better
    bigger number monster teenager sucker dreamer believer survivor smoker drinker
    grandmother grandfather stepmother stepfather mum mom dad parent wife husband girlfriend
    boyfriend fiance fiancee widow widower aunt uncle niece nephew cousin kid child baby
    adult grownup regular local mess wreck fool idiot man woman person girl boy guy lady gal
    lad lass human convert natural introvert extrovert vegan veggie omnivore carnivore
    morning night early late few lot bit little while couple week month year day""".split()
)
# A trade written with a hyphen names one too ("a sign-writer", "a tree-feller").
_AGENT = (
    r"(?!(?:" + "|".join(sorted(NOT_A_JOB)) + r")\b)(?![a-z]*arian\b)"
    r"(?:[a-z]{2,}-)?[a-z]{2,}(?:er|or|ist|ian|smith|wright|keeper|monger|maker|mason|man|woman)"
)
# Without "a" before it, only the endings that name a trade almost always ("-ist",
# "-smith", "-keeper", "-grapher", "-ier" ...): "dinner now" is no job.
_STRONG_AGENT = (
    r"(?!(?:" + "|".join(sorted(NOT_A_JOB)) + r")\b)(?![a-z]*arian\b)"
    r"[a-z]{2,}(?:ist|smith|wright|keeper|monger|maker|mason|ician|grapher|ologist|ier|eer)"
)
_JOB_STRONG = r"(?:(?:" + "|".join(OCCUPATIONS) + r")s?|" + _STRONG_AGENT + r")"
_JOB_SHAPE = (
    r"(?:is|are|'re|'s|am|'m|was|became|become|becoming|works? as|working as|job as|"
    r"trained as|training as|qualified as|started as|starting as)\s+(?:now\s+)?an?\s+"
    r"(?:[\w-]+\s+){0,2}?" + _AGENT + r"\b"
    r"|(?:^|[,;:]\s*|\bsaid\s+)(?:an?\s+)?" + _JOB_STRONG + r"\s+(?:for|at|with|by trade|by "
    r"profession|now|these days)\b"
    r"|\b" + _JOB_STRONG + r"\s+(?:work|life)\b"
    r"|\b(?:by trade|by profession)\b"
    # The one worker of a place or a people: "they're the ratcatcher for the whole valley",
    # "she's the blacksmith of the village".
    r"|(?:is|are|'re|'s|am|'m|was)\s+(?:now\s+|still\s+)?the\s+" + _AGENT + r"\s+(?:for|of|in|at)\b"
    r"|(?:is|are|'re|am|'m)\s+(?:now\s+)?an?\s+(?:[a-z-]{3,}\s+)?"
    r"(?!(?:" + "|".join(sorted(NOT_A_JOB)) + r")\b)(?![a-z]*arian\b)[a-z-]{4,}\s+now\b"
    # Whose one is, said by a possessive ("the council's lexicographer", "their
    # marionettist now"), and a role one was taken on as ("hired Sam as their cellarmaster",
    # "took Sam on as an topiarist").
    r"|(?:is|are|'re|am|'m|was)\s+(?:now\s+)?(?:the\s+)?(?:their|its|our|his|her|[a-z]+'s)\s+"
    r"(?:[\w-]+\s+){0,1}?" + _AGENT + r"\b"
    r"|\b(?:hired|took|taken|signed|employed|appointed|promoted|recruited|brought|made|named)"
    r"\s+(?:[\w'-]+\s+){1,2}?(?:on\s+)?as\s+(?:an?\s+|the\s+|their\s+|its\s+|[a-z]+'s\s+)?"
    r"(?:[\w-]+\s+){0,1}?" + _AGENT + r"\b"
)
_JOB_WORD = re.compile(r"(?:(?:" + "|".join(OCCUPATIONS) + r")s?|" + _STRONG_AGENT + r")")


def is_job_noun(word: str) -> bool:
    """Whether ``word`` names a job by the list or by its shape ("farrier", "zookeeper")."""
    return bool(_JOB_WORD.fullmatch(word.casefold()))
