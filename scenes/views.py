"""Scene pages: the editor (new and edit) with a live system-prompt preview, and delete.

Scenes and characters are looked up among the signed-in user's own; anything else is 404.
The first render of the preview happens here, so the page is complete without JavaScript."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from characters.forms import add_service_errors
from characters.selectors import character_get
from drawhisper.tokens import count_tokens
from scenes.forms import SceneForm
from scenes.models import Scene
from scenes.preview_layers import preview_layers, preview_user
from scenes.prompting import render_greeting, render_system_prompt
from scenes.selectors import effective_config, scene_deletion_impact, scene_get
from scenes.services import scene_create, scene_delete, scene_update


def _own_scene(request, scene_id: int) -> Scene:
    scene = scene_get(user=request.user, scene_id=scene_id)
    if scene is None:
        raise Http404("Scene not found.")
    return scene


def _preview(character, form: SceneForm, scene: Scene | None) -> dict:
    fields = {name: "" for name in SceneForm.rules}
    if scene is not None:
        fields.update({name: getattr(scene, name) for name in SceneForm.rules})
    if form.is_bound:
        fields.update({name: form.data.get(name, "") for name in SceneForm.rules})
    unsaved = Scene(pk=scene.pk if scene is not None else None, character=character, **fields)
    config = effective_config(character=character, scene=unsaved)
    who = preview_user(user=character.owner, config=config)
    prompt = render_system_prompt(config, user_name=who.name, persona_description=who.persona_text)
    return {
        "prompt": prompt,
        "greeting": render_greeting(config, user_name=who.name),
        "tokens": count_tokens(prompt),
        "budget": settings.CONTEXT_LAYER_BUDGETS["character"],
        "layers": preview_layers(user=character.owner, config=config, who=who),
    }


def _editor(request, *, character, scene: Scene | None, form: SceneForm):
    context = {
        "character": character,
        "scene": scene,
        "form": form,
        "preview": _preview(character, form, scene),
    }
    return render(request, "scenes/form.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def scene_new(request):
    character = character_get(
        user=request.user,
        character_id=request.GET.get("character") or request.POST.get("character"),
    )
    if character is None:
        raise Http404("Character not found.")
    form = SceneForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            scene = scene_create(character=character, **form.cleaned_data)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, f"The scene “{scene.title}” was created.")
            return redirect("character-detail", character_id=character.pk)
    return _editor(request, character=character, scene=None, form=form)


@login_required
@require_http_methods(["GET", "POST"])
def scene_edit(request, scene_id: int):
    scene = _own_scene(request, scene_id)
    initial = {name: getattr(scene, name) for name in SceneForm.rules}
    form = SceneForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            scene_update(scene=scene, data=form.cleaned_data)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, f"The scene “{scene.title}” was saved.")
            return redirect("character-detail", character_id=scene.character_id)
    return _editor(request, character=scene.character, scene=scene, form=form)


@login_required
@require_http_methods(["GET", "POST"])
def scene_remove(request, scene_id: int):
    scene = _own_scene(request, scene_id)
    if request.method == "POST":
        title, character_id = scene.title, scene.character_id
        scene_delete(scene=scene)
        messages.success(request, f"The scene “{title}” was deleted.")
        return redirect("character-detail", character_id=character_id)
    return render(
        request,
        "scenes/delete.html",
        {"scene": scene, "impact": scene_deletion_impact(scene=scene)},
    )
