"""``/api/connections/``: CRUD (the key is write-only; ``has_key`` says whether one is
stored), ``/api/connections/{id}/models/`` and ``/api/connections/{id}/test/``, and
``/api/connections/presets/``, and ``/api/generation/sillytavern-preset/`` (a SillyTavern
preset read as a generation layer, nothing stored)."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.parsers import MultiPartParser
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from drawhisper.accounts.connections import memory, services
from drawhisper.accounts.connections.generation import (
    GenerationField,
    GenerationSettingsSerializer,
)
from drawhisper.accounts.connections.models import Connection
from drawhisper.accounts.connections.presets import PRESETS, presets_list
from drawhisper.accounts.connections.sillytavern import (
    CHAT_COMPLETION,
    TEXT_COMPLETION,
    NotAPreset,
    preset_to_layer,
)
from drawhisper.api import (
    LimitedJSONParser,
    StrictBooleanField,
    StrictFieldsMixin,
    found_or_404,
    json_upload,
    not_yours_answers_404,
    refuse_body,
    refuse_query,
)
from drawhisper.providers.base import ProviderError


class ConnectionInputSerializer(StrictFieldsMixin, serializers.Serializer):
    name = serializers.CharField(max_length=80)
    preset = serializers.ChoiceField(
        choices=list(PRESETS),
        required=False,
        allow_blank=True,
        error_messages={"invalid_choice": f"Unknown preset; choose one of {', '.join(PRESETS)}."},
    )
    base_url = serializers.URLField(max_length=500)
    api_key = serializers.CharField(
        max_length=500,
        required=False,
        allow_blank=True,
        write_only=True,
        trim_whitespace=True,
        style={"input_type": "password"},
        help_text="Write-only. On update: a new key; empty removes it; left out keeps it.",
    )
    default_model = serializers.CharField(max_length=200, required=False, allow_blank=True)
    is_default = StrictBooleanField(required=False)
    generation = GenerationField(required=False, help_text="Default sampling settings.")


class ConnectionOutputSerializer(serializers.ModelSerializer):
    has_key = serializers.BooleanField(read_only=True)

    class Meta:
        model = Connection
        fields = [
            "id",
            "name",
            "preset",
            "base_url",
            "has_key",
            "default_model",
            "is_default",
            "generation",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields


class ModelListOutputSerializer(serializers.Serializer):
    models = serializers.ListField(child=serializers.CharField())


class ConnectionTestOutputSerializer(serializers.Serializer):
    ok = serializers.BooleanField()
    detail = serializers.CharField()
    models = serializers.ListField(child=serializers.CharField())


class PresetSerializer(serializers.Serializer):
    id = serializers.CharField()
    label = serializers.CharField()
    base_url = serializers.CharField()
    needs_key = serializers.BooleanField()


class MemoryModelChoiceSerializer(StrictFieldsMixin, serializers.Serializer):
    connection = serializers.IntegerField(
        allow_null=True,
        min_value=1,
        max_value=2**31 - 1,
        help_text="One of your connections; null: the server's.",
    )
    model = serializers.CharField(
        max_length=200,
        required=False,
        allow_blank=True,
        default="",
        help_text="Empty: the connection's default model.",
    )


class MemoryModelsInputSerializer(StrictFieldsMixin, serializers.Serializer):
    summary = MemoryModelChoiceSerializer(required=False)
    extract = MemoryModelChoiceSerializer(required=False)


class ServerDefaultsSerializer(serializers.Serializer):
    summary = serializers.CharField()
    extract = serializers.CharField()


class MemoryModelsOutputSerializer(serializers.Serializer):
    summary = MemoryModelChoiceSerializer()
    extract = MemoryModelChoiceSerializer()
    server_default = ServerDefaultsSerializer(
        help_text="The models the server uses when no connection is chosen."
    )


MAX_PRESET_BYTES = 1024 * 1024


class PresetFileInputSerializer(StrictFieldsMixin, serializers.Serializer):
    file = serializers.FileField(help_text="A SillyTavern preset (JSON), at most 1 MB.")


class ImportedPresetOutputSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=[CHAT_COMPLETION, TEXT_COMPLETION])
    generation = GenerationSettingsSerializer(help_text="The layer the preset maps to.")
    ignored = serializers.ListField(
        child=serializers.CharField(), help_text="The preset's keys that were not carried."
    )


def _preset_from_upload(request) -> object:
    data = PresetFileInputSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    return json_upload(data.validated_data["file"], max_bytes=MAX_PRESET_BYTES)


def _memory_models(owner) -> dict:
    return {
        **memory.memory_models_get(owner=owner),
        "server_default": {
            purpose: memory.server_default_model(purpose) for purpose in memory.PURPOSES
        },
    }


def _own(request, connection_id: int) -> Connection:
    connection = services.connection_get(owner=request.user, connection_id=connection_id)
    return found_or_404(connection, "No such connection.")


class ConnectionListCreateApi(APIView):
    @extend_schema(operation_id="connections_list", responses=ConnectionOutputSerializer(many=True))
    def get(self, request):
        refuse_query(request)
        connections = services.connection_list(owner=request.user)
        return Response(ConnectionOutputSerializer(connections, many=True).data)

    @extend_schema(
        operation_id="connections_create",
        request=ConnectionInputSerializer,
        responses={201: ConnectionOutputSerializer},
    )
    def post(self, request):
        data = ConnectionInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        with not_yours_answers_404():
            connection = services.connection_create(owner=request.user, **data.validated_data)
        return Response(ConnectionOutputSerializer(connection).data, status=status.HTTP_201_CREATED)


class ConnectionDetailApi(APIView):
    @extend_schema(operation_id="connections_retrieve", responses=ConnectionOutputSerializer)
    def get(self, request, connection_id: int):
        connection = _own(request, connection_id)
        refuse_query(request)
        return Response(ConnectionOutputSerializer(connection).data)

    @extend_schema(
        operation_id="connections_partial_update",
        request=ConnectionInputSerializer,
        responses=ConnectionOutputSerializer,
    )
    def patch(self, request, connection_id: int):
        connection = _own(request, connection_id)
        data = ConnectionInputSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        with not_yours_answers_404():
            connection = services.connection_update(connection=connection, **data.validated_data)
        return Response(ConnectionOutputSerializer(connection).data)

    @extend_schema(operation_id="connections_destroy", responses={204: None})
    def delete(self, request, connection_id: int):
        services.connection_delete(connection=_own(request, connection_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


class ConnectionModelsApi(APIView):
    @extend_schema(
        operation_id="connections_models",
        description="The endpoint's `/models`. An endpoint that fails gives 502 with a "
        "readable `detail`.",
        responses=ModelListOutputSerializer,
    )
    def get(self, request, connection_id: int):
        connection = _own(request, connection_id)
        refuse_query(request)  # before the endpoint is asked
        try:
            models = services.connection_models(connection=connection)
        except ProviderError as error:
            return Response({"detail": str(error)}, status=status.HTTP_502_BAD_GATEWAY)
        return Response({"models": models})


class ConnectionTestApi(APIView):
    @extend_schema(
        operation_id="connections_test", request=None, responses=ConnectionTestOutputSerializer
    )
    def post(self, request, connection_id: int):
        connection = _own(request, connection_id)
        refuse_body(request)
        return Response(services.connection_test(connection=connection))


class PresetListApi(APIView):
    @extend_schema(operation_id="connections_presets", responses=PresetSerializer(many=True))
    def get(self, request):
        refuse_query(request)
        return Response(presets_list())


class MemoryModelsApi(APIView):
    # JSON only: the choices are nested objects, which form data cannot carry.
    parser_classes = [LimitedJSONParser]

    @extend_schema(operation_id="connections_memory_models", responses=MemoryModelsOutputSerializer)
    def get(self, request):
        refuse_query(request)
        return Response(_memory_models(request.user))

    @extend_schema(
        operation_id="connections_memory_models_update",
        description="Choose the connection and model that summarise your chats and extract "
        "their memories (`summary`, `extract`; either may be left out). A connection of null "
        "means the server's configured model.",
        request=MemoryModelsInputSerializer,
        responses=MemoryModelsOutputSerializer,
    )
    def put(self, request):
        data = MemoryModelsInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        with not_yours_answers_404():
            memory.memory_models_set(owner=request.user, **data.validated_data)
        return Response(_memory_models(request.user))


class SillyTavernPresetApi(APIView):
    parser_classes = [LimitedJSONParser, MultiPartParser]

    @extend_schema(
        operation_id="generation_sillytavern_preset",
        description="Read a SillyTavern Chat Completion or Text Completion preset, sent as the "
        "body or as a multipart `file`, and answer the generation layer it maps to "
        "(`temperature`/`temp`, `top_p`, `frequency_penalty`/`freq_pen`, "
        "`presence_penalty`/`presence_pen`, `openai_max_tokens`/`genamt` as `max_tokens`, "
        "`stopping_strings` as `stop`) with the keys it did not carry in `ignored`. Nothing is "
        "stored: save the layer on a chat, a character or a connection. A value out of range "
        "is a 400 naming the preset's key; a file with no preset key is a 400.",
        request={
            "application/json": OpenApiTypes.OBJECT,
            "multipart/form-data": PresetFileInputSerializer,
        },
        responses=ImportedPresetOutputSerializer,
    )
    def post(self, request):
        if request.content_type.startswith("multipart/"):
            data, where = _preset_from_upload(request), "file"
        else:
            data, where = request.data, api_settings.NON_FIELD_ERRORS_KEY
        try:
            imported = preset_to_layer(data)
        except NotAPreset as error:
            raise ValidationError({where: [str(error)]}) from None
        return Response(
            {"kind": imported.kind, "generation": imported.generation, "ignored": imported.ignored}
        )
