/**
 * StorySearch properties (fast-check) on real titles, tags and channels from the Kaggle CSV grouped
 * into random stories: a story's exact name finds it (or a story with the same name text), an item's
 * exact title finds its story (or one holding the same title), random nonsense finds nothing, answers
 * do not depend on entry order, and the tie rule prefers the larger, then the more recent story.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseCsvRecords } from "../../src/feeds/csv.ts";
import { STOPWORDS, normalize, stem, tokens } from "../../src/rules/text.ts";
import { StorySearch, type SearchDoc } from "../../src/engine/search.ts";

const csv = parseCsvRecords(readFileSync(join(import.meta.dir, "../../data/youtube-2017-v1/USvideos.csv"), "utf8"));
const seen = new Set<string>();
const videos: { title: string; tags: string[]; channel: string }[] = [];
for (const r of csv.records) {
  if (seen.has(r.title)) continue;
  seen.add(r.title);
  videos.push({ title: r.title, tags: (r.tags ?? "").split("|").map((t: string) => t.replace(/"/g, "")).filter((t: string) => t && t !== "[none]"), channel: r.channel_title });
}

/** Stories of 1-4 consecutive videos, named by their first title's first words, from a seed. */
function docsFrom(seed: number, n: number): SearchDoc[] {
  const docs: SearchDoc[] = [];
  let at = (seed * 7919) % videos.length;
  for (let i = 0; i < n; i++) {
    const k = 1 + ((seed + i) % 4);
    const items = Array.from({ length: k }, (_, j) => videos[(at + j) % videos.length]);
    at = (at + k) % videos.length;
    docs.push({ id: i, name: items[0].title.split(/\s+/).slice(0, 4).join(" "), items, recency: 17_400 + ((i * 13) % 40), weight: (i * 31) % 100 });
  }
  return docs;
}

const norm = (s: string) => normalize(s);

describe("StorySearch", () => {
  test("a story's exact name finds it (or a story with the same name text, or a larger one whose titles hold every word)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (seed) => {
        const docs = docsFrom(seed, 300);
        const s = new StorySearch(docs);
        for (const d of docs.slice(0, 40)) {
          const hit = s.match(d.name);
          if (hit === null) return false;
          const got = docs[hit.id];
          if (got.id === d.id || norm(got.name) === norm(d.name) || got.items.some((it) => norm(it.title).includes(norm(d.name)))) continue;
          // The documented exception: a larger story whose item titles hold every word of the name.
          const titleStems = new Set(got.items.flatMap((it) => tokens(it.title).map(stem)));
          const words = tokens(d.name).filter((t) => !STOPWORDS.has(t));
          if (!(d.items.length >= 2 && got.items.length > d.items.length && words.every((t) => titleStems.has(stem(t))))) return false;
        }
        return true;
      }),
      { numRuns: 15 },
    );
  });

  test("an item's exact title finds its story (or a story whose name or item title is the same text)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (seed) => {
        const docs = docsFrom(seed, 300);
        const s = new StorySearch(docs);
        for (const d of docs.slice(0, 40)) {
          const title = d.items[d.items.length - 1].title;
          const hit = s.match(title);
          if (hit === null) return false;
          // Another story may carry the same text as its name or an item title (exact text, tie rule).
          const other = docs[hit.id];
          if (hit.id !== d.id && norm(other.name) !== norm(title) && !other.items.some((it) => norm(it.title) === norm(title))) return false;
        }
        return true;
      }),
      { numRuns: 15 },
    );
  });

  test("random nonsense matches nothing", () => {
    const docs = docsFrom(1, 2000);
    const s = new StorySearch(docs);
    // Nonsense is more edits away than the matcher's typo tolerance (one edit, two from 8 letters) from
    // every word of the stories: "thrch" is one edit from "torch" and "brfhl" from "Brühl" (seen as
    // flaky failures), so such strings are real typos, not nonsense.
    const vocab = new Set(docs.flatMap((d) => [d.name, ...d.items.flatMap((it) => [it.title, it.channel ?? "", ...(it.tags ?? [])])]).flatMap((t) => tokens(t)));
    // Words one (two) edits apart share a string left by deleting one (two) letters of each: a cheap,
    // conservative test (it also flags some pairs further apart, which only skips more inputs).
    const dels = (w: string) => [w, ...Array.from(w, (_, i) => w.slice(0, i) + w.slice(i + 1))];
    const words = [...vocab];
    const d1 = new Set(words.flatMap(dels));
    const d2 = new Set(words.filter((v) => v.length >= 6).flatMap((v) => dels(v).flatMap(dels)));
    const near = (w: string) => (w.length >= 8 ? dels(w).flatMap(dels).some((x) => d2.has(x)) : dels(w).some((x) => d1.has(x)));
    const word = fc.string({ unit: fc.constantFrom(..."bcdfghjklmnpqrstvwxz"), minLength: 5, maxLength: 9 });
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), (ws) => {
        fc.pre(!ws.some(near));
        return s.match(ws.join(" ")) === null;
      }),
      { numRuns: 500 },
    );
  });

  test("answers do not depend on entry order and are repeatable", () => {
    const docs = docsFrom(3, 800);
    const a = new StorySearch(docs);
    const b = new StorySearch([...docs].reverse());
    const qs = [...docs.slice(0, 150).map((d) => d.name), ...docs.slice(0, 100).map((d) => d.items[0].title), "iphone", "hurricane irma", "fenty bea", "makeup tutorial"];
    for (const q of qs) {
      expect(b.search(q, 5)).toEqual(a.search(q, 5));
      expect(b.match(q)).toEqual(a.match(q));
      expect(a.match(q)).toEqual(a.match(q));
    }
  });

  test("ties go to the larger story, then the more recent", () => {
    const item = (title: string) => ({ title });
    const s = new StorySearch([
      { id: 0, name: "Zorblax", items: [item("Zorblax launch"), item("Zorblax review")], recency: 10 },
      { id: 1, name: "Zorblax", items: [item("Zorblax launch"), item("Zorblax review")], recency: 12 },
    ]);
    expect(s.match("zorblax")?.id).toBe(1);
    const big = new StorySearch([
      { id: 0, name: "Zorblax", items: [item("Zorblax launch"), item("Zorblax review"), item("Zorblax teardown")], recency: 10 },
      { id: 1, name: "Zorblax", items: [item("Zorblax launch"), item("Zorblax review")], recency: 12 },
    ]);
    expect(big.match("zorblax")?.id).toBe(0);
  });

  test("finds a story by a tag, a channel word, a typo and a prefix; empty input answers null", () => {
    const s = new StorySearch(
      docsFrom(5, 500).concat([
        { id: 9001, name: "Quibbleton Review", items: [{ title: "Quibbleton Review: five days later", tags: ["marblefone", "phone"], channel: "Zaxotech" }, { title: "Quibbleton unboxing", tags: ["marblefone"], channel: "Zaxotech" }], recency: 1 },
      ]),
    );
    const id = (q: string) => s.match(q)?.id;
    const at = 500; // index of the extra doc (hit ids are the doc's id field)
    expect(id("quibbleton")).toBe(9001);
    expect(id("marblefone")).toBe(9001);
    expect(id("quibbelton")).toBe(9001);
    expect(id("quibble")).toBe(9001);
    expect(at).toBe(500);
    expect(s.match("")).toBeNull();
    expect(new StorySearch([]).match("anything")).toBeNull();
  });
});

test("storiesHolding counts the stories whose name or items hold a word, by its stem", () => {
  const doc = (id: number, name: string, title: string): SearchDoc => ({ id, name, items: [{ title }], recency: 0, weight: 1 });
  const s = new StorySearch([doc(0, "Goals", "Squad Goals"), doc(1, "Relationship goals", "Couple goals"), doc(2, "Avicii", "Avicii - Lonely Together"), doc(3, "Day one", "My first day")]);
  expect(s.storiesHolding("goals")).toBe(2);
  expect(s.storiesHolding("Goal")).toBe(2);
  expect(s.storiesHolding("avicii")).toBe(1);
  expect(s.storiesHolding("nowhere")).toBe(0);
});
