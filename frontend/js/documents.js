// Lore documents on the character, scene and lorebook pages: upload (with a progress bar
// while the file is sent), the list with each document's indexing status (queued, indexing
// n/m, ready, failed with the reason and a Retry button), and Delete.
//
// The panel is a <section data-documents data-target="character|scene|lorebook"
// data-target-id="..."> (templates/_documents.html). While any document is queued or
// indexing, the list is read again every POLL_MS from /api/documents/; it stops when all are
// ready or failed. Names and errors are set as text.

import { h } from "./lib/dom.js";
import { request, upload } from "./lib/http.js";

const POLL_MS = 1000;
const BUSY = new Set(["queued", "indexing"]);

function formatSize(bytes) {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** What the status line says: "Queued", "Indexing 120 of 1,700 passages", "Ready · 1,700 passages". */
export function statusText(document) {
  const { done, total } = document.progress;
  if (document.status === "queued") return "Queued for indexing";
  if (document.status === "indexing") return total ? `Indexing ${done.toLocaleString()} of ${total.toLocaleString()} passages` : "Reading the file";
  if (document.status === "ready") return `Ready · ${total.toLocaleString()} passage${total === 1 ? "" : "s"}`;
  return `Failed: ${document.error || "indexing stopped"}`;
}

function documentItem(document, actions) {
  const { done, total } = document.progress;
  return h(
    "li",
    { class: `documents__item documents__item--${document.status}`, dataset: { documentId: document.id, status: document.status } },
    document.url
      ? h("a", { class: "documents__name", href: document.url, text: document.name, title: `Open the original of ${document.name}` })
      : h("span", { class: "documents__name", text: document.name }),
    h("span", { class: "muted documents__size", text: formatSize(document.size) }),
    h("span", { class: "documents__status", role: "status", text: statusText(document) }),
    document.status === "indexing" && total
      ? h("progress", { class: "documents__bar", max: total, value: done, "aria-label": `Indexing ${document.name}` })
      : null,
    document.status === "failed"
      ? h("button", { type: "button", class: "documents__retry", text: "Retry", onclick: () => actions.retry(document) })
      : null,
    h("button", { type: "button", class: "danger documents__delete", text: "Delete", "aria-label": `Delete ${document.name}`, onclick: () => actions.remove(document) }),
  );
}

function setUp(panel) {
  const target = panel.dataset.target;
  const targetId = panel.dataset.targetId;
  const list = panel.querySelector(".documents__list");
  const form = panel.querySelector(".documents__upload");
  const input = form.querySelector("input[type=file]");
  const bar = form.querySelector(".documents__progress");
  const message = panel.querySelector(".documents__message");
  let timer = null;

  function say(text, { error = false } = {}) {
    message.textContent = text;
    message.hidden = !text;
    message.classList.toggle("error", error);
  }

  async function refresh() {
    clearTimeout(timer);
    let page;
    try {
      page = await request("GET", "/api/documents/", { params: { [target]: targetId, limit: 200 } });
    } catch (failure) {
      say(failure.message, { error: true });
      timer = setTimeout(refresh, POLL_MS * 5);
      return;
    }
    const documents = page.results;
    list.replaceChildren(...documents.map((document) => documentItem(document, actions)));
    if (!documents.length) list.append(h("li", { class: "muted documents__none", text: "No documents yet." }));
    if (documents.some((document) => BUSY.has(document.status))) timer = setTimeout(refresh, POLL_MS);
  }

  const actions = {
    async retry(document) {
      try {
        await request("POST", `/api/documents/${document.id}/retry/`);
        say("");
      } catch (failure) {
        say(failure.message, { error: true });
      }
      refresh();
    },
    async remove(document) {
      if (!globalThis.confirm(`Delete ${document.name}? Its passages leave every chat's memory.`)) return;
      try {
        await request("DELETE", `/api/documents/${document.id}/`);
        say(`${document.name} deleted.`);
      } catch (failure) {
        say(failure.message, { error: true });
      }
      refresh();
    },
  };

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const file = input.files[0];
    if (!file) {
      say("Choose a text, Markdown or PDF file first.", { error: true });
      return;
    }
    const data = new FormData();
    data.append("file", file);
    data.append(target, targetId);
    bar.hidden = false;
    bar.value = 0;
    say(`Uploading ${file.name}…`);
    try {
      const document = await upload("/api/documents/", data, {
        onProgress: (fraction) => {
          bar.value = Math.round(fraction * 100);
          say(`Uploading ${file.name}: ${Math.round(fraction * 100)}%`);
        },
      });
      say(`${document.name} uploaded; it is indexed in the background.`);
      form.reset();
    } catch (failure) {
      say(failure.message, { error: true });
    } finally {
      bar.hidden = true;
    }
    refresh();
  });

  refresh();
}

for (const panel of globalThis.document?.querySelectorAll("[data-documents]") ?? []) setUp(panel);
