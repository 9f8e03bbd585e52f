"""``manage.py load_demo``: the demo account with three characters, each with a scene.

Idempotent: the user, characters and scenes are created only when missing (matched by
username, character name and scene title), so edits made in the app survive a rerun."""

from __future__ import annotations

import io

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from PIL import Image, ImageDraw

from characters.demo import DEMO_CHARACTERS, DEMO_PASSWORD, DEMO_USERNAME
from characters.models import Character
from characters.services import character_create
from scenes.selectors import scene_list
from scenes.services import scene_create


def demo_avatar(
    colors: tuple[tuple[int, int, int], tuple[int, int, int]], size: int = 256
) -> bytes:
    """A soft vertical gradient with a moon-like disc: enough to tell the demo characters apart."""
    top, bottom = colors
    image = Image.new("RGB", (size, size))
    draw = ImageDraw.Draw(image)
    for y in range(size):
        mix = y / (size - 1)
        draw.line(
            [(0, y), (size, y)],
            fill=tuple(round(a + (b - a) * mix) for a, b in zip(top, bottom, strict=True)),
        )
    margin = size // 4
    draw.ellipse(
        [margin, margin, size - margin, size - margin], outline=(236, 233, 245), width=size // 40
    )
    output = io.BytesIO()
    image.save(output, format="PNG")
    return output.getvalue()


class Command(BaseCommand):
    help = (
        f"Create the demo user ({DEMO_USERNAME} / {DEMO_PASSWORD}) and demo characters, if missing."
    )

    @transaction.atomic
    def handle(self, *args, **options):
        User = get_user_model()  # noqa: N806
        user, created_user = User.objects.get_or_create(username=DEMO_USERNAME)
        if created_user or not user.check_password(DEMO_PASSWORD):
            user.set_password(DEMO_PASSWORD)
            user.save(update_fields=["password"])
        created = []
        for spec in DEMO_CHARACTERS:
            fields = {key: value for key, value in spec.items() if key not in ("scene", "colors")}
            character = Character.objects.filter(owner=user, name=spec["name"]).first()
            if character is None:
                character = character_create(
                    owner=user, avatar=demo_avatar(spec["colors"]), **fields
                )
                created.append(character.name)
            scene_spec = spec["scene"]
            scenes = scene_list(user=user, character=character)
            if not scenes.filter(title=scene_spec["title"]).exists():
                scene_create(character=character, **scene_spec)
                created.append(f"{character.name}: {scene_spec['title']}")
        summary = ", ".join(created) if created else "nothing new; the demo data was already there"
        self.stdout.write(
            f"Demo user '{DEMO_USERNAME}' (password '{DEMO_PASSWORD}'): created {summary}."
        )
