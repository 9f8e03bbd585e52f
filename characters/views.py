"""Character pages: the gallery (home page), detail, create, edit, delete, card import/export.

Every view needs a signed-in user and finds characters only among the user's own, so
another user's character is a 404. Views parse the form, call one service and redirect."""

from __future__ import annotations

from dataclasses import replace

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from characters import cards
from characters.card_files import card_json_download, card_png_download, read_card_upload
from characters.forms import CardImportForm, CharacterForm, add_service_errors
from characters.lorebooks.selectors import lorebook_list
from characters.models import Character
from characters.personas.selectors import persona_list
from characters.selectors import character_deletion_impact, character_get, character_list
from characters.services import (
    character_create,
    character_delete,
    character_import_card,
    character_update,
)
from chat.naming import new_chat_user_name
from chat.selectors import thread_refs
from scenes.prompting import render_card_display, render_greetings
from scenes.selectors import effective_config, scene_list


def _own_character(request, character_id: int) -> Character:
    character = character_get(user=request.user, character_id=character_id)
    if character is None:
        raise Http404("Character not found.")
    return character


@login_required
def gallery(request):
    return render(
        request, "characters/gallery.html", {"characters": character_list(user=request.user)}
    )


@login_required
def character_detail(request, character_id: int):
    character = _own_character(request, character_id)
    personas = list(persona_list(user=request.user))
    context = {
        "character": character,
        "scenes": scene_list(user=request.user, character=character),
        "recent_chats": thread_refs(owner_id=request.user.pk, character_id=character.pk, limit=5),
        "lorebooks": lorebook_list(user=request.user).filter(characters=character),
        "personas": personas,
        "default_persona": next((p for p in personas if p.default), None),
    }
    # The greetings read as a new chat would open: {{user}} is the name that chat would use.
    config = effective_config(character=character)
    user_name = new_chat_user_name(owner=request.user, character_id=character.pk)
    context["greetings"] = render_greetings(config, user_name=user_name)
    context["shown_greeting"] = next(
        iter(render_greetings(replace(config, alternate_greetings=()), user_name=user_name)), ""
    )
    context["shown_alternate_greetings"] = render_greetings(
        replace(config, greeting=""), user_name=user_name
    )
    # Description, personality and scenario read the same way, names filled in.
    context["shown_fields"] = {
        field: render_card_display(getattr(character, field), config, user_name=user_name)
        for field in ("description", "personality", "scenario")
    }
    return render(request, "characters/detail.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def character_new(request):
    form = CharacterForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            character = character_create(
                owner=request.user, avatar=form.cleaned_data.get("avatar"), **form.service_data()
            )
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, f"{character.name} was created.")
            return redirect("character-detail", character_id=character.pk)
    return render(request, "characters/form.html", {"form": form, "character": None})


@login_required
@require_http_methods(["GET", "POST"])
def character_edit(request, character_id: int):
    character = _own_character(request, character_id)
    initial = {field: getattr(character, field) for field in CharacterForm.rules}
    initial["tags"] = ", ".join(character.tags or [])
    form = CharacterForm(request.POST or None, request.FILES or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            character_update(
                character=character,
                data=form.service_data(),
                avatar=form.cleaned_data.get("avatar"),
                remove_avatar=form.cleaned_data.get("remove_avatar", False),
            )
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, f"{character.name} was saved.")
            return redirect("character-detail", character_id=character.pk)
    return render(request, "characters/form.html", {"form": form, "character": character})


@login_required
@require_http_methods(["GET", "POST"])
def character_remove(request, character_id: int):
    character = _own_character(request, character_id)
    if request.method == "POST":
        name = character.name
        character_delete(character=character)
        messages.success(request, f"{name} was deleted.")
        return redirect("gallery")
    impact = character_deletion_impact(character=character)
    return render(request, "characters/delete.html", {"character": character, "impact": impact})


@login_required
@require_http_methods(["GET", "POST"])
def character_import(request):
    form = CardImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            card, image = read_card_upload(upload)
            result = character_import_card(owner=request.user, card=card, image=image)
        except cards.CardError as error:
            form.add_error("file", str(error))
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            for warning in result.warnings:
                messages.warning(request, warning)
            book = lorebook_list(user=request.user).filter(card_character=result.character).first()
            lore_note = (
                f" Its character book is now the lorebook “{book.name}” with {book.entry_count} "
                f"entr{'y' if book.entry_count == 1 else 'ies'}."
                if book is not None
                else ""
            )
            messages.success(request, f"{result.character.name} was imported.{lore_note}")
            return redirect("character-detail", character_id=result.character.pk)
    return render(request, "characters/import.html", {"form": form})


@login_required
def character_export_json(request, character_id: int):
    character = _own_character(request, character_id)
    return card_json_download(character)


@login_required
def character_export_png(request, character_id: int):
    character = _own_character(request, character_id)
    if not character.avatar:
        raise Http404("This character has no avatar.")
    return card_png_download(character)
