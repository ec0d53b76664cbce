/**
 * Builds src/rules/readability-words.json, the word list of the `/grade` readability gate
 * (src/rules/readability.ts), from the real titles and headlines the repository holds:
 * data/upworthy-2013.csv (headlines and excerpts) and data/youtube-us-2017.csv (titles and tags).
 * Run: `bun scripts/build-readability-words.ts`.
 *
 * A word is known when it occurs in an edited Upworthy headline or excerpt, or in at least MIN_DOCS
 * distinct YouTube texts, so one creator's keyboard mash or typo (a tag like "logang") does not make
 * it a word. Letter-trigram counts (how many distinct words of either source contain each trigram)
 * are stored too: they tell a plausible unknown word (a name) from keyboard mash. Output is sorted and
 * deterministic, so re-running yields a byte-identical file (a test checks this).
 */
import { parseCsvRecords } from "../src/feeds/csv.ts";
import { type LexiconSpec, trigrams, wordsOf } from "../src/rules/readability.ts";

export const SOURCES = ["data/upworthy-2013.csv", "data/youtube-us-2017.csv"] as const;
export const WORDS_FILE = "src/rules/readability-words.json";
/** Distinct YouTube texts (a video's title, a video's tags) a word must occur in to be known. */
export const MIN_DOCS = 2;

/** The texts of the sources, deduplicated (a trending video repeats on many days): edited and user-written. */
export function sourceTexts(upworthyCsv: string, youtubeCsv: string): { edited: string[]; user: string[] } {
  const edited = new Set<string>();
  const user = new Set<string>();
  for (const r of parseCsvRecords(upworthyCsv).records) {
    if (r.headline) edited.add(r.headline);
    if (r.excerpt) edited.add(r.excerpt);
  }
  for (const r of parseCsvRecords(youtubeCsv).records) {
    if (r.title) user.add(r.title);
    if (r.tags && r.tags !== "[none]") user.add(r.tags.replaceAll("|", " "));
  }
  return { edited: [...edited], user: [...user] };
}

export function buildLexicon(edited: string[], user: string[], minDocs = MIN_DOCS): LexiconSpec {
  const lowerWords = (t: string) => new Set(wordsOf(t).map((x) => x.toLowerCase()));
  const known = new Set<string>();
  const seen = new Set<string>();
  for (const t of edited) for (const w of lowerWords(t)) known.add(w), seen.add(w);
  const docs = new Map<string, number>();
  for (const t of user) for (const w of lowerWords(t)) docs.set(w, (docs.get(w) ?? 0) + 1), seen.add(w);
  for (const [w, n] of docs) if (n >= minDocs) known.add(w);
  const tri = new Map<string, number>();
  for (const w of seen) for (const g of new Set(trigrams(w))) tri.set(g, (tri.get(g) ?? 0) + 1);
  const sortedKeys = (xs: Iterable<string>) => [...xs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { words: sortedKeys(known), trigrams: Object.fromEntries(sortedKeys(tri.keys()).map((g) => [g, tri.get(g)!])) };
}

export async function buildWordsJson(root: string): Promise<string> {
  const [up, yt] = await Promise.all(SOURCES.map((f) => Bun.file(`${root}/${f}`).text()));
  const { edited, user } = sourceTexts(up, yt);
  const lex = buildLexicon(edited, user);
  return `${JSON.stringify({ sources: SOURCES, minDocs: MIN_DOCS, count: lex.words.length, ...lex })}\n`;
}

if (import.meta.main) {
  const root = `${import.meta.dir}/..`;
  const json = await buildWordsJson(root);
  await Bun.write(`${root}/${WORDS_FILE}`, json);
  console.log(`${WORDS_FILE}: ${JSON.parse(json).count} words`);
}
