// The profile card's pure parts: one entry per line, only the changed fields are sent (a
// field sent becomes the user's, so an untouched one must stay the pipeline's).

import assert from "node:assert/strict";
import { test } from "node:test";

import { changedFields, entriesFrom, profileSummary } from "../../../frontend/js/profile-card.js";

const saved = { name: "Ada", pronouns: "", facts: ["Ada is a nurse."], likes: ["Tea"], dislikes: [], relationships: [] };

test("a list is edited one entry per line, blank lines left out", () => {
  assert.deepEqual(entriesFrom("  Tea \n\nRain\n   \n"), ["Tea", "Rain"]);
  assert.deepEqual(entriesFrom(""), []);
});

test("only the fields that changed are sent", () => {
  const values = { ...saved, likes: ["Tea", "Rain"], pronouns: "she/her" };
  assert.deepEqual(changedFields(saved, values), { pronouns: "she/her", likes: ["Tea", "Rain"] });
  assert.deepEqual(changedFields(saved, { ...saved, facts: [...saved.facts] }), {});
  assert.deepEqual(changedFields(saved, { ...saved, likes: [] }), { likes: [] });
});

test("the summary counts what the card holds", () => {
  assert.equal(profileSummary(saved), "1 fact · 1 like");
  assert.equal(profileSummary({ relationships: ["a", "b"], dislikes: ["c"] }), "1 dislike · 2 relationships");
  assert.equal(profileSummary({ facts: [], likes: [] }), "nothing yet");
});
