/**
 * WAL checkpoints off the event loop (issue 12). A checkpoint copies the write-ahead log back into
 * the database file and fsyncs both; run by the committing connection (SQLite's autocheckpoint) it
 * stalled the server's event loop about 1.3 ms every ~64 batches, which is the p99 of paid calls. The
 * server's connection therefore has `wal_autocheckpoint = 0` and a worker thread with its own
 * connection checkpoints instead: PASSIVE every CHECKPOINT_EVERY_MS (never blocks the server; copies
 * what is committed), and RESTART once the log passes WAL_RESTART_BYTES, which waits on the worker's
 * thread (not the event loop) for the current batch to commit and makes the next one start the log
 * from the beginning, so the log stays bounded (docs/wallet.md, disk the wallet needs).
 *
 * The worker's source is sent as text (a Blob URL), so it also runs from the compiled binary, which
 * has no separate worker file.
 */
export const CHECKPOINT_EVERY_MS = 50;
/** 2 MiB: with what one interval adds under full load, the log stays under the documented ~4 MiB. */
export const WAL_RESTART_BYTES = 2 * 1024 * 1024;
/**
 * How long RESTART waits for the batch in progress and for readers. It holds the write lock while it
 * waits, so it must stay far below the paid calls' own wait (BUSY_WAIT_MS); if it runs out, the
 * checkpoint is simply retried on the next tick.
 */
const RESTART_WAIT_MS = 100;

interface Config {
  path: string;
  everyMs: number;
  restartBytes: number;
  busyMs: number;
}

/** Runs inside the worker; only its parameters and the worker's globals are in scope. */
function checkpointLoop(Database: typeof import("bun:sqlite").Database, scope: { onmessage: unknown; postMessage(m: unknown): void }): void {
  scope.onmessage = (e: { data: Config }) => {
    const { path, everyMs, restartBytes, busyMs } = e.data;
    const db = new Database(path);
    db.exec(`PRAGMA busy_timeout = ${busyMs}`);
    db.exec("PRAGMA wal_autocheckpoint = 0");
    const frameBytes = (db.query("PRAGMA page_size").get() as { page_size: number }).page_size + 24;
    const passive = db.query("PRAGMA wal_checkpoint(PASSIVE)");
    setInterval(() => {
      try {
        // PASSIVE first even when restarting: it copies the bulk without the write lock, so RESTART,
        // which holds it, only has the last few commits to copy and sync. `log` is the frames in
        // the log now (the file itself is reused from its start after a restart, so its size says
        // nothing about what is in it).
        const r = passive.get() as { log: number };
        if (r.log * frameBytes > restartBytes) db.exec("PRAGMA wal_checkpoint(RESTART)");
      } catch (err) {
        scope.postMessage(String(err)); // the next tick tries again; the server logs it
      }
    }, everyMs);
    scope.postMessage("ready");
  };
}

const SOURCE = `import { Database } from "bun:sqlite";\n(${checkpointLoop.toString()})(Database, self);\n`;

export interface Checkpointer {
  stop(): void;
}

/**
 * Start the checkpoint worker for the wallet at `path`; null if a worker cannot run here, in which
 * case the caller keeps SQLite's own autocheckpoint.
 */
export function startCheckpointer(path: string, onError: (msg: string) => void = () => {}): Checkpointer | null {
  let w: Worker;
  try {
    w = new Worker(URL.createObjectURL(new Blob([SOURCE], { type: "application/javascript" })));
  } catch {
    return null;
  }
  w.onmessage = (e) => {
    if (e.data !== "ready") onError(String(e.data));
  };
  w.postMessage({ path, everyMs: CHECKPOINT_EVERY_MS, restartBytes: WAL_RESTART_BYTES, busyMs: RESTART_WAIT_MS } satisfies Config);
  w.unref(); // a server (or test) that forgets close() still exits
  return { stop: () => w.terminate() };
}
