"""Replay a LoCoMo conversation into the database the way the product would hold it.

For each conversation: a user named after ``speaker_a``, a character named after
``speaker_b`` and one thread; every turn becomes a message (``speaker_a`` as the user,
``speaker_b`` as the character) dated with its session's date. Each session then goes
through the memory pipeline's own runner and storing service (``run_job`` with
``job_store_memories``): the session's observations stand in for the extract step's chunks
and its LoCoMo summary for the summarize step's text, while the real embed and store steps
write the vectors, the Memory rows and the Summary row. The pipeline records a chunk's
provenance as its job's range, so afterwards each memory's range is narrowed to the turns
its observation cites. Finally the messages are indexed as the archive by the pipeline's
archive service. No notify step runs: nobody is listening, and finishing a job would queue
real follow-up jobs for the thread.

The package's modules, this one its public face: ``conversation`` (a loaded conversation's
ids, seqs and provenance, its owner and its stored memories), ``given`` (the summarize and
extract steps answered by the dataset), ``sessions`` (one session through the pipeline's
runner, with the dataset's answers or the product's own steps, and the archive) and
``replay`` (loading, the participants and chat file, and removal).
"""

from benchmarks.loader.conversation import (
    NO_MEMORY_JOB,
    USERNAME_PREFIX,
    LoadedConversation,
    Progress,
    owner,
    session_seqs,
    stored_memories,
)
from benchmarks.loader.given import (
    MEMORY_TYPE,
    chunk_fields,
)
from benchmarks.loader.replay import (
    MEMORY_SOURCES,
    chat_file,
    create_participants,
    load_conversation,
    remove_conversation,
)
from benchmarks.loader.sessions import (
    archive_messages,
    narrow_sources,
    pipeline_steps,
    store_session,
    store_session_with_pipeline,
)

__all__ = [
    "USERNAME_PREFIX",
    "NO_MEMORY_JOB",
    "Progress",
    "LoadedConversation",
    "session_seqs",
    "owner",
    "stored_memories",
    "MEMORY_TYPE",
    "chunk_fields",
    "store_session",
    "narrow_sources",
    "pipeline_steps",
    "store_session_with_pipeline",
    "archive_messages",
    "MEMORY_SOURCES",
    "load_conversation",
    "chat_file",
    "create_participants",
    "remove_conversation",
]
