// The memory board's rules without a browser: which memories a filter keeps, what the list
// asks the server for, and what a live memory event changes.

import assert from "node:assert/strict";
import { test } from "node:test";

import { BoardState, memoryOfEvent } from "../../../frontend/js/memory-board/state.js";

const THREAD = 7;

function memory(overrides = {}) {
  return {
    id: 1,
    character: 3,
    type: "fact",
    title: "Boat",
    content: "The user owns a red boat.",
    status: "active",
    shared: false,
    pinned_threads: [],
    origin_thread: null,
    created_by: "pipeline",
    ...overrides,
  };
}

function panel() {
  return new BoardState({ threadId: THREAD, characterId: 3 });
}

test("the panel's query names its character and, for 'Pinned here', its chat", () => {
  const state = panel();
  assert.deepEqual(state.params(), { limit: 100, q: "", type: "", character: 3 });
  state.filters = { ...state.filters, scope: "pinned", q: "  boat ", showReplaced: true };
  assert.deepEqual(state.params({ offset: 100 }), {
    limit: 100,
    q: "boat",
    type: "",
    character: 3,
    thread: THREAD,
    pinned: "true",
    status: "all",
    offset: 100,
  });
});

test("the page's 'Pinned' means pinned anywhere, and 'All characters' sends no character", () => {
  const state = new BoardState();
  state.filters = { ...state.filters, scope: "pinned" };
  assert.deepEqual(state.params(), { limit: 100, q: "", type: "", pinned: "true" });
  assert.equal(state.matches(memory({ pinned_threads: [12] })), true);
  assert.equal(state.matches(memory()), false);
  state.filters = { ...state.filters, scope: "unshared" };
  assert.deepEqual(state.params(), { limit: 100, q: "", type: "", shared: "false" });
});

test("filters keep only memories of the character, type and scope shown", () => {
  const state = panel();
  assert.equal(state.matches(memory()), true);
  assert.equal(state.matches(memory({ character: 4 })), false);
  state.filters = { ...state.filters, type: "preference" };
  assert.equal(state.matches(memory()), false);
  state.filters = { ...state.filters, type: "", scope: "thread" };
  assert.equal(state.matches(memory({ origin_thread: THREAD })), true);
  assert.equal(state.matches(memory({ pinned_threads: [THREAD] })), true);
  assert.equal(state.matches(memory({ origin_thread: 99 })), false);
  state.filters = { ...state.filters, scope: "shared" };
  assert.equal(state.matches(memory({ shared: true })), true);
  assert.equal(state.matches(memory()), false);
});

test("replaced memories show only with 'Show replaced'", () => {
  const state = panel();
  const replaced = memory({ status: "superseded" });
  assert.equal(state.matches(replaced), false);
  state.filters = { ...state.filters, showReplaced: true };
  assert.equal(state.matches(replaced), true);
  assert.equal(state.matches(memory({ status: "archived" })), false);
});

test("'Unverified only' asks for and keeps only unverified memories; verifying one drops it from that list", () => {
  const state = panel();
  const unverified = memory({ id: 2, status: "unverified" });
  assert.equal(state.matches(unverified), false); // never among the memories chats use
  state.filters = { ...state.filters, showReplaced: true };
  assert.equal(state.matches(unverified), false);
  state.filters = { ...state.filters, onlyUnverified: true };
  assert.equal(state.params().status, "unverified");
  assert.equal(state.matches(unverified), true);
  assert.equal(state.matches(memory({ id: 3 })), false);
  state.upsert(unverified);
  const verified = state.plan({ type: "memory.updated", memory: { ...unverified, status: "active" } });
  assert.equal(verified.action, "drop");
});

test("the unverified count follows live events: kept unverified adds one, verified or deleted takes it off", () => {
  const state = panel();
  state.setUnverified(1, [7]);
  const kept = memory({ id: 8, status: "unverified" });
  assert.equal(state.countUnverified({ type: "memory.created", memory: kept }), true);
  assert.equal(state.unverified.count, 2);
  // Counted, not announced as a new memory (chats do not use it), unless the list shows it.
  assert.equal(state.plan({ type: "memory.created", memory: kept }).announce, false);
  state.filters = { ...state.filters, onlyUnverified: true };
  assert.equal(state.plan({ type: "memory.created", memory: kept }).announce, true);
  state.filters = { ...state.filters, onlyUnverified: false };
  // The same event again (another tab, a redelivery) counts once.
  assert.equal(state.countUnverified({ type: "memory.created", memory: kept }), false);
  assert.equal(state.unverified.count, 2);
  // An active memory is not waiting for a check.
  assert.equal(state.countUnverified({ type: "memory.created", memory: memory({ id: 9 }) }), false);
  // Verified: active now.
  assert.equal(state.countUnverified({ type: "memory.updated", memory: { ...kept, status: "active" } }), true);
  assert.equal(state.countUnverified({ type: "memory.deleted", id: 7 }), true);
  assert.equal(state.unverified.count, 0);
});

test("the unverified count leaves out another character's memories", () => {
  const state = panel();
  state.filters = { ...state.filters, character: 5 };
  const elsewhere = memory({ id: 8, status: "unverified", character: 6 });
  assert.equal(state.countUnverified({ type: "memory.created", memory: elsewhere }), false);
  assert.equal(state.unverified.count, 0);
});

test("while searching, only the server's results belong in the list", () => {
  const state = panel();
  state.upsert(memory({ id: 1 }));
  state.filters = { ...state.filters, q: "boat" };
  assert.equal(state.matches(memory({ id: 1 })), true);
  assert.equal(state.matches(memory({ id: 2 })), false);
});

test("a new memory that fits is shown first and announced; one that does not is announced as hidden", () => {
  const state = panel();
  state.upsert(memory({ id: 1 }));
  const plan = state.plan({ type: "memory.created", memory: memory({ id: 2 }) });
  assert.equal(plan.action, "upsert");
  assert.equal(plan.prepend, true);
  assert.equal(plan.announce, true);
  assert.equal(plan.fits, true);

  state.filters = { ...state.filters, type: "preference" };
  const hidden = state.plan({ type: "memory.created", memory: memory({ id: 3 }) });
  assert.equal(hidden.action, "none");
  assert.equal(hidden.announce, true);
  assert.equal(hidden.fits, false);
});

test("the memory this board is creating by hand is not announced twice", () => {
  const state = panel();
  state.creating = 1;
  const plan = state.plan({ type: "memory.created", memory: memory({ id: 5, created_by: "user" }) });
  assert.equal(plan.announce, false);
});

test("unpinning while showing 'Pinned here' takes the card away", () => {
  const state = panel();
  state.filters = { ...state.filters, scope: "pinned" };
  state.upsert(memory({ id: 1, pinned_threads: [THREAD] }));
  const plan = state.plan({ type: "memory.updated", memory: memory({ id: 1, pinned_threads: [] }) });
  assert.equal(plan.action, "drop");
});

test("a memory that was just replaced says so once", () => {
  const state = panel();
  state.filters = { ...state.filters, showReplaced: true };
  state.upsert(memory({ id: 1 }));
  const first = state.plan({ type: "memory.updated", memory: memory({ id: 1, status: "superseded" }) });
  assert.equal(first.replaced, true);
  assert.equal(first.action, "upsert");
  state.upsert(first.memory);
  const again = state.plan({ type: "memory.updated", memory: memory({ id: 1, status: "superseded" }) });
  assert.equal(again.replaced, false);
});

test("memory.deleted may carry only the id; events without a memory change nothing", () => {
  assert.deepEqual(memoryOfEvent({ type: "memory.deleted", id: 4 }), { id: 4 });
  const state = panel();
  assert.equal(state.plan({ type: "memory.deleted", id: 4 }).action, "drop");
  assert.equal(state.plan({ type: "memory.updated" }), null);
  assert.equal(state.plan({ type: "reply.delta", memory: memory() }), null);
});

test("an open editor keeps the user's text; a memory waiting for its delete keeps the newest copy", () => {
  const state = panel();
  state.upsert(memory({ id: 1 }));
  state.editing.add(1);
  assert.equal(state.upsert(memory({ id: 1, title: "Ship" })), "editing");

  state.upsert(memory({ id: 2 }));
  state.holdDelete(memory({ id: 2 }), null);
  assert.equal(state.memories.has(2), false);
  assert.equal(state.upsert(memory({ id: 2, title: "Raft" })), "pending");
  assert.equal(state.find(2).title, "Raft");
  assert.equal(state.releaseDelete(2).title, "Raft");
  assert.equal(state.releaseDelete(2), null);
});

test("the display order has each memory once, new ones first when prepended", () => {
  const state = panel();
  state.upsert(memory({ id: 1 }));
  state.upsert(memory({ id: 2 }));
  state.upsert(memory({ id: 3 }), { prepend: true });
  state.upsert(memory({ id: 2, title: "again" }));
  assert.deepEqual(state.order, [3, 1, 2]);
  state.drop(1);
  assert.deepEqual(state.order, [3, 2]);
});

test("only the newest load may change the list", () => {
  const state = panel();
  const first = state.startLoad();
  const second = state.startLoad();
  assert.equal(state.isCurrent(first), false);
  assert.equal(state.isCurrent(second), true);
});
