// The chat's settings panel: the chat's name (shown in its header and the chat list), who the
// user is in this chat (a persona, or the account name) and the author's note with its
// insertion depth. Saving PATCHes /api/threads/<id>/; the
// next reply uses the new settings ({{user}} becomes the persona's name). "Delete this chat"
// asks first, then DELETEs the thread and goes to the character's page.

import { request } from "./lib/http.js";
import { h } from "./lib/dom.js";

const dataNode = document.getElementById("chat-settings-data");
const form = document.getElementById("chat-settings-form");

if (dataNode && form) {
  const data = JSON.parse(dataNode.textContent);
  const persona = document.getElementById("chat-settings-persona");
  const note = document.getElementById("chat-settings-note");
  const depth = document.getElementById("chat-settings-depth");
  const status = document.getElementById("chat-settings-status");
  const title = document.getElementById("chat-settings-title");
  let savedTitle = title.defaultValue;

  persona.replaceChildren(
    ...data.personas.map((option) => h("option", { value: String(option.id), selected: option.id === data.persona, text: option.name })),
    h("option", { value: "", selected: data.persona === null, text: `${data.account_name} (no persona)` }),
  );
  // The module runs once the page shows: what the user typed by then is kept, not the saved value.
  if (note.value === note.defaultValue) note.value = data.author_note;
  if (depth.value === depth.defaultValue) depth.value = String(data.author_note_depth);

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    status.textContent = "Saving…";
    try {
      const body = {
        persona: persona.value === "" ? null : Number(persona.value),
        author_note: note.value,
        author_note_depth: Number(depth.value || 0),
      };
      // Sent only when changed: saving the persona or the note alone never renames the chat.
      if (title.value !== savedTitle) body.title = title.value;
      const saved = await request("PATCH", data.endpoint, { body });
      if ("title" in body) showTitle(saved.title);
      status.textContent = saved.persona ? `Saved: you are ${saved.persona.name}.` : "Saved.";
    } catch (error) {
      status.textContent = `Not saved: ${error.message}`;
    }
  });

  function showTitle(text) {
    savedTitle = title.value = text;
    const heading = document.getElementById("chat-title");
    heading.textContent = text;
    heading.title = text;
    const current = document.querySelector(".chat-threads__item--current .chat-threads__title");
    if (current) current.textContent = text;
    document.title = `${text} · Drawhisper`;
  }
}

const deleteBox = document.getElementById("chat-delete");
if (dataNode && deleteBox) {
  const { endpoint } = JSON.parse(dataNode.textContent);
  const ask = document.getElementById("chat-delete-ask");
  const confirmBox = document.getElementById("chat-delete-confirm");
  const yes = document.getElementById("chat-delete-yes");
  const no = document.getElementById("chat-delete-no");
  const status = document.getElementById("chat-delete-status");
  ask.addEventListener("click", () => {
    ask.hidden = true;
    confirmBox.hidden = false;
    no.focus();
  });
  no.addEventListener("click", () => {
    confirmBox.hidden = true;
    ask.hidden = false;
    ask.focus();
  });
  yes.addEventListener("click", async () => {
    yes.disabled = no.disabled = true;
    status.textContent = "Deleting…";
    try {
      await request("DELETE", endpoint);
      status.textContent = "Deleted.";
      window.location.assign(deleteBox.dataset.then);
    } catch (error) {
      status.textContent = `Not deleted: ${error.message}`;
      yes.disabled = no.disabled = false;
    }
  });
}
