"""Lorebook files as SillyTavern and card editors write them."""

from __future__ import annotations

import copy


def _st_entry(uid, **fields):
    base = {
        "uid": uid,
        "key": [],
        "keysecondary": [],
        "comment": "",
        "content": "",
        "constant": False,
        "vectorized": False,
        "selective": True,
        "selectiveLogic": 0,
        "addMemo": True,
        "order": 100,
        "position": 0,
        "disable": False,
        "ignoreBudget": False,
        "excludeRecursion": False,
        "preventRecursion": False,
        "matchPersonaDescription": False,
        "matchCharacterDescription": False,
        "delayUntilRecursion": False,
        "probability": 100,
        "useProbability": True,
        "depth": 4,
        "outletName": "",
        "group": "",
        "groupOverride": False,
        "groupWeight": 100,
        "scanDepth": None,
        "caseSensitive": None,
        "matchWholeWords": None,
        "useGroupScoring": None,
        "automationId": "",
        "role": None,
        "sticky": 0,
        "cooldown": 0,
        "delay": 0,
        "triggers": [],
        "displayIndex": uid,
    }
    base.update(fields)
    return base


WORLD_INFO = {
    "entries": {
        "0": _st_entry(
            0,
            key=["Eldoria", "the forest"],
            comment="Eldoria",
            content="Eldoria is an ancient forest of silver birches.",
            order=200,
        ),
        "1": _st_entry(
            1,
            key=["king"],
            keysecondary=["crown", "throne"],
            selectiveLogic=3,
            comment="The king (needs crown and throne)",
            content="King Aldric rules from the Birch Throne.",
            position=4,
            depth=2,
            role=0,
            caseSensitive=True,
        ),
        "2": _st_entry(
            2,
            key=[],
            comment="Always",
            content="Magic is fading from the world.",
            constant=True,
            position=1,
            group="world",
            sticky=2,
        ),
        "5": _st_entry(
            5,
            key=["/moon(light)?/i"],
            comment="Regex key, author's note position",
            content="The moon is never full.",
            position=2,
            probability=40,
            disable=True,
            matchWholeWords=True,
            scanDepth=6,
        ),
    },
    "name": "Eldoria world",
    "originalData": {"kept": ["as", "is"]},
}

CHARACTER_BOOK_V2 = {
    "name": "Eldoria",
    "description": "Places and people of the forest",
    "scan_depth": 3,
    "token_budget": 512,
    "recursive_scanning": False,
    "extensions": {"world_source": "eldoria.json"},
    "entries": [
        {
            "keys": ["glade"],
            "content": "A ring of silver birches.",
            "extensions": {
                "position": 0,
                "exclude_recursion": False,
                "display_index": 0,
                "probability": 100,
                "useProbability": True,
                "depth": 4,
                "selectiveLogic": 0,
                "group": "",
                "scan_depth": None,
                "match_whole_words": None,
                "case_sensitive": None,
                "role": 0,
                "vectorized": False,
            },
            "enabled": True,
            "insertion_order": 100,
            "case_sensitive": False,
            "name": "Glade",
            "priority": 10,
            "id": 0,
            "comment": "Glade",
            "selective": True,
            "secondary_keys": [],
            "constant": False,
            "position": "before_char",
        },
        {
            "keys": ["Seraphina's past"],
            "content": "{{char}} once served the queen.",
            "extensions": {"position": 4, "depth": 1, "selectiveLogic": 2},
            "enabled": True,
            "insertion_order": 50,
            "id": 7,
            "selective": True,
            "secondary_keys": ["lie"],
            "constant": False,
            "position": "after_char",
        },
        {
            "keys": [],
            "content": "The forest remembers every footstep.",
            "extensions": {},
            "enabled": True,
            "insertion_order": 1,
            "constant": True,
        },
    ],
}

CHARACTER_BOOK_V3 = {
    "name": "Starport",
    "extensions": {},
    "entries": [
        {
            "keys": ["dock\\d+"],
            "content": "Docks are numbered from the spine outward.",
            "extensions": {},
            "enabled": True,
            "insertion_order": 10,
            "use_regex": True,
            "constant": False,
            "position": "after_char",
            "id": 3,
        },
        {
            "keys": ["captain"],
            "content": "@@depth 2\nThe captain is a retired smuggler.",
            "extensions": {"lorebook_tool": {"color": "blue"}},
            "enabled": False,
            "insertion_order": 20,
            "use_regex": False,
            "id": 4,
        },
    ],
}


def card_v2(book=None):
    return {
        "spec": "chara_card_v2",
        "spec_version": "2.0",
        "data": {
            "name": "Seraphina",
            "description": "A guardian of the forest.",
            "personality": "Gentle.",
            "scenario": "{{user}} wakes in the glade.",
            "first_mes": "You're safe now, {{user}}.",
            "mes_example": "",
            "creator_notes": "",
            "system_prompt": "",
            "post_history_instructions": "",
            "alternate_greetings": [],
            "character_book": copy.deepcopy(book or CHARACTER_BOOK_V2),
            "tags": [],
            "creator": "someone",
            "character_version": "1",
            "extensions": {"talkativeness": "0.5"},
        },
    }


def card_v3(book=None):
    return {
        "spec": "chara_card_v3",
        "spec_version": "3.0",
        "data": {
            "name": "Vex",
            "description": "A starport fixer.",
            "personality": "",
            "scenario": "",
            "first_mes": "Need a ship?",
            "mes_example": "",
            "creator_notes": "",
            "system_prompt": "",
            "post_history_instructions": "",
            "alternate_greetings": [],
            "character_book": copy.deepcopy(book or CHARACTER_BOOK_V3),
            "tags": ["sci-fi"],
            "creator": "",
            "character_version": "",
            "extensions": {},
            "group_only_greetings": [],
            "nickname": "V",
            "creation_date": 1700000000,
            "modification_date": 1700000100,
            "assets": [{"type": "icon", "uri": "ccdefault:", "name": "main", "ext": "png"}],
        },
    }
