// The model and sampling form of a chat or a character (templates/_generation_settings.html):
// which connection and model write the replies, and how they sample (temperature, top_p,
// reply length, penalties, stop strings). It reads the user's connections from
// /api/connections/ and the object from its endpoint (/api/threads/<id>/ or
// /api/characters/<id>/), and saves its `generation` with a PATCH. Empty fields fall back:
// a chat's to its character, a character's to the default connection, then the server's
// model. A value out of range is shown beside its field before anything is sent, and the
// server's refusals ("temperature: ...") are shown beside the field they name.
// "Import SillyTavern preset" sends the chosen file to /api/generation/sillytavern-preset/,
// fills the model (a Chat Completion preset's model for its source) and the sampling fields
// from the layer it answers (the connection stays as it is) and lists the preset's keys that
// were not carried; the user saves with the usual button.

import { request, upload } from "./lib/http.js";
import { h } from "./lib/dom.js";

const panel = document.getElementById("generation-settings");

const NUMBER_FIELDS = ["temperature", "top_p", "max_tokens", "frequency_penalty", "presence_penalty"];
const FIELDS = ["connection", "model", ...NUMBER_FIELDS, "stop"];

function numberOrNull(input, integer = false) {
  const raw = input.value.trim();
  if (raw === "") return null;
  return integer ? Number.parseInt(raw, 10) : Number(raw);
}

/** Messages by field from the server's errors: `{generation: ["temperature: ...", ...]}`. */
function fieldMessages(errors) {
  const found = {};
  const general = [];
  const list = errors ? [].concat(errors.generation || Object.values(errors)).flat() : [];
  for (const raw of list) {
    const text = String(raw);
    const match = text.match(/^([a-z_]+): (.*)$/s);
    if (match && FIELDS.includes(match[1])) (found[match[1]] ||= []).push(match[2]);
    else general.push(text);
  }
  return { found, general };
}

/** The generation layer a SillyTavern preset file maps to, read by the server. */
function readPreset(file) {
  const body = new FormData();
  body.append("file", file);
  return upload("/api/generation/sillytavern-preset/", body);
}

async function setUp(root) {
  const endpoint = root.dataset.endpoint;
  const form = root.querySelector("form");
  const connection = form.querySelector("#generation-connection");
  const model = form.querySelector("#generation-model");
  const models = form.querySelector("#generation-model-options");
  const listButton = form.querySelector("#generation-list-models");
  const stop = form.querySelector("#generation-stop");
  const status = form.querySelector("#generation-status");
  const fields = form.querySelector("#generation-fields");
  const presetInput = form.querySelector("#generation-preset");
  const presetNotes = form.querySelector("#generation-preset-notes");
  const inputs = Object.fromEntries(NUMBER_FIELDS.map((name) => [name, form.querySelector(`#generation-${name}`)]));
  const controls = { connection, model, stop, ...inputs };

  const showErrors = (found) => {
    for (const name of FIELDS) {
      const node = form.querySelector(`#generation-${name}-error`);
      const messages = found[name] || [];
      node.textContent = messages.join(" ");
      node.hidden = messages.length === 0;
      controls[name].setAttribute("aria-invalid", messages.length ? "true" : "false");
    }
  };

  let connections = [];
  try {
    const [list, current] = await Promise.all([request("GET", "/api/connections/"), request("GET", endpoint)]);
    connections = list;
    const generation = current.generation || {};
    const fallback = connections.find((item) => item.is_default);
    connection.replaceChildren(
      h("option", { value: "", text: fallback ? `Default (${fallback.name})` : "Server default" }),
      ...connections.map((item) => h("option", { value: String(item.id), text: item.name, selected: item.id === generation.connection })),
    );
    model.value = generation.model || "";
    for (const name of NUMBER_FIELDS) inputs[name].value = generation[name] ?? "";
    stop.value = (generation.stop || []).map((line) => line.replaceAll("\n", "\\n")).join("\n");
    fields.disabled = false;
    status.textContent = "";
  } catch (error) {
    status.textContent = `Could not load the model settings: ${error.message}`;
    return;
  }

  listButton.addEventListener("click", async () => {
    const chosen = connections.find((item) => String(item.id) === connection.value) || connections.find((item) => item.is_default);
    if (!chosen) {
      status.textContent = "Add a connection first (Connections in the menu).";
      return;
    }
    status.textContent = `Asking ${chosen.name} for its models…`;
    try {
      const answer = await request("GET", `/api/connections/${chosen.id}/models/`);
      models.replaceChildren(...answer.models.map((id) => h("option", { value: id })));
      status.textContent = `${answer.models.length} models from ${chosen.name}. Type to pick one.`;
    } catch (error) {
      status.textContent = error.message;
    }
  });

  presetInput.addEventListener("change", async () => {
    const [file] = presetInput.files;
    if (!file) return;
    presetNotes.hidden = true;
    status.textContent = `Reading ${file.name}…`;
    try {
      const answer = await readPreset(file);
      const generation = answer.generation;
      if ("model" in generation) model.value = generation.model;
      for (const name of NUMBER_FIELDS) {
        if (name in generation) inputs[name].value = String(generation[name]);
      }
      if ("stop" in generation) stop.value = generation.stop.map((line) => line.replaceAll("\n", "\\n")).join("\n");
      showErrors({});
      const kind = answer.kind === "text_completion" ? "Text Completion" : "Chat Completion";
      const carried = Object.keys(generation);
      presetNotes.textContent =
        `${kind} preset ${file.name}: ${carried.length ? `filled ${carried.join(", ")}` : "nothing to fill"}.` +
        (answer.ignored.length ? ` Not carried: ${answer.ignored.join(", ")}.` : "");
      presetNotes.hidden = false;
      status.textContent = carried.length ? "Preset read: save to keep it." : "The preset has no settings this form takes.";
    } catch (error) {
      status.textContent = `Preset not imported: ${error.message}`;
    } finally {
      presetInput.value = "";
    }
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const invalid = {};
    for (const [name, input] of Object.entries(inputs)) {
      if (!input.validity.valid) invalid[name] = [input.validationMessage];
    }
    showErrors(invalid);
    if (Object.keys(invalid).length) {
      status.textContent = "Not saved: correct the marked fields.";
      return;
    }
    status.textContent = "Saving…";
    const generation = {
      connection: connection.value === "" ? null : Number(connection.value),
      model: model.value.trim() || null,
      temperature: numberOrNull(inputs.temperature),
      top_p: numberOrNull(inputs.top_p),
      max_tokens: numberOrNull(inputs.max_tokens, true),
      frequency_penalty: numberOrNull(inputs.frequency_penalty),
      presence_penalty: numberOrNull(inputs.presence_penalty),
      stop: stop.value.split("\n").filter((line) => line !== "").map((line) => line.replaceAll("\\n", "\n")),
    };
    try {
      const saved = await request("PATCH", endpoint, { body: { generation } });
      const chosen = connections.find((item) => item.id === saved.generation.connection);
      status.textContent = `Saved${chosen ? `: replies come from ${chosen.name}` : ""}.`;
    } catch (error) {
      const { found, general } = fieldMessages(error.errors);
      showErrors(found);
      status.textContent = Object.keys(found).length && !general.length ? "Not saved: correct the marked fields." : `Not saved: ${general.join(" ") || error.message}`;
    }
  });
}

if (panel) setUp(panel);
