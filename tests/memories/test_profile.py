"""The profile's shape and its merge: what the pipeline learns from memories, that a field
the user edited is theirs, and that the profile stays under its token cap."""

from __future__ import annotations

import pytest

from drawhisper.tokens import count_tokens
from memories.models import Profile
from memories.profile import (
    MAX_TOKENS,
    ProfileTooLarge,
    profile_refresh,
    profile_text,
    profile_update,
    profile_view,
)
from memories.profile.merge import MemoryFacts, learned_entries, merged
from tests.factories import CharacterFactory, MemoryFactory


def facts(*memories):
    return [MemoryFacts(id=n, type=kind, content=text) for n, (kind, text) in enumerate(memories)]


def test_sentences_about_the_user_are_sorted_into_the_profile_fields():
    learned = learned_entries(
        facts(
            ("fact", "Ada works as a ferry pilot. Mara keeps the lighthouse."),
            ("preference", "Ada loves jasmine tea. Ada can't stand coriander."),
            ("relationship", "Ada's brother Tomas mends nets."),
            ("emotion", "Ada is terrified of deep water."),  # not a profile type
            ("fact", "Adam owns a boat."),  # another name that starts the same
            ("fact", "The user lives in Leeds."),
        ),
        user_name="Ada",
    )
    assert learned == {
        "facts": ["Ada works as a ferry pilot.", "The user lives in Leeds."],
        "likes": ["Ada loves jasmine tea."],
        "dislikes": ["Ada can't stand coriander."],
        "relationships": ["Ada's brother Tomas mends nets."],
    }


def test_memories_naming_another_name_are_not_the_users():
    learned = learned_entries(facts(("fact", "demo works as a ferry pilot.")), user_name="Ada")
    assert learned["facts"] == []


def test_a_field_the_user_edited_is_never_overwritten_by_the_merge():
    learned = {"facts": ["Ada is a nurse."], "likes": ["Ada loves tea."], "dislikes": []}
    current = {"name": "Ada", "likes": ["Coffee, black."], "pronouns": "she/her"}
    profile = merged(current, user_fields=["likes", "pronouns"], learned=learned, user_name="Ada")
    assert profile["likes"] == ["Coffee, black."]  # the user's, not "Ada loves tea."
    assert profile["pronouns"] == "she/her"
    assert profile["facts"] == ["Ada is a nurse."]  # the pipeline's own field is rebuilt


def test_the_name_follows_the_chat_unless_the_user_wrote_one():
    learned = {"facts": ["Ada is a nurse."]}
    assert merged({"name": "demo"}, user_fields=[], learned=learned, user_name="Ada")["name"] == (
        "Ada"
    )
    kept = merged({"name": "Adelaide"}, user_fields=["name"], learned=learned, user_name="Ada")
    assert kept["name"] == "Adelaide"


def test_the_merge_keeps_the_profile_under_its_token_cap_newest_entries_first():
    many = [
        f"Ada remembers the harbour story number {n} about old boats and sails." for n in range(80)
    ]
    profile = merged({}, user_fields=[], learned={"facts": many}, user_name="Ada")
    text = profile_text(profile, user_name="Ada", character_name="Mara")
    assert 0 < count_tokens(text) < MAX_TOKENS
    assert profile["facts"][-1] == many[-1]  # the newest stayed
    assert many[0] not in profile["facts"]


def test_the_merge_drops_its_own_entries_before_the_users():
    mine = [f"I keep a long note about my garden, entry number {n}, with roses." for n in range(15)]
    learned = {"facts": [f"Ada said something long and new, number {n}, today." for n in range(40)]}
    profile = merged({"likes": mine}, user_fields=["likes"], learned=learned, user_name="Ada")
    assert profile["likes"] == mine
    assert count_tokens(profile_text(profile, user_name="Ada")) < MAX_TOKENS
    assert len(profile["facts"]) < 20


@pytest.mark.django_db
def test_a_user_edit_over_the_cap_is_refused_and_nothing_is_saved(user):
    character = CharacterFactory(owner=user)
    profile_update(owner_id=user.pk, character_id=character.pk, changes={"pronouns": "she/her"})
    huge = {
        "facts": [
            f"A long sentence about my life, number {n}, that goes on." * 3 for n in range(20)
        ]
    }
    huge["facts"] = [entry[:200] for entry in huge["facts"]]
    with pytest.raises(ProfileTooLarge):
        profile_update(owner_id=user.pk, character_id=character.pk, changes=huge)
    view = profile_view(owner_id=user.pk, character_id=character.pk)
    assert view.data["facts"] == [] and view.user_fields == ("pronouns",)


@pytest.mark.django_db
def test_refresh_learns_from_memories_keeps_user_fields_and_is_stable(user):
    character = CharacterFactory(owner=user, name="Mara")
    MemoryFactory(owner=user, character=character, type="fact", content="Ada is a night nurse.")
    MemoryFactory(owner=user, character=character, type="preference", content="Ada loves rain.")
    assert profile_refresh(owner_id=user.pk, character_id=character.pk, user_name="Ada")
    view = profile_view(owner_id=user.pk, character_id=character.pk)
    assert view.data["name"] == "Ada"
    assert view.data["facts"] == ["Ada is a night nurse."]
    assert view.data["likes"] == ["Ada loves rain."]

    profile_update(owner_id=user.pk, character_id=character.pk, changes={"likes": ["Snow."]})
    MemoryFactory(owner=user, character=character, type="preference", content="Ada loves fog.")
    assert profile_refresh(owner_id=user.pk, character_id=character.pk, user_name="Ada") is False
    view = profile_view(owner_id=user.pk, character_id=character.pk)
    assert view.data["likes"] == ["Snow."] and view.user_fields == ("likes",)
    assert Profile.objects.filter(owner=user).count() == 1


@pytest.mark.django_db
def test_a_superseded_memory_leaves_the_profile(user):
    character = CharacterFactory(owner=user)
    old = MemoryFactory(owner=user, character=character, content="Ada lives in Leeds.")
    profile_refresh(owner_id=user.pk, character_id=character.pk, user_name="Ada")
    old.status = "superseded"
    old.save(update_fields=["status"])
    MemoryFactory(owner=user, character=character, content="Ada lives in Porto.")
    profile_refresh(owner_id=user.pk, character_id=character.pk, user_name="Ada")
    facts_now = profile_view(owner_id=user.pk, character_id=character.pk).data["facts"]
    assert facts_now == ["Ada lives in Porto."]


@pytest.mark.django_db
def test_nothing_learned_makes_no_profile(user):
    character = CharacterFactory(owner=user)
    MemoryFactory(owner=user, character=character, content="Mara keeps the lighthouse.")
    assert profile_refresh(owner_id=user.pk, character_id=character.pk, user_name="Ada") is False
    assert not Profile.objects.exists()
    assert profile_text(profile_view(owner_id=user.pk, character_id=character.pk).data) == ""
