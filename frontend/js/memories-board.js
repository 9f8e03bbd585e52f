// The memory board: filters, search, a create form, the card list, in-place editing, delete
// with undo, pin / share toggles and live updates. Mounted by memory-panel.js beside a chat
// (mode "panel", knows its thread) and by memories-page.js on /memories/ (mode "page").
//
// Delete with undo: the card turns into an "Undo" line and the DELETE is sent only after
// UNDO_SECONDS (or at once when the page is left), so undoing never needs the server.
//
// Live updates: call board.applyEvent({type: "memory.created" | "memory.updated" |
// "memory.deleted", memory}) with the WebSocket events; new memories get a visible notice.
//
// Replaced memories: a newer memory may supersede an older one. The list shows only active
// memories unless "Show replaced" is on (status=all); replaced cards are greyed and offer
// Restore (PATCH status back to active).

import { memoriesApi } from "./memories-api.js";
import { h, renderCard, renderDeleted, renderEditor, typeLabel, typeSelect } from "./memories-cards.js";

const UNDO_SECONDS = 6;
const PAGE_SIZE = 100;
let boards = 0;

export function mountMemoryBoard(root, options) {
  const board = new MemoryBoard(root, options);
  board.start();
  return board;
}

class MemoryBoard {
  constructor(root, { mode, threadId = null, characterId = null, characterName = "", characters = [], threads = [], types }) {
    this.root = root;
    this.mode = mode;
    this.threadId = threadId;
    this.characterId = characterId;
    this.characters = characters;
    this.threads = threads;
    this.types = types;
    this.uid = ++boards;
    this.memories = new Map(); // id -> memory, what the server last told us
    this.order = []; // ids in display order
    this.editing = new Set();
    this.pendingDeletes = new Map(); // id -> {timer, memory}
    this.creating = 0;
    this.next = null;
    this.loadToken = 0;
    this.characterNames = new Map(characters.map((c) => [c.id, c.name]));
    if (characterId && characterName) this.characterNames.set(characterId, characterName);
    this.threadTitles = new Map(threads.map((t) => [t.id, t.title]));
  }

  // ------------------------------------------------------------------ layout

  start() {
    const id = (name) => `mem-${name}-${this.uid}`;
    this.root.classList.add("mem-board", `mem-board--${this.mode}`);
    // The memories page has its own h1; there the board's heading is for screen readers only.
    this.heading = h("h2", {
      id: id("heading"),
      class: this.mode === "page" ? "mem-board__title visually-hidden" : "mem-board__title",
      text: this.mode === "page" ? "Your memories" : "Memories",
    });
    this.count = h("span", { class: "mem-count muted", "aria-live": "polite" });
    this.notice = h("div", { class: "mem-notice", role: "status", "aria-live": "polite" });
    this.search = h("input", { id: id("q"), type: "search", name: "q", placeholder: "By meaning or by words", autocomplete: "off" });
    this.typeFilter = typeSelect({ id: id("type"), types: this.types, includeAll: true });
    this.scope = h(
      "select",
      { id: id("scope"), name: "scope" },
      this.mode === "panel"
        ? [
            h("option", { value: "", text: "All" }),
            h("option", { value: "thread", text: "This chat" }),
            h("option", { value: "pinned", text: "Pinned here" }),
            h("option", { value: "shared", text: "Shared" }),
          ]
        : [
            h("option", { value: "", text: "Any" }),
            h("option", { value: "pinned", text: "Pinned" }),
            h("option", { value: "shared", text: "Shared" }),
            h("option", { value: "unshared", text: "Not shared" }),
          ],
    );
    this.showReplaced = h("input", { id: id("replaced"), type: "checkbox", name: "replaced" });
    const field = (label, control, extra = "") =>
      h("div", { class: `mem-field ${extra}` }, h("label", { for: control.id, text: label }), control);
    const filters = h(
      "form",
      { class: "mem-filters", role: "search", "aria-label": "Filter memories", onsubmit: (e) => e.preventDefault() },
      this.mode === "page" ? field("Character", this.characterSelect(id("character"), true)) : null,
      field("Search", this.search, "mem-field--wide"),
      field("Type", this.typeFilter),
      field("Show", this.scope),
      h(
        "div",
        { class: "mem-field mem-check" },
        this.showReplaced,
        h("label", { for: this.showReplaced.id, text: "Show replaced" }),
      ),
    );
    this.list = h("ul", { class: "mem-list", "aria-labelledby": id("heading") });
    this.empty = h("p", { class: "mem-empty muted", hidden: true });
    this.more = h("button", { type: "button", class: "mem-more", hidden: true, text: "Show more", onclick: () => this.load({ append: true }) });
    const parts = [
      h("header", { class: "mem-board__head" }, this.heading, this.count),
      this.notice,
      filters,
      this.createForm(id),
      this.mode === "page" ? this.transferTools(id) : null,
      this.list,
      this.empty,
      this.more,
    ];
    this.root.replaceChildren(...parts.filter(Boolean));

    let debounce;
    this.search.addEventListener("input", () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => this.load(), 300);
    });
    for (const control of [this.typeFilter, this.scope, this.characterFilter, this.showReplaced].filter(Boolean)) {
      control.addEventListener("change", () => this.load());
    }
    this.list.addEventListener("click", (event) => this.onListClick(event));
    this.list.addEventListener("change", (event) => this.onListChange(event));
    this.list.addEventListener("submit", (event) => this.onEditSubmit(event));
    this.list.addEventListener("keydown", (event) => this.onListKeydown(event));
    window.addEventListener("pagehide", () => this.flushDeletes());
    this.load();
  }

  characterSelect(elementId, includeAll) {
    const select = h(
      "select",
      { id: elementId, name: "character" },
      includeAll ? h("option", { value: "", text: "All characters" }) : null,
      this.characters.map((c) => h("option", { value: c.id, text: c.name, selected: c.id === this.characterId })),
    );
    if (includeAll) this.characterFilter = select;
    return select;
  }

  createForm(id) {
    const form = h("form", { class: "mem-create__form", "aria-label": "Add a memory" });
    const type = typeSelect({ id: id("new-type"), types: this.types, value: "fact" });
    const title = h("input", { id: id("new-title"), name: "title", maxlength: 200, required: true });
    const content = h("textarea", { id: id("new-content"), name: "content", rows: 3, maxlength: 4000, required: true });
    const shared = h("input", { id: id("new-shared"), type: "checkbox", name: "shared", checked: this.mode === "page" });
    const parts = [];
    if (this.mode === "page") {
      parts.push(h("label", { for: id("new-character"), text: "Character" }), this.characterSelect(id("new-character"), false));
    }
    parts.push(
      h("label", { for: id("new-type"), text: "Type" }),
      type,
      h("label", { for: id("new-title"), text: "Title" }),
      title,
      h("label", { for: id("new-content"), text: "Content" }),
      content,
      h("div", { class: "mem-check" }, shared, h("label", { for: id("new-shared"), text: "Share with every chat with this character" })),
    );
    let pin = null;
    if (this.threadId) {
      pin = h("input", { id: id("new-pin"), type: "checkbox", name: "pin", checked: true });
      parts.push(h("div", { class: "mem-check" }, pin, h("label", { for: id("new-pin"), text: "Pin to this chat" })));
    }
    const error = h("p", { class: "mem-card__error", role: "alert" });
    parts.push(h("div", { class: "mem-edit__actions" }, h("button", { type: "submit", class: "primary", text: "Add memory" })), error);
    form.append(...parts);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      error.textContent = "";
      const character = this.mode === "page" ? Number(form.elements.character.value) : this.characterId;
      if (!character) {
        error.textContent = "Choose a character first.";
        return;
      }
      const body = { character, type: type.value, title: title.value, content: content.value, shared: shared.checked };
      if (this.threadId) Object.assign(body, { thread: this.threadId, pin: pin.checked });
      this.creating += 1;
      try {
        const memory = await memoriesApi.create(body);
        this.upsert(memory, { prepend: true });
        title.value = "";
        content.value = "";
        this.say(`Added “${memory.title}”.`);
        this.focusCard(memory.id);
      } catch (failure) {
        error.textContent = failure.message;
      } finally {
        this.creating -= 1;
      }
    });
    return h("details", { class: "mem-create" }, h("summary", { class: "button", text: "Add a memory" }), form);
  }

  transferTools(id) {
    const status = h("p", { class: "mem-transfer__status", role: "status" });
    const file = h("input", { id: id("import-file"), type: "file", accept: "application/json,.json" });
    const character = () => Number(this.characterFilter.value);
    const exportButton = h("button", {
      type: "button",
      text: "Export as JSON",
      onclick: async () => {
        if (!character()) return (status.textContent = "Choose a character above to export its memories.");
        try {
          const document_ = await memoriesApi.exportDocument(character());
          const blob = new Blob([JSON.stringify(document_, null, 2)], { type: "application/json" });
          const link = h("a", { href: URL.createObjectURL(blob), download: `memories-${character()}.json` });
          document.body.append(link);
          link.click();
          link.remove();
          status.textContent = `Exported ${document_.memories.length} memories.`;
        } catch (failure) {
          status.textContent = failure.message;
        }
      },
    });
    file.addEventListener("change", async () => {
      if (!file.files.length) return;
      if (!character()) {
        status.textContent = "Choose a character above to import into.";
        file.value = "";
        return;
      }
      try {
        const document_ = JSON.parse(await file.files[0].text());
        const result = await memoriesApi.importDocument(character(), document_);
        let text = `Imported ${result.created} memories; ${result.skipped_duplicates} were already here.`;
        if (result.made_shared) text += ` ${result.made_shared} came from chats that are not here and are now shared.`;
        status.textContent = text;
        this.load();
      } catch (failure) {
        status.textContent = failure instanceof SyntaxError ? "That file is not JSON." : failure.message;
      } finally {
        file.value = "";
      }
    });
    return h(
      "details",
      { class: "mem-transfer" },
      h("summary", { class: "button", text: "Export or import" }),
      h(
        "div",
        { class: "mem-transfer__body" },
        h("p", { class: "muted", text: "For the character chosen above: type, title, content, pins, sharing, source and dates." }),
        exportButton,
        h("label", { for: id("import-file"), text: "Import a memory export (JSON)" }),
        file,
        status,
      ),
    );
  }

  // ------------------------------------------------------------------ loading and filtering

  params() {
    const params = { limit: PAGE_SIZE, q: this.search.value.trim(), type: this.typeFilter.value };
    const character = this.characterFilter ? this.characterFilter.value : this.characterId;
    if (character) params.character = character;
    const scope = this.scope.value;
    if (scope === "thread") params.thread = this.threadId;
    if (scope === "pinned") Object.assign(params, this.threadId ? { thread: this.threadId, pinned: "true" } : { pinned: "true" });
    if (scope === "shared") params.shared = "true";
    if (scope === "unshared") params.shared = "false";
    if (this.showReplaced.checked) params.status = "all";
    return params;
  }

  async load({ append = false } = {}) {
    const token = ++this.loadToken;
    this.root.setAttribute("aria-busy", "true");
    try {
      const params = this.params();
      if (append) params.offset = this.order.length;
      const page = await memoriesApi.list(params);
      if (token !== this.loadToken) return; // a newer filter won
      if (!append) {
        this.memories.clear();
        this.order = [];
        this.editing.clear();
        this.list.replaceChildren();
      }
      for (const memory of page.results) this.upsert(memory, { silent: true });
      this.total = page.count;
      this.more.hidden = !page.next;
      this.refreshCount();
    } catch (failure) {
      this.say(`Memories could not be loaded: ${failure.message}`);
    } finally {
      if (token === this.loadToken) this.root.removeAttribute("aria-busy");
    }
  }

  matches(memory) {
    const shownStatus = memory.status === "superseded" && this.showReplaced.checked;
    if (memory.status && memory.status !== "active" && !shownStatus) return false;
    const character = this.characterFilter ? Number(this.characterFilter.value) : this.characterId;
    if (character && memory.character !== character) return false;
    if (this.typeFilter.value && memory.type !== this.typeFilter.value) return false;
    const pins = memory.pinned_threads || [];
    switch (this.scope.value) {
      case "thread":
        if (memory.origin_thread !== this.threadId && !pins.includes(this.threadId)) return false;
        break;
      case "pinned":
        if (this.threadId ? !pins.includes(this.threadId) : !pins.length) return false;
        break;
      case "shared":
        if (!memory.shared) return false;
        break;
      case "unshared":
        if (memory.shared) return false;
        break;
    }
    if (this.search.value.trim()) return this.memories.has(memory.id); // search results come from the server
    return true;
  }

  refreshCount() {
    const shown = this.order.length;
    const searching = this.search.value.trim();
    this.count.textContent = shown === 1 ? "1 memory" : `${shown} memories`;
    this.empty.hidden = shown > 0;
    if (!shown) {
      this.empty.textContent = searching
        ? "No memory matches that search."
        : this.mode === "panel"
          ? "No memories yet. They appear here as the conversation goes on, or add one yourself."
          : "No memories here yet.";
    }
  }

  // ------------------------------------------------------------------ cards

  cardContext() {
    return {
      uid: this.uid,
      threadId: this.threadId,
      characterName: (id) => (this.mode === "page" && !(this.characterFilter && this.characterFilter.value) ? this.characterNames.get(id) : ""),
      threadTitle: (id) => this.threadTitles.get(id) || "",
      threadsForPinning: (memory) => this.threads.filter((t) => t.character === memory.character),
    };
  }

  cardElement(id) {
    return this.list.querySelector(`:scope > li[data-memory-id="${id}"]`);
  }

  upsert(memory, { prepend = false, silent = false } = {}) {
    if (this.pendingDeletes.has(memory.id)) {
      this.pendingDeletes.get(memory.id).memory = memory;
      return;
    }
    const known = this.memories.has(memory.id);
    this.memories.set(memory.id, memory);
    const existing = this.cardElement(memory.id);
    if (existing && this.editing.has(memory.id)) {
      existing.classList.add("mem-card--stale");
      return; // do not yank the editor away; saving sends the user's version
    }
    const card = renderCard(memory, this.cardContext());
    if (existing) {
      const focused = existing.contains(document.activeElement) ? document.activeElement.dataset.action : null;
      existing.replaceWith(card);
      if (focused) card.querySelector(`[data-action="${focused}"]`)?.focus();
    } else if (prepend) {
      this.list.prepend(card);
    } else {
      this.list.append(card);
    }
    if (!known) {
      if (prepend) this.order.unshift(memory.id);
      else this.order.push(memory.id);
    }
    if (!silent) this.refreshCount();
    return card;
  }

  drop(id) {
    this.memories.delete(id);
    this.editing.delete(id);
    this.order = this.order.filter((other) => other !== id);
    this.cardElement(id)?.remove();
    this.refreshCount();
  }

  focusCard(id) {
    const card = this.cardElement(id);
    if (!card) return;
    card.scrollIntoView({ block: "nearest", behavior: "smooth" });
    card.querySelector("[data-action=edit]")?.focus({ preventScroll: true });
  }

  say(text, { action } = {}) {
    this.notice.replaceChildren(h("span", { text }), action || "");
    this.notice.classList.add("mem-notice--visible");
    clearTimeout(this.noticeTimer);
    this.noticeTimer = setTimeout(() => this.notice.classList.remove("mem-notice--visible"), 10000);
  }

  // ------------------------------------------------------------------ live events

  applyEvent(event) {
    // memory.deleted may carry only the id at the top level.
    const memory = event && (event.memory || (typeof event.id === "number" ? { id: event.id } : null));
    if (!memory || typeof memory.id !== "number") return;
    if (event.type === "memory.deleted") {
      if (this.pendingDeletes.has(memory.id)) {
        clearTimeout(this.pendingDeletes.get(memory.id).timer);
        this.pendingDeletes.delete(memory.id);
      }
      this.drop(memory.id);
      return;
    }
    if (event.type !== "memory.created" && event.type !== "memory.updated") return;
    const known = this.memories.has(memory.id);
    if (event.type === "memory.updated" && memory.status === "superseded" && known && this.memories.get(memory.id).status !== "superseded") {
      const replacedBy = memory.superseded_by_title ? ` by “${memory.superseded_by_title}”` : "";
      this.say(`“${memory.title}” was replaced${replacedBy}. Turn on “Show replaced” to see or restore it.`);
    }
    if (known && !this.matches({ ...memory, id: memory.id }) && !this.search.value.trim()) {
      this.drop(memory.id); // no longer fits the filters (e.g. unpinned while showing "Pinned here")
      return;
    }
    const fits = known || this.matches(memory);
    if (fits) {
      const card = this.upsert(memory, { prepend: !known });
      if (event.type === "memory.created" && card) {
        card.classList.add("mem-card--new");
        setTimeout(() => card.classList.remove("mem-card--new"), 8000);
      }
    }
    if (event.type === "memory.created" && !known && !(this.creating && memory.created_by === "user")) {
      const show = fits
        ? h("button", { type: "button", class: "link", text: "Show", onclick: () => this.focusCard(memory.id) })
        : null;
      this.say(`New memory: ${typeLabel(memory.type)} · “${memory.title}”${fits ? "" : " (hidden by the current filter)"}`, { action: show });
    }
  }

  // ------------------------------------------------------------------ actions

  async run(card, action) {
    const error = card.querySelector(":scope > article > .mem-card__error, :scope .mem-card__error");
    if (error) error.textContent = "";
    try {
      const memory = await action();
      if (memory) this.applyEvent({ type: "memory.updated", memory });
      return memory;
    } catch (failure) {
      const target = this.cardElement(card.dataset.memoryId)?.querySelector(".mem-card__error") || error;
      if (target) target.textContent = failure.message;
      return null;
    }
  }

  onListClick(event) {
    const button = event.target.closest("button[data-action]");
    if (!button) return;
    const card = button.closest("li[data-memory-id]");
    const id = Number(card.dataset.memoryId);
    const memory = this.memories.get(id) || this.pendingDeletes.get(id)?.memory;
    switch (button.dataset.action) {
      case "edit":
        return this.openEditor(id);
      case "cancel-edit":
        return this.closeEditor(id);
      case "pin":
        return this.togglePin(memory);
      case "share":
        return this.run(card, () => (memory.shared ? memoriesApi.unshare(id) : memoriesApi.share(id)));
      case "reviewed":
        return this.run(card, () => memoriesApi.update(id, { source_changed: false }));
      case "restore":
        return this.run(card, () => memoriesApi.update(id, { status: "active" })).then((restored) => {
          if (restored) this.say(`Restored “${restored.title}”: chats use it again.`);
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
    this.run(card, () => (box.checked ? memoriesApi.pin(id, thread) : memoriesApi.unpin(id, thread))).then((memory) => {
      if (!memory) box.checked = !box.checked;
      else this.cardElement(id)?.querySelector("details.mem-pins")?.setAttribute("open", "");
      this.cardElement(id)?.querySelector(`input[data-thread="${thread}"]`)?.focus();
    });
  }

  async togglePin(memory) {
    if (!memory || !this.threadId) return;
    const card = this.cardElement(memory.id);
    const pinned = (memory.pinned_threads || []).includes(this.threadId);
    return this.run(card, () => (pinned ? memoriesApi.unpin(memory.id, this.threadId) : memoriesApi.pin(memory.id, this.threadId)));
  }

  // Pin or dismiss from elsewhere (the "memories used" list of a reply).
  async pinHere(id) {
    const memory = await memoriesApi.pin(id, this.threadId);
    this.applyEvent({ type: "memory.updated", memory });
    return memory;
  }

  async dismissHere(id) {
    const memory = await memoriesApi.dismiss(id, this.threadId);
    this.applyEvent({ type: "memory.updated", memory });
    return memory;
  }

  async openEditor(id) {
    let memory = this.memories.get(id);
    if (!memory) {
      // Opened from a reply's "memories used" list while hidden by the filters: show it.
      memory = await memoriesApi.get(id);
      this.upsert(memory, { prepend: true });
    }
    const card = this.cardElement(id);
    if (!card) return;
    this.editing.add(id);
    const editor = renderEditor(memory, { types: this.types, uid: this.uid });
    card.replaceChildren(editor);
    card.classList.add("mem-card--editing");
    card.scrollIntoView({ block: "nearest" });
    editor.elements.title.focus();
  }

  closeEditor(id) {
    this.editing.delete(id);
    const card = this.cardElement(id);
    const memory = this.memories.get(id);
    if (card && memory) {
      const fresh = renderCard(memory, this.cardContext());
      card.replaceWith(fresh);
      fresh.querySelector("[data-action=edit]").focus();
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
      const memory = await memoriesApi.update(id, body);
      this.memories.set(id, memory);
      this.closeEditor(id);
      this.say(`Saved “${memory.title}”.`);
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

  scheduleDelete(memory) {
    if (!memory) return;
    const card = this.cardElement(memory.id);
    const placeholder = renderDeleted(memory, { seconds: UNDO_SECONDS });
    card.replaceWith(placeholder);
    placeholder.querySelector("[data-action=undo-delete]").focus();
    const timer = setTimeout(() => this.commitDelete(memory.id), UNDO_SECONDS * 1000);
    this.pendingDeletes.set(memory.id, { timer, memory });
    this.memories.delete(memory.id);
  }

  undoDelete(id) {
    const pending = this.pendingDeletes.get(id);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pendingDeletes.delete(id);
    this.memories.set(id, pending.memory);
    const card = renderCard(pending.memory, this.cardContext());
    this.cardElement(id)?.replaceWith(card);
    card.querySelector("[data-action=delete]").focus();
    this.say(`Kept “${pending.memory.title}”.`);
  }

  async commitDelete(id, { keepalive = false } = {}) {
    const pending = this.pendingDeletes.get(id);
    if (!pending) return;
    this.pendingDeletes.delete(id);
    try {
      await memoriesApi.remove(id, { keepalive });
      this.drop(id);
    } catch (failure) {
      if (failure.status === 404) return this.drop(id);
      this.memories.set(id, pending.memory);
      const card = renderCard(pending.memory, this.cardContext());
      this.cardElement(id)?.replaceWith(card);
      card.querySelector(".mem-card__error").textContent = `Not deleted: ${failure.message}`;
    }
  }

  flushDeletes() {
    for (const [id, pending] of this.pendingDeletes) {
      clearTimeout(pending.timer);
      this.commitDelete(id, { keepalive: true });
    }
  }
}
