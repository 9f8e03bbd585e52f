"""The word lists and patterns the offline decisions read: the types that can change, the
filler and generic words of a title, the single-valued subjects, and the change and ending
cues (``CHANGE``, ``ENDED``), "since" with a recent time included.
"""

from __future__ import annotations

import re

from drawhisper.providers.offline.lexicons import DIETS

CHANGEABLE_TYPES = frozenset({"preference", "fact", "relationship"})
SAME_OVERLAP = 0.8

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# Where one sentence ends and the next begins.
_SENTENCE = re.compile(r"(?<=[.!?;])\s+")
# Words that do not name a subject ("Alice's new job" is about the job).
FILLER_WORDS = frozenset(
    """
    a an the of to for and or with about on in at by from is are was s her his their my your our
    its new now current currently still latest
    """.split()
)
# Titles made only of these name a kind of memory, not a subject ("Ada's facts").
GENERIC_WORDS = frozenset(
    """fact facts like likes dislike dislikes preference preferences feeling feelings emotion
    emotions event events relationship relationships conversation conversations memory
    memories detail details note notes thing things info information about""".split()
)
# Subjects a person has one of at a time: a new value replaces the old one.
SINGLE_VALUED = frozenset(
    """diet job work occupation profession career employer workplace boss role position
    city town country home hometown address residence apartment house neighbourhood
    neighborhood age birthday name nickname pronoun pronouns partner girlfriend boyfriend
    wife husband spouse fiance fiancee school university college
    major degree phone email car religion""".split()
)
# Words that say a value changed.
CHANGE_CUES = (
    "now",
    "no longer",
    "not anymore",
    "anymore",
    "any more",
    "these days",
    "used to",
    "moved",
    "switched",
    "changed",
    "quit",
    "stopped",
    "instead",
    "since then",
    "no more",
    "went",
    "left",
    "dropped",
    "hired",
    "became",
    "relocated",
    "gave up",
    "renamed",
    "broke up",
    "split up",
    "divorced",
    "separated",
    "passed away",
    "died",
    "ran away",
    "flew off",
    "flew away",
    "retired",
    "again",
    "got married",
    "got engaged",
    "graduated",
    "ended",
    "not together",
    "nowadays",
    "the end of",
    "is over",
    "are over",
    "'s over",
    "done with",
    "called it quits",
    "goodbye to",
    "ghosted",
    "moved in with",
    "went to live with",
    "promoted",
    "qualified",
    "converted",
    "cut out",
    "ditched",
    "started as",
    "starting as",
    "began as",
)
# Words that say something of a person's ended: the partner left, the pet died.
ENDED_CUES = (
    "broke up",
    "split up",
    "divorced",
    "separated",
    "passed away",
    "died",
    "ran away",
    "ran off",
    "flew off",
    "flew away",
    "called off",
    "called it off",
    "renamed",
    "ended",
    "not together",
    "aren't together",
    "called it quits",
    "ghosted",
    "rip",
    "divorce",
    "goodbye to",
    "went to live with",
    "rehomed",
)
# Endings said by the shape of a phrase rather than one fixed wording: a pet that "passed
# in June", "we lost Duke", "escaped", "never came back", "moved out", "had to rehome him",
# "gave him away", "kenji's long gone", "we're over", "tobias and i are done", "brokeup".
ENDED_PATTERNS = (
    r"passed(?: away| on)?(?=\s+(?:in|on|last|over|this|recently|yesterday)\b|\s*[.,!;]|\s*$)",
    r"lost (?!(?:my|our|their|his|her|the|a|an) (?:job|way|keys?|phone|temper|voice|mind|bet)\b)"
    r"(?!(?:weight|track|interest|count|touch|hope|sleep|it)\b)\w+",
    r"escaped",
    r"went missing",
    r"disappeared",
    r"never came back",
    r"moved out",
    r"rehom(?:e|ed|ing)",
    r"gave (?:\w+ )?away",
    r"long gone",
    r"(?:we're|we are|they're|they are|are|it's|and \w+ (?:is|are|was|were)) (?:over|done)",
    r"(?:isn't|aren't|weren't|wasn't|isnt|arent|werent|wasnt) together",
    r"broke ?ups?",
    r"dumped",
    # A job ended for one: "the archive let me go", "got laid off", "made redundant".
    r"let (?!it\b)[a-z]+ go(?! (?:of|to|and|for|home|out|on)\b)",
    r"laid (?!it\b)[a-z]+ off",
    r"got (?:laid off|fired|sacked|let go)",
    r"made redundant",
    # A pet gone to someone else's: "Bartholomew went to my brother's".
    r"went to (?:my|our|his|her|their|[a-z]+'s) (?:\w+'s|\w+ (?:in|at|on|near)\b)",
    r"left me",
    # What went with an ex is gone: "olive moved in with my ex", "the ex kept the dog".
    r"with (?:my|our|his|her|their|[a-z]+'s) ex",
    # "henrietta and i split ages ago", "we split": two people parted ("split the bill" is not).
    r"(?:and (?:i|me|they|we|[a-z]+)|we|they) split(?! the| it| up)",
    r"went to live (?:with|at|in|on)",
    # Parted with by a deal: "traded nutmeg to the miller", "swapped him for a mule".
    r"(?:traded|swapped|sold) (?:\w+ )?(?:to|for|away)",
    r"(?:my|our|the) ex (?:took|kept|has|got)",
    r"(?<=[a-z] )left(?=\s*(?:[.!;,]|$))",
    r"no longer in the picture",
    r"handed in",
    r"sold (?:my|our|the)",
    r"had a (?:good|long|great|happy|full) (?:long )?life",
)
ENDED = re.compile(
    r"\b(?:" + "|".join([*(re.escape(cue) for cue in ENDED_CUES), *ENDED_PATTERNS]) + r")(?![\w'])"
)
# A pet that lives with someone else now ("my hamster lives with my aunt now", "the collie
# went to live with the neighbours"): an ending for a pet only, since a person who lives
# with a sister or a partner staying with one has moved house, not gone.
PET_GONE = re.compile(
    r"\b(?:lives|living|moved in|went to live) with (?:my|our|his|her|their|the|[a-z]+'s) \w+"
)
# A capitalised word that is no common word: a name ("Biscuit", "Nora").
_NAME = re.compile(r"\b([A-Z][a-z]+)\b")
# "Since" with a recent time says a state began then ("been flexitarian since march", "in
# Kumasi since February", "divorced since spring"); "since college" or "since 2010" says a
# state kept up for long, which the old memory may say itself.
_MONTHS = (
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
)
SINCE_RECENTLY = (
    r"since (?:(?:last|this|early|late|mid)[- ]\w+|the (?:start|beginning|first|end) of"
    r"|(?:the )?(?:spring|summer|autumn|fall|winter)|xmas|christmas|new year|easter|then"
    r"|(?:" + "|".join(_MONTHS.split()) + r")\b(?! \d))"
    r"|as of (?:this|last|today|now|\w+day|(?:" + "|".join(_MONTHS.split()) + r")\b)"
)
CHANGE = re.compile(
    r"\b(?:"
    + "|".join(
        [
            *(re.escape(cue) for cue in CHANGE_CUES),
            *ENDED_PATTERNS,
            SINCE_RECENTLY,
            # A diet someone else started one on: "the doctor's got me on atkins".
            r"(?:put|puts|got|'s got|has got|started) (?:me|them|him|her|[a-z]+) on (?:a |the )?"
            r"(?:" + "|".join(DIETS) + r")",
            # "we've been together since.": since then.
            r"since(?=\s*(?:[.!;,]|$))",
        ]
    )
    + r")(?![\w'])"
)
