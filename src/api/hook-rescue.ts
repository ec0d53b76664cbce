/** GET /api/public/hook-rescue?topic= — up to 5 hooks built from validated patterns (5 credits; none when no hook). */
import { route } from "./endpoint.ts";
import { HOOK_RESCUE, RESCUE_NOTE } from "./contracts.ts";
import { matchCached, storyContext, validatedPatterns } from "../engine/service.ts";
import { hookText } from "../rules/templates.ts";
import { topicSubject } from "../rules/rewrite.ts";
import { proofOf } from "../rules/grade.ts";

export const HOOKS_MAX = 5;

export const hookRescue = route(HOOK_RESCUE, (q, { snap, now }) => {
  const m = matchCached(snap, q.topic);
  const niche = m?.story.niche ?? null;
  // The niche's own validated patterns first, then those validated across all niches: a topic whose
  // niche validates only light-hearted patterns (a hurricane) still gets respectful hooks.
  const own = validatedPatterns(snap, niche, now);
  const ownIds = new Set(own.map((p) => p.pattern));
  const patterns = niche ? [...own, ...validatedPatterns(snap, null, now).filter((p) => !ownIds.has(p.pattern))] : own;
  const year = Number(snap.body.date.slice(0, 4));
  // The topic's subject without framing ("keto diet results" → "keto diet"), in the story's casing.
  // A one-word topic carries how many stories hold its word: a common word ("autumn") names no topic by itself.
  const ctx = m ? storyContext(snap, m.story) : {};
  const word = q.topic.trim();
  const subject = topicSubject(q.topic, /^[\p{L}\p{N}'’!.&-]+$/u.test(word) ? { ...ctx, topicStories: snap.idx.matcher.storiesHolding(word) } : ctx);
  const hooks = [];
  const seen = new Set<string>();
  for (const p of patterns) {
    if (hooks.length >= HOOKS_MAX) break;
    // hookText only returns text that carries the pattern, fits 100 characters and suits the tone.
    const text = hookText(p.pattern, subject, year);
    if (!text || seen.has(text)) continue;
    seen.add(text);
    hooks.push({ text, pattern: p.pattern, proof: proofOf(p) });
  }
  // Strongest first, whichever list a pattern came from (stable: the niche's own first on a tie).
  hooks.sort((a, b) => b.proof.strength - a.proof.strength);
  // No hook is no answer: an empty list costs nothing, and says why it is empty (nothing validated,
  // or validated patterns none of which reads right for this topic: another language, a greeting…).
  const status = hooks.length ? "ok" : patterns.length ? "no_fitting_hook" : "no_validated_patterns";
  return {
    data: { status, topic: q.topic, matchedTopic: m?.story.rec.name ?? null, niche, hooks, note: RESCUE_NOTE },
    ...(hooks.length ? {} : { cost: 0 }),
  };
});
