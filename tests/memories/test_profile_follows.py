"""The profile follows every hand change to the memories it is made of, in the same commit:
verifying an unverified memory, settling a conflict, editing, deleting, creating. A field the
user wrote stays theirs. And the pronouns: learned, conservatively, from what the user said."""

from __future__ import annotations

import pytest

from memories import index as vector_services
from memories.models import Memory
from memories.profile import profile_refresh, profile_update, profile_view
from memories.profile.merge import MemoryFacts, learned_name, learned_pronouns
from tests.factories import MemoryFactory, ThreadFactory, UserFactory

PROFILE = "/api/characters/{}/profile/"


def profile_of(api_client, character) -> dict:
    response = api_client.get(PROFILE.format(character.pk))
    assert response.status_code == 200
    return response.json()


def remembered(character, content, *, type="fact", status=Memory.Status.ACTIVE, **fields):
    memory = MemoryFactory(character=character, type=type, content=content, status=status, **fields)
    vector_services.index_memories(memories=[memory])
    return memory


@pytest.fixture
def ada(character):
    """The user is "Ada" in their chat with the character (the persona-less account name)."""
    owner = character.owner
    owner.first_name = "Ada"
    owner.save(update_fields=["first_name"])
    ThreadFactory(character=character, owner=owner)
    return character


@pytest.mark.django_db
def test_verifying_an_unverified_memory_puts_it_in_the_profile(api_client, ada):
    kept_out = remembered(ada, "Ada works as a ferry pilot.", status=Memory.Status.UNVERIFIED)
    profile_refresh(owner_id=ada.owner_id, character_id=ada.pk, user_name="Ada")
    assert profile_of(api_client, ada)["facts"] == []  # kept out of chats, and of the profile

    response = api_client.patch(
        f"/api/memories/{kept_out.pk}/", {"status": "active"}, format="json"
    )
    assert response.status_code == 200
    assert profile_of(api_client, ada)["facts"] == ["Ada works as a ferry pilot."]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("keep", "facts"),
    [
        ("new", ["Ada lives in Porto."]),
        ("old", ["Ada lives in Leeds."]),
        ("both", ["Ada lives in Leeds.", "Ada lives in Porto."]),
    ],
)
def test_a_settled_conflict_leaves_only_what_was_kept_in_the_profile(api_client, ada, keep, facts):
    old = remembered(ada, "Ada lives in Leeds.")
    remembered(ada, "Ada lives in Porto.", status=Memory.Status.CONFLICT, conflicts_with=old)
    profile_refresh(owner_id=ada.owner_id, character_id=ada.pk, user_name="Ada")
    assert profile_of(api_client, ada)["facts"] == ["Ada lives in Leeds."]

    new = Memory.objects.get(status=Memory.Status.CONFLICT)
    response = api_client.post(f"/api/memories/{new.pk}/resolve/", {"keep": keep}, format="json")
    assert response.status_code == 200
    assert profile_of(api_client, ada)["facts"] == facts


@pytest.mark.django_db
def test_an_edited_memory_changes_its_profile_entry_and_a_deleted_one_leaves(api_client, ada):
    memory = remembered(ada, "Ada works as a ferry pilot.")
    remembered(ada, "Ada loves jasmine tea.", type="preference")
    profile_refresh(owner_id=ada.owner_id, character_id=ada.pk, user_name="Ada")

    response = api_client.patch(
        f"/api/memories/{memory.pk}/", {"content": "Ada works as a harbour pilot."}, format="json"
    )
    assert response.status_code == 200
    assert profile_of(api_client, ada)["facts"] == ["Ada works as a harbour pilot."]

    assert api_client.delete(f"/api/memories/{memory.pk}/").status_code == 204
    profile = profile_of(api_client, ada)
    assert profile["facts"] == [] and profile["likes"] == ["Ada loves jasmine tea."]


@pytest.mark.django_db
def test_a_memory_written_by_hand_joins_the_profile_but_never_over_the_users_own_field(
    api_client, ada
):
    profile_update(owner_id=ada.owner_id, character_id=ada.pk, changes={"likes": ["Snow."]})
    response = api_client.post(
        "/api/memories/",
        {"character": ada.pk, "type": "preference", "title": "Tea", "content": "Ada loves tea."},
        format="json",
    )
    assert response.status_code == 201
    response = api_client.post(
        "/api/memories/",
        {"character": ada.pk, "type": "fact", "title": "Job", "content": "Ada is a night nurse."},
        format="json",
    )
    assert response.status_code == 201
    profile = profile_of(api_client, ada)
    assert profile["likes"] == ["Snow."]  # the user's own words win
    assert profile["facts"] == ["Ada is a night nurse."]


@pytest.mark.django_db
def test_another_users_memory_changes_never_touch_this_profile(api_client, ada):
    remembered(ada, "Ada works as a ferry pilot.")
    profile_refresh(owner_id=ada.owner_id, character_id=ada.pk, user_name="Ada")
    stranger = UserFactory()
    foreign = MemoryFactory(owner=stranger, content="Ada is a spy.")
    assert api_client.delete(f"/api/memories/{foreign.pk}/").status_code == 404
    assert profile_of(api_client, ada)["facts"] == ["Ada works as a ferry pilot."]


# --------------------------------------------------------------------------- pronouns


def said(*contents):
    return [MemoryFacts(id=n, type="conversation", content=text) for n, text in enumerate(contents)]


@pytest.mark.parametrize(
    ("contents", "pronouns"),
    [
        (["Ada said their pronouns are they/them, by the way."], "they/them"),
        (["Ada's pronouns are she/her."], "she/her"),
        (["Ada said they use he/him pronouns."], "he/him"),
        (["Ada goes by she/they."], "she/they"),
        (["Ada is a woman who grew up by the sea."], "she/her"),
        (["Ada said she is a trans man."], "he/him"),
        (["Ada is a man of few words."], "he/him"),
        # The newest statement wins.
        (
            ["Ada's pronouns are she/her.", "Ada said their pronouns are they/them now."],
            "they/them",
        ),
        # Nothing guessed: no pronouns named, negated, someone else, or a figure of speech.
        (["Ada is non-binary."], ""),
        (["Ada is not a man."], ""),
        (["Mara's pronouns are she/her."], ""),
        (["Mara said Ada is a woman."], ""),
        (["Ada is a woman's best friend, says her dog."], ""),
        (["Ada walked she/her dog."], ""),
        (["Ada bought a manual for the boat."], ""),
    ],
)
def test_pronouns_are_learned_only_from_what_the_user_plainly_said(contents, pronouns):
    assert learned_pronouns(said(*contents), user_name="Ada") == pronouns


@pytest.mark.django_db
def test_pronouns_come_from_any_active_memory_and_the_users_own_win(user, character):
    ThreadFactory(character=character, owner=user)
    MemoryFactory(
        owner=user,
        character=character,
        type="conversation",
        content="Ada said their pronouns are they/them, by the way.",
    )
    profile_refresh(owner_id=user.pk, character_id=character.pk, user_name="Ada")
    assert profile_view(owner_id=user.pk, character_id=character.pk).data["pronouns"] == (
        "they/them"
    )
    profile_update(owner_id=user.pk, character_id=character.pk, changes={"pronouns": "ze/zir"})
    MemoryFactory(owner=user, character=character, content="Ada's pronouns are she/her.")
    profile_refresh(owner_id=user.pk, character_id=character.pk, user_name="Ada")
    view = profile_view(owner_id=user.pk, character_id=character.pk)
    assert view.data["pronouns"] == "ze/zir" and "pronouns" in view.user_fields


@pytest.mark.parametrize(
    ("contents", "name"),
    [
        (["Ada goes by Alex."], "Alex"),
        (["Ada's name is Sam."], "Sam"),
        (["Ada goes by Alex.", "Ada asked to be called Sasha."], "Sasha"),  # newest wins
        (["Ada goes by he/him."], ""),  # pronouns, not a name
        (["Ada no longer goes by Alex."], ""),
        (["Mara goes by Captain."], ""),
        (["Ada goes by bike to work."], ""),
    ],
)
def test_the_name_the_user_asked_for_is_learned(contents, name):
    assert learned_name(said(*contents), user_name="Ada") == name
