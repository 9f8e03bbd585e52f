"""REST endpoints for scenes and the scene editor's live preview.

A scene is found only among the requesting user's scenes whose character is also theirs;
anything else answers 404. The preview renders the system prompt from unsaved fields."""

from __future__ import annotations

from dataclasses import asdict

from django.conf import settings
from django.core.exceptions import ValidationError as DjangoValidationError
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from characters.api.views import get_own_character
from characters.validation import SCENE_TEXT_RULES, check_text_fields
from drawhisper.api import PAGE_PARAMETERS, found_or_404, paged, paged_response, refuse_query
from drawhisper.tokens import count_tokens
from scenes.api.serializers import (
    SceneCreateInputSerializer,
    SceneListParamsSerializer,
    SceneOutputSerializer,
    ScenePreviewInputSerializer,
    ScenePreviewOutputSerializer,
    SceneUpdateInputSerializer,
)
from scenes.models import Scene
from scenes.preview_layers import preview_layers, preview_user
from scenes.prompting import PROMPT_VERSION, render_greeting, render_system_prompt
from scenes.selectors import effective_config, scene_get, scene_list
from scenes.services import scene_create, scene_delete, scene_update


def get_own_scene(request, scene_id) -> Scene:
    return found_or_404(scene_get(user=request.user, scene_id=scene_id), "Scene not found.")


class SceneListCreateApi(APIView):
    @extend_schema(
        operation_id="scenes_list",
        parameters=[SceneListParamsSerializer, *PAGE_PARAMETERS],
        responses=paged(SceneOutputSerializer),
    )
    def get(self, request):
        params = SceneListParamsSerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        character = None
        if "character" in params.validated_data:
            character = get_own_character(request, params.validated_data["character"])
        scenes = scene_list(user=request.user, character=character)
        return paged_response(request, scenes, SceneOutputSerializer)

    @extend_schema(
        operation_id="scenes_create",
        request=SceneCreateInputSerializer,
        responses={201: SceneOutputSerializer},
    )
    def post(self, request):
        serializer = SceneCreateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        character = get_own_character(request, data.pop("character"))
        scene = scene_create(character=character, **data)
        return Response(SceneOutputSerializer(scene).data, status=status.HTTP_201_CREATED)


class SceneDetailApi(APIView):
    @extend_schema(operation_id="scenes_retrieve", responses=SceneOutputSerializer)
    def get(self, request, scene_id: int):
        scene = get_own_scene(request, scene_id)
        refuse_query(request)
        return Response(SceneOutputSerializer(scene).data)

    def _update(self, request, scene_id: int, *, partial: bool):
        scene = get_own_scene(request, scene_id)
        serializer = SceneUpdateInputSerializer(data=request.data, partial=partial)
        serializer.is_valid(raise_exception=True)
        scene = scene_update(scene=scene, data=serializer.validated_data)
        return Response(SceneOutputSerializer(scene).data)

    @extend_schema(
        operation_id="scenes_update",
        request=SceneUpdateInputSerializer,
        responses=SceneOutputSerializer,
    )
    def put(self, request, scene_id: int):
        return self._update(request, scene_id, partial=False)

    @extend_schema(
        operation_id="scenes_partial_update",
        request=SceneUpdateInputSerializer,
        responses=SceneOutputSerializer,
    )
    def patch(self, request, scene_id: int):
        return self._update(request, scene_id, partial=True)

    @extend_schema(operation_id="scenes_destroy", responses={204: None})
    def delete(self, request, scene_id: int):
        scene_delete(scene=get_own_scene(request, scene_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


class ScenePreviewApi(APIView):
    @extend_schema(
        operation_id="scenes_preview",
        description="Render the system prompt for a character with unsaved scene fields (nothing is stored).",
        request=ScenePreviewInputSerializer,
        responses=ScenePreviewOutputSerializer,
    )
    def post(self, request):
        serializer = ScenePreviewInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        character = get_own_character(request, data.pop("character"))
        scene_id = data.pop("scene", None)
        if scene_id is not None and get_own_scene(request, scene_id).character_id != character.pk:
            raise ValidationError({"scene": ["This scene is not one of the character's."]})
        problems: dict[str, list[str]] = {}
        try:
            check_text_fields(
                {key: value for key, value in data.items() if key != "title"}, SCENE_TEXT_RULES
            )
        except DjangoValidationError as error:
            problems = error.message_dict
        config = effective_config(
            character=character, scene=Scene(pk=scene_id, character=character, **data)
        )
        who = preview_user(user=request.user, config=config)
        prompt = render_system_prompt(
            config, user_name=who.name, persona_description=who.persona_text
        )
        body = {
            "system_prompt": prompt,
            "greeting": render_greeting(config, user_name=who.name),
            "prompt_version": PROMPT_VERSION,
            "token_count": count_tokens(prompt),
            "token_budget": settings.CONTEXT_LAYER_BUDGETS["character"],
            "problems": problems,
            "layers": [
                asdict(layer) for layer in preview_layers(user=request.user, config=config, who=who)
            ],
        }
        return Response(ScenePreviewOutputSerializer(body).data)
