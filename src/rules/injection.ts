/**
 * Prompt-injection screen for the free-text inputs (`q`, `topic`, `draft`). The API answers 400
 * `invalid_input` when this flags, so the text never reaches a model or a prompt template.
 *
 * Two layers. Rules first: role tokens, instruction overrides, encoded payloads and hidden
 * characters are explainable (`reason` + the matched text in `detail`) and precise (zero flags on
 * 32k real titles), but rules only name the attacks someone wrote down, and on attack corpora they
 * had never seen they caught under half. Then a learned classifier (injection-model.ts: logistic
 * regression over hashed character and word n-grams, trained by scripts/train-injection.ts) for
 * personas, off-topic orders and jailbreak preambles; its threshold is set by a false-positive
 * budget on real titles. Held-out figures: bench/RESULTS.injection.md; each rule: docs/rules.md.
 *
 * Zero-width characters, BOMs and line breaks are not attacks by themselves (real titles carry
 * them): `normalizeInput` removes them, the caller passes the normalised text on, and the phrase
 * rules look through them. Only hidden characters that change what a reader sees or carry a
 * payload (bidi overrides, tag characters, variation-selector runs, controls) are refused.
 *
 * Cost control: input is capped at SCREEN_MAX_CHARS; one hand-written pass finds which rules can
 * possibly match (gate words), so an ordinary title runs almost no regex; every regex is linear
 * (bounded repeats over disjoint classes, no nested unbounded quantifiers over overlapping ones).
 */
import { INJECTION_MODEL, modelScore, type InjectionModel } from "./injection-model.ts";

/** Closed set of reasons. Also the order of the checks (first match wins). */
export const INJECTION_REASONS = ["role_token", "instruction_override", "encoded_payload", "hidden_characters", "classifier"] as const;
export type InjectionReason = (typeof INJECTION_REASONS)[number];

export type ScreenResult = { flagged: false } | { flagged: true; reason: InjectionReason; detail: string };

/**
 * Only this many UTF-16 units are examined. The API caps fields at 200 chars, so this is headroom
 * for other callers; it bounds the worst case (adversarial 1k-char input) to well under a millisecond.
 */
export const SCREEN_MAX_CHARS = 1024;

const OK: ScreenResult = Object.freeze({ flagged: false }) as ScreenResult;

/** Detail text never echoes invisible characters; long matches are shortened. */
function quote(s: string): string {
  let t = s.replace(/[\p{C}\p{Z}]/gu, (c) => (c === " " ? " " : `\\u{${c.codePointAt(0)!.toString(16)}}`));
  if (t.length > 60) t = t.slice(0, 57) + "...";
  return JSON.stringify(t);
}

// ---------------------------------------------------------------------------------------------
// hidden_characters
// ---------------------------------------------------------------------------------------------

/**
 * Always suspicious, anywhere: C0 controls except TAB/LF/CR, DEL, C1 controls except NEL (a line
 * break), Mongolian vowel separator, invisible math operators, deprecated format chars, bidi
 * embeddings/overrides/isolates (Trojan Source: they reorder what a reader sees), interlinear
 * annotation, Hangul fillers used as "invisible letters", musical/shorthand format controls.
 * BOM, word joiner and zero-width spaces are not here: `normalizeInput` removes them.
 */
const HARD_HIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F\u180E\u2061-\u2064\u206A-\u206F\u202A-\u202E\u2066-\u2069\uFFF9-\uFFFB\u3164\uFFA0\u{1BCA0}-\u{1BCA3}\u{1D173}-\u{1D17A}]/u;

/** Tag characters (ASCII smuggling, U+E0000-E007F). Legit only inside subdivision flags 🏴󠁧󠁢󠁥󠁮󠁧󠁿. */
const TAG_CHAR = /[\u{E0000}-\u{E007F}]/u;
const LEGIT_TAG_FLAG = /\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{1,7}\u{E007F}/gu;

/** Bidi marks (LRM, RLM, ALM) do something only in text that has right-to-left letters. */
const BIDI_MARK_G = /[\u200E\u200F\u061C]/g;
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]/;

/** ZWJ/ZWNJ: meaningful between emoji (ZWJ) or between letters of joining scripts (Arabic, Indic, ...). */
const JOINING_SCRIPT = String.raw`\u0600-\u08FF\u0900-\u0DFF\u1000-\u109F\u1780-\u18AF\uA8E0-\uA8FF\uFB50-\uFDFF\uFE70-\uFEFC`;
/** Matches a meaningful joiner (kept) or, in group 1, a stray one (removed). */
const JOINER_G = new RegExp(
  String.raw`(?<=[${JOINING_SCRIPT}])[\u200C\u200D](?=[${JOINING_SCRIPT}])|(?<=[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F])\u200D(?=\p{Extended_Pictographic})|([\u200C\u200D])`,
  "gu",
);

/** Two variation selectors in a row never occur in text; runs encode bytes ("emoji smuggling"). */
const VS_RUN = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]{2}/u;

/**
 * Zero-width and format characters a reader cannot see: ZWSP, word joiner, BOM/ZWNBSP, soft hyphen,
 * CGJ. Real titles carry them (copied from broadcasters' sites, a BOM from a file), so they are
 * removed, never refused; what reaches a handler is what a reader saw. The phrase rules run on views
 * with them removed and replaced by spaces, so they cannot hide an attack either.
 */
const INVISIBLE_G = /[\u200B\u2060\uFEFF\u00AD\u034F]/g;
/** The same plus joiners and bidi marks: removed for the phrase rules' view whatever their context. */
const SOFT_INVISIBLE_G = /[\u200B\u2060\uFEFF\u00AD\u034F\u200C\u200D\u200E\u200F\u061C]/g;
/** A line break (with the spaces around it): the fields are single-line, so it becomes one space. */
const LINE_BREAKS_G = /[ \t]*(?:[\r\n\u0085\u2028\u2029][ \t]*)+/g;
/** Anything outside printable ASCII (including TAB/LF/CR) takes the slow path. */
const NON_ASCII = /[^\x20-\x7e]/;

/**
 * What a reader sees, as one line: zero-width spaces, word joiners, BOMs, soft hyphens, stray
 * ZWJ/ZWNJ and bidi marks in left-to-right text removed; line breaks collapsed to one space; trimmed.
 * Idempotent. Hidden characters that change what a reader sees or carry a payload (bidi overrides,
 * tag characters, variation-selector runs, control characters) are kept, so the screen refuses them.
 */
export function normalizeInput(text: string): string {
  if (typeof text !== "string") return "";
  if (!NON_ASCII.test(text)) return text.trim();
  let s = text.replace(INVISIBLE_G, "");
  if (s.includes("\u200C") || s.includes("\u200D")) s = s.replace(JOINER_G, (m: string, stray?: string) => (stray ? "" : m));
  if (!RTL_LETTER.test(s)) s = s.replace(BIDI_MARK_G, "");
  return s.replace(LINE_BREAKS_G, " ").trim();
}

function hex(cp: number): string {
  return "U+" + cp.toString(16).toUpperCase().padStart(4, "0");
}

function hiddenAt(s: string, re: RegExp, what: string): string {
  const m = re.exec(s);
  const cp = m ? m[0].codePointAt(0)! : 0;
  return `${what} ${hex(cp)} at index ${m ? m.index : -1}`;
}

/**
 * Returns a detail string when the text carries hidden characters that change what a reader sees
 * or smuggle a payload past the reader, else null. Harmless invisibles are normalised, not refused.
 */
function checkHidden(s: string): string | null {
  if (HARD_HIDDEN.test(s)) return hiddenAt(s, HARD_HIDDEN, "control_or_format: invisible/control character");
  if (s.includes("\uDB40")) {
    const rest = s.replace(LEGIT_TAG_FLAG, "");
    if (TAG_CHAR.test(rest)) return hiddenAt(rest, TAG_CHAR, "tag_char: tag character");
  }
  if (VS_RUN.test(s.replace(SOFT_INVISIBLE_G, ""))) return "variation_selector_run: run of variation selectors (hidden payload)"; // ZWSP may not split a run
  return null;
}

// ---------------------------------------------------------------------------------------------
// role_token and instruction_override: regex rules on the lower-cased view
// ---------------------------------------------------------------------------------------------

/**
 * `gate`: words of which at least one MUST occur (case-insensitively) for `re` to be able to
 * match: a necessary condition, never a heuristic, and without spaces (since `re` allows any
 * whitespace). Only rules whose gate occurs are run. A property test checks gated == ungated.
 */
type Rule = { id: string; gate: readonly string[]; re: RegExp };

/** Start of a (fake) line: start of text, a real line break, or a literal "\n" typed as text. */
const LINE_START = String.raw`(?:^|[\r\n]|\\n)`;

const ROLE_RULES: Rule[] = [
  { id: "chatml_token", gate: ["<"], re: /<\s*\|\s*[a-z_]{2,30}\s*\|\s*>/ }, // <|im_start|> <|system|> <|endoftext|> <|eot_id|>
  { id: "inst_tag", gate: ["inst"], re: /\[\s*\/?\s*inst\s*\]/ }, // [INST] [/INST]
  { id: "llama_sys", gate: ["<<"], re: /<<\s*\/?\s*sys\s*>>/ }, // <<SYS>>
  { id: "markdown_role_header", gate: ["##"], re: /##\s*(?:system|instructions?|response|assistant)\b/ }, // ### system ("##" not "#{2,}": no quadratic scan of "####...")
  { id: "role_prefix", gate: ["system", "assistant"], re: new RegExp(String.raw`(?:${LINE_START}|[.!?]\s)\s*(?:system|assistant)\s*:`) },
  { id: "line_role_prefix", gate: ["human", "user", "instruction"], re: new RegExp(String.raw`${LINE_START}\s*(?:human|user|(?:new\s+|additional\s+)?instructions?)\s*:|\badditional\s+instructions?\s+[-–:]`) },
  { id: "sentence_tag", gate: ["<"], re: /<\s*\/?\s*s\s*>/ }, // <s> </s>
  { id: "xml_role_tag", gate: ["<"], re: /<\s*\/?\s*(?:system|assistant|im_start|im_end|start_of_turn|end_of_turn|system_prompt)\s*>/ },
];

const W = String.raw`[\s,]+`; // word separator
/** Verbs that, aimed at "instructions", can only mean "drop your instructions". */
const OVERRIDE_VERB = String.raw`(?:ignore|ignoring|disregard|disregarding|forget|override|bypass|drop|discard|abandon)`;
/** Weaker verbs ("leave all the previous information behind"); only with a positional qualifier. */
const ANY_VERB = String.raw`(?:ignore|ignoring|disregard|disregarding|forget|overlook|skip|override|bypass|drop|discard|abandon|leave)`;
const VERB_GATE = ["ignor", "disregard", "forget", "overlook", "skip", "overrid", "bypass", "drop", "discard", "abandon", "leave"] as const;
const FILLER = String.raw`(?:about|all|any|of|the|your|my|these|those|every|everything|that|this|you|were|me|just)`;
/** Positional qualifiers: "previous", "above" ... point at earlier text, i.e. at the prompt. */
const POSITIONAL = String.raw`(?:previous|previously|prior|above|preceding|earlier|foregoing|former|original|initial|provided|given|aforementioned|pre-?set)`;
/** Qualifiers that are ordinary words ("Workers Ignore Safety Rules"): only after "your". */
const MODEL_QUAL = String.raw`(?:system|safety|ethical|content|developer)`;
/** Nouns that only mean "the model's instructions". */
const STRONG_NOUN = String.raw`(?:instructions?|prompts?|directives?|assignments|programming|guardrails)`;
/** Nouns common in ordinary titles ("Forget The Rules"); they need a qualifier. */
const WEAK_NOUN = String.raw`(?:rules|orders|commands|directions|guidelines|context|messages|text|texts|tasks|information|constraints|restrictions|limitations|conversation|documents|input|content|policies|filters|settings|protocols)`;

const DE_QUAL = String.raw`(?:vorherigen|vorigen|bisherigen|obigen|vorangehenden|vorangegangenen|vorhergehenden|ursprünglichen)`;
const DE_QUAL_GATE = ["vorherig", "vorig", "bisherig", "obigen", "vorangeh", "vorangegangen", "vorhergehend", "ursprünglich"] as const;
const DE_NOUN = String.raw`(?:anweisungen|instruktionen|befehle|aufgaben|aufträge|angaben|informationen|ausführungen|anordnungen|vorgaben|prompts?)`;

/** Imperative context: start of text or sentence, or an explicit "you must / please". */
const IMPERATIVE = String.raw`(?:^|[.!?,;:]\s*|\b(?:please|now|just|and|you\s+(?:will|must|should|shall))\s+)`;

const OVERRIDE_RULES: Rule[] = [
  // "ignore all instructions", "ignore your instructions", "forget about all the assignments"
  // (not "ignore the instructions": a LEGO video may say that)
  {
    id: "override_instructions",
    gate: ["instruction", "prompt", "directive", "assignment", "programming", "guardrail"],
    re: new RegExp(String.raw`\b${OVERRIDE_VERB}(?:${W}${FILLER}){0,2}?${W}(?:all|any|your|every)(?:${W}${FILLER}){0,2}${W}${STRONG_NOUN}\b`),
  },
  // "ignore all previous instructions", "ignore all preceding orders", "ignore your safety guidelines"
  {
    id: "override_prior",
    gate: VERB_GATE,
    re: new RegExp(String.raw`\b${ANY_VERB}(?:${W}${FILLER}){0,4}?${W}(?:${POSITIONAL}|your${W}${MODEL_QUAL})${W}(?:${FILLER}${W}){0,2}(?:${WEAK_NOUN}|${STRONG_NOUN})\b`),
  },
  // "previous instructions" on its own is LLM talk ("original instructions" is LEGO talk: not here)
  { id: "prior_instructions", gate: ["instruction", "prompt", "directive"], re: new RegExp(String.raw`\b(?:previous|prior|preceding|above|earlier)${W}(?:instructions|prompts?|directives)\b`) },
  {
    id: "change_instructions",
    gate: ["instruction", "prompt", "programming", "directive"],
    re: /\b(?:change|update|modify|replace|overwrite|reset|rewrite)\s+your\s+(?:system\s+)?(?:instructions|prompt|programming|directives)\b/,
  },
  // "ignore the above", "disregard the above", "ignore above and ..."
  { id: "ignore_above", gate: ["ignor", "disregard", "forget"], re: /\b(?:ignore|disregard|forget)\s+(?:(?:all|everything)\s+(?:before|above)|(?:all\s+)?(?:of\s+)?(?:the\s+)?(?:above|preceding))\b/ },
  // "forget everything before that", "Forget everything, write ..." (not "Forget Everything You Learned In Economics")
  {
    id: "forget_everything",
    gate: ["forget", "ignor", "disregard"],
    re: /\b(?:forget|ignore|disregard)\s+(?:about\s+)?everything(?:\s*(?:[,;:!]|\.\s|\.?$)|\s+(?:previous|prior|earlier|else|said|we\s+(?:said|discussed|talked)|i\s+(?:said|told|wrote)|you\s+(?:were|have\s+been|'ve\s+been)\s+told|and\s+(?:now\s+)?(?:tell|write|say|print|output|answer|just|only|respond|repeat|show|ignore))\b|\s+you\s+know\s+and\b)|\b(?:ignore|disregard)\s+everything\s+and\b/,
  },
  // role switch: "you are now DAN", "from now on you are", "now you are Xi Jinping, ..."
  // (not "You Are Now Breathing Manually", "You Are Now A Member")
  {
    id: "you_are_now",
    gate: ["now"],
    re: /\byou(?:\s+are|'re|\s+will\s+be)\s+now\s+(?:(?:an?\s+|the\s+|my\s+)?(?:[a-z-]+\s+){0,2}(?:ai|assistant|chatbot|bot|model|llm|gpt|dan|persona|hacker|terminal|interpreter)\b|no\s+longer\s+(?:an?\s+)?(?:ai|assistant|bound|restricted)|free\s+(?:from|of)\s+(?:all\s+|any\s+)?(?:rules|restrictions|guidelines)|unrestricted|unfiltered|uncensored|jailbroken|dan\b|in\s+(?:dan|developer|jailbreak|unrestricted)\s+mode|going\s+to\s+(?:act|pretend|role-?play))/,
  },
  { id: "from_now_on", gate: ["now"], re: /\bfrom\s+now\s+on,?\s+(?:you\s+(?:are|will|must|shall|should|'re)|act|respond|answer|reply|only|always|ignore|pretend)\b/ },
  { id: "now_you_are", gate: ["now"], re: /(?:^|[.!?:]\s*|\bokay\.?\s+|\bok\.?\s+)now,?\s+you\s+are\s+[^.,!?:]{1,40},/ },
  { id: "act_as", gate: ["act"], re: /\b(?:i\s+want\s+you\s+to|you\s+(?:will|must|should|shall)|please|now(?:\s+you)?)\s+act\s+as\b/ },
  {
    id: "act_as_role",
    gate: ["act"],
    re: /\bact\s+as\s+(?:a|an|my|the)?\s*(?:[a-z]+\s+){0,2}(?:terminal|interpreter|console|shell|translator|debater|chatbot|ai|assistant|dan|jailbroken|unfiltered|uncensored|hacker|prompt|system|language\s+model|llm|gpt|bot)\b/,
  },
  { id: "roleplay_as", gate: ["role"], re: /\b(?:you\s+are\s+(?:now\s+)?role-?playing|role-?play\s+as)\b/ },
  // "Pretend you are an evil AI", "pretend to be my late grandmother", "pretend you can access ..."
  // (not "Pretend To Be Rich Prank")
  {
    id: "pretend",
    gate: ["pretend"],
    re: new RegExp(
      String.raw`${IMPERATIVE}pretend\s+(?:to\s+be|(?:that\s+)?you(?:\s+are|'re))\s+(?:an?\s+|my\s+|the\s+)?(?:[a-z-]+\s+){0,2}(?:ai|assistant|chatbot|bot|model|llm|gpt|dan|hacker|admin|developer|system|terminal|grandma|grandmother|persona)\b|${IMPERATIVE}pretend\s+(?:that\s+)?(?:you\s+(?:can|could|have|are\s+able\s+to)\s+(?:access|browse|no\s+(?:rules|restrictions|filters|limits))|there\s+are\s+no\s+(?:rules|restrictions|filters|limits))`,
    ),
  },
  {
    id: "new_instructions",
    gate: ["new", "further", "follow", "another"],
    re: /\b(?:follow|these|your|the\s+following|here\s+are(?:\s+your|\s+the|\s+some)?)\s+new\s+instructions\b|\bnew\s+(?:directives|system\s+prompt)\b|\byour\s+new\s+tasks?\b|\b(?:new|further)\s+(?:tasks?|instructions)\s+(?:follow|are\s+followed|begin)\b|\bnow\s+(?:new|further)\s+tasks?\s+(?:follow|are\s+followed)|\bhelp\s+(?:me\s+)?with\s+(?:the\s+following|another|a\s+new|this\s+new)\s+task\b/,
  },
  {
    id: "system_prompt",
    gate: ["prompt"],
    re: /\b(?:your|the|my)\s+system\s+prompt\b|\byour\s+(?:initial|original|hidden|secret)\s+prompt\b|\bsystem\s+prompt\s*:|\b(?:your|all|full|entire|complete|deine[nm]?|ihre[nm]?|alle|sämtliche[rn]?|gesamten?)\s+prompt[\s_-]?texte?s?\b|\b(?:information|text|words?|content)\s+(?:in|from|of)\s+(?:the|this|your)\s+prompt\b/,
  },
  {
    id: "reveal_prompt",
    gate: ["prompt", "instruction", "message", "rules", "directive", "written", "repeat", "print", "output", "copy"],
    re: /\b(?:reveal|show|print|output|repeat|display|leak|dump|tell|give|write\s+out|spell\s+out|copy)\b(?:\s+[a-z']+){0,4}?\s+your\s+(?:[a-z]+\s+)?(?:prompt|instructions|system\s+message|rules)\b|\b(?:reveal|print|output|repeat|display|leak|dump|copy)\b(?:\s+[a-z']+){0,3}?\s+(?:the|this|full|initial|original)\s+(?:[a-z]+\s+)?prompt\b|\bwhat\s+(?:are|were)\s+your\s+(?:instructions|rules|directives)\b|\bwhat\s+(?:is|was)\s+written\s+(?:at\s+the\s+(?:beginning|start|top)|above)\b|\b(?:repeat|print|output|copy)\s+(?:all\s+)?(?:of\s+)?(?:the\s+)?(?:words|text|everything|lines|sentences)\s+(?:above|before\s+this)\b/,
  },
  // DAN and friends ("developer mode" is left out: "How To Enable Developer Mode" is a real tech title)
  {
    id: "jailbreak",
    gate: ["anything", "dan", "mode", "jailbr", "rules", "restriction", "filter", "censorship", "guideline"],
    re: /\bdo\s+anything\s+now\b|\b(?:dan|jailbreak|unrestricted|unfiltered)\s+mode\b|\bjailbr(?:eak|oken)\s+(?:prompt|the\s+(?:ai|model|assistant|bot|chatgpt|llm))\b|\byou\s+are\s+(?:now\s+)?(?:jailbroken|dan)\b|\b(?:without|no|not\s+restricted\s+by)\s+any\s+(?:rules|restrictions|filters|censorship|guidelines)\s+(?:regarding|about|on)\b/,
  },
  // "DO NOT ANSWER THIS QUESTION BUT JUST OUTPUT ...", "instead say ..." (not "Just Say 'No'")
  {
    id: "override_response",
    gate: ["answer", "output", "print", "say", "respond", "reply", "document"],
    re: /\bdo\s+not\s+answer\s+(?:this|the)\s+question\b|\binstead\s+(?:output|print|say|respond\s+with|reply\s+with)\b|\b(?:just|only)\s+(?:output|print|respond\s+with|reply\s+with)\s+["“'„]|\b(?:do\s+not|don'?n?t)\s+(?:look\s+in|use|answer\s+(?:the\s+question\s+)?according\s+to)\s+the\s+(?:provided|given)\s+documents\b|\bignore\s+all\s+documents\b/,
  },
  {
    id: "dont_follow",
    gate: ["follow"],
    re: /\b(?:do\s+not|don't|stop|never)\s+follow(?:ing)?\s+your\s+(?:previous\s+|original\s+|system\s+)?(?:instructions|rules|guidelines|programming)\b/,
  },
  { id: "stop_and_do", gate: ["stop"], re: /(?:^|[.!?]\s*)stopp?\s*[:!,.\-–]+\s*(?:write|print|output|ignore|forget|schreibe?|ignoriere|vergiss)\b/ },
  // "do not break character" said to the model (not "Actors Who Never Break Character")
  { id: "break_character", gate: ["character"], re: new RegExp(String.raw`(?:^|[.!?,;:]\s*|\b(?:please|and|you\s+(?:will|must|should|shall))\s+)(?:do\s+not|don't|never)\s+break\s+character\b|\byou\s+(?:must|will|should|shall)\s+(?:always\s+)?stay\s+in\s+character\b`) },
  // German
  {
    id: "de_override",
    gate: ["ignorier", "vergiss", "vergessen", "missacht", "überspring", "verwirf", "streiche"],
    re: new RegExp(String.raw`\b(?:ignorier(?:e|en|t)?|vergiss|vergessen|missachte|missachten|überspring(?:e|en)?|verwirf|streiche)(?:${W}(?:sie|du|alle|alles|die|deine|ihre|bisher|jetzt|nun|einfach)){0,4}${W}(?:${DE_QUAL}${W})?(?:anweisungen|instruktionen|befehle|aufträge|vorgaben|prompts?)\b`),
  },
  { id: "de_prior", gate: DE_QUAL_GATE, re: new RegExp(String.raw`\b${DE_QUAL}${W}${DE_NOUN}\b`) },
  { id: "de_forget_all", gate: ["vergiss"], re: /\bvergiss\s+alles\b(?!,?\s+was\s+du\s+(?:über|von)\b)/ },
  { id: "de_ignore_above", gate: ["ignorier"], re: /\b(?:die\s+)?obigen\s+\S+\s+ignorieren\b|\bignorier(?:e|en)\s+(?:sie\s+)?(?:das\s+)?(?:obige|oben|vorherige)\b/ },
  // "Ok. Jetzt bist du Xi Jinping, ..." (not "Jetzt bist du dran!")
  {
    id: "de_role_switch",
    gate: ["bist"],
    re: /(?:^|[.!?:]\s*|\bok(?:ay)?\.?\s+)(?:jetzt|nun|ab\s+jetzt|ab\s+sofort)\s+bist\s+du\s+(?!dran\b)[^.,!?:]{1,40},|\bdu\s+bist\s+(?:jetzt|nun|ab\s+sofort)\s+(?:ein|eine)\s+(?:\S+\s+){0,2}(?:ki|bot|assistent|chatbot|modell|hacker|terminal)\b|\bstell\s+dir\s+vor,?\s+du\s+bist\s+(?:ein|eine)\s+(?:böse|bösartige|unzensierte|freie)\b/,
  },
  { id: "de_act_as", gate: ["fungier", "agier"], re: /\bdass\s+(?:sie|du)\s+als\s+[^.!?]{1,80}?\s+(?:fungieren|fungierst|agieren|agierst)\b/ },
  {
    id: "de_new_task",
    gate: ["aufgabe", "anweisung"],
    re: /\b(?:deine|ihre)\s+neue\s+aufgabe\b|\b(?:folgen|kommen)\s+(?:neue|weitere)\s+(?:anweisungen|aufgaben)\b|\b(?:mit|bei)\s+(?:folgender|einer\s+weiteren|einer\s+neuen)\s+aufgabe\b/,
  },
  // Other languages seen in the wild (French, Spanish, Croatian, Russian)
  {
    id: "xx_override",
    gate: ["instruction", "instruccion", "olvid", "zaboravi", "инструкци", "указани"],
    re: /\b(?:oubliez|oublie|ignorez|ignore)\s+(?:toutes\s+)?(?:les\s+)?instructions\b|\b(?:olvida|olvide|ignora|ignore)\s+(?:todas\s+)?(?:las\s+)?instrucciones\b|\bolvid[ae]\s+todo\s+(?:lo\s+)?que\b|\bzaboravi\s+sve\b|(?:забудь|игнорируй|проигнорируй)(?:те)?\s+(?:все\s+)?(?:предыдущие\s+|прошлые\s+)?(?:инструкции|указания)/,
  },
];

/** Role rules first: on a tie the more specific reason wins. */
const RULES: readonly (Rule & { reason: InjectionReason })[] = [
  ...ROLE_RULES.map((r) => ({ ...r, reason: "role_token" as const })),
  ...OVERRIDE_RULES.map((r) => ({ ...r, reason: "instruction_override" as const })),
];

const foldAscii = (c: number) => (c >= 65 && c <= 90 ? c | 0x20 : c);

/**
 * Gate scanner: one pass over the text, ASCII case folded, finds which gate words occur and so
 * which rules can match. Words are looked up by a small hash of their first (up to) three chars
 * (tables fit in L1 cache), candidates are confirmed char by char. Several times cheaper than one
 * alternation regex over all gate words, and ASCII needs no lower-casing.
 */
type Bucket = { word: string; rules: number[] }[];
const HASH_BITS = 12;
const HASH_MASK = (1 << HASH_BITS) - 1;
const h1 = (a: number) => a & HASH_MASK;
const h2 = (a: number, b: number) => (Math.imul(a, 31) + b) & HASH_MASK;
const h3 = (a: number, b: number, c: number) => (Math.imul(Math.imul(a, 31) + b, 31) + c) & HASH_MASK;

function buildScanner(rules: readonly Rule[]): (s: string) => Uint8Array | null {
  const byWord = new Map<string, number[]>();
  rules.forEach((r, i) => r.gate.forEach((g) => byWord.set(g, [...(byWord.get(g) ?? []), i])));
  // one table per prefix length (1, 2, 3+): hash -> 1 + index into buckets
  const slots = [new Uint8Array(HASH_MASK + 1), new Uint8Array(HASH_MASK + 1), new Uint8Array(HASH_MASK + 1)];
  const buckets: Bucket[] = [];
  for (const [word, idx] of byWord) {
    if (word !== word.toLowerCase() || word.length === 0) throw new Error(`bad gate word: ${word}`);
    const [a, b, c] = [0, 1, 2].map((j) => word.charCodeAt(j));
    const len = Math.min(word.length, 3);
    const key = len === 1 ? h1(a) : len === 2 ? h2(a, b) : h3(a, b, c);
    const table = slots[len - 1];
    if (table[key] === 0) table[key] = buckets.push([]);
    buckets[table[key] - 1].push({ word, rules: idx });
  }
  if (buckets.length > 255) throw new Error("too many gate buckets");
  const [t1, t2, t3] = slots;

  const matchAt = (s: string, at: number, b: number, open: Uint8Array | null): Uint8Array | null => {
    for (const { word, rules: idx } of buckets[b - 1]) {
      if (at + word.length > s.length) continue;
      let j = 0;
      while (j < word.length && foldAscii(s.charCodeAt(at + j)) === word.charCodeAt(j)) j++;
      if (j < word.length) continue;
      open ??= new Uint8Array(rules.length);
      for (const k of idx) open[k] = 1;
    }
    return open;
  };

  return (s: string) => {
    let open: Uint8Array | null = null;
    let p2 = -1;
    let p1 = -1;
    for (let i = 0; i < s.length; i++) {
      const c = foldAscii(s.charCodeAt(i));
      let b = t1[h1(c)];
      if (b !== 0) open = matchAt(s, i, b, open);
      if (p1 >= 0) {
        b = t2[h2(p1, c)];
        if (b !== 0) open = matchAt(s, i - 1, b, open);
        if (p2 >= 0) {
          b = t3[h3(p2, p1, c)];
          if (b !== 0) open = matchAt(s, i - 2, b, open);
        }
      }
      p2 = p1;
      p1 = c;
    }
    return open;
  };
}

/**
 * Same rules with "one or more spaces" relaxed to "zero or more". Used only on the view with
 * zero-width characters removed, where an attacker may have used them both inside words and as
 * word separators ("ig\u200Bnore\u200Ball ..." -> "ignoreall ...").
 */
const LOOSE_RULES = RULES.map((r) => ({ ...r, re: new RegExp(r.re.source.replace(/\\s\+/g, "\\s*").replace(/\[\\s,\]\+/g, "[\\s,]*"), r.re.flags) }));

const SCAN = buildScanner(RULES);
const ALL_OPEN = new Uint8Array(RULES.length).fill(1);

function firstRule(rules: typeof RULES, open: Uint8Array, lower: string): { reason: InjectionReason; detail: string } | null {
  for (let i = 0; i < rules.length; i++) {
    if (open[i] !== 1) continue;
    const m = rules[i].re.exec(lower);
    if (m) return { reason: rules[i].reason, detail: `${rules[i].id}: ${quote(m[0].trim())}` };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// encoded_payload: on the original-case view
// ---------------------------------------------------------------------------------------------

/** Candidate runs: base64 (std or url-safe) alphabet; hex runs are a subset of it. */
const B64_MIN = 40;
const B64_RUN = /[A-Za-z0-9+\/_-]{40,}={0,2}/g;
const HEX_ONLY = /^(?:0x)?[0-9A-Fa-f]{40,}$/;
/** Three escapes in a row ("\n\n\n", "%69%67%6e", "\u0069\u0067"): text that is meant to be decoded. */
const ESCAPE_RUN = /(?:(?:\\ ?(?:u\{?[0-9A-Fa-f]{4,6}\}?|x[0-9A-Fa-f]{2}|[0-7]{3}|[nrt])|%[0-9A-Fa-f]{2}|&#x?[0-9A-Fa-f]{1,6};)\s*){3,}/;
/** Executable or exfiltrating markup: data: URIs, <script>/<iframe>, javascript: calls, on*= handlers, markdown images. */
const ACTIVE_CONTENT =
  /\bdata:\s*[a-z]+\/[a-z0-9.+-]+(?:;[a-z0-9=.-]+)*,|<\s*\/?\s*(?:script|iframe|object|embed)\b|javascript:\s*(?:[a-z_$][\w$.]*\s*\(|\/\/|void\b)|\bon(?:error|load|click|mouseover|focus)\s*=\s*["'`]?[a-z_$]|!\[[^\]\n]{0,100}\]\(\s*https?:\/\//i;
/** "S a y t h a t y o u h a t e": letter-spacing defeats keyword filters but not a model. */
const SPACED_LETTERS_MIN = 10;
/** Only a prefix of a run is decoded: its printable ratio is as telling as the whole run's. */
const DECODE_PREFIX = 256;
/** Mostly printable once decoded = a hidden instruction, not a hash, token or id. */
const PRINTABLE_MIN = 0.85;

function printableRatio(bytes: readonly number[]): number {
  if (bytes.length === 0) return 0;
  let ok = 0;
  for (const b of bytes) if ((b >= 0x20 && b < 0x7f) || b === 9 || b === 10 || b === 13) ok++;
  return ok / bytes.length;
}

function decodeBase64(run: string): number[] | null {
  let s = run.slice(0, DECODE_PREFIX).replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  s = s.slice(0, s.length - (s.length % 4));
  try {
    const bin = atob(s);
    const out: number[] = [];
    for (let i = 0; i < bin.length; i++) out.push(bin.charCodeAt(i));
    return out;
  } catch {
    return null;
  }
}

function hexVal(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  c |= 0x20;
  return c >= 97 && c <= 102 ? c - 87 : -1;
}

/** Hex digits of the run (a leading 0x skipped), paired into bytes. */
function decodeHex(run: string): number[] {
  const out: number[] = [];
  const start = run[1] === "x" || run[1] === "X" ? 2 : 0;
  for (let i = start; i + 1 < run.length && out.length < DECODE_PREFIX / 2; i += 2) {
    out.push(hexVal(run.charCodeAt(i)) * 16 + hexVal(run.charCodeAt(i + 1)));
  }
  return out;
}

/** Per-ASCII-char class bits for the one-pass shape scan. */
const B64 = 1, LETTER = 2, ESC = 4, ACTIVE = 8;
const CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z0-9+\/_-]/.test(ch)) CLASS[c] |= B64;
  if (/[A-Za-z]/.test(ch)) CLASS[c] |= LETTER;
  if (/[\\%&]/.test(ch)) CLASS[c] |= ESC; // ESCAPE_RUN needs one of these
  if (/[<=\[:]/.test(ch)) CLASS[c] |= ACTIVE; // ACTIVE_CONTENT needs one of these
}

/**
 * One pass over the text measuring what the encoded checks need: longest base64-alphabet run,
 * longest run of single letters separated by single spaces, escape/markup characters present.
 */
function shape(s: string): { b64Run: number; spaced: number; esc: boolean; active: boolean } {
  let b64Run = 0, run = 0, spaced = 0, sRun = 0, last = -3, flags = 0;
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    const k = c < 128 ? CLASS[c] : 0;
    flags |= k;
    if (k & B64) {
      if (++run > b64Run) b64Run = run;
    } else run = 0;
    if (k & LETTER && (i === 0 || s.charCodeAt(i - 1) === 32) && (i + 1 === n || s.charCodeAt(i + 1) === 32)) {
      sRun = last === i - 2 ? sRun + 1 : 1;
      last = i;
      if (sRun > spaced) spaced = sRun;
    }
  }
  return { b64Run, spaced, esc: (flags & ESC) !== 0, active: (flags & ACTIVE) !== 0 };
}

function checkEncoded(s: string, gated: boolean): string | null {
  const sh = shape(s);
  if (!gated || sh.b64Run >= B64_MIN) {
    B64_RUN.lastIndex = 0;
    for (let m = B64_RUN.exec(s); m; m = B64_RUN.exec(s)) {
      const run = m[0];
      if (HEX_ONLY.test(run)) {
        if (printableRatio(decodeHex(run)) >= PRINTABLE_MIN) return `hex_run: ${run.length} hex digits decoding to text`;
        continue;
      }
      const bytes = decodeBase64(run);
      if (bytes && printableRatio(bytes) >= PRINTABLE_MIN) return `base64_run: ${run.length} base64 chars decoding to text`;
    }
  }
  let m = !gated || sh.esc ? ESCAPE_RUN.exec(s) : null;
  if (m) return `escape_run: ${quote(m[0].trim())}`;
  m = !gated || sh.active ? ACTIVE_CONTENT.exec(s) : null;
  if (m) return `active_content: ${quote(m[0])}`;
  if (sh.spaced >= SPACED_LETTERS_MIN) return `spaced_letters: ${sh.spaced} single letters in a row`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// views and entry point
// ---------------------------------------------------------------------------------------------

/** Compatibility forms used to dodge keyword filters: fullwidth, math alphanumerics, enclosed. */
const NEEDS_NFKC = /[\uFF01-\uFF5E\u2460-\u24FF\uFE30-\uFE6F]|\uD835[\uDC00-\uDFFF]|\uD83C[\uDD00-\uDDFF]/;

/** Runs the phrase/token rules (strict or loose spacing) and the encoded checks on one view of the text. */
function checkView(view: string, ascii: boolean, gated: boolean, loose = false): { reason: InjectionReason; detail: string } | null {
  // ASCII is scanned as is (the scanner folds case); other text is lower-cased first (Ü, И ...).
  const lowered = ascii ? null : view.toLowerCase();
  const open = gated ? SCAN(lowered ?? view) : ALL_OPEN;
  const hit = open ? firstRule(loose ? LOOSE_RULES : RULES, open, lowered ?? view.toLowerCase()) : null;
  if (hit) return hit;
  const d = checkEncoded(view, gated);
  return d ? { reason: "encoded_payload", detail: d } : null;
}

/** The text the classifier scores: what a reader sees (normalised), compatibility forms folded. */
export function classifierView(text: string): string {
  const v = normalizeInput(text);
  return NEEDS_NFKC.test(v) ? v.normalize("NFKC") : v;
}

/** Classifier probability for a raw input, on the same view the screen uses. In [0, 1]. */
export function classifierScore(text: string, model: InjectionModel = INJECTION_MODEL): number {
  if (typeof text !== "string" || text.length === 0) return 0;
  const v = classifierView(capped(text));
  return v.length === 0 ? 0 : modelScore(model, v);
}

function capped(text: string): string {
  let s = text.length > SCREEN_MAX_CHARS ? text.slice(0, SCREEN_MAX_CHARS) : text;
  if (s.length === SCREEN_MAX_CHARS && /[\uD800-\uDBFF]$/.test(s)) s = s.slice(0, -1); // no half surrogate pair at the cut
  return s;
}

/** Last check: the learned model, for attacks no rule names (personas, off-topic orders, jailbreak preambles). */
function checkClassifier(s: string, model: InjectionModel | null): ScreenResult {
  if (!model) return OK;
  const p = classifierScore(s, model);
  if (p < model.threshold) return OK;
  return { flagged: true, reason: "classifier", detail: `logistic_ngrams: score ${p.toFixed(3)} >= threshold ${model.threshold.toFixed(3)}` };
}

function screen(text: string, gated: boolean, model: InjectionModel | null = INJECTION_MODEL): ScreenResult {
  if (typeof text !== "string" || text.length === 0) return OK;
  const s = capped(text);

  // Fast path: printable ASCII has no invisible characters and no compatibility forms.
  if (!NON_ASCII.test(s)) {
    const hit = checkView(s, true, gated);
    return hit ? { flagged: true, ...hit } : checkClassifier(s, model);
  }

  const hasSoft = SOFT_INVISIBLE_G.test(s);
  SOFT_INVISIBLE_G.lastIndex = 0;
  let plain = hasSoft ? s.replace(SOFT_INVISIBLE_G, "") : s;
  if (NEEDS_NFKC.test(plain)) plain = plain.normalize("NFKC");

  let hit = checkView(plain, false, gated, hasSoft);
  if (!hit && hasSoft) {
    // zero-width used as a word separator: "ignore\u200Ball\u200Bprevious\u200Binstructions"
    let spaced = s.replace(SOFT_INVISIBLE_G, " ");
    if (NEEDS_NFKC.test(spaced)) spaced = spaced.normalize("NFKC");
    hit = checkView(spaced, false, gated);
  }
  if (hit) {
    if (hasSoft && !checkView(s, false, gated)) hit = { reason: hit.reason, detail: hit.detail + " (after removing zero-width characters)" };
    return { flagged: true, ...hit };
  }

  const h = checkHidden(s);
  return h ? { flagged: true, reason: "hidden_characters", detail: h } : checkClassifier(s, model);
}

/**
 * Screen one free-text input. Pure and deterministic; never throws. Checks, in order: role_token,
 * instruction_override, encoded_payload (on a view with zero-width characters removed and
 * compatibility forms NFKC-folded, so neither trick can hide a phrase), hidden_characters (only
 * those that change what a reader sees or smuggle a payload), then the learned classifier on the
 * normalised text. Zero-width characters, BOMs and line breaks alone never flag: the caller
 * passes `normalizeInput(text)` on, so they never reach a handler.
 */
export function screenInput(text: string): ScreenResult {
  return screen(text, true);
}

/** Test hook: the same screen with every gate open. Must always agree with screenInput. */
export function screenInputUngated(text: string): ScreenResult {
  return screen(text, false);
}

/** Evaluation hook: the screen with another fitted model, or with the rules alone (`null`). */
export function screenInputWith(text: string, model: InjectionModel | null): ScreenResult {
  return screen(text, true, model);
}
