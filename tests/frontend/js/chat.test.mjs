// Pure parts of the chat page and the memory transfer: role-play formatting never lets text
// become markup; import results and files read well.

import assert from "node:assert/strict";
import { test } from "node:test";

import { formatRoleplay } from "../../../frontend/js/chat-format.js";
import { importSummary, parseExport } from "../../../frontend/js/memory-board/transfer.js";
import { newClientId } from "../../../frontend/js/protocol.js";

test("actions, speech and strong text are styled; tags stay text", () => {
  assert.equal(
    formatRoleplay('*waves* "Hello" **now**'),
    '<em class="chat-action">waves</em> <span class="chat-quote">&quot;Hello&quot;</span> <strong>now</strong>',
  );
  assert.equal(formatRoleplay("<b>bold</b> & <script>"), "&lt;b&gt;bold&lt;/b&gt; &amp; &lt;script&gt;");
  const hostile = formatRoleplay('*waves <img src=x onerror="alert(1)">*');
  assert.ok(hostile.startsWith('<em class="chat-action">waves &lt;img src=x onerror='), hostile);
  assert.ok(!hostile.includes("<img"), hostile);
  assert.equal(formatRoleplay("*she turns"), "*she turns");
});

test("an import says what was created, skipped and made shared", () => {
  assert.equal(importSummary({ created: 2, skipped_duplicates: 1, made_shared: 0 }), "Imported 2 memories; 1 was already here.");
  assert.equal(
    importSummary({ created: 1, skipped_duplicates: 0, made_shared: 1 }),
    "Imported 1 memory. 1 came from a chat that is not here and is now shared.",
  );
  assert.equal(
    importSummary({ created: 0, skipped_duplicates: 3, made_shared: 0 }),
    "Imported 0 memories; 3 were already here.",
  );
  assert.equal(
    importSummary({ created: 4, skipped_duplicates: 0, made_shared: 2 }),
    "Imported 4 memories. 2 came from chats that are not here and are now shared.",
  );
  assert.throws(() => parseExport("{not json"), { name: "SyntaxError", message: "That file is not JSON." });
  assert.deepEqual(parseExport('{"memories": []}'), { memories: [] });
});

test("client ids are version 4 UUIDs", () => {
  assert.match(newClientId(), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

test("an untitled receipt item is named by what it is, never by its id", async () => {
  const { receiptFallbackTitle } = await import("../../../frontend/js/chat-views.js");
  assert.equal(receiptFallbackTitle({ kind: "memory", id: 42, type: "important_event" }), "An important event memory");
  assert.equal(receiptFallbackTitle({ kind: "memory", id: 42, type: "fact" }), "A fact memory");
  assert.equal(receiptFallbackTitle({ kind: "memory", id: 42 }), "A memory");
  assert.equal(receiptFallbackTitle({ kind: "summary", id: 7 }), "Summary of earlier messages");
});

test("a receipt counts memories and lorebook entries apart", async () => {
  const { receiptSummary } = await import("../../../frontend/js/chat-views.js");
  assert.equal(receiptSummary([]), "No memories used");
  assert.equal(receiptSummary([{ kind: "summary" }, { kind: "message" }]), "Memories used (2)");
  assert.equal(receiptSummary([{ kind: "lore", matched_key: "moonwell" }]), "Lore (1)");
  assert.equal(
    receiptSummary([{ kind: "memory" }, { kind: "lore", matched_key: "moonwell" }, { kind: "summary" }]),
    "Memories used (2) · lore (1)",
  );
  assert.equal(
    receiptSummary([{ kind: "memory" }, { kind: "document", title: "bible.md › Harbour" }]),
    "Memories used (1) · documents (1)",
  );
});

test("a lore document's status reads as the page shows it", async () => {
  const { statusText } = await import("../../../frontend/js/documents.js");
  const progress = (done, total) => ({ done, total });
  assert.equal(statusText({ status: "queued", progress: progress(0, 0) }), "Queued for indexing");
  assert.equal(statusText({ status: "indexing", progress: progress(0, 0) }), "Reading the file");
  assert.equal(
    statusText({ status: "indexing", progress: progress(120, 1700) }),
    `Indexing 120 of ${(1700).toLocaleString()} passages`,
  );
  assert.equal(statusText({ status: "ready", progress: progress(1, 1) }), "Ready · 1 passage");
  assert.equal(
    statusText({ status: "failed", progress: progress(3, 9), error: "The embedder timed out." }),
    "Failed: The embedder timed out.",
  );
});

test("a receipt item says why it is there and what it cost", async () => {
  const { receiptItemDetail } = await import("../../../frontend/js/chat-views.js");
  assert.deepEqual(receiptItemDetail({ kind: "lore", type: "key", matched_key: "moonwell", tokens: 12 }), { why: "key “moonwell”", tokens: "12 tokens" });
  assert.deepEqual(receiptItemDetail({ kind: "lore", type: "constant", matched_key: "", tokens: 1 }), { why: "always in", tokens: "1 token" });
  assert.deepEqual(receiptItemDetail({ kind: "lore", type: "vector", matched_key: "", score: 0.4321, tokens: 20 }), { why: "by meaning 0.43", tokens: "20 tokens" });
  assert.deepEqual(receiptItemDetail({ kind: "document", type: "page 3", title: "bible.pdf", tokens: 80 }), { why: "page 3", tokens: "80 tokens" });
  assert.deepEqual(receiptItemDetail({ kind: "memory", type: "important_event", tokens: 9 }), { why: "important event", tokens: "9 tokens" });
});
