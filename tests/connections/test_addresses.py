"""A connection cannot make the server call its own network: loopback, private and
link-local addresses (the cloud metadata service) are refused unless
``CONNECTIONS_ALLOW_PRIVATE`` allows them, by every address a host name resolves to."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from drawhisper.accounts.connections import chat_llm_config
from drawhisper.accounts.connections.crypto import encrypt_secret
from drawhisper.accounts.models import Connection
from drawhisper.providers.base import ChatMessage, PermanentProviderError
from drawhisper.providers.registry import get_llm
from tests.support.openai_server import FakeOpenAIServer

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def exposed(settings):
    """A server other people reach: private targets refused."""
    settings.CONNECTIONS_ALLOW_PRIVATE = False
    return settings


@pytest.fixture
def dns(monkeypatch):
    """Answers for host names under ``.test`` (the resolver is the network's edge); every
    other name resolves as usual."""
    answers: dict[str, list[str]] = {}
    real = socket.getaddrinfo

    def getaddrinfo(host, port, *args, **kwargs):
        if isinstance(host, str) and host in answers:
            if callable(answers[host]):  # a name server that changes its answer per lookup
                return [
                    (socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port))
                    for address in answers[host]()
                ]
            return [
                (
                    socket.AF_INET6 if ":" in address else socket.AF_INET,
                    socket.SOCK_STREAM,
                    6,
                    "",
                    (address, port),
                )
                for address in answers[host]
            ]
        return real(host, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return answers


def rebinding(first: str, then: str):
    """A DNS-rebinding name server: ``first`` for the first lookup, ``then`` for every later
    one (an attacker's server answers the check publicly and the connection privately)."""
    lookups: list[str] = []

    def answer() -> list[str]:
        lookups.append(first if not lookups else then)
        return [lookups[-1]]

    answer.lookups = lookups
    return answer


@pytest.fixture
def llm_server():
    with FakeOpenAIServer() as server:
        yield server


def post(api_client, base_url: str):
    return api_client.post(
        "/api/connections/", {"name": "Target", "base_url": base_url}, format="json"
    )


@pytest.mark.parametrize(
    "base_url",
    [
        "http://127.0.0.1:11434/v1",
        "http://localhost:1234/v1",
        "http://169.254.169.254/latest/meta-data/",
        "http://10.0.0.5/v1",
        "http://172.16.3.4:8080/v1",
        "http://192.168.1.20:8000/v1",
        "http://100.64.0.1/v1",
        "http://0.0.0.0:8000/v1",
        "http://[::1]:8000/v1",
        "http://[fd00::1]/v1",
        "http://[fe80::1]/v1",
        "http://[::ffff:169.254.169.254]/v1",
    ],
)
def test_private_loopback_and_metadata_addresses_are_refused(api_client, exposed, base_url):
    response = post(api_client, base_url)
    assert response.status_code == 400, response.json()
    errors = response.json()["errors"]
    assert "base_url" in errors
    assert "private, loopback or link-local" in str(errors["base_url"]) or "could not be" in str(
        errors["base_url"]
    )
    assert not Connection.objects.exists()


def test_every_address_of_a_name_is_checked(api_client, exposed, dns):
    dns["mixed.test"] = ["93.184.216.34", "10.1.2.3"]
    dns["public.test"] = ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"]
    refused = post(api_client, "https://mixed.test/v1")
    assert refused.status_code == 400
    assert "mixed.test" in str(refused.json()["errors"]["base_url"])
    assert "10.1.2.3" in str(refused.json()["errors"]["base_url"])

    accepted = post(api_client, "https://public.test/v1")
    assert accepted.status_code == 201, accepted.json()
    assert accepted.json()["base_url"] == "https://public.test/v1"


def test_a_name_that_cannot_be_resolved_is_refused_with_its_name(api_client, exposed):
    response = post(api_client, "http://no-such-host.invalid/v1")
    assert response.status_code == 400
    assert "no-such-host.invalid could not be found" in str(response.json()["errors"]["base_url"])


def test_changing_a_connection_to_a_private_address_is_refused(api_client, exposed, dns):
    dns["public.test"] = ["93.184.216.34"]
    created = post(api_client, "https://public.test/v1").json()
    response = api_client.patch(
        f"/api/connections/{created['id']}/",
        {"base_url": "http://169.254.169.254/v1"},
        format="json",
    )
    assert response.status_code == 400 and "base_url" in response.json()["errors"]
    assert Connection.objects.get(pk=created["id"]).base_url == "https://public.test/v1"


def test_a_name_that_moved_to_a_private_address_is_not_called(api_client, exposed, dns, user):
    """Checked again before each call: a name that resolved publicly when saved and now
    points inside (DNS changed) is neither tested, listed nor used for a reply."""
    dns["moving.test"] = ["93.184.216.34"]
    created = post(api_client, "https://moving.test/v1").json()
    api_client.patch(f"/api/connections/{created['id']}/", {"default_model": "m"}, format="json")
    dns["moving.test"] = ["169.254.169.254"]

    tested = api_client.post(f"/api/connections/{created['id']}/test/").json()
    assert tested["ok"] is False and "169.254.169.254" in tested["detail"]
    listed = api_client.get(f"/api/connections/{created['id']}/models/")
    assert listed.status_code == 502 and "169.254.169.254" in listed.json()["detail"]
    with pytest.raises(PermanentProviderError, match="private, loopback or link-local"):
        chat_llm_config(owner=user, layers=[{}, {"connection": created["id"]}])


def _saved_connection(user, base_url: str) -> Connection:
    """A connection as it was saved while its name still resolved publicly."""
    return Connection.objects.create(
        owner=user,
        name="Rebound",
        base_url=base_url,
        api_key_encrypted=encrypt_secret("sk-test"),
        default_model="fake-model",
        is_default=True,
    )


def test_a_name_rebound_to_loopback_after_the_check_reaches_nothing(
    api_client, exposed, dns, user, llm_server
):
    """DNS rebinding: the name answers publicly for the check before the call and with the
    loopback fake server when the socket opens. The socket goes only to addresses checked as
    it opens, so the model server never hears of the request; the user reads why."""
    base_url = f"http://rebind.test:{llm_server.port}/v1"
    connection = _saved_connection(user, base_url)

    dns["rebind.test"] = resolver = rebinding("93.184.216.34", "127.0.0.1")
    tested = api_client.post(f"/api/connections/{connection.pk}/test/").json()
    assert resolver.lookups[:2] == ["93.184.216.34", "127.0.0.1"]  # checked, then connected
    assert tested["ok"] is False
    assert "Rebound" in tested["detail"] and "127.0.0.1" in tested["detail"]

    dns["rebind.test"] = resolver = rebinding("93.184.216.34", "127.0.0.1")
    config = chat_llm_config(owner=user, layers=[{}, {}])  # checked: public
    assert config["OPTIONS"]["base_url"] == base_url
    backend = get_llm(config=config)
    with pytest.raises(PermanentProviderError, match=r"Rebound.*127\.0\.0\.1"):
        backend.complete([ChatMessage(role="user", content="Hello?")])

    dns["rebind.test"] = rebinding("93.184.216.34", "127.0.0.1")
    backend = get_llm(config=chat_llm_config(owner=user, layers=[{}, {}]))

    async def stream() -> str:
        return "".join([delta async for delta in backend.stream([ChatMessage("user", "Hi")])])

    with pytest.raises(PermanentProviderError, match=r"private, loopback or link-local"):
        asyncio.run(stream())
    assert llm_server.requests() == []


def test_a_connection_goes_to_the_address_it_resolved_with_its_own_host_name(
    api_client, settings, dns, user, llm_server
):
    """The checked clients connect to the resolved address but speak to the host by name:
    the request carries the URL's host, so name-based virtual hosts still answer."""
    settings.CONNECTIONS_ALLOW_PRIVATE = True
    dns["models.test"] = ["127.0.0.1"]
    connection = _saved_connection(user, f"http://models.test:{llm_server.port}/v1")
    listed = api_client.get(f"/api/connections/{connection.pk}/models/")
    assert listed.status_code == 200 and listed.json() == {"models": ["fake-model"]}

    llm_server.push({"text": "Hello from the model."})
    backend = get_llm(config=chat_llm_config(owner=user, layers=[{}, {}]))
    reply = backend.complete([ChatMessage(role="user", content="Hello?")])
    assert reply.text == "Hello from the model."
    (request,) = llm_server.requests()
    assert request["headers"]["host"] == f"models.test:{llm_server.port}"


def test_allowed_private_targets_work_for_a_local_server(api_client, settings):
    settings.CONNECTIONS_ALLOW_PRIVATE = True
    response = post(api_client, "http://127.0.0.1:11434/v1")
    assert response.status_code == 201, response.json()


def _default_for(allowed_hosts: str) -> str:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("CONNECTIONS_ALLOW_PRIVATE", "ALLOWED_HOSTS")
    }
    env.update(
        ALLOWED_HOSTS=allowed_hosts,
        DJANGO_SETTINGS_MODULE="drawhisper.settings",
        PYTHONPATH=str(ROOT),
    )
    script = "from django.conf import settings; print(settings.CONNECTIONS_ALLOW_PRIVATE)"
    result = subprocess.run(
        [sys.executable, "-c", script],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1]


def test_the_default_allows_private_targets_only_on_a_loopback_only_site():
    assert _default_for("127.0.0.1,localhost") == "True"
    assert _default_for("chat.example.com,127.0.0.1") == "False"
