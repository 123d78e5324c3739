/**
 * Write-behind of a registry's records to a shared store: registering only queues the record (an
 * array push on the lane's hot path), and the queue is drained off it, in batches, one write in
 * flight at a time so a later version of a record never lands before an earlier one. A batch
 * leaves the queue when its write starts; a write that fails puts it back at the front, to be
 * written again on the next drain, which a retry timer starts, so a store that comes back needs
 * nothing from the host.
 *
 * The versions waiting (every one not in the write in flight, which is at most one batch) are
 * bounded by count and by an estimate of their bytes; past either bound the oldest are dropped:
 * they never reach the store, and every {@link WriteBehind.flush} that was waiting for them (or
 * the next one, where none was) reports them.
 */
import type { ReferenceRecord } from './reference-record.js';
import type { RecordStore } from './record-store.js';

/** Records one write carries at most. */
export const WRITE_BATCH = 1000;
/** Versions waiting at most while the store can't take them; past it the oldest are dropped. */
export const WRITE_BEHIND_LIMIT = 50_000;
/** The estimated bytes of versions waiting at most (see {@link recordBytes}); past it the oldest are dropped. */
export const WRITE_BEHIND_MAX_BYTES = 64 * 1024 * 1024;
/** How long after a failed write the queue is tried again, in ms. */
export const WRITE_RETRY_MS = 1000;

/** Bounds on the versions waiting to be written (see {@link WRITE_BEHIND_LIMIT}, {@link WRITE_BEHIND_MAX_BYTES}). */
export interface WriteBehindLimits {
  /** Versions waiting at most. */
  readonly records?: number;
  /** Estimated bytes of versions waiting at most. */
  readonly bytes?: number;
}

/** What {@link WriteBehind.flush} came to. */
export type FlushOutcome =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly code: 'registry-unavailable';
      /** Versions not yet in the store (held by this registry, written when the store answers). */
      readonly pending: number;
    }
  | {
      readonly ok: false;
      /** Versions this flush was to write were dropped past the queue's bound: they never reach the store. */
      readonly code: 'records-dropped';
      /** Versions dropped that this flush was to write (or that were dropped since the last flush). */
      readonly dropped: number;
      /** Versions still waiting to be written. */
      readonly pending: number;
    };

/** A registry's queue of records to write. */
export interface WriteBehind {
  /** Queues `record`, replacing any queued version of its id. */
  enqueue(record: ReferenceRecord): void;
  /**
   * Resolves once every version queued before the call is in the store (`ok`), once a write of
   * them fails (`registry-unavailable`: the store's own bound on a write), or, where any of them
   * (or any dropped since the last flush) was dropped past the queue's bound, `records-dropped`.
   * Never rejects.
   */
  flush(): Promise<FlushOutcome>;
  /** Versions of records queued and not yet stored. */
  readonly pending: number;
}

/**
 * A version's weight against the byte bound: its text fields (UTF-16, two bytes a unit) and a
 * fixed allowance for the rest of the object. An estimate, read in O(1) on the hot path.
 */
export function recordBytes(record: ReferenceRecord): number {
  const { testimony } = record;
  const texts =
    record.uri.length +
    (testimony.name?.length ?? 0) +
    (testimony.mimeType?.length ?? 0) +
    (testimony.expiresAt?.length ?? 0) +
    (record.serverId?.length ?? 0) +
    (record.fetched?.path.length ?? 0);
  return 2 * texts + 256;
}

const FLUSHED: FlushOutcome = Object.freeze({ ok: true });

/** A flush waiting: versions numbered below `through` are what it waits for. */
interface Waiter {
  readonly through: number;
  dropped: number;
}

/** Makes the write-behind queue of a registry over `store`; `log` takes a line per outage and recovery. */
export function createWriteBehind(store: RecordStore, log: (line: string) => void, limits: WriteBehindLimits = {}): WriteBehind {
  const maxRecords = limits.records ?? WRITE_BEHIND_LIMIT;
  const maxBytes = limits.bytes ?? WRITE_BEHIND_MAX_BYTES;
  // Every version is numbered in the order it was queued. Versions waiting are `front` (a batch
  // taken whose write failed, numbered `frontStart` up to `frontEnd`) then `queue` from `head`
  // (numbered from `headSeq`, consecutively): queuing is one push, with no hashing of the id on
  // the lane's hot path; versions of one id are folded into the last when a batch is taken.
  let queue: ReferenceRecord[] = [];
  let head = 0;
  let headSeq = 0;
  let front: ReferenceRecord[] | undefined;
  let frontStart = 0;
  let frontEnd = 0;
  let frontBytes = 0;
  let queuedBytes = 0;
  /** The batch in flight's first number, while one is. */
  let flightStart = 0;
  let inflight: Promise<boolean> | undefined;
  let scheduled = false;
  let retry: NodeJS.Timeout | undefined;
  let failing = false;
  let trimmed = false;
  const waiters = new Set<Waiter>();
  /** Versions dropped while no flush was waiting for them: the next flush reports them. */
  let unreported = 0;

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
      if (inflight === undefined && waiting() > 0) void writeNext();
    });
  }

  function waiting(): number {
    return (front === undefined ? 0 : frontEnd - frontStart) + queue.length - head;
  }

  /** The number of the oldest version not yet stored (the next one queued, where none waits). */
  function oldestOutstanding(): number {
    if (inflight !== undefined) return flightStart;
    return front !== undefined ? frontStart : headSeq;
  }

  /** Takes the oldest batch off the queue (the failed one first). */
  function take(): { batch: ReferenceRecord[]; start: number; end: number; bytes: number } {
    if (front !== undefined) {
      const taken = { batch: front, start: frontStart, end: frontEnd, bytes: frontBytes };
      front = undefined;
      frontBytes = 0;
      return taken;
    }
    const count = Math.min(WRITE_BATCH, queue.length - head);
    const latest = new Map<string, ReferenceRecord>();
    let bytes = 0;
    for (let i = head; i < head + count; i += 1) {
      const record = queue[i]!;
      bytes += recordBytes(record);
      latest.delete(record.refId);
      latest.set(record.refId, record);
    }
    const start = headSeq;
    advance(count, bytes);
    return { batch: [...latest.values()], start, end: start + count, bytes };
  }

  /** Writes the oldest batch; true when it was stored. */
  function writeNext(): Promise<boolean> {
    const { batch, start, end, bytes } = take();
    flightStart = start;
    let written: Promise<void>;
    try {
      written = store.write(batch);
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
        // Back at the front: nothing taken since is older.
        front = batch;
        frontStart = start;
        frontEnd = end;
        frontBytes = bytes;
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
      if (!failing && waiting() > 0) schedule();
    });
    return inflight;
  }

  function advance(count: number, bytes: number): void {
    head += count;
    headSeq += count;
    queuedBytes -= bytes;
    if (head === queue.length) {
      queue = [];
      head = 0;
      queuedBytes = 0;
    } else if (head > 4096 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
  }

  /** Versions numbered `start` up to `end` are dropped: each flush waiting for any is told. */
  function dropped(start: number, end: number): void {
    let told = false;
    for (const waiter of waiters) {
      const count = Math.min(end, waiter.through) - start;
      if (count > 0) {
        waiter.dropped += count;
        told = true;
      }
    }
    if (!told) unreported += end - start;
  }

  /**
   * Past a bound, the oldest versions waiting are dropped (the batch in flight isn't waiting: it
   * is at most one batch, and lands or comes back). The registry may still hold their records,
   * for as long as its own bound keeps them; no other registry finds them.
   */
  function trim(): void {
    const before = waiting();
    while (waiting() > maxRecords || frontBytes + queuedBytes > maxBytes) {
      if (front !== undefined) {
        dropped(frontStart, frontEnd);
        front = undefined;
        frontBytes = 0;
        continue;
      }
      if (head === queue.length) break;
      // One at a time down to the bounds: a record's weight is read again, off the hot path.
      const record = queue[head]!;
      dropped(headSeq, headSeq + 1);
      advance(1, recordBytes(record));
    }
    const gone = before - waiting();
    if (gone > 0 && !trimmed) {
      say(
        `blockwise: registry store: over ${maxRecords} records or ${maxBytes} bytes waiting to be written; the oldest are dropped and won't reach the store (other workers won't find them)`,
      );
      trimmed = true;
    }
  }

  return {
    get pending() {
      return waiting();
    },
    enqueue(record) {
      queue.push(record);
      queuedBytes += recordBytes(record);
      if (frontBytes + queuedBytes > maxBytes || waiting() > maxRecords) trim();
      if (!failing) schedule();
    },
    async flush() {
      const waiter: Waiter = { through: headSeq + queue.length - head, dropped: unreported };
      unreported = 0;
      waiters.add(waiter);
      try {
        for (;;) {
          if (inflight !== undefined) {
            if (!(await inflight)) return unwritten(waiter);
            continue;
          }
          if (oldestOutstanding() >= waiter.through) return waiter.dropped > 0 ? unwritten(waiter) : FLUSHED;
          if (!(await writeNext())) return unwritten(waiter);
        }
      } finally {
        waiters.delete(waiter);
      }
    },
  };

  function unwritten(waiter: Waiter): FlushOutcome {
    const pending = waiting();
    if (waiter.dropped > 0) return { ok: false, code: 'records-dropped', dropped: waiter.dropped, pending };
    return { ok: false, code: 'registry-unavailable', pending };
  }
}

function errorLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]!.slice(0, 200);
}
