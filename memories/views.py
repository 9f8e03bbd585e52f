"""The memories page: every memory of the user, by character, to search, edit and steer.

The page is a server-rendered shell; ``frontend/js/memories-page.js`` fills it from the REST
API so the cards look and behave the same as in the chat's memory panel."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from characters import selectors as character_selectors
from memories import selectors
from memories.models import MemoryType


@login_required
def memories_page(request: HttpRequest) -> HttpResponse:
    characters = list(character_selectors.character_list(user=request.user).order_by("name", "id"))
    selected = request.GET.get("character", "")
    threads = [
        {
            "id": thread.pk,
            "character": thread.character_id,
            "title": thread.display_title,
            "scene": thread.scene_title,
        }
        for thread in selectors.threads_for_user(user=request.user)
    ]
    return render(
        request,
        "memories/memories.html",
        {
            "characters": characters,
            "selected_character": selected if selected.isdigit() else "",
            "memory_types": MemoryType.choices,
            "page_data": {
                "characters": [{"id": c.pk, "name": c.name} for c in characters],
                "threads": threads,
                "types": MemoryType.values,
            },
        },
    )
