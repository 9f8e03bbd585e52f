"""The offline model: honest about being offline, shows the memory system at work, and
feeds the memory pipeline with valid summaries and typed chunks, all without a network."""

from __future__ import annotations

import json

import jsonschema
import pytest

from drawhisper.providers import get_llm
from drawhisper.providers.base import ChatMessage
from drawhisper.providers.offline import OfflineChatBackend
from drawhisper.providers.offline.contract import parse_sections, parse_transcript
from drawhisper.providers.offline.memory_types import classify

MEMORY_TYPES = [
    "conversation",
    "important_event",
    "preference",
    "fact",
    "emotion",
    "worldbuilding",
    "relationship",
]
EXTRACT_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["chunks"],
    "properties": {
        "chunks": {
            "type": "array",
            "minItems": 1,
            "maxItems": 3,
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["title", "content", "type", "source_seqs", "decision"],
                "properties": {
                    "title": {"type": "string", "minLength": 1, "maxLength": 120},
                    "content": {"type": "string", "minLength": 1, "maxLength": 1200},
                    "type": {"type": "string", "enum": MEMORY_TYPES},
                    "source_seqs": {"type": "array", "items": {"type": "integer"}},
                    # With no existing memories in the prompt, every chunk is new.
                    "decision": {"const": "add"},
                },
            },
        }
    },
}

SYSTEM = """You are Ada, the keeper of the Brennmoor lighthouse.
Ada's habits:
- polishes the lamp at dawn

Notes from earlier in this story may follow under "###" headings.

### Pinned memories
- [preference] Sam's tea: Sam loves jasmine tea in the morning.

### Shared memories
- [relationship] Lena: Sam's sister Lena is a sailor.

### Relevant memories
- [earlier message] Sam: I will be back before the winter storms.
- [12 May 2026] [important_event] Porto: Sam moved to Porto last spring.

### Story so far
- Sam arrived at the lighthouse during a storm. Ada gave Sam shelter."""

TRANSCRIPT = """(2026-11-28)
Sam: Hi Ada!
Ada: *lights the great lamp in the old tower while the rain falls* Good evening, Sam. How was the crossing?
Sam: Rough. I moved to Porto last spring, so the ferry is my life now.
Sam: I love jasmine tea, by the way. My sister Lena is a sailor and she taught me to brew it.
Ada: The kingdom of Brennmoor banned magic after the war.
Sam: lol
Sam: ok thanks
(2026-11-29)
Ada: I feel lonely when the storms come and nobody visits the lighthouse.
Sam: I trust you, Ada.
Sam: My birthday is on the fifth of March."""


def pipeline_prompt(
    transcript: str = TRANSCRIPT,
    previous: str = "(none yet: this is the start of the conversation)",
):
    return [
        ChatMessage(
            "system", "You keep the running summary of a role-play chat between Sam and Ada."
        ),
        ChatMessage(
            "user",
            f"<previous_summary>\n{previous}\n</previous_summary>\n\n<transcript>\n{transcript}\n</transcript>\n\nWrite it now.",
        ),
    ]


@pytest.fixture
def offline():
    return OfflineChatBackend(delay=0)


async def reply_of(llm, messages) -> tuple[str, list[str]]:
    pieces = [piece async for piece in llm.stream(messages)]
    return "".join(pieces), pieces


# -- chat replies ---------------------------------------------------------------------


async def test_the_reply_says_it_is_offline_and_weaves_in_what_was_remembered(offline):
    messages = [ChatMessage("system", SYSTEM), ChatMessage("user", "Do you remember my sister?")]

    text, pieces = await reply_of(offline, messages)

    assert "(offline model)" in text
    assert (
        "I remember: Sam loves jasmine tea in the morning; and Sam's sister Lena is a sailor."
        in text
    )
    assert "The story so far: Sam arrived at the lighthouse during a storm." in text
    assert 'You asked: "Do you remember my sister?"' in text
    assert text.startswith("*Ada ")
    assert "[preference]" not in text
    assert len(pieces) > 20  # streamed word by word
    assert all(piece.strip() for piece in pieces)


async def test_memories_are_preferred_to_archived_messages(offline):
    system = (
        SYSTEM.split("### Pinned")[0]
        + "### Relevant memories\n- [earlier message] Sam: I will be back.\n- [3 May 2026] [fact] Oars: Ada carves oars."
    )

    text, _ = await reply_of(offline, [ChatMessage("system", system), ChatMessage("user", "Hello")])

    assert "I remember: Ada carves oars; and Sam: I will be back." in text


async def test_with_nothing_remembered_it_says_so(offline):
    text, _ = await reply_of(
        offline, [ChatMessage("system", "You are Ada."), ChatMessage("user", "hi")]
    )

    assert "(offline model) I have no memories of us yet" in text
    assert "polishes" not in text


async def test_the_same_conversation_gets_the_same_reply(offline):
    messages = [ChatMessage("system", SYSTEM), ChatMessage("user", "Tell me a story.")]

    assert (await reply_of(offline, messages))[0] == (await reply_of(offline, messages))[0]


async def test_words_arrive_with_the_configured_delay():
    import time

    slow = OfflineChatBackend(delay=0.01)
    started = time.monotonic()
    _, pieces = await reply_of(
        slow, [ChatMessage("system", "You are Ada."), ChatMessage("user", "hi")]
    )

    assert time.monotonic() - started >= 0.01 * (len(pieces) - 1) * 0.9


def test_only_bullets_under_the_agreed_headings_are_memories():
    sections = parse_sections(SYSTEM)

    assert sections["Pinned memories"] == [
        "[preference] Sam's tea: Sam loves jasmine tea in the morning."
    ]
    assert (
        sections["Relevant memories"][1]
        == "[12 May 2026] [important_event] Porto: Sam moved to Porto last spring."
    )
    assert all("polishes" not in item for items in sections.values() for item in items)
    assert parse_sections("### Story so far\nSam came by boat.\nAda waved.")["Story so far"] == [
        "Sam came by boat. Ada waved."
    ]


# -- summaries ------------------------------------------------------------------------


def test_the_summary_is_extractive_attributed_and_skips_filler(offline):
    result = offline.complete(pipeline_prompt())

    assert "Sam said they moved to Porto last spring" in result.text
    assert "lol" not in result.text and "ok thanks" not in result.text.lower()
    assert "Hi Ada" not in result.text
    assert "(none yet" not in result.text
    assert result.model == "offline"
    assert result.reasoning.startswith("Offline extractive summary")
    assert offline.complete(pipeline_prompt()).text == result.text


def test_the_summary_keeps_where_the_story_began_and_stays_short(offline):
    previous = (
        "Sam arrived at the lighthouse during a storm. Ada gave Sam a blanket. They talked about "
        "boats. Ada said the lamp has not failed in forty years."
    )
    long_transcript = "\n".join(
        f"Sam: On day {day} I sailed past the northern cliffs and counted {day} seals on the rocks."
        for day in range(60)
    )

    result = offline.complete(pipeline_prompt(long_transcript, previous))

    assert result.text.startswith("Sam arrived at the lighthouse during a storm.")
    assert len(result.text) <= 900


def test_without_a_transcript_the_chat_itself_is_summarised(offline):
    messages = [
        ChatMessage("system", "You are Ada."),
        ChatMessage("user", "I was born in Porto and I grew up near the docks."),
        ChatMessage("assistant", "The kingdom keeps its lighthouses lit all winter."),
    ]

    text = offline.complete(messages).text

    assert "User said they were born in Porto" in text


# -- memory extraction ----------------------------------------------------------------


def test_extraction_returns_one_to_three_valid_typed_chunks(offline):
    result = offline.complete(pipeline_prompt(), json_schema=EXTRACT_SCHEMA)

    payload = json.loads(result.text)
    jsonschema.validate(payload, EXTRACT_SCHEMA)
    assert 1 <= len(payload["chunks"]) <= 3
    assert {chunk["type"] for chunk in payload["chunks"]} <= set(MEMORY_TYPES)
    assert any(chunk["type"] != "conversation" for chunk in payload["chunks"])
    assert offline.complete(pipeline_prompt(), json_schema=EXTRACT_SCHEMA).text == result.text


def test_extracted_facts_are_attributed_to_whoever_said_them(offline):
    transcript = "\n".join(
        [
            "Mira: I was born in a village under the volcano.",
            "Tom: Really? I grew up in the harbour district of Lisbon, and I still work as a fisherman there.",
            "Mira: ok",
        ]
    )

    chunks = json.loads(
        offline.complete(pipeline_prompt(transcript), json_schema=EXTRACT_SCHEMA).text
    )["chunks"]

    by_speaker = {chunk["title"].split(":")[0]: chunk for chunk in chunks}
    assert by_speaker["Mira"]["content"] == "Mira was born in a village under the volcano."
    assert by_speaker["Mira"]["type"] == "important_event"
    assert by_speaker["Tom"]["content"] == (
        "Tom grew up in the harbour district of Lisbon, and they still work as a fisherman there."
    )
    assert "Mira" not in by_speaker["Tom"]["content"]


def test_a_sentence_addressed_to_someone_is_quoted_not_rewritten(offline):
    chunks = json.loads(
        offline.complete(
            pipeline_prompt("Sam: I trust you more than anyone in this city."),
            json_schema=EXTRACT_SCHEMA,
        ).text
    )["chunks"]

    assert chunks == [
        {
            "title": "Sam: I trust you more than anyone in this city",
            "content": 'Sam said: "I trust you more than anyone in this city."',
            "type": "relationship",
            "source_seqs": [],  # the transcript's lines carry no numbers
            "decision": "add",
        }
    ]


def test_each_chunk_cites_the_numbered_lines_its_statements_were_said_in(offline):
    transcript = "\n".join(
        [
            "(2026-11-29)",
            "[11] Sam: I love jasmine tea, and I grow it on my balcony.",
            "[12] Ada: *polishes the lamp* The storms are early this year.",
            "[13] Sam: My sister Lena is a sailor.",
            "[14] Sam: Also I adore jasmine tea with honey.",
        ]
    )
    chunks = json.loads(
        offline.complete(pipeline_prompt(transcript), json_schema=EXTRACT_SCHEMA).text
    )["chunks"]

    jsonschema.validate({"chunks": chunks}, EXTRACT_SCHEMA)
    by_type = {chunk["type"]: chunk for chunk in chunks}
    assert by_type["relationship"]["source_seqs"] == [13]
    assert "Lena" in by_type["relationship"]["content"]
    assert set(by_type["preference"]["source_seqs"]) <= {11, 14}
    assert 11 in by_type["preference"]["source_seqs"]
    assert all(12 not in chunk["source_seqs"] for chunk in chunks if "Sam" in chunk["title"])


@pytest.mark.parametrize("transcript", ["Sam: ok\nAda: thanks\nSam: lol", ""])
def test_nothing_worth_keeping_still_yields_one_valid_chunk(offline, transcript):
    payload = json.loads(
        offline.complete(pipeline_prompt(transcript), json_schema=EXTRACT_SCHEMA).text
    )

    jsonschema.validate(payload, EXTRACT_SCHEMA)
    assert len(payload["chunks"]) == 1
    assert payload["chunks"][0]["type"] == "conversation"


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("I really love jasmine tea.", "preference"),
        ("I hate the cold wind from the north.", "preference"),
        ("I feel so afraid when the sea is dark.", "emotion"),
        ("My sister and I trust each other completely.", "relationship"),
        ("The kingdom forbids magic in the capital city.", "worldbuilding"),
        ("My grandmother died last winter.", "important_event"),
        ("Our wedding is on my birthday.", "important_event"),
        ("I moved to Porto for the first time.", "important_event"),
        ("The lamp has three brass wheels.", "fact"),
        ("She works as a ferry pilot.", "fact"),
        ("Tell me about the weather today.", "conversation"),
    ],
)
def test_the_type_classifier(sentence, expected):
    assert classify(sentence) == expected


def test_transcript_lines_dates_timestamps_and_continuations():
    turns = parse_transcript(
        "(2026-11-29)\n[20:14] Sam: First line\nstill Sam here\nAda: Reply: with a colon"
    )

    assert [(turn.speaker, turn.text) for turn in turns] == [
        ("Sam", "First line still Sam here"),
        ("Ada", "Reply: with a colon"),
    ]


def test_the_settings_options_of_every_alias_are_accepted(settings):
    options = {"api_key": "", "base_url": None, "timeout": 60.0, "max_retries": 2}
    settings.LLM_BACKENDS = {
        "chat": {
            "BACKEND": "drawhisper.providers.offline.OfflineChatBackend",
            "OPTIONS": {"model": "offline", **options},
        },
        "summary": {
            "BACKEND": "drawhisper.providers.offline.OfflineChatBackend",
            "OPTIONS": {"model": "offline", "reasoning": True, **options},
        },
    }

    assert isinstance(get_llm("chat"), OfflineChatBackend)
    assert get_llm("summary").complete(pipeline_prompt()).text


def test_the_summary_names_the_user_by_the_name_they_gave(offline):
    transcript = (
        "Sam: Hi Ada! Call me Wren, everyone does.\n"
        "Ada: Welcome to the lighthouse, Wren.\n"
        "Sam: I moved to Porto last spring and I sail the estuary every weekend.\n"
        "Sam: My dog Biscuit sleeps by the stove."
    )

    result = offline.complete(pipeline_prompt(transcript))

    assert "Wren said they moved to Porto last spring" in result.text
    assert "Sam said" not in result.text


def test_the_summary_keeps_the_label_when_no_name_was_given(offline):
    transcript = (
        "Sam: I'm Sorry. I moved to Porto last spring.\n"
        "Sam: Her name's Alba and she sails the estuary every weekend."
    )

    result = offline.complete(pipeline_prompt(transcript))

    assert "Sam said they moved to Porto last spring" in result.text
    assert "Alba said" not in result.text and "Sorry said" not in result.text
