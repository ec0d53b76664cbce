/**
 * The family table (src/rules/families.ts): which template families a subject may use, from subjects built by the
 * real subjectOf/rewriteSubject. A sensitive subject never falls back to a light-hearted family.
 */
import { expect, test } from "bun:test";
import { families } from "../../src/rules/families.ts";
import { subjectOf } from "../../src/rules/subject.ts";
import { rewriteSubject } from "../../src/rules/rewrite.ts";

test.each([
  ["My 1st Day at Chemotherapy", false, []], // a hook would claim the illness for another creator (session 9)
  ["My 1st Day at Chemotherapy", true, ["personal"]],
  ["We Need To Talk About The Las Vegas Shooting", false, []],
  ["Nashville vigil for Las Vegas shooting victims", false, []],
  ["Childhood Leukemia", false, ["illness"]],
  ["Las Vegas Shooting", false, ["tragedy"]],
  ["Girlfriend Of Vegas Shooter Arrives At LAX From Philippines For Questioning", false, ["tragedy_headline"]],
  ["iPhone X review", false, ["product", "general"]],
  ["Soap Tips", false, ["headline"]],
] as const)("%p (rewrite %p) → %p", (text, rw, want) => {
  expect(families(subjectOf(text), rw)).toEqual([...want]);
});

test("a how-to in Science & Technology is explained, not 'the easy way'", () => {
  const s = { ...rewriteSubject("How To Stop A North Korean Nuclear Missile", { year: 2017 }), cat: 28 };
  expect(families(s, true)).toEqual(["science_howto"]);
});

// From GB reading 146 and the US hook audit (session 9): "Daniel and Depression - My Story", "Chemotherapy Hit Me Hard - My Story" offered as hooks to anyone.
test("someone's own hard story is theirs: no hook frames it for another creator, their own draft keeps 'My Story'", () => {
  const story = { storyName: "Daniel and Depression", titles: ["Daniel and Depression"], channels: ["Daniel Howell"], categoryIds: [22], topical: false };
  const s = rewriteSubject("Daniel and Depression", { year: 2017, story });
  expect(families(s, false)).toEqual([]);
  expect(families(s, true)).toEqual(["personal"]);
  const mine = rewriteSubject("My 1st Day at Chemotherapy", { year: 2017, story: { storyName: "My 1st Day at Chemotherapy", titles: ["My 1st Day at Chemotherapy"], categoryIds: [22], topical: false } });
  expect(families(mine, false)).toEqual([]);
  expect(families(mine, true)).toEqual(["personal"]);
});
