/**
 * Tool-argument validation, before any HTTP call: the arguments are read the way the REST route
 * reads its query (niche and source case-insensitively, strings trimmed, a digit string accepted for
 * `limit`) and then checked with TypeBox's Value.Check against the tool's schema. A failure is an
 * invalid_param tool error; nothing is sent, so no credit is spent.
 */
import type { TObject } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { charLength, choicesOf } from "../api/params.ts";

/** A choice (niche, source) in its canonical spelling, whatever the letter case; else unchanged. */
function canonical(s: unknown, v: string): string {
  const l = v.trim().toLowerCase();
  return choicesOf(s)?.find((c) => c.toLowerCase() === l) ?? v;
}

export type Validated = { ok: true; args: Record<string, string | number> } | { ok: false; param: string; message: string };

export function validateArgs(schema: TObject, raw: unknown): Validated {
  if (raw === undefined || raw === null) raw = {};
  if (typeof raw !== "object" || Array.isArray(raw)) return { ok: false, param: "arguments", message: "Arguments must be a JSON object." };
  const input: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (v === undefined || v === null) continue; // null = "not given", as most hosts send it
    const s = (schema.properties as Record<string, unknown>)[k];
    if (choicesOf(s) && typeof v === "string") input[k] = canonical(s, v);
    else if (k === "limit" && typeof v === "string" && /^\s*\d{1,3}\s*$/.test(v)) input[k] = Number(v);
    else if (typeof v === "string") input[k] = v.trim();
    else input[k] = v;
  }
  // Lengths count characters (code points), as the REST route counts them (params.ts CharString).
  if (Value.Check(schema, input)) return { ok: true, args: input as Record<string, string | number> };

  const props = schema.properties as Record<string, any>;
  const unknown = Object.keys(input).find((k) => !(k in props));
  if (unknown) {
    const known = Object.keys(props);
    return { ok: false, param: unknown, message: `Unknown argument '${unknown}'. ${known.length ? `Accepted: ${known.join(", ")}.` : "This tool takes no arguments."}` };
  }
  const err = Value.Errors(schema, input).First();
  const param = (err?.path ?? "").replace(/^\//, "").split("/")[0] || (schema.required?.[0] ?? "arguments");
  const s = props[param];
  const value = input[param];
  let message: string;
  if (value === undefined) message = `Missing required argument '${param}'.`;
  else if (choicesOf(s)) message = `'${param}' must be one of ${choicesOf(s)!.join(", ")}.`;
  else if (s?.type === "integer") message = `'${param}' must be an integer from ${s.minimum} to ${s.maximum}.`;
  else if (s?.type === "string" && typeof value !== "string") message = `'${param}' must be a string.`;
  else if (s?.minLength != null) message = `'${param}' must be ${s.minLength} to ${s.maxLength} characters (got ${charLength(String(value))}).`;
  else message = `Invalid value for '${param}': ${err?.message ?? "does not match the schema"}.`;
  return { ok: false, param, message };
}
