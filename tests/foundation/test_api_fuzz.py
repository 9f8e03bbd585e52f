"""Schemathesis against the live server, over every operation of the OpenAPI schema.

Every operation gets a bounded number of generated requests, valid and invalid, sent with a
real token to a running server with real rows; every built-in check runs on each answer
(no 5xx, status codes and bodies as documented, invalid input refused, valid input accepted).
Half of the path ids are swapped for ids of the caller's own rows, so the 2xx paths run as
well as the 404s.

A request the schema calls valid must be accepted (2xx, or 404 for an id not the caller's),
except where a valid request must also meet a rule OpenAPI cannot state:
``RULES_THE_SCHEMA_CANNOT_STATE`` names each such operation with its rule, and only there a
readable 400 for a schema-valid request is not a failure.

Bounded by ``FUZZ_EXAMPLES`` (per operation) so the whole file stays within a few minutes
on two cores; raise it locally for a deeper run. Marked ``schema_fuzz``: it runs in
``make test``; ``-m "not schema_fuzz"`` leaves it out while iterating."""

from __future__ import annotations

import json
import os

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import negative_data_rejection, positive_data_acceptance

from drawhisper.accounts.services import token_for_user
from tests.factories import (
    CharacterFactory,
    MemoryFactory,
    MessageFactory,
    SceneFactory,
    ThreadFactory,
    UserFactory,
)

pytestmark = pytest.mark.schema_fuzz

FUZZ_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "6"))

_OWN_CONNECTION = "the caller's own connection (another user's or a missing one is a 404 naming it)"
RULES_THE_SCHEMA_CANNOT_STATE: dict[tuple[str, str | None], str] = {
    # (operation, media type or None for any): the rule a valid request must also meet.
    ("POST /api/auth/signup/", None): "a username nobody has, a password Django calls strong",
    ("POST /api/auth/token/", None): "the username and password of an existing account",
    ("POST /api/connections/", None): "base_url: a host that resolves to a public address",
    ("PATCH /api/connections/{connection_id}/", None): "base_url: a host that resolves to a "
    "public address",
    ("PUT /api/connections/memory-models/", None): f"connection: {_OWN_CONNECTION}",
    # An id in a body that is not one of the caller's rows (a chat's character, scene or
    # persona, a lorebook's characters, scenes or threads) is a 404, which a valid request
    # may get.
    ("POST /api/threads/", None): "greeting: one of the character's greetings (0 to their "
    "number less one)",
    ("POST /api/memories/", None): "thread: a chat with that character; pin needs a thread",
    ("POST /api/memories/{memory_id}/resolve/", None): "the memory must be waiting for a "
    "decision (in conflict with another)",
    ("PATCH /api/threads/{thread_id}/", None): f"generation.connection: {_OWN_CONNECTION}",
    ("POST /api/characters/", "multipart/form-data"): "avatar: an image the server can read",
    ("POST /api/characters/", "application/json"): f"generation.connection: {_OWN_CONNECTION}",
    ("PUT /api/characters/{character_id}/", "multipart/form-data"): "avatar: an image the "
    "server can read",
    (
        "PUT /api/characters/{character_id}/",
        "application/json",
    ): f"generation.connection: {_OWN_CONNECTION}",
    ("PATCH /api/characters/{character_id}/", "multipart/form-data"): "avatar: an image the "
    "server can read",
    (
        "PATCH /api/characters/{character_id}/",
        "application/json",
    ): f"generation.connection: {_OWN_CONNECTION}",
    ("POST /api/characters/import/", None): "a Character Card: V1/V2 JSON, or a PNG carrying "
    "one in its chara chunk",
    ("POST /api/lorebooks/import/", None): "a SillyTavern World Info file or a card's book",
    ("POST /api/documents/", None): "file: readable text, Markdown or PDF",
    ("POST /api/threads/import/", None): "file: a SillyTavern chat file",
    ("POST /api/generation/sillytavern-preset/", None): "a SillyTavern Chat Completion or Text "
    "Completion preset, its values in range",
}


def _rule_the_schema_cannot_state(case) -> str | None:
    label = f"{case.operation.method.upper()} {case.operation.path}"
    return RULES_THE_SCHEMA_CANNOT_STATE.get(
        (label, case.media_type)
    ) or RULES_THE_SCHEMA_CANNOT_STATE.get((label, None))


@pytest.fixture
def fuzz_rows(transactional_db) -> dict[str, object]:
    user = UserFactory()
    character = CharacterFactory(owner=user)
    scene = SceneFactory(character=character)
    thread = ThreadFactory(character=character, scene=scene)
    MessageFactory(thread=thread, seq=1, role="assistant", content="Welcome.")
    message = MessageFactory(thread=thread, seq=2, role="user", content="Hello.")
    memory = MemoryFactory(character=character, origin_thread=thread)
    return {
        "token": token_for_user(user=user),
        "ids": {
            "character_id": character.pk,
            "scene_id": scene.pk,
            "thread_id": thread.pk,
            "message_id": message.pk,
            "memory_id": memory.pk,
        },
    }


def _generated_schema() -> dict:
    """The schema ``/api/schema/`` serves, generated in-process (no database needed)."""
    from drf_spectacular.generators import SchemaGenerator
    from drf_spectacular.renderers import OpenApiJsonRenderer

    document = SchemaGenerator().get_schema(request=None, public=True)
    return json.loads(OpenApiJsonRenderer().render(document))


schema = schemathesis.openapi.from_dict(_generated_schema())


@schema.parametrize()
@settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_answers_as_documented_and_never_500(case, live_server, fuzz_rows):
    for name, value in (case.path_parameters or {}).items():
        if name in fuzz_rows["ids"] and isinstance(value, int) and value % 2 == 0:
            case.path_parameters[name] = fuzz_rows["ids"][name]
    excluded = []
    if _rule_the_schema_cannot_state(case):
        excluded.append(positive_data_acceptance)
    if case.media_type == "multipart/form-data":
        # In a form every value is text: a value the schema gives another type (an object
        # for a text field) arrives as its JSON text, which is valid text.
        excluded.append(negative_data_rejection)
    case.call_and_validate(
        base_url=live_server.url,
        headers={"Authorization": f"Token {fuzz_rows['token']}"},
        excluded_checks=excluded,
    )
