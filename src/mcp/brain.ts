/**
 * service_content_brain (7 credits): trends (1) + opportunities (5) + forecast (1) in one brief,
 * through exactly three REST calls made in that order:
 *   1. GET /api/public/trends[?niche=N][&source=S]
 *   2. GET /api/public/opportunities[?niche=N]
 *   3. GET /api/public/forecast?q=T, T = the `topic` argument, else the best opportunity's topic
 *      (highest opportunityScore), else (no opportunity available) the top trend's title.
 *
 * Partial failure: every call that is made is listed in `combined` with the credits it spent (from
 * the API's own `credits_used`); every part that failed or was skipped is listed in `errors`. The
 * result is returned with whatever succeeded and `partial: true`; it is a tool error (isError) only
 * when no part succeeded, and then it also carries the first error's fields at the top level, like
 * any other tool error. A later call is skipped (not made) after an error that would fail it too
 * (unauthorized, usage_review, service unreachable, burst/daily 429, 402 on a 1-credit call), so a
 * doomed call is never sent.
 */
import { callApi, type ApiConfig, type ApiErrorBody } from "./api.ts";

export interface BrainArgs {
  topic?: string;
  niche?: string;
  source?: string;
}

export interface CombinedCall {
  call: "trends" | "opportunities" | "forecast";
  tool: "get_trends" | "opportunities" | "forecast";
  path: string;
  status: number | null;
  ok: boolean;
  credits_used: number;
}

export interface BrainError extends Partial<ApiErrorBody> {
  call: "trends" | "opportunities" | "forecast";
  error: string;
  message: string;
}

export interface BrainResult {
  isError: boolean;
  body: Record<string, unknown>;
}

const PATHS = {
  trends: "/api/public/trends",
  opportunities: "/api/public/opportunities",
  forecast: "/api/public/forecast",
} as const;

const TOOL_OF = { trends: "get_trends", opportunities: "opportunities", forecast: "forecast" } as const;
const COST = { trends: 1, opportunities: 5, forecast: 1 } as const;

/** Would the same error also fail the next call? Then the next call is not made. */
function stopsTheRest(call: keyof typeof COST, e: ApiErrorBody): boolean {
  if (e.error === "unauthorized" || e.error === "usage_review" || e.error === "service_unreachable" || e.error === "not_ready") return true;
  if (e.error === "rate_limited") return e.scope !== "intel";
  if (e.error === "insufficient_credits") return COST[call] <= 1; // cannot pay 1 → cannot pay anything
  return false;
}

function pickBest(opps: unknown): Record<string, any> | null {
  if (!Array.isArray(opps)) return null;
  let best: Record<string, any> | null = null;
  for (const o of opps) {
    if (!o || typeof o !== "object" || typeof (o as any).topic !== "string" || !(o as any).topic.trim()) continue;
    const score = typeof (o as any).opportunityScore === "number" ? (o as any).opportunityScore : -Infinity;
    const bestScore = best && typeof best.opportunityScore === "number" ? best.opportunityScore : -Infinity;
    if (!best || score > bestScore) best = o as Record<string, any>;
  }
  return best;
}

export async function contentBrain(cfg: ApiConfig, args: BrainArgs): Promise<BrainResult> {
  const combined: CombinedCall[] = [];
  const errors: BrainError[] = [];
  let creditsRemaining: number | null = null;
  let stopped: BrainError | null = null;

  async function run(call: keyof typeof PATHS, query: Record<string, string | undefined>): Promise<unknown | undefined> {
    if (stopped) {
      errors.push({ call, error: "skipped", message: `Not called: the earlier '${stopped.call}' call failed with ${stopped.error}, which would fail this call too.` });
      return undefined;
    }
    const r = await callApi(cfg, PATHS[call], query);
    const path = r.url.slice(cfg.baseUrl.length);
    if (r.ok) {
      const used = typeof r.body.credits_used === "number" ? r.body.credits_used : COST[call];
      if (typeof r.body.credits_remaining === "number") creditsRemaining = r.body.credits_remaining;
      combined.push({ call, tool: TOOL_OF[call], path, status: r.status, ok: true, credits_used: used });
      return r.body.data;
    }
    combined.push({ call, tool: TOOL_OF[call], path, status: r.status, ok: false, credits_used: 0 });
    const err: BrainError = { call, ...r.error };
    errors.push(err);
    if (typeof r.error.credits_remaining === "number") creditsRemaining = r.error.credits_remaining;
    if (stopsTheRest(call, r.error)) stopped = err;
    return undefined;
  }

  const niche = args.niche;
  const trends = await run("trends", { niche, source: args.source });
  const opportunities = await run("opportunities", { niche });
  const best = pickBest(opportunities);

  let topic: string | null = args.topic ?? null;
  let topicSource: "argument" | "best_opportunity" | "top_trend" | null = topic ? "argument" : null;
  if (!topic && best) {
    topic = String(best.topic);
    topicSource = "best_opportunity";
  }
  if (!topic && Array.isArray(trends)) {
    const t = trends.find((x: any) => x && typeof x.title === "string" && x.title.trim());
    if (t) {
      topic = String((t as any).title).slice(0, 200);
      topicSource = "top_trend";
    }
  }
  let forecast: unknown | undefined;
  if (topic) forecast = await run("forecast", { q: topic });
  else if (!stopped) errors.push({ call: "forecast", error: "no_topic", message: "Not called: no topic was given and neither opportunities nor trends returned one to forecast." });
  else errors.push({ call: "forecast", error: "skipped", message: `Not called: the earlier '${(stopped as BrainError).call}' call failed with ${(stopped as BrainError).error}.` });

  const succeeded = combined.filter((c) => c.ok).length;
  const body: Record<string, unknown> = {
    niche: niche ?? null,
    source: args.source ?? "google",
    topic,
    topic_source: topicSource,
    best_opportunity: best,
    trends: trends ?? null,
    opportunities: opportunities ?? null,
    forecast: forecast ?? null,
    combined,
    credits_used: combined.reduce((s, c) => s + c.credits_used, 0),
    credits_remaining: creditsRemaining,
    partial: errors.length > 0,
    errors,
  };
  if (succeeded > 0) return { isError: false, body };
  // Nothing succeeded: a tool error shaped like the others (first error's fields on top).
  const first = errors.find((e) => e.error !== "skipped" && e.error !== "no_topic") ?? errors[0];
  const { call: _call, ...fields } = first ?? { call: "trends", error: "internal_error", message: "No part of the brief succeeded." };
  return { isError: true, body: { ...fields, ...body, message: `No part of the brief succeeded: ${fields.message}` } };
}
