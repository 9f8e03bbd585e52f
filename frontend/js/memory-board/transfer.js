// Export and import of a character's memories (GET /api/memories/export/ and POST
// /api/memories/import/), for a board configured with `transfer: true`.
//
// Export downloads the server's JSON document as memories-<character>.json; import reads a
// file the user picks, sends it for the chosen character and says what happened (created,
// already there, made shared because their chats are not here). Both need a character chosen
// in the board's filters; the board reloads its list after an import.

import { h } from "../lib/dom.js";

/** The sentence after an import, from the server's counts. */
export function importSummary(result) {
  const { created, skipped_duplicates: skipped, made_shared: madeShared } = result;
  let text = `Imported ${created} ${created === 1 ? "memory" : "memories"}`;
  if (skipped) text += `; ${skipped} ${skipped === 1 ? "was" : "were"} already here`;
  text += ".";
  if (madeShared === 1) text += " 1 came from a chat that is not here and is now shared.";
  else if (madeShared) text += ` ${madeShared} came from chats that are not here and are now shared.`;
  return text;
}

export function exportFileName(character) {
  return `memories-${character}.json`;
}

/** Parse an import file's text; a SyntaxError names the problem for the user. */
export function parseExport(text) {
  try {
    return JSON.parse(text);
  } catch {
    throw new SyntaxError("That file is not JSON.");
  }
}

function download(name, data) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const link = h("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * The "Export or import" tools.
 *   id(name)     a unique element id for this board
 *   api          memories-api.js's memoriesApi
 *   character()  the chosen character's id, or 0 / null
 *   onImported() called after a successful import
 */
export function transferTools({ id, api, character, onImported }) {
  const status = h("p", { class: "mem-transfer__status", role: "status" });
  const file = h("input", { id: id("import-file"), type: "file", accept: "application/json,.json" });
  const exportButton = h("button", {
    type: "button",
    text: "Export as JSON",
    onclick: async () => {
      const chosen = character();
      if (!chosen) {
        status.textContent = "Choose a character above to export its memories.";
        return;
      }
      try {
        const exported = await api.exportDocument(chosen);
        download(exportFileName(chosen), exported);
        status.textContent = `Exported ${exported.memories.length} memories.`;
      } catch (failure) {
        status.textContent = failure.message;
      }
    },
  });
  file.addEventListener("change", async () => {
    if (!file.files.length) return;
    const chosen = character();
    if (!chosen) {
      status.textContent = "Choose a character above to import into.";
      file.value = "";
      return;
    }
    try {
      const document_ = parseExport(await file.files[0].text());
      status.textContent = importSummary(await api.importDocument(chosen, document_));
      onImported();
    } catch (failure) {
      status.textContent = failure.message;
    } finally {
      file.value = "";
    }
  });
  return h(
    "details",
    { class: "mem-transfer" },
    h("summary", { class: "button", text: "Export or import" }),
    h(
      "div",
      { class: "mem-transfer__body" },
      h("p", { class: "muted", text: "For the character chosen above: type, title, content, pins, sharing, source and dates." }),
      exportButton,
      h("label", { for: id("import-file"), text: "Import a memory export (JSON)" }),
      file,
      status,
    ),
  );
}
