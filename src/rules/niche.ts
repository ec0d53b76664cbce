/**
 * Niche classifier: which of the six niches (spec 2.2) an item belongs to, from its title, tags and
 * (for video) YouTube category. A keyword in the title scores 2, in a tag 0.5 (at most 3 tags count),
 * and category 28 (Science & Technology) adds 1.5 to Tech. The best niche wins when its score is
 * at least 2; ties go to the more specific niche (order of NICHE_PRIORITY). Anything else: null,
 * so an item that fits no niche stays out of niche-filtered answers instead of being forced in.
 */
import type { Niche } from "../domain/enums.ts";

/** Most specific first: a "bitcoin price" title is Crypto before Finance. */
export const NICHE_PRIORITY: Niche[] = ["Crypto", "AI", "Finance", "Health", "Business", "Tech"];

export const NICHE_KEYWORDS: Record<Niche, string[]> = {
  Crypto: ["bitcoin", "btc", "ethereum", "crypto", "cryptocurrency", "cryptocurrencies", "blockchain", "litecoin", "coinbase", "dogecoin", "altcoin", "ico"],
  AI: ["ai", "artificial intelligence", "machine learning", "deep learning", "neural network", "neural networks", "deepmind", "alphago", "openai", "chatbot", "gpt", "self-driving", "autonomous car"],
  Finance: ["stock", "stocks", "stock market", "investing", "investment", "investor", "wall street", "mortgage", "taxes", "tax", "economy", "interest rate", "credit score", "credit card", "debt", "retirement", "401k", "equifax", "dow jones", "inflation", "recession", "personal finance"],
  Health: ["health", "healthy", "fitness", "workout", "diet", "keto", "weight loss", "lose weight", "vegan", "nutrition", "doctor", "medical", "cancer", "disease", "mental health", "depression", "anxiety", "yoga", "vaccine", "hospital", "surgery", "therapy", "obesity", "diabetes"],
  Business: ["business", "ceo", "startup", "startups", "entrepreneur", "entrepreneurs", "company", "companies", "marketing", "billionaire", "shark tank", "layoffs", "corporate", "small business", "founder"],
  Tech: ["iphone", "ipad", "macbook", "apple", "android", "samsung", "galaxy", "pixel", "smartphone", "smartphones", "laptop", "gadget", "gadgets", "unboxing", "tech", "technology", "microsoft", "windows 10", "tesla", "spacex", "google", "computer", "pc build", "processor", "cpu", "gpu", "oneplus", "huawei", "camera", "vr", "virtual reality", "augmented reality", "app", "software", "hardware", "robot", "drone", "face id"],
};

const TECH_CATEGORY = 28;

/**
 * Phrases whose keyword means something else: "business class" is a cabin, not a company;
 * "brand new" and "money shot" are idioms. Removed before matching.
 */
export const FALSE_FRIENDS = /\b(?:business class|first class|brand new|money shot)\b/g;

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** One compiled regex per niche; word boundaries so "ai" does not match "said". */
const MATCHERS: [Niche, RegExp][] = NICHE_PRIORITY.map((n) => [
  n,
  new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${NICHE_KEYWORDS[n].map(escape).join("|")})(?=$|[^\\p{L}\\p{N}])`, "gu"),
]);

function hits(re: RegExp, text: string): number {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(text)) n++;
  return n;
}

export interface NicheInput {
  title: string;
  tags?: string[];
  categoryId?: number | null;
}

export function nicheScores(x: NicheInput): Record<Niche, number> {
  const title = x.title.slice(0, 300).toLowerCase().replace(FALSE_FRIENDS, " ");
  const tags = (x.tags ?? []).slice(0, 40).join(" | ").toLowerCase().replace(FALSE_FRIENDS, " ");
  const out = {} as Record<Niche, number>;
  for (const [n, re] of MATCHERS) {
    out[n] = 2 * Math.min(hits(re, title), 2) + 0.5 * Math.min(hits(re, tags), 3);
  }
  if (x.categoryId === TECH_CATEGORY) out.Tech += 1.5;
  return out;
}

export const NICHE_MIN_SCORE = 2;

export function classifyNiche(x: NicheInput): Niche | null {
  const s = nicheScores(x);
  let best: Niche | null = null;
  for (const n of NICHE_PRIORITY) if (s[n] >= NICHE_MIN_SCORE && (best === null || s[n] > s[best])) best = n;
  return best;
}
