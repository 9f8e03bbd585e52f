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
keeping still yields one ``conversation`` chunk, so the contract always holds.

The package's modules, this one its public face: ``chunks`` (statements and salient
sentences grouped into typed chunks, and the fallback chunk), ``joining`` (a change told over
two sentences or messages kept as one) and ``titles`` (key phrases and a chunk's title).
"""

from drawhisper.providers.offline.extraction.chunks import (
    KEEP_RATIO,
    MAX_CHUNKS,
    MAX_CONTENT_CHARACTERS,
    MAX_TITLE_CHARACTERS,
    OVERLAP,
    STATEMENTS_PER_CHUNK,
    TYPE_ORDER,
    extract_chunks,
)
from drawhisper.providers.offline.extraction.joining import (
    JOINED_WORDS,
    awaits_what_came,
    ends,
    join_changes,
    says_change,
)
from drawhisper.providers.offline.extraction.titles import (
    PHRASE_WORDS,
    SHORT_SENTENCE_WORDS,
    TITLE_PHRASES,
    key_phrase,
    key_phrases,
    title_for,
)

__all__ = [
    "TITLE_PHRASES",
    "PHRASE_WORDS",
    "SHORT_SENTENCE_WORDS",
    "key_phrase",
    "key_phrases",
    "title_for",
    "JOINED_WORDS",
    "says_change",
    "ends",
    "awaits_what_came",
    "join_changes",
    "MAX_CHUNKS",
    "KEEP_RATIO",
    "MAX_CONTENT_CHARACTERS",
    "MAX_TITLE_CHARACTERS",
    "STATEMENTS_PER_CHUNK",
    "OVERLAP",
    "TYPE_ORDER",
    "extract_chunks",
]
