"""factory_boy factories for every model; apps' tests import from here."""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.PostGenerationMethodCall("set_password", "correct horse battery")

    @factory.post_generation
    def _save(obj, create, extracted, **kwargs):  # noqa: N805
        if create:
            obj.save()


class CharacterFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "characters.Character"

    owner = factory.SubFactory(UserFactory)
    name = factory.Sequence(lambda n: f"Character {n}")
    tagline = "A traveller with stories"
    description = "A weathered cartographer who has mapped half the known world."
    personality = "Curious, dry-witted, kind to strangers."
    greeting = "Ah, a visitor. Sit, the kettle is on."


class SceneFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "scenes.Scene"

    character = factory.SubFactory(CharacterFactory)
    owner = factory.SelfAttribute("character.owner")
    title = factory.Sequence(lambda n: f"Scene {n}")
    stage_directions = "Speak softly; it is late at night."
    scenario = "A lighthouse during a storm."


class ThreadFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "chat.Thread"

    character = factory.SubFactory(CharacterFactory)
    owner = factory.SelfAttribute("character.owner")
    title = "A chat"


class MessageFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "chat.Message"

    thread = factory.SubFactory(ThreadFactory)
    seq = factory.Sequence(lambda n: n + 1)
    role = "user"
    content = "Hello there."
    token_count = 3


class MemoryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "memories.Memory"

    character = factory.SubFactory(CharacterFactory)
    owner = factory.SelfAttribute("character.owner")
    type = "fact"
    title = factory.Sequence(lambda n: f"Memory {n}")
    content = "The user's sister is called Mira."
    created_by = "pipeline"
