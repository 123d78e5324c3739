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
  /** Records queued and not yet stored. */
  readonly pending: number;
}

interface Queued {
  readonly record: ReferenceRecord;
  /** The order it was queued in: a flush waits for every record queued before it. */
  readonly seq: number;
}

const FLUSHED: FlushOutcome = Object.freeze({ ok: true });

/** Makes the write-behind queue of a registry over `store`; `log` takes a line per outage and recovery. */
export function createWriteBehind(store: RecordStore, log: (line: string) => void): WriteBehind {
  // By id, oldest first: a re-queued id moves to the back, so the front is always the oldest
  // record not yet written, and a flush waits only while that one is as old as its call.
  let queue = new Map<string, Queued>();
  let seq = 0;
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
      if (inflight === undefined && queue.size > 0) void writeNext();
    });
  }

  /** Writes the oldest batch; true when it was stored. */
  function writeNext(): Promise<boolean> {
    const batch: Queued[] = [];
    for (const [refId, queued] of queue) {
      batch.push(queued);
      queue.delete(refId);
      if (batch.length === WRITE_BATCH) break;
    }
    let written: Promise<void>;
    try {
      written = store.write(batch.map((queued) => queued.record));
    } catch (error) {
      written = Promise.reject(error);
    }
    const current = written.then(
      () => {
        if (failing) say('blockwise: registry store: writes resumed');
        failing = false;
        trimmed = false;
        return true;
      },
      (error: unknown) => {
        requeue(batch);
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
      if (!failing && queue.size > 0) schedule();
    });
    return inflight;
  }

  /** Puts a failed batch back at the front, behind nothing newer of the same ids. */
  function requeue(batch: readonly Queued[]): void {
    const next = new Map<string, Queued>();
    for (const queued of batch) if (!queue.has(queued.record.refId)) next.set(queued.record.refId, queued);
    for (const [refId, queued] of queue) next.set(refId, queued);
    queue = next;
    trim();
  }

  function trim(): void {
    if (queue.size <= WRITE_BEHIND_LIMIT) return;
    let over = queue.size - WRITE_BEHIND_LIMIT;
    for (const refId of queue.keys()) {
      if (over-- === 0) break;
      queue.delete(refId);
    }
    if (!trimmed) say(`blockwise: registry store: over ${WRITE_BEHIND_LIMIT} records waiting; the oldest stay in this process only`);
    trimmed = true;
  }

  return {
    get pending() {
      return queue.size;
    },
    enqueue(record) {
      queue.delete(record.refId);
      queue.set(record.refId, { record, seq: seq++ });
      if (queue.size > WRITE_BEHIND_LIMIT) trim();
      if (!failing) schedule();
    },
    async flush() {
      const through = seq;
      for (;;) {
        if (inflight !== undefined) {
          if (!(await inflight)) return unavailable(queue.size);
          continue;
        }
        const oldest = queue.values().next().value;
        if (oldest === undefined || oldest.seq >= through) return FLUSHED;
        if (!(await writeNext())) return unavailable(queue.size);
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
