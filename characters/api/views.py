"""REST endpoints for characters and Character Card import/export.

Each view parses input, looks the character up among the requesting user's own (another
user's answers 404), calls one service or selector and renders the output serializer."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from characters import cards
from characters.api.serializers import (
    CardImportInputSerializer,
    CardImportOutputSerializer,
    CharacterInputSerializer,
    CharacterOutputSerializer,
    CharacterUpdateOutputSerializer,
    CharacterUploadInputSerializer,
)
from characters.card_files import card_png_download, read_card_upload
from characters.selectors import character_get, character_list
from characters.services import (
    character_create,
    character_delete,
    character_import_card,
    character_update,
)
from drawhisper.api import (
    PAGE_PARAMETERS,
    LimitedJSONParser,
    found_or_404,
    not_yours_answers_404,
    paged,
    paged_response,
    refuse_query,
)


def get_own_character(request, character_id):
    character = character_get(user=request.user, character_id=character_id)
    return found_or_404(character, "Character not found.")


def character_input(request, *, partial: bool = False) -> dict:
    """The validated body: JSON with every field, or a form carrying the avatar."""
    if request.content_type.startswith(("multipart/", "application/x-www-form-urlencoded")):
        serializer = CharacterUploadInputSerializer(data=request.data, partial=partial)
    else:
        serializer = CharacterInputSerializer(data=request.data, partial=partial)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


CHARACTER_BODIES = {
    "application/json": CharacterInputSerializer,
    "multipart/form-data": CharacterUploadInputSerializer,
}


def _split_avatar(validated: dict) -> tuple[dict, object, bool]:
    data = dict(validated)
    avatar = data.pop("avatar", None)
    remove_avatar = data.pop("remove_avatar", False)
    return data, avatar, remove_avatar


class CharacterListCreateApi(APIView):
    parser_classes = [LimitedJSONParser, MultiPartParser, FormParser]

    @extend_schema(
        operation_id="characters_list",
        parameters=PAGE_PARAMETERS,
        responses=paged(CharacterOutputSerializer),
    )
    def get(self, request):
        refuse_query(request, paged=True)
        return paged_response(request, character_list(user=request.user), CharacterOutputSerializer)

    @extend_schema(
        operation_id="characters_create",
        request=CHARACTER_BODIES,
        responses={201: CharacterOutputSerializer},
    )
    def post(self, request):
        data, avatar, _ = _split_avatar(character_input(request))
        with not_yours_answers_404():  # a generation connection that is not yours
            character = character_create(owner=request.user, avatar=avatar, **data)
        return Response(CharacterOutputSerializer(character).data, status=status.HTTP_201_CREATED)


class CharacterDetailApi(APIView):
    parser_classes = [LimitedJSONParser, MultiPartParser, FormParser]

    @extend_schema(operation_id="characters_retrieve", responses=CharacterOutputSerializer)
    def get(self, request, character_id: int):
        character = get_own_character(request, character_id)  # another user's: 404 first
        refuse_query(request)
        return Response(CharacterOutputSerializer(character).data)

    def _update(self, request, character_id: int, *, partial: bool):
        character = get_own_character(request, character_id)
        data, avatar, remove_avatar = _split_avatar(character_input(request, partial=partial))
        with not_yours_answers_404():  # a generation connection that is not yours
            result = character_update(
                character=character, data=data, avatar=avatar, remove_avatar=remove_avatar
            )
        body = CharacterOutputSerializer(result.character).data
        return Response({**body, "warnings": list(result.warnings)})

    @extend_schema(
        operation_id="characters_update",
        request=CHARACTER_BODIES,
        responses=CharacterUpdateOutputSerializer,
    )
    def put(self, request, character_id: int):
        return self._update(request, character_id, partial=False)

    @extend_schema(
        operation_id="characters_partial_update",
        request=CHARACTER_BODIES,
        responses=CharacterUpdateOutputSerializer,
    )
    def patch(self, request, character_id: int):
        return self._update(request, character_id, partial=True)

    @extend_schema(operation_id="characters_destroy", responses={204: None})
    def delete(self, request, character_id: int):
        character_delete(character=get_own_character(request, character_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


class CharacterCardApi(APIView):
    @extend_schema(
        operation_id="characters_card_export",
        description="The character as a Character Card V2 (chara_card_v2) JSON object.",
        responses={200: OpenApiTypes.OBJECT},
    )
    def get(self, request, character_id: int):
        character = get_own_character(request, character_id)  # another user's: 404 first
        refuse_query(request)
        return Response(cards.card_to_dict(character))


class CharacterCardPngApi(APIView):
    @extend_schema(
        operation_id="characters_card_png_export",
        description="The avatar as a PNG with the Character Card V2 in its 'chara' text chunk. 404 without an avatar.",
        responses={
            (200, "image/png"): OpenApiTypes.BINARY,
            404: OpenApiResponse(description="No such character, or no avatar."),
        },
    )
    def get(self, request, character_id: int):
        character = get_own_character(request, character_id)  # another user's: 404 first
        refuse_query(request)
        if not character.avatar:
            raise NotFound("This character has no avatar; export the JSON card instead.")
        return card_png_download(character)


class CharacterImportApi(APIView):
    parser_classes = [LimitedJSONParser, MultiPartParser]

    @extend_schema(
        operation_id="characters_card_import",
        description=(
            "Create a character from a Character Card. Send the card JSON as the request body, or a multipart "
            "upload with `file` (JSON, or a PNG carrying the card in its 'chara' chunk). Fields the app has no "
            "column for are kept and come back on export."
        ),
        request={
            "application/json": OpenApiTypes.OBJECT,
            "multipart/form-data": CardImportInputSerializer,
        },
        responses={
            201: CardImportOutputSerializer,
            400: OpenApiResponse(description="The card is malformed."),
        },
    )
    def post(self, request):
        image = None
        # A card that cannot be read is the uploaded file's fault, or the body's.
        where = "non_field_errors"
        try:
            if request.content_type.startswith("multipart/"):
                serializer = CardImportInputSerializer(data=request.data)
                serializer.is_valid(raise_exception=True)
                upload = serializer.validated_data["file"]
                where = "file"
                card, image = read_card_upload(upload)
            else:
                card = cards.parse_card(request.data)
        except cards.CardError as error:
            raise ValidationError({where: [str(error)]}) from None
        result = character_import_card(owner=request.user, card=card, image=image)
        body = {
            "character": CharacterOutputSerializer(result.character).data,
            "warnings": list(result.warnings),
        }
        return Response(body, status=status.HTTP_201_CREATED)
