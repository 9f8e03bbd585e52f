// The memory REST API (/api/memories/) for the memory panel and the memories page, through
// lib/http.js (session, CSRF, JSON). Every call resolves to the parsed JSON (or null for 204)
// and rejects with an HttpError whose message is the server's readable `detail`.

import { request } from "./lib/http.js";

const base = "/api/memories/";

export const memoriesApi = {
  list: (params) => request("GET", base, { params }),
  get: (id) => request("GET", `${base}${id}/`),
  create: (body) => request("POST", base, { body }),
  update: (id, body) => request("PATCH", `${base}${id}/`, { body }),
  remove: (id, { keepalive = false } = {}) => request("DELETE", `${base}${id}/`, { keepalive }),
  pin: (id, thread) => request("POST", `${base}${id}/pin/`, { body: { thread } }),
  unpin: (id, thread) => request("DELETE", `${base}${id}/pin/`, { params: { thread } }),
  share: (id) => request("POST", `${base}${id}/share/`),
  unshare: (id) => request("DELETE", `${base}${id}/share/`),
  dismiss: (id, thread) => request("POST", `${base}${id}/dismiss/`, { body: { thread } }),
  undismiss: (id, thread) => request("DELETE", `${base}${id}/dismiss/`, { params: { thread } }),
  exportDocument: (character) => request("GET", `${base}export/`, { params: { character } }),
  conflicts: (params) => request("GET", `${base}conflicts/`, { params }),
  resolve: (id, keep) => request("POST", `${base}${id}/resolve/`, { body: { keep } }),
  importDocument: (character, document) => request("POST", `${base}import/`, { body: { character, document } }),
};

// What a character knows about the user (GET/PATCH /api/characters/<id>/profile/). A PATCH
// sends only the fields the user changed: each one sent becomes theirs, and the memory
// pipeline leaves it alone from then on.
export const profileApi = {
  get: (character) => request("GET", `/api/characters/${character}/profile/`),
  update: (character, body) => request("PATCH", `/api/characters/${character}/profile/`, { body }),
};
