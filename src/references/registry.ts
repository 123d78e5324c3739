/**
 * The reference registry (SPEC §6): host-private records keyed by uri, named by opaque ids that
 * are never reused and can't be guessed (each id its own 96 random bits: see {@link newRefId}),
 * bounded (least recently used evicted first). Nothing is fetched on receipt. Hosts that share a
 * registry share records; each host keeps its own server addresses.
 */
import { expiryMs } from './expiry.js';
import { newRefId, refIdKey, type IssuedRefId } from './ref-ids.js';
import type { Testimony } from './testimony.js';

/** The default number of records a registry keeps. */
export const DEFAULT_REGISTRY_CAPACITY = 2000;

/** What a successful fetch verified; a record that has it keeps its testimony. */
export interface FetchedCopy {
  /** The host-made path the bytes were saved at. */
  readonly path: string;
  readonly bytes: number;
  /** The media type observed in the bytes (or the claim, where the bytes say nothing). */
  readonly mimeType: string;
  /** True when a claimed digest matched; false when none was claimed. */
  readonly digestVerified: boolean;
}

/** A host-private record of a received reference (RFC-005's record: never on the wire). */
export interface ReferenceRecord {
  /** The opaque id the model names the reference by: `ref-` and 96 random bits, never reused. */
  readonly refId: string;
  /** The raw uri, as received. */
  readonly uri: string;
  /** The latest testimony in force (see {@link Registry.register}). */
  readonly testimony: Testimony;
  /** The server that delivered it; absent for a reference the host made itself. */
  readonly serverId?: string;
  /** Present once fetched and verified. */
  readonly fetched?: FetchedCopy;
}

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

/** A reference registry. */
export interface Registry {
  readonly capacity: number;
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
  /** The record for a uri, without touching its recency. */
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

/** A record with only the optional fields that are set. */
function makeRecord(refId: string, testimony: Testimony, serverId: string | undefined, fetched: FetchedCopy | undefined): ReferenceRecord {
  // Whole literals rather than fields added one by one: a field added later costs an object its
  // shape change and a property store of its own, once per link on the lane's hot path.
  const uri = testimony.uri;
  if (fetched === undefined) return serverId === undefined ? { refId, uri, testimony } : { refId, uri, testimony, serverId };
  return serverId === undefined ? { refId, uri, testimony, fetched } : { refId, uri, testimony, serverId, fetched };
}

/** A record's place in the recency list. */
interface Entry {
  record: ReferenceRecord;
  /** Its id's key (see {@link refIdKey}): the id table's key, unique among held records. */
  key: number;
  prev: Entry | undefined;
  next: Entry | undefined;
}

/** Options for {@link createRegistry}. */
export interface RegistryOptions {
  /** How many records to keep before evicting the least recently used (default 2,000). */
  readonly capacity?: number;
}

/** Creates a registry. */
export function createRegistry(options: RegistryOptions = {}): Registry {
  const capacity = options.capacity ?? DEFAULT_REGISTRY_CAPACITY;
  if (!Number.isSafeInteger(capacity) || capacity < 1) {
    throw new RangeError(`registry capacity must be a positive integer, got ${String(capacity)}`);
  }
  // Records by uri, each in a doubly linked recency list (oldest at `head`): a touch and an
  // eviction are O(1), with no iteration over the map's deleted entries.
  const byUri = new Map<string, Entry>();
  // Entries by their id's key, a small integer read from its random bits: a number key is hashed
  // without reading the id's text, which the lane's hot path would otherwise do twice per link.
  // A lookup compares the whole id, so only the id as issued names its record.
  const byKey = new Map<number, Entry>();
  const journals = new Set<Map<string, ReferenceRecord | undefined>>();
  let head: Entry | undefined;
  let tail: Entry | undefined;

  /** The entry `refId` names, where it is an id this registry issued and still holds. */
  function entryFor(refId: string): Entry | undefined {
    const key = typeof refId === 'string' ? refIdKey(refId) : undefined;
    const entry = key === undefined ? undefined : byKey.get(key);
    return entry !== undefined && entry.record.refId === refId ? entry : undefined;
  }

  /** A new id whose key no held record's has (the id stays 96 random bits; only its key is checked). */
  function freshId(): IssuedRefId {
    let issued = newRefId();
    while (byKey.has(issued.key)) issued = newRefId();
    return issued;
  }

  function beforeChange(uri: string): void {
    for (const copies of journals) if (!copies.has(uri)) copies.set(uri, byUri.get(uri)?.record);
  }

  function unlink(entry: Entry): void {
    if (entry.prev === undefined) head = entry.next;
    else entry.prev.next = entry.next;
    if (entry.next === undefined) tail = entry.prev;
    else entry.next.prev = entry.prev;
    entry.prev = undefined;
    entry.next = undefined;
  }

  function append(entry: Entry): void {
    entry.prev = tail;
    if (tail === undefined) head = entry;
    else tail.next = entry;
    tail = entry;
  }

  /**
   * A record for a uri this registry doesn't hold, under a new id, as the most recent. At
   * capacity the least recently used record goes first, and its entry carries the new one: in a
   * full registry (the steady state of a long-running host) a link allocates no entry.
   */
  function storeNew(testimony: Testimony, serverId: string | undefined, fetched: FetchedCopy | undefined): ReferenceRecord {
    const { refId, key } = freshId();
    const record = makeRecord(refId, testimony, serverId, fetched);
    if (journals.size > 0) beforeChange(record.uri);
    let entry: Entry;
    if (byUri.size >= capacity) {
      entry = evictOldest();
      entry.record = record;
      entry.key = key;
    } else {
      entry = { record, key, prev: undefined, next: undefined };
    }
    byUri.set(record.uri, entry);
    byKey.set(key, entry);
    append(entry);
    return record;
  }

  /** A new record for the uri `held` holds, under its id, as the most recent. */
  function storeHeld(held: Entry, testimony: Testimony, serverId: string | undefined, fetched: FetchedCopy | undefined): ReferenceRecord {
    const record = makeRecord(held.record.refId, testimony, serverId, fetched);
    if (journals.size > 0) beforeChange(record.uri);
    held.record = record;
    unlink(held);
    append(held);
    return record;
  }

  /** Evicts the least recently used record, returning its entry, now in no list or map. */
  function evictOldest(): Entry {
    const oldest = head!;
    if (journals.size > 0) beforeChange(oldest.record.uri);
    unlink(oldest);
    byKey.delete(oldest.key);
    byUri.delete(oldest.record.uri);
    return oldest;
  }

  return {
    capacity,
    get size() {
      return byUri.size;
    },
    get openJournals() {
      return journals.size;
    },
    register(testimony, serverId) {
      const held = byUri.get(testimony.uri);
      if (held === undefined) return storeNew(testimony, serverId, undefined);
      const existing = held.record;
      const keepsClaims = existing.fetched !== undefined || (testimony.fromLink && !existing.testimony.fromLink);
      // A record that keeps its claims keeps the server they came from, so its stubs' promise
      // holds; a re-registration by the host itself (no server) never unbinds one.
      const binding = keepsClaims ? existing.serverId : (serverId ?? existing.serverId);
      const kept = existing.fetched === undefined ? existing.testimony : withStricterClaims(existing.testimony, testimony);
      return storeHeld(held, keepsClaims ? kept : testimony, binding, existing.fetched);
    },
    get(refId) {
      return entryFor(refId)?.record;
    },
    getOrThrow(refId) {
      const record = entryFor(refId)?.record;
      if (record === undefined) throw new UnknownReference(refId);
      return record;
    },
    getByUri(uri) {
      return byUri.get(uri)?.record;
    },
    markFetched(refId, copy, verified, serverId) {
      // The entry the id names holds this uri, or the uri's own entry does (the id's record was
      // evicted and the uri recorded again meanwhile), or the uri is recorded anew.
      const held = byUri.get(verified.uri);
      return held === undefined ? storeNew(verified, serverId, copy) : storeHeld(held, verified, serverId, copy);
    },
    openJournal() {
      const copies = new Map<string, ReferenceRecord | undefined>();
      journals.add(copies);
      let open = true;
      return {
        getByUri(uri) {
          return open && copies.has(uri) ? copies.get(uri) : byUri.get(uri)?.record;
        },
        close() {
          open = false;
          journals.delete(copies);
          copies.clear();
        },
      };
    },
  };
}
