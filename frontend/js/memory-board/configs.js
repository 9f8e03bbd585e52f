// The two memory boards, as configuration of the same parts (state.js, view.js, transfer.js,
// board.js): the panel beside a chat (memory-panel.js) and the page /memories/
// (memories-page.js). Everything that differs between them is a field here:
//
//   name               CSS modifier (mem-board--<name>)
//   heading            the board's h2; `hidden` keeps it for screen readers only (the page has its h1)
//   scopes             the "Show" options: [value of state.js SCOPES, label]
//   pickCharacter      a character picker in the filters and the create form (else `characterId` is fixed)
//   shareNewByDefault  whether "Share with every chat" starts ticked for a new memory
//   transfer           the "Export or import" tools (transfer.js)
//   emptyText          what an empty list says when nothing is searched
//   threadId           the chat the board sits beside (pin here, "This chat"), or null
//   characterId        the character shown (fixed, or the picker's first choice), or null
//   characters         [{id, name}] for the pickers and the cards' character line
//   threads            [{id, title, character, scene}] a memory can be pinned to from its card
//   types              the memory types, in the server's order

// The types of memories.models.MemoryType, for the panel (the memories page gets the list
// from the server with its page data).
export const MEMORY_TYPES = Object.freeze(["conversation", "important_event", "preference", "fact", "emotion", "worldbuilding", "relationship"]);

export function panelConfig({ threadId, characterId, characterName = "", types = MEMORY_TYPES }) {
  return {
    name: "panel",
    heading: { text: "Memories", hidden: false },
    scopes: [
      ["", "All"],
      ["thread", "This chat"],
      ["pinned", "Pinned here"],
      ["shared", "Shared"],
    ],
    pickCharacter: false,
    shareNewByDefault: false,
    transfer: false,
    emptyText: "No memories yet. They appear here as the conversation goes on, or add one yourself.",
    threadId,
    characterId,
    characters: characterName ? [{ id: characterId, name: characterName }] : [],
    threads: [],
    types,
  };
}

export function pageConfig({ characterId = null, characters = [], threads = [], types = MEMORY_TYPES }) {
  return {
    name: "page",
    heading: { text: "Your memories", hidden: true },
    scopes: [
      ["", "Any"],
      ["pinned", "Pinned"],
      ["shared", "Shared"],
      ["unshared", "Not shared"],
    ],
    pickCharacter: true,
    shareNewByDefault: true,
    transfer: true,
    emptyText: "No memories here yet.",
    threadId: null,
    characterId,
    characters,
    threads,
    types,
  };
}
