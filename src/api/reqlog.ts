/**
 * Structured request logs (method, path, status, ms, account id; never the key), buffered and
 * written once per event-loop turn so logging does not add a syscall to every request. A request
 * only records its fields; the JSON lines (and their timestamps) are built when the buffer is
 * written, after the turn's responses are out.
 */
export class RequestLog {
  /** Flat records: at, method, path, status, ms, account (6 slots each). */
  private buf: (string | number | null)[] = [];
  private scheduled = false;
  private readonly enabled: boolean;
  constructor(enabled: boolean) {
    this.enabled = enabled && process.env.LOG_LEVEL !== "silent";
  }

  push(method: string, path: string, status: number, ms: number, account?: string): void {
    if (!this.enabled) return;
    this.buf.push(Date.now(), method, path, status, ms, account ?? null);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  flush(): void {
    this.scheduled = false;
    const b = this.buf;
    if (b.length === 0) return;
    this.buf = [];
    let out = "";
    for (let i = 0; i < b.length; i += 6) {
      out += JSON.stringify({ t: new Date(b[i] as number).toISOString(), msg: "request", method: b[i + 1], path: b[i + 2], status: b[i + 3], ms: Math.round((b[i + 4] as number) * 100) / 100, account: b[i + 5] }) + "\n";
    }
    process.stderr.write(out);
  }
}
