// The lorebook editor's test box: which entries would fire for a line of chat, read alone (a
// chat of one message) or as the next message of one of the user's chats, where sticky,
// cooldown and delay count from that chat's earlier replies as in its next turn.
//
// The Save bar stays at the bottom of the screen, so the results are brought into sight
// above it.

import { h } from "./lib/dom.js";
import { request } from "./lib/http.js";

const ALONE_NOTE =
  "Sticky and cooldown count from a chat's earlier replies, so the text alone shows neither: choose a chat to see them as in its next turn.";
const CHAT_NOTE =
  "Read as this chat's next message: its newest messages are scanned too, and sticky, cooldown and delay count in it.";

function firedItem(item) {
  const how =
    item.reason === "constant"
      ? "always in (constant)"
      : item.reason === "sticky"
        ? "in by its sticky (it fired in an earlier reply; no key needed)"
        : item.reason === "vector"
          ? ["by meaning, ", h("span", { class: "lore-fired__score", text: `similarity ${Number(item.score).toFixed(2)}` })]
          : ["key ", h("span", { class: "lore-fired__key", text: `“${item.matched_key}”` })];
  return h(
    "li",
    { class: "lore-fired" },
    h("strong", { text: item.comment }),
    " — ",
    how,
    item.secondary_key ? [" with ", h("span", { class: "lore-fired__key", text: `“${item.secondary_key}”` })] : null,
    item.reason === "recursion" ? " (found in another entry's text)" : null,
    h("span", { class: "muted", text: ` · ${item.tokens} tokens` }),
  );
}

function resultItems(answer, text) {
  const fired = answer.filter((item) => !item.held_back);
  // A blank text is no test of keys: say what it shows instead of a result that looks like one.
  const blank = !text.trim();
  const held = answer
    .filter((item) => item.held_back)
    .map((item) => h("li", { class: "lore-held muted" }, h("strong", { text: item.comment }), ` — held back: ${item.detail}`));
  return [
    ...(blank
      ? [
          h("li", {
            class: "lore-test-note muted",
            text: fired.length
              ? "No text given: only what is always in would go in, the constant entries below (and any their own text fires). Write a line of chat to test its keys."
              : "No text given: write a line of chat to see which entries its words fire. No entry is always in (constant), so none would go in without one.",
          }),
        ]
      : []),
    ...(fired.length ? fired.map(firedItem) : blank ? [] : [h("li", { class: "muted", text: "No entry would fire." })]),
    ...held,
  ];
}

// `save()` stores unsaved edits first (the test reads what is stored) and says whether it
// could; `entries()` are the entries as edited, for the note about timed effects.
export function startTestBox({ root, endpoint, chats, save, entries }) {
  const results = document.getElementById("lore-test-results");
  const chat = document.getElementById("lore-test-chat");
  const note = document.getElementById("lore-test-chat-note");
  const saveBar = root.querySelector(".lore-save");
  chat.replaceChildren(
    h("option", { value: "", text: "No chat: the text alone" }),
    ...chats.map((item) => h("option", { value: String(item.id), text: item.label })),
  );
  function showNote() {
    const timed = entries().some((entry) => entry.sticky || entry.cooldown);
    note.textContent = chat.value ? CHAT_NOTE : timed ? ALONE_NOTE : "";
    note.hidden = !note.textContent;
  }
  chat.addEventListener("change", showNote);
  root.addEventListener("change", showNote); // an entry's sticky or cooldown edited
  showNote();

  // Bring the results into sight above the Save bar, as many as fit, the first always.
  function showAboveSaveBar() {
    root.style.setProperty("--lore-save-height", `${saveBar.offsetHeight}px`);
    results.lastElementChild?.scrollIntoView({ block: "nearest" });
    results.firstElementChild?.scrollIntoView({ block: "nearest" });
  }

  document.getElementById("lore-test-run").addEventListener("click", async () => {
    if (!(await save())) return;
    results.replaceChildren(h("li", { class: "muted", text: "Testing…" }));
    const text = document.getElementById("lore-test-text").value;
    const body = chat.value ? { text, thread: Number(chat.value) } : { text };
    try {
      const answer = await request("POST", `${endpoint}test/`, { body });
      results.replaceChildren(...resultItems(answer, text));
    } catch (error) {
      results.replaceChildren(h("li", { class: "form-error", text: error.message }));
    }
    showAboveSaveBar();
  });
}
