// The chat's REST calls (/api/threads/<id>/messages/...): read, edit, delete, restore,
// choose a reply version and branch the chat at a message, through lib/http.js (session, CSRF, JSON).
//
// Every call resolves to the parsed JSON (null for 204) and rejects with an HttpError whose
// `message` is the server's readable `detail` and whose `status` and `code` are the HTTP
// status and the chat error code (`busy`, `streaming`, `not_latest`) when there is one.

import { request } from "./lib/http.js";

export function chatApi(threadId) {
  const messages = `/api/threads/${threadId}/messages/`;
  return {
    list: (params = {}) => request("GET", messages, { params }),
    get: (id) => request("GET", `${messages}${id}/`),
    edit: (id, content) => request("PATCH", `${messages}${id}/`, { body: { content } }),
    remove: (id) => request("DELETE", `${messages}${id}/`),
    restore: (id) => request("POST", `${messages}${id}/restore/`),
    activate: (id) => request("POST", `${messages}${id}/activate/`),
    branch: (id) => request("POST", `${messages}${id}/branch/`),
  };
}

/** One thread (/api/threads/<id>/). */
export function threadGet(threadId) {
  return request("GET", `/api/threads/${threadId}/`);
}
