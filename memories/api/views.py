"""REST endpoints for memories: parse, scope to the caller, call one service or selector.

Every lookup is scoped to ``request.user`` first, so another user's memory, character or
thread answers 404 exactly like a missing one. A provider outage while re-embedding answers
503 with a readable sentence; nothing was changed then."""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction
from django.http import Http404
from django.utils import timezone
from django.utils.text import slugify
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from characters import selectors as character_selectors
from chat.selectors import ThreadRef
from drawhisper.api import (
    PAGE_PARAMETERS,
    found_or_404,
    paged,
    paged_response,
    refuse_body,
    refuse_query,
)
from drawhisper.providers.base import ProviderError
from memories import editing, profile, selectors
from memories.api.serializers import (
    ConflictListParamsSerializer,
    ConflictOutputSerializer,
    ConflictResolveSerializer,
    ExportDocumentSerializer,
    ExportParamsSerializer,
    ImportInputSerializer,
    ImportOutputSerializer,
    MemoryCreateSerializer,
    MemoryListParamsSerializer,
    MemoryOutputSerializer,
    MemoryUpdateSerializer,
    ProfileOutputSerializer,
    ProfileUpdateSerializer,
    ThreadInputSerializer,
)
from memories.events import memory_payload
from memories.models import Memory

# The chat of an unpin or undismiss: a DELETE may name it in the query string instead.
_THREAD_IN_QUERY = OpenApiParameter(
    "thread",
    {"type": "integer", "minimum": 1, "maximum": 2**63 - 1},
    required=True,
    description="The chat (a JSON body with `thread` is taken too).",
)


def _memory_or_404(request: Request, memory_id: int) -> Memory:
    try:
        return selectors.memory_get(user=request.user, memory_id=memory_id)
    except Memory.DoesNotExist:
        raise Http404("No such memory.") from None


def _character_or_404(request: Request, character_id: int):
    character = character_selectors.character_get(user=request.user, character_id=character_id)
    return found_or_404(character, "No such character.")


def _thread_or_404(request: Request, thread_id: int) -> ThreadRef:
    thread = selectors.thread_get(user=request.user, thread_id=thread_id)
    return found_or_404(thread, "No such chat.")


def _thread_from(request: Request) -> ThreadRef:
    """The ``thread`` of a pin or dismiss call, from the body or (for DELETE) the query."""
    data = request.data if request.data else {"thread": request.query_params.get("thread")}
    params = ThreadInputSerializer(data=data)
    params.is_valid(raise_exception=True)
    return _thread_or_404(request, params.validated_data["thread"])


def _change_in_thread(request: Request, memory_id: int, service: Callable[..., Memory]) -> Response:
    """Pin, unpin, dismiss or undismiss: ``service`` on the caller's memory and chat."""
    memory = _memory_or_404(request, memory_id)
    thread = _thread_from(request)
    return Response(_output(service(memory=memory, thread=thread, actor=request.user)))


def _output(memory: Memory) -> dict:
    payload = memory_payload(memory)
    score = getattr(memory, "search_score", None)
    if score is not None:
        payload["search_score"] = score
    return payload


class MemoryAPIView(APIView):
    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, ProviderError):
            return Response(
                {"detail": f"Nothing was changed: {exc}"},
                status=status.HTTP_503_SERVICE_UNAVAILABLE,
            )
        return super().handle_exception(exc)


class MemoryListCreateView(MemoryAPIView):
    @extend_schema(
        operation_id="memories_list",
        parameters=[MemoryListParamsSerializer, *PAGE_PARAMETERS],
        responses=paged(MemoryOutputSerializer),
    )
    def get(self, request: Request) -> Response:
        params = MemoryListParamsSerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        data = params.validated_data
        if data.get("character") is not None:
            _character_or_404(request, data["character"])
        if data.get("thread") is not None:
            _thread_or_404(request, data["thread"])
        filters = selectors.MemoryFilters(
            character_id=data.get("character"),
            thread_id=data.get("thread"),
            type=data.get("type"),
            pinned=data.get("pinned"),
            shared=data.get("shared"),
            q=data.get("q", ""),
            status=None if data["status"] == "all" else data["status"],
        )
        memories = selectors.memory_list(user=request.user, filters=filters)
        return paged_response(request, memories, _output)

    @extend_schema(request=MemoryCreateSerializer, responses={201: MemoryOutputSerializer})
    def post(self, request: Request) -> Response:
        params = MemoryCreateSerializer(data=request.data)
        params.is_valid(raise_exception=True)
        data = params.validated_data
        character = _character_or_404(request, data["character"])
        thread = _thread_or_404(request, data["thread"]) if data.get("thread") else None
        memory = editing.memory_create(
            actor=request.user,
            character=character,
            type=data["type"],
            title=data["title"],
            content=data["content"],
            thread=thread,
            shared=data.get("shared"),
            pin=data.get("pin", False),
        )
        return Response(_output(memory), status=status.HTTP_201_CREATED)


class MemoryDetailView(MemoryAPIView):
    @extend_schema(responses=MemoryOutputSerializer)
    def get(self, request: Request, memory_id: int) -> Response:
        memory = _memory_or_404(request, memory_id)
        refuse_query(request)
        return Response(_output(memory))

    @extend_schema(request=MemoryUpdateSerializer, responses=MemoryOutputSerializer)
    def patch(self, request: Request, memory_id: int) -> Response:
        memory = _memory_or_404(request, memory_id)
        params = MemoryUpdateSerializer(data=request.data)
        params.is_valid(raise_exception=True)
        data = dict(params.validated_data)
        restore = data.pop("status", None) == Memory.Status.ACTIVE
        source_reviewed = data.pop("source_changed", None) is False
        with transaction.atomic():  # a restore and an edit in one request land together
            if restore:
                memory = editing.memory_restore(memory=memory, actor=request.user)
            if data or source_reviewed or not restore:
                memory = editing.memory_update(
                    memory=memory, actor=request.user, source_reviewed=source_reviewed, **data
                )
        return Response(_output(memory))

    @extend_schema(responses={204: None})
    def delete(self, request: Request, memory_id: int) -> Response:
        editing.memory_delete(memory=_memory_or_404(request, memory_id), actor=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MemoryPinView(MemoryAPIView):
    """Pin to a chat (always in its context) or unpin."""

    @extend_schema(request=ThreadInputSerializer, responses=MemoryOutputSerializer)
    def post(self, request: Request, memory_id: int) -> Response:
        return _change_in_thread(request, memory_id, editing.memory_pin)

    @extend_schema(
        request=ThreadInputSerializer,
        parameters=[_THREAD_IN_QUERY],
        responses={200: MemoryOutputSerializer},
    )
    def delete(self, request: Request, memory_id: int) -> Response:
        return _change_in_thread(request, memory_id, editing.memory_unpin)


class MemoryShareView(MemoryAPIView):
    """Share across every chat with the character (scenes included), or stop sharing."""

    @extend_schema(request=None, responses=MemoryOutputSerializer)
    def post(self, request: Request, memory_id: int) -> Response:
        memory = _memory_or_404(request, memory_id)
        refuse_body(request)
        return Response(_output(editing.memory_share(memory=memory, actor=request.user)))

    @extend_schema(request=None, responses={200: MemoryOutputSerializer})
    def delete(self, request: Request, memory_id: int) -> Response:
        memory = _memory_or_404(request, memory_id)
        refuse_body(request)
        return Response(_output(editing.memory_unshare(memory=memory, actor=request.user)))


class MemoryDismissView(MemoryAPIView):
    """ "Not relevant in this chat": unpins it there and keeps it out of that chat's context."""

    @extend_schema(request=ThreadInputSerializer, responses=MemoryOutputSerializer)
    def post(self, request: Request, memory_id: int) -> Response:
        return _change_in_thread(request, memory_id, editing.memory_dismiss)

    @extend_schema(
        request=ThreadInputSerializer,
        parameters=[_THREAD_IN_QUERY],
        responses={200: MemoryOutputSerializer},
    )
    def delete(self, request: Request, memory_id: int) -> Response:
        return _change_in_thread(request, memory_id, editing.memory_undismiss)


class MemoryExportView(MemoryAPIView):
    @extend_schema(parameters=[ExportParamsSerializer], responses=ExportDocumentSerializer)
    def get(self, request: Request) -> Response:
        params = ExportParamsSerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        character = _character_or_404(request, params.validated_data["character"])
        document = editing.memories_export(actor=request.user, character=character)
        filename = (
            f"memories-{slugify(character.name) or character.pk}-{timezone.now():%Y%m%d}.json"
        )
        return Response(
            document, headers={"Content-Disposition": f'attachment; filename="{filename}"'}
        )


class MemoryImportView(MemoryAPIView):
    @extend_schema(request=ImportInputSerializer, responses={201: ImportOutputSerializer})
    def post(self, request: Request) -> Response:
        params = ImportInputSerializer(data=request.data)
        params.is_valid(raise_exception=True)
        character = _character_or_404(request, params.validated_data["character"])
        result = editing.memories_import(
            actor=request.user, character=character, document=params.validated_data["document"]
        )
        memories = selectors.memory_list(
            user=request.user, filters=selectors.MemoryFilters(status=None)
        ).filter(pk__in=result.created)
        return Response(
            {
                "created": len(result.created),
                "skipped_duplicates": result.skipped_duplicates,
                "threads_kept": result.threads_kept,
                "threads_dropped": result.threads_dropped,
                "made_shared": result.made_shared,
                "memories": [_output(memory) for memory in memories],
            },
            status=status.HTTP_201_CREATED,
        )


class CharacterProfileView(MemoryAPIView):
    """What the character knows about the caller (the profile, always in its prompts)."""

    @extend_schema(operation_id="characters_profile_retrieve", responses=ProfileOutputSerializer)
    def get(self, request: Request, character_id: int) -> Response:
        character = _character_or_404(request, character_id)
        refuse_query(request)
        view = profile.profile_view(owner_id=request.user.pk, character_id=character.pk)
        return Response(profile.profile_payload(view, character_name=character.name))

    @extend_schema(
        operation_id="characters_profile_partial_update",
        request=ProfileUpdateSerializer,
        responses=ProfileOutputSerializer,
    )
    def patch(self, request: Request, character_id: int) -> Response:
        character = _character_or_404(request, character_id)
        params = ProfileUpdateSerializer(data=request.data)
        params.is_valid(raise_exception=True)
        changes = dict(params.validated_data)
        try:
            view = profile.profile_update(
                owner_id=request.user.pk,
                character_id=character.pk,
                changes=changes,
                character_name=character.name,
            )
        except profile.ProfileTooLarge as error:
            fields = sorted(changes) or ["non_field_errors"]
            raise ValidationError({field: [str(error)] for field in fields}) from None
        return Response(profile.profile_payload(view, character_name=character.name))


def _conflict_output(memory: Memory, existing: Memory | None) -> dict:
    return {"memory": _output(memory), "existing": _output(existing) if existing else None}


class MemoryConflictListView(MemoryAPIView):
    """The conflict inbox: new memories that contradict an existing one, waiting for the
    user (newest first), each with the memory it contradicts."""

    @extend_schema(
        operation_id="memories_conflicts_list",
        parameters=[ConflictListParamsSerializer, *PAGE_PARAMETERS],
        responses=paged(ConflictOutputSerializer),
    )
    def get(self, request: Request) -> Response:
        params = ConflictListParamsSerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        character_id = params.validated_data.get("character")
        if character_id is not None:
            _character_or_404(request, character_id)
        conflicts = editing.memory_conflicts(user=request.user, character_id=character_id)
        return paged_response(
            request, conflicts, lambda memory: _conflict_output(memory, memory.conflicts_with)
        )


class MemoryResolveView(MemoryAPIView):
    """Settle a conflict: keep both, keep the new one (it replaces the old) or keep the old."""

    @extend_schema(request=ConflictResolveSerializer, responses=ConflictOutputSerializer)
    def post(self, request: Request, memory_id: int) -> Response:
        memory = _memory_or_404(request, memory_id)
        params = ConflictResolveSerializer(data=request.data)
        params.is_valid(raise_exception=True)
        memory, existing = editing.memory_resolve_conflict(
            memory=memory, keep=params.validated_data["keep"], actor=request.user
        )
        return Response(_conflict_output(memory, existing))
