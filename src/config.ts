/**
 * Server configuration, parsed once at boot from flags and environment with a TypeBox schema.
 * An invalid value stops the process before it listens, naming the variable.
 */
import { Type as T, type Static } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";

export const ConfigSchema = T.Object({
  PORT: T.Integer({ minimum: 0, maximum: 65535 }),
  HOST: T.String({ minLength: 1 }),
  WALLET_DB: T.String({ minLength: 1 }),
  SNAPSHOT_DIR: T.String({ minLength: 1 }),
  SNAPSHOT_SEED_DIR: T.Optional(T.String({ minLength: 1 })),
  TOPUP_URL: T.Optional(T.String({ pattern: "^https?://" })),
  PUBLIC_BASE_URL: T.String({ pattern: "^https?://[^\\s/]+(/.*)?$" }),
  AUTH_FAIL_LIMIT: T.Integer({ minimum: 1 }),
  WALLET_SYNC: T.Union([T.Literal("full"), T.Literal("normal")]),
  SNAPSHOT_POLL_MS: T.Integer({ minimum: 100 }),
  USAGE_GUARD_PER_MIN: T.Integer({ minimum: 1 }),
  TRUST_PROXY: T.Optional(T.String({ pattern: "^[0-9a-fA-F:.]+(,[0-9a-fA-F:.]+)*$" })),
  NODE_ENV: T.String(),
});
export type Config = Static<typeof ConfigSchema>;

const INT_KEYS = new Set(["PORT", "AUTH_FAIL_LIMIT", "SNAPSHOT_POLL_MS", "USAGE_GUARD_PER_MIN"]);

export class ConfigError extends Error {}

/** flags override env; env overrides defaults. */
export function loadConfig(env: Record<string, string | undefined>, flags: Partial<Record<keyof Config, string>> = {}): Config {
  const port = flags.PORT ?? env.PORT ?? "8787";
  const raw: Record<string, unknown> = {
    PORT: port,
    HOST: env.HOST ?? "0.0.0.0",
    WALLET_DB: flags.WALLET_DB ?? env.WALLET_DB ?? "data/wallet.sqlite",
    SNAPSHOT_DIR: flags.SNAPSHOT_DIR ?? env.SNAPSHOT_DIR ?? "snapshots",
    SNAPSHOT_SEED_DIR: env.SNAPSHOT_SEED_DIR || undefined,
    TOPUP_URL: env.TOPUP_URL || undefined,
    PUBLIC_BASE_URL: env.PUBLIC_BASE_URL ?? `http://127.0.0.1:${port}`,
    AUTH_FAIL_LIMIT: env.AUTH_FAIL_LIMIT ?? "60",
    WALLET_SYNC: env.WALLET_SYNC ?? "normal",
    SNAPSHOT_POLL_MS: env.SNAPSHOT_POLL_MS ?? "5000",
    USAGE_GUARD_PER_MIN: env.USAGE_GUARD_PER_MIN ?? "120",
    TRUST_PROXY: env.TRUST_PROXY ? env.TRUST_PROXY.replace(/\s+/g, "") : undefined,
    NODE_ENV: env.NODE_ENV ?? "development",
  };
  for (const k of INT_KEYS) {
    const v = raw[k];
    if (typeof v === "string") {
      if (!/^\d+$/.test(v)) throw new ConfigError(`${k} must be a whole number, got '${v}'`);
      raw[k] = Number(v);
    }
  }
  if (!Value.Check(ConfigSchema, raw)) {
    const e = Value.Errors(ConfigSchema, raw).First()!;
    const name = e.path.replace(/^\//, "");
    throw new ConfigError(`${name} is invalid: ${e.message} (got '${String(raw[name])}')`);
  }
  return raw as Config;
}
