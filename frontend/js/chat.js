// The chat page (/chat/<id>/): renders the messages, streams replies, sends, stops and
// regenerates; edits, deletes (with undo) and restores the user's messages; browses the
// versions of the last reply and keeps one; shows per reply the memories its prompt used.
//
// Talks to the server only through protocol.js (WebSocket) and chat-api.js (REST,
// /api/threads/<id>/messages/), and to the rest of the page (the memory panel) only through
// the bus (lib/bus.js): it publishes every server event as "chat:event" and every message
// view it puts into the log as "chat:message-rendered". Links to #seq-<n> land on that
// message (chat-anchors.js).
//
// Messages are keyed by id, and a message being sent by its client_id, so a reconnect, a
// resend or a second tab never shows a message twice. Message DOM comes from chat-views.js,
// which never turns text into markup.

import { chatApi } from "./chat-api.js";
import { installMessageActions } from "./chat-actions.js";
import { installMessageAnchors } from "./chat-anchors.js";
import { formatRoleplay } from "./chat-format.js";
import { followLog } from "./chat-scroll.js";
import { messageView } from "./chat-views.js";
import { bus } from "./lib/bus.js";
import { h } from "./lib/dom.js";
import { CLOSE_NOT_FOUND, CLOSE_UNAUTHENTICATED, ThreadSocket } from "./protocol.js";

const initial = JSON.parse(document.getElementById("chat-initial").textContent);
const threadId = initial.thread.id;
const api = chatApi(threadId);

const ui = {
  log: document.getElementById("chat-log"),
  earlier: document.getElementById("chat-earlier"),
  jump: document.getElementById("chat-jump"),
  form: document.getElementById("chat-composer"),
  input: document.getElementById("chat-input"),
  send: document.getElementById("chat-send"),
  stop: document.getElementById("chat-stop"),
  regenerate: document.getElementById("chat-regenerate"),
  counter: document.getElementById("chat-counter"),
  drawerToggle: document.getElementById("chat-memories-toggle"),
  drawerClose: document.getElementById("chat-drawer-close"),
  continue: document.getElementById("chat-continue"),
  connection: document.getElementById("chat-connection"),
  error: document.getElementById("chat-error"),
  threads: document.getElementById("chat-threads"),
  announce: document.getElementById("chat-announce"),
};

const state = {
  messages: new Map(), // id → message payload
  elements: new Map(), // id → <li> (for a deleted message: its "deleted" line with Undo)
  sending: new Map(), // client_id → <li> of a message not yet acknowledged
  drafts: new Map(), // id → text of a message being edited
  shownVersion: new Map(), // reply id → id of the version the switcher shows instead
  switcherFor: null, // id of the reply that has the version switcher (the last one)
  streamingId: null,
  hasEarlier: initial.has_earlier,
  connectedOnce: false,
};

// ---------------------------------------------------------------------- rendering

// A reply can be corrected or removed once written (finished or stopped), as the user's own
// messages can; one being written, or one that failed with no text, cannot.
const EDITABLE_REPLY_STATUSES = new Set(["complete", "interrupted"]);

function viewOf(message) {
  const view = messageView(message, {
    who: message.role === "user" ? initial.user_name || "You" : initial.thread.character.name,
    editable: typeof message.id === "number" && (message.role === "user" || EDITABLE_REPLY_STATUSES.has(message.status)),
    draft: state.drafts.has(message.id) ? state.drafts.get(message.id) : null,
    versions: message.id === state.switcherFor,
    shownId: state.shownVersion.get(message.id) ?? null,
    maxChars: initial.max_message_chars,
  });
  if (message.status === "streaming") view.classList.add("chat-msg--streaming");
  return view;
}

/** Where focus is inside a message view, so a re-render can put it back. */
function focusKey(node) {
  const active = document.activeElement;
  if (!node || !active || active === document.body || !node.contains(active)) return null;
  if (active.classList.contains("chat-edit__input")) return { selector: ".chat-edit__input", start: active.selectionStart, end: active.selectionEnd };
  if (active.dataset && active.dataset.action) return { selector: `[data-action="${active.dataset.action}"]` };
  return null;
}

function placeMessage(message) {
  const existing = state.elements.get(message.id);
  const focus = focusKey(existing);
  state.messages.set(message.id, message);
  const view = viewOf(message);
  state.elements.set(message.id, view);
  if (existing) {
    // What the user opened (the receipt, earlier versions) stays open when the message is
    // drawn again, e.g. when the stored copy arrives just after the reply ended.
    for (const details of existing.querySelectorAll("details[open][class]")) {
      const again = view.querySelector(`details.${details.classList[0]}`);
      if (again) again.open = true;
    }
    existing.replaceWith(view);
    const target = focus && view.querySelector(focus.selector);
    if (target) {
      target.focus();
      if (focus.start !== undefined) target.setSelectionRange(focus.start, focus.end);
    }
  } else {
    // Keep seq order: insert before the first rendered message with a larger seq.
    const after = [...ui.log.querySelectorAll(".chat-msg[data-seq]")].find((node) => Number(node.dataset.seq) > message.seq);
    ui.log.insertBefore(view, after || null);
  }
  bus.publish("chat:message-rendered", { element: view, message });
  return view;
}

function removeMessage(id) {
  const node = state.elements.get(id);
  if (node) node.remove();
  state.elements.delete(id);
  state.messages.delete(id);
  state.drafts.delete(id);
  state.shownVersion.delete(id);
}

function rerender(id) {
  const message = state.messages.get(id);
  if (message) placeMessage(message);
}

/** Move focus into the (re-rendered) view of a message, to the first match of `selector`. */
function focusIn(id, selector) {
  const node = state.elements.get(id);
  const target = node && node.querySelector(selector);
  if (target) target.focus();
  return Boolean(target);
}

function announce(text) {
  ui.announce.textContent = "";
  // A fresh text node, a moment later, so the same words are announced twice in a row too.
  setTimeout(() => {
    ui.announce.textContent = text;
  }, 30);
}

function renderText(id) {
  const message = state.messages.get(id);
  const node = state.elements.get(id);
  const text = node && node.querySelector(":scope > .chat-msg__text");
  if (message && text) text.innerHTML = formatRoleplay(message.content);
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
    scroller.follow();
  });
}

// ---------------------------------------------------------------------- scrolling

const scroller = followLog({ log: ui.log, jump: ui.jump });

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
  ui.continue.hidden = streaming || !last || last.role !== "assistant" || !last.content;
  ui.regenerate.textContent = last && last.role === "user" ? "Reply" : "Regenerate";
  // Only the last reply, once written, can switch versions (as the server requires).
  const switcherFor = !streaming && last && last.role === "assistant" ? last.id : null;
  if (switcherFor !== state.switcherFor) {
    const previous = state.switcherFor;
    state.switcherFor = switcherFor;
    if (previous !== null) {
      state.shownVersion.delete(previous);
      rerender(previous);
    }
    if (switcherFor !== null) rerender(switcherFor);
  }
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
  const view = viewOf({ id: `sending-${clientId}`, seq: Number.MAX_SAFE_INTEGER, role: "user", content, status: "complete" });
  view.classList.add("chat-msg--sending");
  view.dataset.clientId = clientId;
  delete view.dataset.seq;
  view.querySelector(".chat-msg__who").append(h("span", { class: "chat-msg__status", text: " sending…" }));
  ui.log.append(view);
  state.sending.set(clientId, view);
  scroller.stickToBottom();
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

// The length limit is never silent: a counter shows from 90% of it.
const COUNTER_FROM = 0.9;
function updateCounter() {
  const used = ui.input.value.length;
  const limit = initial.max_message_chars;
  ui.counter.hidden = used < limit * COUNTER_FROM;
  ui.counter.textContent = `${used.toLocaleString("en")} / ${limit.toLocaleString("en")} characters`;
  ui.counter.dataset.state = used >= limit ? "full" : "near";
}
ui.input.addEventListener("input", updateCounter);

// On a phone the memory panel is a drawer over the chat (CSS hides it until opened).
const pageElement = document.getElementById("chat-page");
function setDrawer(open) {
  pageElement.classList.toggle("chat-page--drawer-open", open);
  ui.drawerToggle.setAttribute("aria-expanded", String(open));
  if (open) ui.drawerClose.focus();
  else ui.drawerToggle.focus();
}
ui.drawerToggle.addEventListener("click", () => setDrawer(!pageElement.classList.contains("chat-page--drawer-open")));
ui.drawerClose.addEventListener("click", () => setDrawer(false));
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && pageElement.classList.contains("chat-page--drawer-open")) setDrawer(false);
});
ui.regenerate.addEventListener("click", () => {
  showError("");
  if (!socket.regenerate()) showError("Not connected: try again when the connection is back.");
});
ui.continue.addEventListener("click", () => {
  showError("");
  if (!socket.continueReply()) showError("Not connected: try again when the connection is back.");
});

// ---------------------------------------------------------------------- server events

const handlers = {
  // First on every connect: what is really being written now. The page was rendered (or last
  // synced) earlier and may show a reply as writing that has since been cut off.
  "thread.state"(event) {
    setConnection("Connected", "open");
    state.connectedOnce = true;
    const live = event.reply;
    if (live) {
      const message = state.messages.get(live.message_id);
      if (message && message.status === "streaming" && live.content.length > message.content.length) {
        message.content = live.content;
        scheduleText(live.message_id);
      }
      if (!message) refreshHistory();
      state.streamingId = live.message_id;
    } else if (state.streamingId !== null || [...state.messages.values()].some((m) => m.status === "streaming")) {
      state.streamingId = null;
      refreshHistory();
    }
  },
  "message.created"(event) {
    const pending = event.client_id && state.sending.get(event.client_id);
    if (pending) {
      pending.remove();
      state.sending.delete(event.client_id);
    }
    placeMessage(event.message);
    scroller.follow();
  },
  "reply.start"(event) {
    if (event.replaces) removeMessage(event.replaces);
    state.streamingId = event.message_id;
    placeMessage(event.message);
    state.elements.get(event.message_id).classList.add("chat-msg--streaming");
    scroller.follow();
  },
  "reply.delta"(event) {
    const message = state.messages.get(event.message_id);
    if (!message) return;
    message.content += event.delta;
    scheduleText(event.message_id);
  },
  async "reply.end"(event) {
    const message = state.messages.get(event.message_id) || { id: event.message_id, role: "assistant", seq: Number.MAX_SAFE_INTEGER };
    Object.assign(message, { content: event.content, status: event.status, error: event.error || "", receipt: event.receipt });
    if (state.streamingId === event.message_id) state.streamingId = null;
    placeMessage(message);
    scroller.follow();
    // The stored message also carries its previous versions (after a regeneration) and error.
    const fresh = await api.get(event.message_id).catch(() => null);
    if (fresh) {
      placeMessage(fresh);
      scroller.follow();
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
  bus.publish("chat:event", event);
}

// ---------------------------------------------------------------------- history

/** Bring the log up to date from the server (after a reconnect): newest page, merged by id. */
async function refreshHistory() {
  // The answer describes the chat as it was when it was asked for: what live events placed or
  // changed while it was on its way (right after a reconnect, a message sent and its reply)
  // is newer, so it is neither removed nor overwritten by the answer.
  const asked = new Map(state.messages);
  const askedText = new Map([...state.messages].map(([id, message]) => [id, message.content]));
  const askedStreaming = state.streamingId;
  const page = await api.list({ limit: 100 }).catch(() => null);
  if (!page) return;
  const unchanged = (id) => state.messages.get(id) === asked.get(id) && asked.get(id)?.content === askedText.get(id);
  const ids = new Set(page.results.map((message) => message.id));
  const oldest = page.results.length ? page.results[0].seq : Infinity;
  for (const [id, message] of state.messages) {
    if (asked.has(id) && unchanged(id) && message.seq >= oldest && !ids.has(id)) removeMessage(id);
  }
  for (const message of page.results) if (!state.messages.has(message.id) || unchanged(message.id)) placeMessage(message);
  if (state.streamingId === askedStreaming) {
    state.streamingId = null;
    for (const message of state.messages.values()) if (message.status === "streaming") state.streamingId = message.id;
  }
  updateControls();
  scroller.follow();
}

async function loadEarlier() {
  if (ui.earlier.disabled) return; // a page is already on its way
  const first = Math.min(...[...state.messages.values()].map((message) => message.seq));
  const height = ui.log.scrollHeight;
  ui.earlier.disabled = true;
  const page = await api.list({ limit: 100, before_seq: first }).catch(() => null);
  ui.earlier.disabled = false;
  if (!page) return;
  for (const message of page.results) placeMessage(message);
  state.hasEarlier = page.has_earlier;
  ui.earlier.hidden = !state.hasEarlier;
  ui.log.scrollTop += ui.log.scrollHeight - height; // keep what the reader was looking at
}
ui.earlier.addEventListener("click", loadEarlier);

installMessageActions({
  log: ui.log,
  state,
  api,
  placeMessage,
  removeMessage,
  rerender,
  focusIn,
  announce,
  showError,
  updateControls,
  refreshHistory,
});

// ---------------------------------------------------------------------- connection

const socket = new ThreadSocket(threadId);
socket.addEventListener("event", (event) => handle(event.detail));
socket.addEventListener("statechange", (event) => {
  const { state: connection, retryIn, code } = event.detail;
  if (connection === "open") {
    // Not "Connected" yet: the server's first event (thread.state) says the chat works. With
    // its Redis down it accepts the socket and closes it at once, saying "unavailable".
    if (state.connectedOnce) refreshHistory();
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
updateCounter();
if (window.matchMedia("(max-width: 760px)").matches) ui.threads.open = false;
updateControls();
scroller.follow();
socket.connect();
ui.input.focus();
installMessageAnchors({ log: ui.log, hasEarlier: () => !ui.earlier.hidden, loadEarlier });

// For debugging and browser tests: (await import("/static/frontend/js/chat.js")).chatPage
export const chatPage = { socket, state };
