"""Context layer units and ``ORDER``, the line-up the assembly runs.

``ORDER`` lists the layers in prompt order (the system message first, the new message
last); each line says when the layer gets its budget (``fill``) and when it gives tokens back
if the whole prompt overflows (``shed``). See ``chat.context`` for the protocol.
"""

from __future__ import annotations

from chat.context.layers.base import ContextLayer, FittedLayer, Key, Slot, Turn, check_order
from chat.context.layers.conversation import (
    CharacterLayer,
    NewMessageLayer,
    RecentLayer,
    memory_notes,
)
from chat.context.layers.memory import PinnedLayer, RetrievedLayer, SharedLayer, SummaryLayer
from chat.context.layers.roleplay import (
    AuthorNoteLayer,
    LoreAfterLayer,
    LoreBeforeLayer,
    LoreDepthLayer,
    PersonaLayer,
    PostHistoryLayer,
    ProfileLayer,
)
from chat.context.layers.shapes import (
    FittedMessages,
    FittedSection,
    FittedText,
    MessagesLayer,
    SectionLayer,
    TextLayer,
)

# Fill: the character and the new message first, then the card's and the user's own
# instructions (post-history, persona, the profile, author's note), the lore that fired, what the user
# chose to keep (pinned, shared), the summary and the recent window; retrieval last, because
# it looks only before the recent window. Shed: the oldest recent message first, then the
# lowest-ranked items of the memory sections and the lore, then the instructions, the
# character, the new message last. Lore before the character opens the system message.
ORDER: tuple[Slot, ...] = (
    Slot(LoreBeforeLayer(), fill=7, shed=8),
    Slot(CharacterLayer(), fill=1, shed=13),
    Slot(PersonaLayer(), fill=4, shed=11),
    Slot(ProfileLayer(), fill=5, shed=10),
    Slot(LoreAfterLayer(), fill=8, shed=7),
    Slot(PinnedLayer(), fill=10, shed=5),
    Slot(SharedLayer(), fill=11, shed=4),
    Slot(RetrievedLayer(), fill=14, shed=2),
    Slot(SummaryLayer(), fill=12, shed=3),
    Slot(RecentLayer(), fill=13, shed=1),
    Slot(LoreDepthLayer(), fill=9, shed=6),
    Slot(AuthorNoteLayer(), fill=6, shed=9),
    Slot(PostHistoryLayer(), fill=3, shed=12),
    Slot(NewMessageLayer(), fill=2, shed=14),
)
check_order(ORDER)

__all__ = [
    "ORDER",
    "AuthorNoteLayer",
    "LoreAfterLayer",
    "LoreBeforeLayer",
    "LoreDepthLayer",
    "PersonaLayer",
    "PostHistoryLayer",
    "ProfileLayer",
    "CharacterLayer",
    "ContextLayer",
    "FittedLayer",
    "FittedMessages",
    "FittedSection",
    "FittedText",
    "Key",
    "MessagesLayer",
    "NewMessageLayer",
    "PinnedLayer",
    "RecentLayer",
    "RetrievedLayer",
    "SectionLayer",
    "SharedLayer",
    "Slot",
    "SummaryLayer",
    "TextLayer",
    "Turn",
    "check_order",
    "memory_notes",
]
