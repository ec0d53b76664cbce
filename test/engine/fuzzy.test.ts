import { beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { FuzzyIndex, MATCH_THRESHOLD, boundedDamerau, wordSim } from "../../src/engine/fuzzy.ts";
import { parseCsvRecords } from "../../src/feeds/csv.ts";
import { normalize, stem, tokens } from "../../src/rules/text.ts";

const IPHONE_X = 0;
let titles: string[] = []; // all distinct real titles; entry id = index + 1
let idx: FuzzyIndex;
let textOf: (id: number) => string;

beforeAll(async () => {
  const csv = parseCsvRecords(await Bun.file(new URL("../../data/youtube-us-2017.csv", import.meta.url)).text());
  titles = [...new Set(csv.records.map((r) => r.title))].sort();
  const entries = [{ id: IPHONE_X, text: "iPhone X", weight: 1 }, ...titles.map((text, i) => ({ id: i + 1, text }))];
  idx = new FuzzyIndex(entries);
  textOf = (id) => (id === IPHONE_X ? "iPhone X" : titles[id - 1]);
});

describe("FuzzyIndex on all real titles + the story 'iPhone X'", () => {
  test("has the 1,825 distinct titles (1,800 videos, some retitled)", () => {
    expect(titles.length).toBe(1825);
    expect(idx.size).toBe(1826);
  });

  test.each([
    "iphonex", // glued
    "Iphone X review", // extra word
    "i phone x", // split
    "iphnoe x", // swapped letters
    "IPHONE-X", // case + punctuation
    "iphones x", // plural
    "iPhone X",
    "x iphone", // word order
    "  iPhone   X!!! ",
    "iphone x", // lower case
    "iPhone X’s", // possessive
    "iphonne x", // doubled letter
  ])("%p -> iPhone X", (q) => {
    const m = idx.match(q);
    expect(m).not.toBeNull();
    expect(m!.id).toBe(IPHONE_X);
    expect(m!.score).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
  });

  test.each(["banana bread recipe", "qwerty asdf", "the", "a", "", "!!!", "🔥🔥", "x", "iphone 8 plus galaxy note comparison price"])(
    "%p does not match iPhone X",
    (q) => {
      const m = idx.match(q);
      expect(m === null || m.id !== IPHONE_X).toBe(true);
    },
  );

  test.each(["banana bread recipe", "qwerty asdf", "the", "", "!!!", "kim jong un missile", "chocolate cake"])("%p matches nothing", (q) => {
    expect(idx.match(q)).toBeNull();
  });

  test("other real subjects are found in spite of noise", () => {
    const cases: [string, string][] = [
      ["star wars the last jedi trailer", "Star Wars: The Last Jedi Trailer (Official)"],
      ["bladerunner 2049 movie review", "Blade Runner 2049 - Movie Review"],
      ["hurricane irma news bloopers", "Hurricane Irma News Bloopers"],
      ["galaxy note8 things to do first", "Galaxy Note 8 // 8 Things To Do First!"],
      ["spatzle recipe how to make spaetzle", "Spätzle Recipe - How to Make Spätzle or Spaetzle (Tiny German Dumplings)"],
    ];
    for (const [q, want] of cases) expect(textOf(idx.match(q)!.id)).toBe(want);
  });

  test("match(entry text) returns that entry or one with the same normalised text", () => {
    for (const t of titles) {
      const m = idx.match(t);
      if (tokens(t).length === 0) {
        expect(m).toBeNull(); // emoji-only titles have nothing to match on
        continue;
      }
      expect(m).not.toBeNull();
      expect(normalize(textOf(m!.id))).toBe(normalize(t));
      expect(m!.score).toBe(1);
    }
  });

  test("one typo in a long word still finds the title (>= 95% of titles)", () => {
    let tried = 0, found = 0;
    for (const t of titles) {
      const ws = t.split(" ");
      const i = ws.findIndex((w) => /^[a-z]{6,}$/i.test(w));
      if (i < 0 || tokens(t).length < 2) continue;
      const w = ws[i];
      ws[i] = w.slice(0, 2) + w[3] + w[2] + w.slice(4); // swap two inner letters
      tried++;
      const m = idx.match(ws.join(" "));
      if (m && normalize(textOf(m.id)) === normalize(t)) found++;
    }
    expect(tried).toBeGreaterThan(800);
    expect(found / tried).toBeGreaterThanOrEqual(0.95);
  });

  test("scores are in [0,1] and matchTop is sorted, capped at k", () => {
    const q = fc.oneof(fc.string({ unit: "grapheme", maxLength: 40 }), fc.constantFrom(...titles.slice(0, 200)));
    fc.assert(
      fc.property(q, fc.integer({ min: 0, max: 8 }), (s, k) => {
        const top = idx.matchTop(s, k);
        if (top.length > k) return false;
        for (let i = 0; i < top.length; i++) {
          if (!(top[i].score >= 0 && top[i].score <= 1)) return false;
          if (i > 0 && top[i].score > top[i - 1].score) return false;
        }
        const m = idx.match(s);
        const first = idx.matchTop(s, 1);
        return m === null ? first.length === 0 || first[0].score < MATCH_THRESHOLD : m.score >= MATCH_THRESHOLD && m.id === first[0].id;
      }),
      { numRuns: 300 },
    );
  });

  test("case and punctuation do not change the answer (every title)", () => {
    for (const t of titles) {
      const a = idx.match(t);
      expect(idx.match(t.toUpperCase().replace(/ /g, " - "))).toEqual(a);
      expect(idx.match(`«${t.toLowerCase()}»!`)).toEqual(a);
    }
  });

  test("word order does not matter: every reversed title finds an entry with the same words", () => {
    const bag = (s: string) => [...new Set(tokens(s).map(stem))].sort().join(" ");
    for (const t of titles.filter((x) => tokens(x).length >= 2)) {
      const m = idx.match(tokens(t).reverse().join(" "));
      expect(m).not.toBeNull();
      expect(bag(textOf(m!.id))).toBe(bag(t));
    }
  });

  test("is deterministic: same answers whatever the entry order", () => {
    const entries = [{ id: IPHONE_X, text: "iPhone X", weight: 1 }, ...titles.map((text, i) => ({ id: i + 1, text }))];
    const reversed = new FuzzyIndex([...entries].reverse());
    const queries = ["iphone", "iphone 8", "hurricane", "trailer 2017", "makeup tutorial", "taylor swift", "apple event", "review"];
    for (const q of [...queries, ...titles.slice(0, 300)]) {
      expect(reversed.matchTop(q, 5)).toEqual(idx.matchTop(q, 5));
      expect(idx.matchTop(q, 5)).toEqual(idx.matchTop(q, 5));
    }
  });
});

describe("FuzzyIndex on small sets", () => {
  test("empty index and empty query", () => {
    expect(new FuzzyIndex([]).match("iphone")).toBeNull();
    expect(new FuzzyIndex([{ id: 1, text: "iPhone X" }]).match("")).toBeNull();
    expect(new FuzzyIndex([{ id: 1, text: "🔥" }]).match("🔥")).toBeNull();
  });

  test("accents, non-Latin scripts and glued forms", () => {
    const f = new FuzzyIndex([
      { id: 1, text: "Beyoncé Formation" },
      { id: 2, text: "Pokémon Go" },
      { id: 3, text: "킹스맨 골든 서클" },
      { id: 4, text: "Blade Runner 2049" },
      { id: 5, text: "iPhoneX" },
    ]);
    expect(f.match("beyonce formation")?.id).toBe(1);
    expect(f.match("POKEMON-GO")?.id).toBe(2);
    expect(f.match("킹스맨 골든")?.id).toBe(3);
    expect(f.match("bladerunner 2049")?.id).toBe(4);
    expect(f.match("iphone x")?.id).toBe(5);
    expect(f.match("i phone x")?.id).toBe(5);
    expect(f.match("i-phone-x")?.id).toBe(5);
  });

  test("ties go to the heavier entry, then the lower id", () => {
    const f = new FuzzyIndex([
      { id: 7, text: "Tom Petty", weight: 1 },
      { id: 3, text: "tom petty", weight: 5 },
      { id: 5, text: "TOM PETTY", weight: 5 },
    ]);
    expect(f.match("Tom Petty")).toEqual({ id: 3, score: 1 }); // same normalised text: heavier, then lower id
    const g = new FuzzyIndex([
      { id: 9, text: "Tom Petty!", weight: 1 },
      { id: 4, text: "tom petty", weight: 5 },
      { id: 2, text: "TOM  PETTY", weight: 5 },
    ]);
    expect(g.match("tom petty")?.id).toBe(2);
  });

  test("a short word or a number must match exactly (no 'iphone 8' for 'iphone x')", () => {
    const f = new FuzzyIndex([{ id: 1, text: "iPhone 8" }]);
    expect(f.match("iphone x")).toBeNull();
    expect(wordSim("2049", "2048")).toBe(0);
    expect(wordSim("irma", "irms")).toBe(0.8);
    expect(wordSim("hurricane", "huricanne")).toBe(0.6);
    expect(wordSim("cat", "cut")).toBe(0);
  });

  test("boundedDamerau agrees with a plain OSA distance when within the bound", () => {
    const osa = (a: string, b: string) => {
      const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
      for (let i = 1; i <= a.length; i++)
        for (let j = 1; j <= b.length; j++) {
          d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      return d[a.length][b.length];
    };
    const w = fc.string({ unit: fc.constantFrom("a", "b", "c", "d"), maxLength: 9 });
    fc.assert(
      fc.property(w, w, fc.constantFrom(1, 2), (a, b, max) => {
        const want = osa(a, b);
        return boundedDamerau(a, b, max) === (want <= max ? want : max + 1);
      }),
      { numRuns: 3000 },
    );
  });

  test("builds 20k entries quickly (loose bound; see bench/fuzzy.ts)", () => {
    const words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo", "lima"];
    const entries = Array.from({ length: 20_000 }, (_, i) => ({ id: i, text: `${words[i % 12]} ${words[(i * 7) % 12]} ${i}` }));
    const t0 = performance.now();
    const f = new FuzzyIndex(entries);
    expect(performance.now() - t0).toBeLessThan(3000);
    expect(f.match("alpha alpha 0")?.id).toBe(0);
  });
});
