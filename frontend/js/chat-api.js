// The chat's REST calls (/api/threads/<id>/messages/...): read, edit, delete, restore and
// choose a reply version. Session-authenticated: unsafe methods carry Django's CSRF token.
//
// Every call resolves to the parsed JSON (null for 204) and rejects with an Error whose
// `message` is the server's readable `detail` and whose `status` and `code` are the HTTP
// status and the chat error code (`busy`, `streaming`, `not_latest`) when there is one.

function csrfToken() {
  const cookie = document.cookie.split("; ").find((part) => part.startsWith("csrftoken="));
  if (cookie) return decodeURIComponent(cookie.split("=")[1]);
  const input = document.querySelector("input[name=csrfmiddlewaretoken]");
  return input ? input.value : "";
}

async function request(method, path, body) {
  const headers = { Accept: "application/json" };
  if (method !== "GET") headers["X-CSRFToken"] = csrfToken();
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    throw new Error("The server could not be reached. Check your connection and try again.");
  }
  if (response.status === 204) return null;
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = new Error(data && data.detail ? String(data.detail) : `The request failed (${response.status}).`);
    error.status = response.status;
    error.code = data && data.code ? data.code : null;
    throw error;
  }
  return data;
}

export function chatApi(threadId) {
  const messages = `/api/threads/${threadId}/messages/`;
  return {
    list: (query = "") => request("GET", `${messages}${query}`),
    get: (id) => request("GET", `${messages}${id}/`),
    edit: (id, content) => request("PATCH", `${messages}${id}/`, { content }),
    remove: (id) => request("DELETE", `${messages}${id}/`),
    restore: (id) => request("POST", `${messages}${id}/restore/`),
    activate: (id) => request("POST", `${messages}${id}/activate/`),
  };
}
