"""Turns of a chat between Lena (the user) and Odo (the character) as the offline model's tests
write them, with the offline stand-in's own replies among them, and the extraction prompt's
opening that names the two."""

from __future__ import annotations

from drawhisper.providers.base import ChatMessage
from drawhisper.providers.offline.contract import Turn
from drawhisper.providers.offline.reply import compose_reply

EXTRACT_SYSTEM = (
    "You pick what a role-play character should remember long-term from a chat between "
    "Lena (the user, a real person) and Odo (a character played by an AI)."
)


def stand_in_reply(user_text: str, system: str = "You are Odo, a ferryman.") -> str:
    return compose_reply([ChatMessage("system", system), ChatMessage("user", user_text)])


def lines_with_stand_in(*user_lines: str) -> list[Turn]:
    turns = [
        Turn("Odo", "*Odo pushes the ferry off the bank.* I've rowed this river since I was ten.")
    ]
    for line in user_lines:
        turns += [Turn("Lena", line), Turn("Odo", stand_in_reply(line))]
    return turns
