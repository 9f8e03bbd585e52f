"""The issue's acceptance for lore documents, with the processes of production.

daphne (REST upload, the chat over a real WebSocket) and a Celery worker (indexing) on the
test database and a Redis database of their own; the real OpenAI adapter talks to the fake
OpenAI-compatible server in this process; the fake embedder and pgvector. A user uploads a
2 MB Markdown world bible and a small PDF to a character, watches each go from queued
through "indexing n/m" to ready, then asks in a chat about one fact of each: the chunk that
holds it is in the prompt the model received and in the reply's receipt, cited by document
and position. A malformed PDF and an oversized file are refused with a readable message.
"""

from __future__ import annotations

import random
import time

import httpx
import pytest

from memories.models import DocumentChunk, LoreDocument
from tests.factories import CharacterFactory, ThreadFactory, UserFactory
from tests.support.integration import StackOptions, openai_env
from tests.support.pdf import text_pdf
from tests.support.redis_databases import RedisDatabase
from tests.support.stack import send_turns, thread_socket

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

REDIS_DB = RedisDatabase.DOCUMENTS  # this module's own (tests/support/redis_databases.py)
MAX_BYTES = 3 * 1024 * 1024
FILLER_WORDS = (
    "harbour tide rope gull lantern salt net mast hull keel anchor oar sail deck wave shore "
    "fog rain wind storm cliff stone path market bread fish barrel crate cart horse road "
    "village tavern hearth candle window door roof chimney garden field orchard hill river "
    "bridge mill wheel grain flour baker smith forge iron nail hammer cloth wool needle "
    "thread loom dye blue green amber copper silver coin ledger quill letter map compass"
).split()
BELL_SECTION = (
    "## The Sunken Bell of Saint Aldric\n\n"
    "When the flood took the old chapel, its bell sank into the estuary. For forty days it "
    "rang beneath the water, and only the ferryman Tobiah Quell ever heard it ring.\n\n"
)
BELL_QUESTION = "Who heard the sunken bell of Saint Aldric ring?"
PDF_PAGES = [
    ["Greywater Almanac", "The fishing season opens after the spring equinox."],
    [
        "Lamps and oil",
        "The lantern oil of Greywater is pressed from bladderwrack kelp",
        "by the Marrow sisters in their shed behind the rope walk.",
    ],
    ["Festivals", "The winter fair is held on the frozen millpond."],
]
OIL_QUESTION = "What is the lantern oil of Greywater pressed from, and by whom?"


def world_bible(size: int = 2 * 1024 * 1024) -> bytes:
    """About ``size`` bytes of Markdown chapters of filler, with the bell section midway."""
    rng = random.Random(14)
    parts: list[str] = ["# The Greywater Coast\n\n"]
    total, chapter, bell_added = len(parts[0]), 0, False
    while total < size:
        chapter += 1
        section = [f"## Chapter {chapter}: {rng.choice(FILLER_WORDS)}\n\n"]
        for _ in range(4):
            words = [rng.choice(FILLER_WORDS) for _ in range(70)]
            section.append(" ".join(words).capitalize() + ".\n\n")
        text = "".join(section)
        if not bell_added and total > size // 2:
            text += BELL_SECTION
            bell_added = True
        parts.append(text)
        total += len(text)
    return "".join(parts).encode()


@pytest.fixture
def stack_options(llm_server, pgvector_store, tmp_path):
    return StackOptions(
        name="documents-test",
        redis_db=REDIS_DB,
        env=openai_env(
            llm_server,
            MEDIA_ROOT=str(tmp_path / "media"),
            DOCUMENT_ROOT=str(tmp_path / "documents"),
            DOCUMENT_MAX_BYTES=str(MAX_BYTES),
        ),
        web_timeout=60,
    )


def _watch_until_ready(client: httpx.Client, document_id: int, *, timeout: float, worker):
    """Every state the document showed while indexing, polled as the page does."""
    seen: list[tuple[str, int, int]] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        body = client.get(f"/api/documents/{document_id}/").json()
        state = (body["status"], body["progress"]["done"], body["progress"]["total"])
        if not seen or seen[-1] != state:
            seen.append(state)
        if body["status"] in ("ready", "failed"):
            assert body["status"] == "ready", (body, worker.log())
            return seen
        time.sleep(0.05)
    raise TimeoutError(f"not ready within {timeout}s: {seen}\n{worker.log()}")


def _ask(socket, question: str) -> dict:
    [end] = send_turns(socket, [question], timeout=120)
    return end


def _prompt_of_last_reply(llm_server) -> str:
    """The text the model got for the latest reply, whitespace folded (a prompt line holds
    a passage on one line)."""
    streamed = [r for r in llm_server.requests() if r["body"].get("stream")]
    text = " ".join(str(message.get("content")) for message in streamed[-1]["body"]["messages"])
    return " ".join(text.split())


def _folded(text: str) -> str:
    return " ".join(text.split())


def test_uploaded_documents_index_in_the_background_and_answer_questions(services, llm_server):
    from drawhisper.accounts.services import token_for_user

    owner = UserFactory(username="wren", first_name="Wren")
    character = CharacterFactory(owner=owner, name="Mira", greeting="")
    thread = ThreadFactory(owner=owner, character=character)
    token = token_for_user(user=owner)
    port = services["port"]
    client = httpx.Client(
        base_url=f"http://127.0.0.1:{port}",
        headers={"Authorization": f"Token {token}"},
        timeout=120,
        trust_env=False,
    )

    bible = world_bible()
    assert len(bible) >= 2 * 1024 * 1024
    uploaded = client.post(
        "/api/documents/",
        data={"character": str(character.pk)},
        files={"file": ("greywater.md", bible, "application/octet-stream")},
    )
    assert uploaded.status_code == 201, uploaded.text
    assert uploaded.json()["status"] in ("queued", "indexing")
    seen = _watch_until_ready(client, uploaded.json()["id"], timeout=600, worker=services.worker)
    total = seen[-1][2]
    assert total > 1000 and seen[-1] == ("ready", total, total)
    # Progress was visible on the way: indexing with some but not all chunks done.
    assert any(s == "indexing" and 0 < done < total for s, done, _ in seen), seen
    done_counts = [done for _, done, _ in seen]
    assert done_counts == sorted(done_counts)

    pdf = client.post(
        "/api/documents/",
        data={"character": str(character.pk)},
        files={"file": ("almanac.pdf", text_pdf(PDF_PAGES), "application/pdf")},
    )
    assert pdf.status_code == 201, pdf.text
    assert _watch_until_ready(client, pdf.json()["id"], timeout=120, worker=services.worker)[
        -1
    ] == (
        "ready",
        3,
        3,
    )

    # Refused with a sentence naming the file; nothing is stored.
    broken = client.post(
        "/api/documents/",
        data={"character": str(character.pk)},
        files={"file": ("broken.pdf", b"%PDF-1.7\n1 0 obj << broken", "application/pdf")},
    )
    assert broken.status_code == 400 and "The PDF could not be read" in broken.json()["detail"]
    too_big = client.post(
        "/api/documents/",
        data={"character": str(character.pk)},
        files={"file": ("huge.md", b"#" * (MAX_BYTES + 1), "text/markdown")},
    )
    assert too_big.status_code == 400 and "at most" in too_big.json()["detail"]
    assert LoreDocument.objects.filter(owner=owner).count() == 2

    bell_chunk = DocumentChunk.objects.get(
        document_id=uploaded.json()["id"], text__contains="Tobiah"
    )
    oil_chunk = DocumentChunk.objects.get(document_id=pdf.json()["id"], text__contains="Marrow")
    with thread_socket(port, thread.pk, token) as socket:
        bell_reply = _ask(socket, BELL_QUESTION)
        bell_prompt = _prompt_of_last_reply(llm_server)
        oil_reply = _ask(socket, OIL_QUESTION)
        oil_prompt = _prompt_of_last_reply(llm_server)

    assert _folded(bell_chunk.text) in bell_prompt
    assert (
        "[greywater.md › The Greywater Coast › The Sunken Bell of Saint Aldric, characters"
        in bell_prompt
    )
    cited = [i for i in bell_reply["receipt"]["items"] if i["kind"] == "document"]
    assert cited[0]["id"] == bell_chunk.pk, cited
    assert (
        cited[0]["title"] == "greywater.md › The Greywater Coast › The Sunken Bell of Saint Aldric"
    )
    assert cited[0]["type"] == f"characters {bell_chunk.start_char}-{bell_chunk.end_char}"

    assert _folded(f"[almanac.pdf, page 2] {oil_chunk.text}") in oil_prompt
    cited = [i for i in oil_reply["receipt"]["items"] if i["kind"] == "document"]
    assert cited[0]["id"] == oil_chunk.pk, cited
    assert (cited[0]["title"], cited[0]["type"]) == ("almanac.pdf", "page 2")

    # Deleting the world bible takes its chunks and their vectors with it.
    ids = [
        f"document:{pk}"
        for pk in DocumentChunk.objects.filter(document_id=uploaded.json()["id"]).values_list(
            "pk", flat=True
        )
    ]
    assert client.delete(f"/api/documents/{uploaded.json()['id']}/").status_code == 204
    assert not DocumentChunk.objects.filter(document_id=uploaded.json()["id"]).exists()
    from memories.index import get_vector_store

    deadline = time.monotonic() + 60  # the worker deletes the vectors after the commit
    while get_vector_store().get(ids[:100]) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert get_vector_store().get(ids) == []
