"""Input and output shapes of the memory API. Inputs are parsed here; rules live in services.

Outputs are ``memories.events.memory_payload``; ``MemoryOutputSerializer`` only documents
that shape for the OpenAPI schema."""

from __future__ import annotations

from collections.abc import Mapping

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from drawhisper.api import (
    SEQ_MAX,
    IdField,
    QuerySerializer,
    StrictBooleanField,
    StrictIntegerField,
    StrictSerializer,
    refuse_non_text,
)
from memories import profile
from memories.editing import EXPORT_FORMAT, EXPORT_VERSION, MAX_CONTENT_LENGTH, MAX_TITLE_LENGTH
from memories.models import Memory, MemoryType


class MemoryListParamsSerializer(QuerySerializer):
    paged = True  # limit and offset (Pagination)
    character = IdField(required=False)
    thread = IdField(required=False, help_text="Memories made in or pinned to this chat.")
    type = serializers.ChoiceField(choices=MemoryType.choices, required=False)
    pinned = StrictBooleanField(
        required=False,
        allow_null=True,
        default=None,
        help_text="With thread: pinned to that chat; without: pinned to any chat.",
    )
    shared = StrictBooleanField(required=False, allow_null=True, default=None)
    q = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=500,
        help_text="Search by meaning and by words.",
    )
    status = serializers.ChoiceField(
        choices=[*Memory.Status.values, "all"], required=False, default=Memory.Status.ACTIVE
    )


def _memory_type(**kwargs) -> serializers.ChoiceField:
    return serializers.ChoiceField(
        choices=MemoryType.choices,
        error_messages={"invalid_choice": f"Choose one of: {', '.join(MemoryType.values)}."},
        **kwargs,
    )


def _memory_text(name: str, limit: int, missing: str, **kwargs) -> serializers.CharField:
    """Trimmed, as the service stores it: not blank, and within ``limit`` once trimmed."""
    return serializers.CharField(
        max_length=limit,
        error_messages={
            "blank": missing,
            "max_length": f"Keep the {name} under {limit} characters.",
        },
        **kwargs,
    )


class MemoryCreateSerializer(StrictSerializer):
    character = IdField()
    type = _memory_type()
    title = _memory_text("title", MAX_TITLE_LENGTH, "A memory needs a title.")
    content = _memory_text("content", MAX_CONTENT_LENGTH, "A memory needs some content.")
    thread = IdField(required=False, allow_null=True, help_text="The chat it belongs to.")
    shared = StrictBooleanField(
        required=False, allow_null=True, default=None, help_text="Default: true without a thread."
    )
    pin = StrictBooleanField(required=False, default=False, help_text="Pin it to `thread`.")


@extend_schema_field({"type": "boolean", "enum": [False]})
class _OnlyFalse(StrictBooleanField):
    """A flag the user may only clear."""


class MemoryUpdateSerializer(StrictSerializer):
    type = _memory_type(required=False)
    title = _memory_text("title", MAX_TITLE_LENGTH, "A memory needs a title.", required=False)
    content = _memory_text(
        "content", MAX_CONTENT_LENGTH, "A memory needs some content.", required=False
    )
    source_changed = _OnlyFalse(
        required=False, help_text="Only `false`: the user checked the memory still holds."
    )
    status = serializers.ChoiceField(
        choices=[Memory.Status.ACTIVE],
        required=False,
        help_text="Only `active`: restore a replaced (superseded) memory, or verify an "
        "unverified one.",
    )

    def validate_source_changed(self, value: bool) -> bool:
        if value:
            raise serializers.ValidationError(
                "Only the system flags a changed source; send false to clear it."
            )
        return value


class ConflictListParamsSerializer(QuerySerializer):
    paged = True  # limit and offset (Pagination)
    character = IdField(required=False)


class ConflictResolveSerializer(StrictSerializer):
    keep = serializers.ChoiceField(
        choices=["both", "new", "old"],
        help_text="both: keep the two; new: the new one replaces the old; old: drop the new one.",
    )


class ThreadInputSerializer(StrictSerializer):
    thread = IdField()


class ExportParamsSerializer(QuerySerializer):
    character = IdField()


def _seq_field(**kwargs) -> StrictIntegerField:
    return StrictIntegerField(min_value=0, max_value=SEQ_MAX, required=False, **kwargs)


def _text_field() -> serializers.CharField:
    return serializers.CharField(required=False, allow_blank=True, trim_whitespace=False)


class _TextChecked(serializers.Serializer):
    """A part of an export document: keys it does not know are allowed (a later version's),
    but a number or a yes/no where it takes text is refused by path, as in any request body
    (the document is passed on as sent, so DRF's ``"5"`` for ``5`` would not be what is
    stored)."""

    def to_internal_value(self, data):
        if isinstance(data, Mapping):
            refuse_non_text(self.fields, data)
        return super().to_internal_value(data)


class ExportedThreadSerializer(_TextChecked):
    id = IdField()
    title = _text_field()
    scene = IdField(required=False, allow_null=True)
    created_at = serializers.DateTimeField(required=False, allow_null=True)


class ExportedMessageSerializer(_TextChecked):
    seq = _seq_field()
    role = _text_field()
    content = _text_field()


class ExportedSourceSerializer(serializers.Serializer):
    thread = IdField(required=False, allow_null=True)
    start_seq = _seq_field(allow_null=True)
    end_seq = _seq_field(allow_null=True)
    seqs = serializers.ListField(
        child=StrictIntegerField(min_value=0, max_value=SEQ_MAX),
        required=False,
        max_length=1000,
        help_text="The messages the memory cites (empty: its whole range).",
    )
    messages = ExportedMessageSerializer(many=True, required=False)


class ExportedMemorySerializer(_TextChecked):
    id = IdField(required=False, allow_null=True)
    type = _text_field()
    title = _text_field()
    content = _text_field()
    shared = StrictBooleanField(required=False)
    pinned_threads = serializers.ListField(child=IdField(), required=False)
    dismissed_threads = serializers.ListField(child=IdField(), required=False)
    source = ExportedSourceSerializer(required=False, allow_null=True)
    status = serializers.ChoiceField(choices=Memory.Status.choices, required=False)
    created_by = serializers.ChoiceField(choices=Memory.CreatedBy.choices, required=False)
    edited_by_user = StrictBooleanField(required=False)
    source_changed = StrictBooleanField(required=False)
    created_at = serializers.DateTimeField(required=False, allow_null=True)
    updated_at = serializers.DateTimeField(required=False, allow_null=True)


class ExportDocumentSerializer(serializers.Serializer):
    """Checks every value of an export document, so a bad one is refused with its path
    (``document.memories[3].source.start_seq``); the document itself is passed on as sent.
    Keys this version does not know are allowed, as in any file format read by a later
    version; what the keys hold is checked."""

    format = serializers.ChoiceField(choices=[EXPORT_FORMAT])
    version = StrictIntegerField(min_value=1, max_value=EXPORT_VERSION)
    exported_at = serializers.DateTimeField(required=False, allow_null=True)
    character = serializers.DictField(required=False, help_text="The exported character.")
    threads = ExportedThreadSerializer(many=True, required=False)
    memories = ExportedMemorySerializer(many=True)

    def to_internal_value(self, data):
        if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
            raise serializers.ValidationError("This is not a Drawhisper memory export.")
        version = data.get("version")
        if isinstance(version, int) and not isinstance(version, bool) and version > EXPORT_VERSION:
            raise serializers.ValidationError(
                f"This export was made by a newer version (format {version})."
            )
        super().to_internal_value(data)
        return data


# The same document read as a request: subclasses of their own, so that the schema has
# request components for them, with the text rules drf-spectacular states for requests only
# (it would otherwise reuse the export answer's components).
class ExportedMessageInputSerializer(ExportedMessageSerializer):
    pass


class ExportedSourceInputSerializer(ExportedSourceSerializer):
    messages = ExportedMessageInputSerializer(many=True, required=False)


class ExportedMemoryInputSerializer(ExportedMemorySerializer):
    source = ExportedSourceInputSerializer(required=False, allow_null=True)


class ExportedThreadInputSerializer(ExportedThreadSerializer):
    pass


class ExportDocumentInputSerializer(ExportDocumentSerializer):
    """A memory export document, as ``POST /api/memories/import/`` reads it."""

    threads = ExportedThreadInputSerializer(many=True, required=False)
    memories = ExportedMemoryInputSerializer(many=True)


class ImportInputSerializer(StrictSerializer):
    character = IdField()
    document = ExportDocumentInputSerializer(help_text="A document from GET /api/memories/export/.")


class MemoryOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    type = serializers.ChoiceField(choices=MemoryType.choices)
    title = serializers.CharField()
    content = serializers.CharField()
    character = serializers.IntegerField()
    origin_thread = serializers.IntegerField(allow_null=True)
    source_start_seq = serializers.IntegerField(allow_null=True)
    source_end_seq = serializers.IntegerField(allow_null=True)
    source_seqs = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The messages it came from, by seq in origin_thread; empty for memories "
        "made before memories cited their messages (then the whole range counts).",
    )
    source_url = serializers.CharField(
        allow_null=True, help_text="The chat, scrolled to the cited messages (highlighted)."
    )
    shared = serializers.BooleanField()
    pinned_threads = serializers.ListField(child=serializers.IntegerField())
    dismissed_threads = serializers.ListField(child=serializers.IntegerField())
    status = serializers.ChoiceField(
        choices=Memory.Status.choices,
        help_text="`unverified`: not supported by the messages it cites (see support_note); "
        "never used in a chat until verified.",
    )
    support_note = serializers.CharField(help_text="What the support check said about it.")
    created_by = serializers.ChoiceField(choices=Memory.CreatedBy.choices)
    edited_by_user = serializers.BooleanField()
    source_changed = serializers.BooleanField()
    superseded_by = serializers.IntegerField(
        allow_null=True, help_text="The newer memory that replaced this one."
    )
    superseded_by_title = serializers.CharField(allow_null=True)
    conflicts_with = serializers.IntegerField(
        allow_null=True,
        help_text="Status conflict: the existing memory this one contradicts.",
    )
    conflicts_with_title = serializers.CharField(allow_null=True)
    remainder_of = serializers.IntegerField(
        allow_null=True,
        help_text="The memory this one was kept from: an update replaced that memory, and "
        "this holds what of it still held. Restoring that memory replaces this one again.",
    )
    remainder_of_title = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    search_score = serializers.FloatField(required=False, help_text="Only when searching with q.")


class ConflictOutputSerializer(serializers.Serializer):
    """A memory waiting for the user's decision, and the existing memory it contradicts."""

    memory = MemoryOutputSerializer()
    existing = MemoryOutputSerializer(allow_null=True)


class ImportOutputSerializer(serializers.Serializer):
    created = serializers.IntegerField()
    skipped_duplicates = serializers.IntegerField()
    threads_kept = serializers.IntegerField()
    threads_dropped = serializers.IntegerField()
    made_shared = serializers.IntegerField()
    memories = MemoryOutputSerializer(many=True)


# --------------------------------------------------------------------------- profile


class _Text(serializers.CharField):
    """Text given as a JSON string only (DRF's CharField turns a number into text)."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


def _entries(help_text: str) -> serializers.ListField:
    return serializers.ListField(
        child=_Text(max_length=profile.MAX_ENTRY_CHARACTERS),
        max_length=profile.MAX_ENTRIES,
        required=False,
        help_text=f"{help_text} One short line each, at most {profile.MAX_ENTRIES}.",
    )


class ProfileUpdateSerializer(StrictSerializer):
    """A user's edit of a profile: each field given becomes the user's, and the memory
    pipeline never changes it again."""

    name = _Text(max_length=profile.TEXT_FIELDS["name"], allow_blank=True, required=False)
    pronouns = _Text(max_length=profile.TEXT_FIELDS["pronouns"], allow_blank=True, required=False)
    facts = _entries("Key facts about the user.")
    likes = _entries("What the user likes.")
    dislikes = _entries("What the user dislikes.")
    relationships = _entries("The people and animals in the user's life.")


class ProfileOutputSerializer(serializers.Serializer):
    """What a character knows about the user (``GET/PATCH /api/characters/{id}/profile/``)."""

    character = serializers.IntegerField()
    name = serializers.CharField()
    pronouns = serializers.CharField()
    facts = serializers.ListField(child=serializers.CharField())
    likes = serializers.ListField(child=serializers.CharField())
    dislikes = serializers.ListField(child=serializers.CharField())
    relationships = serializers.ListField(child=serializers.CharField())
    user_fields = serializers.ListField(
        child=serializers.ChoiceField(choices=list(profile.FIELDS)),
        help_text="Fields the user wrote; the memory pipeline leaves them alone.",
    )
    tokens = serializers.IntegerField(help_text="Its size in the prompt.")
    max_tokens = serializers.IntegerField(help_text="It stays under this.")
    updated_at = serializers.DateTimeField(allow_null=True)
