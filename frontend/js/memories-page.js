// /memories/: every memory of the user, filterable by character, type, scope and search, with
// export and import (configs.js pageConfig). The page data (characters, chats for pinning,
// memory types) comes from a json_script tag, the preselected character from data-character.

import { mountMemoryBoard } from "./memory-board/board.js";
import { pageConfig } from "./memory-board/configs.js";

const root = document.getElementById("memories-board");
const data = JSON.parse(document.getElementById("memories-page-data").textContent);

mountMemoryBoard(
  root,
  pageConfig({
    characterId: Number(root.dataset.character) || null,
    characters: data.characters,
    threads: data.threads,
    types: data.types,
  }),
);
