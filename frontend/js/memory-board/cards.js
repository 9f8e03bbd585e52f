// Building blocks of the memory board's view: one card per memory, its in-place editor, the
// line left by a delete (with Undo) and the type picker. Cards are plain elements; view.js
// places them and board.js wires their buttons by delegation.
//
// A card (`li.mem-card[data-memory-id]`) shows the type badge, title, content, where it came
// from (a link to the source messages), its pinned / shared state and a "source changed" flag,
// and labelled action buttons: Edit, Pin (in a chat) or "Pinned in" (on the memories page),
// Share, Delete. Toggle buttons keep one label and expose their state with aria-pressed.
// A replaced (superseded) memory is greyed, says "Replaced by “<title>”" and offers Restore
// instead of Pin and Share. An unverified memory (the support check did not find it in the
// messages it cites) says why and offers Verify instead of Pin and Share: until verified, no
// chat uses it. The source line names the exact messages a memory cites ("From messages 4,
// 7 and 9"), and its link opens the chat with those messages highlighted.

import { h } from "../lib/dom.js";
import { isReplaced, isUnverified } from "./state.js";

export function typeLabel(type) {
  const text = String(type || "").replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function sourceLine(memory, { threadId, threadTitle }) {
  if (!memory.origin_thread) {
    return h("p", { class: "mem-card__source" }, memory.created_by === "user" ? "Written by you" : "No source chat");
  }
  const start = memory.source_start_seq;
  const end = memory.source_end_seq;
  const seqs = memory.source_seqs || [];
  let range = "";
  if (seqs.length === 1) range = `From message ${seqs[0]}`;
  else if (seqs.length > 1) range = `From messages ${seqs.slice(0, -1).join(", ")} and ${seqs[seqs.length - 1]}`;
  else if (start != null && end != null && start !== end) range = `From messages ${start}–${end}`;
  else if (start != null) range = `From message ${start}`;
  // The chat it came from, said after a message range ("From message 2 of this chat") or on
  // its own when the memory cites no messages ("From this chat"), never "From its chat of ...".
  let chat = "";
  if (memory.origin_thread === threadId) chat = "this chat";
  else if (threadTitle) chat = `“${threadTitle}”`;
  else if (threadId) chat = "another chat";
  let text = "From its chat";
  if (range) text = chat ? `${range} of ${chat}` : range;
  else if (chat) text = `From ${chat}`;
  return h(
    "p",
    { class: "mem-card__source" },
    h("a", { href: memory.source_url, class: "mem-card__source-link" }, text),
    memory.created_by === "user" ? " · written by you" : "",
  );
}

function flags(memory, { threadId }) {
  const items = [];
  const pins = memory.pinned_threads || [];
  if (threadId && pins.includes(threadId)) items.push(["pinned", "Pinned here"]);
  else if (pins.length) items.push(["pinned", pins.length === 1 ? "Pinned in 1 chat" : `Pinned in ${pins.length} chats`]);
  if (memory.shared) items.push(["shared", "Shared with every chat"]);
  if (threadId && (memory.dismissed_threads || []).includes(threadId)) items.push(["dismissed", "Not used here"]);
  if (memory.source_changed) items.push(["changed", "Source changed"]);
  if (memory.edited_by_user) items.push(["edited", "Edited"]);
  if (memory.remainder_of) {
    items.push(["kept", memory.remainder_of_title ? `Kept from “${memory.remainder_of_title}”` : "Kept from an updated memory"]);
  }
  if (isReplaced(memory)) {
    items.push(["replaced", memory.superseded_by_title ? `Replaced by “${memory.superseded_by_title}”` : "Replaced"]);
  } else if (isUnverified(memory)) {
    items.push(["unverified", "Unverified"]);
  } else if (memory.status && memory.status !== "active") items.push(["status", typeLabel(memory.status)]);
  if (!items.length) return null;
  return h(
    "ul",
    { class: "mem-card__flags", "aria-label": "State" },
    items.map(([kind, text]) =>
      h("li", {
        class: `mem-flag mem-flag--${kind}`,
        text,
        title:
          kind === "changed"
            ? "The messages this memory came from were edited or deleted after it was made. Check it still holds."
            : kind === "kept"
              ? "One fact of an older memory changed, so a newer memory replaced it; this keeps what of it still holds. Restoring the older memory replaces this one again."
              : kind === "replaced"
                ? "A newer memory updates this one, so it is no longer used in chats. Restore it if the newer one is wrong."
                : kind === "unverified"
                  ? "The messages it cites do not seem to say this, so no chat uses it. Verify it if it is right, or delete it."
                  : undefined,
      }),
    ),
  );
}

function pinControl(memory, { threadId, threadsForPinning }) {
  const pins = memory.pinned_threads || [];
  if (threadId) {
    return h("button", {
      type: "button",
      class: "mem-toggle",
      dataset: { action: "pin" },
      "aria-pressed": pins.includes(threadId) ? "true" : "false",
      text: "Pin to this chat",
    });
  }
  const threads = threadsForPinning(memory);
  if (!threads.length) return null;
  return h(
    "details",
    { class: "mem-pins" },
    h("summary", { class: "button", text: pins.length ? `Pinned in ${pins.length}` : "Pin to a chat" }),
    h(
      "fieldset",
      { class: "mem-pins__list" },
      h("legend", { text: "Always in context in:" }),
      threads.map((thread) => {
        const id = `mem-pin-${memory.id}-${thread.id}`;
        return h(
          "div",
          { class: "mem-pins__item" },
          h("input", {
            type: "checkbox",
            id,
            dataset: { action: "pin-thread", thread: thread.id },
            checked: pins.includes(thread.id),
          }),
          h("label", { for: id, text: thread.scene ? `${thread.title} (${thread.scene})` : thread.title }),
        );
      }),
    ),
  );
}

export function renderCard(memory, context) {
  const titleId = `mem-title-${memory.id}-${context.uid}`;
  const characterName = context.characterName(memory.character);
  const replaced = isReplaced(memory);
  const unverified = isUnverified(memory);
  const inactive = replaced || unverified;
  return h(
    "li",
    {
      class: `mem-card${memory.source_changed ? " mem-card--changed" : ""}${replaced ? " mem-card--replaced" : ""}${unverified ? " mem-card--unverified" : ""}`,
      dataset: { memoryId: memory.id, type: memory.type },
    },
    h(
      "article",
      { "aria-labelledby": titleId },
      h(
        "header",
        { class: "mem-card__head" },
        h("span", { class: `mem-badge mem-badge--${memory.type}`, text: typeLabel(memory.type) }),
        h("h3", { class: "mem-card__title", id: titleId, text: memory.title }),
      ),
      characterName ? h("p", { class: "mem-card__character", text: characterName }) : null,
      h("p", { class: "mem-card__content", text: memory.content }),
      flags(memory, context),
      unverified && memory.support_note ? h("p", { class: "mem-card__support", text: `Check: ${memory.support_note}` }) : null,
      sourceLine(memory, { threadId: context.threadId, threadTitle: context.threadTitle(memory.origin_thread) }),
      h(
        "div",
        { class: "mem-card__actions", role: "group", "aria-label": `Actions for ${memory.title}` },
        replaced
          ? h("button", {
              type: "button",
              dataset: { action: "restore" },
              text: "Restore",
              title: "Use this memory in chats again",
            })
          : null,
        unverified
          ? h("button", {
              type: "button",
              class: "primary",
              dataset: { action: "verify" },
              text: "Verify",
              title: "It is right: use this memory in chats",
            })
          : null,
        h("button", { type: "button", dataset: { action: "edit" }, text: "Edit" }),
        inactive ? null : pinControl(memory, context),
        inactive
          ? null
          : h("button", {
              type: "button",
              class: "mem-toggle",
              dataset: { action: "share" },
              "aria-pressed": memory.shared ? "true" : "false",
              text: "Share with every chat",
            }),
        memory.source_changed
          ? h("button", { type: "button", dataset: { action: "reviewed" }, text: "Still right" })
          : null,
        h("button", { type: "button", class: "danger", dataset: { action: "delete" }, text: "Delete" }),
      ),
      h("p", { class: "mem-card__error", role: "alert" }),
    ),
  );
}

export function typeSelect({ id, types, value, name = "type", includeAll = false }) {
  return h(
    "select",
    { id, name },
    includeAll ? h("option", { value: "", text: "All types" }) : null,
    types.map((type) => h("option", { value: type, text: typeLabel(type), selected: type === value })),
  );
}

export function renderEditor(memory, { types, uid }) {
  const prefix = `mem-edit-${memory.id}-${uid}`;
  return h(
    "form",
    { class: "mem-edit", "aria-label": `Edit memory “${memory.title}”`, dataset: { memoryId: memory.id } },
    h("label", { for: `${prefix}-type`, text: "Type" }),
    typeSelect({ id: `${prefix}-type`, types, value: memory.type }),
    h("label", { for: `${prefix}-title`, text: "Title" }),
    h("input", { id: `${prefix}-title`, name: "title", value: memory.title, maxlength: 200, required: true }),
    h("label", { for: `${prefix}-content`, text: "Content" }),
    h("textarea", { id: `${prefix}-content`, name: "content", rows: 4, maxlength: 4000, required: true }, memory.content),
    h(
      "div",
      { class: "mem-edit__actions" },
      h("button", { type: "submit", class: "primary", text: "Save" }),
      h("button", { type: "button", dataset: { action: "cancel-edit" }, text: "Cancel" }),
      h("span", { class: "mem-hint muted", text: "Ctrl+Enter saves, Esc cancels" }),
    ),
    h("p", { class: "mem-card__error", role: "alert" }),
  );
}

export function renderDeleted(memory, { seconds }) {
  return h(
    "li",
    { class: "mem-card mem-card--deleted", dataset: { memoryId: memory.id, deleted: "pending" } },
    h(
      "p",
      { class: "mem-undo" },
      h("span", { text: `Deleted “${memory.title}”. ` }),
      h("button", { type: "button", dataset: { action: "undo-delete" }, text: "Undo" }),
      h("span", { class: "muted", text: ` (${seconds} s)` }),
    ),
  );
}
