"""The personas page: list, create, edit, make default, delete. Another user's persona is a
404. A create or an edit the service refuses shows the page again with what was typed and
the reason beside the form, never a redirect that drops it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from characters.personas import services
from characters.personas.selectors import persona_get, persona_list


def _errors(error: ValidationError) -> list[str]:
    return [
        f"{field.capitalize()}: {message}"
        for field, field_messages in error.message_dict.items()
        for message in field_messages
    ]


def _page(request, *, status: int = 200, **context):
    context = {"personas": persona_list(user=request.user), **context}
    return render(request, "characters/personas/index.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def persona_index(request):
    if request.method == "POST":
        data = {
            "name": request.POST.get("name", ""),
            "description": request.POST.get("description", ""),
            "default": request.POST.get("default") == "on" or None,
        }
        if data["default"] is None:
            data.pop("default")
        try:
            persona = services.persona_create(owner=request.user, data=data)
        except ValidationError as error:
            return _page(request, status=400, new=data, new_errors=_errors(error))
        messages.success(request, f"The persona “{persona.name}” was created.")
        return redirect("personas")
    return _page(request)


@login_required
@require_POST
def persona_action(request, persona_id: int):
    persona = persona_get(user=request.user, persona_id=persona_id)
    if persona is None:
        raise Http404("Persona not found.")
    action = request.POST.get("action")
    if action == "save":
        data = {
            "name": request.POST.get("name", ""),
            "description": request.POST.get("description", ""),
        }
        try:
            services.persona_update(persona=persona, data=data)
        except ValidationError as error:
            edit = {"id": persona.pk, **data, "errors": _errors(error)}
            return _page(request, status=400, edit=edit)
        messages.success(request, f"The persona “{persona.name}” was saved.")
    elif action == "default":
        services.persona_update(persona=persona, data={"default": True})
        messages.success(request, f"New chats now use “{persona.name}”.")
    elif action == "delete":
        services.persona_delete(persona=persona)
        messages.success(request, f"The persona “{persona.name}” was deleted.")
    else:
        raise Http404("Unknown action.")
    return redirect("personas")
