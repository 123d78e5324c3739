/**
 * The reference registry (docs/design.md §6): host-private records keyed by uri, named by opaque ids that
 * are never reused and can't be guessed (each id its own 96 random bits: see {@link nextRefId}),
 * bounded (least recently used evicted first). Nothing is fetched on receipt. Hosts that share a
 * registry share records; each host keeps its own server addresses. Over a shared store
 * ({@link RecordStore}), records are also written behind to it and read from it by id, so
 * registries in other processes find them.
 */
import { randomInt } from 'node:crypto';
import { expiryMs } from './expiry.js';
import { IdIndex } from './id-index.js';
import { NO_CELL, SlotTable } from './slot-table.js';
import { uriHash } from './uri-hash.js';
import { createMemoryStore, type RecordStore } from './record-store.js';
import { nextRefId, refIdKey } from './ref-ids.js';
import type { FetchedCopy, ReferenceRecord } from './reference-record.js';
import type { Testimony } from './testimony.js';
import { createWriteBehind, recordBytes, type FlushOutcome, type WriteBehindLimits } from './write-behind.js';

export type { FlushOutcome } from './write-behind.js';
export type { FetchedCopy, ReferenceRecord } from './reference-record.js';

/** The default number of records a registry keeps. */
export const DEFAULT_REGISTRY_CAPACITY = 2000;
/**
 * The default bound on `never` claims a registry over a shared store keeps from other registries,
 * in estimated bytes ({@link recordBytes}): 16 MiB, some 60,000 claims on 100-character uris.
 */
export const DEFAULT_FOREIGN_NEVER_BYTES = 16 * 1024 * 1024;

/** A stale or unknown reference id: the defined "unknown reference" error (RFC-005 §6). */
export class UnknownReference extends Error {
  override readonly name = 'UnknownReference';
  readonly code = 'unknown-reference';
  /** The id as given, or, for a value that isn't a string, its type in brackets. */
  readonly refId: string;
  /** @param refId the id that names no record (a caller outside TypeScript may pass any value) */
  constructor(refId: string) {
    const shown = typeof refId === 'string' ? refId : `(${typeof refId})`;
    super(`unknown reference: ${JSON.stringify(shown.slice(0, 64))} names no record this host holds`);
    this.refId = shown;
  }
}

/** A read-only view of records as they stood when the journal opened (copied on first touch). */
export interface RegistryJournal {
  /** The record for `uri` as it stood when the journal opened, if there was one. */
  getByUri(uri: string): ReferenceRecord | undefined;
  /** Stops copying; the journal's copies are let go. */
  close(): void;
}

/** What {@link Registry.lookup} found. */
export type LookupOutcome =
  | { readonly kind: 'record'; readonly record: ReferenceRecord }
  | { readonly kind: 'unknown' }
  /** The shared store didn't answer in time (or at all): whether the id names a record is unknown. */
  | { readonly kind: 'unavailable' };

/** A reference registry. */
export interface Registry {
  readonly capacity: number;
  /** Where its records are kept beyond this process (the in-memory store: nowhere). */
  readonly store: RecordStore;
  /** How many records it holds. */
  readonly size: number;
  /**
   * Records `testimony` from `serverId` (absent: made by the host), returning the uri's record.
   * A uri already held keeps its id. A link's testimony never replaces a reference's claims
   * (digest, expiry, disposition); an unfetched record takes a re-issued testimony, a fetched one
   * keeps the testimony its bytes were verified against.
   */
  register(testimony: Testimony, serverId?: string): ReferenceRecord;
  /** The record an id names, or undefined when the id is stale or unknown. */
  get(refId: string): ReferenceRecord | undefined;
  /** The record an id names; throws {@link UnknownReference} when it names none. */
  getOrThrow(refId: string): ReferenceRecord;
  /**
   * The record for a uri, without touching its recency; for a uri this registry holds no record
   * of, another registry's `never` claim on it read from a shared store (the writer's record).
   */
  getByUri(uri: string): ReferenceRecord | undefined;
  /**
   * Records a verified fetch of `verified.uri`, keeping `verified` — the testimony the bytes were
   * checked against — as the record's testimony from now on. The uri decides which record: the
   * one `refId` (the id the fetch began with) named while it is held, the uri's own where that
   * one was evicted and the uri recorded again meanwhile, or a new one under a new id.
   */
  markFetched(refId: string, copy: FetchedCopy, verified: Testimony, serverId: string | undefined): ReferenceRecord;
  /** Opens a journal: records as they stand now, whatever registrations and evictions follow. */
  openJournal(): RegistryJournal;
  /** How many journals are open (every lane closes its own). */
  readonly openJournals: number;
  /**
   * The record an id names, held here or (over a shared store) read from the store within
   * `timeoutMs`; a record read from the store is held here from then on, so {@link get} finds it.
   */
  lookup(refId: string, timeoutMs: number): Promise<LookupOutcome>;
  /**
   * Resolves once every record registered or fetched so far is in the shared store (at once for
   * the in-memory store), or once the store fails to take them (`registry-unavailable`; they stay
   * queued and are written when it answers again), or, where any was dropped past the write
   * queue's bound, `records-dropped` (those never reach the store). Never rejects.
   */
  flush(): Promise<FlushOutcome>;
  /** Versions of records registered here and not yet in the shared store (a record changed twice counts twice). */
  readonly pending: number;
}

/**
 * A fetched record's testimony under a later one: the labels its bytes were verified against,
 * with the later reference's stricter expiry and its `never` (a later result may only narrow
 * what may be done with the uri, so a fetch refuses what that result's stubs refuse).
 */
function withStricterClaims(verified: Testimony, later: Testimony): Testimony {
  if (later.fromLink) return verified;
  const stricterExpiry = later.expiresAt !== undefined && expiryMs(later.expiresAt) < expiryMs(verified.expiresAt);
  const never = later.disposition === 'never' && verified.disposition !== 'never';
  if (!stricterExpiry && !never) return verified;
  return { ...verified, ...(stricterExpiry ? { expiresAt: later.expiresAt } : {}), ...(never ? { disposition: 'never' as const } : {}) };
}

/**
 * `testimony` with `other`'s `never` and its earlier expiry, whichever kind either is: claims
 * only ever narrow what may be done with a uri. A link's testimony, which claims neither
 * (RFC-005 §8.1), takes `other` whole where `other` claims either.
 */
function stricterOf(testimony: Testimony, other: Testimony): Testimony {
  const stricterExpiry = other.expiresAt !== undefined && expiryMs(other.expiresAt) < expiryMs(testimony.expiresAt);
  const never = other.disposition === 'never' && testimony.disposition !== 'never';
  if (!stricterExpiry && !never) return testimony;
  if (testimony.fromLink && !other.fromLink) return other;
  return { ...testimony, ...(stricterExpiry ? { expiresAt: other.expiresAt } : {}), ...(never ? { disposition: 'never' as const } : {}) };
}

/** A record with only the optional fields that are set. */
function makeRecord(refId: string, testimony: Testimony, serverId: string | undefined, fetched: FetchedCopy | undefined): ReferenceRecord {
  // Whole literals rather than fields added one by one: a field added later costs an object its
  // shape change and a property store of its own, once per link on the lane's hot path.
  const uri = testimony.uri;
  if (fetched === undefined) return serverId === undefined ? { refId, uri, testimony } : { refId, uri, testimony, serverId };
  return serverId === undefined ? { refId, uri, testimony, fetched } : { refId, uri, testimony, serverId, fetched };
}

/** No slot: the end of the recency list, or an id or uri no record held has. */
const NONE = -1;
/** The slots a registry makes room for at first, and at least each time it grows. */
const FIRST_SLOTS = 64;

/** Options for {@link createRegistry}. */
export interface RegistryOptions {
  /** How many records to keep before evicting the least recently used (default 2,000). */
  readonly capacity?: number;
  /**
   * Where records are kept beyond this process (default: the in-memory store, nothing shared).
   * With a shared store, records read from it by id are held in a table of their own, of the
   * same capacity.
   */
  readonly store?: RecordStore;
  /** Where a shared store's outages and recoveries are logged (default: stderr). */
  readonly log?: (line: string) => void;
  /** Bounds on the records waiting to be written to a shared store (see `WRITE_BEHIND_LIMIT`). */
  readonly writeBehind?: WriteBehindLimits;
  /**
   * The bound, in estimated bytes, on `never` claims read from a shared store that other
   * registries wrote (default {@link DEFAULT_FOREIGN_NEVER_BYTES}); past it the oldest go first.
   * They are kept apart from this registry's own records, so they never evict one.
   */
  readonly foreignNeverBytes?: number;
}

/**
 * Per registry made by {@link createRegistry}: whether some record it holds, or some other
 * registry's `never` it keeps, claims anything of its uri (a reference's `never` or expiry). A
 * result's claims read the registry for every uri its links name (`ClaimsReader.finish`), and
 * where nothing held claims anything, every such read would find no claim: see
 * {@link mayHoldClaims}. Kept beside the registry, not on it, so `Registry` stays as it is.
 */
const CLAIMS_HELD = new WeakMap<object, () => boolean>();

/**
 * Whether a uri's record read from `lookup` may claim anything (a reference's `never` or expiry):
 * false only for a registry made by {@link createRegistry} that holds no record and keeps no
 * other registry's `never` claiming either; true for any other lookup (a journal, a caller's own).
 */
export function mayHoldClaims(lookup: object): boolean {
  const held = CLAIMS_HELD.get(lookup);
  return held === undefined || held();
}

/** Whether a record's testimony claims anything a result's claims read: a reference's `never` or expiry. */
function claimsAnything(testimony: Testimony): boolean {
  return !testimony.fromLink && (testimony.disposition === 'never' || testimony.expiresAt !== undefined);
}

const ALREADY_FLUSHED: Promise<FlushOutcome> = Promise.resolve(Object.freeze({ ok: true as const }));
const UNKNOWN: LookupOutcome = Object.freeze({ kind: 'unknown' });
const UNAVAILABLE: LookupOutcome = Object.freeze({ kind: 'unavailable' });

/** Creates a registry. */
export function createRegistry(options: RegistryOptions = {}): Registry {
  const capacity = options.capacity ?? DEFAULT_REGISTRY_CAPACITY;
  if (!Number.isSafeInteger(capacity) || capacity < 1) {
    throw new RangeError(`registry capacity must be a positive integer, got ${String(capacity)}`);
  }
  // Each held record has a slot, a small integer: `records[slot]` is the record, and the slots
  // form a doubly linked recency list in two typed arrays (oldest first), so a touch and an
  // eviction are O(1) and move numbers only. Slots are made up to the capacity and then reused,
  // the least recently used record's for the new one: in a full registry (the steady state of a
  // long-running host) a link allocates nothing but its record, and its record's slot number is
  // all either table stores, never an object the garbage collector must trace.
  const records: ReferenceRecord[] = [];
  let older = new Int32Array(Math.min(capacity, FIRST_SLOTS));
  let newer = new Int32Array(older.length);
  let oldest = NONE;
  let newest = NONE;
  // Slots by uri, by the uri's hash under this registry's own seed: see `uriHash`.
  const slotByUri = new SlotTable(older.length);
  // Each slot's uri hash, kept so an eviction finds its cell without reading the uri again.
  let uriHashes = new Int32Array(older.length);
  // Each slot's 1 where its record claims anything (`claimsAnything`), else 0.
  let claimFlags = new Uint8Array(older.length);
  const seed = randomInt(2 ** 32) | 0;
  // Slots by their id's key, a small integer read from its random bits (every id issued reads as
  // one), brought up to date when an id is looked up: registering only notes the change. A
  // lookup compares the whole id, so only the id as issued names its record.
  const slotByKey = new IdIndex(older.length, (slot) => refIdKey(records[slot]!.refId)!);
  const journals = new Set<Map<string, ReferenceRecord | undefined>>();
  // How many held records claim anything (`claimsAnything`): every change of a slot's record
  // goes through `hold`, and every eviction counts its record out.
  let claiming = 0;
  const store = options.store ?? createMemoryStore();
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  // Only a shared store is written behind: over the in-memory one, registering costs what it
  // always has.
  const behind = store.shared ? createWriteBehind(store, log, options.writeBehind) : undefined;
  const foreignNeverBytes = options.foreignNeverBytes ?? DEFAULT_FOREIGN_NEVER_BYTES;
  if (!Number.isSafeInteger(foreignNeverBytes) || foreignNeverBytes < 1) {
    throw new RangeError(`registry foreignNeverBytes must be a positive integer, got ${String(foreignNeverBytes)}`);
  }
  // `never` claims other registries wrote, by uri, oldest first: the writer's record, held only
  // to withhold its uri here. Never written back and never registered under (a record this
  // registry writes is always under an id it issued), bounded by bytes of its own.
  const foreignNever = new Map<string, ReferenceRecord>();
  let foreignBytes = 0;
  // Records read from the store by id, which this registry may hold under another id for the
  // same uri: kept apart from the uri table, bounded by the same capacity, oldest first out.
  const borrowed = new Map<string, ReferenceRecord>();

  /** The record `refId` names, where it is an id this registry issued and still holds. */
  function ownRecord(refId: string): ReferenceRecord | undefined {
    const key = typeof refId === 'string' ? refIdKey(refId) : undefined;
    if (key === undefined) return undefined;
    const table = slotByKey.table();
    for (let cell = table.first(key); cell !== NO_CELL; cell = table.next(cell, key)) {
      const record = records[table.slotAt(cell)]!;
      if (record.refId === refId) return record;
    }
    return undefined;
  }

  /** The slot holding `uri`'s record (`hash` its {@link uriHash}), or {@link NONE}. */
  function slotOfUri(uri: string, hash: number): number {
    for (let cell = slotByUri.first(hash); cell !== NO_CELL; cell = slotByUri.next(cell, hash)) {
      const slot = slotByUri.slotAt(cell);
      if (records[slot]!.uri === uri) return slot;
    }
    return NONE;
  }

  /** The slot holding `uri`'s record, or {@link NONE} (for a caller outside TypeScript, any value). */
  function slotOf(uri: string): number {
    return typeof uri === 'string' ? slotOfUri(uri, uriHash(uri, seed)) : NONE;
  }

  function beforeChange(uri: string): void {
    for (const copies of journals) if (!copies.has(uri)) copies.set(uri, recordForUri(uri));
  }

  /** The record held for `uri`, or else another registry's `never` claim on it. */
  function recordForUri(uri: string): ReferenceRecord | undefined {
    const slot = slotOf(uri);
    if (slot !== NONE) return records[slot];
    return foreignNever.size > 0 ? foreignNever.get(uri) : undefined;
  }

  /**
   * `testimony` with another registry's `never` on its uri, where there is one: a link takes the
   * writer's testimony (a link claims no disposition, RFC-005 §8.1; the writer's record does).
   */
  function withForeignNever(testimony: Testimony): Testimony {
    if (foreignNever.size === 0 || testimony.disposition === 'never') return testimony;
    const foreign = foreignNever.get(testimony.uri);
    if (foreign === undefined) return testimony;
    return testimony.fromLink ? foreign.testimony : { ...testimony, disposition: 'never' };
  }

  /** A record read from the store, with the claims this registry knows on its uri in force. */
  function withKnownClaims(record: ReferenceRecord): ReferenceRecord {
    const slot = slotOf(record.uri);
    const held = slot === NONE ? undefined : records[slot]!.testimony;
    let testimony = held === undefined ? record.testimony : stricterOf(record.testimony, held);
    testimony = withForeignNever(testimony);
    return testimony === record.testimony ? record : makeRecord(record.refId, testimony, record.serverId, record.fetched);
  }

  /** Puts `record` in `slot` in place of the record it held (none for a new or evicted slot), counting claims. */
  function hold(slot: number, record: ReferenceRecord): void {
    const claims = claimsAnything(record.testimony) ? 1 : 0;
    claiming += claims - claimFlags[slot]!;
    claimFlags[slot] = claims;
    records[slot] = record;
  }

  function unlink(slot: number): void {
    const before = older[slot]!;
    const after = newer[slot]!;
    if (before === NONE) oldest = after;
    else newer[before] = after;
    if (after === NONE) newest = before;
    else older[after] = before;
  }

  function append(slot: number): void {
    older[slot] = newest;
    newer[slot] = NONE;
    if (newest === NONE) oldest = slot;
    else newer[newest] = slot;
    newest = slot;
  }

  /** A slot no record holds yet (the registry is below capacity), with room made for it. */
  function newSlot(): number {
    const slot = records.length;
    if (slot === older.length) {
      const slots = Math.min(capacity, Math.max(FIRST_SLOTS, slot * 2));
      const grownOlder = new Int32Array(slots);
      grownOlder.set(older);
      const grownNewer = new Int32Array(slots);
      grownNewer.set(newer);
      older = grownOlder;
      newer = grownNewer;
      const grownHashes = new Int32Array(slots);
      grownHashes.set(uriHashes);
      uriHashes = grownHashes;
      const grownFlags = new Uint8Array(slots);
      grownFlags.set(claimFlags);
      claimFlags = grownFlags;
      slotByKey.grow(slots);
      slotByUri.grow(slots);
    }
    return slot;
  }

  /**
   * A record for a uri this registry doesn't hold, under a new id, as the most recent. At
   * capacity the least recently used record goes first, and its slot holds the new one.
   */
  function storeNew(testimony: Testimony, hash: number, serverId: string | undefined, fetched: FetchedCopy | undefined): ReferenceRecord {
    const refId = nextRefId();
    const record = makeRecord(refId, foreignNever.size === 0 ? testimony : withForeignNever(testimony), serverId, fetched);
    if (journals.size > 0) beforeChange(record.uri);
    const slot = records.length >= capacity ? evictOldest() : newSlot();
    hold(slot, record);
    uriHashes[slot] = hash;
    slotByUri.insert(hash, slot);
    slotByKey.refile(slot);
    append(slot);
    behind?.enqueue(record);
    return record;
  }

  /** A new record for the uri `slot` holds, under its id, as the most recent. */
  function storeHeld(slot: number, testimony: Testimony, serverId: string | undefined, fetched: FetchedCopy | undefined): ReferenceRecord {
    const held = records[slot]!;
    const record = makeRecord(held.refId, foreignNever.size === 0 ? testimony : withForeignNever(testimony), serverId, fetched);
    if (journals.size > 0) beforeChange(record.uri);
    hold(slot, record);
    unlink(slot);
    append(slot);
    behind?.enqueue(record);
    return record;
  }

  function getRecord(refId: string): ReferenceRecord | undefined {
    const own = ownRecord(refId);
    if (own !== undefined || borrowed.size === 0) return own;
    const lent = borrowed.get(refId);
    return lent === undefined ? undefined : withKnownClaims(lent);
  }

  function borrow(record: ReferenceRecord): void {
    borrowed.delete(record.refId);
    borrowed.set(record.refId, record);
    if (borrowed.size > capacity) borrowed.delete(borrowed.keys().next().value!);
  }

  /**
   * Takes in a record another registry wrote with a `never` claim, so this registry's lanes
   * withhold its uri as the writer's do: the claim is kept in a bounded table of its own (never
   * in this registry's records, so it evicts none of them, and no record is ever written here
   * under the writer's id), and a record held here for the uri takes the `never` under its own
   * id. Nothing is written behind: the store already holds the claim.
   */
  function adoptNever(record: ReferenceRecord): void {
    if (journals.size > 0) beforeChange(record.uri);
    const known = foreignNever.get(record.uri);
    if (known !== undefined) {
      foreignBytes -= recordBytes(known);
      foreignNever.delete(record.uri);
    }
    foreignNever.set(record.uri, record);
    foreignBytes += recordBytes(record);
    while (foreignBytes > foreignNeverBytes && foreignNever.size > 1) {
      const [uri, oldest] = foreignNever.entries().next().value!;
      if (journals.size > 0) beforeChange(uri);
      foreignNever.delete(uri);
      foreignBytes -= recordBytes(oldest);
    }
    const slot = slotOf(record.uri);
    if (slot === NONE) return;
    const current = records[slot]!;
    if (current.testimony.disposition === 'never') return;
    hold(slot, makeRecord(current.refId, withForeignNever(current.testimony), current.serverId, current.fetched));
  }

  if (store.shared) store.watchNever(adoptNever);

  /** Evicts the least recently used record, returning its slot, now in no list or table. */
  function evictOldest(): number {
    // Read from the slot's numbers alone: the evicted record, long unread, is not touched.
    const slot = oldest;
    if (journals.size > 0) beforeChange(records[slot]!.uri);
    unlink(slot);
    slotByUri.remove(uriHashes[slot]!, slot);
    claiming -= claimFlags[slot]!;
    claimFlags[slot] = 0;
    return slot;
  }

  const registry: Registry = {
    capacity,
    store,
    get pending() {
      return behind?.pending ?? 0;
    },
    get size() {
      return records.length;
    },
    get openJournals() {
      return journals.size;
    },
    register(testimony, serverId) {
      const hash = uriHash(testimony.uri, seed);
      const held = slotOfUri(testimony.uri, hash);
      if (held === NONE) return storeNew(testimony, hash, serverId, undefined);
      const existing = records[held]!;
      const keepsClaims = existing.fetched !== undefined || (testimony.fromLink && !existing.testimony.fromLink);
      // A record that keeps its claims keeps the server they came from, so its stubs' promise
      // holds; a re-registration by the host itself (no server) never unbinds one.
      const binding = keepsClaims ? existing.serverId : (serverId ?? existing.serverId);
      const kept = existing.fetched === undefined ? existing.testimony : withStricterClaims(existing.testimony, testimony);
      return storeHeld(held, keepsClaims ? kept : testimony, binding, existing.fetched);
    },
    get: getRecord,
    getOrThrow(refId) {
      const record = getRecord(refId);
      if (record === undefined) throw new UnknownReference(refId);
      return record;
    },
    getByUri: recordForUri,
    markFetched(refId, copy, verified, serverId) {
      // A record read from the store is marked under its own id, so every registry sharing the
      // store finds the copy.
      const lent = ownRecord(refId) === undefined ? borrowed.get(refId) : undefined;
      if (lent !== undefined && lent.uri === verified.uri) {
        // Claims never weaken: the copy's testimony with the stricter of those known here now.
        const record = withKnownClaims(makeRecord(refId, stricterOf(verified, lent.testimony), serverId, copy));
        borrow(record);
        behind?.enqueue(record);
        return record;
      }
      // The entry the id names holds this uri, or the uri's own entry does (the id's record was
      // evicted and the uri recorded again meanwhile), or the uri is recorded anew.
      const hash = uriHash(verified.uri, seed);
      const held = slotOfUri(verified.uri, hash);
      return held === NONE ? storeNew(verified, hash, serverId, copy) : storeHeld(held, verified, serverId, copy);
    },
    async lookup(refId, timeoutMs) {
      const held = getRecord(refId);
      if (held !== undefined) return { kind: 'record', record: held };
      if (!store.shared || typeof refId !== 'string' || refIdKey(refId) === undefined) return UNKNOWN;
      let record: ReferenceRecord | undefined;
      try {
        record = await store.read(refId, timeoutMs);
      } catch {
        return UNAVAILABLE;
      }
      if (record === undefined || record.refId !== refId) return UNKNOWN;
      // Held here meanwhile (registered, or adopted): the record held here is the one in force.
      const now = getRecord(refId);
      if (now !== undefined) return { kind: 'record', record: now };
      const known = withKnownClaims(record);
      borrow(known);
      return { kind: 'record', record: known };
    },
    flush() {
      return behind === undefined ? ALREADY_FLUSHED : behind.flush();
    },
    openJournal() {
      const copies = new Map<string, ReferenceRecord | undefined>();
      journals.add(copies);
      let open = true;
      return {
        getByUri(uri) {
          return open && copies.has(uri) ? copies.get(uri) : recordForUri(uri);
        },
        close() {
          open = false;
          journals.delete(copies);
          copies.clear();
        },
      };
    },
  };
  CLAIMS_HELD.set(registry, () => claiming > 0 || foreignNever.size > 0);
  return registry;
}
