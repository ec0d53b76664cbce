/**
 * Niche classifier: which of the six niches (spec 2.2) an item belongs to, from its title, channel,
 * tags and (for video) YouTube category; a search trend passes its query as the title and its news
 * headlines as tags. Rules (docs/rules.md "Niche classifier"):
 *
 * - Vocabulary: per niche, STRONG phrases that name the subject on their own ("iphone", "chatgpt",
 *   "stock market") and WEAK ones that only count with context ("apple", "stock", "health").
 * - Every phrase in a text is matched once, longest first, so "stock market" is one strong hit, not
 *   also a weak "stock"; FALSE_FRIENDS are phrases that match and score nothing ("bump stock",
 *   "apple cider", "primitive technology"), so their keyword never counts.
 * - Score per niche: title strong 2 each (at most 2 count), title weak 1 per distinct word (at most
 *   2), channel name strong 1 (at most once), tags strong 0.5 each (at most 3). Category 28 (Science
 *   & Technology) adds 1 to Tech.
 * - Evidence: a niche scores 0 unless the title or channel mentions it, and unless it has a strong hit
 *   somewhere or two different weak words in the title. Tags and category only confirm a subject
 *   the title names (channels paste one tag block everywhere; category 28 also holds science).
 * - Categories whose videos are entertainment (film, music, sports, gaming, comedy, entertainment):
 *   weak title words count 0 and the bar is 3.5, so a talk-show clip that names "mental health" once
 *   or a sketch named "Self-Conscious Computer" stays out, while "10 Reasons NOT To Buy iPhone X!"
 *   with its iPhone tags does not.
 * - The best niche wins when it reaches the bar (2, or 3.5 as above); ties go to the more specific
 *   niche (NICHE_PRIORITY). Otherwise null: no niche is an answer, and the item stays out of
 *   niche-filtered results rather than being forced into one.
 */
import type { Niche } from "../domain/enums.ts";
import { escapeRegExp } from "./text.ts";

/** Most specific first: a "bitcoin price" title is Crypto before Finance; "nvidia earnings" Finance before Tech. */
export const NICHE_PRIORITY: Niche[] = ["Crypto", "AI", "Finance", "Health", "Business", "Tech"];

export interface NicheVocabulary {
  strong: string[];
  weak: string[];
}

export const NICHE_VOCABULARY: Record<Niche, NicheVocabulary> = {
  AI: {
    strong: [
      "ai", "a.i.", "artificial intelligence", "machine learning", "deep learning", "neural network", "neural networks", "neural net",
      "deepmind", "alphago", "alphazero", "openai", "chatgpt", "gpt", "gpt-3", "gpt-4", "gpt-4o", "gpt-5", "llm", "llms",
      "large language model", "large language models", "generative ai", "genai", "chatbot", "chatbots", "anthropic", "claude ai",
      "gemini ai", "google gemini", "copilot", "midjourney", "stable diffusion", "dall-e", "deepfake", "deepfakes", "self-driving", "self driving",
      "driverless", "autonomous car", "autonomous cars", "autonomous vehicle", "autonomous vehicles", "computer vision", "agi",
      "ai agent", "ai agents", "prompt engineering", "hugging face", "mistral ai", "perplexity ai",
    ],
    weak: ["algorithm", "algorithms", "autonomy", "automation"],
  },
  Crypto: {
    strong: [
      "bitcoin", "bitcoins", "btc", "ethereum", "crypto", "cryptocurrency", "cryptocurrencies", "blockchain", "litecoin", "coinbase",
      "binance", "dogecoin", "altcoin", "altcoins", "nft", "nfts", "defi", "solana", "xrp", "stablecoin", "stablecoins", "web3",
      "memecoin", "memecoins", "satoshi", "ftx", "crypto exchange",
    ],
    weak: ["ico", "token", "tokens"],
  },
  Finance: {
    strong: [
      "stock market", "stock markets", "stock price", "stock prices", "stocks to buy", "share price", "stock exchange", "wall street",
      "dow jones", "nasdaq", "s&p 500", "s&p", "sp500", "etf", "etfs", "index fund", "index funds", "investing", "investment",
      "investments", "investor", "investors", "invest", "mortgage", "mortgages", "interest rate", "interest rates", "rate cut",
      "rate hike", "federal reserve", "inflation", "recession", "economy", "earnings", "dividend", "dividends", "401k", "401(k)",
      "roth ira", "retirement", "pension", "pensions", "credit score", "credit card", "credit cards", "debt", "student loans",
      "personal finance", "budgeting", "financial", "finance", "irs", "tax return", "tax returns", "tax refund", "taxes",
      "tax break", "tax breaks", "tax cut", "tax cuts", "tax reform", "equifax", "hedge fund", "ipo", "day trading", "bear market",
      "bull market", "market crash", "forex", "passive income", "banking", "fintech",
    ],
    weak: ["stock", "stocks", "tax", "bank", "banks", "money", "shares", "trading", "loan", "loans", "wealth"],
  },
  Health: {
    strong: [
      "mental health", "mental illness", "fitness", "workout", "workouts", "keto", "weight loss", "lose weight", "nutrition",
      "nutritionist", "medical", "medicine", "cancer", "disease", "diseases", "illness", "depression", "anxiety", "yoga", "vaccine",
      "vaccines", "vaccination", "obesity", "diabetes", "dementia", "alzheimer's", "alzheimers", "autism", "adhd", "ptsd", "pcos",
      "endometriosis", "asthma", "arthritis", "migraine", "migraines", "insomnia", "eating disorder", "anorexia", "heart disease",
      "heart attack", "blood pressure", "cholesterol", "measles", "flu", "covid", "covid-19", "coronavirus", "pandemic", "hiv",
      "ozempic", "wegovy", "symptoms", "wellness", "calories", "transplant", "birth defect", "pharma",
      "pharmaceutical", "therapist", "brain surgery", "heart surgery", "psychiatrist",
    ],
    weak: ["health", "healthy", "healthcare", "health care", "diet", "doctor", "doctors", "hospital", "surgery", "therapy", "gym", "exercise", "drug", "drugs", "dentist", "virus", "protein", "hormone", "hormones", "addiction", "vegan", "sleep", "self care", "self-care"],
  },
  Business: {
    strong: [
      "business", "businesses", "ceo", "ceos", "startup", "startups", "start-up", "entrepreneur", "entrepreneurs", "entrepreneurship",
      "small business", "corporate", "corporation", "corporations", "marketing", "shark tank", "layoffs", "merger", "mergers",
      "acquisition", "antitrust", "revenue", "profits", "side hustle", "ecommerce", "e-commerce", "dropshipping", "amazon fba"
    ],
    weak: ["company", "companies", "founder", "co-founder", "billionaire", "billionaires", "brand", "brands", "walmart", "amazon", "retail", "monopoly", "franchise", "profit", "sales"],
  },
  Tech: {
    strong: [
      "iphone", "iphones", "ipad", "ipads", "macbook", "macbooks", "imac", "mac mini", "macos", "ios", "ios 11", "android", "smartphone",
      "smartphones", "cell phone", "laptop", "laptops", "chromebook", "gadget", "gadgets", "pc build", "gaming pc", "computer science",
      "pixel 2", "pixel 2 xl", "pixel 3", "pixel 4", "pixel 5", "pixel 6", "pixel 7", "pixel 8", "pixel 9", "google pixel",
      "galaxy note", "galaxy s8", "galaxy s9", "galaxy s10", "galaxy s20", "galaxy s21", "galaxy s22", "galaxy s23", "galaxy s24", "galaxy s25", "pixelbook", "samsung", "huawei", "oneplus", "xiaomi", "essential phone",
      "apple watch", "apple event", "apple keynote", "apple tv", "airpods", "homepod", "face id", "animoji", "microsoft",
      "windows 10", "windows 11", "tesla", "spacex", "elon musk", "hyperloop", "robotics", "3d printer", "3d printing", "3d printed",
      "raspberry pi", "arduino", "esp32", "pcb", "vr", "virtual reality", "augmented reality", "oculus", "software", "cpu", "gpu",
      "graphics card", "processor", "nvidia", "amd", "ryzen", "broadband", "wifi", "wi-fi", "5g", "wpa2", "bluetooth", "linux",
      "cybersecurity", "data breach", "malware", "ransomware", "crowdstrike", "smart home", "google home", "amazon echo", "alexa",
      "smartwatch", "fast charging", "wireless charging", "dxomark", "teardown", "tech news", "tech review", "tech tips",
      "favorite tech", "favourite tech", "best tech", "new tech", "techcrunch", "unbox therapy", "engadget", "the verge",
    ],
    weak: [
      "apple", "google", "phone", "phones", "pixel", "galaxy", "unboxing", "hands on", "hands-on", "drone", "drones", "robot", "robots",
      "computer", "computers", "pc", "app", "apps", "hardware", "technology", "camera", "cameras", "internet", "electronics",
      "keyboard", "charger", "chargers", "intel", "xbox", "ps4", "playstation", "facebook", "twitter", "instagram", "snapchat",
      "keynote", "drop test", "durability test", "hacker", "hackers", "hacked", "battery",
    ],
  },
};

/**
 * Phrases whose keyword means something else; they match (longest first) and score nothing.
 * "bump stock" is a gun part, "apple cider" a drink, "Primitive Technology" a channel about mud huts,
 * "tropical depression" weather, "business class" a cabin, "make weight" a weigh-in.
 */
export const FALSE_FRIENDS: string[] = [
  "bump stock", "bump stocks", "bump fire stock", "bump fire stocks", "bump-fire stock", "slide fire stock", "rifle stock",
  "in stock", "out of stock", "stock footage", "stock photo", "stock photos", "stock image", "stock images", "stock car",
  "stock cars", "chicken stock", "beef stock", "vegetable stock", "laughing stock", "stock up",
  "apple cider", "apple pie", "apple pies", "apple sauce", "big apple", "adam's apple", "candy apple", "caramel apple",
  "caramel apples", "toffee apple", "apple crumble", "bad apple", "apple of my eye",
  "primitive technology", "primitiver technology", "great depression", "tropical depression", "make weight", "made weight",
  "business class", "first class", "brand new", "money shot", "ready for business", "open for business", "none of your business",
  "monkey business", "funny business", "hidden camera", "on camera", "caught on camera", "life hack", "life hacks",
  "kitchen gadget", "kitchen gadgets", "georgia tech", "virginia tech", "texas tech", "louisiana tech", "mr. robot", "mr robot", "guardians of the galaxy",
  "tax collector", "the financial diet", "drug bust", "drug dealer", "drug lord", "on the verge",
];

/** YouTube categories whose videos are entertainment: film 1, music 10, sports 17, gaming 20, comedy 23, entertainment 24. */
export const ENTERTAINMENT_CATEGORIES: ReadonlySet<number> = new Set([1, 10, 17, 20, 23, 24]);
const TECH_CATEGORY = 28;

export const NICHE_MIN_SCORE = 2;
export const ENTERTAINMENT_MIN_SCORE = 3.5;

type Tier = "strong" | "weak" | "false";
interface Phrase {
  niche: Niche | null;
  tier: Tier;
}

function buildPhrases(): Map<string, Phrase> {
  const m = new Map<string, Phrase>();
  const put = (p: string, v: Phrase) => {
    if (m.has(p)) throw new Error(`niche phrase listed twice: ${p}`);
    m.set(p, v);
  };
  for (const n of NICHE_PRIORITY) {
    for (const p of NICHE_VOCABULARY[n].strong) put(p, { niche: n, tier: "strong" });
    for (const p of NICHE_VOCABULARY[n].weak) put(p, { niche: n, tier: "weak" });
  }
  for (const p of FALSE_FRIENDS) put(p, { niche: null, tier: "false" });
  return m;
}

const PHRASES = buildPhrases();

/**
 * One regex over every phrase, longest first, so at any position the longest phrase wins and each
 * word is used once. Boundaries are "not a letter or digit" on both sides, so "ai" does not match
 * "said" and "tech" does not match "technique".
 */
const MATCHER = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...PHRASES.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : 1)).map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}])`,
  "gu",
);

export function normaliseNicheText(s: string): string {
  return s.normalize("NFKC").toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, " ");
}

/**
 * Hits per niche and tier in one text: strong hits counted each time, weak hits once per distinct
 * phrase (a title saying "cameras" twice has one weak word, not two). False friends count nowhere.
 */
export function phraseHits(text: string): Record<Niche, { strong: number; weak: number }> {
  const out = Object.fromEntries(NICHE_PRIORITY.map((n) => [n, { strong: 0, weak: 0 }])) as Record<Niche, { strong: number; weak: number }>;
  const weakSeen = new Set<string>();
  for (const m of normaliseNicheText(text).matchAll(MATCHER)) {
    const p = PHRASES.get(m[0])!;
    if (!p.niche || p.tier === "false") continue;
    if (p.tier === "strong") out[p.niche].strong++;
    else if (!weakSeen.has(m[0])) {
      weakSeen.add(m[0]);
      out[p.niche].weak++;
    }
  }
  return out;
}

export interface NicheInput {
  title: string;
  tags?: string[];
  categoryId?: number | null;
  /** Channel name (videos); a strong phrase in it adds 1, e.g. "Linus Tech Tips". */
  channel?: string | null;
}

export function nicheScores(x: NicheInput): Record<Niche, number> {
  const entertainment = x.categoryId != null && ENTERTAINMENT_CATEGORIES.has(x.categoryId);
  const title = phraseHits(x.title.slice(0, 300));
  const channel = phraseHits((x.channel ?? "").slice(0, 100));
  // Tags joined by " | ": no phrase contains "|", so a phrase never spans two tags.
  const tags = phraseHits((x.tags ?? []).slice(0, 40).map((t) => t.slice(0, 200)).join(" | "));
  const out = {} as Record<Niche, number>;
  for (const n of NICHE_PRIORITY) {
    const tagStrong = tags[n].strong;
    const named = title[n].strong + title[n].weak + channel[n].strong > 0;
    const strongEnough = title[n].strong + channel[n].strong + tagStrong > 0 || title[n].weak >= 2;
    if (!named || !strongEnough) {
      out[n] = 0;
      continue;
    }
    out[n] =
      2 * Math.min(title[n].strong, 2) +
      (entertainment ? 0 : Math.min(title[n].weak, 2)) +
      Math.min(channel[n].strong, 1) +
      0.5 * Math.min(tagStrong, 3);
  }
  if (x.categoryId === TECH_CATEGORY && out.Tech > 0) out.Tech += 1;
  return out;
}

/** The score a niche must reach for this item: 3.5 in entertainment categories, else 2. */
export function nicheBar(categoryId: number | null | undefined): number {
  return categoryId != null && ENTERTAINMENT_CATEGORIES.has(categoryId) ? ENTERTAINMENT_MIN_SCORE : NICHE_MIN_SCORE;
}

export function classifyNiche(x: NicheInput): Niche | null {
  const s = nicheScores(x);
  const bar = nicheBar(x.categoryId);
  let best: Niche | null = null;
  for (const n of NICHE_PRIORITY) if (s[n] >= bar && (best === null || s[n] > s[best])) best = n;
  return best;
}
