// /memories/: every memory of the user, filterable by character, type, scope and search.
// The page data (characters, chats for pinning, memory types) comes from a json_script tag.

import { mountMemoryBoard } from "./memories-board.js";

const root = document.getElementById("memories-board");
const data = JSON.parse(document.getElementById("memories-page-data").textContent);
const selected = Number(root.dataset.character) || null;

window.memoryBoard = mountMemoryBoard(root, {
  mode: "page",
  characterId: selected,
  characters: data.characters,
  threads: data.threads,
  types: data.types,
});
