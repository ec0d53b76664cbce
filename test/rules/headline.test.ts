import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { FEATURE_NAMES, MAX_CHARS, headlineFeatures, headlineTerms, stem } from "../../src/rules/headline-features.ts";
import { headlineContributions, headlineLogit, headlineScore, hookMechanicsPoints } from "../../src/rules/headline.ts";
import weights from "../../src/rules/headline-weights.json";
import { DATA_FILE, WEIGHTS_FILE, Z_SIGNIFICANT, buildModelJson, buildPairs, isValidationTest, loadPackages, pairwiseAccuracy } from "../../scripts/train-headline.ts";

const KNOWN_NAMES = new Set([...FEATURE_NAMES, ...weights.vocabulary]);
const anyText = fc.oneof(fc.string(), fc.string({ unit: "binary", maxLength: 600 }), fc.string({ unit: "grapheme", maxLength: 400 }));

describe("headlineFeatures", () => {
  test("is total: one finite value in [0,1] per feature name for any string", () => {
    fc.assert(
      fc.property(anyText, (s) => {
        const x = headlineFeatures(s);
        expect(x.length).toBe(FEATURE_NAMES.length);
        for (const v of x) expect(v >= 0 && v <= 1).toBe(true);
      }),
    );
  });

  test("reads only the first MAX_CHARS characters", () => {
    fc.assert(
      fc.property(fc.string({ minLength: MAX_CHARS, maxLength: MAX_CHARS }), fc.string(), (head, tail) => {
        expect(Array.from(headlineFeatures(head + tail))).toEqual(Array.from(headlineFeatures(head)));
      }),
    );
  });

  test("survives non-string input from untyped callers", () => {
    expect(headlineFeatures(undefined as unknown as string).length).toBe(FEATURE_NAMES.length);
    expect(headlineTerms(undefined as unknown as string)).toEqual([]);
  });

  test("terms: distinct stemmed words in order, then the first word; digits collapse to #", () => {
    expect(headlineTerms("These Moms' Stories: 10 Moms, 1 Story")).toEqual(["word:these", "word:mom", "word:story", "word:#", "first:these"]);
    expect(stem("Stories")).toBe("story");
    expect(stem("teenager's")).toBe("teenager");
    expect(stem("class")).toBe("class");
    expect(stem("2013")).toBe("#");
    expect(headlineTerms("")).toEqual([]);
  });

  test("terms are total and read only the first MAX_CHARS characters", () => {
    fc.assert(
      fc.property(anyText, fc.string(), (s, tail) => {
        const t = headlineTerms(s);
        expect(new Set(t).size).toBe(t.length);
        for (const x of t) expect(/^(word|first):/.test(x)).toBe(true);
        const head = s.padEnd(MAX_CHARS, " ").slice(0, MAX_CHARS);
        expect(headlineTerms(head + tail)).toEqual(headlineTerms(head));
      }),
    );
  });
});

describe("headlineScore / hookMechanicsPoints", () => {
  test("weights file matches the feature table; the vocabulary is distinct lexical terms with one weight each", () => {
    expect(weights.featureNames).toEqual(FEATURE_NAMES);
    expect(weights.weights.length).toBe(FEATURE_NAMES.length);
    expect(weights.vocabularyWeights.length).toBe(weights.vocabulary.length);
    expect(new Set(weights.vocabulary).size).toBe(weights.vocabulary.length);
    expect(weights.vocabulary.length).toBeLessThanOrEqual(weights.trainedOn.hyper.vocabularySize);
    for (const t of weights.vocabulary) expect(/^(word|first):\S+$/.test(t)).toBe(true);
  });

  test("score in [0,1] and points in [0,max] with one decimal, for arbitrary strings", () => {
    fc.assert(
      fc.property(anyText, fc.integer({ min: 1, max: 1000 }), (s, max) => {
        const score = headlineScore(s);
        expect(score >= 0 && score <= 1).toBe(true);
        for (const m of [30, max]) {
          const pts = hookMechanicsPoints(s, m);
          expect(pts >= 0 && pts <= m).toBe(true);
          expect(Math.round(pts * 10) / 10).toBe(pts);
        }
      }),
    );
  });

  test("headlineLogit is finite and is the logit of headlineScore (what /grade rescales)", () => {
    fc.assert(
      fc.property(anyText, (s) => {
        const x = headlineLogit(s);
        expect(Number.isFinite(x)).toBe(true);
        expect(1 / (1 + Math.exp(-x))).toBeCloseTo(headlineScore(s), 12);
      }),
    );
  });

  test("default max is 30 and a degenerate max gives 0", () => {
    const t = "What Happens When A Teacher Asks Her Class This One Question";
    expect(hookMechanicsPoints(t)).toBe(hookMechanicsPoints(t, 30));
    for (const m of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) expect(hookMechanicsPoints(t, m)).toBe(0);
  });

  test("deterministic", () => {
    fc.assert(
      fc.property(anyText, (s) => {
        expect(headlineScore(s)).toBe(headlineScore(s));
        expect(hookMechanicsPoints(s)).toBe(hookMechanicsPoints(s));
        expect(headlineContributions(s)).toEqual(headlineContributions(s));
      }),
    );
  });

  test("contributions are sorted by magnitude and, with the bias, add up to the score's logit", () => {
    fc.assert(
      fc.property(anyText, (s) => {
        const all = headlineContributions(s, Number.POSITIVE_INFINITY);
        for (let i = 1; i < all.length; i++) expect(Math.abs(all[i - 1].value)).toBeGreaterThanOrEqual(Math.abs(all[i].value));
        for (const c of all) expect(KNOWN_NAMES.has(c.name)).toBe(true);
        const p = headlineScore(s);
        const logit = Math.log(p / (1 - p));
        expect(all.reduce((sum, c) => sum + c.value, weights.bias)).toBeCloseTo(logit, 2);
        expect(headlineContributions(s, 3).length).toBeLessThanOrEqual(3);
      }),
    );
  });

  test("word features explain the score under their own names", () => {
    const t = "This Beautiful Video Of A Dad And His Daughter Will Make Your Day";
    const names = headlineContributions(t, Number.POSITIVE_INFINITY).map((c) => c.name);
    expect(names.some((n) => n.startsWith("word:"))).toBe(true);
    for (const n of names.filter((x) => x.startsWith("word:") || x.startsWith("first:"))) expect(headlineTerms(t)).toContain(n);
  });

  test("sanity: a curiosity/story headline beats a flat question with a colon", () => {
    const story = "Watch What Happens When This Mom Finds Out The Truth About Her Son's School";
    const flat = "School Policy: Is It Fair?";
    expect(headlineScore(story)).toBeGreaterThan(headlineScore(flat));
    expect(headlineContributions(flat, 2).map((c) => c.name)).toContain("question");
  });
});

const ROOT = `${import.meta.dir}/../..`;
const csv = await Bun.file(`${ROOT}/${DATA_FILE}`).text();

describe("recorded metrics are reproducible from the CSV", () => {
  const pairs = buildPairs(loadPackages(csv));
  const valid = pairs.filter((p) => isValidationTest(p.testId));
  const validSig = valid.filter((p) => p.z >= Z_SIGNIFICANT);

  test("sanity: pairs are same-test, distinct headlines, correctly labelled", () => {
    expect(pairs.length).toBe(weights.trainedOn.pairs);
    for (const p of pairs.slice(0, 200)) {
      expect(p.a.trim()).not.toBe(p.b.trim());
      expect(p.aWins).toBe(p.ctrA > p.ctrB);
    }
  });

  test("validation pairwise accuracy (all pairs, the headline figure) matches the recorded figure and beats chance", () => {
    const acc = pairwiseAccuracy(valid, headlineScore);
    expect(valid.length).toBe(weights.metrics.validationPairs);
    expect(acc).toBeCloseTo(weights.metrics.validationPairwiseAcc, 4);
    // The 0.60 target is NOT met on all pairs (0.5868 for the model chosen by CV); see bench/RESULTS.headline.md.
    // Asserting >= 0.60 would only pass by choosing the model on the validation split, so this checks chance is beaten.
    expect(acc).toBeGreaterThan(0.55);
  });

  test("validation pairwise accuracy on significant pairs (|z| >= 1.96) is >= 0.60 and matches the record", () => {
    const acc = pairwiseAccuracy(validSig, headlineScore);
    expect(validSig.length).toBe(weights.metrics.validationSignificantPairs);
    expect(acc).toBeCloseTo(weights.metrics.validationSignificantPairwiseAcc, 4);
    expect(acc).toBeGreaterThanOrEqual(0.6);
  });

  test("re-training reproduces the committed weights file byte for byte", async () => {
    expect(buildModelJson(csv)).toBe(await Bun.file(`${ROOT}/${WEIGHTS_FILE}`).text());
  });
});
