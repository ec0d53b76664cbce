/**
 * The column layout of snapshot format v2 (src/vault/snapshot.ts frames it). A vault of a million
 * videos decoded into v1-shaped objects is millions of JS objects and arrays: seconds to build and
 * gigabytes of heap. Here every record field is a typed array over the file's bytes, and every
 * string an index into one string table that is decoded only when read, so loading is a checksum
 * plus a few views. `VaultColumns` reads single fields (the engine's rankings read only these) and
 * materialises v1-shaped records on demand (`videoAt`, ...), for code that still works on objects.
 *
 * Encoding is deterministic: strings are appended to the table in a fixed walk over the body
 * (videos, searches, news, stories, by position, field by field), shared within a domain (see
 * StringTable), so the same body gives the same bytes.
 * Numbers keep their exact value: series values as float64, day ordinals as int32 (checked).
 * Layout of each field: see `encodeColumns`. Nullable strings use NONE; a list field is `<name>.off`
 * (u32, length n+1, into the flat `<name>`). Story series are stored sparse (a story is active on
 * few of the vault's days): per story its length, then (position, value) for entries that are not +0.
 */
import type { AlertLogEntry, IngestDayReport, NewsRec, SearchRec, StoryRec, VaultBody, VideoRec } from "./model.ts";
import type { Niche } from "../domain/enums.ts";

export type ColType = "u8" | "i32" | "u32" | "f64";
export type Typed = Uint8Array | Int32Array | Uint32Array | Float64Array;
/** Null string (u32 index) and null category (i32). */
export const NONE = 0xffffffff;
export const NULL_I32 = -0x80000000;

export const ELEM_BYTES: Record<ColType, number> = { u8: 1, i32: 4, u32: 4, f64: 8 };
export const CTORS = { u8: Uint8Array, i32: Int32Array, u32: Uint32Array, f64: Float64Array } as const;

export function colType(a: Typed): ColType {
  return a instanceof Uint8Array ? "u8" : a instanceof Int32Array ? "i32" : a instanceof Uint32Array ? "u32" : "f64";
}

/** What the msgpack part of the body holds (small, record-shaped data). */
export interface VaultMeta {
  date: string;
  days: string[];
  alertLog: AlertLogEntry[];
  reports: IngestDayReport[];
}

/**
 * Strings are shared within a domain (one Map per kind of value: small maps for small sets are
 * much faster to probe than one map of millions) and not deduplicated across domains; texts that
 * are unique per record (titles, queries) are appended without a lookup.
 */
type Domain = Map<string, number>;
class StringTable {
  readonly list: string[] = [];
  id(s: string, dom: Domain): number {
    let i = dom.get(s);
    if (i === undefined) {
      i = this.list.length;
      dom.set(s, i);
      this.list.push(s);
    }
    return i;
  }
  opt(s: string | null | undefined, dom: Domain | null): number {
    if (s === null || s === undefined) return NONE;
    if (dom) return this.id(s, dom);
    this.list.push(s);
    return this.list.length - 1;
  }
  add(s: string): number {
    this.list.push(s);
    return this.list.length - 1;
  }
  /**
   * The table as bytes with u32 byte offsets (n+1). A string of Latin-1 characters only (nearly all)
   * is stored one byte per character, so a reader can decode the whole table once and take each as
   * a substring (several times faster than decoding each); `wide` marks the others, stored UTF-8.
   */
  encode(): { off: Uint32Array; wide: Uint8Array; bytes: Uint8Array } {
    const n = this.list.length;
    const off = new Uint32Array(n + 1);
    const wide = new Uint8Array(n);
    let total = 0;
    for (let i = 0; i < n; i++) {
      const s = this.list[i];
      if (NOT_LATIN1.test(s)) {
        wide[i] = 1;
        total += Buffer.byteLength(s, "utf8");
      } else total += s.length;
      off[i + 1] = total;
    }
    const bytes = new Uint8Array(total);
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i < n; i++) buf.write(this.list[i], off[i], wide[i] ? "utf8" : "latin1");
    return { off, wide, bytes };
  }
}

const NOT_LATIN1 = /[^\x00-\xff]/;

function i32(x: number, what: string): number {
  if (!Number.isInteger(x) || x < -0x7fffffff || x > 0x7fffffff) throw new Error(`${what} ${x} is not a 32-bit integer (snapshot v2 stores it as int32)`);
  return x;
}

/** The v2 columns of a body, in a fixed order (names are the section names of the file). */
export function encodeColumns(body: VaultBody): { meta: VaultMeta; cols: [string, Typed][] } {
  const st = new StringTable();
  const cols: [string, Typed][] = [];
  // Domains: ids referenced across records, and sets of repeated values.
  const vid: Domain = new Map(), sid: Domain = new Map(), skey: Domain = new Map(), nurl: Domain = new Map();
  const small: Domain = new Map(), chan: Domain = new Map(), word: Domain = new Map();
  const scalar = <T>(name: string, ctor: { new (n: number): Typed }, rows: readonly T[], f: (r: T) => number) => {
    const a = new ctor(rows.length);
    for (let i = 0; i < rows.length; i++) a[i] = f(rows[i]);
    cols.push([name, a]);
  };
  // List fields: two passes (total length, then fill) into an exact typed array, one helper per
  // element type so each fill loop stays monomorphic (a push per element was a fifth of encoding).
  const offsets = <T>(rows: readonly T[], len: (r: T) => number): Uint32Array => {
    const off = new Uint32Array(rows.length + 1);
    for (let i = 0; i < rows.length; i++) off[i + 1] = off[i] + len(rows[i]);
    return off;
  };
  const i32List = <T>(name: string, rows: readonly T[], get: (r: T) => readonly number[]) => {
    const off = offsets(rows, (r) => get(r).length);
    const a = new Int32Array(off[rows.length]);
    for (let i = 0, k = 0; i < rows.length; i++) for (const x of get(rows[i])) a[k++] = i32(x, "day ordinal");
    cols.push([name + ".off", off], [name, a]);
  };
  const f64List = <T>(name: string, rows: readonly T[], get: (r: T) => readonly number[]) => {
    const off = offsets(rows, (r) => get(r).length);
    const a = new Float64Array(off[rows.length]);
    for (let i = 0, k = 0; i < rows.length; i++) for (const x of get(rows[i])) a[k++] = x;
    cols.push([name + ".off", off], [name, a]);
  };
  const strList = <T>(name: string, rows: readonly T[], get: (r: T) => readonly string[], dom: Domain) => {
    const off = offsets(rows, (r) => get(r).length);
    const a = new Uint32Array(off[rows.length]);
    for (let i = 0, k = 0; i < rows.length; i++) for (const x of get(rows[i])) a[k++] = st.id(x, dom);
    cols.push([name + ".off", off], [name, a]);
  };

  const V = body.videos;
  scalar("v.id", Uint32Array, V, (r) => st.id(r.id, vid));
  scalar("v.title", Uint32Array, V, (r) => st.add(r.title));
  scalar("v.channelTitle", Uint32Array, V, (r) => st.id(r.channelTitle, chan));
  scalar("v.channelId", Uint32Array, V, (r) => st.opt(r.channelId, chan));
  scalar("v.categoryId", Int32Array, V, (r) => (r.categoryId === null ? NULL_I32 : i32(r.categoryId, "categoryId")));
  strList("v.tags", V, (r) => r.tags, word);
  scalar("v.publishedAt", Uint32Array, V, (r) => st.opt(r.publishedAt, null));
  scalar("v.firstSeen", Uint32Array, V, (r) => st.id(r.firstSeen, small));
  strList("v.regions", V, (r) => r.regions, small);
  scalar("v.niche", Uint32Array, V, (r) => st.opt(r.niche, small));
  scalar("v.storyId", Uint32Array, V, (r) => st.opt(r.storyId, sid));
  i32List("v.d", V, (r) => r.d);
  f64List("v.v", V, (r) => r.v);
  // p: absent (older vaults) and present are told apart by v.hasP; null positions are NaN, so a
  // recorded NaN cannot be told from null and is refused at write.
  scalar("v.hasP", Uint8Array, V, (r) => (r.p ? 1 : 0));
  {
    const off = offsets(V, (r) => r.p?.length ?? 0);
    const a = new Float64Array(off[V.length]);
    for (let i = 0, k = 0; i < V.length; i++)
      for (const x of V[i].p ?? []) {
        if (Number.isNaN(x)) throw new Error("chart position NaN cannot be stored (NaN means null in snapshot v2)");
        a[k++] = x === null ? NaN : x;
      }
    cols.push(["v.p.off", off], ["v.p", a]);
  }

  const S = body.searches;
  scalar("s.key", Uint32Array, S, (r) => st.id(r.key, skey));
  scalar("s.query", Uint32Array, S, (r) => st.add(r.query));
  scalar("s.geo", Uint32Array, S, (r) => st.id(r.geo, small));
  scalar("s.firstSeen", Uint32Array, S, (r) => st.id(r.firstSeen, small));
  scalar("s.niche", Uint32Array, S, (r) => st.opt(r.niche, small));
  scalar("s.storyId", Uint32Array, S, (r) => st.opt(r.storyId, sid));
  scalar("s.trafficText", Uint32Array, S, (r) => st.id(r.trafficText, small));
  scalar("s.publishedAt", Uint32Array, S, (r) => st.opt(r.publishedAt, null));
  i32List("s.d", S, (r) => r.d);
  f64List("s.t", S, (r) => r.t);

  const N = body.news;
  scalar("n.url", Uint32Array, N, (r) => st.id(r.url, nurl));
  scalar("n.title", Uint32Array, N, (r) => st.add(r.title));
  scalar("n.source", Uint32Array, N, (r) => st.id(r.source, chan));
  scalar("n.publishedAt", Uint32Array, N, (r) => st.opt(r.publishedAt, null));
  scalar("n.firstSeen", Uint32Array, N, (r) => st.id(r.firstSeen, small));
  scalar("n.niche", Uint32Array, N, (r) => st.opt(r.niche, small));
  scalar("n.storyId", Uint32Array, N, (r) => st.opt(r.storyId, sid));

  const T = body.stories;
  scalar("t.id", Uint32Array, T, (r) => st.id(r.id, sid));
  scalar("t.name", Uint32Array, T, (r) => st.add(r.name));
  scalar("t.niche", Uint32Array, T, (r) => st.opt(r.niche, small));
  scalar("t.firstSeen", Uint32Array, T, (r) => st.id(r.firstSeen, small));
  strList("t.terms", T, (r) => r.terms, word);
  strList("t.videoIds", T, (r) => r.videoIds, vid);
  strList("t.searchKeys", T, (r) => r.searchKeys, skey);
  strList("t.newsUrls", T, (r) => r.newsUrls, nurl);
  strList("t.creators", T, (r) => r.creators, chan);
  for (const src of ["video", "search", "news"] as const) {
    scalar(`t.${src}.len`, Uint32Array, T, (r) => r.series[src].length);
    const nonZero = (xs: readonly number[]) => {
      let n = 0;
      for (const x of xs) if (!Object.is(x, 0)) n++;
      return n;
    };
    const off = offsets(T, (r) => nonZero(r.series[src]));
    const at = new Uint32Array(off[T.length]), val = new Float64Array(off[T.length]);
    for (let i = 0, k = 0; i < T.length; i++) {
      const xs = T[i].series[src];
      for (let j = 0; j < xs.length; j++)
        if (!Object.is(xs[j], 0)) {
          at[k] = j;
          val[k++] = xs[j];
        }
    }
    // Positions and values share one offsets array (written twice, so the reader's layout stays per field).
    cols.push([`t.${src}.at.off`, off], [`t.${src}.at`, at], [`t.${src}.val.off`, off.slice()], [`t.${src}.val`, val]);
  }
  const { off, wide, bytes } = st.encode();
  cols.unshift(["str.off", off], ["str.wide", wide], ["str.bytes", bytes]);
  return { meta: { date: body.date, days: body.days, alertLog: body.alertLog, reports: body.reports }, cols };
}

const REQUIRED: [string, ColType][] = [];
{
  // The full list of sections a reader needs, with their types, derived from the encoder on an empty
  // body (so the two cannot drift apart).
  const empty: VaultBody = { date: "1970-01-01", days: [], videos: [], searches: [], news: [], stories: [], alertLog: [], reports: [] };
  for (const [name, a] of encodeColumns(empty).cols) REQUIRED.push([name, colType(a)]);
}
export const COLUMN_SECTIONS: readonly [string, ColType][] = REQUIRED;

/** Columns of one kind of record, resolved once (a list field is [offsets, values]). */
type U32 = Uint32Array;
type ListCol<T extends Typed = Typed> = [U32, T];

/**
 * Read access to the columns of one decoded file. Each `*At(i)` builds a fresh v1-shaped record;
 * single fields (`str`, `col`, `last`) read without building one.
 */
export class VaultColumns {
  readonly nVideos: number;
  readonly nSearches: number;
  readonly nNews: number;
  readonly nStories: number;
  readonly nStrings: number;
  private readonly strOff: U32;
  private readonly wide: Uint8Array;
  private readonly bytes: Buffer;
  /** The whole table decoded as Latin-1 on first use: Latin-1 strings are substrings of it. */
  private latin1: string | null = null;
  private readonly c: Map<string, Typed>;
  private readonly v;
  private readonly s;
  private readonly n;
  private readonly t;

  constructor(
    readonly meta: VaultMeta,
    cols: Map<string, Typed>,
  ) {
    this.c = cols;
    const u = (n: string) => cols.get(n) as U32;
    const l = <T extends Typed>(n: string): ListCol<T> => [cols.get(n + ".off") as U32, cols.get(n) as T];
    this.strOff = u("str.off");
    this.wide = cols.get("str.wide") as Uint8Array;
    const b = cols.get("str.bytes") as Uint8Array;
    this.bytes = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
    this.nStrings = this.strOff.length - 1;
    this.v = {
      id: u("v.id"), title: u("v.title"), channelTitle: u("v.channelTitle"), channelId: u("v.channelId"), categoryId: cols.get("v.categoryId") as Int32Array,
      tags: l<U32>("v.tags"), publishedAt: u("v.publishedAt"), firstSeen: u("v.firstSeen"), regions: l<U32>("v.regions"), niche: u("v.niche"), storyId: u("v.storyId"),
      d: l<Int32Array>("v.d"), v: l<Float64Array>("v.v"), hasP: cols.get("v.hasP") as Uint8Array, p: l<Float64Array>("v.p"),
    };
    this.s = {
      key: u("s.key"), query: u("s.query"), geo: u("s.geo"), firstSeen: u("s.firstSeen"), niche: u("s.niche"), storyId: u("s.storyId"), trafficText: u("s.trafficText"),
      publishedAt: u("s.publishedAt"), d: l<Int32Array>("s.d"), t: l<Float64Array>("s.t"),
    };
    this.n = { url: u("n.url"), title: u("n.title"), source: u("n.source"), publishedAt: u("n.publishedAt"), firstSeen: u("n.firstSeen"), niche: u("n.niche"), storyId: u("n.storyId") };
    const series = (src: string) => ({ len: u(`t.${src}.len`), at: l<U32>(`t.${src}.at`), val: l<Float64Array>(`t.${src}.val`) });
    this.t = {
      id: u("t.id"), name: u("t.name"), niche: u("t.niche"), firstSeen: u("t.firstSeen"), terms: l<U32>("t.terms"), videoIds: l<U32>("t.videoIds"), searchKeys: l<U32>("t.searchKeys"),
      newsUrls: l<U32>("t.newsUrls"), creators: l<U32>("t.creators"), video: series("video"), search: series("search"), news: series("news"),
    };
    this.nVideos = this.v.id.length;
    this.nSearches = this.s.key.length;
    this.nNews = this.n.url.length;
    this.nStories = this.t.id.length;
  }

  /** Checks what a checksum cannot (the file is ours, but its writer may have been wrong): lengths and offsets in range. */
  validate(): string | null {
    const n: Record<string, number> = { v: this.nVideos, s: this.nSearches, n: this.nNews, t: this.nStories };
    if (this.strOff.length < 1 || this.strOff[0] !== 0 || this.strOff[this.nStrings] !== this.bytes.length || this.wide.length !== this.nStrings) return "string table offsets do not match its bytes";
    if (!ascending(this.strOff, this.nStrings)) return "string table offsets decrease";
    // Each loop is a monomorphic helper over one array type: a generic loop over all columns is
    // several times slower (seconds at a million videos).
    for (const [name, a] of this.c) {
      if (name.startsWith("str.")) continue;
      const rows = n[name[0]];
      if (name.endsWith(".off")) {
        const flat = this.c.get(name.slice(0, -4));
        if (a.length !== rows + 1 || a[0] !== 0 || !flat || a[rows] !== flat.length) return `section ${name} does not match its list`;
        if (!ascending(a as U32, rows)) return `section ${name} decreases`;
      } else if (!this.c.has(name + ".off") && a.length !== rows) return `section ${name} has ${a.length} rows, expected ${rows}`;
      if (a instanceof Uint32Array && !name.endsWith(".off") && !name.endsWith(".len") && !name.endsWith(".at") && !belowOrNone(a, this.nStrings)) return `section ${name} points past the string table`;
    }
    for (const src of ["video", "search", "news"] as const) {
      const { len, at: [off, at], val: [voff] } = this.t[src];
      const bad = sparseBad(len, off, at, voff, this.nStories);
      if (bad) return `series ${src} ${bad}`;
    }
    return null;
  }

  col<T extends Typed>(name: string): T {
    return this.c.get(name) as T;
  }

  /** String i of the table (built on every call: callers keep what they reuse). */
  str(i: number): string {
    const a = this.strOff[i], b = this.strOff[i + 1];
    if (this.wide[i]) return this.bytes.toString("utf8", a, b);
    return (this.latin1 ??= this.bytes.toString("latin1", 0, this.bytes.length)).substring(a, b);
  }
  strOpt(i: number): string | null {
    return i === NONE ? null : this.str(i);
  }
  private cstr(i: number, cache?: Map<number, string>): string {
    if (!cache) return this.str(i);
    let s = cache.get(i);
    if (s === undefined) cache.set(i, (s = this.str(i)));
    return s;
  }
  private copt(i: number, cache?: Map<number, string>): string | null {
    return i === NONE ? null : this.cstr(i, cache);
  }

  private nums([off, at]: ListCol, i: number): number[] {
    const from = off[i], n = off[i + 1] - from;
    const out = new Array<number>(n);
    for (let j = 0; j < n; j++) out[j] = at[from + j];
    return out;
  }
  private strs([off, at]: ListCol, i: number, cache?: Map<number, string>): string[] {
    const from = off[i], n = off[i + 1] - from;
    const out = new Array<string>(n);
    for (let j = 0; j < n; j++) out[j] = this.cstr(at[from + j], cache);
    return out;
  }
  /** Rows whose day list ("v.d" or "s.d") ends on `day`: today's chart, without building records. */
  rowsLastOn(kind: "v" | "s", day: number): number[] {
    const off = this.c.get(kind + ".d.off") as U32, d = this.c.get(kind + ".d") as Int32Array;
    const out: number[] = [];
    for (let i = 0; i + 1 < off.length; i++) if (off[i + 1] > off[i] && d[off[i + 1] - 1] === day) out.push(i);
    return out;
  }

  /** Last element of list field `name` ("v.d", ...) of row i, or undefined when the list is empty. */
  last(name: string, i: number): number | undefined {
    const off = this.c.get(name + ".off")!;
    return off[i + 1] > off[i] ? this.c.get(name)![off[i + 1] - 1] : undefined;
  }
  /** The list as a view (no copy). */
  view(name: string, i: number): Typed {
    const off = this.c.get(name + ".off")!;
    return this.c.get(name)!.subarray(off[i], off[i + 1]);
  }

  videoAt(i: number, cache?: Map<number, string>): VideoRec {
    const c = this.v;
    const cat = c.categoryId[i];
    const r: VideoRec = {
      id: this.str(c.id[i]),
      title: this.str(c.title[i]),
      channelTitle: this.cstr(c.channelTitle[i], cache),
      channelId: this.copt(c.channelId[i], cache),
      categoryId: cat === NULL_I32 ? null : cat,
      tags: this.strs(c.tags, i, cache),
      publishedAt: this.strOpt(c.publishedAt[i]),
      firstSeen: this.cstr(c.firstSeen[i], cache),
      regions: this.strs(c.regions, i, cache),
      niche: this.copt(c.niche[i], cache) as Niche | null,
      storyId: this.strOpt(c.storyId[i]),
      d: this.nums(c.d, i),
      v: this.nums(c.v, i),
    };
    if (c.hasP[i]) {
      const p: (number | null)[] = this.nums(c.p, i);
      for (let j = 0; j < p.length; j++) if (Number.isNaN(p[j])) p[j] = null;
      r.p = p;
    }
    return r;
  }

  /**
   * The series of video i as views, no copies: d, v, and p with NaN for an unknown position (an
   * absent p is an empty view). For readers that treat a non-finite position as unknown.
   */
  videoSeriesAt(i: number): { d: Int32Array; v: Float64Array; p: Float64Array; publishedAt: string | null } {
    const c = this.v;
    return {
      d: c.d[1].subarray(c.d[0][i], c.d[0][i + 1]),
      v: c.v[1].subarray(c.v[0][i], c.v[0][i + 1]),
      p: c.p[1].subarray(c.p[0][i], c.p[0][i + 1]),
      publishedAt: this.strOpt(c.publishedAt[i]),
    };
  }

  searchAt(i: number, cache?: Map<number, string>): SearchRec {
    const c = this.s;
    return {
      key: this.str(c.key[i]),
      query: this.str(c.query[i]),
      geo: this.cstr(c.geo[i], cache),
      firstSeen: this.cstr(c.firstSeen[i], cache),
      niche: this.copt(c.niche[i], cache) as Niche | null,
      storyId: this.strOpt(c.storyId[i]),
      trafficText: this.cstr(c.trafficText[i], cache),
      publishedAt: this.strOpt(c.publishedAt[i]),
      d: this.nums(c.d, i),
      t: this.nums(c.t, i),
    };
  }

  newsAt(i: number, cache?: Map<number, string>): NewsRec {
    const c = this.n;
    return {
      url: this.str(c.url[i]),
      title: this.str(c.title[i]),
      source: this.cstr(c.source[i], cache),
      publishedAt: this.strOpt(c.publishedAt[i]),
      firstSeen: this.cstr(c.firstSeen[i], cache),
      niche: this.copt(c.niche[i], cache) as Niche | null,
      storyId: this.strOpt(c.storyId[i]),
    };
  }

  /** Series `src` of story i, dense (as v1 stores it). */
  seriesAt(i: number, src: "video" | "search" | "news"): number[] {
    const { len, at: [off, at], val: [, val] } = this.t[src];
    const out = new Array<number>(len[i]).fill(0);
    for (let k = off[i]; k < off[i + 1]; k++) out[at[k]] = val[k];
    return out;
  }

  storyAt(i: number, cache?: Map<number, string>): StoryRec {
    const c = this.t;
    return {
      id: this.str(c.id[i]),
      name: this.str(c.name[i]),
      niche: this.copt(c.niche[i], cache) as Niche | null,
      firstSeen: this.cstr(c.firstSeen[i], cache),
      terms: this.strs(c.terms, i, cache),
      videoIds: this.strs(c.videoIds, i),
      searchKeys: this.strs(c.searchKeys, i),
      newsUrls: this.strs(c.newsUrls, i),
      creators: this.strs(c.creators, i, cache),
      series: { video: this.seriesAt(i, "video"), search: this.seriesAt(i, "search"), news: this.seriesAt(i, "news") },
    };
  }

  /**
   * All records of one kind. Strings of small sets (channels, days, niches, regions, tags, terms)
   * are built once and shared.
   */
  all<K extends "videos" | "searches" | "news" | "stories">(kind: K): VaultBody[K] {
    const cache = new Map<number, string>();
    const n = kind === "videos" ? this.nVideos : kind === "searches" ? this.nSearches : kind === "news" ? this.nNews : this.nStories;
    const out = new Array(n);
    if (kind === "videos") for (let i = 0; i < n; i++) out[i] = this.videoAt(i, cache);
    else if (kind === "searches") for (let i = 0; i < n; i++) out[i] = this.searchAt(i, cache);
    else if (kind === "news") for (let i = 0; i < n; i++) out[i] = this.newsAt(i, cache);
    else for (let i = 0; i < n; i++) out[i] = this.storyAt(i, cache);
    return out as VaultBody[K];
  }
}

function ascending(a: U32, rows: number): boolean {
  for (let i = 0; i < rows; i++) if (a[i] > a[i + 1]) return false;
  return true;
}

function belowOrNone(a: U32, n: number): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] >= n && a[i] !== NONE) return false;
  return true;
}

function sparseBad(len: U32, off: U32, at: U32, voff: U32, rows: number): string | null {
  for (let i = 0; i < rows; i++) {
    if (off[i + 1] !== voff[i + 1]) return "positions and values differ in length";
    for (let k = off[i]; k < off[i + 1]; k++) if (at[k] >= len[i] || (k > off[i] && at[k] <= at[k - 1])) return "position out of range";
  }
  return null;
}

const COLUMNS = new WeakMap<object, VaultColumns>();

/** The columns behind a body decoded from a v2 file, while its record arrays are the file's (undefined otherwise). */
export function vaultColumns(body: VaultBody): VaultColumns | undefined {
  return COLUMNS.get(body);
}

/**
 * A VaultBody over columns: `videos`, `searches`, `news` and `stories` are built on first access
 * (then plain data properties), so code that reads only columns never builds them. Assigning one
 * of them detaches the body from its columns.
 */
export function lazyBody(cols: VaultColumns): VaultBody {
  const body = { date: cols.meta.date, days: cols.meta.days } as VaultBody;
  const set = (key: string, value: unknown) => Object.defineProperty(body, key, { value, writable: true, enumerable: true, configurable: true });
  for (const key of ["videos", "searches", "news", "stories"] as const) {
    Object.defineProperty(body, key, {
      enumerable: true,
      configurable: true,
      get() {
        const v = cols.all(key);
        set(key, v);
        return v;
      },
      set(v) {
        COLUMNS.delete(body);
        set(key, v);
      },
    });
  }
  body.alertLog = cols.meta.alertLog;
  body.reports = cols.meta.reports;
  COLUMNS.set(body, cols);
  return body;
}
