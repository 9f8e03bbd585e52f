"""Lorebook pages: the list (with import) and the editor.

The editor is a small ES module (``frontend/js/lorebook-editor.js``) over the REST API; the
page renders the book's data as JSON in a ``<script type="application/json">`` block (no
inline code). Another user's lorebook is a 404."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from characters.lorebooks import services
from characters.lorebooks.selectors import lorebook_get, lorebook_list
from characters.selectors import character_list


@login_required
@require_http_methods(["GET", "POST"])
def lorebook_index(request):
    if request.method == "POST":
        name = request.POST.get("name", "").strip()
        try:
            lorebook = services.lorebook_create(owner=request.user, data={"name": name})
        except ValidationError as error:
            for message in error.messages:
                messages.error(request, message)
            return redirect("lorebooks")
        return redirect("lorebook-edit", lorebook.pk)
    return render(
        request,
        "characters/lorebooks/index.html",
        {"lorebooks": lorebook_list(user=request.user)},
    )


@login_required
def lorebook_edit(request, lorebook_id: int):
    lorebook = lorebook_get(user=request.user, lorebook_id=lorebook_id)
    if lorebook is None:
        raise Http404("Lorebook not found.")
    characters = [
        {"id": character.pk, "name": character.name}
        for character in character_list(user=request.user).order_by("name")
    ]
    from characters.api.lorebooks import LorebookOutputSerializer
    from chat.selectors import thread_refs

    # The test box can read its text as the next message of one of these chats (newest first),
    # named as the chat list names them: the title, the character when the title is not its
    # name, and when it was last active.
    chats = [
        {
            "id": chat.id,
            "label": " · ".join(
                dict.fromkeys(
                    filter(None, (chat.title, chat.character_name, f"{chat.updated_at:%d %b %Y}"))
                )
            ),
        }
        for chat in thread_refs(owner_id=request.user.pk)
    ]
    page_data = {
        "lorebook": LorebookOutputSerializer(lorebook).data,
        "characters": characters,
        "chats": chats,
        "group_scoring_default": settings.LORE_GROUP_SCORING,
        "endpoint": f"/api/lorebooks/{lorebook.pk}/",
    }
    return render(
        request, "characters/lorebooks/editor.html", {"lorebook": lorebook, "page_data": page_data}
    )
