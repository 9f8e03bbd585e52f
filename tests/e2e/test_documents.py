"""In real Chromium with a real Celery worker: upload a lore document on the character page,
watch its status go to ready, see a broken PDF refused with the reason, and delete one."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from memories.models import LoreDocument
from tests.factories import CharacterFactory

SECTIONS = "\n\n".join(
    f"## Chapter {number}\n\n" + " ".join(["The tide came in over the old harbour wall."] * 12)
    for number in range(1, 121)
)
BIBLE = f"# Greywater\n\n{SECTIONS}\n".encode()


def test_upload_a_document_and_watch_it_index(
    live_app, browser_page, login, celery_worker, screenshot
):
    page = browser_page
    user = live_app.create_user()
    character = CharacterFactory(owner=user, name="Mara Quill")
    login(page, user)
    celery_worker()

    page.goto(f"{live_app.url}/characters/{character.pk}/")
    panel = page.get_by_role("region", name="Lore documents")
    expect(panel.get_by_text("No documents yet.")).to_be_visible()

    panel.get_by_label("Upload a document").set_input_files(
        {"name": "greywater.md", "mimeType": "text/markdown", "buffer": BIBLE}
    )
    panel.get_by_role("button", name="Upload", exact=True).click()
    expect(
        panel.get_by_text("greywater.md uploaded; it is indexed in the background.")
    ).to_be_visible()
    item = panel.locator(".documents__item", has_text="greywater.md")
    total = 120
    expect(item.locator(".documents__status")).to_have_text(
        re.compile(rf"Ready · {total} passages"), timeout=60_000
    )
    screenshot(page, "ready")
    document = LoreDocument.objects.get(owner=user)
    assert (document.status, document.chunks_done, document.chunks_total) == ("ready", total, total)

    panel.get_by_label("Upload a document").set_input_files(
        {"name": "broken.pdf", "mimeType": "application/pdf", "buffer": b"%PDF-1.7\n1 0 obj <<"}
    )
    panel.get_by_role("button", name="Upload", exact=True).click()
    expect(panel.locator(".documents__message")).to_contain_text("The PDF could not be read")
    assert LoreDocument.objects.filter(owner=user).count() == 1

    page.once("dialog", lambda dialog: dialog.accept())
    item.get_by_role("button", name="Delete greywater.md").click()
    expect(panel.get_by_text("No documents yet.")).to_be_visible()
    assert not LoreDocument.objects.filter(owner=user).exists()


def test_indexing_progress_updates_and_polling_stops_when_ready(
    live_app, browser_page, login, screenshot
):
    """The character page has no WebSocket: it reads the list while a document is busy. The
    status line follows "indexing n of m" as the worker counts, and once the document is
    ready the page stops asking."""
    page = browser_page
    user = live_app.create_user()
    character = CharacterFactory(owner=user, name="Mara Quill")
    document = LoreDocument.objects.create(
        owner=user,
        character=character,
        name="bible.md",
        file="documents/bible.md",
        checksum="a" * 64,
        size=2048,
        content_type="text/markdown",
        status="indexing",
        chunks_total=120,
        chunks_done=10,
    )
    asked: list[str] = []
    page.on(
        "request",
        lambda request: asked.append(request.url) if "/api/documents/" in request.url else None,
    )
    login(page, user)
    page.goto(f"{live_app.url}/characters/{character.pk}/")
    item = page.get_by_role("region", name="Lore documents").locator(".documents__item")
    status = item.locator(".documents__status")
    expect(status).to_have_text("Indexing 10 of 120 passages")
    expect(item.locator("progress")).to_have_attribute("value", "10")

    LoreDocument.objects.filter(pk=document.pk).update(chunks_done=64)
    expect(status).to_have_text("Indexing 64 of 120 passages")
    expect(item.locator("progress")).to_have_attribute("value", "64")
    screenshot(page, "indexing")

    LoreDocument.objects.filter(pk=document.pk).update(status="ready", chunks_done=120)
    expect(status).to_have_text("Ready · 120 passages")
    expect(item.locator("progress")).to_have_count(0)
    settled = len(asked)
    page.wait_for_timeout(3000)  # three polling periods
    assert len(asked) == settled, asked[settled:]

    # A failed one stops the polling too, and says why.
    LoreDocument.objects.filter(pk=document.pk).update(
        status="failed", last_error="The embedder timed out."
    )
    page.reload()
    expect(status).to_have_text("Failed: The embedder timed out.")
    settled = len(asked)
    page.wait_for_timeout(3000)
    assert len(asked) == settled, asked[settled:]
