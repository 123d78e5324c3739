/**
 * Where a registry's records live beyond its own memory. The registry always holds its records
 * in a bounded in-process table (rendering reads and writes only that, synchronously); a shared
 * store is written behind it, and read where an id names no record held here, so a worker can
 * fetch what another one showed.
 */
import type { ReferenceRecord } from './reference-record.js';

/** A store a registry keeps its records in (see {@link createMemoryStore}, `createRedisStore`). */
export interface RecordStore {
  /**
   * False for the in-memory store: the registry's own table is the store, and nothing is written
   * behind. True for a store other registries may share.
   */
  readonly shared: boolean;
  /**
   * Stores `records` (each the latest of its id), replacing what their ids held. Resolves once
   * every one is stored; rejects when they can't be (the store unreachable, or slower than its
   * own bound), never later than that bound.
   */
  write(records: readonly ReferenceRecord[]): Promise<void>;
  /**
   * The record `refId` names, or undefined when it names none (never written, expired, evicted,
   * or stored in a form that doesn't read as a whole record). Rejects when the store can't
   * answer within `timeoutMs`.
   */
  read(refId: string, timeoutMs: number): Promise<ReferenceRecord | undefined>;
  /**
   * Calls `listener` with each record marked `never` that any registry sharing the store writes,
   * and with those the store holds when it (re)connects; returns what stops it.
   */
  watchNever(listener: (record: ReferenceRecord) => void): () => void;
  /** Lets go of the store's connections; a registry over it keeps its own records. */
  close(): Promise<void>;
}

/** The in-memory store: records live in the registry's own bounded table and nowhere else. */
export function createMemoryStore(): RecordStore {
  return MEMORY_STORE;
}

const MEMORY_STORE: RecordStore = Object.freeze({
  shared: false,
  write: () => Promise.resolve(),
  read: () => Promise.resolve(undefined),
  watchNever: () => () => undefined,
  close: () => Promise.resolve(),
});
