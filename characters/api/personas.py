"""REST endpoints for personas (``/api/personas/``). Another user's persona answers 404."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from characters.api.book_inputs import PersonaInputSerializer
from characters.models import Persona
from characters.personas import services
from characters.personas.selectors import persona_get, persona_list
from drawhisper.api import (
    PAGE_PARAMETERS,
    found_or_404,
    json_object_body,
    paged,
    paged_response,
    refuse_query,
)


class PersonaOutputSerializer(serializers.ModelSerializer):
    class Meta:
        model = Persona
        fields = ["id", "name", "description", "default", "created_at", "updated_at"]
        read_only_fields = fields


def get_own_persona(request, persona_id) -> Persona:
    return found_or_404(persona_get(user=request.user, persona_id=persona_id), "Persona not found.")


class PersonaListCreateApi(APIView):
    @extend_schema(
        operation_id="personas_list",
        parameters=PAGE_PARAMETERS,
        responses=paged(PersonaOutputSerializer),
    )
    def get(self, request):
        refuse_query(request, paged=True)
        return paged_response(request, persona_list(user=request.user), PersonaOutputSerializer)

    @extend_schema(
        operation_id="personas_create",
        description="`name`, optional `description` and `default` (the first persona is the "
        "default). New chats use the default persona unless they name another.",
        request=PersonaInputSerializer,
        responses={201: PersonaOutputSerializer},
    )
    def post(self, request):
        data = json_object_body(request)
        PersonaInputSerializer(data=data).is_valid(raise_exception=True)
        persona = services.persona_create(owner=request.user, data=data)
        return Response(PersonaOutputSerializer(persona).data, status=status.HTTP_201_CREATED)


class PersonaDetailApi(APIView):
    @extend_schema(operation_id="personas_retrieve", responses=PersonaOutputSerializer)
    def get(self, request, persona_id: int):
        persona = get_own_persona(request, persona_id)
        refuse_query(request)
        return Response(PersonaOutputSerializer(persona).data)

    @extend_schema(
        operation_id="personas_partial_update",
        request=PersonaInputSerializer,
        responses=PersonaOutputSerializer,
    )
    def patch(self, request, persona_id: int):
        persona = get_own_persona(request, persona_id)
        data = json_object_body(request)
        PersonaInputSerializer(data=data, partial=True).is_valid(raise_exception=True)
        persona = services.persona_update(persona=persona, data=data)
        return Response(PersonaOutputSerializer(persona).data)

    @extend_schema(operation_id="personas_destroy", responses={204: None})
    def delete(self, request, persona_id: int):
        services.persona_delete(persona=get_own_persona(request, persona_id))
        return Response(status=status.HTTP_204_NO_CONTENT)
