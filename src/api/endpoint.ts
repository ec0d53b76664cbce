/**
 * What one endpoint declares: its path, cost class, query schema (TypeBox), response `data` schema,
 * which parameters are free text (screened for prompt injection) and a pure handler over the
 * loaded snapshot. The pipeline (pipeline.ts) does everything else, in the same order for all.
 */
import type { TObject, TSchema } from "@sinclair/typebox";
import type { Confidence } from "../domain/enums.ts";
import type { Loaded } from "../engine/engine.ts";

export type EndpointKind = "data" | "intelligence" | "free";

export interface HandlerResult {
  data?: unknown;
  /** `data` already serialised (precomputed at snapshot load), so hot answers skip JSON.stringify. */
  dataJson?: string;
  /** Overrides the endpoint's default confidence (e.g. `pending` when nothing matched). */
  confidence?: Confidence;
  /** Overrides the cost (e.g. 0 when nothing matched: no credit for no answer). */
  cost?: number;
}

export interface HandlerContext {
  snap: Loaded;
  now: number;
}

export interface Endpoint {
  name: string;
  path: string;
  kind: EndpointKind;
  cost: number;
  summary: string;
  description: string;
  query: TObject;
  /** Schema of `data` in the envelope (or of the whole body for usage). */
  data: TSchema;
  confidence: Confidence;
  freeText: string[];
  example: unknown;
  handle?: (q: Record<string, any>, ctx: HandlerContext) => HandlerResult;
}

export function defineEndpoint(e: Endpoint): Endpoint {
  return e;
}
