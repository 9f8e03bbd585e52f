// The lorebook pages: the editor (entries with key chips, search, sort, duplicate, the "which entries would
// fire" test box of lorebook-test.js, save) and the import form on the lorebook list (with what the import
// read differently).
//
// The editor reads its data from the page's <script type="application/json"
// id="lorebook-data"> block and talks to /api/lorebooks/ only. Every user-written text is
// set as text (h() never parses markup from data). Saving PATCHes the whole entry list; each
// entry keeps its `id`, so what its import carried comes back on export.

import { h } from "./lib/dom.js";
import { request, upload } from "./lib/http.js";
import { checkbox, field, groupAndTiming, numberInput, select, triState } from "./lorebook-fields.js";
import { startTestBox } from "./lorebook-test.js";

const LOGIC = [
  ["and_any", "AND ANY"],
  ["and_all", "AND ALL"],
  ["not_any", "NOT ANY"],
  ["not_all", "NOT ALL"],
];
const POSITIONS = [
  ["before_char", "Before the character"],
  ["after_char", "After the character"],
  ["at_depth", "At a depth in the chat"],
];
// Fields the editor shows; the rest of an entry is kept as loaded and sent back unchanged.
const NEW_ENTRY = {
  comment: "",
  content: "",
  keys: [],
  secondary_keys: [],
  selective: false,
  selective_logic: "and_any",
  constant: false,
  enabled: true,
  insertion_order: 100,
  position: "before_char",
  depth: 4,
  probability: 100,
  vectorized: null,
  group: "",
  group_override: false,
  group_weight: 100,
  use_group_scoring: null,
  sticky: null,
  cooldown: null,
  delay: null,
};

function keyChips({ label, keys, onChange }) {
  const list = h("ul", { class: "key-chips", "aria-label": label });
  const input = h("input", { type: "text", "aria-label": `Add to ${label.toLowerCase()}`, placeholder: "Add a key, press Enter" });
  function render() {
    list.replaceChildren(
      ...keys.map((key, index) =>
        h(
          "li",
          { class: "chip" },
          h("span", { text: key }),
          h("button", {
            type: "button",
            "aria-label": `Remove key ${key}`,
            text: "×",
            onclick: () => {
              keys.splice(index, 1);
              onChange(keys);
              render();
            },
          }),
        ),
      ),
      h("li", {}, input),
    );
  }
  input.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== ",") return;
    event.preventDefault();
    const values = input.value.split(",").map((value) => value.trim()).filter(Boolean);
    if (!values.length) return;
    keys.push(...values.filter((value) => !keys.includes(value)));
    input.value = "";
    onChange(keys);
    render();
    list.querySelector("input").focus();
  });
  render();
  return list;
}

function entryTitle(entry) {
  return entry.comment || entry.keys[0] || "New entry";
}

/** Why an entry would never go into a prompt, or "" when it can: enabled, with no key, not
 * constant and not matched by meaning (its own choice, else the book's). */
function neverFiresHint(entry, bookByMeaning) {
  if (!entry.enabled || entry.constant || entry.keys.length) return "";
  const byMeaning = entry.vectorized === null || entry.vectorized === undefined ? bookByMeaning : entry.vectorized;
  if (byMeaning) return "";
  return "No keys and not constant: this entry never goes into a prompt. Add a key, or tick Constant (always in).";
}

// A copy of an entry, as SillyTavern's "Duplicate entry" makes one: every setting and key, a
// title saying it is a copy, and no id or uid (it is a new entry when saved).
function entryCopy(entry) {
  const { id, uid, display_index: displayIndex, ...settings } = entry;
  return {
    ...settings,
    comment: `${entryTitle(entry)} (copy)`,
    keys: [...entry.keys],
    secondary_keys: [...entry.secondary_keys],
  };
}

function entryView(entry, { onRemove, onDuplicate, onChange, bookByMeaning = () => false }) {
  const title = h("h3", { text: entryTitle(entry) });
  const hint = h("p", { class: "lore-entry__hint" });
  const showHint = () => {
    hint.textContent = neverFiresHint(entry, bookByMeaning());
    hint.hidden = !hint.textContent;
  };
  showHint();
  const update = (name) => (value) => {
    entry[name] = value;
    title.textContent = entryTitle(entry);
    showHint();
    onChange();
  };
  const comment = h("input", {
    type: "text",
    value: entry.comment,
    maxlength: "500",
    "aria-label": "Title",
    placeholder: "Title (comment)",
    oninput: () => update("comment")(comment.value),
  });
  const content = h("textarea", {
    rows: "4",
    "aria-label": "Content",
    oninput: () => update("content")(content.value),
  });
  content.value = entry.content;
  return h(
    "li",
    { class: "lore-entry", dataset: { entryId: entry.id ?? "" } },
    h(
      "div",
      { class: "lore-entry__head" },
      title,
      comment,
      h("button", { type: "button", text: "Duplicate entry", onclick: onDuplicate }),
      h("button", { type: "button", class: "danger", text: "Delete entry", onclick: onRemove }),
    ),
    hint,
    h("div", { class: "muted", text: "Keys" }),
    keyChips({ label: "Keys", keys: entry.keys, onChange: update("keys") }),
    h("div", { class: "muted", text: "Secondary keys" }),
    keyChips({ label: "Secondary keys", keys: entry.secondary_keys, onChange: update("secondary_keys") }),
    field("Content", content),
    h(
      "div",
      { class: "lore-entry__grid" },
      checkbox("Enabled", entry.enabled, update("enabled")),
      checkbox("Constant (always in)", entry.constant, update("constant")),
      checkbox("Use secondary keys", entry.selective, update("selective")),
      field("Secondary logic", select(LOGIC, entry.selective_logic, update("selective_logic"), "Secondary logic")),
      field("Position", select(POSITIONS, entry.position, update("position"), "Position")),
      field("Depth", numberInput(entry.depth, update("depth"), { min: 0, max: 1000, label: "Depth" })),
      field("Order", numberInput(entry.insertion_order, update("insertion_order"), { label: "Insertion order" })),
      field("Probability %", numberInput(entry.probability, update("probability"), { min: 0, max: 100, label: "Probability" })),
      field(
        "Match by meaning",
        // SillyTavern's vectorized: null follows the book's default.
        triState(entry.vectorized, update("vectorized"), "As the book says", "Match by meaning"),
      ),
    ),
    groupAndTiming(entry, update),
  );
}

// How the list is shown (as SillyTavern's World Info editor sorts its entries); the saved
// order of the entries stays as it is.
const SORTS = {
  saved: () => 0,
  order_desc: (a, b) => b.insertion_order - a.insertion_order,
  order_asc: (a, b) => a.insertion_order - b.insertion_order,
  title: (a, b) => entryTitle(a).localeCompare(entryTitle(b)),
};

function shownOrder(entries, sort) {
  const compare = SORTS[sort] ?? SORTS.saved;
  return entries.map((_, index) => index).sort((i, j) => compare(entries[i], entries[j]) || i - j);
}

function matches(entry, query) {
  if (!query) return true;
  const haystack = [entry.comment, entry.content, ...entry.keys, ...entry.secondary_keys].join("\n").toLowerCase();
  return haystack.includes(query.toLowerCase());
}

function startEditor(root, data) {
  const book = data.lorebook;
  const entries = book.entries.map((entry) => ({ ...entry, keys: [...entry.keys], secondary_keys: [...entry.secondary_keys] }));
  const list = document.getElementById("lore-entries");
  const search = document.getElementById("lore-search");
  const status = document.getElementById("lore-status");
  const name = document.getElementById("lore-name");
  const attached = new Set(book.characters);
  const vectorized = document.getElementById("lore-vectorized");
  let dirty = false;

  const changed = () => {
    dirty = true;
    status.textContent = "Unsaved changes";
  };

  const sort = document.getElementById("lore-sort");
  const viewOf = (index) => list.querySelector(`.lore-entry[data-index="${index}"]`);

  function render() {
    list.replaceChildren(
      ...shownOrder(entries, sort.value).map((index) => {
        const entry = entries[index];
        const view = entryView(entry, {
          onChange: changed,
          bookByMeaning: () => vectorized.checked,
          onRemove: () => {
            entries.splice(index, 1);
            changed();
            render();
          },
          onDuplicate: () => {
            entries.splice(index + 1, 0, entryCopy(entry));
            changed();
            render();
            const copy = viewOf(index + 1);
            copy.hidden = false; // shown even when the search would hide it
            copy.querySelector("input[aria-label=Title]").focus();
          },
        });
        view.hidden = !matches(entry, search.value.trim());
        view.dataset.index = String(index);
        return view;
      }),
    );
    if (!entries.length) list.append(h("li", { class: "muted", text: "No entries yet." }));
  }

  // A name typed before this module ran is the user's, unsaved; otherwise show the saved one.
  if (name.value === name.defaultValue) name.value = book.name;
  else changed();
  name.addEventListener("input", changed);
  if (vectorized.checked === vectorized.defaultChecked) vectorized.checked = Boolean(book.vectorized);
  else changed();
  // The book's group scoring, for the entries that leave theirs to it; null: the site's default.
  const groupScoring = triState(
    book.use_group_scoring,
    changed,
    `As the site's default (${data.group_scoring_default ? "yes" : "no"})`,
    "Group scoring",
  );
  groupScoring.id = "lore-group-scoring";
  document.getElementById("lore-group-scoring").replaceWith(groupScoring);
  vectorized.addEventListener("change", () => {
    changed();
    render(); // the entries' "never goes in" hints follow the book's choice
  });
  document.getElementById("lore-characters").replaceChildren(
    ...(data.characters.length
      ? data.characters.map((character) =>
          checkbox(character.name, attached.has(character.id), (checked) => {
            if (checked) attached.add(character.id);
            else attached.delete(character.id);
            changed();
          }),
        )
      : [h("p", { class: "muted", text: "No characters yet." })]),
  );
  search.addEventListener("input", () => {
    const query = search.value.trim();
    list.querySelectorAll(".lore-entry").forEach((view) => {
      view.hidden = !matches(entries[Number(view.dataset.index)], query);
    });
  });
  sort.addEventListener("change", render);
  document.getElementById("lore-add").addEventListener("click", () => {
    entries.push({ ...NEW_ENTRY, keys: [], secondary_keys: [] });
    search.value = "";
    changed();
    render();
    viewOf(entries.length - 1).querySelector("input[aria-label=Title]").focus();
  });

  async function save() {
    status.textContent = "Saving…";
    try {
      const saved = await request("PATCH", data.endpoint, {
        body: {
          name: name.value,
          vectorized: vectorized.checked,
          use_group_scoring: groupScoring.value === "" ? null : groupScoring.value === "true",
          characters: [...attached],
          entries,
        },
      });
      entries.splice(0, entries.length, ...saved.entries.map((entry) => ({ ...entry })));
      document.getElementById("lore-title").textContent = saved.name;
      dirty = false;
      status.textContent = "Saved";
      render();
      return true;
    } catch (error) {
      status.textContent = `Not saved: ${error.message}`;
      return false;
    }
  }
  document.getElementById("lore-save").addEventListener("click", save);

  startTestBox({
    root,
    endpoint: data.endpoint,
    chats: data.chats,
    save: () => (dirty ? save() : Promise.resolve(true)),
    entries: () => entries,
  });

  window.addEventListener("beforeunload", (event) => {
    if (dirty) event.preventDefault();
  });
  render();
}

// The server reads the file (its name names the book) and answers the new book with
// `warnings`: values it could only read as something else ("entries.3.probability 140 was
// read as 100."). With none, the editor opens; with some, they are listed here first.
function startImport(form) {
  const error = form.querySelector(".form-error");
  const result = document.getElementById("lorebook-import-result");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const file = form.querySelector("input[type=file]").files[0];
    error.hidden = true;
    result.hidden = true;
    if (!file) {
      error.textContent = "Choose a lorebook file (JSON) first.";
      error.hidden = false;
      return;
    }
    const body = new FormData();
    body.append("file", file);
    let created;
    try {
      created = await upload(form.dataset.endpoint, body);
    } catch (failure) {
      error.textContent = failure.message;
      error.hidden = false;
      return;
    }
    const editor = `/lorebooks/${created.id}/`;
    if (!created.warnings || created.warnings.length === 0) {
      window.location.assign(editor);
      return;
    }
    const count = created.entries.length;
    result.replaceChildren(
      h("p", {
        text: `Imported “${created.name}” with ${count} entr${count === 1 ? "y" : "ies"}. ` +
          "Some values could only be read as something else; the file's own values go back out on export:",
      }),
      h("ul", { "aria-label": "Import warnings" }, created.warnings.map((warning) => h("li", { text: warning }))),
      h("a", { class: "button primary", href: editor, text: "Open the lorebook" }),
    );
    result.hidden = false;
    form.reset();
  });
}

const dataNode = document.getElementById("lorebook-data");
if (dataNode) startEditor(document.getElementById("lore-editor"), JSON.parse(dataNode.textContent));
const importForm = document.getElementById("lorebook-import");
if (importForm) startImport(importForm);
