// The memory panel beside a chat (/chat/<id>/): fills <aside id="memory-panel"> with the
// memory board for this chat's character, keeps it live from the chat's WebSocket events
// (memory.created / memory.updated / memory.deleted), and adds Pin / Edit / Dismiss actions
// to every reply's "memories used" list (items carrying data-memory-id, data-layer,
// data-score).
//
// "Dismiss" means "not relevant in this chat": the memory is unpinned here and kept out of
// this chat's context (shared and retrieved layers) from the next reply on. Other chats are
// unaffected, and pinning it here again undoes it.

import { mountMemoryBoard } from "./memories-board.js";
import { h } from "./memories-cards.js";

const MEMORY_TYPES = ["conversation", "important_event", "preference", "fact", "emotion", "worldbuilding", "relationship"];
const MEMORY_EVENTS = new Set(["memory.created", "memory.updated", "memory.deleted"]);

const aside = document.getElementById("memory-panel");
if (aside) start(aside);

async function threadInfo(aside) {
  const threadId = Number(aside.dataset.threadId) || Number((window.location.pathname.match(/\/chat\/(\d+)/) || [])[1]);
  let characterId = Number(aside.dataset.characterId) || null;
  let characterName = aside.dataset.characterName || "";
  if (!characterId && threadId) {
    const response = await fetch(`/api/threads/${threadId}/`, { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (response.ok) {
      const thread = await response.json();
      characterId = typeof thread.character === "object" && thread.character ? thread.character.id : thread.character;
      characterName = characterName || thread.character_name || (thread.character && thread.character.name) || "";
    }
  }
  return { threadId, characterId, characterName };
}

async function start(aside) {
  const { threadId, characterId, characterName } = await threadInfo(aside);
  if (!threadId || !characterId) {
    aside.replaceChildren(h("p", { class: "muted", text: "Memories could not be loaded for this chat." }));
    return;
  }
  aside.setAttribute("aria-label", aside.getAttribute("aria-label") || "Memories");
  const board = mountMemoryBoard(aside, { mode: "panel", threadId, characterId, characterName, types: MEMORY_TYPES });
  window.memoryPanel = board;
  listen(board);
  enhanceReceipts(board);
  anchorSourceMessages();
}

// ---------------------------------------------------------------------- source links

// A memory's source link is /chat/<thread>/#seq-<n>. Chat messages carry data-seq; give
// them matching ids so the link lands on the message, loading earlier pages when needed.
const MAX_EARLIER_PAGES = 20;

function anchorSourceMessages() {
  const log = document.getElementById("chat-log");
  if (!log) return;
  let wanted = null;
  let pagesLoaded = 0;
  const reveal = () => {
    if (!wanted) return;
    const target = document.getElementById(`seq-${wanted}`);
    if (target) {
      target.classList.add("mem-source-highlight");
      target.scrollIntoView({ block: "center" });
      setTimeout(() => target.classList.remove("mem-source-highlight"), 4000);
      wanted = null;
      return;
    }
    const earlier = document.getElementById("chat-earlier");
    const seqs = [...log.querySelectorAll(".chat-msg[data-seq]")].map((node) => Number(node.dataset.seq));
    if (earlier && !earlier.hidden && seqs.length && Math.min(...seqs) > wanted && pagesLoaded < MAX_EARLIER_PAGES) {
      pagesLoaded += 1;
      earlier.click();
    }
  };
  const label = () => {
    for (const node of log.querySelectorAll(".chat-msg[data-seq]:not([id])")) node.id = `seq-${node.dataset.seq}`;
    reveal();
  };
  const fromHash = () => {
    const match = window.location.hash.match(/^#seq-(\d+)$/);
    wanted = match ? Number(match[1]) : null;
    pagesLoaded = 0;
    label();
  };
  new MutationObserver(label).observe(log, { childList: true });
  window.addEventListener("hashchange", fromHash);
  fromHash();
}

// ---------------------------------------------------------------------- live events

function listen(board) {
  const handle = (event) => {
    const data = event && event.detail !== undefined ? event.detail : event;
    if (data && MEMORY_EVENTS.has(data.type)) board.applyEvent(data);
  };
  // The chat page re-dispatches every server event on the document as "chat:event".
  document.addEventListener("chat:event", handle);
}

// ---------------------------------------------------------------------- "memories used"

const ITEM_SELECTOR = "[data-memory-id][data-layer]";

function enhanceReceipts(board) {
  const enhance = (root) => {
    const items = root.matches && root.matches(ITEM_SELECTOR) ? [root] : root.querySelectorAll ? root.querySelectorAll(ITEM_SELECTOR) : [];
    for (const item of items) addActions(board, item);
  };
  const scope = document.querySelector("main") || document.body;
  enhance(scope);
  new MutationObserver((mutations) => {
    for (const mutation of mutations) for (const node of mutation.addedNodes) if (node.nodeType === 1) enhance(node);
  }).observe(scope, { childList: true, subtree: true });
}

function addActions(board, item) {
  if (item.dataset.memActions || item.closest("#memory-panel")) return;
  if (item.dataset.kind && item.dataset.kind !== "memory") return;
  item.dataset.memActions = "1";
  const id = Number(item.dataset.memoryId);
  const layer = item.dataset.layer;
  const label = (item.querySelector("[data-memory-title]") || item).textContent.trim().slice(0, 80) || `memory ${id}`;
  const status = h("span", { class: "mem-used-status", role: "status" });
  const act = (verb, action) => async () => {
    status.textContent = "…";
    try {
      await action();
      status.textContent = verb;
    } catch (failure) {
      status.textContent = failure.status === 404 ? "This memory no longer exists." : failure.message;
    }
  };
  const buttons = h(
    "span",
    { class: "mem-used-actions", role: "group", "aria-label": `Actions for ${label}` },
    layer === "pinned"
      ? null
      : h("button", { type: "button", dataset: { memAction: "pin" }, "aria-label": `Pin ${label} to this chat`, text: "Pin", onclick: act("Pinned here.", () => board.pinHere(id)) }),
    h("button", { type: "button", dataset: { memAction: "edit" }, "aria-label": `Edit ${label}`, text: "Edit", onclick: () => board.openEditor(id).catch(() => (status.textContent = "This memory no longer exists.")) }),
    h("button", {
      type: "button",
      dataset: { memAction: "dismiss" },
      "aria-label": `Dismiss ${label}: not relevant in this chat`,
      title: "Not relevant in this chat: unpin it here and keep it out of this chat's context",
      text: "Dismiss",
      onclick: act("Dismissed for this chat.", () => board.dismissHere(id)),
    }),
    status,
  );
  item.append(buttons);
}
