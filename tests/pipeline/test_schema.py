from __future__ import annotations

import json

import pytest

from memories.models import MemoryType
from memories.pipeline.schema import (
    EXTRACT_SCHEMA,
    ChunkValidationError,
    parse_chunks,
    remainder_title,
)


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


@pytest.mark.parametrize(
    ("chunk", "reason"),
    [
        (_chunk(decision="add", remainder="Alice works as a nurse."), "only an update has"),
        (_chunk(decision="same 1", remainder="Alice works as a nurse."), "only an update has"),
        (_chunk(decision="update 1", remainder="y" * 1201), "remainder is longer than 1200"),
        (_chunk(decision="update 1", remainder=5), "remainder must be a string"),
    ],
)
def test_a_remainder_belongs_to_an_update_only(chunk, reason):
    with pytest.raises(ChunkValidationError) as error:
        parse_chunks(_reply(chunk), existing=1)
    assert reason in str(error.value)


@pytest.mark.parametrize("empty", ["", "  ", None])
def test_an_empty_remainder_means_none(empty):
    [chunk] = parse_chunks(_reply(_chunk(decision="update 1", remainder=empty)), existing=1)
    assert chunk.remainder == ""
    assert chunk.remainder_text == ""


def test_an_update_keeps_its_remainder_with_a_title_from_its_first_sentence():
    remainder = "Alice works as a nurse at the children's hospital. She likes night shifts."
    [chunk] = parse_chunks(_reply(_chunk(decision="update 1", remainder=remainder)), existing=1)
    assert chunk.remainder == remainder
    assert remainder_title(chunk.remainder) == "Alice works as a nurse at the children's hospital"
    assert remainder_title("word " * 60).endswith("…")
    assert len(remainder_title("word " * 60)) <= 120
    assert "remainder" in EXTRACT_SCHEMA["properties"]["chunks"]["items"]["required"]
