"""REST endpoints for threads and their messages.

Each view parses input, looks the thread up among the requesting user's own (another user's
answers 404, exactly like a missing one), calls one service or selector and renders the
output serializer. An id in the body that is not one of the user's own rows (a character,
scene or persona) answers 404 as well, naming it. A conflict with a reply being written
answers 409."""

from __future__ import annotations

import json

from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import HttpResponse
from django.utils.text import slugify
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.parsers import MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from chat import selectors, services, transfer
from chat.api.serializers import (
    MemoryProgressOutputSerializer,
    MessageListOutputSerializer,
    MessageListQuerySerializer,
    MessageOutputSerializer,
    MessageUpdateInputSerializer,
    ThreadCreateInputSerializer,
    ThreadExportQuerySerializer,
    ThreadImportInputSerializer,
    ThreadImportOutputSerializer,
    ThreadListParamsSerializer,
    ThreadOutputSerializer,
    ThreadUpdateInputSerializer,
)
from chat.payloads import messages_payload
from drawhisper.api import (
    PAGE_PARAMETERS,
    ErrorSerializer,
    found_or_404,
    not_yours_answers_404,
    paged,
    paged_response,
    refuse_body,
    refuse_query,
)


def get_own_thread(request, thread_id: int):
    thread = selectors.thread_get(user=request.user, thread_id=thread_id)
    return found_or_404(thread, "Chat not found.")


def get_message(thread, message_id: int):
    message = selectors.message_get(thread=thread, message_id=message_id)
    return found_or_404(message, "Message not found.")


# Body fields that name one of the user's own rows: the chat services' only error on them is
# another user's (or a missing) one, a 404 as an id in the path is, not a 400.
_OWN_ROW_FIELDS = ("character", "scene", "persona")


def _conflict_response(codes: str) -> OpenApiResponse:
    """The schema's 409 answer of an operation that can meet a reply being written."""
    return OpenApiResponse(ErrorSerializer, description=f"A conflict; `code` is {codes}.")


def _conflict(error: services.ChatError) -> Response:
    return Response({"detail": error.detail, "code": error.code}, status=status.HTTP_409_CONFLICT)


class ThreadListCreateApi(APIView):
    @extend_schema(
        operation_id="threads_list",
        parameters=[ThreadListParamsSerializer, *PAGE_PARAMETERS],
        responses=paged(ThreadOutputSerializer),
    )
    def get(self, request):
        from characters.selectors import character_get
        from scenes.selectors import scene_get

        params = ThreadListParamsSerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        character_id = params.validated_data.get("character")
        scene_id = params.validated_data.get("scene")
        # Another user's (or a missing) character or scene is a 404 naming it, as for the
        # memories and scenes lists, not an empty page read as "no chats".
        if character_id is not None:
            character = character_get(user=request.user, character_id=character_id)
            found_or_404(character, "character: No such character.")
        if scene_id is not None:
            found_or_404(scene_get(user=request.user, scene_id=scene_id), "scene: No such scene.")
        threads = selectors.thread_list(
            user=request.user, character_id=character_id, scene_id=scene_id
        )
        return paged_response(request, threads, ThreadOutputSerializer)

    @extend_schema(
        operation_id="threads_create",
        description="Start a chat with a character (optionally in one of its scenes), as a "
        "persona (`persona`; the default persona when left out, none with null). The "
        "character's or scene's greeting, or the alternate greeting chosen with `greeting`, "
        "becomes message 1. A character, scene or persona that is not one of yours (or a "
        "scene of another character) answers 404 naming it.",
        request=ThreadCreateInputSerializer,
        responses={201: ThreadOutputSerializer},
    )
    def post(self, request):
        serializer = ThreadCreateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        with not_yours_answers_404(*_OWN_ROW_FIELDS):
            thread = services.thread_start(
                user=request.user,
                character_id=data["character"],
                scene_id=data.get("scene"),
                title=data.get("title", ""),
                persona_id=data.get("persona"),
                persona_given="persona" in data,
                greeting_index=data.get("greeting"),
            )
        return Response(ThreadOutputSerializer(thread).data, status=status.HTTP_201_CREATED)


class ThreadDetailApi(APIView):
    @extend_schema(operation_id="threads_retrieve", responses=ThreadOutputSerializer)
    def get(self, request, thread_id: int):
        thread = get_own_thread(request, thread_id)
        refuse_query(request)
        return Response(ThreadOutputSerializer(thread).data)

    @extend_schema(
        operation_id="threads_partial_update",
        request=ThreadUpdateInputSerializer,
        responses=ThreadOutputSerializer,
    )
    def patch(self, request, thread_id: int):
        thread = get_own_thread(request, thread_id)
        serializer = ThreadUpdateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        with not_yours_answers_404(*_OWN_ROW_FIELDS):
            thread = services.thread_update(thread=thread, **serializer.validated_data)
        return Response(ThreadOutputSerializer(thread).data)

    @extend_schema(operation_id="threads_destroy", responses={204: None})
    def delete(self, request, thread_id: int):
        services.thread_delete(thread=get_own_thread(request, thread_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


class MessageListApi(APIView):
    @extend_schema(
        operation_id="threads_messages_list",
        description="Messages in seq order, with their status. Without `after_seq`, the newest "
        "`limit` messages (page back with `before_seq`); with it, the ones after that seq (to "
        "catch up after a reconnect). Replies replaced by regeneration are listed under each "
        "reply's `previous_versions`, or inline with `include_replaced=true`.",
        parameters=[MessageListQuerySerializer],
        responses=MessageListOutputSerializer,
    )
    def get(self, request, thread_id: int):
        thread = get_own_thread(request, thread_id)
        query = MessageListQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        messages, has_earlier = selectors.message_list(thread=thread, **query.validated_data)
        return Response({"results": messages_payload(messages), "has_earlier": has_earlier})


class MessageDetailApi(APIView):
    @extend_schema(operation_id="threads_messages_retrieve", responses=MessageOutputSerializer)
    def get(self, request, thread_id: int, message_id: int):
        message = get_message(get_own_thread(request, thread_id), message_id)
        refuse_query(request)
        return Response(messages_payload([message])[0])

    @extend_schema(
        operation_id="threads_messages_partial_update",
        description="Edit the text of a message (`content`, stored trimmed); a body without "
        "it changes nothing. Memories made from it are flagged for review.",
        request=MessageUpdateInputSerializer,
        responses={
            200: MessageOutputSerializer,
            409: _conflict_response("`streaming` while the message is a reply being written"),
        },
    )
    def patch(self, request, thread_id: int, message_id: int):
        message = get_message(get_own_thread(request, thread_id), message_id)
        serializer = MessageUpdateInputSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        if "content" in serializer.validated_data:
            try:
                message = services.message_edit(
                    message=message, content=serializer.validated_data["content"]
                )
            except services.MessageStreaming as error:
                return _conflict(error)
        return Response(messages_payload([message])[0])

    @extend_schema(
        operation_id="threads_messages_destroy",
        description="Remove a message from the chat and from later prompts. It is kept, hidden, "
        "and `POST .../restore/` brings it back.",
        responses={
            204: None,
            409: _conflict_response("`streaming` while the message is a reply being written"),
        },
    )
    def delete(self, request, thread_id: int, message_id: int):
        message = get_message(get_own_thread(request, thread_id), message_id)
        try:
            services.message_delete(message=message)
        except services.MessageStreaming as error:
            return _conflict(error)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MessageRestoreApi(APIView):
    @extend_schema(
        operation_id="threads_messages_restore", request=None, responses=MessageOutputSerializer
    )
    def post(self, request, thread_id: int, message_id: int):
        thread = get_own_thread(request, thread_id)
        refuse_body(request)
        message = found_or_404(
            selectors.deleted_message_get(thread=thread, message_id=message_id),
            "No deleted message with this id.",
        )
        message = services.message_restore(message=message)
        return Response(messages_payload([message])[0])


class MessageActivateApi(APIView):
    @extend_schema(
        operation_id="threads_messages_activate",
        description="Choose an earlier version of the chat's last reply (one listed in its "
        "`previous_versions`): it becomes the reply the chat shows and continues from, and the "
        "reply shown until now becomes one of its previous versions. Answers the chosen "
        "message.",
        request=None,
        responses={
            200: MessageOutputSerializer,
            409: _conflict_response(
                "`busy` while a reply is being written, `not_latest` when the message is not a "
                "version of the last reply"
            ),
        },
    )
    def post(self, request, thread_id: int, message_id: int):
        thread = get_own_thread(request, thread_id)
        message = get_message(thread, message_id)
        refuse_body(request)
        try:
            message = services.reply_version_activate(thread=thread, version=message)
        except services.ChatError as error:
            return _conflict(error)
        return Response(messages_payload([message])[0])


class ThreadImportApi(APIView):
    parser_classes = [MultiPartParser]

    @extend_schema(
        operation_id="threads_import",
        description="Import a SillyTavern chat file (JSONL) as a new chat with one of your "
        "characters. Swipes become earlier versions of their message. The memory pipeline "
        "then works through the imported history in the background "
        "(`GET /api/threads/{id}/memory-progress/`). A malformed file answers 400 naming the "
        "line.",
        request={"multipart/form-data": ThreadImportInputSerializer},
        responses={201: ThreadImportOutputSerializer},
    )
    def post(self, request):
        serializer = ThreadImportInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        upload = data["file"]
        try:
            transfer.check_upload_size(upload.size)
            with not_yours_answers_404(*_OWN_ROW_FIELDS):
                result = transfer.thread_import_sillytavern(
                    user=request.user,
                    character_id=data["character"],
                    scene_id=data.get("scene"),
                    persona_id=data.get("persona"),
                    persona_given="persona" in data,
                    title=data.get("title", ""),
                    data=upload.read(),
                )
        except transfer.ChatFileError as error:
            raise ValidationError({"file": [str(error)]}) from error
        except DjangoValidationError as error:
            raise ValidationError(error.message_dict) from error
        payload = {
            "thread": ThreadOutputSerializer(result.thread).data,
            "messages": result.messages,
            "versions": result.versions,
            "skipped_system": result.skipped_system,
        }
        return Response(payload, status=status.HTTP_201_CREATED)


class ThreadExportApi(APIView):
    @extend_schema(
        operation_id="threads_export",
        description="Download the chat: `as=sillytavern` (default) gives SillyTavern JSONL "
        "(earlier versions of a reply as its swipes); `as=drawhisper` gives our own JSON "
        "with every message and its versions, the memories the chat made and those pinned "
        "to it.",
        parameters=[ThreadExportQuerySerializer],
        responses={(200, "application/jsonl"): str, (200, "application/json"): dict},
    )
    def get(self, request, thread_id: int):
        thread = get_own_thread(request, thread_id)
        query = ThreadExportQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        stem = slugify(thread.title) or f"chat-{thread.pk}"
        if query.validated_data["as"] == "drawhisper":
            body = json.dumps(
                transfer.thread_export_native(thread=thread, actor=request.user),
                ensure_ascii=False,
                indent=2,
            )
            response = HttpResponse(body, content_type="application/json; charset=utf-8")
            filename = f"{stem}.drawhisper.json"
        else:
            body = transfer.thread_export_sillytavern(thread=thread)
            response = HttpResponse(body, content_type="application/jsonl; charset=utf-8")
            filename = f"{stem}.jsonl"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


class ThreadMemoryProgressApi(APIView):
    @extend_schema(
        operation_id="threads_memory_progress",
        description="How far the memory pipeline has got through the chat's messages: "
        "`memorised_through_seq` of `last_seq` (`messages_read` of `messages_total` visible "
        "messages), `state` working while jobs are queued or "
        "running, and the number of memories the chat has made; `error` says why a job "
        "failed or waits for a retry.",
        responses=MemoryProgressOutputSerializer,
    )
    def get(self, request, thread_id: int):
        thread = get_own_thread(request, thread_id)
        refuse_query(request)
        return Response(transfer.memory_progress(thread=thread))


class MessageBranchApi(APIView):
    @extend_schema(
        operation_id="threads_messages_branch",
        description="Branch the chat here: a new chat with the same character, scene and "
        "persona, holding copies of the messages up to and including this one, with the "
        "memories pinned to this chat pinned there too. This chat is left as it is.",
        request=None,
        responses={201: ThreadOutputSerializer},
    )
    def post(self, request, thread_id: int, message_id: int):
        thread = get_own_thread(request, thread_id)
        message = get_message(thread, message_id)
        refuse_body(request)
        try:
            branch = services.thread_branch(thread=thread, message=message)
        except DjangoValidationError as error:
            raise ValidationError(error.message_dict) from error
        return Response(ThreadOutputSerializer(branch).data, status=status.HTTP_201_CREATED)
