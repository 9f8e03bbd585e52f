// The memory board's DOM: heading and count, the notice line, the filters, the create form,
// the export / import tools (when configured), the card list, the empty line and "Show more".
// Built once from the board's configuration (configs.js); it reads the controls and puts
// cards, but decides nothing: board.js tells it what to show.
//
// Element ids carry the board's number (mem-<name>-<uid>), so two boards on one page never
// share an id. A card's buttons carry data-action; board.js handles them by delegation on the
// list, so a re-rendered card needs no listeners of its own.

import { h } from "../lib/dom.js";
import { renderCard, renderDeleted, renderEditor, typeSelect } from "./cards.js";

const NOTICE_MS = 10000;

export class BoardView {
  constructor(root, config, { uid }) {
    this.root = root;
    this.config = config;
    this.uid = uid;
    this.characterNames = new Map(config.characters.map((c) => [c.id, c.name]));
    this.threadTitles = new Map(config.threads.map((t) => [t.id, t.title]));
    this.characterFilter = null;
    this.newCharacter = null;
  }

  id(name) {
    return `mem-${name}-${this.uid}`;
  }

  // ------------------------------------------------------------------ layout

  /** Build the board; `transfer` is the export / import element, `inbox` the conflict
   * inbox's (conflicts.js), either or both null. */
  build({ transfer = null, inbox = null } = {}) {
    const { config } = this;
    const id = (name) => this.id(name);
    this.root.classList.add("mem-board", `mem-board--${config.name}`);
    this.heading = h("h2", {
      id: id("heading"),
      class: config.heading.hidden ? "mem-board__title visually-hidden" : "mem-board__title",
      text: config.heading.text,
    });
    this.count = h("span", { class: "mem-count muted", "aria-live": "polite" });
    this.notice = h("div", { class: "mem-notice", role: "status", "aria-live": "polite" });
    this.search = h("input", { id: id("q"), type: "search", name: "q", placeholder: "By meaning or by words", autocomplete: "off" });
    this.typeFilter = typeSelect({ id: id("type"), types: config.types, includeAll: true });
    this.scope = h(
      "select",
      { id: id("scope"), name: "scope" },
      config.scopes.map(([value, label]) => h("option", { value, text: label })),
    );
    this.showReplaced = h("input", { id: id("replaced"), type: "checkbox", name: "replaced" });
    this.onlyUnverified = h("input", { id: id("unverified"), type: "checkbox", name: "unverified" });
    // How many memories wait for the user's check; kept live by the board (showUnverified).
    this.unverifiedCount = h("span", { class: "mem-unverified-count", role: "status", "aria-live": "polite", hidden: true });
    if (config.pickCharacter) this.characterFilter = this.characterSelect(id("character"), { includeAll: true });
    const field = (label, control, extra = "") =>
      h("div", { class: `mem-field ${extra}` }, h("label", { for: control.id, text: label }), control);
    const filters = h(
      "form",
      { class: "mem-filters", role: "search", "aria-label": "Filter memories", onsubmit: (e) => e.preventDefault() },
      this.characterFilter ? field("Character", this.characterFilter) : null,
      field("Search", this.search, "mem-field--wide"),
      field("Type", this.typeFilter),
      field("Show", this.scope),
      h("div", { class: "mem-field mem-check" }, this.showReplaced, h("label", { for: this.showReplaced.id, text: "Show replaced" })),
      h(
        "div",
        { class: "mem-field mem-check" },
        this.onlyUnverified,
        h("label", {
          for: this.onlyUnverified.id,
          text: "Unverified only",
          title: "Memories the messages they cite did not support: no chat uses them until you verify them",
        }),
        this.unverifiedCount,
      ),
    );
    this.list = h("ul", { class: "mem-list", "aria-labelledby": id("heading") });
    this.empty = h("p", { class: "mem-empty muted", hidden: true });
    this.more = h("button", { type: "button", class: "mem-more", hidden: true, text: "Show more" });
    this.root.replaceChildren(
      ...[
        h("header", { class: "mem-board__head" }, this.heading, this.count),
        this.notice,
        inbox,
        filters,
        this.buildCreateForm(),
        transfer,
        this.list,
        this.empty,
        this.more,
      ].filter(Boolean),
    );
  }

  characterSelect(elementId, { includeAll }) {
    return h(
      "select",
      { id: elementId, name: "character" },
      includeAll ? h("option", { value: "", text: "All characters" }) : null,
      this.config.characters.map((c) => h("option", { value: c.id, text: c.name, selected: c.id === this.config.characterId })),
    );
  }

  buildCreateForm() {
    const { config } = this;
    const id = (name) => this.id(name);
    const form = h("form", { class: "mem-create__form", "aria-label": "Add a memory" });
    const fields = {
      type: typeSelect({ id: id("new-type"), types: config.types, value: "fact" }),
      title: h("input", { id: id("new-title"), name: "title", maxlength: 200, required: true }),
      content: h("textarea", { id: id("new-content"), name: "content", rows: 3, maxlength: 4000, required: true }),
      shared: h("input", { id: id("new-shared"), type: "checkbox", name: "shared", checked: config.shareNewByDefault }),
      pin: config.threadId ? h("input", { id: id("new-pin"), type: "checkbox", name: "pin", checked: true }) : null,
    };
    if (config.pickCharacter) this.newCharacter = this.characterSelect(id("new-character"), { includeAll: false });
    const error = h("p", { class: "mem-card__error", role: "alert" });
    form.append(
      ...[
        this.newCharacter ? [h("label", { for: id("new-character"), text: "Character" }), this.newCharacter] : [],
        h("label", { for: id("new-type"), text: "Type" }),
        fields.type,
        h("label", { for: id("new-title"), text: "Title" }),
        fields.title,
        h("label", { for: id("new-content"), text: "Content" }),
        fields.content,
        h("div", { class: "mem-check" }, fields.shared, h("label", { for: id("new-shared"), text: "Share with every chat with this character" })),
        fields.pin ? h("div", { class: "mem-check" }, fields.pin, h("label", { for: id("new-pin"), text: "Pin to this chat" })) : [],
        h("div", { class: "mem-edit__actions" }, h("button", { type: "submit", class: "primary", text: "Add memory" })),
        error,
      ].flat(),
    );
    this.create = { form, fields, error };
    return h("details", { class: "mem-create" }, h("summary", { class: "button", text: "Add a memory" }), form);
  }

  // ------------------------------------------------------------------ reading the controls

  /** The filters as state.js keeps them. */
  filters() {
    return {
      q: this.search.value,
      type: this.typeFilter.value,
      scope: this.scope.value,
      character: this.characterFilter ? Number(this.characterFilter.value) || null : this.config.characterId,
      showReplaced: this.showReplaced.checked,
      onlyUnverified: this.onlyUnverified.checked,
    };
  }

  /** The body of POST /api/memories/ from the create form (character 0: none chosen). */
  newMemory() {
    const { fields } = this.create;
    const body = {
      character: this.newCharacter ? Number(this.newCharacter.value) : this.config.characterId,
      type: fields.type.value,
      title: fields.title.value,
      content: fields.content.value,
      shared: fields.shared.checked,
    };
    if (fields.pin) Object.assign(body, { thread: this.config.threadId, pin: fields.pin.checked });
    return body;
  }

  clearNewMemory() {
    this.create.fields.title.value = "";
    this.create.fields.content.value = "";
  }

  // ------------------------------------------------------------------ cards

  cardContext(filters) {
    return {
      uid: this.uid,
      threadId: this.config.threadId,
      // Name the character on each card only while the list spans several characters.
      characterName: (id) => (filters.character ? "" : this.characterNames.get(id)),
      threadTitle: (id) => this.threadTitles.get(id) || "",
      threadsForPinning: (memory) => this.config.threads.filter((t) => t.character === memory.character),
    };
  }

  cardElement(id) {
    return this.list.querySelector(`:scope > li[data-memory-id="${id}"]`);
  }

  /** Show `memory`'s card: replace its current one (focus stays on the same action) or insert it. */
  putCard(memory, filters, { prepend = false } = {}) {
    const existing = this.cardElement(memory.id);
    const card = renderCard(memory, this.cardContext(filters));
    if (existing) {
      const focused = existing.contains(document.activeElement) ? document.activeElement.dataset.action : null;
      existing.replaceWith(card);
      if (focused) card.querySelector(`[data-action="${focused}"]`)?.focus();
    } else if (prepend) {
      this.list.prepend(card);
    } else {
      this.list.append(card);
    }
    return card;
  }

  /** Replace whatever stands for `memory` (editor, undo line) with its card; returns the card. */
  restoreCard(memory, filters) {
    const card = renderCard(memory, this.cardContext(filters));
    this.cardElement(memory.id)?.replaceWith(card);
    return card;
  }

  markStale(id) {
    this.cardElement(id)?.classList.add("mem-card--stale");
  }

  highlightNew(card) {
    card.classList.add("mem-card--new");
    setTimeout(() => card.classList.remove("mem-card--new"), 8000);
  }

  removeCard(id) {
    this.cardElement(id)?.remove();
  }

  clearCards() {
    this.list.replaceChildren();
  }

  focusCard(id) {
    const card = this.cardElement(id);
    if (!card) return;
    card.scrollIntoView({ block: "nearest", behavior: "smooth" });
    card.querySelector("[data-action=edit]")?.focus({ preventScroll: true });
  }

  showEditor(memory) {
    const card = this.cardElement(memory.id);
    if (!card) return null;
    const editor = renderEditor(memory, { types: this.config.types, uid: this.uid });
    card.replaceChildren(editor);
    card.classList.add("mem-card--editing");
    card.scrollIntoView({ block: "nearest" });
    editor.elements.title.focus();
    return editor;
  }

  showDeleted(memory, { seconds }) {
    const placeholder = renderDeleted(memory, { seconds });
    this.cardElement(memory.id)?.replaceWith(placeholder);
    placeholder.querySelector("[data-action=undo-delete]").focus();
  }

  /** Show an action's failure on the card of `id` (or in `fallback`, an error line). */
  showCardError(id, text, fallback = null) {
    const target = this.cardElement(id)?.querySelector(".mem-card__error") || fallback;
    if (target) target.textContent = text;
  }

  // ------------------------------------------------------------------ status

  showCount(shown, { searching }) {
    this.count.textContent = shown === 1 ? "1 memory" : `${shown} memories`;
    this.empty.hidden = shown > 0;
    if (!shown) this.empty.textContent = searching ? "No memory matches that search." : this.config.emptyText;
  }

  /** "(n to check)" beside "Unverified only"; nothing while none waits. */
  showUnverified(count) {
    this.unverifiedCount.hidden = !count;
    this.unverifiedCount.textContent = count ? `(${count} to check)` : "";
  }

  setBusy(busy) {
    if (busy) this.root.setAttribute("aria-busy", "true");
    else this.root.removeAttribute("aria-busy");
  }

  setMore(visible) {
    this.more.hidden = !visible;
  }

  /** A short notice at the top of the board, with an optional action button. */
  say(text, { action } = {}) {
    this.notice.replaceChildren(h("span", { text }), action || "");
    this.notice.classList.add("mem-notice--visible");
    clearTimeout(this.noticeTimer);
    this.noticeTimer = setTimeout(() => this.notice.classList.remove("mem-notice--visible"), NOTICE_MS);
  }
}
