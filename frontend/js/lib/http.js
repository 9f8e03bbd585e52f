// HTTP for the browser code: every REST call of the pages goes through request().
//
// - JSON in and out: `body` is sent as JSON, the answer is parsed JSON (null for 204).
// - Session authentication: same-origin credentials; unsafe methods carry Django's CSRF token
//   (from the csrftoken cookie, else from a {% csrf_token %} input on the page).
// - Errors read well: a failed call rejects with an HttpError whose `message` is the server's
//   readable `detail` (drawhisper/api.py gives every 4xx one), with `status`, the error `code`
//   when there is one (chat's `busy`, `streaming`, `not_latest`) and the per-field `errors`.
//   A server that cannot be reached rejects with a sentence saying so (status 0). An aborted
//   call (`signal`) rejects with the AbortError itself, so callers can ignore it.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const UNREACHABLE = "The server could not be reached. Check your connection and try again.";

export class HttpError extends Error {
  constructor(message, { status = 0, code = null, errors = null } = {}) {
    super(message);
    this.name = "HttpError";
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

/** Django's CSRF token: the csrftoken cookie, else a csrfmiddlewaretoken input in `root`. */
export function csrfToken(root = globalThis.document) {
  const cookie = String(root?.cookie ?? globalThis.document?.cookie ?? "")
    .split("; ")
    .find((part) => part.startsWith("csrftoken="));
  if (cookie) return decodeURIComponent(cookie.slice("csrftoken=".length));
  const input = root?.querySelector?.("input[name=csrfmiddlewaretoken]");
  return input ? input.value : "";
}

/** `path` with `params` as its query string; empty values (undefined, null, "") are left out. */
export function withParams(path, params) {
  const origin = globalThis.location?.origin ?? "http://localhost";
  const url = new URL(path, origin);
  for (const [key, value] of Object.entries(params || {})) {
    if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, value);
  }
  return url.origin === origin ? `${url.pathname}${url.search}` : url.href;
}

/** The HttpError for a failed response's status and parsed JSON body (or null). */
export function errorFrom(status, data) {
  const detail = data && data.detail ? String(data.detail) : `The request failed (${status}).`;
  return new HttpError(detail, {
    status,
    code: data && data.code ? data.code : null,
    errors: data && data.errors ? data.errors : null,
  });
}

export async function request(method, path, { body, params, keepalive = false, signal, csrfFrom } = {}) {
  const headers = { Accept: "application/json" };
  if (!SAFE_METHODS.has(method)) headers["X-CSRFToken"] = csrfToken(csrfFrom);
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(withParams(path, params), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      keepalive,
      signal,
    });
  } catch (failure) {
    if (failure && failure.name === "AbortError") throw failure;
    throw new HttpError(UNREACHABLE);
  }
  if (response.status === 204) return null;
  const data = await response.json().catch((failure) => {
    if (failure && failure.name === "AbortError") throw failure;
    return null; // not JSON: the status says enough
  });
  if (!response.ok) throw errorFrom(response.status, data);
  return data;
}

/**
 * POST a multipart form (a file upload) and report how much of it was sent: `onProgress`
 * gets a fraction from 0 to 1 as the browser sends the body (fetch cannot tell). Resolves
 * with the parsed JSON answer; rejects with an HttpError as request() does.
 */
export function upload(path, formData, { onProgress, csrfFrom } = {}) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("X-CSRFToken", csrfToken(csrfFrom));
    xhr.withCredentials = true;
    if (onProgress) {
      xhr.upload.addEventListener("progress", (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      });
    }
    xhr.addEventListener("load", () => {
      let data = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data);
      else reject(errorFrom(xhr.status, data));
    });
    xhr.addEventListener("error", () => reject(new HttpError(UNREACHABLE)));
    xhr.send(formData);
  });
}
