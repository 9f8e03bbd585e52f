"""The seven memory types are defined once, by ``memories.models.MemoryType``; the copies
that cannot import it (the browser's list, the offline stand-in model) must say the same."""

from __future__ import annotations

import json
import re
from pathlib import Path

from drawhisper.providers.offline import extraction, reply
from memories.models import MemoryType

ROOT = Path(__file__).resolve().parents[2]


def test_there_are_the_seven_memory_types():
    assert sorted(MemoryType.values) == sorted(
        [
            "conversation",
            "important_event",
            "preference",
            "fact",
            "emotion",
            "worldbuilding",
            "relationship",
        ]
    )


def test_the_browser_lists_the_same_types_in_the_same_order():
    source = (ROOT / "frontend" / "js" / "memory-board" / "configs.js").read_text()
    found = re.search(r"MEMORY_TYPES = Object\.freeze\((\[.*?\])\)", source, re.DOTALL)
    assert found is not None, "configs.js no longer states MEMORY_TYPES"
    assert json.loads(found.group(1)) == MemoryType.values


def test_the_offline_model_knows_every_type_and_no_other():
    assert sorted(extraction.TYPE_ORDER) == sorted(MemoryType.values)
    for memory_type in MemoryType.values:
        assert reply._MEMORY_TAG.fullmatch(f"[{memory_type}]")
    assert not reply._MEMORY_TAG.fullmatch("[opinion]")
