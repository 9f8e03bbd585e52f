"""New chunks and existing memories as the offline decision tests write them."""

from __future__ import annotations

from drawhisper.providers.offline.decisions import Existing

NAMES = ("Alice", "Mira")


def chunk(title, content, type_="fact"):
    return {"title": title, "content": content, "type": type_}


def existing(*memories):
    return [
        Existing(ref=ref, type=type_, title=title, content=content)
        for ref, (title, content, type_) in enumerate(memories, start=1)
    ]
