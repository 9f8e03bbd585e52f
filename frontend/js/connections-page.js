// The connections page: list the user's model connections with "Test", "List models",
// "Make default" and "Delete", and add one from a preset. The API key is only ever sent,
// never shown: the list says whether a key is stored. Below, the models the memory pipeline
// uses for summaries and extraction (/api/connections/memory-models/), errors beside the field;
// that form stays disabled until the saved choice has loaded, so nothing typed is overwritten.

import { request } from "./lib/http.js";
import { h } from "./lib/dom.js";

const list = document.getElementById("connection-list");
const empty = document.getElementById("connection-empty");
const form = document.getElementById("connection-form");

function row(connection) {
  const status = h("p", { role: "status", class: "muted" });
  const act = (label, run) =>
    h("button", {
      type: "button",
      text: label,
      "aria-label": `${label} ${connection.name}`,
      onclick: async () => {
        try {
          await run(status);
        } catch (error) {
          status.textContent = error.message;
        }
      },
    });
  return h(
    "li",
    { class: "panel", dataset: { connectionId: String(connection.id) } },
    h("h2", {}, connection.name, connection.is_default ? h("span", { class: "mem-flag", text: " default" }) : null),
    h("p", { class: "muted", text: `${connection.base_url} · ${connection.has_key ? "key stored" : "no key"}${connection.default_model ? ` · model ${connection.default_model}` : ""}` }),
    h(
      "div",
      { class: "inline" },
      act("Test", async (out) => {
        out.textContent = "Testing…";
        const result = await request("POST", `/api/connections/${connection.id}/test/`);
        out.textContent = result.ok ? `✓ ${result.detail}` : `✗ ${result.detail}`;
      }),
      act("List models", async (out) => {
        out.textContent = "Asking for models…";
        const result = await request("GET", `/api/connections/${connection.id}/models/`);
        out.textContent = result.models.length ? result.models.join(", ") : "The server lists no models.";
      }),
      connection.is_default
        ? null
        : act("Make default", async () => {
            await request("PATCH", `/api/connections/${connection.id}/`, { body: { is_default: true } });
            await refresh();
          }),
      act("Delete", async () => {
        await request("DELETE", `/api/connections/${connection.id}/`);
        await refresh();
      }),
    ),
    status,
  );
}

const memoryForm = document.getElementById("memory-models-form");
const PURPOSES = ["summary", "extract"];

function memoryField(purpose, part) {
  return document.getElementById(`memory-${purpose}-${part}`);
}

function showMemoryErrors(errors) {
  for (const purpose of PURPOSES) {
    const found = errors ? errors[purpose] : null;
    const messages = !found ? [] : Array.isArray(found) ? found : Object.entries(found).map(([key, value]) => `${key}: ${[].concat(value).join(" ")}`);
    const node = memoryField(purpose, "error");
    node.textContent = messages.join(" ");
    node.hidden = messages.length === 0;
    memoryField(purpose, "connection").setAttribute("aria-invalid", messages.length ? "true" : "false");
  }
}

// Set when the user changes the memory models form, cleared when it is saved: a list
// refresh (a connection added or deleted) then keeps what the user chose and typed.
let memoryEdited = false;

async function refreshMemoryModels(connections) {
  if (!memoryForm) return;
  const fields = document.getElementById("memory-models-fields");
  const status = document.getElementById("memory-models-status");
  let chosen;
  try {
    chosen = await request("GET", "/api/connections/memory-models/");
  } catch (error) {
    status.textContent = `Could not load the memory models: ${error.message}`;
    return;
  }
  for (const purpose of PURPOSES) {
    const fallback = chosen.server_default[purpose];
    const select = memoryField(purpose, "connection");
    const selected = memoryEdited ? select.value : String(chosen[purpose].connection ?? "");
    select.replaceChildren(
      h("option", { value: "", text: `Server default${fallback ? ` (${fallback})` : ""}` }),
      ...connections.map((item) => h("option", { value: String(item.id), text: item.name, selected: String(item.id) === selected })),
    );
    if (!memoryEdited) memoryField(purpose, "model").value = chosen[purpose].model || "";
  }
  if (fields.disabled) {
    fields.disabled = false;
    status.textContent = "";
  }
}

async function refresh() {
  const connections = await request("GET", "/api/connections/");
  list.replaceChildren(...connections.map(row));
  empty.hidden = connections.length > 0;
  await refreshMemoryModels(connections);
}

if (memoryForm) {
  const status = document.getElementById("memory-models-status");
  const edited = () => {
    memoryEdited = true;
  };
  memoryForm.addEventListener("input", edited);
  memoryForm.addEventListener("change", edited);
  memoryForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    status.textContent = "Saving…";
    const body = Object.fromEntries(
      PURPOSES.map((purpose) => {
        const connection = memoryField(purpose, "connection").value;
        return [purpose, { connection: connection === "" ? null : Number(connection), model: memoryField(purpose, "model").value.trim() }];
      }),
    );
    try {
      await request("PUT", "/api/connections/memory-models/", { body });
      memoryEdited = false;
      showMemoryErrors(null);
      status.textContent = "Saved: new memory jobs use these models.";
    } catch (error) {
      showMemoryErrors(error.errors);
      status.textContent = `Not saved: ${error.message}`;
    }
  });
}

if (list && form) {
  const preset = document.getElementById("connection-preset");
  const name = document.getElementById("connection-name");
  const baseUrl = document.getElementById("connection-base-url");
  const key = document.getElementById("connection-key");
  const model = document.getElementById("connection-model");
  const isDefault = document.getElementById("connection-default");
  const status = document.getElementById("connection-form-status");

  const applyPreset = ({ keepBaseUrl = false } = {}) => {
    const option = preset.selectedOptions[0];
    if (!option) return;
    if (!(keepBaseUrl && baseUrl.value)) baseUrl.value = option.dataset.baseUrl || "";
    if (!name.dataset.touched) name.value = option.dataset.label || "";
  };
  name.addEventListener("input", () => {
    name.dataset.touched = "1";
  });
  preset.addEventListener("change", () => applyPreset());
  // What was typed before this module ran is kept; the fields left empty get the preset's.
  if (name.value) name.dataset.touched = "1";
  applyPreset({ keepBaseUrl: true });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    status.textContent = "Adding…";
    try {
      const created = await request("POST", "/api/connections/", {
        body: {
          name: name.value,
          preset: preset.value,
          base_url: baseUrl.value,
          api_key: key.value,
          default_model: model.value,
          is_default: isDefault.checked,
        },
      });
      key.value = "";
      status.textContent = `Added ${created.name}.`;
      await refresh();
    } catch (error) {
      status.textContent = `Not added: ${error.message}`;
    }
  });
  refresh().catch((error) => {
    empty.hidden = false;
    empty.textContent = error.message;
  });
}
