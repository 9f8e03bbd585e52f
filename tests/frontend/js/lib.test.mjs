// lib/: the event bus refuses what it does not know; http carries the CSRF token and turns
// the server's error JSON into readable errors.

import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { createBus } from "../../../frontend/js/lib/bus.js";
import { csrfToken, errorFrom, request, withParams } from "../../../frontend/js/lib/http.js";

test("the bus delivers a topic's detail to its subscribers until they unsubscribe", () => {
  const bus = createBus();
  const seen = [];
  const stop = bus.subscribe("chat:event", (detail) => seen.push(detail.type));
  bus.publish("chat:event", { type: "reply.start" });
  stop();
  bus.publish("chat:event", { type: "reply.end" });
  assert.deepEqual(seen, ["reply.start"]);
});

test("the bus refuses unknown topics and details of the wrong shape", () => {
  const bus = createBus();
  assert.throws(() => bus.publish("chat:evnet", { type: "x" }), /not a topic/);
  assert.throws(() => bus.subscribe("memory:whatever", () => {}), /not a topic/);
  assert.throws(() => bus.publish("chat:event", { kind: "x" }), /shape/);
  assert.throws(() => bus.publish("chat:message-rendered", { message: {} }), /shape/);
});

test("the CSRF token comes from the cookie, else from the form's hidden input", () => {
  assert.equal(csrfToken({ cookie: "sessionid=abc; csrftoken=t%2Bk" }), "t+k");
  const form = { querySelector: (selector) => (selector === "input[name=csrfmiddlewaretoken]" ? { value: "from-form" } : null) };
  assert.equal(csrfToken(form), "from-form");
  assert.equal(csrfToken({ cookie: "", querySelector: () => null }), "");
});

test("query parameters leave out empty values", () => {
  assert.equal(withParams("/api/memories/", { q: "", type: null, limit: 100, thread: 7 }), "/api/memories/?limit=100&thread=7");
  assert.equal(withParams("/api/memories/1/", undefined), "/api/memories/1/");
});

test("an error's message is the server's detail, with its status, code and field errors", () => {
  const error = errorFrom(400, { detail: "title: This field is required.", errors: { title: ["This field is required."] } });
  assert.equal(error.message, "title: This field is required.");
  assert.equal(error.status, 400);
  assert.deepEqual(error.errors, { title: ["This field is required."] });
  assert.equal(errorFrom(409, { detail: "A reply is being written.", code: "busy" }).code, "busy");
  assert.equal(errorFrom(502, null).message, "The request failed (502).");
});

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function answer(status, body) {
  return { ok: status >= 200 && status < 300, status, json: async () => body };
}

test("unsafe requests carry the CSRF token and a JSON body; GET carries neither", async () => {
  const calls = [];
  globalThis.fetch = async (url, options) => {
    calls.push({ url, ...options });
    return answer(200, { id: 1 });
  };
  const token = { cookie: "csrftoken=secret" };
  assert.deepEqual(await request("POST", "/api/memories/", { body: { title: "Tea" }, csrfFrom: token }), { id: 1 });
  await request("GET", "/api/memories/", { params: { limit: 5 } });
  assert.equal(calls[0].headers["X-CSRFToken"], "secret");
  assert.equal(calls[0].headers["Content-Type"], "application/json");
  assert.equal(calls[0].body, JSON.stringify({ title: "Tea" }));
  assert.equal(calls[0].credentials, "same-origin");
  assert.equal(calls[1].url, "/api/memories/?limit=5");
  assert.equal(calls[1].headers["X-CSRFToken"], undefined);
  assert.equal(calls[1].body, undefined);
});

test("a refused request rejects with the server's sentence; no content is null; no server says so", async () => {
  globalThis.fetch = async () => answer(404, { detail: "Not found." });
  await assert.rejects(request("GET", "/api/memories/9/"), { message: "Not found.", status: 404 });
  globalThis.fetch = async () => ({ ok: true, status: 204, json: async () => assert.fail("204 has no body") });
  assert.equal(await request("DELETE", "/api/memories/9/", { csrfFrom: { cookie: "" } }), null);
  globalThis.fetch = async () => {
    throw new TypeError("Failed to fetch");
  };
  await assert.rejects(request("GET", "/api/memories/"), /could not be reached/);
  globalThis.fetch = async () => {
    throw new DOMException("The operation was aborted.", "AbortError");
  };
  await assert.rejects(request("GET", "/api/memories/"), { name: "AbortError" });
});
