// Scene editor: keeps the system-prompt preview in step with the form.
// On every edit it waits for a pause in typing (debounce), then POSTs the unsaved fields to
// the preview endpoint and shows the rendered prompt and greeting. A newer edit aborts an
// older request, so the preview always matches what is in the form. Without JavaScript the
// page still shows the prompt and greeting as last saved.

import { h } from "./lib/dom.js";
import { request } from "./lib/http.js";

const DEBOUNCE_MS = 300;
const FIELDS = ["title", "stage_directions", "scenario", "greeting"];

export function startSceneEditor(form) {
  const preview = document.getElementById("prompt-preview");
  const status = document.getElementById("preview-status");
  const tokens = document.getElementById("preview-tokens");
  const layers = document.getElementById("preview-layers");
  const greeting = document.getElementById("greeting-preview");
  const noGreeting = document.getElementById("greeting-preview-empty");
  if (!form || !preview) return;

  let timer = null;
  let inFlight = null;

  async function refresh() {
    if (inFlight) inFlight.abort();
    const controller = new AbortController();
    inFlight = controller;
    const body = { character: Number(form.dataset.character) };
    if (form.dataset.scene) body.scene = Number(form.dataset.scene);
    for (const name of FIELDS) {
      const field = form.elements.namedItem(name);
      if (field) body[name] = field.value;
    }
    status.textContent = "Updating…";
    try {
      const data = await request("POST", form.dataset.previewUrl, { body, signal: controller.signal, csrfFrom: form });
      preview.textContent = data.system_prompt;
      if (greeting) {
        greeting.textContent = data.greeting;
        greeting.hidden = !data.greeting;
        if (noGreeting) noGreeting.hidden = Boolean(data.greeting);
      }
      const over = data.token_count > data.token_budget;
      tokens.textContent = `${data.token_count} tokens of a ${data.token_budget}-token budget`;
      tokens.classList.toggle("error", over);
      if (layers && data.layers) {
        layers.replaceChildren(
          ...(data.layers.length
            ? data.layers.map((layer) =>
                h("li", {}, h("strong", { text: layer.label }), ` · ${layer.tokens} of ${layer.budget} tokens`, h("pre", { class: "prompt-preview", text: layer.text })),
              )
            : [h("li", { class: "muted", text: "Nothing else: no persona, no always-in lore, no post-history instructions." })]),
        );
      }
      const problems = Object.values(data.problems || {}).flat();
      status.textContent = problems.length ? problems.join(" ") : over ? "Up to date: over budget" : "Up to date";
    } catch (error) {
      if (error.name === "AbortError") return;
      status.textContent = `Preview not updated: ${error.message}`;
    } finally {
      if (inFlight === controller) inFlight = null;
    }
  }

  form.addEventListener("input", (event) => {
    if (!FIELDS.includes(event.target.name)) return;
    clearTimeout(timer);
    status.textContent = "Editing…";
    timer = setTimeout(refresh, DEBOUNCE_MS);
  });

  // What was typed before this module ran (a slow connection, a restored form) gets its
  // preview too.
  const edited = FIELDS.some((name) => {
    const field = form.elements.namedItem(name);
    return field && "defaultValue" in field && field.value !== field.defaultValue;
  });
  if (edited) refresh();
}

startSceneEditor(document.getElementById("scene-form"));
