from __future__ import annotations

import json

import pytest

from memories.models import MemoryType
from memories.pipeline.schema import EXTRACT_SCHEMA, ChunkValidationError, parse_chunks


def _reply(*chunks, **extra):
    return json.dumps({"chunks": list(chunks), **extra})


def _chunk(**overrides):
    return {
        "title": "Pixel",
        "content": "Alice's cat is called Pixel.",
        "type": "fact",
        **overrides,
    }


def test_schema_names_the_seven_types():
    items = EXTRACT_SCHEMA["properties"]["chunks"]["items"]
    assert items["properties"]["type"]["enum"] == list(MemoryType.values)
    assert len(MemoryType.values) == 7
    assert EXTRACT_SCHEMA["properties"]["chunks"]["minItems"] == 1
    assert EXTRACT_SCHEMA["properties"]["chunks"]["maxItems"] == 3


def test_valid_reply_is_parsed_and_whitespace_tidied():
    chunks = parse_chunks(_reply(_chunk(title="  Pixel \n the cat ")))
    assert [(c.title, c.type) for c in chunks] == [("Pixel the cat", "fact")]


def test_a_code_fence_around_the_json_is_accepted():
    assert len(parse_chunks("```json\n" + _reply(_chunk()) + "\n```")) == 1


@pytest.mark.parametrize(
    ("reply", "reason"),
    [
        ("Sure! Here are the memories", "not valid JSON"),
        ("[]", "JSON object"),
        (_reply(), "1 to 3 items, not 0"),
        (_reply(_chunk(), _chunk(), _chunk(), _chunk()), "not 4"),
        (_reply(_chunk(type="mood")), "type 'mood' is not one of"),
        (_reply({"title": "x", "content": "y"}), "chunk 1 is missing type"),
        (_reply(_chunk(importance=3)), "unexpected keys ['importance']"),
        (_reply(_chunk(title="")), "title is empty"),
        (_reply(_chunk(content=5)), "content must be a string"),
        (_reply(_chunk(title="x" * 121)), "title is longer than 120"),
        (_reply(_chunk(content="y" * 1201)), "content is longer than 1200"),
        (_reply(_chunk(), note="hi"), "unexpected keys ['note']"),
    ],
)
def test_invalid_replies_say_why(reply, reason):
    with pytest.raises(ChunkValidationError) as error:
        parse_chunks(reply)
    assert reason in str(error.value)
