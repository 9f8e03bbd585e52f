// The one element builder of the browser code: h(tag, attributes, ...children).
//
//   h("button", { type: "button", class: "primary", dataset: { action: "edit" }, text: "Edit" })
//
// Attributes: `class` (the class list as one string), `text` (textContent), `value` (the
// property, for form controls), `dataset` (data-* entries), `on<event>` (a listener), `html`
// (innerHTML: only ever chat-format.js's formatRoleplay() output, which escapes the text
// first); anything else is set as an attribute, `true` as a present boolean attribute.
// `undefined`, `null` and `false` leave an attribute out.
// Children may be nested arrays; nodes are appended as they are, anything else as text;
// `undefined`, `null` and `false` are skipped. So nothing a user writes becomes markup.

export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") element.className = value;
    else if (key === "text") element.textContent = value;
    else if (key === "html") element.innerHTML = value;
    else if (key === "value") element.value = value;
    else if (key === "dataset") Object.assign(element.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") element.addEventListener(key.slice(2), value);
    else element.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}
