// The conflict inbox of a memory board: memories the pipeline stored as contradicting an
// existing one (status "conflict"), each shown beside the memory it contradicts with three
// answers: "Keep both", "Keep new" (the new one replaces the old, which stays restorable
// under "Show replaced") and "Keep old" (the new one is set aside the same way).
//
//   const inbox = conflictInbox({ api, character: () => id, onResolved: (memories, said) => ... });
//   root.append(inbox.element); inbox.load(); inbox.applyEvent(event);
//
// GET /api/memories/conflicts/?character= fills it; POST /api/memories/{id}/resolve/
// {keep: "both" | "new" | "old"} answers one. Live memory events keep it current: a
// memory.created with status "conflict" joins it, any event saying a memory is no longer in
// conflict (resolved in another tab) takes it out. The inbox hides itself when empty; what an
// answer did is for the board to say (`onResolved` gets the two memories and a sentence).

import { h } from "../lib/dom.js";
import { typeLabel } from "./cards.js";

const ANSWERS = Object.freeze([
  ["both", "Keep both", "Both memories stay; chats use both."],
  ["new", "Keep new", "The new memory replaces the old one (the old one stays under “Show replaced”)."],
  ["old", "Keep old", "The old memory stays; the new one is set aside under “Show replaced”."],
]);

export function conflictInbox({ api, character, onResolved = () => {} }) {
  const items = new Map(); // id of the new memory -> its <li>
  const list = h("ul", { class: "mem-conflicts__list" });
  const count = h("span", { class: "mem-conflicts__count" });
  const status = h("p", { class: "mem-conflicts__status muted", role: "status", "aria-live": "polite" });
  const element = h(
    "section",
    { class: "mem-conflicts", "aria-label": "Memories that need your decision", hidden: true, dataset: { conflictInbox: "" } },
    h("h3", { class: "mem-conflicts__title" }, "Needs your decision ", count),
    h("p", { class: "muted", text: "A new memory contradicts one already kept. Which holds?" }),
    list,
    status,
  );

  const refresh = () => {
    element.hidden = items.size === 0 && !status.textContent;
    count.textContent = `(${items.size})`;
  };

  const side = (label, memory) =>
    h(
      "div",
      { class: "mem-conflict__side", dataset: { side: label === "New" ? "new" : "old" } },
      h("p", { class: "mem-conflict__label muted", text: label }),
      memory
        ? [
            h("p", { class: "mem-conflict__title" }, h("strong", { text: memory.title }), ` · ${typeLabel(memory.type)}`),
            h("p", { class: "mem-conflict__content", text: memory.content }),
          ]
        : h("p", { class: "muted", text: "(the older memory was deleted)" }),
    );

  const put = ({ memory, existing }) => {
    const error = h("p", { class: "mem-card__error", role: "alert" });
    const buttons = ANSWERS.filter(([keep]) => existing || keep !== "old").map(([keep, text, title]) =>
      h("button", {
        type: "button",
        class: keep === "new" ? "primary" : "",
        text,
        title,
        dataset: { keep },
        onclick: () => resolve(memory, keep, li, error),
      }),
    );
    const li = h(
      "li",
      { class: "mem-conflict", dataset: { memoryId: String(memory.id) } },
      h("div", { class: "mem-conflict__pair" }, side("Kept", existing), side("New", memory)),
      h("div", { class: "mem-conflict__actions", role: "group", "aria-label": `Decide about “${memory.title}”` }, buttons),
      error,
    );
    items.get(memory.id)?.remove();
    items.set(memory.id, li);
    list.prepend(li);
    refresh();
  };

  const remove = (id) => {
    items.get(id)?.remove();
    items.delete(id);
    refresh();
  };

  async function resolve(memory, keep, li, error) {
    error.textContent = "";
    for (const button of li.querySelectorAll("button")) button.disabled = true;
    try {
      const answer = await api.resolve(memory.id, keep);
      remove(memory.id);
      const said = {
        both: `Kept both memories about “${memory.title}”.`,
        new: `Kept the new “${memory.title}”; the old one is under “Show replaced”.`,
        old: `Kept the old memory; the new “${memory.title}” is under “Show replaced”.`,
      }[keep];
      onResolved([answer.memory, answer.existing].filter(Boolean), said);
    } catch (failure) {
      error.textContent = failure.status === 404 ? "This memory no longer exists." : failure.message;
      for (const button of li.querySelectorAll("button")) button.disabled = false;
    }
  }

  async function load() {
    const params = character() ? { character: character() } : {};
    status.textContent = "";
    try {
      const page = await api.conflicts(params);
      for (const id of [...items.keys()]) remove(id);
      for (const pair of [...page.results].reverse()) put(pair);
    } catch (failure) {
      status.textContent = `Conflicts could not be loaded: ${failure.message}`;
    }
    refresh();
  }

  function applyEvent(event) {
    const memory = event && event.memory;
    if (!memory || typeof memory.id !== "number") return;
    if (event.type === "memory.deleted" || memory.status !== "conflict") {
      if (items.has(memory.id)) remove(memory.id);
      return;
    }
    if (character() && memory.character !== character()) return;
    const existing = memory.conflicts_with
      ? { id: memory.conflicts_with, title: memory.conflicts_with_title || "", type: memory.type, content: "" }
      : null;
    if (!existing) return put({ memory, existing: null });
    // The event names the old memory; fetch it to show what it says.
    api.get(memory.conflicts_with).then(
      (old) => put({ memory, existing: old }),
      () => put({ memory, existing }),
    );
  }

  return { element, load, applyEvent, size: () => items.size };
}
