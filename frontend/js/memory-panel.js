// The memory panel beside a chat (/chat/<id>/): fills <aside id="memory-panel"> with the
// profile card (profile-card.js: what the character knows about the user) and the memory
// board for this chat's character (configs.js panelConfig), keeps it live from the
// chat's WebSocket events, and adds Pin / Edit / Dismiss actions to every reply's "memories
// used" list (items carrying data-memory-id, data-layer, data-score).
//
// It talks to the chat page only through the bus (lib/bus.js): "chat:event" brings the
// server's memory.created / memory.updated / memory.deleted events, "chat:message-rendered"
// each message view the chat puts into its log.
//
// "Dismiss" means "not relevant in this chat": the memory is unpinned here and kept out of
// this chat's context (shared and retrieved layers) from the next reply on. Other chats are
// unaffected, and pinning it here again undoes it.

import { threadGet } from "./chat-api.js";
import { bus } from "./lib/bus.js";
import { h } from "./lib/dom.js";
import { mountMemoryBoard } from "./memory-board/board.js";
import { panelConfig } from "./memory-board/configs.js";
import { MEMORY_EVENTS } from "./memory-board/state.js";
import { mountProfileCard } from "./profile-card.js";

const ITEM_SELECTOR = "[data-memory-id][data-layer]";

const aside = document.getElementById("memory-panel");
if (aside) start(aside);

async function threadInfo(aside) {
  const threadId = Number(aside.dataset.threadId) || Number((window.location.pathname.match(/\/chat\/(\d+)/) || [])[1]);
  let characterId = Number(aside.dataset.characterId) || null;
  let characterName = aside.dataset.characterName || "";
  if (!characterId && threadId) {
    const thread = await threadGet(threadId).catch(() => null);
    if (thread) {
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
  // The profile first (what the character knows about the user), then the memory board.
  const profileRoot = h("section", { class: "profile-card-root", "aria-label": "Profile" });
  const boardRoot = h("div");
  aside.replaceChildren(profileRoot, boardRoot);
  const profile = mountProfileCard(profileRoot, { characterId, characterName, userName: aside.dataset.userName || "" });
  const board = mountMemoryBoard(boardRoot, panelConfig({ threadId, characterId, characterName }));
  bus.subscribe("chat:event", (event) => {
    if (MEMORY_EVENTS.includes(event.type)) {
      board.applyEvent(event);
      profile.refresh(); // the pipeline updates the profile with the memories it stores
    }
  });
  // The replies already shown, then every message view from now on.
  const enhance = (root) => {
    const items = root.matches(ITEM_SELECTOR) ? [root] : root.querySelectorAll(ITEM_SELECTOR);
    for (const item of items) addActions(board, item);
  };
  enhance(document.querySelector("main") || document.body);
  bus.subscribe("chat:message-rendered", ({ element }) => enhance(element));
}

// ---------------------------------------------------------------------- "memories used"

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
