"""REST endpoints for lore documents: ``/api/documents/`` (list, upload), ``{id}/`` (read,
delete), ``{id}/retry/`` and ``{id}/file/`` (the original, to its owner only).

An upload is multipart: ``file`` and exactly one of ``character``, ``scene``, ``lorebook``
(the caller's own; another user's answers 404 as a missing one does, naming the field as a
thread's ``character`` does). A file over
``DOCUMENT_MAX_BYTES``, of another type than text, Markdown or PDF (sniffed from the bytes),
or a PDF that cannot be read answers 400 with a sentence naming ``file``. The answer has the
indexing ``status`` and ``progress``; the same file on the same target again answers 200
with the existing document instead of 201."""

from __future__ import annotations

from django.http import FileResponse, Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.parsers import MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from characters import selectors as character_selectors
from drawhisper.api import (
    PAGE_PARAMETERS,
    ErrorSerializer,
    IdField,
    QuerySerializer,
    StrictSerializer,
    found_or_404,
    paged,
    paged_response,
    refuse_body,
    refuse_query,
)
from memories import documents
from memories.models import LoreDocument
from scenes import selectors as scene_selectors

TARGETS = ("character", "scene", "lorebook")


class DocumentUploadSerializer(StrictSerializer):
    file = serializers.FileField(
        help_text="A text (UTF-8), Markdown or PDF file; at most DOCUMENT_MAX_BYTES."
    )
    character = IdField(required=False, help_text="Attach to this character (its chats).")
    scene = IdField(required=False, help_text="Attach to this scene (its chats).")
    lorebook = IdField(
        required=False, help_text="Attach to this lorebook (wherever it is attached)."
    )

    def validate(self, attrs):
        given = [name for name in TARGETS if attrs.get(name) is not None]
        if len(given) != 1:
            raise ValidationError(
                {"character": ["Give exactly one of character, scene or lorebook."]}
            )
        return attrs


class DocumentListParamsSerializer(QuerySerializer):
    paged = True  # limit and offset (Pagination)
    character = IdField(required=False)
    scene = IdField(required=False)
    lorebook = IdField(required=False)


class DocumentProgressSerializer(serializers.Serializer):
    done = serializers.IntegerField(help_text="Chunks indexed so far.")
    total = serializers.IntegerField(help_text="Chunks in all (0 until the file is read).")


class DocumentOutputSerializer(serializers.ModelSerializer):
    progress = serializers.SerializerMethodField()
    error = serializers.CharField(source="last_error", help_text="Why indexing failed.")
    url = serializers.SerializerMethodField(
        help_text="The original file: GET it with the same login (another user gets 404)."
    )

    class Meta:
        model = LoreDocument
        fields = [
            "id",
            "name",
            "content_type",
            "size",
            "checksum",
            "character",
            "scene",
            "lorebook",
            "status",
            "progress",
            "error",
            "url",
            "created_at",
            "updated_at",
        ]

    @extend_schema_field(DocumentProgressSerializer)
    def get_progress(self, document: LoreDocument) -> dict[str, int]:
        return {"done": document.chunks_done, "total": document.chunks_total}

    @extend_schema_field(serializers.CharField())
    def get_url(self, document: LoreDocument) -> str:
        return f"/api/documents/{document.pk}/file/" if document.file else ""


def _document_or_404(request: Request, document_id: int) -> LoreDocument:
    document = documents.document_get(user=request.user, document_id=document_id)
    return found_or_404(document, "No such document.")


def _own_targets_or_404(request: Request, data: dict) -> None:
    """A 404 naming the first of ``character``, ``scene`` and ``lorebook`` in ``data`` that is
    not one of the caller's own (another user's or a missing one)."""
    user = request.user
    finders = {
        "character": lambda pk: character_selectors.character_get(user=user, character_id=pk),
        "scene": lambda pk: scene_selectors.scene_get(user=user, scene_id=pk),
        "lorebook": lambda pk: character_selectors.lorebook_get(user=user, lorebook_id=pk),
    }
    for name in TARGETS:
        if data.get(name) is not None:
            found_or_404(finders[name](data[name]), f"{name}: No such {name}.")


def _target_or_404(request: Request, data: dict) -> documents.Target:
    _own_targets_or_404(request, data)
    name = next(name for name in TARGETS if data.get(name) is not None)
    return documents.Target(**{f"{name}_id": data[name]})


class DocumentListCreateView(APIView):
    parser_classes = [MultiPartParser]

    @extend_schema(
        operation_id="documents_list",
        parameters=[DocumentListParamsSerializer, *PAGE_PARAMETERS],
        responses=paged(DocumentOutputSerializer),
    )
    def get(self, request: Request) -> Response:
        params = DocumentListParamsSerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        # Not an empty page for another user's target: a 404 naming it, as on upload.
        _own_targets_or_404(request, params.validated_data)
        rows = documents.document_list(
            user=request.user,
            character_id=params.validated_data.get("character"),
            scene_id=params.validated_data.get("scene"),
            lorebook_id=params.validated_data.get("lorebook"),
        )
        return paged_response(request, rows, DocumentOutputSerializer)

    @extend_schema(
        operation_id="documents_create",
        description="Upload a text, Markdown or PDF file to one of your characters, scenes or "
        "lorebooks. It is indexed in the background: `status` goes queued, indexing (with "
        "`progress`), ready, or failed with `error`. The same file on the same target again "
        "answers 200 with the document it already is.",
        request={"multipart/form-data": DocumentUploadSerializer},
        responses={201: DocumentOutputSerializer, 200: DocumentOutputSerializer},
    )
    def post(self, request: Request) -> Response:
        serializer = DocumentUploadSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        target = _target_or_404(request, data)
        upload = data["file"]
        try:
            documents.check_document_size(upload.size)
            document, created = documents.document_create(
                owner=request.user, target=target, name=upload.name, data=upload.read()
            )
        except documents.DocumentError as error:
            raise ValidationError({"file": [str(error)]}) from error
        return Response(
            DocumentOutputSerializer(document).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )


class DocumentDetailView(APIView):
    @extend_schema(operation_id="documents_retrieve", responses=DocumentOutputSerializer)
    def get(self, request: Request, document_id: int) -> Response:
        document = _document_or_404(request, document_id)
        refuse_query(request)
        return Response(DocumentOutputSerializer(document).data)

    @extend_schema(
        operation_id="documents_destroy",
        description="Delete the document, its chunks and their vectors.",
        responses={204: None},
    )
    def delete(self, request: Request, document_id: int) -> Response:
        documents.document_delete(document=_document_or_404(request, document_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


class DocumentRetryView(APIView):
    @extend_schema(
        operation_id="documents_retry",
        description="Queue a failed document for indexing again.",
        request=None,
        responses={
            200: DocumentOutputSerializer,
            409: OpenApiResponse(
                ErrorSerializer,
                description="The document has not failed; `code` is `not_failed`.",
            ),
        },
    )
    def post(self, request: Request, document_id: int) -> Response:
        document = _document_or_404(request, document_id)
        refuse_body(request)
        try:
            document = documents.document_retry(document=document)
        except documents.DocumentError as error:
            return Response(
                {"detail": str(error), "code": "not_failed"}, status=status.HTTP_409_CONFLICT
            )
        return Response(DocumentOutputSerializer(document).data)


class DocumentFileView(APIView):
    """The original bytes, as uploaded. Served through this view (never from a media URL)
    so that only the owner reads them; a missing file is a 404 like a missing document."""

    @extend_schema(
        operation_id="documents_file",
        description="Download the original file of one of your documents.",
        responses={
            (200, "application/octet-stream"): OpenApiResponse(OpenApiTypes.BINARY),
            404: None,
        },
    )
    def get(self, request: Request, document_id: int) -> FileResponse:
        document = _document_or_404(request, document_id)
        refuse_query(request)
        if not document.file or not document.file.storage.exists(document.file.name):
            raise Http404("The document's file is gone.")
        content_type = document.content_type
        if content_type.startswith("text/"):
            content_type += "; charset=utf-8"
        response = FileResponse(
            document.file.open("rb"),
            content_type=content_type,
            as_attachment=document.content_type != LoreDocument.ContentType.PDF,
            filename=document.name,
        )
        response["X-Content-Type-Options"] = "nosniff"
        response["Cache-Control"] = "private, no-store"
        return response
