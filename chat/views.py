"""Chat pages: the chat itself (``/chat/<id>/``), ``/chat/`` and ``POST /chat/start/``.

The page is server-rendered with the newest messages embedded as JSON; ``frontend/js/chat.js``
renders them and talks to the WebSocket through ``frontend/js/protocol.js``."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST
from rest_framework.exceptions import ValidationError as InputError

from chat import selectors, services, transfer
from chat.payloads import messages_payload, thread_payload
from drawhisper.api import IdField, StrictIntegerField

INITIAL_MESSAGES = 100
THREAD_LIST_LENGTH = 50


def branches_under_origins(threads: list) -> list:
    """The thread list with each branch right under its origin (when the origin is listed),
    marked with ``depth`` for indentation; otherwise most recently active first."""
    listed = {thread.pk for thread in threads}
    children: dict[int, list] = {}
    roots = []
    for thread in threads:
        parent = thread.branched_from_id
        if parent in listed and parent != thread.pk:
            children.setdefault(parent, []).append(thread)
        else:
            roots.append(thread)
    ordered: list = []

    def place(thread, depth: int) -> None:
        thread.depth = depth
        ordered.append(thread)
        for child in children.get(thread.pk, []):
            if len(ordered) <= len(threads):
                place(child, min(depth + 1, 3))

    for root in roots:
        place(root, 0)
    return ordered


@login_required
def chat_index(request):
    """The most recent chat, or the characters when there is none yet."""
    latest = selectors.thread_list(user=request.user).first()
    return redirect(f"/chat/{latest.pk}/" if latest else "/")


@login_required
def chat_thread(request, thread_id: int):
    thread = selectors.thread_get(user=request.user, thread_id=thread_id)
    if thread is None:
        raise Http404("Chat not found.")
    recent, has_earlier = selectors.message_list(thread=thread, limit=INITIAL_MESSAGES)
    initial = {
        "thread": thread_payload(thread),
        "messages": messages_payload(recent),
        "has_earlier": has_earlier,
        "max_message_chars": settings.CHAT_MAX_MESSAGE_CHARS,
        "user_name": services.thread_user_name(owner=request.user, persona_id=thread.persona_id),
    }
    from characters.selectors import persona_options

    settings_data = {
        "endpoint": f"/api/threads/{thread.pk}/",
        "persona": thread.persona_id,
        "personas": [{"id": p.id, "name": p.name} for p in persona_options(user=request.user)],
        "account_name": request.user.get_username(),
        "author_note": thread.author_note,
        "author_note_depth": thread.author_note_depth,
    }
    context = {
        "settings_data": settings_data,
        "thread": thread,
        "threads": branches_under_origins(
            list(selectors.thread_list(user=request.user)[:THREAD_LIST_LENGTH])
        ),
        "initial": initial,
        "max_message_chars": settings.CHAT_MAX_MESSAGE_CHARS,
    }
    return render(request, "chat/thread.html", context)


@login_required
@require_POST
def chat_start(request):
    """Start a chat with the posted ``character`` (and optional ``scene``) and open it.

    Optional: ``persona`` (an id, or ``none``; the default persona when absent) and
    ``greeting`` (0 for the greeting, 1.. for an alternate greeting). Ids are ASCII digits
    within the id range: "²" passes ``str.isdigit`` but not ``int()``."""
    persona = request.POST.get("persona")
    try:
        character_id = IdField().run_validation(request.POST.get("character", ""))
        scene_id = IdField(allow_null=True).run_validation(request.POST.get("scene") or None)
    except InputError:
        raise Http404("No such character.") from None
    try:
        persona_id = None if persona in (None, "none") else IdField().run_validation(persona)
        greeting = StrictIntegerField(min_value=0).run_validation(
            request.POST.get("greeting") or "0"
        )
    except InputError:
        raise Http404("No such persona or greeting.") from None
    try:
        thread = services.thread_start(
            user=request.user,
            character_id=character_id,
            scene_id=scene_id,
            persona_id=persona_id,
            persona_given=persona is not None,
            greeting_index=greeting,
        )
    except ValidationError as error:  # another user's character or scene is "no such" one
        raise Http404("No such character or scene.") from error
    return redirect(f"/chat/{thread.pk}/")


@login_required
def chat_import(request, character_id: int):
    """``/characters/<id>/import-chat/``: upload a SillyTavern chat file as a new chat, then
    watch its memories being made."""
    from characters.selectors import character_get

    character = character_get(user=request.user, character_id=character_id)
    if character is None:
        raise Http404("No such character.")
    error = ""
    if request.method == "POST":
        upload = request.FILES.get("file")
        if upload is None:
            error = "Choose a chat file to import."
        else:
            try:
                transfer.check_upload_size(upload.size)
                result = transfer.thread_import_sillytavern(
                    user=request.user, character_id=character.pk, data=upload.read()
                )
            except transfer.ChatFileError as problem:
                error = f"This file cannot be imported. {problem}"
            else:
                return redirect(
                    f"/chat/{result.thread.pk}/memories-progress/?imported={result.messages}"
                )
    status = 400 if error else 200
    return render(
        request, "chat/import.html", {"character": character, "error": error}, status=status
    )


@login_required
def chat_memory_progress(request, thread_id: int):
    thread = selectors.thread_get(user=request.user, thread_id=thread_id)
    if thread is None:
        raise Http404("Chat not found.")
    imported = request.GET.get("imported", "")
    context = {
        "thread": thread,
        "progress": transfer.memory_progress(thread=thread),
        "imported": int(imported) if imported.isdigit() and len(imported) < 7 else None,
    }
    return render(request, "chat/memory_progress.html", context)
