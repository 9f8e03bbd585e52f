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
