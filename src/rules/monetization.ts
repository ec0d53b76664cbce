/**
 * Possible monetization paths per niche. Every entry is an estimate of what creators in the niche
 * commonly use, never a promise: `basis` is always "estimate" and the disclaimer says so.
 */
import type { Niche } from "../domain/enums.ts";

export const MONETIZATION_DISCLAIMER = "Estimate of common monetization paths in this niche; not a guarantee of income.";

const TABLE: Record<Niche, string[]> = {
  AI: ["Sponsored tool reviews", "Affiliate links to AI software", "Online course or workshop"],
  Crypto: ["Exchange or wallet affiliate programs (check local rules)", "Paid newsletter", "Sponsored segments"],
  Tech: ["Affiliate links to reviewed gear", "Sponsored reviews", "Platform ad revenue"],
  Finance: ["Brokerage or banking affiliate programs", "Paid newsletter or community", "Sponsored segments"],
  Business: ["Consulting or coaching leads", "Course or template sales", "Sponsored segments"],
  Health: ["Affiliate links to fitness and nutrition products", "Coaching programs", "Platform ad revenue"],
};

export function possibleMonetization(niche: Niche): { model: string; basis: "estimate"; disclaimer: string }[] {
  return TABLE[niche].map((model) => ({ model, basis: "estimate", disclaimer: MONETIZATION_DISCLAIMER }));
}
