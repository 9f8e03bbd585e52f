"""In real Chromium: the memory panel beside a chat and the memories page.

This module runs its own web server (a low ``MEMORY_TRIGGER_TOKENS`` and a Redis database of its
own) plus a real Celery worker on the same settings, so the memory pipeline runs as in
production: chatting past the trigger makes a memory that appears in the open tab live. The
chat model is scripted (the server's script file); the pipeline's summary and extraction
come from the worker's own script file, so the two never take each other's replies.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import redis
from playwright.sync_api import expect

from chat.services import thread_create
from memories.models import Memory
from tests.e2e.servers import start_asgi_server
from tests.factories import CharacterFactory
from tests.support import processes
from tests.support.redis_databases import RedisDatabase

REDIS_DB = RedisDatabase.MEMORY_PANEL  # this module's own (tests/support/redis_databases.py)
TRIGGER_TOKENS = 80

USER_TURNS = [
    "My sister Mira keeps the old lighthouse on Skerry island. She has lived there alone for "
    "eleven years and swears the lamp talks to her in storms.",
    "I am sailing out to visit her next week with a crate of oranges, because she misses fresh "
    "fruit more than anything else out there.",
]
REPLIES = [
    '*Ilsa sets down her pen.* "A keeper who listens to the lamp. I would like to meet her."',
    '"Oranges for a lighthouse keeper. Mind the reefs on the western side of Skerry."',
    '*Ilsa smiles.* "Your sister and her lighthouse again. Tell me more."',
    '"Of course I remember."',
]
SUMMARY = (
    "The user's sister Mira keeps the Skerry island lighthouse; the user will visit her by boat."
)
CHUNK = {
    "title": "Sister Mira, lighthouse keeper",
    "content": "The user's sister Mira keeps the old lighthouse on Skerry island.",
    "type": "relationship",
    "source_seqs": [2],  # the user's first message (the greeting is seq 1)
}
# Made up by the extractor: the support check says no, so it waits for the user, unverified.
INVENTED = {
    "title": "Mira's goats",
    "content": "Mira keeps three goats called Salt, Pepper and Fog on Skerry island.",
    "type": "fact",
    "source_seqs": [4],
}
SUPPORTED = json.dumps({"supported": True, "reason": "The user says so."})
NOT_SUPPORTED = json.dumps({"supported": False, "reason": "Nobody mentions goats."})


@pytest.fixture(scope="module")
def asgi_server(django_db_setup, django_db_blocker, tmp_path_factory):
    """This module's server (overrides the harness's): the harness's settings plus a low
    memory trigger and a Redis database of its own."""
    from django.conf import settings
    from django.db import connection

    with django_db_blocker.unblock():
        database_url = processes.database_url(connection.settings_dict)
    redis_url = processes.redis_database_url(settings.REDIS_URL, REDIS_DB)
    redis.Redis.from_url(redis_url).flushdb()
    server = start_asgi_server(
        tmp_path_factory.mktemp("memory-panel-server"),
        database_url=database_url,
        env={
            "REDIS_URL": redis_url,
            "VECTOR_STORE": "pgvector",
            "MEMORY_TRIGGER_TOKENS": str(TRIGGER_TOKENS),
            "CELERY_TASK_ALWAYS_EAGER": "false",
        },
    )
    try:
        yield server
    finally:
        server.stop()
        redis.Redis.from_url(redis_url).flushdb()


def panel_shot(live_app, page, name: str) -> None:
    """A screenshot of the memory panel alone (the harness's screenshot is the full page)."""
    path = live_app.artifact_path(name)
    page.locator("#memory-panel").screenshot(path=str(path))
    live_app.shots.append(path)


def send(page, text: str, reply_fragment: str) -> None:
    page.get_by_label("Message to Ilsa").fill(text)
    page.keyboard.press("Enter")
    last = page.locator(".chat-msg--assistant").last
    expect(last.locator(".chat-msg__text")).to_contain_text(reply_fragment, timeout=20_000)
    expect(last).to_have_attribute("data-status", "complete")


def test_a_memory_appears_live_is_edited_pinned_shared_and_used_in_another_chat(
    live_app, make_page, login, scripted_replies, celery_worker, screenshot, tmp_path
):
    worker_script = tmp_path / "pipeline-llm.json"
    worker_script.write_text(
        json.dumps([SUMMARY, json.dumps({"chunks": [CHUNK, INVENTED]}), SUPPORTED, NOT_SUPPORTED])
    )
    celery_worker(SCRIPTED_LLM_FILE=str(worker_script))

    user = live_app.create_user()
    character = CharacterFactory(
        owner=user, name="Ilsa", greeting="*Ilsa looks up from her ledger.* Evening."
    )
    chat_a = thread_create(owner=user, character=character, title="Chat A")
    page = make_page()
    login(page, user)
    page.goto(live_app.path(f"/chat/{chat_a.pk}/"))
    expect(page.locator("#chat-connection")).to_have_text("Connected")
    panel = page.locator("#memory-panel")
    expect(panel.get_by_role("heading", name="Memories")).to_be_visible()
    expect(panel.get_by_text("No memories yet")).to_be_visible()

    # Chat past the trigger: the worker summarises, extracts, stores and notifies.
    scripted_replies(REPLIES)
    send(page, USER_TURNS[0], "I would like to meet her")
    send(page, USER_TURNS[1], "Mind the reefs")
    card = panel.locator("li.mem-card", has_text=CHUNK["title"])
    expect(card).to_be_visible(timeout=60_000)
    expect(panel.locator(".mem-notice")).to_contain_text(
        f"New memory: Relationship · “{CHUNK['title']}”"
    )
    expect(card.locator(".mem-badge")).to_have_text("Relationship")
    expect(card.get_by_role("link", name="From message 2 of this chat")).to_have_attribute(
        "href", f"/chat/{chat_a.pk}/#seq-2"
    )
    panel_shot(live_app, page, "panel-new-memory")
    memory = Memory.objects.get(owner=user, status="active")
    assert memory.origin_thread_id == chat_a.pk and memory.created_by == "pipeline"

    # The made-up one is not among them, but the tab heard of it live: beside "Unverified
    # only" it counts one memory to check (no reload); that filter shows it with the reason.
    expect(panel.locator("li.mem-card", has_text=INVENTED["title"])).to_have_count(0)
    expect(panel.locator(".mem-unverified-count")).to_have_text("(1 to check)")
    panel.get_by_label("Unverified only").check()
    invented = panel.locator("li.mem-card", has_text=INVENTED["title"])
    expect(invented.locator(".mem-flag--unverified")).to_have_text("Unverified")
    expect(invented.locator(".mem-card__support")).to_have_text("Check: Nobody mentions goats.")
    expect(panel.locator("li.mem-card", has_text=CHUNK["title"])).to_have_count(0)
    expect(invented.get_by_role("button", name="Pin to this chat")).to_have_count(0)
    panel_shot(live_app, page, "panel-unverified")
    # The user knows better and verifies it: it leaves this list and joins the others.
    invented.get_by_role("button", name="Verify").click()
    expect(panel.locator(".mem-notice")).to_contain_text(f"Verified “{INVENTED['title']}”")
    expect(panel.locator("li.mem-card", has_text=INVENTED["title"])).to_have_count(0)
    expect(panel.locator(".mem-unverified-count")).to_be_hidden()
    panel.get_by_label("Unverified only").uncheck()
    expect(card).to_be_visible()
    verified = panel.locator("li.mem-card", has_text=INVENTED["title"])
    expect(verified.get_by_role("button", name="Pin to this chat")).to_be_visible()
    assert Memory.objects.get(owner=user, title=INVENTED["title"]).status == "active"

    # Edit in place, with the keyboard.
    card.get_by_role("button", name="Edit").click()
    editor = panel.locator("form.mem-edit")
    expect(editor.get_by_label("Title")).to_be_focused()
    editor.get_by_label("Content").fill(
        "The user's sister Mira keeps the old lighthouse on Skerry island and loves oranges."
    )
    editor.get_by_label("Content").press("Control+Enter")
    expect(card.locator(".mem-card__content")).to_have_text(
        "The user's sister Mira keeps the old lighthouse on Skerry island and loves oranges."
    )
    expect(card.locator(".mem-flag--edited")).to_be_visible()

    # Pin it here and share it with every chat with Ilsa.
    pin = card.get_by_role("button", name="Pin to this chat")
    pin.click()
    expect(pin).to_have_attribute("aria-pressed", "true")
    expect(card.locator(".mem-flag--pinned")).to_have_text("Pinned here")
    share = card.get_by_role("button", name="Share with every chat")
    share.click()
    expect(share).to_have_attribute("aria-pressed", "true")
    panel_shot(live_app, page, "panel-edited-pinned-shared")
    memory.refresh_from_db()
    assert memory.edited_by_user and memory.shared and memory.pins.filter(thread=chat_a).exists()

    # A second chat with the same character: the shared memory is used in its first reply.
    chat_b = thread_create(owner=user, character=character, title="Chat B")
    page.goto(live_app.path(f"/chat/{chat_b.pk}/"))
    expect(page.locator("#chat-connection")).to_have_text("Connected")
    card_b = panel.locator("li.mem-card", has_text=CHUNK["title"])
    expect(card_b.locator(".mem-flag--shared")).to_be_visible()
    expect(card_b.get_by_role("button", name="Pin to this chat")).to_have_attribute(
        "aria-pressed", "false"
    )
    send(page, "Do you remember my sister?", "Your sister and her lighthouse again")
    reply = page.locator(".chat-msg--assistant").last
    reply.locator(".chat-receipt__summary").click()
    used = reply.locator(f'[data-memory-id="{memory.pk}"]')
    expect(used).to_have_attribute("data-layer", "shared")
    expect(used.get_by_role("button", name=re.compile("^Pin "))).to_be_visible()
    expect(used.get_by_role("button", name=re.compile("^Edit "))).to_be_visible()
    screenshot(page, "chat-b-reply-used-shared-memory")

    # Dismiss it from the reply: not relevant in chat B; the panel says so, A keeps it.
    used.get_by_role("button", name=re.compile("^Dismiss ")).click()
    expect(used.locator(".mem-used-status")).to_have_text("Dismissed for this chat.")
    expect(card_b.locator(".mem-flag--dismissed")).to_have_text("Not used here")
    # Edit from the reply opens the memory's editor in the panel.
    used.get_by_role("button", name=re.compile("^Edit ")).click()
    editor = panel.locator("form.mem-edit")
    expect(editor.get_by_label("Title")).to_be_focused()
    editor.get_by_label("Title").press("Escape")
    expect(editor).to_have_count(0)
    send(page, "And the lighthouse?", "Of course I remember")
    reply = page.locator(".chat-msg--assistant").last
    reply.locator(".chat-receipt__summary").click()
    expect(reply.locator(f'[data-memory-id="{memory.pk}"]')).to_have_count(0)

    # The source link leads back to the messages the memory came from, in chat A.
    card_b.get_by_role("link", name="From message 2 of another chat").click()
    page.wait_for_url(re.compile(rf"/chat/{chat_a.pk}/#seq-2$"))
    expect(page.locator("#seq-2")).to_have_class(re.compile("mem-source-highlight"))
    expect(page.locator("#seq-3")).not_to_have_class(re.compile("mem-source-highlight"))

    # The same panel on a phone-width screen, in the drawer the chat head opens.
    phone = make_page(viewport={"width": 390, "height": 844})
    login(phone, user)
    phone.goto(live_app.path(f"/chat/{chat_a.pk}/"))
    phone.get_by_role("button", name="Memories", exact=True).click()
    expect(phone.locator("#chat-drawer")).to_be_in_viewport(ratio=0.99)
    phone_card = phone.locator("#memory-panel li.mem-card", has_text=CHUNK["title"])
    expect(phone_card).to_be_visible()
    phone_card.scroll_into_view_if_needed()
    box = phone_card.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (
        f"the card overflows the phone screen: {box}"
    )
    panel_shot(live_app, phone, "panel-phone")


def test_memories_page_creates_searches_edits_and_deletes_with_undo(
    live_app, make_page, login, screenshot
):
    user = live_app.create_user()
    ilsa = CharacterFactory(owner=user, name="Ilsa")
    CharacterFactory(owner=user, name="Tomas")
    harbour_chat = thread_create(owner=user, character=ilsa, title="Harbour chat")
    page = make_page()
    login(page, user)
    page.goto(live_app.path("/memories/"))
    board = page.locator("#memories-board")
    expect(board.get_by_text("No memories here yet.")).to_be_visible()

    def add(character: str, type_label: str, title: str, content: str) -> None:
        create = board.locator("details.mem-create")
        if create.get_attribute("open") is None:
            create.locator("summary").click()
        form = create.locator("form")
        form.get_by_label("Character", exact=True).select_option(label=character)
        form.get_by_label("Type", exact=True).select_option(label=type_label)
        form.get_by_label("Title").fill(title)
        form.get_by_label("Content").fill(content)
        form.get_by_role("button", name="Add memory").click()
        expect(board.locator("li.mem-card", has_text=title)).to_be_visible()

    add("Ilsa", "Preference", "Tea", "The user drinks smoky lapsang tea without sugar.")
    add("Ilsa", "Fact", "Boat", "The user owns a small red sailing boat called Wren.")
    add("Tomas", "Worldbuilding", "Capital", "The capital city floats on the northern lake.")
    new_card = board.locator("li.mem-card", has_text="Tea")
    expect(
        new_card.locator(".mem-flag--shared")
    ).to_be_visible()  # written by hand: shared by default
    expect(new_card.locator(".mem-card__source")).to_have_text("Written by you")

    # Filter by character and type, and search by words.
    board.get_by_label("Character", exact=True).first.select_option(label="Ilsa")
    expect(board.locator("li.mem-card")).to_have_count(2)
    board.get_by_label("Type", exact=True).first.select_option(label="Fact")
    expect(board.locator("li.mem-card")).to_have_count(1)
    board.get_by_label("Type", exact=True).first.select_option(label="All types")
    expect(board.locator("li.mem-card")).to_have_count(2)
    board.get_by_label("Search").fill("lapsang")
    expect(board.locator("li.mem-card")).to_have_count(1)
    expect(board.locator("li.mem-card")).to_contain_text("smoky lapsang")
    board.get_by_label("Search").fill("")
    expect(board.locator("li.mem-card")).to_have_count(2)

    # Edit in place; Escape cancels, Save keeps.
    card = board.locator("li.mem-card", has_text="Boat")
    card.get_by_role("button", name="Edit").click()
    card.get_by_label("Title").fill("Nothing")
    card.get_by_label("Title").press("Escape")
    expect(card.locator(".mem-card__title")).to_have_text("Boat")
    card.get_by_role("button", name="Edit").click()
    card.get_by_label("Content").fill(
        "The user owns a small red sailing boat called Wren, moored at Skerry."
    )
    card.get_by_role("button", name="Save").click()
    expect(card.locator(".mem-card__content")).to_contain_text("moored at Skerry")
    screenshot(page, "memories-page")

    # Delete with undo: nothing is deleted until the undo window passes.
    card.get_by_role("button", name="Delete").click()
    undo = board.get_by_role("button", name="Undo")
    expect(undo).to_be_focused()
    undo.press("Enter")
    expect(
        board.locator("li.mem-card", has_text="Boat").get_by_role("button", name="Delete")
    ).to_be_visible()
    assert Memory.objects.filter(title="Boat").exists()
    board.locator("li.mem-card", has_text="Boat").get_by_role("button", name="Delete").click()
    expect(board.locator("li.mem-card", has_text="Boat")).to_have_count(0, timeout=15_000)
    assert not Memory.objects.filter(title="Boat").exists()
    assert Memory.objects.filter(owner=user, character=ilsa).count() == 1

    # Pin to one of Ilsa's chats from the page.
    tea = board.locator("li.mem-card", has_text="Tea")
    tea.get_by_text("Pin to a chat").click()
    tea.get_by_label("Harbour chat").check()
    expect(tea.locator(".mem-flag--pinned")).to_have_text("Pinned in 1 chat")
    assert Memory.objects.get(title="Tea").pins.filter(thread=harbour_chat).exists()

    # Export Ilsa's memories and import them for Tomas: the pin to Ilsa's chat is dropped.
    board.locator("details.mem-transfer summary").click()
    with page.expect_download() as download_info:
        board.get_by_role("button", name="Export as JSON").click()
    exported = json.loads(Path(download_info.value.path()).read_text())
    assert [item["title"] for item in exported["memories"]] == ["Tea"]
    assert exported["memories"][0]["pinned_threads"] == [harbour_chat.pk]
    board.get_by_label("Character", exact=True).first.select_option(label="Tomas")
    expect(board.locator("li.mem-card")).to_have_count(1)
    board.get_by_label("Import a memory export (JSON)").set_input_files(download_info.value.path())
    expect(board.locator(".mem-transfer__status")).to_have_text("Imported 1 memory.")
    expect(board.locator("li.mem-card")).to_have_count(2)
    imported = Memory.objects.get(title="Tea", character__name="Tomas")
    assert imported.shared and not imported.pins.exists()

    phone = make_page(viewport={"width": 390, "height": 844})
    login(phone, user)
    phone.goto(live_app.path("/memories/"))
    expect(phone.locator("li.mem-card")).to_have_count(3)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the memories page scrolls sideways on a phone ({width}px)"
    screenshot(phone, "memories-page-phone")
