"""Security headers: a Content-Security-Policy without inline script, no-store for signed-in
users, and API docs that load nothing from another site."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from rest_framework.test import APIClient

from drawhisper.accounts.services import token_for_user

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def _directives(response) -> dict[str, list[str]]:
    policy = response["Content-Security-Policy"]
    return {
        part.split()[0]: part.split()[1:] for part in (p.strip() for p in policy.split(";")) if part
    }


def test_pages_carry_a_policy_that_allows_no_inline_script(client, user):
    client.force_login(user)
    directives = _directives(client.get("/"))
    assert directives["script-src"] == ["'self'"]
    assert "'unsafe-inline'" not in directives["style-src"]
    assert directives["object-src"] == ["'none'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert _directives(client.get("/accounts/login/"))["script-src"] == ["'self'"]


def test_no_template_has_an_inline_script_or_event_handler():
    offenders = []
    for template in ROOT.glob("**/templates/**/*.html"):
        if ".venv" in template.parts or ".data" in template.parts:
            continue
        text = template.read_text()
        for tag in re.findall(r"<script\b[^>]*>", text, flags=re.IGNORECASE):
            if "src=" not in tag and "application/json" not in tag:
                offenders.append(f"{template.relative_to(ROOT)}: {tag}")
        if re.search(r"\son[a-z]+\s*=\s*[\"']", text):
            offenders.append(f"{template.relative_to(ROOT)}: inline event handler")
    assert offenders == []


def test_signed_in_pages_are_not_stored(client, user):
    client.force_login(user)
    response = client.get("/")
    assert "no-store" in response["Cache-Control"] and "private" in response["Cache-Control"]


def test_api_responses_for_a_token_are_not_stored(user):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_for_user(user=user)}")
    response = client.get("/api/auth/me/")
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]


def test_a_token_answer_is_not_stored(user):
    response = APIClient().post(
        "/api/auth/token/",
        {"username": user.username, "password": "correct horse battery"},
        format="json",
    )
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]


def test_static_files_stay_cacheable():
    response = Client().get("/static/frontend/css/app.css")
    assert response.status_code == 200
    assert "no-store" not in response.get("Cache-Control", "")


def test_api_docs_load_every_asset_from_this_site(user):
    client = Client()
    client.force_login(user)
    page = client.get("/api/docs/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "http://" not in html.replace("http://testserver", "") and "https://" not in html
    sources = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert any("swagger-ui-bundle.js" in source for source in sources)
    for source in sources:
        assert source.startswith("/"), source
        response = client.get(source)
        assert response.status_code == 200, source
    assert not re.search(r"<script>(?!\s*</script>)", html)  # the start-up script is a file
    assert "'self'" in _directives(page)["script-src"] and len(_directives(page)["script-src"]) == 1


@pytest.mark.django_db(transaction=True)
async def test_no_store_holds_when_served_over_asgi(user):
    from asgiref.sync import sync_to_async
    from django.test import AsyncClient

    client = AsyncClient()
    await sync_to_async(client.force_login)(user)
    signed_in = await client.get("/")
    assert signed_in.status_code == 200
    assert "no-store" in signed_in["Cache-Control"]
    anonymous = await AsyncClient().get("/static/frontend/css/app.css")
    assert "no-store" not in anonymous.get("Cache-Control", "")
