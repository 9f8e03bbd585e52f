// The DOM of one chat message, built from its JSON (the same over REST and the socket).
//
// Safe by construction: text goes in through textContent, form values through .value, and
// the only HTML ever assigned is formatRoleplay() output, which escapes the text first. So
// nothing a user or a model writes can become a tag or an attribute.
//
// Buttons carry data-action (edit, delete, undo, edit-cancel, version-prev, version-next,
// version-keep, branch); the page handles them by delegation on the log, so a re-rendered message
// needs no listeners of its own.

import { formatRoleplay } from "./chat-format.js";
import { h } from "./lib/dom.js";

export const STATUS_LABELS = {
  streaming: "writing…",
  interrupted: "stopped",
  failed: "failed",
};

/** The status word a message shows: a reply the user stopped says "stopped"; one cut off by
 * a closed connection or a dead process (it carries the reason as its error) "interrupted". */
export function statusLabel(message) {
  if (message.status === "interrupted" && message.error) return "interrupted";
  return STATUS_LABELS[message.status] || "";
}
const LAYER_LABELS = {
  pinned: "pinned",
  shared: "shared",
  retrieved: "retrieved",
  summary: "story so far",
  lore_before: "lore",
  lore_after: "lore",
  lore_depth: "lore",
};

function formatScore(score) {
  return score === null || score === undefined ? "always" : Number(score).toFixed(2);
}

/** "Memories used (2)", with "· lore (1)" and "· documents (1)" when those went in too; a
 * quiet "No memories used" when nothing went in, rather than a count of zero on every reply. */
export function receiptSummary(items) {
  const lore = items.filter((item) => item.kind === "lore").length;
  const documents = items.filter((item) => item.kind === "document").length;
  const memories = items.length - lore - documents;
  const parts = memories ? [`Memories used (${memories})`] : [];
  if (lore) parts.push(`lore (${lore})`);
  if (documents) parts.push(`documents (${documents})`);
  if (!parts.length) return "No memories used";
  const text = parts.join(" · ");
  return text[0].toUpperCase() + text.slice(1);
}

/** Why a receipt item is there: a lore entry's key (or "always in", or "by meaning" with its
 * similarity), a document passage's position, a memory's type; then its tokens. */
export function receiptItemDetail(item) {
  let why = "";
  if (item.kind === "lore") {
    if (item.type === "vector") why = `by meaning ${formatScore(item.score)}`;
    else why = item.matched_key ? `key “${item.matched_key}”` : "always in";
  } else if (item.type) {
    why = item.type.replace("_", " ");
  }
  const tokens = Number.isFinite(item.tokens) ? `${item.tokens} token${item.tokens === 1 ? "" : "s"}` : "";
  return { why, tokens };
}

/** What an untitled receipt item is called (receipts stored before memories were named by
 * their first words): what kind of thing it is, never its bare id. */
export function receiptFallbackTitle(item) {
  if (item.kind === "summary") return "Summary of earlier messages";
  if (item.kind === "message") return "An earlier message";
  const type = (item.type || "").replace(/_/g, " ");
  if (!type) return "A memory";
  return `${/^[aeiou]/.test(type) ? "An" : "A"} ${type} memory`;
}

function receiptView(receipt) {
  const items = receipt.items || [];
  const list = h("ul", { class: "chat-receipt__items" });
  for (const item of items) {
    const attributes = { class: "chat-receipt__item", dataset: { layer: item.layer, kind: item.kind, score: item.score ?? "" } };
    if (item.kind === "memory") attributes.dataset.memoryId = item.id;
    else if (item.kind === "summary") attributes.dataset.summaryId = item.id;
    else if (item.kind === "lore") attributes.dataset.loreEntryId = item.id;
    else if (item.kind === "document") attributes.dataset.documentChunkId = item.id;
    else attributes.dataset.messageId = item.id;
    const title = item.title || receiptFallbackTitle(item);
    const detail = receiptItemDetail(item);
    list.append(
      h(
        "li",
        attributes,
        h("span", { class: `chat-receipt__layer chat-receipt__layer--${item.layer}`, text: LAYER_LABELS[item.layer] || item.layer }),
        detail.why ? h("span", { class: "chat-receipt__type", text: detail.why }) : null,
        h("span", { class: "chat-receipt__title", "data-memory-title": true, text: title }),
        detail.tokens ? h("span", { class: "chat-receipt__item-tokens muted", text: detail.tokens }) : null,
        h("span", { class: "chat-receipt__score", title: "Relevance score", text: formatScore(item.score) }),
      ),
    );
  }
  if (!items.length) list.append(h("li", { class: "chat-receipt__none", text: "No memories were used for this reply." }));
  const layers = receipt.layers || {};
  const usage = Object.entries(layers)
    .filter(([, layer]) => layer.tokens > 0)
    .map(([name, layer]) => `${name} ${layer.tokens}${layer.dropped ? ` (+${layer.dropped} left out)` : ""}`)
    .join(" · ");
  return h(
    "details",
    { class: "chat-receipt" },
    h("summary", { class: "chat-receipt__summary", text: receiptSummary(items) }),
    list,
    h("p", { class: "chat-receipt__tokens", text: `Prompt ${receipt.total_tokens} of ${receipt.budget_tokens} tokens${usage ? ": " + usage : ""}` }),
  );
}

/** The other versions of a reply that is no longer the last one, read-only: "Other", not
 * "Earlier", since the kept one may be older than some of them (an earlier take kept, or a
 * greeting chosen over the alternates after it). */
function versionsView(versions) {
  return h(
    "details",
    { class: "chat-versions" },
    h("summary", { text: `Other version${versions.length > 1 ? "s" : ""} (${versions.length})` }),
    h(
      "ol",
      { class: "chat-versions__list" },
      ...versions.map((version) =>
        h("li", { class: "chat-versions__item", dataset: { messageId: version.id } }, h("div", { class: "chat-versions__text", html: formatRoleplay(version.content) })),
      ),
    ),
  );
}

/** Every version of a reply (its previous versions and itself), oldest first. */
export function replyVersions(message) {
  return [...(message.previous_versions || []), message].sort((a, b) => a.seq - b.seq);
}

/** "‹ 2 / 3 ›" on the last reply: browse its versions, keep the one shown. */
function switcherView(versions, shownIndex, activeIndex) {
  const total = versions.length;
  const browsing = shownIndex !== activeIndex;
  const arrow = (action, label, symbol, disabled) =>
    h("button", { type: "button", class: `chat-swipe__arrow chat-swipe__${action}`, "aria-label": label, "aria-disabled": disabled ? "true" : null, dataset: { action: `version-${action}` } }, symbol);
  return h(
    "div",
    { class: "chat-swipe", role: "group", "aria-label": `Reply versions: showing ${shownIndex + 1} of ${total}` },
    arrow("prev", "Previous version", "‹", shownIndex === 0),
    h("span", { class: "chat-swipe__count", text: `${shownIndex + 1} / ${total}` }),
    arrow("next", "Next version", "›", shownIndex === total - 1),
    browsing ? h("button", { type: "button", class: "chat-swipe__keep", dataset: { action: "version-keep" } }, "Keep this version") : null,
    browsing ? h("span", { class: "chat-swipe__note", text: `Not kept: the chat continues from version ${activeIndex + 1}.` }) : null,
  );
}

function editorView(message, draft, maxChars) {
  const inputId = `chat-edit-${message.id}`;
  const hintId = `${inputId}-hint`;
  return h(
    "form",
    { class: "chat-edit", dataset: { messageId: message.id }, autocomplete: "off" },
    h("label", { for: inputId, class: "visually-hidden", text: message.role === "user" ? "Edit your message" : "Edit the reply" }),
    h("textarea", { id: inputId, class: "chat-edit__input", rows: 3, maxlength: maxChars || null, "aria-describedby": hintId, value: draft }),
    h("p", { id: hintId, class: "visually-hidden", text: "Enter saves, Shift+Enter starts a new line, Escape cancels." }),
    h(
      "div",
      { class: "chat-edit__actions" },
      h("button", { type: "button", dataset: { action: "edit-cancel" } }, "Cancel"),
      h("button", { type: "submit", class: "primary" }, "Save"),
    ),
  );
}

/**
 * The <li> of a message.
 *   who:          the speaker's name
 *   editable:     show Edit and Delete (stored messages: the user's, and written replies);
 *                 a reply whose switcher shows another version offers them on none
 *   draft:        a string while the message is being edited (the editor is shown)
 *   versions:     show the version switcher (the last reply, when it has earlier versions)
 *   shownId:      the version shown by the switcher (default: the message itself)
 *   maxChars:     the longest text an edit may have
 */
export function messageView(message, { who, editable = false, draft = null, versions = false, shownId = null, maxChars = null } = {}) {
  const status = message.status;
  const item = h("li", {
    class: `chat-msg chat-msg--${message.role}`,
    dataset: { messageId: message.id, seq: message.seq, status, role: message.role },
  });
  const all = versions ? replyVersions(message) : [];
  const activeIndex = all.findIndex((version) => version.id === message.id);
  let shownIndex = all.findIndex((version) => version.id === shownId);
  if (shownIndex < 0) shownIndex = activeIndex;
  const shown = versions ? all[shownIndex] : message;
  if (shown !== message) item.dataset.shownVersion = shown.id;
  // Edit and Delete act on the version the chat continues from, so not while another is shown.
  const canEdit = editable && shown === message;

  item.append(h("div", { class: "chat-msg__who", text: who }));
  if (draft !== null) item.append(editorView(message, draft, maxChars));
  else item.append(h("div", { class: "chat-msg__text", html: formatRoleplay(shown.content) }));
  const meta = h("div", { class: "chat-msg__meta" });
  if (statusLabel(shown)) meta.append(h("span", { class: `chat-msg__status chat-msg__status--${shown.status}`, text: statusLabel(shown) }));
  if (shown.error && shown.status !== "complete") meta.append(h("span", { class: "chat-msg__error", text: shown.error }));
  if (shown.edited_at) meta.append(h("span", { class: "chat-msg__edited", text: "edited" }));
  if (meta.childNodes.length) item.append(meta);
  if (versions && all.length > 1) item.append(switcherView(all, shownIndex, activeIndex));
  else if (status !== "streaming" && message.previous_versions && message.previous_versions.length) item.append(versionsView(message.previous_versions));
  if (message.role === "assistant" && message.receipt && shown === message) item.append(receiptView(message.receipt));
  if (draft === null && status !== "streaming" && message.id !== undefined) {
    item.append(
      h(
        "div",
        { class: "chat-msg__actions" },
        canEdit ? h("button", { type: "button", class: "chat-msg__action", "aria-label": "Edit message", dataset: { action: "edit" } }, "Edit") : null,
        canEdit ? h("button", { type: "button", class: "chat-msg__action", "aria-label": "Delete message", dataset: { action: "delete" } }, "Delete") : null,
        h("button", { type: "button", class: "chat-msg__action", "aria-label": "Branch from here", title: "A new chat with the messages up to this one", dataset: { action: "branch" } }, "Branch"),
      ),
    );
  }
  return item;
}

/** What stays in the log where a deleted message was, with its undo. */
export function deletedView(message) {
  return h(
    "li",
    { class: "chat-msg chat-msg--deleted", dataset: { messageId: message.id, seq: message.seq, role: message.role } },
    h("span", { class: "chat-msg__deleted-text", text: message.role === "user" ? "You deleted this message." : "Message deleted." }),
    h("button", { type: "button", class: "chat-msg__action", "aria-label": "Undo delete", dataset: { action: "undo" } }, "Undo"),
  );
}
