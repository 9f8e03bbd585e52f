"""The lorebook test box's endpoint (``POST /api/lorebooks/{id}/test/``): which of the book's
entries would fire for a text, and which matched but stay out, and why.

Without ``thread`` the text is read as a chat of one message, so no entry is in by its sticky
or on cooldown (they count from earlier replies). With ``thread`` (one of the caller's chats;
another user's or a missing one is a 404 naming it) the text is read as that chat's next
message, as its next turn reads the book: the chat's newest messages are scanned too
(``LORE_SCAN_DEPTH``), and sticky, cooldown and delay come from its replies' receipts. The
probability rolls are taken as passed; the inclusion groups' draws are seeded as that turn's."""

from __future__ import annotations

import random

from django.conf import settings
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import APIException, ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from characters.api.lorebooks import get_own_lorebook
from characters.lorebooks import matching
from characters.lorebooks.selectors import (
    lorebook_entries,
    lorebook_vector_ready_ids,
    vector_matches,
)
from characters.lorebooks.timing import lookback, timed_state
from characters.lorebooks.vectors import lorebook_vectors_sync
from drawhisper.api import IdField, not_yours, not_yours_answers_404, refuse_non_text


class ServiceUnavailable(APIException):
    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_detail = "Matching by meaning is unavailable right now."
    default_code = "vectors_unavailable"


class LorebookTestInputSerializer(serializers.Serializer):
    refuses_unknown_fields = True  # the schema says so (drawhisper.api_schema)

    text = serializers.CharField(allow_blank=True, trim_whitespace=False, max_length=100_000)
    thread = IdField(
        required=False,
        allow_null=True,
        help_text="One of your chats: the text is read as its next message, with the timed "
        "effects (sticky, cooldown, delay) of that chat. Left out or null: a chat of one "
        "message.",
    )

    def to_internal_value(self, data):
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise ValidationError({name: ["Unknown field."] for name in unknown})
            refuse_non_text(self.fields, data)
        return super().to_internal_value(data)


class LorebookActivationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    uid = serializers.IntegerField()
    comment = serializers.CharField()
    matched_key = serializers.CharField()
    secondary_key = serializers.CharField()
    reason = serializers.CharField(
        help_text="How it fired: `key`, `constant`, `recursion`, `vector`, or `sticky` (in by "
        "its sticky from an earlier reply of the chat, without its key)."
    )
    position = serializers.CharField()
    tokens = serializers.IntegerField()
    score = serializers.FloatField(
        allow_null=True, help_text="Similarity to the text, for an entry that fired by meaning."
    )
    held_back = serializers.CharField(
        allow_null=True,
        help_text="Null for an entry that goes in; for one that matched but stays out: "
        "`group` (it lost its inclusion group), `cooldown` or `delay` (counted in the chat "
        "given as `thread`, else in a chat of one message).",
    )
    group = serializers.CharField(help_text="The inclusion group it lost, for `group`.")
    group_winner = serializers.IntegerField(
        allow_null=True, help_text="The id of the entry that won that group."
    )
    detail = serializers.CharField(help_text="Why it stays out, in words ('' when it is in).")


def _next_turn(request, thread_id: int, text: str):
    """The chat's next turn were ``text`` sent, or a 404 naming ``thread``."""
    from chat.context import next_turn
    from chat.selectors import thread_ref

    with not_yours_answers_404("thread"):
        if thread_ref(thread_id=thread_id, owner_id=request.user.pk) is None:
            raise not_yours("thread", f"No such chat: {thread_id}.")
    return next_turn(thread_id=thread_id, text=text)


class LorebookTestApi(APIView):
    @extend_schema(
        operation_id="lorebooks_test",
        description="Which entries would fire for this text (probability rolls are taken as "
        "passed), with the key that fired each, or, for an entry matched by meaning, its "
        "similarity (`reason` vector, `score`); then the entries that matched but stay out "
        "(`held_back`: lost an inclusion group, with the winner, or on cooldown or delayed). "
        "The text is read as the newest message of a one-message chat, or, with `thread`, as "
        "the next message of that chat of yours (its newest messages scanned too, its sticky "
        "and cooldown entries as in its next turn); another user's chat is a 404 naming it.",
        request=LorebookTestInputSerializer,
        responses=LorebookActivationSerializer(many=True),
    )
    def post(self, request, lorebook_id: int):
        lorebook = get_own_lorebook(request, lorebook_id)
        serializer = LorebookTestInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        text = serializer.validated_data["text"]
        thread_id = serializer.validated_data.get("thread")
        entries = lorebook_entries(lorebook=lorebook)
        scores = {}
        if text.strip() and any(entry.vectorized for entry in entries):
            # Test what a chat would see: vectors of what was just saved, made now if the
            # background job has not made them yet (it then finds nothing left to do).
            try:
                lorebook_vectors_sync(lorebook_id=lorebook.pk)
            except Exception as error:  # noqa: BLE001 - say so, keys still work
                raise ServiceUnavailable(
                    f"Matching by meaning is unavailable right now: {error}"
                ) from error
            scores = vector_matches(
                owner_id=lorebook.owner_id,
                entry_ids=lorebook_vector_ready_ids(lorebook=lorebook),
                query=text,
            )
        scan_settings = matching.ScanSettings(
            scan_depth=1,
            recursive=lorebook.recursive_scanning is not False,
            max_recursion=settings.LORE_MAX_RECURSION,
            use_group_scoring=settings.LORE_GROUP_SCORING,
        )
        if thread_id is None:
            messages, timed, seed = [text], None, ""
        else:
            turn = _next_turn(request, thread_id, text)
            back = lookback(entries)
            messages, seed = list(turn.messages), turn.group_seed
            timed = timed_state(
                entries, turn.past_lore(back) if back else (), chat_length=turn.chat_length
            )
            scan_settings = matching.ScanSettings(
                **{**vars(scan_settings), "scan_depth": settings.LORE_SCAN_DEPTH}
            )
        result = matching.scan(
            entries,
            messages,
            scan_settings,
            rng=_AlwaysPass(),
            vector_scores=scores,
            timed=timed,
            group_seed=seed,
        )
        chat_length = timed.chat_length if timed is not None else 1
        return Response(
            [_fired_item(activation) for activation in result.activated]
            + [_held_back_item(entry, why, result, chat_length) for entry, why in result.held_back]
        )


def _fired_item(activation) -> dict:
    return {
        "id": activation.entry.id,
        "uid": activation.entry.uid,
        "comment": activation.entry.label,
        "matched_key": activation.matched_key,
        "secondary_key": activation.secondary_key,
        "reason": activation.reason,
        "position": activation.entry.position,
        "tokens": activation.tokens,
        "score": None if activation.score is None else round(activation.score, 4),
        "held_back": None,
        "group": "",
        "group_winner": None,
        "detail": "",
    }


_LOSS_DETAIL = {
    "sticky": "another entry of the group is in by its sticky",
    "score": "another entry of the group matched more keys",
    "taken": "another entry of the group is already in",
    "override": "another entry of the group wins by order",
    "weight": "another entry of the group was drawn by weight",
}


def _held_back_item(entry, why, result, chat_length: int) -> dict:
    """An entry that matched but stays out, for the test box."""
    went_in = {activation.entry.id: activation.entry.label for activation in result.activated}
    labels = went_in | {held.id: held.label for held, _ in result.held_back}
    if isinstance(why, str):
        group, winner = "", None
        if why == "cooldown":
            detail = (
                f"On cooldown: it went in fewer than {entry.cooldown} messages ago in this "
                "chat (or its sticky ended then)."
            )
        else:
            had = (
                "the text alone is a chat of one message"
                if chat_length == 1
                else f"with this text the chat has {chat_length}"
            )
            detail = f"Delayed: it needs a chat of at least {entry.delay} messages; {had}."
    else:
        group, winner = why.group, why.winner_id
        won = f" ({labels[winner]})" if winner in labels else ""
        if winner is not None and winner not in went_in:
            won += ", itself out by another of its groups, so this group puts none in"
        detail = f"Lost inclusion group “{group}”: {_LOSS_DETAIL[why.why]}{won}."
        why = "group"
    return {
        "id": entry.id,
        "uid": entry.uid,
        "comment": entry.label,
        "matched_key": "",
        "secondary_key": "",
        "reason": "",
        "position": entry.position,
        "tokens": 0,
        "score": None,
        "held_back": why,
        "group": group,
        "group_winner": winner,
        "detail": detail,
    }


class _AlwaysPass(random.Random):
    def random(self) -> float:
        return 0.0
