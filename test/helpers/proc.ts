/** Child-process helpers for tests that run the real server or CLI as a separate process. */

export function freePort(): number {
  const s = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("") });
  const p = s.port!;
  s.stop(true);
  return p;
}

/** Collects a child's output as it arrives, so a test can wait for a line without sleeping. */
export class Output {
  text = "";
  private waiters: (() => void)[] = [];
  constructor(stream: ReadableStream<Uint8Array>) {
    void (async () => {
      const dec = new TextDecoder();
      for await (const chunk of stream) {
        this.text += dec.decode(chunk, { stream: true });
        this.waiters.splice(0).forEach((w) => w());
      }
      this.waiters.splice(0).forEach((w) => w());
    })();
  }
  async waitFor(re: RegExp, exited: Promise<number>, ms = 15_000): Promise<RegExpMatchArray> {
    const deadline = Date.now() + ms;
    let done = false;
    void exited.then(() => (done = true));
    for (;;) {
      const m = this.text.match(re);
      if (m) return m;
      if (done || Date.now() > deadline) throw new Error(`output never matched ${re}: ${this.text}`);
      await new Promise<void>((res) => {
        this.waiters.push(res);
        setTimeout(res, 200); // wake up to re-check the deadline / exit
      });
    }
  }
}

