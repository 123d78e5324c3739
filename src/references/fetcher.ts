/**
 * The host-mediated fetcher (RFC-005 §7, docs/design.md §6): a reference is fetched only on explicit
 * request, after the one pre-dial check a stub also asks ({@link dialCheck}), with the
 * connection's credential only to the origin the connection was dialed at, at most one redirect
 * and only within that origin (a redirect off it is refused), the stream aborted once decoded
 * bytes pass the ceiling, the digest checked over decoded identity octets, the media type
 * observed in the bytes, and the storage name made from the id. Nothing is saved or recorded on
 * any failure.
 */
import { createHash } from 'node:crypto';
import { logSafely, thrownLine, type HostLog } from '../text/log-lines.js';
import type { AddressBook } from './addresses.js';
import { DIAL_REFUSAL_CLAUSES, dialCheck, type DialRefusal } from './dial-check.js';
import { readWithinCeiling } from './fetch-body.js';
import { extensionFor, observedMediaType } from './fetch-media.js';
import { requestFollowingRedirects, startRequestBounds } from './fetch-request.js';
import type { Registry } from './registry.js';

/**
 * What a fetch reads of its host: the registry its references are kept in, its own server
 * addresses, the fetch ceiling its stubs promise against, its clock and its log. A host's lanes
 * read more of it (`HostCore`); a fetch needs no more than this.
 */
export interface FetchHost extends HostLog {
  /** The fetch ceiling stubs promise against (a fetch may pass a lower one). */
  readonly fetchMaxBytes: number;
  readonly registry: Registry;
  readonly addresses: AddressBook;
  readonly now: () => number;
}

/** The default bound on one fetch, dial to last byte: a hung server can't hang the host. */
export const DEFAULT_FETCH_TIMEOUT_MS = 30_000;

/** What `save` receives: a host-made file name, the verified bytes, their observed media type. */
export interface SaveRequest {
  /** `<refId>.<ext>`: made from the id and the verified type, never from the server's name. */
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly mimeType: string;
}

/** Options for one fetch. */
export interface FetchOptions {
  /** The byte ceiling on decoded bytes (default: the host's `fetchMaxBytes`). */
  readonly maxBytes?: number;
  /**
   * Stores the verified bytes and returns the path they were saved at; called at most once,
   * only after every check passed. A throw (or a path that isn't a non-empty string) fails the
   * fetch, and nothing is recorded.
   */
  readonly save: (request: SaveRequest) => string | Promise<string>;
  /**
   * The fetch implementation (default: the global `fetch`). It must behave as WHATWG fetch
   * does: honour `redirect: 'manual'` and the abort signal, and decode the content codings it
   * is offered (`gzip`, `deflate`, `br`), as Node's does.
   */
  readonly fetch?: typeof fetch;
  /**
   * The bound on the whole fetch, in ms (default 30 s): reading the id from a shared store, dial,
   * and last byte, all within it; `save` isn't bounded.
   */
  readonly timeoutMs?: number;
  /**
   * The server the caller means the reference to come from. When given, the fetch is refused
   * (`wrong-server`, undialed) unless the record's server is this one — so an id quoted from one
   * server's result can't spend another server's connection. A model names only an id, so
   * binding is the host's to ask for, where it knows which server's result the id came from.
   */
  readonly fromServer?: string;
}

/** Why a fetch failed: a refusal before dialing (the dial check's own codes), or after. */
export type FetchFailure =
  | DialRefusal
  | 'unknown-reference'
  | 'registry-unavailable'
  | 'wrong-server'
  | 'bad-options'
  | 'redirect-limit'
  | 'redirect-refused'
  | 'http-status'
  | 'encoding'
  | 'too-large'
  | 'digest-mismatch'
  | 'timeout'
  | 'network'
  | 'reference-changed'
  | 'save-failed'
  | 'internal';

/**
 * Each failure's words, the outcome's `error`. A refusal before dialing reads as the stub's own
 * ending does. No entry names a uri, an origin or a credential.
 */
export const FETCH_FAILURE_WORDS: Readonly<Record<FetchFailure, string>> = {
  ...DIAL_REFUSAL_CLAUSES,
  'unknown-reference': 'unknown reference: this id names no record this host holds (never issued here, or evicted)',
  'registry-unavailable': "not fetched: this host couldn't reach the store its references are kept in; try again shortly",
  'wrong-server': 'not fetched: this reference came from another server than the one this fetch was bound to',
  'bad-options':
    "not fetched: the fetch's options aren't usable (maxBytes a non-negative integer, timeoutMs a positive one, save a function, fromServer a string)",
  'redirect-limit': 'not fetched: the server redirected more than once',
  'redirect-refused': "not fetched: the server redirected to a location this host doesn't follow",
  'http-status': "not fetched: the server didn't answer with the content",
  encoding: "not fetched: the server sent the content in an encoding this host doesn't decode, or in bytes that don't decode in the encoding it named",
  'too-large': "not fetched: the content passed this fetch's byte limit",
  'digest-mismatch': "not fetched: the content doesn't match the digest its reference claims",
  timeout: "not fetched: the server didn't deliver the content in time",
  network: 'not fetched: the connection to the server failed',
  'reference-changed': 'not fetched: the reference changed while it was being fetched',
  'save-failed': "not fetched: this host couldn't save the content",
  internal: 'not fetched: this host failed while fetching',
};

/** A verified, saved and recorded fetch. */
export interface FetchSuccess {
  readonly ok: true;
  /** Decoded bytes saved. */
  readonly bytes: number;
  /** Where `save` put them. */
  readonly path: string;
  /** The media type observed (see {@link observedMediaType}). */
  readonly mimeType: string;
  /** True when a claimed digest matched; false when none was claimed. */
  readonly digestVerified: boolean;
  readonly code?: undefined;
  readonly error?: undefined;
}

/** A fetch that saved and recorded nothing. */
export interface FetchFailed {
  readonly ok: false;
  readonly code: FetchFailure;
  /** The code's words, with a short detail where one helps (a status, a limit). */
  readonly error: string;
  readonly bytes?: undefined;
  readonly path?: undefined;
  readonly mimeType?: undefined;
  readonly digestVerified?: undefined;
}

/** A fetch's typed outcome. */
export type FetchOutcome = FetchSuccess | FetchFailed;

/** The digest RFC-005 §4 names: `sha256:` and the unpadded base64url SHA-256 of the bytes. */
export function digestOf(bytes: Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('base64url')}`;
}

/**
 * Fetches the reference `refId` names (RFC-005 §7). Never rejects: every failure is an outcome
 * with a code, and on every failure nothing is saved or recorded.
 */
export async function fetchReference(core: FetchHost, refId: string, options: FetchOptions): Promise<FetchOutcome> {
  try {
    return await fetchChecked(core, refId, options);
  } catch (error) {
    logSafely(core, () => `blockwise: fetch_reference: ${safeId(refId)}: internal: ${thrownLine(error)}`);
    return failed('internal');
  }
}

async function fetchChecked(core: FetchHost, refId: string, options: FetchOptions): Promise<FetchOutcome> {
  const settings = readOptions(core, options);
  if (settings === undefined) return failed('bad-options');
  // One deadline for the whole fetch: over a shared store, an id held by no record here is read
  // from the store within it, and the request gets only what the read left.
  const deadline = performance.now() + settings.timeoutMs;
  const found = typeof refId === 'string' ? await core.registry.lookup(refId, settings.timeoutMs) : undefined;
  if (found?.kind === 'unavailable') return failed('registry-unavailable');
  if (found?.kind !== 'record') return failed('unknown-reference');
  const record = found.record;
  if (settings.fromServer !== undefined && record.serverId !== settings.fromServer) return failed('wrong-server');
  // One read of the address book: the url the check passes and the credential sent are the same
  // answer's, so no second read can pair one answer's origin with another's token.
  const answer = record.serverId === undefined ? undefined : core.addresses.get(record.serverId);
  const oneAnswer: AddressBook = { get: (serverId) => (serverId === record.serverId ? answer : undefined) };
  const decision = dialCheck(record, oneAnswer, core.now(), { maxBytes: settings.maxBytes });
  if (!decision.ok) return failed(decision.code);
  // The check passed, so the answer is an address whose url parses (dialCheck's invariant).
  if (answer === undefined || answer === null) return failed('internal');
  const server = URL.parse(answer.url);
  const target = URL.parse(record.uri);
  if (server === null || target === null) return failed('internal');

  const left = Math.floor(deadline - performance.now());
  if (left < 1) return failed('timeout');
  const bounds = startRequestBounds(left);
  let bytes: Uint8Array;
  let servedType: string | null;
  try {
    const request = await requestFollowingRedirects(
      {
        url: target,
        origin: decision.origin,
        ...(answer.credential === undefined ? {} : { credential: answer.credential }),
      },
      settings.fetch,
      bounds,
    );
    if (!request.ok) {
      if (request.code === 'network') {
        logSafely(core, () => `blockwise: fetch_reference: ${safeId(refId)}: network${request.detail ? ` (${request.detail})` : ''}`);
      }
      return failed(request.code, request.detail);
    }
    const body = await readWithinCeiling(request.response, settings.maxBytes, bounds, () => bounds.abort());
    if (!body.ok) return failed(body.code, body.code === 'too-large' ? `over ${settings.maxBytes} bytes` : undefined);
    bytes = body.bytes;
    servedType = request.response.headers.get('content-type');
  } finally {
    bounds.stop();
  }

  const claimedDigest = record.testimony.digest;
  if (claimedDigest !== undefined && digestOf(bytes) !== claimedDigest) return failed('digest-mismatch');
  const mimeType = observedMediaType(bytes, servedType, record.testimony.mimeType);

  // The bytes were verified against the record as the check read it; a record evicted or
  // re-issued with other claims meanwhile isn't the one they answer.
  const current = core.registry.get(record.refId);
  if (current === undefined) return failed('unknown-reference');
  if (current.uri !== record.uri || current.serverId !== record.serverId || current.testimony.digest !== claimedDigest) {
    return failed('reference-changed');
  }

  const name = `${safeId(record.refId)}.${extensionFor(mimeType)}`;
  let path: unknown;
  try {
    path = await settings.save({ name, bytes, mimeType });
  } catch (error) {
    logSafely(core, () => `blockwise: fetch_reference: ${safeId(refId)}: save failed: ${thrownLine(error)}`);
    return failed('save-failed');
  }
  if (typeof path !== 'string' || path === '') return failed('save-failed');
  const digestVerified = claimedDigest !== undefined;
  // The record keeps the testimony these bytes were checked against, whatever was registered
  // while `save` ran; a record evicted meanwhile is recorded again, so a saved copy is never
  // left unrecorded.
  core.registry.markFetched(record.refId, { path, bytes: bytes.byteLength, mimeType, digestVerified }, record.testimony, record.serverId);
  return { ok: true, bytes: bytes.byteLength, path, mimeType, digestVerified };
}

interface Settings {
  readonly maxBytes: number;
  readonly timeoutMs: number;
  readonly save: FetchOptions['save'];
  readonly fetch: typeof fetch;
  readonly fromServer: string | undefined;
}

/** The options with their defaults, or undefined where one isn't usable. */
function readOptions(core: FetchHost, options: FetchOptions): Settings | undefined {
  if (typeof options !== 'object' || options === null) return undefined;
  const maxBytes = options.maxBytes ?? core.fetchMaxBytes;
  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) return undefined;
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1) return undefined;
  if (typeof options.save !== 'function' || typeof fetchImpl !== 'function') return undefined;
  const fromServer: unknown = options.fromServer;
  if (fromServer !== undefined && typeof fromServer !== 'string') return undefined;
  return { maxBytes, timeoutMs, save: options.save, fetch: fetchImpl, fromServer };
}

function failed(code: FetchFailure, detail?: string): FetchFailed {
  return { ok: false, code, error: detail === undefined ? FETCH_FAILURE_WORDS[code] : `${FETCH_FAILURE_WORDS[code]} (${detail})` };
}

/**
 * An id as a file name's stem and a log line's word: the registry's ids are already
 * `[A-Za-z0-9_-]`; anything else (a caller's id in a log line) is replaced, and it is bounded.
 */
function safeId(refId: unknown): string {
  return typeof refId === 'string' ? refId.slice(0, 64).replace(/[^A-Za-z0-9_-]/g, '_') : '(not a string)';
}
