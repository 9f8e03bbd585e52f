// The chat WebSocket protocol: one documented module, used by the chat page and by anything
// else that wants to talk to a thread.
//
// Endpoint: /ws/threads/<thread_id>/ (same origin; the session cookie authenticates a browser,
// API clients add ?token=<token>). Every frame is one JSON object with a "type".
//
// Client → server
//   {type: "message.send", content: "<text>", client_id: "<uuid>"}
//       Store a user message and start the reply. Resending the same client_id never stores
//       a second message: the server answers message.created again (duplicate: true).
//   {type: "reply.regenerate"}   Replace the last reply (the old one stays retrievable).
//   {type: "reply.continue"}     Go on from the text of the last reply (the old text stays as
//                                its previous version, so choosing that version undoes it).
//   {type: "reply.stop"}         Stop the reply being written (from any tab of the thread).
//
// Server → client (events about the thread reach every open tab of it)
//   {type: "thread.state", reply: {message_id, content, seq} | null}   first on every connect:
//       the reply being written right now (its text as last saved) or none. The page trusts
//       this over what it was rendered with: a reply it shows as writing that is not running
//       was cut off (it reloads the history), a running one it attaches to.
//   {type: "message.created", message: Message, client_id, duplicate}
//   {type: "reply.start", message_id, message: Message (status "streaming"), replaces: id|null}
//   {type: "reply.delta", message_id, delta: "<text piece>"}
//       The first piece comes at once, later ones batched (at most one delta per
//       CHAT_DELTA_FLUSH_MS on the server); joined in order after the reply.start message's
//       content (empty, or the text a continuation goes on from) they are reply.end's content.
//   {type: "reply.end", message_id, content, status: "complete"|"interrupted"|"failed", error, receipt}
//       "interrupted": stopped by reply.stop (error "") or cut off (error says so); the text
//       so far is kept.
//   {type: "memory.created", memory} / {type: "memory.updated", memory} / {type: "memory.deleted", id}
//       memory.status "conflict": a new memory that contradicts memory.conflicts_with; it waits
//       in the memory panel's conflict inbox for the user (keep both / keep new / keep old).
//       memory.status "unverified": a new memory its cited messages did not support; no chat
//       uses it until the user verifies it (the panel counts it beside "Unverified only").
//   {type: "error", code, detail, client_id?, message_id?}
//       codes: busy, empty_message, message_too_long, invalid_message, invalid_client_id,
//       invalid_json, unknown_type, nothing_to_regenerate, nothing_to_continue, provider_error,
//       internal_error, not_found.
//
// Close codes: 4401 not logged in, 4404 no such thread (or not yours). Neither is retried.
//
// ThreadSocket keeps the connection alive: it reconnects with exponential backoff (with
// jitter), and messages sent while offline or not yet acknowledged are (re)sent with the same
// client_id when the socket opens, so a flaky connection never loses or duplicates a message.
//
// Usage:
//   const socket = new ThreadSocket(threadId);
//   socket.addEventListener("event", (e) => handle(e.detail));     // every server event
//   socket.addEventListener("reply.delta", (e) => ...);             // or one type
//   socket.addEventListener("statechange", (e) => show(e.detail));  // {state, retryIn, code}
//   socket.connect();
//   const clientId = socket.sendMessage("Hello");

export const CLOSE_UNAUTHENTICATED = 4401;
export const CLOSE_NOT_FOUND = 4404;
// The chat service (Redis) is unavailable for now: the socket keeps reconnecting.
export const CLOSE_TRY_AGAIN_LATER = 4013;

export const SERVER_EVENTS = Object.freeze([
  "thread.state",
  "message.created",
  "reply.start",
  "reply.delta",
  "reply.end",
  "memory.created",
  "memory.updated",
  "memory.deleted",
  "error",
]);

const INITIAL_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 15000;

export function newClientId() {
  if (globalThis.crypto && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // Fallback for non-secure contexts (plain http on a LAN address): RFC 4122 version 4.
  const bytes = new Uint8Array(16);
  if (globalThis.crypto && typeof crypto.getRandomValues === "function") crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function threadSocketUrl(threadId, { token = null, location = window.location } = {}) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  return `${scheme}//${location.host}/ws/threads/${threadId}/${query}`;
}

export class ThreadSocket extends EventTarget {
  constructor(threadId, { url = null, token = null } = {}) {
    super();
    this.threadId = threadId;
    this.url = url || threadSocketUrl(threadId, { token });
    this.ws = null;
    this.state = "idle"; // idle | connecting | open | waiting | closed
    this.attempt = 0;
    this.retryTimer = null;
    this.closedForGood = false;
    // client_id → content, for messages the server has not acknowledged yet.
    this.pending = new Map();
  }

  connect() {
    if (this.closedForGood || (this.ws && this.ws.readyState <= WebSocket.OPEN)) return;
    clearTimeout(this.retryTimer);
    this._setState("connecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this._setState("open");
      for (const [clientId, content] of this.pending) this._send({ type: "message.send", content, client_id: clientId });
    });
    ws.addEventListener("message", (frame) => this._receive(frame.data));
    ws.addEventListener("close", (closing) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (closing.code === CLOSE_UNAUTHENTICATED || closing.code === CLOSE_NOT_FOUND || this.closedForGood) {
        this.closedForGood = true;
        this._setState("closed", { code: closing.code });
        return;
      }
      this._scheduleReconnect(closing.code);
    });
  }

  /** Send a user message; returns its client_id. Queued while offline, resent until acknowledged. */
  sendMessage(content, clientId = newClientId()) {
    this.pending.set(clientId, content);
    this._send({ type: "message.send", content, client_id: clientId });
    return clientId;
  }

  regenerate() {
    return this._send({ type: "reply.regenerate" });
  }

  continueReply() {
    return this._send({ type: "reply.continue" });
  }

  stop() {
    return this._send({ type: "reply.stop" });
  }

  /** Reconnect now (for example when the browser comes back online). */
  reconnectNow() {
    if (this.state === "waiting") {
      this.attempt = 0;
      this.connect();
    }
  }

  close() {
    this.closedForGood = true;
    clearTimeout(this.retryTimer);
    if (this.ws) this.ws.close(1000);
    this._setState("closed", { code: 1000 });
  }

  get isOpen() {
    return Boolean(this.ws && this.ws.readyState === WebSocket.OPEN);
  }

  // ------------------------------------------------------------------ internals

  _send(event) {
    if (!this.isOpen) return false;
    this.ws.send(JSON.stringify(event));
    return true;
  }

  _receive(data) {
    let event;
    try {
      event = JSON.parse(data);
    } catch {
      return;
    }
    if (!event || typeof event.type !== "string") return;
    // The server's first event on a working connection; an "unavailable" close comes before
    // it, so the back-off keeps growing while the chat service is down.
    if (event.type === "thread.state") this.attempt = 0;
    if (event.client_id && (event.type === "message.created" || event.type === "error")) {
      // Acknowledged (stored) or refused (never stored): either way, stop resending it.
      this.pending.delete(event.client_id);
    }
    this.dispatchEvent(new CustomEvent("event", { detail: event }));
    this.dispatchEvent(new CustomEvent(event.type, { detail: event }));
  }

  _scheduleReconnect(code) {
    const base = Math.min(MAX_BACKOFF_MS, INITIAL_BACKOFF_MS * 2 ** this.attempt);
    const delay = Math.round(base / 2 + Math.random() * (base / 2));
    this.attempt += 1;
    this._setState("waiting", { retryIn: delay, code });
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  _setState(state, extra = {}) {
    this.state = state;
    this.dispatchEvent(new CustomEvent("statechange", { detail: { state, ...extra } }));
  }
}
