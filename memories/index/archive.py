"""The message archive: old turns indexed word for word, so retrieval can find them.

Messages are archived once a memory job's range covers them (the range already leaves out
the newest reply, which may still be regenerated); ``reconcile_vectors`` checks the same rule
(``maintenance.archived_messages`` with ``is_worth_archiving``). Archiving is
idempotent (vector id ``message:{pk}``) and skips messages already in the store and messages
with nothing worth finding ("ok", "thanks", "lol"). Messages are read through
``chat.selectors``. Nothing here changes a message: the archive sits beside the chat history.
"""

from __future__ import annotations

import re

from django.db.models import Max

from chat import selectors as chat_selectors
from memories.index.indexing import delete_vectors_now, index_messages
from memories.index.records import message_vector_id
from memories.index.stores import get_vector_store
from memories.models import MemoryJob

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# Words that carry no content on their own; a message made only of them is filler.
FILLER_WORDS = frozenset(
    """
    ok okay okey k kk alright allright right sure yes yeah yep yup ya no nope nah
    thanks thank thx ty you u cheers please pls plz welcome np
    lol lmao rofl haha hahaha hehe heh ha hah xd omg wow oh ah ahh aw aww ooh hmm hm mm mhm uh um
    nice cool great good fine awesome perfect sweet neat true indeed agreed same
    hi hello hey bye goodbye goodnight night gn morning see ya later ttyl brb
    so well and but the a an i me it that this is was very really too much lot
    """.split()
)
MIN_WORDS = 3
MIN_CHARACTERS = 12


def is_worth_archiving(text: str) -> bool:
    """False for filler ("ok", "thanks!", "lol") and for very short messages."""
    words = [word.casefold() for word in _WORD.findall(text or "")]
    if not words:
        return False
    if all(word in FILLER_WORDS for word in words):
        return False
    return not (len(words) < MIN_WORDS and len(text.strip()) < MIN_CHARACTERS)


def last_job_end_seq(*, thread_id: int) -> int:
    """The end of the furthest range any job of the thread covers (0 before the first):
    the thread's messages up to it are archived."""
    return MemoryJob.objects.filter(thread_id=thread_id).aggregate(end=Max("end_seq"))["end"] or 0


def messages_archive(
    *, thread_id: int, start_seq: int | None = None, end_seq: int | None = None
) -> list[int]:
    """Index the thread's memorisable messages in ``start_seq..end_seq`` that are worth
    finding and not archived yet. Returns the ids indexed now."""
    messages = chat_selectors.complete_messages(
        thread_id=thread_id, first_seq=start_seq, last_seq=end_seq
    )
    candidates = [message for message in messages if is_worth_archiving(message.content)]
    if not candidates:
        return []
    present = {
        record.id
        for record in get_vector_store().get([message_vector_id(m.pk) for m in candidates])
    }
    missing = [message for message in candidates if message_vector_id(message.pk) not in present]
    index_messages(message_ids=[message.pk for message in missing])
    return [message.pk for message in missing]


def message_archive_refresh(*, message_id: int) -> str:
    """Bring one archived message in line after an edit, deletion, restore or regeneration:
    re-index it when it is archivable and a job's range covers it, otherwise drop its vector.
    Returns what happened: "indexed", "removed" or "skipped"."""
    message = chat_selectors.message_entry(message_id=message_id)
    keep = message is not None and message.complete and is_worth_archiving(message.content)
    if not keep:
        delete_vectors_now(vector_ids=[message_vector_id(message_id)])
        return "removed"
    if message.seq > last_job_end_seq(thread_id=message.thread_id):
        return "skipped"  # not archived yet; the job that covers it will do it
    index_messages(message_ids=[message.id])
    return "indexed"
