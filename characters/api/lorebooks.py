"""REST endpoints for lorebooks: CRUD, import/export and the "which entries fire" test.

Bodies are validated by ``characters.lorebooks.services`` (unknown fields are refused with
their names); another user's lorebook answers 404, and so does a body whose ``characters``,
``scenes`` or ``threads`` name a row that is not the caller's (another user's or a missing
one), naming the field and the ids. A malformed id there is a 400."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.parsers import MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from characters.api.book_inputs import LorebookInputSerializer
from characters.lorebooks import formats, services
from characters.lorebooks.selectors import lorebook_get, lorebook_list
from characters.models import Lorebook, LorebookEntry
from drawhisper.api import (
    PAGE_PARAMETERS,
    ErrorSerializer,
    LimitedJSONParser,
    QuerySerializer,
    found_or_404,
    json_object_body,
    json_upload,
    not_yours_answers_404,
    paged,
    paged_response,
    refuse_query,
)

MAX_IMPORT_BYTES = 8 * 1024 * 1024


class LorebookEntryOutputSerializer(serializers.ModelSerializer):
    class Meta:
        model = LorebookEntry
        fields = ["id", *services.ENTRY_FIELDS]
        read_only_fields = fields


class LorebookOutputSerializer(serializers.ModelSerializer):
    entries = serializers.SerializerMethodField()
    characters = serializers.SerializerMethodField()
    scenes = serializers.SerializerMethodField()
    threads = serializers.SerializerMethodField()

    class Meta:
        model = Lorebook
        fields = [
            "id",
            "name",
            "description",
            "scan_depth",
            "token_budget",
            "recursive_scanning",
            "vectorized",
            "use_group_scoring",
            "source_format",
            "card_character",
            "characters",
            "scenes",
            "threads",
            "entries",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields

    def get_entries(self, lorebook: Lorebook) -> list[dict]:
        return LorebookEntryOutputSerializer(lorebook.entries.all(), many=True).data

    def _ids(self, lorebook: Lorebook, name: str) -> list[int]:
        return sorted(item.pk for item in getattr(lorebook, name).all())

    def get_characters(self, lorebook: Lorebook) -> list[int]:
        return self._ids(lorebook, "characters")

    def get_scenes(self, lorebook: Lorebook) -> list[int]:
        return self._ids(lorebook, "scenes")

    def get_threads(self, lorebook: Lorebook) -> list[int]:
        return self._ids(lorebook, "threads")


class LorebookImportOutputSerializer(LorebookOutputSerializer):
    warnings = serializers.ListField(
        child=serializers.CharField(),
        help_text="Each value of the file read as something else, and what it was read as.",
    )

    class Meta(LorebookOutputSerializer.Meta):
        fields = [*LorebookOutputSerializer.Meta.fields, "warnings"]
        read_only_fields = fields


def _attachment_not_found(*, lorebook_in_path: bool) -> OpenApiResponse:
    """The schema's 404 of a lorebook body: an attachment that is not the caller's (or the
    path's lorebook)."""
    row = "a character, scene or chat" if lorebook_in_path else "A character, scene or chat"
    return OpenApiResponse(
        ErrorSerializer,
        description=f"{'No such lorebook among yours, or ' if lorebook_in_path else ''}{row} in "
        "`characters`, `scenes` or `threads` that is not one of yours (another user's or a "
        "missing one); `detail` names the field and the ids.",
    )


def get_own_lorebook(request, lorebook_id) -> Lorebook:
    lorebook = lorebook_get(user=request.user, lorebook_id=lorebook_id)
    return found_or_404(lorebook, "Lorebook not found.")


class LorebookListCreateApi(APIView):
    @extend_schema(
        operation_id="lorebooks_list",
        parameters=PAGE_PARAMETERS,
        responses=paged(LorebookOutputSerializer),
    )
    def get(self, request):
        refuse_query(request, paged=True)
        return paged_response(request, lorebook_list(user=request.user), LorebookOutputSerializer)

    @extend_schema(
        operation_id="lorebooks_create",
        description="Create a lorebook: `name`, optional `entries` (list), `characters`, "
        "`scenes`, `threads` (ids to attach it to). A character, scene or chat that is not "
        "one of yours answers 404 naming it.",
        request=LorebookInputSerializer,
        responses={
            201: LorebookOutputSerializer,
            404: _attachment_not_found(lorebook_in_path=False),
        },
    )
    def post(self, request):
        with not_yours_answers_404():
            lorebook = services.lorebook_create(owner=request.user, data=json_object_body(request))
        return Response(LorebookOutputSerializer(lorebook).data, status=status.HTTP_201_CREATED)


class LorebookDetailApi(APIView):
    @extend_schema(operation_id="lorebooks_retrieve", responses=LorebookOutputSerializer)
    def get(self, request, lorebook_id: int):
        lorebook = get_own_lorebook(request, lorebook_id)
        refuse_query(request)
        return Response(LorebookOutputSerializer(lorebook).data)

    @extend_schema(
        operation_id="lorebooks_partial_update",
        description="Change the named fields; `entries`, when sent, replaces all entries (send "
        "an entry's `id` to keep what its import carried). A character, scene or chat that is "
        "not one of yours answers 404 naming it, and nothing is changed.",
        request=LorebookInputSerializer,
        responses={
            200: LorebookOutputSerializer,
            404: _attachment_not_found(lorebook_in_path=True),
        },
    )
    def patch(self, request, lorebook_id: int):
        lorebook = get_own_lorebook(request, lorebook_id)
        with not_yours_answers_404():
            lorebook = services.lorebook_update(lorebook=lorebook, data=json_object_body(request))
        return Response(LorebookOutputSerializer(lorebook).data)

    @extend_schema(operation_id="lorebooks_destroy", responses={204: None})
    def delete(self, request, lorebook_id: int):
        services.lorebook_delete(lorebook=get_own_lorebook(request, lorebook_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


class LorebookImportApi(APIView):
    parser_classes = [LimitedJSONParser, MultiPartParser]

    @extend_schema(
        operation_id="lorebooks_import",
        description='Create a lorebook from a SillyTavern World Info JSON (`{"entries": '
        '{...}}`) or a Character Card `character_book` (`{"entries": [...]}`), sent as the '
        "body or as a multipart `file`. A value the book can only read as something else "
        "(a probability of 140 as 100, a depth of -2 as 0, a position number it does not "
        "know) does not stop the import: `warnings` names each one and what it was read as "
        "(`entries.3.probability 140 was read as 100.`); the file's own value still goes "
        "out on export unless the entry is edited.",
        request={"application/json": OpenApiTypes.OBJECT},
        responses={
            201: LorebookImportOutputSerializer,
            400: OpenApiResponse(description="Malformed."),
        },
    )
    def post(self, request):
        if request.content_type.startswith("multipart/"):
            upload = request.FILES.get("file")
            unknown = sorted(set(request.data) - {"file"})
            if unknown:
                raise ValidationError({name: ["Unknown field."] for name in unknown})
            if upload is None:
                raise ValidationError({"file": ["Choose a lorebook file (JSON)."]})
            data = json_upload(upload, max_bytes=MAX_IMPORT_BYTES)
            name = (upload.name or "").rsplit(".", 1)[0]
        else:
            data, name = request.data, ""
        imported = services.lorebook_import(owner=request.user, data=data, name=name)
        body = {**LorebookOutputSerializer(imported.lorebook).data, "warnings": imported.warnings}
        return Response(body, status=status.HTTP_201_CREATED)


class LorebookExportQuerySerializer(QuerySerializer):
    """``?as=world_info`` (default) or ``?as=character_book``; nothing else."""

    def get_fields(self):
        fields = super().get_fields()
        formats_taken = f"Must be {formats.WORLD_INFO} or {formats.CHARACTER_BOOK}."
        fields["as"] = serializers.ChoiceField(
            choices=[formats.WORLD_INFO, formats.CHARACTER_BOOK],
            default=formats.WORLD_INFO,
            error_messages={"invalid_choice": formats_taken},
        )
        return fields


class LorebookExportApi(APIView):
    @extend_schema(
        operation_id="lorebooks_export",
        description="The lorebook as SillyTavern World Info JSON, or with "
        "`as=character_book` as a Character Card `character_book`.",
        parameters=[OpenApiParameter("as", str, enum=[formats.WORLD_INFO, formats.CHARACTER_BOOK])],
        responses={200: OpenApiTypes.OBJECT},
    )
    def get(self, request, lorebook_id: int):
        lorebook = get_own_lorebook(request, lorebook_id)
        params = LorebookExportQuerySerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        wanted = params.validated_data["as"]
        return Response(services.lorebook_export(lorebook=lorebook, format=wanted))
