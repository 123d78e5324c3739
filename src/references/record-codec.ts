/**
 * A reference record as a shared store keeps it: one JSON text per record, read back only when
 * every field is of its kind, so a value cut short, written by another version, or tampered
 * with is never read as a record.
 */
import { expiryMs } from './expiry.js';
import { REF_ID_PATTERN } from './ref-ids.js';
import type { FetchedCopy, ReferenceRecord } from './reference-record.js';
import { SCHEMA_PATTERNS } from '../generated/rfc005.generated.js';
import { isReferenceBlockType, TESTIMONY_LIMITS, type Testimony } from './testimony.js';

/** The encoding's version: a value of any other is not read. */
const VERSION = 1;

/** A digest's form, the schema's `Digest` pattern (a stored testimony's digest was read by it). */
const DIGEST = SCHEMA_PATTERNS.Digest;
/** Bounds a stored field can't pass (in UTF-16 units, a superset of the testimony's own code-point bounds). */
const MAX_TEXT = 2 * TESTIMONY_LIMITS.uri;

/**
 * A record's JSON text in the parts a store's script joins, so it can keep a stricter claim the
 * stored value has without parsing and re-encoding the rest: the text up to the testimony's last
 * field (the testimony last, without its `disposition` and `expiresAt`), then those two claims,
 * then `x`, the expiry as whole ms since the epoch (a key for comparing expiries, not read back).
 */
export interface RecordParts {
  /** The text from `{` up to the testimony's last field, inside the testimony. */
  readonly open: string;
  /** `never`, `ref`, or '' for none. */
  readonly disposition: string;
  /** The expiry as a JSON string, or '' for none. */
  readonly expiresAt: string;
  /** The expiry in whole ms since the epoch (one that doesn't parse: the earliest date), or '' for none. */
  readonly expiryMs: string;
}

/** The earliest instant a Date holds: an expiry that doesn't parse compares as this one. */
const EARLIEST_MS = -8.64e15;

/** The record's parts (see {@link RecordParts}). */
export function encodeRecordParts(record: ReferenceRecord): RecordParts {
  const { disposition, expiresAt, ...rest } = record.testimony;
  const head = JSON.stringify({ v: VERSION, refId: record.refId, serverId: record.serverId, fetched: record.fetched, testimony: rest });
  return {
    open: head.slice(0, -2),
    disposition: disposition ?? '',
    expiresAt: expiresAt === undefined ? '' : JSON.stringify(expiresAt),
    expiryMs: expiresAt === undefined ? '' : String(Math.floor(Math.max(expiryMs(expiresAt), EARLIEST_MS))),
  };
}

/** The parts joined as the store's script joins them (see {@link encodeRecordParts}). */
export function joinRecordParts(parts: RecordParts): string {
  const disposition = parts.disposition === '' ? '' : `,"disposition":"${parts.disposition}"`;
  if (parts.expiresAt === '') return `${parts.open}${disposition}}}`;
  return `${parts.open}${disposition},"expiresAt":${parts.expiresAt}},"x":${parts.expiryMs}}`;
}

/** The record as one JSON text. */
export function encodeRecord(record: ReferenceRecord): string {
  return joinRecordParts(encodeRecordParts(record));
}

/**
 * The record `text` encodes, or undefined where it isn't one whole record (or, with
 * `expectedId`, names another id). Never throws.
 */
export function decodeRecord(text: unknown, expectedId?: string): ReferenceRecord | undefined {
  if (typeof text !== 'string') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(value) || value.v !== VERSION) return undefined;
  const { refId, serverId } = value;
  if (typeof refId !== 'string' || !REF_ID_PATTERN.test(refId)) return undefined;
  if (expectedId !== undefined && refId !== expectedId) return undefined;
  if (serverId !== undefined && !isText(serverId)) return undefined;
  const testimony = readTestimony(value.testimony);
  if (testimony === undefined) return undefined;
  let fetched: FetchedCopy | undefined;
  if (value.fetched !== undefined) {
    fetched = readFetched(value.fetched);
    if (fetched === undefined) return undefined;
  }
  const uri = testimony.uri;
  return {
    refId,
    uri,
    testimony,
    ...(serverId === undefined ? {} : { serverId }),
    ...(fetched === undefined ? {} : { fetched }),
  };
}

function readTestimony(value: unknown): Testimony | undefined {
  if (!isObject(value)) return undefined;
  const { uri, blockType, fromLink, mimeType, sizeBytes, digest, expiresAt, name, disposition } = value;
  if (!isText(uri) || uri === '') return undefined;
  // The kinds a reference arrives as are testimony's (read from the generated kinds), so a kind
  // a revision adds is read back here once testimony gives it a form.
  if (typeof blockType !== 'string' || !isReferenceBlockType(blockType) || typeof fromLink !== 'boolean') return undefined;
  if (mimeType !== undefined && !isText(mimeType)) return undefined;
  if (sizeBytes !== undefined && !(Number.isSafeInteger(sizeBytes) && (sizeBytes as number) >= 0)) return undefined;
  if (digest !== undefined && !(typeof digest === 'string' && DIGEST.test(digest))) return undefined;
  if (expiresAt !== undefined && !isText(expiresAt)) return undefined;
  if (name !== undefined && !isText(name)) return undefined;
  if (disposition !== undefined && disposition !== 'never' && disposition !== 'ref') return undefined;
  // A link claims no digest (RFC-005 §8.1): one that does wasn't written here. It may carry a
  // `never` or an expiry: the claims of a reference in its result, applied to it there.
  if (fromLink && digest !== undefined) return undefined;
  const testimony: { -readonly [K in keyof Testimony]: Testimony[K] } = { uri, blockType, fromLink };
  if (mimeType !== undefined) testimony.mimeType = mimeType;
  if (sizeBytes !== undefined) testimony.sizeBytes = sizeBytes as number;
  if (digest !== undefined) testimony.digest = digest;
  if (expiresAt !== undefined) testimony.expiresAt = expiresAt;
  if (name !== undefined) testimony.name = name;
  if (disposition !== undefined) testimony.disposition = disposition;
  return testimony;
}

function readFetched(value: unknown): FetchedCopy | undefined {
  if (!isObject(value)) return undefined;
  const { path, bytes, mimeType, digestVerified } = value;
  if (!isText(path) || path === '' || !isText(mimeType) || typeof digestVerified !== 'boolean') return undefined;
  if (!Number.isSafeInteger(bytes) || (bytes as number) < 0) return undefined;
  return { path, bytes: bytes as number, mimeType, digestVerified };
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_TEXT;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
