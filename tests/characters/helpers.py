"""Small builders shared by the character tests."""

from __future__ import annotations

import base64
import io
import json

from PIL import Image, PngImagePlugin


def png_bytes(color=(120, 80, 200), size=(8, 8), text: dict[str, str] | None = None) -> bytes:
    image = Image.new("RGB", size, color)
    info = PngImagePlugin.PngInfo()
    for key, value in (text or {}).items():
        info.add_text(key, value)
    output = io.BytesIO()
    image.save(output, format="PNG", pnginfo=info)
    return output.getvalue()


def png_with_card(card: dict) -> bytes:
    return png_bytes(text={"chara": base64.b64encode(json.dumps(card).encode()).decode()})


def read_png_card(data: bytes) -> dict:
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        return json.loads(base64.b64decode(image.text["chara"]))


RICH_CARD = {
    "spec": "chara_card_v2",
    "spec_version": "2.0",
    "data": {
        "name": "Seraphina",
        "description": "A guardian of the <b>Eldoria</b> forest. {{char}} heals travellers.",
        "personality": "Gentle, protective, wry.",
        "scenario": "{{user}} wakes in {{char}}'s glade.",
        "first_mes": "*She kneels beside you.* You're safe now, {{user}}.",
        "mes_example": "<START>\n{{user}}: Who are you?\n{{char}}: A friend.",
        "creator_notes": "Works best with longer replies.",
        "system_prompt": "{{original}}\nWrite in third person.",
        "post_history_instructions": "Stay gentle.",
        "alternate_greetings": ["*She hums.* Awake at last?", "*A fox watches you.*"],
        "character_book": {
            "name": "Eldoria",
            "entries": [
                {
                    "keys": ["glade"],
                    "content": "A ring of silver birches.",
                    "enabled": True,
                    "insertion_order": 0,
                }
            ],
            "extensions": {},
        },
        "tags": ["fantasy", "healer"],
        "creator": "someone",
        "character_version": "1.2",
        "extensions": {
            "depth_prompt": {"depth": 4, "prompt": "Be kind."},
            "talkativeness": "0.5",
            "fav": False,
        },
        "some_future_field": {"kept": [1, 2, 3]},
    },
    "name": "Seraphina",
    "first_mes": "*She kneels beside you.* You're safe now, {{user}}.",
    "create_date": "2024-3-1 @12h 00m 00s 000ms",
}


def import_book(api_client, data):
    response = api_client.post("/api/lorebooks/import/", data, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def export_book(api_client, lorebook_id, as_=None):
    params = {"as": as_} if as_ else {}
    response = api_client.get(f"/api/lorebooks/{lorebook_id}/export/", params)
    assert response.status_code == 200, response.json()
    return response.json()
