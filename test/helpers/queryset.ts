/**
 * The labelled query set (test/fixtures/queries.tsv) run through the real matcher (matchStory over
 * buildIndexes) on the demo vault and on a vault built from the feed fixtures. Shared by
 * test/engine/match-eval.test.ts and bench/eval/match.ts.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readFeedDay } from "../../src/vault/feeddir.ts";
import { buildDay } from "../../src/vault/ingest.ts";
import type { VaultBody } from "../../src/vault/model.ts";
import { buildIndexes, matchStory, type Indexes } from "../../src/engine/indexes.ts";

const REPO = join(import.meta.dir, "../..");
export const QUERIES_TSV = join(REPO, "test/fixtures/queries.tsv");

export interface LabelledQuery {
  vault: "demo" | "feeds";
  kind: string;
  split: "dev" | "held" | "fresh";
  query: string;
  /** Member ids (video id, news URL, search key); empty = must not match. */
  expected: string[];
}

export function readQueries(path = QUERIES_TSV): LabelledQuery[] {
  const lines = readFileSync(path, "utf8").split("\n").filter((l) => l.trim() && !l.startsWith("#"));
  return lines.slice(1).map((l) => {
    const [vault, kind, split, query, expected] = l.split("\t");
    if (!query || !expected) throw new Error(`bad line in queries.tsv: ${l}`);
    return { vault: vault as LabelledQuery["vault"], kind, split: split as LabelledQuery["split"], query, expected: expected === "NONE" ? [] : expected.split(",") };
  });
}

/** One day of every feed fixture, ingested by the real code (news, searches and videos joined into stories). */
export function fixtureVault(): VaultBody {
  const fix = join(REPO, "test/fixtures/feeds");
  const dir = mkdtempSync(join(tmpdir(), "trend-intel-queryset-"));
  const day = "2017-10-31";
  try {
    mkdirSync(join(dir, day));
    const files: [string, string][] = [
      ["youtube-videos-list.json", "youtube-US-28.json"],
      ["youtube-videos-list-page2.json", "youtube-US-28-p2.json"],
      ["gtrends-current.xml", "trends-us.xml"],
      ["gtrends-legacy-daily.xml", "trends-gb.xml"],
      ["news-rss.xml", "news-rss.xml"],
      ["news-atom.xml", "news-atom.xml"],
    ];
    for (const [from, to] of files) cpSync(join(fix, from), join(dir, day, to));
    return buildDay(null, readFeedDay(dir, day));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface Outcome {
  q: LabelledQuery;
  answer: string | null;
  correct: boolean;
}

/** Member ids of a story (the labels name stories by their members, which outlive story ids and names). */
function members(idx: Indexes, storyIdx: number): Set<string> {
  const r = idx.stories[storyIdx].rec;
  return new Set([...r.videoIds, ...r.newsUrls, ...r.searchKeys]);
}

export function runQueries(queries: LabelledQuery[], vaults: Record<LabelledQuery["vault"], Indexes>): Outcome[] {
  return queries.map((q) => {
    const idx = vaults[q.vault];
    const m = matchStory(idx, q.query);
    if (!m) return { q, answer: null, correct: q.expected.length === 0 };
    const mem = members(idx, idx.stories.indexOf(m.story));
    return { q, answer: m.story.rec.name, correct: q.expected.some((id) => mem.has(id)) };
  });
}

export interface Scores {
  queries: number;
  positives: number;
  negatives: number;
  answered: number;
  truePos: number;
  precision: number;
  recall: number;
  /** Share of must-not-match queries answered null. */
  rejected: number;
}

/** precision = right answers / answers given; recall = right answers / queries that have a story. */
export function score(outcomes: Outcome[]): Scores {
  const pos = outcomes.filter((o) => o.q.expected.length > 0);
  const neg = outcomes.filter((o) => o.q.expected.length === 0);
  const answered = outcomes.filter((o) => o.answer !== null).length;
  const truePos = pos.filter((o) => o.correct).length;
  return {
    queries: outcomes.length,
    positives: pos.length,
    negatives: neg.length,
    answered,
    truePos,
    precision: answered ? truePos / answered : 1,
    recall: pos.length ? truePos / pos.length : 1,
    rejected: neg.length ? neg.filter((o) => o.answer === null).length / neg.length : 1,
  };
}

export function indexesOf(body: VaultBody): Indexes {
  return buildIndexes(body);
}
