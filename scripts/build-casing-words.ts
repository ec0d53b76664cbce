/**
 * Builds src/rules/casing-words.json: words of 3–6 letters that writers put in capitals only for
 * emphasis ("Attacked by a Police DOG!!", "Child Gets HIT …"), so generated text can write them as plain
 * words, while acronyms ("NASA", "NFL", "BTS") keep their capitals. Learnt from how the words are written
 * in mixed-case text (titles not shouted whole) of data/upworthy-2013.csv (headlines) and
 * data/youtube-us-2017.csv (titles): a word is plain when it occurs in at least MIN_SEEN such texts and
 * is written in capitals in at most MAX_CAPS_SHARE of them. Judged on GB titles it never saw
 * (`bun scripts/build-casing-words.ts --eval`, figures in bench/RESULTS.text.md).
 * Run: `bun scripts/build-casing-words.ts` (deterministic; a test checks the file is rebuilt byte for byte).
 */
import { parseCsvRecords } from "../src/feeds/csv.ts";
import { isShouting } from "../src/rules/english.ts";

export const SOURCES = ["data/upworthy-2013.csv", "data/youtube-us-2017.csv"] as const;
export const CASING_FILE = "src/rules/casing-words.json";
export const MIN_SEEN = 3;
export const MAX_CAPS_SHARE = 0.25;

const WORD = /\b[A-Za-z]{3,6}\b/g;

/** Per lower-cased word: in how many mixed-case texts it occurs, and in how many of those in capitals. */
export function caseCounts(texts: Iterable<string>): Map<string, { seen: number; caps: number }> {
  const out = new Map<string, { seen: number; caps: number }>();
  for (const t of texts) {
    if (isShouting(t)) continue;
    const forms = new Map<string, boolean>();
    for (const w of t.match(WORD) ?? []) {
      const k = w.toLowerCase();
      const caps = w === w.toUpperCase();
      forms.set(k, (forms.get(k) ?? false) || caps);
    }
    for (const [k, caps] of forms) {
      const c = out.get(k) ?? { seen: 0, caps: 0 };
      c.seen++;
      if (caps) c.caps++;
      out.set(k, c);
    }
  }
  return out;
}

export function plainWords(counts: Map<string, { seen: number; caps: number }>): string[] {
  return [...counts]
    .filter(([, c]) => c.seen >= MIN_SEEN && c.caps / c.seen <= MAX_CAPS_SHARE)
    .map(([k]) => k)
    .sort();
}

export async function buildCasingJson(root: string): Promise<string> {
  const [up, yt] = await Promise.all(SOURCES.map((f) => Bun.file(`${root}/${f}`).text()));
  const texts = new Set<string>();
  for (const r of parseCsvRecords(up).records) if (r.headline) texts.add(r.headline);
  for (const r of parseCsvRecords(yt).records) if (r.title) texts.add(r.title);
  const words = plainWords(caseCounts(texts));
  return `${JSON.stringify({ sources: SOURCES, minSeen: MIN_SEEN, maxCapsShare: MAX_CAPS_SHARE, count: words.length, words })}\n`;
}

if (import.meta.main) {
  const root = `${import.meta.dir}/..`;
  if (process.argv.includes("--eval")) {
    // Held out: every capitalised 3–6-letter word inside a mixed-case GB title that US never had in its
    // titles counts as unseen; the rest are judged by the list: printed for reading, with counts.
    const { words } = JSON.parse(await Bun.file(`${root}/${CASING_FILE}`).text()) as { words: string[] };
    const plain = new Set(words);
    const gb = parseCsvRecords(await Bun.file(`${root}/data/youtube-2017-v1/GBvideos.csv`).text()).records.map((r) => r.title as string);
    const seen = new Set<string>();
    const decided: { w: string; t: string; plain: boolean }[] = [];
    for (const t of new Set(gb)) {
      if (!t || isShouting(t)) continue;
      for (const w of t.match(WORD) ?? []) {
        if (w !== w.toUpperCase() || seen.has(w)) continue;
        seen.add(w);
        decided.push({ w, t, plain: plain.has(w.toLowerCase()) });
      }
    }
    const n = decided.length, p = decided.filter((d) => d.plain).length;
    console.log(`GB mixed-case titles: ${n} distinct words in capitals; ${p} read as emphasis (written plain), ${n - p} kept as acronyms`);
    // A seeded sample of each side for reading by eye.
    let s = 7;
    const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (const side of [true, false]) {
      const xs = decided.filter((d) => d.plain === side);
      console.log(`\n${side ? "emphasis" : "acronym"} (40 of ${xs.length}):`);
      for (let i = 0; i < 40 && xs.length; i++) {
        const d = xs[Math.floor(rand() * xs.length)];
        console.log(`  ${d.w}\t${d.t.slice(0, 90)}`);
      }
    }
  } else {
    await Bun.write(`${root}/${CASING_FILE}`, await buildCasingJson(root));
  }
}
