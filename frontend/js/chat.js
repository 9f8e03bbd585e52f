// The chat page (/chat/<id>/): renders the messages, streams replies, sends, stops and
// regenerates, and shows per reply the memories its prompt used (from the receipt).
//
// Talks to the server only through protocol.js (WebSocket) and /api/threads/<id>/messages/.
// Every server event is also re-dispatched on `document` as a "chat:event" CustomEvent
// (detail = the event) for the memory panel beside the chat.
//
// Messages are keyed by id, and a message being sent by its client_id, so a reconnect, a
// resend or a second tab never shows a message twice.

import { formatRoleplay } from "./chat-format.js";
import { CLOSE_NOT_FOUND, CLOSE_UNAUTHENTICATED, ThreadSocket } from "./protocol.js";

const STICK_THRESHOLD_PX = 48;
const STATUS_LABELS = {
  streaming: "writing…",
  interrupted: "stopped",
  failed: "failed",
};
const LAYER_LABELS = {
  pinned: "pinned",
  shared: "shared",
  retrieved: "retrieved",
  summary: "story so far",
};

const initial = JSON.parse(document.getElementById("chat-initial").textContent);
const threadId = initial.thread.id;

const ui = {
  log: document.getElementById("chat-log"),
  earlier: document.getElementById("chat-earlier"),
  jump: document.getElementById("chat-jump"),
  form: document.getElementById("chat-composer"),
  input: document.getElementById("chat-input"),
  send: document.getElementById("chat-send"),
  stop: document.getElementById("chat-stop"),
  regenerate: document.getElementById("chat-regenerate"),
  connection: document.getElementById("chat-connection"),
  error: document.getElementById("chat-error"),
  threads: document.getElementById("chat-threads"),
};

const state = {
  messages: new Map(), // id → message payload
  elements: new Map(), // id → <li>
  sending: new Map(), // client_id → <li> of a message not yet acknowledged
  streamingId: null,
  stick: true,
  hasEarlier: initial.has_earlier,
  connectedOnce: false,
};

// ---------------------------------------------------------------------- rendering

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "html") node.innerHTML = value; // only ever formatRoleplay() output
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

function formatScore(score) {
  return score === null || score === undefined ? "always" : Number(score).toFixed(2);
}

function receiptView(receipt) {
  const items = receipt.items || [];
  const list = el("ul", { class: "chat-receipt__items" });
  for (const item of items) {
    const attributes = { class: "chat-receipt__item", dataset: { layer: item.layer, kind: item.kind, score: item.score ?? "" } };
    if (item.kind === "memory") attributes.dataset.memoryId = item.id;
    else if (item.kind === "summary") attributes.dataset.summaryId = item.id;
    else attributes.dataset.messageId = item.id;
    const title = item.title || (item.kind === "summary" ? "Summary of earlier messages" : item.kind === "message" ? "An earlier message" : `Memory ${item.id}`);
    list.append(
      el(
        "li",
        attributes,
        el("span", { class: `chat-receipt__layer chat-receipt__layer--${item.layer}`, text: LAYER_LABELS[item.layer] || item.layer }),
        item.type ? el("span", { class: "chat-receipt__type", text: item.type.replace("_", " ") }) : null,
        el("span", { class: "chat-receipt__title", "data-memory-title": true, text: title }),
        el("span", { class: "chat-receipt__score", title: "Relevance score", text: formatScore(item.score) }),
      ),
    );
  }
  if (!items.length) list.append(el("li", { class: "chat-receipt__none", text: "No memories were used for this reply." }));
  const layers = receipt.layers || {};
  const usage = Object.entries(layers)
    .filter(([, layer]) => layer.tokens > 0)
    .map(([name, layer]) => `${name} ${layer.tokens}${layer.dropped ? ` (+${layer.dropped} left out)` : ""}`)
    .join(" · ");
  return el(
    "details",
    { class: "chat-receipt" },
    el("summary", { class: "chat-receipt__summary", text: `Memories used (${items.length})` }),
    list,
    el("p", { class: "chat-receipt__tokens", text: `Prompt ${receipt.total_tokens} of ${receipt.budget_tokens} tokens${usage ? ": " + usage : ""}` }),
  );
}

function versionsView(versions) {
  return el(
    "details",
    { class: "chat-versions" },
    el("summary", { text: `Earlier version${versions.length > 1 ? "s" : ""} (${versions.length})` }),
    el(
      "ol",
      { class: "chat-versions__list" },
      ...versions.map((version) =>
        el("li", { class: "chat-versions__item", dataset: { messageId: version.id } }, el("div", { class: "chat-versions__text", html: formatRoleplay(version.content) })),
      ),
    ),
  );
}

function messageView(message) {
  const status = message.status;
  const item = el("li", {
    class: `chat-msg chat-msg--${message.role}`,
    dataset: { messageId: message.id, seq: message.seq, status, role: message.role },
  });
  const who = message.role === "user" ? initial.user_name || "You" : initial.thread.character.name;
  item.append(el("div", { class: "chat-msg__who", text: who }));
  item.append(el("div", { class: "chat-msg__text", html: formatRoleplay(message.content) }));
  const meta = el("div", { class: "chat-msg__meta" });
  if (STATUS_LABELS[status]) meta.append(el("span", { class: `chat-msg__status chat-msg__status--${status}`, text: STATUS_LABELS[status] }));
  if (message.error && status !== "complete") meta.append(el("span", { class: "chat-msg__error", text: message.error }));
  if (message.edited_at) meta.append(el("span", { class: "chat-msg__edited", text: "edited" }));
  if (meta.childNodes.length) item.append(meta);
  if (message.previous_versions && message.previous_versions.length) item.append(versionsView(message.previous_versions));
  if (message.role === "assistant" && message.receipt) item.append(receiptView(message.receipt));
  return item;
}

function placeMessage(message) {
  const existing = state.elements.get(message.id);
  const view = messageView(message);
  state.messages.set(message.id, message);
  state.elements.set(message.id, view);
  if (existing) {
    existing.replaceWith(view);
  } else {
    // Keep seq order: insert before the first rendered message with a larger seq.
    const after = [...ui.log.querySelectorAll(".chat-msg[data-seq]")].find((node) => Number(node.dataset.seq) > message.seq);
    ui.log.insertBefore(view, after || null);
  }
  return view;
}

function removeMessage(id) {
  const node = state.elements.get(id);
  if (node) node.remove();
  state.elements.delete(id);
  state.messages.delete(id);
}

function renderText(id) {
  const message = state.messages.get(id);
  const node = state.elements.get(id);
  if (!message || !node) return;
  node.querySelector(":scope > .chat-msg__text").innerHTML = formatRoleplay(message.content);
}

// Streaming text is re-rendered at most once per frame.
const dirty = new Set();
let frameRequested = false;
function scheduleText(id) {
  dirty.add(id);
  if (frameRequested) return;
  frameRequested = true;
  requestAnimationFrame(() => {
    frameRequested = false;
    for (const messageId of dirty) renderText(messageId);
    dirty.clear();
    followBottom();
  });
}

// ---------------------------------------------------------------------- scrolling

function atBottom() {
  return ui.log.scrollHeight - ui.log.scrollTop - ui.log.clientHeight < STICK_THRESHOLD_PX;
}

function followBottom() {
  if (state.stick) {
    ui.log.scrollTop = ui.log.scrollHeight;
    ui.jump.hidden = true;
  } else {
    ui.jump.hidden = false;
  }
}

ui.log.addEventListener("scroll", () => {
  state.stick = atBottom();
  if (state.stick) ui.jump.hidden = true;
});
ui.jump.addEventListener("click", () => {
  state.stick = true;
  followBottom();
});

// ---------------------------------------------------------------------- controls

function lastMessage() {
  let last = null;
  for (const message of state.messages.values()) if (!last || message.seq > last.seq) last = message;
  return last;
}

function updateControls() {
  const streaming = state.streamingId !== null;
  ui.stop.hidden = !streaming;
  ui.send.disabled = streaming;
  const last = lastMessage();
  const hasUserMessage = [...state.messages.values()].some((message) => message.role === "user");
  ui.regenerate.hidden = streaming || !last || !hasUserMessage;
  ui.regenerate.textContent = last && last.role === "user" ? "Reply" : "Regenerate";
}

function showError(text) {
  ui.error.textContent = text;
  ui.error.hidden = !text;
}

function setConnection(text, stateName) {
  ui.connection.textContent = text;
  ui.connection.dataset.state = stateName;
}

// ---------------------------------------------------------------------- sending

function showSending(clientId, content) {
  const view = messageView({ id: `sending-${clientId}`, seq: Number.MAX_SAFE_INTEGER, role: "user", content, status: "complete" });
  view.classList.add("chat-msg--sending");
  view.dataset.clientId = clientId;
  delete view.dataset.seq;
  view.querySelector(".chat-msg__who").append(el("span", { class: "chat-msg__status", text: " sending…" }));
  ui.log.append(view);
  state.sending.set(clientId, view);
  state.stick = true;
  followBottom();
}

function send() {
  const content = ui.input.value.trim();
  if (!content) return;
  if (state.streamingId !== null) {
    showError("Wait for the reply to finish, or stop it, before sending.");
    return;
  }
  if (content.length > initial.max_message_chars) {
    showError(`The message is too long: at most ${initial.max_message_chars} characters.`);
    return;
  }
  showError("");
  const clientId = socket.sendMessage(content);
  showSending(clientId, content);
  ui.input.value = "";
}

ui.form.addEventListener("submit", (event) => {
  event.preventDefault();
  send();
});
ui.input.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    send();
  }
});
ui.stop.addEventListener("click", () => socket.stop());
ui.regenerate.addEventListener("click", () => {
  showError("");
  if (!socket.regenerate()) showError("Not connected: try again when the connection is back.");
});

// ---------------------------------------------------------------------- server events

const handlers = {
  "message.created"(event) {
    const pending = event.client_id && state.sending.get(event.client_id);
    if (pending) {
      pending.remove();
      state.sending.delete(event.client_id);
    }
    placeMessage(event.message);
    followBottom();
  },
  "reply.start"(event) {
    if (event.replaces) removeMessage(event.replaces);
    state.streamingId = event.message_id;
    placeMessage(event.message);
    state.elements.get(event.message_id).classList.add("chat-msg--streaming");
    followBottom();
  },
  "reply.delta"(event) {
    const message = state.messages.get(event.message_id);
    if (!message) return;
    message.content += event.delta;
    scheduleText(event.message_id);
  },
  async "reply.end"(event) {
    const message = state.messages.get(event.message_id) || { id: event.message_id, role: "assistant", seq: Number.MAX_SAFE_INTEGER };
    Object.assign(message, { content: event.content, status: event.status, receipt: event.receipt });
    if (state.streamingId === event.message_id) state.streamingId = null;
    placeMessage(message);
    followBottom();
    // The stored message also carries its previous versions (after a regeneration) and error.
    const fresh = await fetchJson(`/api/threads/${threadId}/messages/${event.message_id}/`);
    if (fresh) {
      placeMessage(fresh);
      followBottom();
    }
  },
  error(event) {
    if (event.client_id && state.sending.has(event.client_id)) {
      const pending = state.sending.get(event.client_id);
      const text = pending.querySelector(":scope > .chat-msg__text").textContent;
      pending.remove();
      state.sending.delete(event.client_id);
      if (!ui.input.value.trim()) ui.input.value = text; // give the words back
    }
    showError(event.detail || "Something went wrong.");
  },
};

function handle(event) {
  const handler = handlers[event.type];
  if (handler) Promise.resolve(handler(event)).finally(updateControls);
  document.dispatchEvent(new CustomEvent("chat:event", { detail: event }));
}

// ---------------------------------------------------------------------- history

async function fetchJson(url) {
  try {
    const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (!response.ok) return null;
    return await response.json();
  } catch {
    return null;
  }
}

/** Bring the log up to date from the server (after a reconnect): newest page, merged by id. */
async function refreshHistory() {
  const page = await fetchJson(`/api/threads/${threadId}/messages/?limit=100`);
  if (!page) return;
  const ids = new Set(page.results.map((message) => message.id));
  const oldest = page.results.length ? page.results[0].seq : Infinity;
  for (const [id, message] of state.messages) if (message.seq >= oldest && !ids.has(id)) removeMessage(id);
  for (const message of page.results) placeMessage(message);
  state.streamingId = null;
  for (const message of page.results) if (message.status === "streaming") state.streamingId = message.id;
  updateControls();
  followBottom();
}

async function loadEarlier() {
  const first = Math.min(...[...state.messages.values()].map((message) => message.seq));
  const height = ui.log.scrollHeight;
  ui.earlier.disabled = true;
  const page = await fetchJson(`/api/threads/${threadId}/messages/?limit=100&before_seq=${first}`);
  ui.earlier.disabled = false;
  if (!page) return;
  for (const message of page.results) placeMessage(message);
  state.hasEarlier = page.has_earlier;
  ui.earlier.hidden = !state.hasEarlier;
  ui.log.scrollTop += ui.log.scrollHeight - height; // keep what the reader was looking at
}
ui.earlier.addEventListener("click", loadEarlier);

// ---------------------------------------------------------------------- connection

const socket = new ThreadSocket(threadId);
socket.addEventListener("event", (event) => handle(event.detail));
socket.addEventListener("statechange", (event) => {
  const { state: connection, retryIn, code } = event.detail;
  if (connection === "open") {
    setConnection("Connected", "open");
    if (state.connectedOnce) refreshHistory();
    state.connectedOnce = true;
  } else if (connection === "connecting") {
    setConnection(state.connectedOnce ? "Reconnecting…" : "Connecting…", "connecting");
  } else if (connection === "waiting") {
    setConnection(`Connection lost. Retrying in ${Math.ceil(retryIn / 1000)} s…`, "waiting");
    if (state.streamingId !== null) state.streamingId = null;
    updateControls();
  } else if (connection === "closed") {
    if (code === CLOSE_UNAUTHENTICATED) {
      setConnection("Signed out", "closed");
      showError("Your session has ended. Log in again to continue this chat.");
    } else if (code === CLOSE_NOT_FOUND) {
      setConnection("Not found", "closed");
      showError("This chat no longer exists.");
    }
    ui.send.disabled = true;
  }
});
window.addEventListener("online", () => socket.reconnectNow());

// ---------------------------------------------------------------------- start

for (const message of initial.messages) placeMessage(message);
for (const message of initial.messages) if (message.status === "streaming") state.streamingId = message.id;
ui.earlier.hidden = !state.hasEarlier;
if (window.matchMedia("(max-width: 760px)").matches) ui.threads.open = false;
updateControls();
followBottom();
socket.connect();
ui.input.focus();
window.chatPage = { socket, state }; // for debugging and browser tests
