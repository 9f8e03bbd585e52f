// The page's event bus: how the parts of a page (the chat, the memory panel beside it) tell
// each other what happened, with no globals between them. This comment is the one list of
// what travels on it; publish() and subscribe() refuse a topic that is not listed here, and
// publish() refuses a detail of the wrong shape, so a typo fails loudly instead of silently.
//
// Topics (name: detail; publisher → subscribers):
//
//   "chat:event": a server event of the chat WebSocket, exactly as protocol.js delivers it
//       ({type: "message.created" | "reply.start" | … | "memory.updated" | …, …}; see
//       protocol.js for every shape). chat.js → the memory panel (memory.* events keep the
//       board live).
//
//   "chat:message-rendered": {element: HTMLElement, message: Message}, after the chat put a
//       message's view into the log (first render and every re-render). chat.js → the memory
//       panel (adds Pin / Edit / Dismiss to the reply's "memories used" items).
//
// The events are DOM CustomEvents on `document` (the topic is the event type, the detail
// its detail), so a tool or a test can watch one with document.addEventListener(topic, …).
// createBus(target) makes a bus on another EventTarget (the unit tests use a plain one).

const isObject = (value) => value !== null && typeof value === "object";

export const TOPICS = Object.freeze({
  "chat:event": (detail) => isObject(detail) && typeof detail.type === "string",
  "chat:message-rendered": (detail) => isObject(detail) && isObject(detail.element) && isObject(detail.message),
});

function known(topic) {
  if (!Object.hasOwn(TOPICS, topic)) throw new TypeError(`"${topic}" is not a topic of the event bus (lib/bus.js).`);
}

export function createBus(target = new EventTarget()) {
  return {
    /** Tell every subscriber of `topic`; `detail` must have the topic's shape. */
    publish(topic, detail) {
      known(topic);
      if (!TOPICS[topic](detail)) throw new TypeError(`The detail of "${topic}" does not have the shape lib/bus.js gives it.`);
      target.dispatchEvent(new CustomEvent(topic, { detail }));
    },
    /** Call `handler(detail)` for every `topic` event from now on; returns the unsubscribe. */
    subscribe(topic, handler) {
      known(topic);
      const listener = (event) => handler(event.detail);
      target.addEventListener(topic, listener);
      return () => target.removeEventListener(topic, listener);
    },
  };
}

/** The bus of this page. */
export const bus = createBus(globalThis.document ?? new EventTarget());
