// What a memory board knows, without the DOM: the memories the server last sent, their
// display order, which are being edited or are waiting out their delete's undo, the filters,
// and the rules that follow from them (the list query, whether a memory fits the filters,
// what a live event changes). board.js turns these decisions into DOM through view.js.
//
// Invariants: `order` holds each id of `memories` once; a memory waiting to be deleted is in
// `pendingDeletes`, not in `memories`; `filters.character` is a number or null (null: every
// character, as on /memories/ with "All characters").

export const PAGE_SIZE = 100;
export const MEMORY_EVENTS = Object.freeze(["memory.created", "memory.updated", "memory.deleted"]);

export function isReplaced(memory) {
  return Boolean(memory) && memory.status === "superseded";
}

/** Kept out of every chat until the user verifies it: its cited messages did not support it. */
export function isUnverified(memory) {
  return Boolean(memory) && memory.status === "unverified";
}

function pins(memory) {
  return memory.pinned_threads || [];
}

// The "Show" filter: what each scope asks the server for and which memories it keeps. A board
// offers some of them (configs.js); `threadId` is the board's chat, or null.
export const SCOPES = Object.freeze({
  "": { params: () => ({}), matches: () => true },
  thread: {
    params: (threadId) => ({ thread: threadId }),
    matches: (memory, threadId) => memory.origin_thread === threadId || pins(memory).includes(threadId),
  },
  pinned: {
    params: (threadId) => (threadId ? { thread: threadId, pinned: "true" } : { pinned: "true" }),
    matches: (memory, threadId) => (threadId ? pins(memory).includes(threadId) : pins(memory).length > 0),
  },
  shared: { params: () => ({ shared: "true" }), matches: (memory) => Boolean(memory.shared) },
  unshared: { params: () => ({ shared: "false" }), matches: (memory) => !memory.shared },
});

/** The memory a live event is about (memory.deleted may carry only the id), or null. */
export function memoryOfEvent(event) {
  const memory = event && (event.memory || (typeof event.id === "number" ? { id: event.id } : null));
  return memory && typeof memory.id === "number" ? memory : null;
}

export class BoardState {
  constructor({ threadId = null, characterId = null, pageSize = PAGE_SIZE } = {}) {
    this.threadId = threadId;
    this.pageSize = pageSize;
    this.filters = { q: "", type: "", scope: "", character: characterId, showReplaced: false, onlyUnverified: false };
    this.memories = new Map(); // id -> memory, what the server last told us
    this.order = []; // ids in display order
    this.editing = new Set();
    this.pendingDeletes = new Map(); // id -> {memory, timer}
    this.creating = 0; // memories being created from this board right now
    this.loadToken = 0;
    this.unverified = { ids: new Set(), count: 0 }; // the memories waiting for the user's check
  }

  get searching() {
    return Boolean(this.filters.q.trim());
  }

  // ------------------------------------------------------------------ loading

  /** The query of GET /api/memories/ for the filters (`offset` for "Show more"). */
  params({ offset } = {}) {
    const { q, type, scope, character, showReplaced, onlyUnverified } = this.filters;
    const params = { limit: this.pageSize, q: q.trim(), type };
    if (character) params.character = character;
    Object.assign(params, (SCOPES[scope] || SCOPES[""]).params(this.threadId));
    if (onlyUnverified) params.status = "unverified";
    else if (showReplaced) params.status = "all";
    if (offset !== undefined) params.offset = offset;
    return params;
  }

  /** A token for a load; only the newest load's answer may change the board. */
  startLoad() {
    this.loadToken += 1;
    return this.loadToken;
  }

  isCurrent(token) {
    return token === this.loadToken;
  }

  /** Forget the list (before a fresh first page). Pending deletes stay pending. */
  reset() {
    this.memories.clear();
    this.order = [];
    this.editing.clear();
  }

  // ------------------------------------------------------------------ membership

  /** Whether `memory` belongs in the list under the current filters. */
  matches(memory) {
    const { type, scope, character, showReplaced, onlyUnverified } = this.filters;
    if (onlyUnverified) {
      if (!isUnverified(memory)) return false;
    } else {
      const shownStatus = isReplaced(memory) && showReplaced;
      if (memory.status && memory.status !== "active" && !shownStatus) return false;
    }
    if (character && memory.character !== character) return false;
    if (type && memory.type !== type) return false;
    if (!(SCOPES[scope] || SCOPES[""]).matches(memory, this.threadId)) return false;
    if (this.searching) return this.memories.has(memory.id); // search results come from the server
    return true;
  }

  /**
   * Record what the server says `memory` is now. Returns what the view should do:
   * "added" (a new card), "updated" (re-render its card), "editing" (its editor is open: keep
   * the user's version and mark the card stale) or "pending" (it waits out its delete's undo:
   * only the kept copy changes).
   */
  upsert(memory, { prepend = false } = {}) {
    const pending = this.pendingDeletes.get(memory.id);
    if (pending) {
      pending.memory = memory;
      return "pending";
    }
    const known = this.memories.has(memory.id);
    this.memories.set(memory.id, memory);
    if (known && this.editing.has(memory.id)) return "editing";
    if (known) return "updated";
    if (prepend) this.order.unshift(memory.id);
    else this.order.push(memory.id);
    return "added";
  }

  drop(id) {
    this.memories.delete(id);
    this.editing.delete(id);
    this.order = this.order.filter((other) => other !== id);
  }

  /** The memory with `id`, also while its delete can still be undone. */
  find(id) {
    return this.memories.get(id) || this.pendingDeletes.get(id)?.memory;
  }

  // ------------------------------------------------------------------ deleting with undo

  holdDelete(memory, timer) {
    this.pendingDeletes.set(memory.id, { memory, timer });
    this.memories.delete(memory.id);
  }

  /** Stop waiting to delete `id`; returns the kept memory, or null. */
  releaseDelete(id) {
    const pending = this.pendingDeletes.get(id);
    if (!pending) return null;
    clearTimeout(pending.timer);
    this.pendingDeletes.delete(id);
    return pending.memory;
  }

  /** Put a memory whose delete was undone or failed back into the list. */
  keep(memory) {
    this.memories.set(memory.id, memory);
  }

  // ------------------------------------------------------------------ unverified count

  /** What the server says waits for a check: its total and the ids of its first page. */
  setUnverified(count, ids) {
    this.unverified = { ids: new Set(ids), count };
  }

  /**
   * Follow a live event in the unverified count (a new memory kept unverified adds one; one
   * verified, deleted or no longer unverified takes one off). Returns whether it changed.
   */
  countUnverified(event) {
    const memory = memoryOfEvent(event);
    if (!memory) return false;
    const { ids } = this.unverified;
    const { character } = this.filters;
    const waiting = event.type !== "memory.deleted" && isUnverified(memory) && (!character || memory.character === character);
    if (waiting && !ids.has(memory.id)) {
      ids.add(memory.id);
      this.unverified.count += 1;
      return true;
    }
    if (!waiting && ids.has(memory.id)) {
      ids.delete(memory.id);
      this.unverified.count = Math.max(0, this.unverified.count - 1);
      return true;
    }
    return false;
  }

  // ------------------------------------------------------------------ live events

  /**
   * What a live memory event changes, as a plan for the board (null: nothing):
   *   action:   "drop" (remove the card), "upsert" (show it) or "none" (it does not fit)
   *   prepend:  a card new to the list goes first
   *   created:  the memory is new (its card is highlighted)
   *   announce: say "New memory: …" (not for the one this board itself is creating)
   *   fits:     the memory is in the list (the notice offers "Show")
   *   replaced: it was just superseded (say so, and how to see it)
   */
  plan(event) {
    const memory = memoryOfEvent(event);
    if (!memory) return null;
    if (event.type === "memory.deleted") return { memory, action: "drop", cancelDelete: true };
    if (event.type !== "memory.created" && event.type !== "memory.updated") return null;
    const known = this.memories.has(memory.id);
    const replaced = event.type === "memory.updated" && isReplaced(memory) && known && !isReplaced(this.memories.get(memory.id));
    if (known && !this.matches(memory) && !this.searching) {
      return { memory, action: "drop", replaced }; // no longer fits (e.g. unpinned while showing "Pinned here")
    }
    const fits = known || this.matches(memory);
    const created = event.type === "memory.created";
    return {
      memory,
      action: fits ? "upsert" : "none",
      prepend: !known,
      created,
      // One kept unverified is counted beside "Unverified only" instead, unless that list is shown.
      announce: created && !known && !(this.creating && memory.created_by === "user") && (fits || !isUnverified(memory)),
      fits,
      replaced,
    };
  }
}
