// The memory board: filters, search, a create form, the card list, in-place editing, delete
// with undo, pin / share toggles, restore, live updates and (when configured) export / import.
// One controller for the panel beside a chat and for /memories/: what differs is the
// configuration (configs.js), not the code. It wires state.js (what the board knows),
// view.js (its DOM), transfer.js (export / import) and memories-api.js (the server).
//
//   const board = mountMemoryBoard(root, panelConfig({threadId, characterId, characterName}));
//   board.applyEvent({type: "memory.created" | "memory.updated" | "memory.deleted", memory})
//
// Delete with undo: the card turns into an "Undo" line and the DELETE is sent only after
// UNDO_SECONDS (or at once when the page is left), so undoing never needs the server.
//
// Live updates: applyEvent() takes the WebSocket's memory events; new memories get a
// visible notice. Replaced memories: a newer memory may supersede an older one. The list
// shows only active memories unless "Show replaced" is on (status=all); replaced cards are
// greyed and offer Restore (PATCH status back to active). "Unverified only" lists the
// memories the support check kept out of chats (status=unverified); Verify makes one active
// (the same PATCH), Delete removes it. Beside it, "(n to check)" counts them, kept live by the
// memory.created events of memories kept unverified and the events that verify or delete one.
// Contested memories (status "conflict") are not cards: they wait in the conflict inbox
// above the list (conflicts.js).

import { h } from "../lib/dom.js";
import { memoriesApi } from "../memories-api.js";
import { typeLabel } from "./cards.js";
import { conflictInbox } from "./conflicts.js";
import { BoardState } from "./state.js";
import { transferTools } from "./transfer.js";
import { BoardView } from "./view.js";

export const UNDO_SECONDS = 6;
const SEARCH_DEBOUNCE_MS = 300;
let boards = 0;

export function mountMemoryBoard(root, config, { api = memoriesApi } = {}) {
  const board = new MemoryBoard(root, config, { api });
  board.start();
  return board;
}

export class MemoryBoard {
  constructor(root, config, { api = memoriesApi } = {}) {
    this.config = config;
    this.api = api;
    this.state = new BoardState({ threadId: config.threadId, characterId: config.characterId });
    this.view = new BoardView(root, config, { uid: ++boards });
  }

  get threadId() {
    return this.config.threadId;
  }

  // ------------------------------------------------------------------ wiring

  start() {
    const { view } = this;
    const transfer = this.config.transfer
      ? transferTools({
          id: (name) => view.id(name),
          api: this.api,
          character: () => this.state.filters.character,
          onImported: () => this.load(),
        })
      : null;
    this.inbox = conflictInbox({
      api: this.api,
      character: () => this.state.filters.character,
      onResolved: (memories, said) => {
        for (const memory of memories) this.applyEvent({ type: "memory.updated", memory });
        this.view.say(said);
      },
    });
    view.build({ transfer, inbox: this.inbox.element });
    this.syncFilters();

    let debounce;
    view.search.addEventListener("input", () => {
      this.syncFilters();
      clearTimeout(debounce);
      debounce = setTimeout(() => this.load(), SEARCH_DEBOUNCE_MS);
    });
    for (const control of [view.typeFilter, view.scope, view.characterFilter, view.showReplaced, view.onlyUnverified].filter(Boolean)) {
      control.addEventListener("change", () => {
        this.syncFilters();
        this.load();
      });
    }
    for (const control of [view.characterFilter].filter(Boolean)) {
      control.addEventListener("change", () => {
        this.inbox.load();
        this.loadUnverified();
      });
    }
    view.more.addEventListener("click", () => this.load({ append: true }));
    view.create.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.create();
    });
    view.list.addEventListener("click", (event) => this.onListClick(event));
    view.list.addEventListener("change", (event) => this.onListChange(event));
    view.list.addEventListener("submit", (event) => this.onEditSubmit(event));
    view.list.addEventListener("keydown", (event) => this.onListKeydown(event));
    window.addEventListener("pagehide", () => this.flushDeletes());
    this.load();
    this.inbox.load();
    this.loadUnverified();
  }

  syncFilters() {
    this.state.filters = this.view.filters();
  }

  // ------------------------------------------------------------------ loading

  async load({ append = false } = {}) {
    const { state, view } = this;
    const token = state.startLoad();
    view.setBusy(true);
    try {
      const page = await this.api.list(state.params(append ? { offset: state.order.length } : {}));
      if (!state.isCurrent(token)) return; // a newer filter won
      if (!append) {
        state.reset();
        view.clearCards();
      }
      for (const memory of page.results) this.upsert(memory, { silent: true });
      view.setMore(Boolean(page.next));
      this.refreshCount();
    } catch (failure) {
      view.say(`Memories could not be loaded: ${failure.message}`);
    } finally {
      if (state.isCurrent(token)) view.setBusy(false);
    }
  }

  /** How many memories wait for the user's check (beside "Unverified only"). */
  async loadUnverified() {
    const { character } = this.state.filters;
    try {
      const page = await this.api.list({ status: "unverified", limit: 100, ...(character ? { character } : {}) });
      if (character !== this.state.filters.character) return; // the character changed meanwhile
      this.state.setUnverified(page.count ?? page.results.length, page.results.map((memory) => memory.id));
      this.view.showUnverified(this.state.unverified.count);
    } catch {
      // The count is a hint; the list itself says when memories cannot be loaded.
    }
  }

  refreshCount() {
    this.view.showCount(this.state.order.length, { searching: this.state.searching });
  }

  // ------------------------------------------------------------------ cards

  /** Show what the server says `memory` is now; returns its new card, if one was rendered. */
  upsert(memory, { prepend = false, silent = false } = {}) {
    const outcome = this.state.upsert(memory, { prepend });
    if (outcome === "pending") return null;
    if (outcome === "editing") {
      this.view.markStale(memory.id); // do not yank the editor away; saving sends the user's version
      return null;
    }
    const card = this.view.putCard(memory, this.state.filters, { prepend });
    if (!silent) this.refreshCount();
    return card;
  }

  drop(id) {
    this.state.drop(id);
    this.view.removeCard(id);
    this.refreshCount();
  }

  // ------------------------------------------------------------------ live events

  applyEvent(event) {
    this.inbox?.applyEvent(event);
    if (this.state.countUnverified(event)) this.view.showUnverified(this.state.unverified.count);
    if (event?.memory?.status === "conflict") {
      this.view.say(`A new memory, “${event.memory.title}”, contradicts one already kept: see “Needs your decision”.`);
      return;
    }
    const plan = this.state.plan(event);
    if (!plan) return;
    const { memory } = plan;
    if (plan.cancelDelete) this.state.releaseDelete(memory.id);
    if (plan.replaced) {
      const replacedBy = memory.superseded_by_title ? ` by “${memory.superseded_by_title}”` : "";
      this.view.say(`“${memory.title}” was replaced${replacedBy}. Turn on “Show replaced” to see or restore it.`);
    }
    if (plan.action === "drop") return this.drop(memory.id);
    if (plan.action === "upsert") {
      const card = this.upsert(memory, { prepend: plan.prepend });
      if (plan.created && card) this.view.highlightNew(card);
    }
    if (plan.announce) {
      const show = plan.fits ? h("button", { type: "button", class: "link", text: "Show", onclick: () => this.view.focusCard(memory.id) }) : null;
      this.view.say(`New memory: ${typeLabel(memory.type)} · “${memory.title}”${plan.fits ? "" : " (hidden by the current filter)"}`, { action: show });
    }
  }

  // ------------------------------------------------------------------ creating

  async create() {
    const { view } = this;
    view.create.error.textContent = "";
    const body = view.newMemory();
    if (!body.character) {
      view.create.error.textContent = "Choose a character first.";
      return;
    }
    this.state.creating += 1;
    try {
      const memory = await this.api.create(body);
      this.upsert(memory, { prepend: true });
      view.clearNewMemory();
      view.say(`Added “${memory.title}”.`);
      view.focusCard(memory.id);
    } catch (failure) {
      view.create.error.textContent = failure.message;
    } finally {
      this.state.creating -= 1;
    }
  }

  // ------------------------------------------------------------------ actions on cards

  /** Run a card's server action; the memory it returns updates the board, a failure shows on the card. */
  async run(card, action) {
    const error = card.querySelector(":scope > article > .mem-card__error, :scope .mem-card__error");
    if (error) error.textContent = "";
    try {
      const memory = await action();
      if (memory) this.applyEvent({ type: "memory.updated", memory });
      return memory;
    } catch (failure) {
      this.view.showCardError(card.dataset.memoryId, failure.message, error);
      return null;
    }
  }

  onListClick(event) {
    const button = event.target.closest("button[data-action]");
    if (!button) return;
    const card = button.closest("li[data-memory-id]");
    const id = Number(card.dataset.memoryId);
    const memory = this.state.find(id);
    switch (button.dataset.action) {
      case "edit":
        return this.openEditor(id);
      case "cancel-edit":
        return this.closeEditor(id);
      case "pin":
        return this.togglePin(memory);
      case "share":
        return this.run(card, () => (memory.shared ? this.api.unshare(id) : this.api.share(id)));
      case "reviewed":
        return this.run(card, () => this.api.update(id, { source_changed: false }));
      case "restore":
        return this.run(card, () => this.api.update(id, { status: "active" })).then((restored) => {
          if (restored) this.view.say(`Restored “${restored.title}”: chats use it again.`);
        });
      case "verify":
        return this.run(card, () => this.api.update(id, { status: "active" })).then((verified) => {
          if (verified) this.view.say(`Verified “${verified.title}”: chats use it now.`);
        });
      case "delete":
        return this.scheduleDelete(memory);
      case "undo-delete":
        return this.undoDelete(id);
    }
  }

  onListChange(event) {
    const box = event.target.closest("input[data-action=pin-thread]");
    if (!box) return;
    const card = box.closest("li[data-memory-id]");
    const id = Number(card.dataset.memoryId);
    const thread = Number(box.dataset.thread);
    this.run(card, () => (box.checked ? this.api.pin(id, thread) : this.api.unpin(id, thread))).then((memory) => {
      if (!memory) box.checked = !box.checked;
      else this.view.cardElement(id)?.querySelector("details.mem-pins")?.setAttribute("open", "");
      this.view.cardElement(id)?.querySelector(`input[data-thread="${thread}"]`)?.focus();
    });
  }

  async togglePin(memory) {
    if (!memory || !this.threadId) return;
    const card = this.view.cardElement(memory.id);
    const pinned = (memory.pinned_threads || []).includes(this.threadId);
    return this.run(card, () => (pinned ? this.api.unpin(memory.id, this.threadId) : this.api.pin(memory.id, this.threadId)));
  }

  // Pin or dismiss from elsewhere on the page (the "memories used" list of a reply).
  async pinHere(id) {
    const memory = await this.api.pin(id, this.threadId);
    this.applyEvent({ type: "memory.updated", memory });
    return memory;
  }

  async dismissHere(id) {
    const memory = await this.api.dismiss(id, this.threadId);
    this.applyEvent({ type: "memory.updated", memory });
    return memory;
  }

  // ------------------------------------------------------------------ editing

  async openEditor(id) {
    let memory = this.state.memories.get(id);
    if (!memory) {
      // Opened from a reply's "memories used" list while hidden by the filters: show it.
      memory = await this.api.get(id);
      this.upsert(memory, { prepend: true });
    }
    if (!this.view.cardElement(id)) return;
    this.state.editing.add(id);
    this.view.showEditor(memory);
  }

  closeEditor(id) {
    this.state.editing.delete(id);
    const memory = this.state.memories.get(id);
    if (this.view.cardElement(id) && memory) {
      this.view.restoreCard(memory, this.state.filters).querySelector("[data-action=edit]").focus();
    }
  }

  async onEditSubmit(event) {
    const form = event.target.closest("form.mem-edit");
    if (!form) return;
    event.preventDefault();
    const id = Number(form.dataset.memoryId);
    const error = form.querySelector(".mem-card__error");
    error.textContent = "";
    const body = { type: form.elements.type.value, title: form.elements.title.value, content: form.elements.content.value };
    const saveButton = form.querySelector("button[type=submit]");
    saveButton.disabled = true;
    try {
      const memory = await this.api.update(id, body);
      this.state.keep(memory);
      this.closeEditor(id);
      this.view.say(`Saved “${memory.title}”.`);
    } catch (failure) {
      error.textContent = failure.message;
      saveButton.disabled = false;
    }
  }

  onListKeydown(event) {
    const form = event.target.closest("form.mem-edit");
    if (!form) return;
    if (event.key === "Escape") {
      event.preventDefault();
      this.closeEditor(Number(form.dataset.memoryId));
    } else if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      form.requestSubmit();
    }
  }

  // ------------------------------------------------------------------ deleting with undo

  scheduleDelete(memory) {
    if (!memory) return;
    this.view.showDeleted(memory, { seconds: UNDO_SECONDS });
    const timer = setTimeout(() => this.commitDelete(memory.id), UNDO_SECONDS * 1000);
    this.state.holdDelete(memory, timer);
  }

  undoDelete(id) {
    const memory = this.state.releaseDelete(id);
    if (!memory) return;
    this.state.keep(memory);
    this.view.restoreCard(memory, this.state.filters).querySelector("[data-action=delete]").focus();
    this.view.say(`Kept “${memory.title}”.`);
  }

  async commitDelete(id, { keepalive = false } = {}) {
    const memory = this.state.releaseDelete(id);
    if (!memory) return;
    try {
      await this.api.remove(id, { keepalive });
      this.drop(id);
    } catch (failure) {
      if (failure.status === 404) return this.drop(id);
      this.state.keep(memory);
      const card = this.view.restoreCard(memory, this.state.filters);
      card.querySelector(".mem-card__error").textContent = `Not deleted: ${failure.message}`;
    }
  }

  flushDeletes() {
    for (const id of [...this.state.pendingDeletes.keys()]) this.commitDelete(id, { keepalive: true });
  }
}
