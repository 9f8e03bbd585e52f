// The profile card at the top of the memory panel: what the chat's character knows about the
// user (name, pronouns, key facts, likes, dislikes, relationships), always in its prompts.
//
//   const card = mountProfileCard(section, { characterId, characterName, userName });
//   card.refresh()   // reload, unless the user is in the middle of an edit
//
// Its fields stay disabled until the saved profile has loaded, and a reload that answers
// after the user started typing is dropped, so nothing typed is ever overwritten.
//
// The memory pipeline fills it from the user's memories; what the user saves here is theirs
// (the server lists those fields in `user_fields`) and the pipeline never changes it again.
// Save sends only the fields that changed, so a field the user did not touch stays the
// pipeline's. Lists are edited one entry per line.

import { h } from "./lib/dom.js";
import { profileApi } from "./memories-api.js";

export const TEXT_FIELDS = Object.freeze(["name", "pronouns"]);
export const LIST_FIELDS = Object.freeze(["facts", "likes", "dislikes", "relationships"]);
const LABELS = { name: "Name", pronouns: "Pronouns", facts: "Key facts", likes: "Likes", dislikes: "Dislikes", relationships: "Relationships" };

/** The entries of a one-per-line textarea: trimmed, blank lines left out. */
export function entriesFrom(text) {
  return String(text || "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The fields of `values` that differ from `saved` (a profile as the server sent it). */
export function changedFields(saved, values) {
  const changes = {};
  for (const field of TEXT_FIELDS) {
    if ((values[field] ?? "") !== (saved[field] ?? "")) changes[field] = values[field] ?? "";
  }
  for (const field of LIST_FIELDS) {
    const now = values[field] || [];
    const before = saved[field] || [];
    if (now.length !== before.length || now.some((entry, index) => entry !== before[index])) changes[field] = now;
  }
  return changes;
}

/** "3 facts · 1 like": what the card holds, for its summary line. */
export function profileSummary(profile) {
  const parts = LIST_FIELDS.filter((field) => (profile[field] || []).length).map((field) => {
    const count = profile[field].length;
    return `${count} ${count === 1 ? field.replace(/s$/, "") : field}`;
  });
  return parts.length ? parts.join(" · ") : "nothing yet";
}

export function mountProfileCard(root, { characterId, characterName = "", userName = "", api = profileApi }) {
  const knower = characterName || "The character";
  const controls = {};
  const marks = {};
  const fieldView = (field) => {
    const id = `profile-${field}`;
    const list = LIST_FIELDS.includes(field);
    controls[field] = list
      ? h("textarea", { id, name: field, rows: 3, placeholder: "One per line" })
      : h("input", { id, name: field, type: "text", autocomplete: "off", placeholder: field === "name" ? userName : "" });
    marks[field] = h("span", { class: "profile-card__yours muted", text: " (yours)", hidden: true, title: "You wrote this; memories will not change it" });
    return h("div", { class: "mem-field" }, h("label", { for: id }, LABELS[field], marks[field]), controls[field]);
  };
  const summary = h("span", { class: "profile-card__summary muted" });
  const status = h("p", { class: "profile-card__status", role: "status", "aria-live": "polite" });
  const tokens = h("p", { class: "profile-card__tokens muted" });
  // Disabled until the saved profile has loaded, so nothing typed is overwritten by it.
  const fields = h(
    "fieldset",
    { class: "plain-fieldset profile-card__fields", disabled: true },
    [...TEXT_FIELDS, ...LIST_FIELDS].map(fieldView),
    h("p", { class: "muted profile-card__hint", text: "Kept up from your memories. What you change here stays as you wrote it." }),
    h("div", { class: "profile-card__actions" }, h("button", { type: "submit", class: "primary", text: "Save profile" })),
  );
  status.textContent = "Loading the profile…";
  const form = h("form", { class: "profile-card__form", "aria-label": `What ${knower} knows about you` }, fields, tokens, status);
  const details = h(
    "details",
    { class: "mem-create profile-card" },
    h("summary", {}, h("span", { class: "profile-card__title", text: `What ${knower} knows about you` }), " ", summary),
    form,
  );
  root.replaceChildren(details);

  let saved = null;
  let dirty = false;
  const values = () => {
    const out = {};
    for (const field of TEXT_FIELDS) out[field] = controls[field].value.trim();
    for (const field of LIST_FIELDS) out[field] = entriesFrom(controls[field].value);
    return out;
  };
  const show = (profile) => {
    saved = profile;
    dirty = false;
    for (const field of TEXT_FIELDS) controls[field].value = profile[field] || "";
    for (const field of LIST_FIELDS) controls[field].value = (profile[field] || []).join("\n");
    for (const field of [...TEXT_FIELDS, ...LIST_FIELDS]) marks[field].hidden = !(profile.user_fields || []).includes(field);
    summary.textContent = `(${profileSummary(profile)})`;
    tokens.textContent = `${profile.tokens} of ${profile.max_tokens} tokens in every reply's prompt`;
  };
  form.addEventListener("input", () => {
    dirty = true;
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!saved) return;
    const changes = changedFields(saved, values());
    if (!Object.keys(changes).length) {
      status.textContent = "Nothing changed.";
      return;
    }
    status.textContent = "Saving…";
    try {
      show(await api.update(characterId, changes));
      status.textContent = "Saved.";
    } catch (failure) {
      const errors = failure.errors || {};
      const named = Object.keys(errors).map((field) => `${LABELS[field] || field}: ${[].concat(errors[field]).flat().join(" ")}`);
      status.textContent = named.length ? named.join(" ") : failure.message;
    }
  });

  const refresh = async () => {
    if (dirty) return;
    try {
      const profile = await api.get(characterId);
      if (dirty) return; // typed while it loaded: keep the user's words
      show(profile);
      if (fields.disabled) {
        fields.disabled = false;
        status.textContent = "";
      }
    } catch (failure) {
      status.textContent = saved ? failure.message : `Could not load the profile: ${failure.message}`;
    }
  };
  refresh();
  return { refresh, element: details };
}
