/**
 * Which PostgreSQL failures mean "the wallet cannot be reached or cannot decide right now" (answer
 * 503 wallet_busy, nothing charged, retry) rather than a bug (500). Kept free of the client so the
 * request path can import it with either store.
 */

/** SQLSTATE classes and codes that end by themselves: connection loss, shutdown, overload, lock waits, conflicts. */
const TRANSIENT_SQLSTATE = /^(08|57P0[1-3]|53|40001|40P01|55P03|25006|57014)/;

export function isPgUnavailable(e: unknown): boolean {
  const err = e as { name?: unknown; code?: unknown; errno?: unknown } | null;
  if (!err || err.name !== "PostgresError") return false;
  // A server error carries its SQLSTATE; a syntax error or a constraint is a bug, not an outage.
  if (typeof err.errno === "string" && /^[0-9A-Z]{5}$/.test(err.errno)) return TRANSIENT_SQLSTATE.test(err.errno);
  // Client-side errors about the link: ERR_POSTGRES_CONNECTION_CLOSED, _CONNECTION_TIMEOUT, _IDLE_TIMEOUT...
  return typeof err.code === "string" && /CONNECT|CLOSED|TIMEOUT|SOCKET/.test(err.code);
}

/** A short name for /readyz and logs: the SQLSTATE or the client's code; never the message (it may quote data). */
export function pgErrorCode(e: unknown): string {
  const err = e as { code?: unknown; errno?: unknown } | null;
  if (typeof err?.errno === "string" && /^[0-9A-Z]{5}$/.test(err.errno)) return `PG_${err.errno}`;
  if (typeof err?.code === "string" && err.code.startsWith("ERR_POSTGRES_")) return err.code.slice(4);
  return "unknown";
}
