"""In real Chromium, at a phone's and a desktop's size: the lorebook page's Save bar, which stays
at the bottom of the screen, never covers the test box's results when a test is run."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from characters.models import Lorebook

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def _overlap(a: dict, b: dict) -> bool:
    return a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_save_bar_leaves_the_test_results_in_sight(
    live_app, make_page, login, screenshot, viewport
):
    user = live_app.create_user()
    book = Lorebook.objects.create(owner=user, name="Gull Point")
    for uid, place in enumerate(["harbour", "lighthouse", "market", "chapel", "mill", "quay"]):
        book.entries.create(
            uid=uid, comment=place.title(), content=f"The {place} of Gull Point.", keys=[place]
        )
    page = make_page(viewport=viewport)
    login(page, user)
    page.goto(f"{live_app.url}/lorebooks/{book.pk}/")

    text = page.get_by_label("Which entries would fire for this text?")
    text.fill("the harbour, the lighthouse, the market, the chapel, the mill and the quay")
    page.get_by_role("button", name="Test", exact=True).click()
    results = page.get_by_role("list", name="Entries that would fire")
    expect(results.locator("li")).to_have_count(6)
    page.wait_for_function(
        "() => { const r = document.querySelector('#lore-test-results li').getBoundingClientRect();"
        " return r.top >= 0 && r.bottom <= window.innerHeight; }"
    )
    bar = page.locator(".lore-save").bounding_box()
    first = results.locator("li").first.bounding_box()
    screenshot(page, f"lorebook-test-results-{viewport['width']}")
    assert bar is not None and first is not None
    assert not _overlap(first, bar), (first, bar)
    # The bar is still there to save from.
    expect(page.get_by_role("button", name="Save", exact=True)).to_be_in_viewport()
