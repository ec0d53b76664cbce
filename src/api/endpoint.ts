/**
 * A route: an endpoint's contract (contracts.ts) plus its handler, typed from the contract's query
 * schema. The request path (pipeline.ts) does everything else, in the same order for all.
 */
import type { Static, TObject } from "@sinclair/typebox";
import type { Confidence } from "../domain/enums.ts";
import type { Loaded } from "../engine/engine.ts";
import type { Principal } from "../wallet/auth.ts";
import type { Contract } from "./contracts.ts";

export type { EndpointKind } from "./contracts.ts";

export interface HandlerResult {
  data?: unknown;
  /** `data` already serialised (precomputed at snapshot load), so hot answers skip JSON.stringify. */
  dataJson?: string;
  /** Overrides the endpoint's default confidence (e.g. `pending` when nothing matched). */
  confidence?: Confidence;
  /** Overrides the cost (e.g. 0 when nothing matched: no credit for no answer). */
  cost?: number;
}

/** What a free endpoint (usage) reads from the wallet; given by the server that owns the wallet. */
export interface WalletView {
  usage(p: Principal, now: number): unknown;
}

export interface HandlerContext {
  /** The loaded snapshot; metered endpoints only run when one is loaded (else 503 not_ready). */
  snap: Loaded;
  now: number;
  /** Set by the request path; tools that call a data handler directly (bench/) may omit both. */
  principal?: Principal;
  wallet?: WalletView;
}

export interface Endpoint<Q extends TObject = TObject> extends Contract<Q> {
  handle: (q: Static<Q>, ctx: HandlerContext) => HandlerResult;
}

export function route<Q extends TObject>(c: Contract<Q>, handle: (q: Static<Q>, ctx: HandlerContext) => HandlerResult): Endpoint<Q> {
  return { ...c, handle };
}
