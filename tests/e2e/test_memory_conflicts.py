"""In real Chromium: the conflict inbox of the memory panel beside a chat. A new memory that
contradicts a kept one waits there, shown beside it, until the user answers "Keep both",
"Keep new" or "Keep old"; each answer is what the database then holds, and a memory set
aside stays restorable under "Show replaced"."""

from __future__ import annotations

from playwright.sync_api import expect

from chat.services import thread_create
from memories.models import Memory
from tests.factories import CharacterFactory, MemoryFactory


def contest(thread, old_title, old_content, new_title, new_content, type_="fact"):
    """A kept memory and a newer one the pipeline stored as contradicting it."""
    values = {
        "owner": thread.owner,
        "character": thread.character,
        "origin_thread_id": thread.pk,
        "type": type_,
    }
    old = MemoryFactory(**values, title=old_title, content=old_content)
    new = MemoryFactory(
        **values, title=new_title, content=new_content, status="conflict", conflicts_with=old
    )
    return old, new


def test_the_inbox_shows_both_and_each_button_does_what_it_says(
    live_app, make_page, login, screenshot
):
    user = live_app.create_user()
    ilsa = CharacterFactory(owner=user, name="Ilsa")
    chat = thread_create(owner=user, character=ilsa, title="Harbour chat")
    job_old, job_new = contest(
        chat, "Job", "The user works at the bakery.", "Job", "The user teaches maths now."
    )
    city_old, city_new = contest(
        chat, "Home town", "The user lives in Porto.", "Home town", "The user lives in Lisbon."
    )
    pet_old, pet_new = contest(
        chat, "Pet", "The user has a dog, Biscuit.", "Pet", "The user has a cat, Pixel."
    )

    page = make_page()
    login(page, user)
    page.goto(live_app.path(f"/chat/{chat.pk}/"))
    panel = page.locator("#memory-panel")
    inbox = panel.locator("[data-conflict-inbox]")
    expect(inbox.get_by_role("heading", name="Needs your decision (3)")).to_be_visible()
    job = inbox.locator("li.mem-conflict", has_text="teaches maths")
    expect(job.locator("[data-side=old]")).to_contain_text("The user works at the bakery.")
    expect(job.locator("[data-side=new]")).to_contain_text("The user teaches maths now.")
    # Contested memories are not cards of their own until decided.
    expect(panel.locator("li.mem-card", has_text="teaches maths")).to_have_count(0)
    expect(panel.locator("li.mem-card", has_text="works at the bakery")).to_have_count(1)
    screenshot(page, "conflict-inbox")

    job.get_by_role("button", name="Keep new").click()
    expect(inbox.locator("li.mem-conflict")).to_have_count(2)
    expect(panel.locator("li.mem-card", has_text="teaches maths")).to_be_visible()
    expect(panel.locator("li.mem-card", has_text="works at the bakery")).to_have_count(0)
    job_old.refresh_from_db()
    job_new.refresh_from_db()
    assert (job_new.status, job_old.status, job_old.superseded_by_id) == (
        "active",
        "superseded",
        job_new.pk,
    )

    inbox.locator("li.mem-conflict", has_text="Lisbon").get_by_role(
        "button", name="Keep old"
    ).click()
    expect(inbox.locator("li.mem-conflict")).to_have_count(1)
    city_new.refresh_from_db()
    assert (city_new.status, city_new.superseded_by_id) == ("superseded", city_old.pk)
    assert Memory.objects.get(pk=city_old.pk).status == "active"

    inbox.locator("li.mem-conflict", has_text="Pixel").get_by_role(
        "button", name="Keep both"
    ).click()
    expect(inbox).to_be_hidden()
    expect(panel.locator("li.mem-card", has_text="Pixel")).to_be_visible()
    expect(panel.locator("li.mem-card", has_text="Biscuit")).to_be_visible()
    assert set(
        Memory.objects.filter(pk__in=[pet_old.pk, pet_new.pk]).values_list("status", flat=True)
    ) == {"active"}

    # The memory set aside by "Keep old" can be brought back.
    panel.get_by_label("Show replaced").check()
    lisbon = panel.locator("li.mem-card", has_text="Lisbon")
    lisbon.get_by_role("button", name="Restore").click()
    expect(lisbon.get_by_role("button", name="Restore")).to_have_count(0)
    city_new.refresh_from_db()
    assert city_new.status == "active"
