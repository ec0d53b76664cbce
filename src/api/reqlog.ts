/**
 * Structured request logs (method, path, status, ms, account id; never the key), buffered and
 * written once per event-loop turn so logging does not add a syscall to every request.
 */
export class RequestLog {
  private buf: string[] = [];
  private scheduled = false;
  constructor(private enabled: boolean) {}

  push(method: string, path: string, status: number, ms: number, account?: string): void {
    if (!this.enabled || process.env.LOG_LEVEL === "silent") return;
    this.buf.push(JSON.stringify({ t: new Date().toISOString(), msg: "request", method, path, status, ms: Math.round(ms * 100) / 100, account: account ?? null }));
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  flush(): void {
    this.scheduled = false;
    if (this.buf.length) process.stderr.write(this.buf.join("\n") + "\n");
    this.buf = [];
  }
}
