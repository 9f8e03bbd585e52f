"""In real Chromium: create a lorebook, add an entry with key chips, ask the test box which
entries fire, search the entries, and import a World Info file."""

from __future__ import annotations

import copy
import json
import re

from playwright.sync_api import expect

from characters.models import Lorebook
from tests.characters.lorebook_fixtures import WORLD_INFO
from tests.factories import CharacterFactory


def test_create_a_lorebook_add_keys_and_test_which_entries_fire(
    live_app, browser_page, login, screenshot
):
    page = browser_page
    user = live_app.create_user()
    CharacterFactory(owner=user, name="Mara Quill")
    login(page, user)

    page.get_by_role("link", name="Lorebooks").click()
    expect(page.get_by_role("heading", name="Lorebooks", level=1)).to_be_visible()
    page.get_by_label("Name").fill("Gull Point")
    page.get_by_role("button", name="Create").click()
    expect(page.get_by_role("heading", name="Gull Point", level=1)).to_be_visible()
    expect(page.get_by_text("No entries yet.")).to_be_visible()

    page.get_by_role("button", name="Add entry").click()
    entry = page.locator(".lore-entry").first
    entry.get_by_label("Title").fill("The lighthouse")
    entry.get_by_label("Add to keys").fill("lighthouse, lamp")
    entry.get_by_label("Add to keys").press("Enter")
    expect(entry.get_by_role("list", name="Keys").locator(".chip")).to_have_count(2)
    entry.get_by_label("Content").fill("The Gull Point lamp has not been lit in a year.")

    page.get_by_role("button", name="Add entry").click()
    second = page.locator(".lore-entry").nth(1)
    second.get_by_label("Title").fill("Weather")
    second.get_by_label("Content").fill("Storms every evening.")
    second.get_by_label("Constant (always in)").check()
    page.get_by_label("Mara Quill").check()

    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_have_text("Saved")
    book = Lorebook.objects.get(name="Gull Point")
    stored = {entry.comment: entry for entry in book.entries.all()}
    assert stored["The lighthouse"].keys == ["lighthouse", "lamp"]
    assert stored["Weather"].constant is True
    assert list(book.characters.values_list("name", flat=True)) == ["Mara Quill"]

    # A chip can be removed again.
    entry = page.locator(".lore-entry").first
    entry.get_by_role("button", name="Remove key lamp").click()
    expect(entry.get_by_role("list", name="Keys").locator(".chip")).to_have_count(1)

    page.get_by_label("Which entries would fire for this text?").fill("Is the LIGHTHOUSE dark?")
    page.get_by_role("button", name="Test").click()  # saves the removal first
    results = page.get_by_role("list", name="Entries that would fire")
    expect(results.locator("li")).to_have_count(2)
    expect(results).to_contain_text("The lighthouse — key “lighthouse”")
    expect(results).to_contain_text("Weather — always in (constant)")
    screenshot(page, "lorebook-test-box")
    assert book.entries.get(comment="The lighthouse").keys == ["lighthouse"]

    page.get_by_label("Which entries would fire for this text?").fill("The lamp is out.")
    page.get_by_role("button", name="Test").click()
    expect(results.locator("li")).to_have_count(1)
    expect(results).not_to_contain_text("The lighthouse")

    page.get_by_label("Search entries").fill("storm")
    expect(page.locator(".lore-entry:visible")).to_have_count(1)
    expect(page.locator(".lore-entry:visible h3")).to_have_text("Weather")


def test_import_a_world_info_file_from_the_lorebook_list(live_app, browser_page, login, tmp_path):
    page = browser_page
    login(page, live_app.create_user())
    path = tmp_path / "eldoria.json"
    path.write_text(json.dumps(WORLD_INFO))
    page.goto(live_app.path("/lorebooks/"))
    page.get_by_label("Import SillyTavern World Info or a character book (JSON)").set_input_files(
        str(path)
    )
    page.get_by_role("button", name="Import", exact=True).click()
    expect(page.get_by_role("heading", name="Eldoria world", level=1)).to_be_visible()
    expect(page.locator(".lore-entry")).to_have_count(4)

    page.goto(live_app.path("/lorebooks/"))
    odd = copy.deepcopy(WORLD_INFO)
    odd["entries"]["1"].update(probability=140, depth=-2)
    odd["name"] = "Odd world"
    odd_path = tmp_path / "odd.json"
    odd_path.write_text(json.dumps(odd))
    page.get_by_label("Import SillyTavern World Info or a character book (JSON)").set_input_files(
        str(odd_path)
    )
    page.get_by_role("button", name="Import", exact=True).click()
    warnings = page.get_by_role("list", name="Import warnings")
    expect(warnings.locator("li")).to_have_text(
        ["entries.1.depth -2 was read as 0.", "entries.1.probability 140 was read as 100."]
    )
    expect(page.locator("#lorebook-import-result")).to_contain_text(
        "Imported “Odd world” with 4 entries."
    )
    page.get_by_role("link", name="Open the lorebook").click()
    expect(page.get_by_role("heading", name="Odd world", level=1)).to_be_visible()

    page.goto(live_app.path("/lorebooks/"))
    bad = tmp_path / "bad.json"
    bad.write_text('{"hello": 1}')
    page.get_by_label("Import SillyTavern World Info or a character book (JSON)").set_input_files(
        str(bad)
    )
    page.get_by_role("button", name="Import", exact=True).click()
    expect(page.get_by_role("alert")).to_contain_text("World Info")


def test_mark_an_entry_to_match_by_meaning_and_see_it_fire_in_the_test_box(
    live_app, browser_page, login, screenshot
):
    from characters.lorebooks.services import lorebook_create

    page = browser_page
    user = live_app.create_user()
    book = lorebook_create(
        owner=user,
        data={
            "name": "Bay",
            "entries": [
                {
                    "comment": "Ys",
                    "keys": ["lighthouse"],
                    "content": "The sunken city of Ys lies beneath the bay; its bells still "
                    "ring at low tide.",
                }
            ],
        },
    )
    login(page, user)
    page.goto(f"{live_app.url}/lorebooks/{book.pk}/")
    entry = page.locator(".lore-entry").first
    expect(entry.get_by_label("Match by meaning")).to_have_value("")  # as the book says
    entry.get_by_label("Match by meaning").select_option(label="Yes")
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#lore-status")).to_have_text("Saved")
    assert book.entries.get().vectorized is True

    page.get_by_label("Which entries would fire for this text?").fill(
        "Tell me about the sunken city beneath the bay."
    )
    page.get_by_role("button", name="Test").click()
    results = page.get_by_role("list", name="Entries that would fire")
    expect(results.locator("li")).to_have_count(1)
    expect(results).to_contain_text(re.compile(r"Ys — by meaning, similarity 0\.\d\d"))
    screenshot(page, "lorebook-vector-match")

    # The book's default: every entry that follows it is matched by meaning.
    entry.get_by_label("Match by meaning").select_option(label="As the book says")
    page.get_by_label("Match every entry by meaning too").check()
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#lore-status")).to_have_text("Saved")
    book.refresh_from_db()
    assert (book.vectorized, book.entries.get().vectorized) == (True, None)
    page.reload()
    expect(page.get_by_label("Match every entry by meaning too")).to_be_checked()
    page.get_by_label("Which entries would fire for this text?").fill("the lighthouse")
    page.get_by_role("button", name="Test").click()
    expect(results).to_contain_text("Ys — key “lighthouse”")


def test_edit_an_entrys_inclusion_group_and_sticky(live_app, browser_page, login):
    page = browser_page
    user = live_app.create_user()
    book = Lorebook.objects.create(owner=user, name="Harbour")
    book.entries.create(uid=0, comment="Fog", content="Fog rolls in.", keys=["fog"])
    login(page, user)

    page.goto(f"{live_app.url}/lorebooks/{book.pk}/")
    entry = page.locator(".lore-entry").first
    entry.get_by_label("Inclusion group").fill("weather, mood")
    entry.get_by_label("Wins its group by order").check()
    entry.get_by_label("Group weight").fill("30")
    entry.get_by_label("Sticky (messages)").fill("3")
    entry.get_by_label("Cooldown (messages)").fill("2")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_have_text("Saved")

    stored = book.entries.get()
    assert stored.group == "weather, mood" and stored.group_override is True
    assert (stored.group_weight, stored.sticky, stored.cooldown, stored.delay) == (30, 3, 2, None)

    page.reload()
    entry = page.locator(".lore-entry").first
    expect(entry.get_by_label("Inclusion group")).to_have_value("weather, mood")
    expect(entry.get_by_label("Sticky (messages)")).to_have_value("3")
    entry.get_by_label("Sticky (messages)").fill("0")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_have_text("Saved")
    stored.refresh_from_db()
    assert stored.sticky is None


def test_an_entry_that_can_never_fire_says_so(live_app, browser_page, login):
    """A new entry has no keys and is not constant: it would be saved and never go into a
    prompt. The editor says so beside it until a key, Constant or matching by meaning (the
    entry's or the book's) gives it a way in."""
    page = browser_page
    user = live_app.create_user()
    login(page, user)
    page.goto(live_app.path("/lorebooks/"))
    page.get_by_label("Name").fill("Gull Point")
    page.get_by_role("button", name="Create").click()
    expect(page.get_by_role("heading", name="Gull Point", level=1)).to_be_visible()

    page.get_by_role("button", name="Add entry").click()
    entry = page.locator(".lore-entry").first
    hint = entry.locator(".lore-entry__hint")
    expect(hint).to_have_text(
        "No keys and not constant: this entry never goes into a prompt. "
        "Add a key, or tick Constant (always in)."
    )
    entry.get_by_label("Add to keys").fill("lamp")
    entry.get_by_label("Add to keys").press("Enter")
    expect(hint).to_be_hidden()
    entry.get_by_role("button", name="Remove key lamp").click()
    expect(hint).to_be_visible()
    entry.get_by_label("Constant (always in)").check()
    expect(hint).to_be_hidden()
    entry.get_by_label("Constant (always in)").uncheck()
    expect(hint).to_be_visible()
    entry.get_by_label("Match by meaning").select_option(label="Yes")
    expect(hint).to_be_hidden()
    entry.get_by_label("Match by meaning").select_option(label="As the book says")
    expect(hint).to_be_visible()
    page.get_by_label("Match every entry by meaning too").check()
    expect(page.locator(".lore-entry").first.locator(".lore-entry__hint")).to_be_hidden()


def test_testing_a_blank_text_says_only_the_always_in_entries_would_go_in(
    live_app, browser_page, login, screenshot
):
    """A blank test text fires no key: the box says so and lists the constant entries, which
    go in anyway, instead of "No entry would fire." as if the keys had been tried."""
    page = browser_page
    user = live_app.create_user()
    book = Lorebook.objects.create(owner=user, name="Gull Point")
    book.entries.create(
        uid=0, comment="The lighthouse", keys=["lighthouse"], content="Dark a year."
    )
    login(page, user)
    page.goto(live_app.path(f"/lorebooks/{book.pk}/"))
    results = page.get_by_role("list", name="Entries that would fire")

    page.get_by_role("button", name="Test").click()
    expect(results.locator("li")).to_have_text(
        [
            "No text given: write a line of chat to see which entries its words fire. "
            "No entry is always in (constant), so none would go in without one."
        ]
    )
    expect(results).not_to_contain_text("No entry would fire.")

    book.entries.create(uid=1, comment="Weather", constant=True, content="Storms every evening.")
    page.reload()
    page.get_by_label("Which entries would fire for this text?").fill("   ")
    page.get_by_role("button", name="Test").click()
    expect(results.locator("li")).to_have_count(2)
    expect(results.locator("li").first).to_have_text(
        re.compile(r"^No text given: only what is always in would go in, the constant entries")
    )
    expect(results.locator("li.lore-fired")).to_have_text(
        [re.compile(r"^Weather — always in \(constant\)")]
    )
    screenshot(page, "blank-test")

    # A text that fires nothing still says so.
    page.get_by_label("Which entries would fire for this text?").fill("The tide is in.")
    page.get_by_role("button", name="Test").click()
    expect(results.locator("li.lore-fired")).to_have_count(1)
    expect(results).not_to_contain_text("No text given")


def test_set_group_scoring_on_the_book_and_on_an_entry(live_app, browser_page, login):
    page = browser_page
    user = live_app.create_user()
    book = Lorebook.objects.create(owner=user, name="Sky")
    book.entries.create(uid=0, comment="Storm", content="A storm.", keys=["storm", "thunder"])
    book.entries.create(uid=1, comment="Drizzle", content="Drizzle.", keys=["storm"])
    book.entries.update(group="sky")
    login(page, user)
    page.goto(f"{live_app.url}/lorebooks/{book.pk}/")

    scoring = page.get_by_label("Group scoring", exact=True).first
    expect(scoring).to_have_value("")
    expect(scoring.locator("option:checked")).to_have_text("As the site's default (no)")
    scoring.select_option(label="Yes")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator("#lore-status")).to_have_text("Saved")
    book.refresh_from_db()
    assert book.use_group_scoring is True

    page.get_by_label("Which entries would fire for this text?").fill("a storm with thunder")
    page.get_by_role("button", name="Test", exact=True).click()
    results = page.get_by_role("list", name="Entries that would fire")
    expect(results.locator("li.lore-fired")).to_have_text([re.compile(r"^Storm — key")])
    expect(results).to_contain_text(
        "Drizzle — held back: Lost inclusion group “sky”: another entry of the group matched more keys (Storm)."
    )

    # An entry's own choice: "No" keeps it in the draw whatever the book says.
    drizzle = page.locator(".lore-entry").nth(1)
    expect(drizzle.get_by_label("Group scoring")).to_have_value("")  # as the book says
    drizzle.get_by_label("Group scoring").select_option(label="No")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator("#lore-status")).to_have_text("Saved")
    assert book.entries.get(comment="Drizzle").use_group_scoring is False
    page.reload()
    expect(page.get_by_label("Group scoring", exact=True).first).to_have_value("true")
    expect(page.locator(".lore-entry").nth(1).get_by_label("Group scoring")).to_have_value("false")


def test_duplicate_an_entry_with_its_keys_and_settings(live_app, browser_page, login):
    page = browser_page
    user = live_app.create_user()
    book = Lorebook.objects.create(owner=user, name="Harbour")
    original = book.entries.create(
        uid=0,
        comment="Harbour",
        content="Boats rock at anchor.",
        keys=["harbour", "quay"],
        secondary_keys=["night"],
        selective=True,
        group="town",
        sticky=3,
        insertion_order=40,
    )
    book.entries.create(uid=1, comment="Mill", content="The mill.", keys=["mill"])
    login(page, user)
    page.goto(f"{live_app.url}/lorebooks/{book.pk}/")

    page.locator(".lore-entry").first.get_by_role("button", name="Duplicate entry").click()
    entries = page.locator(".lore-entry")
    expect(entries.locator("h3")).to_have_text(["Harbour", "Harbour (copy)", "Mill"])
    copy = entries.nth(1)
    expect(copy.get_by_label("Title")).to_be_focused()
    expect(copy.get_by_role("list", name="Keys", exact=True).locator(".chip")).to_have_count(2)
    expect(page.locator("#lore-status")).to_have_text("Unsaved changes")
    copy.get_by_label("Content").fill("Boats rock at anchor, in the rain.")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator("#lore-status")).to_have_text("Saved")

    stored = list(book.entries.order_by("id"))
    assert len(stored) == 3
    kept = next(entry for entry in stored if entry.pk == original.pk)
    assert (kept.comment, kept.content) == ("Harbour", "Boats rock at anchor.")
    made = next(entry for entry in stored if entry.comment == "Harbour (copy)")
    assert made.pk != original.pk and made.uid not in (0, 1)
    assert made.content == "Boats rock at anchor, in the rain."
    assert (made.keys, made.secondary_keys, made.selective) == (
        ["harbour", "quay"],
        ["night"],
        True,
    )
    assert (made.group, made.sticky, made.insertion_order) == ("town", 3, 40)


def test_sort_the_entries_by_order_or_title_without_changing_the_saved_order(
    live_app, browser_page, login
):
    page = browser_page
    user = live_app.create_user()
    book = Lorebook.objects.create(owner=user, name="Gull Point")
    for uid, (title, order) in enumerate([("Quay", 10), ("Harbour", 90), ("Mill", 50)]):
        book.entries.create(
            uid=uid,
            comment=title,
            content=f"The {title}.",
            keys=[title.lower()],
            insertion_order=order,
        )
    login(page, user)
    page.goto(f"{live_app.url}/lorebooks/{book.pk}/")
    titles = page.locator(".lore-entry h3")
    expect(titles).to_have_text(["Quay", "Harbour", "Mill"])

    page.get_by_label("Sort entries").select_option(label="Order, highest first")
    expect(titles).to_have_text(["Harbour", "Mill", "Quay"])
    page.get_by_label("Sort entries").select_option(label="Order, lowest first")
    expect(titles).to_have_text(["Quay", "Mill", "Harbour"])
    page.get_by_label("Sort entries").select_option(label="Title, A to Z")
    expect(titles).to_have_text(["Harbour", "Mill", "Quay"])

    # Search and edits still reach the entry shown, sorted.
    page.get_by_label("Search entries").fill("mill")
    expect(page.locator(".lore-entry:visible h3")).to_have_text(["Mill"])
    page.locator(".lore-entry:visible").get_by_label("Content").fill("The old mill.")
    page.get_by_label("Search entries").fill("")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator("#lore-status")).to_have_text("Saved")
    assert book.entries.get(comment="Mill").content == "The old mill."
    assert list(book.entries.order_by("id").values_list("comment", flat=True)) == [
        "Quay",
        "Harbour",
        "Mill",
    ]
    page.get_by_label("Sort entries").select_option(label="As saved")
    expect(titles).to_have_text(["Quay", "Harbour", "Mill"])
