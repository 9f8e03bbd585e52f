"""The offline model never remembers itself: its stand-in replies are known by their frame, no
memory or summary is made of them, and a reply never quotes an earlier one."""

from __future__ import annotations

import json

import pytest

from drawhisper.providers.base import ChatMessage
from drawhisper.providers.offline import OfflineChatBackend
from drawhisper.providers.offline.extraction import extract_chunks
from drawhisper.providers.offline.reply import MARKER, SIGNATURE, is_stand_in, mentions_stand_in
from tests.providers.offline_turns import EXTRACT_SYSTEM, lines_with_stand_in, stand_in_reply


@pytest.fixture
def offline():
    return OfflineChatBackend(delay=0)


def test_the_stand_in_knows_its_own_replies_by_their_frame():
    reply = stand_in_reply("My cousin Ravi sings in a choir.")

    assert is_stand_in(reply)
    assert is_stand_in(f"Odo: {reply}")  # an archived message
    assert is_stand_in(reply[: len(reply) // 2])  # cut to fit a budget: the opening remains
    assert is_stand_in(reply[len(reply) // 2 :])  # or the signature does
    assert not is_stand_in("Odo: *Odo coils the rope.* The river is high this spring.")
    assert not is_stand_in("I read about an (offline model) railway in a magazine.")
    assert mentions_stand_in(f'Odo said: "{SIGNATURE}"')


def test_memories_come_from_the_user_and_the_characters_real_lines_never_the_stand_in():
    turns = lines_with_stand_in(
        "*I wave from the jetty.* Hello again! I work as a translator for the port authority.",
        "My cousin Ravi sings in a choir, and I love hearing him on Sundays.",
        "Honestly, I'm frightened of thunderstorms.",
    )

    chunks = extract_chunks(turns, user="Lena", character="Odo")

    text = " ".join(f"{chunk['title']} {chunk['content']}" for chunk in chunks)
    assert "Lena works as a translator for the port authority." in text
    assert "Lena's cousin Ravi sings in a choir" in text
    assert "Lena is frightened of thunderstorms." in text
    for words in (MARKER, "offline", "stand-in", "I remember", "You said", "The story so far"):
        assert words not in text
    assert {chunk["type"] for chunk in chunks} <= {"fact", "relationship", "emotion", "preference"}
    assert all(chunk["title"].startswith("Lena: ") for chunk in chunks)


def test_the_offline_extraction_through_the_pipeline_contract(offline):
    transcript = "\n".join(
        f"{turn.speaker}: {' '.join(turn.text.split())}"
        for turn in lines_with_stand_in("My brother Kofi is a pilot.", "I love you, Odo.")
    )
    messages = [
        ChatMessage("system", EXTRACT_SYSTEM),
        ChatMessage(
            "user",
            f"<previous_summary>\n(none yet)\n</previous_summary>\n\n<transcript>\n{transcript}\n"
            "</transcript>\nReturn the JSON now.",
        ),
    ]

    chunks = json.loads(offline.complete(messages, json_schema={}).text)["chunks"]

    content = " ".join(chunk["content"] for chunk in chunks)
    assert "Lena's brother Kofi is a pilot." in content and "Lena loves Odo." in content
    assert all(MARKER not in chunk["content"] for chunk in chunks)


def test_the_summary_leaves_the_stand_in_out(offline):
    transcript = "\n".join(
        f"{turn.speaker}: {' '.join(turn.text.split())}"
        for turn in lines_with_stand_in("I keep a rowing boat called Heron under the bridge.")
    )
    messages = [
        ChatMessage("system", EXTRACT_SYSTEM.replace("You pick what", "You summarise what")),
        ChatMessage(
            "user",
            f'<previous_summary>\nLena arrived at dusk. Odo said: "{SIGNATURE}"\n'
            f"</previous_summary>\n\n<transcript>\n{transcript}\n</transcript>",
        ),
    ]

    text = offline.complete(messages).text

    assert text.startswith("Lena arrived at dusk. ")
    assert "Lena said they keep a rowing boat called Heron under the bridge." in text
    assert not mentions_stand_in(text) and "offline" not in text


async def test_a_reply_never_quotes_an_earlier_stand_in_reply(offline):
    earlier = stand_in_reply("I keep a rowing boat called Heron.")
    system = (
        "You are Odo, a ferryman.\n\n### Relevant memories\n"
        f"- [earlier message] [3 May 2026] Odo: {earlier}\n"
        f'- [conversation] Odo: offline stand-in: Odo said: "{SIGNATURE}"\n'
        "- [fact] Lena's boat: Lena keeps a rowing boat called Heron.\n\n"
        f'### Story so far\n- Odo said: "{MARKER} I remember nothing." Lena came by boat.'
    )

    reply = "".join(
        [
            piece
            async for piece in offline.stream(
                [ChatMessage("system", system), ChatMessage("user", "Shall we row?")]
            )
        ]
    )

    assert "I remember: Lena keeps a rowing boat called Heron." in reply
    assert "The story so far: Lena came by boat." in reply
    assert reply.count(MARKER) == 1 and reply.count(SIGNATURE) == 1
