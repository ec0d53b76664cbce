/** GET /api/public/hook-rescue?topic= — up to 5 hooks built from validated patterns (5 credits). */
import { defineEndpoint } from "./endpoint.ts";
import { HookRescueQuery } from "./params.ts";
import { HookRescueSchema } from "./intel-shapes.ts";
import { matchCached, validatedPatterns } from "../engine/service.ts";
import { applyTemplate } from "../rules/templates.ts";
import { proofOf } from "../rules/grade.ts";
import { titlePatterns } from "../rules/structure.ts";

export const HOOKS_MAX = 5;
export const RESCUE_NOTE = "Hook text is drafted from templates; each proof is measured from the vault (distinct creators, days active and strength of the pattern over the last 14 days).";

export const hookRescue = defineEndpoint({
  name: "hook-rescue",
  path: "/api/public/hook-rescue",
  kind: "intelligence",
  cost: 5,
  summary: "Hooks for a topic from validated patterns",
  description:
    "Up to 5 hooks for `topic` (4-120 characters), each built from a pattern validated in the topic's niche (the niche of the story it matches; all niches when it matches none), with the pattern's measured proof. status `ok`, or `no_validated_patterns` with an empty list when nothing is validated there.",
  query: HookRescueQuery,
  data: HookRescueSchema,
  confidence: "aiEstimated",
  freeText: ["topic"],
  example: { status: "ok", topic: "iPhone X review", matchedTopic: "iPhone X", niche: "Tech", hooks: [{ text: "iPhone X review: what actually matters", pattern: "struct:colon_split", proof: { validated_across_creators: 12, days_active: 9, strength: 0.55 } }], note: RESCUE_NOTE },
  handle(q, { snap, now }) {
    const m = matchCached(snap, q.topic);
    const niche = m?.story.niche ?? null;
    const patterns = validatedPatterns(snap, niche, now);
    const year = Number(snap.body.date.slice(0, 4));
    const hooks = [];
    for (const p of patterns) {
      if (hooks.length >= HOOKS_MAX) break;
      const text = applyTemplate(p.pattern, q.topic, year);
      if (!text || !titlePatterns(text).includes(p.pattern)) continue;
      hooks.push({ text, pattern: p.pattern, proof: proofOf(p) });
    }
    return {
      data: { status: hooks.length ? "ok" : "no_validated_patterns", topic: q.topic, matchedTopic: m?.story.rec.name ?? null, niche, hooks, note: RESCUE_NOTE },
    };
  },
});
