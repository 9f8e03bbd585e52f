"""In real Chromium with every other host cut off: ``/api/docs/`` draws the Swagger UI from this
site's own files under the real Content-Security-Policy, lists the API's operations and
opens one, so the API docs work on a machine with no network."""

from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import expect


def test_the_api_docs_render_with_no_network(live_app, browser_page, login):
    page = browser_page
    own_host = urlsplit(live_app.url).netloc
    elsewhere: list[str] = []

    def only_this_site(route):
        url = route.request.url
        if urlsplit(url).netloc not in ("", own_host):  # data: and blob: URLs stay in the page
            elsewhere.append(url)
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.route("**/*", only_this_site)
    refused: list[str] = []  # what the Content-Security-Policy blocked, as Chromium logs it

    def on_console(message):
        if "Content Security Policy" in message.text:
            refused.append(message.text)

    page.on("console", on_console)
    login(page, live_app.create_user())

    page.goto(live_app.path("/api/docs/"))
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Drawhisper API")
    characters = page.locator(".opblock-summary-path", has_text="/api/characters/").first
    expect(characters).to_be_visible()
    characters.click()
    expect(page.locator(".opblock.is-open .responses-table").first).to_be_visible()
    assert elsewhere == []
    assert refused == []
