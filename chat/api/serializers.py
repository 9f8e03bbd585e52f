"""Input and output serializers of the chat API, one small pair per endpoint.

The output serializers are also the JSON of WebSocket events (``chat.payloads``), so a
message looks the same over REST and over the socket."""

from __future__ import annotations

from django.conf import settings
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from chat.context.receipts import receipt_payload
from chat.models import Message, Thread
from drawhisper.accounts.connections.generation import GenerationField
from drawhisper.api import (
    SEQ_MAX,
    IdField,
    NotBlankValidator,
    QuerySerializer,
    StrictBooleanField,
    StrictIntegerField,
    StrictSerializer,
)


class CharacterRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class SceneRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    title = serializers.CharField()


class PersonaRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class ThreadOutputSerializer(serializers.ModelSerializer):
    character = CharacterRefSerializer()
    scene = SceneRefSerializer(allow_null=True)
    persona = PersonaRefSerializer(allow_null=True)
    url = serializers.SerializerMethodField()
    websocket_path = serializers.SerializerMethodField()
    branched_from = serializers.PrimaryKeyRelatedField(
        read_only=True, allow_null=True, help_text="The chat this one was branched from, or null."
    )

    class Meta:
        model = Thread
        fields = [
            "id",
            "title",
            "character",
            "scene",
            "persona",
            "author_note",
            "author_note_depth",
            "generation",
            "branched_from",
            "branched_at_seq",
            "created_at",
            "updated_at",
            "url",
            "websocket_path",
        ]

    def get_url(self, thread: Thread) -> str:
        return f"/chat/{thread.pk}/"

    def get_websocket_path(self, thread: Thread) -> str:
        return f"/ws/threads/{thread.pk}/"


class ThreadListParamsSerializer(QuerySerializer):
    paged = True  # limit and offset (Pagination)
    character = IdField(required=False, help_text="Only chats with this character.")
    scene = IdField(required=False, help_text="Only chats in this scene.")


class ThreadCreateInputSerializer(StrictSerializer):
    character = IdField()
    scene = IdField(required=False, allow_null=True)
    title = serializers.CharField(required=False, allow_blank=True, max_length=200)
    persona = IdField(
        required=False,
        allow_null=True,
        help_text="The persona the user plays; without it, the user's default persona.",
    )
    greeting = StrictIntegerField(
        required=False,
        min_value=0,
        help_text="Which greeting opens the chat: 0 the main one, 1.. the alternate greetings.",
    )


class ThreadUpdateInputSerializer(StrictSerializer):
    title = serializers.CharField(max_length=200, required=False)
    persona = IdField(required=False, allow_null=True)
    author_note = serializers.CharField(
        required=False, allow_blank=True, max_length=10_000, trim_whitespace=False
    )
    author_note_depth = StrictIntegerField(required=False, min_value=0, max_value=100)
    generation = GenerationField(
        required=False,
        help_text="Connection, model and sampling for this chat (over the character's): "
        "connection, model, temperature, top_p, max_tokens, frequency_penalty, "
        "presence_penalty, stop. Replaces the chat's settings; {} clears them.",
    )


class ReceiptItemSerializer(serializers.Serializer):
    layer = serializers.CharField()
    kind = serializers.CharField()
    id = serializers.IntegerField()
    score = serializers.FloatField(allow_null=True)
    tokens = serializers.IntegerField()
    title = serializers.CharField()
    type = serializers.CharField()
    truncated = serializers.BooleanField()
    matched_key = serializers.CharField(
        required=False,
        help_text='Lore items only: the key that fired the entry ("" for a constant entry).',
    )


class ReceiptSerializer(serializers.Serializer):
    layers = serializers.DictField(child=serializers.DictField(child=serializers.IntegerField()))
    items = ReceiptItemSerializer(many=True)
    total_tokens = serializers.IntegerField()
    budget_tokens = serializers.IntegerField()


class PreviousVersionSerializer(serializers.ModelSerializer):
    class Meta:
        model = Message
        fields = ["id", "seq", "content", "status", "error", "created_at"]


class MessageOutputSerializer(serializers.ModelSerializer):
    """A message. Replies carry their ``receipt`` (what their prompt held) and the replies
    they replaced by regeneration, oldest first, under ``previous_versions``."""

    client_id = serializers.UUIDField(allow_null=True)
    receipt = serializers.SerializerMethodField()
    previous_versions = serializers.SerializerMethodField()

    class Meta:
        model = Message
        fields = [
            "id",
            "thread",
            "seq",
            "role",
            "content",
            "status",
            "error",
            "token_count",
            "client_id",
            "active",
            "replaced_by",
            "created_at",
            "edited_at",
            "receipt",
            "previous_versions",
        ]

    @extend_schema_field(ReceiptSerializer(allow_null=True))
    def get_receipt(self, message: Message) -> dict | None:
        if message.role != Message.Role.ASSISTANT:
            return None
        try:
            return receipt_payload(message.receipt)
        except Message.receipt.RelatedObjectDoesNotExist:
            return None

    @extend_schema_field(PreviousVersionSerializer(many=True))
    def get_previous_versions(self, message: Message) -> list[dict]:
        versions = self.context.get("previous_versions", {}).get(message.pk, [])
        if not versions:  # most messages: no serializer to build for an empty list
            return []
        return PreviousVersionSerializer(versions, many=True).data


class MessageListQuerySerializer(QuerySerializer):
    before_seq = StrictIntegerField(required=False, min_value=1, max_value=SEQ_MAX)
    after_seq = StrictIntegerField(required=False, min_value=0, max_value=SEQ_MAX)
    limit = StrictIntegerField(required=False, min_value=1, max_value=500, default=100)
    include_replaced = StrictBooleanField(required=False, default=False)


class MessageListOutputSerializer(serializers.Serializer):
    results = MessageOutputSerializer(many=True)
    has_earlier = serializers.BooleanField()


_EMPTY_MESSAGE = "The message is empty."


class MessageUpdateInputSerializer(StrictSerializer):
    """An edit of a message: what is sent is changed (``{}`` changes nothing). The text is
    stored trimmed, and must hold something besides whitespace."""

    content = serializers.CharField(
        required=False,
        trim_whitespace=False,
        max_length=settings.CHAT_MAX_MESSAGE_CHARS,
        validators=[NotBlankValidator(_EMPTY_MESSAGE)],
        error_messages={
            "blank": _EMPTY_MESSAGE,
            "max_length": "The message is too long: at most {max_length} characters.",
        },
    )


class ThreadImportInputSerializer(StrictSerializer):
    file = serializers.FileField(help_text="A SillyTavern chat file (.jsonl).")
    character = IdField()
    scene = IdField(required=False, allow_null=True)
    persona = IdField(required=False, allow_null=True)
    title = serializers.CharField(required=False, allow_blank=True, max_length=200)


class ThreadImportOutputSerializer(serializers.Serializer):
    thread = ThreadOutputSerializer()
    messages = serializers.IntegerField(help_text="Messages imported.")
    versions = serializers.IntegerField(help_text="Swipes kept as earlier versions.")
    skipped_system = serializers.IntegerField(help_text="SillyTavern system notes left out.")


class ThreadExportQuerySerializer(QuerySerializer):
    """``?as=sillytavern`` (default) or ``?as=drawhisper``, as the lorebook export says it."""

    def get_fields(self):
        fields = super().get_fields()
        fields["as"] = serializers.ChoiceField(
            choices=["sillytavern", "drawhisper"],
            default="sillytavern",
            help_text="sillytavern: SillyTavern JSONL; drawhisper: our own JSON.",
        )
        return fields


class MemoryProgressOutputSerializer(serializers.Serializer):
    memorised_through_seq = serializers.IntegerField()
    last_seq = serializers.IntegerField()
    messages_read = serializers.IntegerField()
    messages_total = serializers.IntegerField()
    state = serializers.ChoiceField(choices=["idle", "working", "failed"])
    memories = serializers.IntegerField()
    error = serializers.CharField(
        allow_blank=True,
        help_text="Why a memory job failed (state failed), or why one is waiting to be retried "
        "(state working); empty otherwise.",
    )
    chunks_checked = serializers.IntegerField(
        help_text="Extracted chunks checked against the messages they cite."
    )
    chunks_unverified = serializers.IntegerField(
        help_text="Of those, kept unverified: not supported by their messages."
    )
    unverified_share = serializers.FloatField(
        allow_null=True, help_text="chunks_unverified / chunks_checked; null before any."
    )
