// The memory REST API (/api/memories/) for the memory panel and the memories page.
// Session-authenticated: unsafe methods carry Django's CSRF token. Every call resolves to the
// parsed JSON (or null for 204) and rejects with an Error whose message is the server's
// readable `detail`.

function csrfToken() {
  const cookie = document.cookie.split("; ").find((part) => part.startsWith("csrftoken="));
  if (cookie) return decodeURIComponent(cookie.split("=")[1]);
  const input = document.querySelector("input[name=csrfmiddlewaretoken]");
  return input ? input.value : "";
}

async function request(method, path, { body, params, keepalive = false } = {}) {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(params || {})) {
    if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, value);
  }
  const headers = { Accept: "application/json" };
  if (method !== "GET") headers["X-CSRFToken"] = csrfToken();
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      keepalive,
    });
  } catch {
    throw new Error("The server could not be reached. Check your connection and try again.");
  }
  if (response.status === 204) return null;
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const detail = data && data.detail ? data.detail : `The request failed (${response.status}).`;
    const error = new Error(detail);
    error.status = response.status;
    throw error;
  }
  return data;
}

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
  importDocument: (character, document) => request("POST", `${base}import/`, { body: { character, document } }),
};
