/**
 * Write-behind of a registry's records to a shared store: registering only queues the record (a
 * map write on the lane's hot path), and the queue is drained off it, in batches, one write in
 * flight at a time so a later version of a record never lands before an earlier one. A write
 * that fails leaves its records queued (and held by the registry all along): they are written
 * again on the next drain, which a retry timer starts, so a store that comes back needs nothing
 * from the host.
 */
import type { ReferenceRecord } from './registry.js';
import type { RecordStore } from './record-store.js';

/** Records one write carries at most. */
export const WRITE_BATCH = 1000;
/** Records queued at most while the store can't take them; past it the oldest stay local only. */
export const WRITE_BEHIND_LIMIT = 50_000;
/** How long after a failed write the queue is tried again, in ms. */
export const WRITE_RETRY_MS = 1000;

/** What {@link WriteBehind.flush} came to. */
export type FlushOutcome =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly code: 'registry-unavailable';
      /** Records not yet in the store (held by this registry, written when the store answers). */
      readonly pending: number;
    };

/** A registry's queue of records to write. */
export interface WriteBehind {
  /** Queues `record`, replacing any queued version of its id. */
  enqueue(record: ReferenceRecord): void;
  /**
   * Resolves once every record queued before the call is in the store (`ok`), or once a write
   * of them fails (`registry-unavailable`: the store's own bound on a write). Never rejects.
   */
  flush(): Promise<FlushOutcome>;
  /** Versions of records queued and not yet stored. */
  readonly pending: number;
}

const FLUSHED: FlushOutcome = Object.freeze({ ok: true });

/** Makes the write-behind queue of a registry over `store`; `log` takes a line per outage and recovery. */
export function createWriteBehind(store: RecordStore, log: (line: string) => void): WriteBehind {
  // Every version queued, oldest first, in an array read from `head`: queuing is one push, with
  // no hashing of the id on the lane's hot path. A batch leaves the queue only once it is
  // stored, so a failed one is simply taken again; versions of one id are folded into the last
  // when a batch is taken, off the hot path.
  let queue: ReferenceRecord[] = [];
  let head = 0;
  /** Versions ever taken off the queue's front (stored, or let go past the limit). */
  let done = 0;
  let inflight: Promise<boolean> | undefined;
  let scheduled = false;
  let retry: NodeJS.Timeout | undefined;
  let failing = false;
  let trimmed = false;

  function say(line: string): void {
    try {
      log(line);
    } catch {
      // The host's log failed; the queue stands.
    }
  }

  function schedule(): void {
    if (scheduled || inflight !== undefined) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (inflight === undefined && head < queue.length) void writeNext();
    });
  }

  /** Writes the oldest batch; true when it was stored. */
  function writeNext(): Promise<boolean> {
    const taken = Math.min(WRITE_BATCH, queue.length - head);
    const latest = new Map<string, ReferenceRecord>();
    for (let i = head; i < head + taken; i += 1) {
      const record = queue[i]!;
      latest.delete(record.refId);
      latest.set(record.refId, record);
    }
    let written: Promise<void>;
    try {
      written = store.write([...latest.values()]);
    } catch (error) {
      written = Promise.reject(error);
    }
    const current = written.then(
      () => {
        advance(taken);
        if (failing) say('blockwise: registry store: writes resumed');
        failing = false;
        trimmed = false;
        return true;
      },
      (error: unknown) => {
        if (!failing) say(`blockwise: registry store: records kept in this process only for now (${errorLine(error)}); retrying`);
        failing = true;
        retry ??= setTimeout(() => {
          retry = undefined;
          schedule();
        }, WRITE_RETRY_MS).unref();
        return false;
      },
    );
    inflight = current.finally(() => {
      inflight = undefined;
      trim();
      if (!failing && head < queue.length) schedule();
    });
    return inflight;
  }

  function advance(count: number): void {
    head += count;
    done += count;
    if (head === queue.length) {
      queue = [];
      head = 0;
    } else if (head > 4096 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
  }

  /** Past the limit, the oldest versions are let go (their records stay held by the registry). */
  function trim(): void {
    const over = queue.length - head - WRITE_BEHIND_LIMIT;
    if (over <= 0 || inflight !== undefined) return;
    advance(over);
    if (!trimmed) say(`blockwise: registry store: over ${WRITE_BEHIND_LIMIT} records waiting; the oldest stay in this process only`);
    trimmed = true;
  }

  return {
    get pending() {
      return queue.length - head;
    },
    enqueue(record) {
      queue.push(record);
      if (queue.length - head > WRITE_BEHIND_LIMIT) trim();
      if (!failing) schedule();
    },
    async flush() {
      const through = done + queue.length - head;
      for (;;) {
        if (inflight !== undefined) {
          if (!(await inflight)) return unavailable(queue.length - head);
          continue;
        }
        if (done >= through) return FLUSHED;
        if (!(await writeNext())) return unavailable(queue.length - head);
      }
    },
  };
}

function unavailable(pending: number): FlushOutcome {
  return { ok: false, code: 'registry-unavailable', pending };
}

function errorLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]!.slice(0, 200);
}
