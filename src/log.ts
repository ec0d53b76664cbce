/** Structured JSON logs on stderr (one object per line). Never pass a key or a secret here. */
type Fields = Record<string, unknown>;
let quiet = process.env.LOG_LEVEL === "silent";

function emit(level: string, msg: string, f: Fields): void {
  if (quiet) return;
  process.stderr.write(JSON.stringify({ t: new Date().toISOString(), level, msg, ...f }) + "\n");
}

export const log = {
  info: (msg: string, f: Fields = {}) => emit("info", msg, f),
  warn: (msg: string, f: Fields = {}) => emit("warn", msg, f),
  error: (msg: string, f: Fields = {}) => emit("error", msg, f),
  setQuiet(q: boolean) {
    quiet = q;
  },
};
