// The lorebook editor's form controls, and an entry's inclusion group and timed effects
// (SillyTavern's group, override, weight, sticky, cooldown and delay, in messages).

import { h } from "./lib/dom.js";

export function field(labelText, control) {
  return h("label", {}, labelText, control);
}

export function select(options, value, onChange, label) {
  const element = h(
    "select",
    { "aria-label": label, onchange: () => onChange(element.value) },
    options.map(([option, text]) => h("option", { value: option, selected: option === value, text })),
  );
  return element;
}

export function numberInput(value, onChange, { min, max, label }) {
  const element = h("input", {
    type: "number",
    value: String(value ?? ""),
    min,
    max,
    "aria-label": label,
    oninput: () => onChange(element.value === "" ? null : Number(element.value)),
  });
  return element;
}

export function checkbox(labelText, checked, onChange) {
  const input = h("input", { type: "checkbox", checked, onchange: () => onChange(input.checked) });
  return h("label", { class: "inline-check" }, input, ` ${labelText}`);
}

// A yes / no / "as the default" choice of true, false or null.
export function triState(value, onChange, defaultText, label) {
  const options = [
    ["", defaultText],
    ["true", "Yes"],
    ["false", "No"],
  ];
  const current = value === null || value === undefined ? "" : String(value);
  return select(options, current, (chosen) => onChange(chosen === "" ? null : chosen === "true"), label);
}

// Inclusion groups (of a group's entries that fire, one goes in) and timed effects, in messages.
export function groupAndTiming(entry, update) {
  const group = h("input", {
    type: "text",
    value: entry.group ?? "",
    maxlength: "500",
    "aria-label": "Inclusion group",
    placeholder: "Group names, comma-separated",
    oninput: () => update("group")(group.value),
  });
  const messages = (name, label) =>
    field(label, numberInput(entry[name], (value) => update(name)(value === 0 ? null : value), { min: 0, label }));
  return h(
    "div",
    { class: "lore-entry__grid" },
    field("Inclusion group", group),
    checkbox("Wins its group by order", Boolean(entry.group_override), update("group_override")),
    field("Group weight", numberInput(entry.group_weight, update("group_weight"), { min: 0, label: "Group weight" })),
    field("Group scoring", triState(entry.use_group_scoring, update("use_group_scoring"), "As the book says", "Group scoring")),
    messages("sticky", "Sticky (messages)"),
    messages("cooldown", "Cooldown (messages)"),
    messages("delay", "Delay (messages)"),
  );
}
