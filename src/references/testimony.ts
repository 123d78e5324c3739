/**
 * RFC-005 testimony: what a reference block (or an MCP `resource_link`) claims. Every field is
 * a claim, never a fact. One invalid-field rule (RFC-005 §4): an optional field that breaks its
 * constraint is absent — dropped, not truncated, not coerced — and the block stays valid with
 * its `disposition` in force; only a bad `uri` rejects the block whole.
 */
import { withinCodePoints } from '../text/code-points.js';
import { URI_READ_MAX_CHARS } from '../uri/shown-uri-text.js';

/** RFC-005's bounds on each field, in code points as the schema's `maxLength` counts. */
export const TESTIMONY_LIMITS = {
  uri: URI_READ_MAX_CHARS,
  mimeType: 255,
  name: 255,
  expiresAt: 64,
  sizeBytes: Number.MAX_SAFE_INTEGER,
} as const;

/** The block kinds a reference can arrive as. */
export type ReferenceBlockType = 'resource' | 'image' | 'audio' | 'resource_link';

/** A reference's claims, each present only where it met its constraint. */
export interface Testimony {
  readonly uri: string;
  readonly mimeType?: string;
  readonly sizeBytes?: number;
  readonly digest?: string;
  readonly expiresAt?: string;
  readonly name?: string;
  readonly disposition?: 'never' | 'ref';
  /** The block type it arrived as. */
  readonly blockType: ReferenceBlockType;
  /** True for an MCP `resource_link`: it claims no digest, expiry or disposition (RFC-005 §8.1). */
  readonly fromLink: boolean;
}

/** The outcome of reading a block as a reference. */
export type ReferenceReading =
  | { readonly kind: 'reference'; readonly testimony: Testimony }
  | { readonly kind: 'invalid'; readonly reason: 'uri-missing' | 'uri-not-string' | 'uri-empty' | 'uri-too-long' };

const DIGEST = /^sha256:[A-Za-z0-9_-]{43}$/;

/**
 * True when a block is in a reference's form: a `resource_link`; a `resource` with a top-level
 * `uri` and no nested `resource` object (MCPL's form; MCP's embedded resource nests its
 * content); an `image` or `audio` with a `uri` and no `data`.
 */
export function isReferenceForm(block: Readonly<Record<string, unknown>>): boolean {
  const type = block.type;
  if (type === 'resource_link') return true;
  if (!Object.hasOwn(block, 'uri')) return false;
  if (type === 'resource') return !isObject(block.resource);
  return (type === 'image' || type === 'audio') && !Object.hasOwn(block, 'data');
}

/**
 * Reads a reference-form block's testimony (RFC-005 §4, §8.1). A `resource_link` maps field
 * for field: `size` → `sizeBytes` (a `sizeBytes` the link carries counts only where it names
 * no `size`, `size: 0` included), and no disposition.
 */
export function classifyReference(block: Readonly<Record<string, unknown>>): ReferenceReading {
  const uri = block.uri;
  if (uri === undefined) return { kind: 'invalid', reason: 'uri-missing' };
  if (typeof uri !== 'string') return { kind: 'invalid', reason: 'uri-not-string' };
  if (uri.length === 0) return { kind: 'invalid', reason: 'uri-empty' };
  if (!withinCodePoints(uri, TESTIMONY_LIMITS.uri)) return { kind: 'invalid', reason: 'uri-too-long' };
  const fromLink = block.type === 'resource_link';
  const size = fromLink && block.size !== undefined && block.size !== null ? block.size : block.sizeBytes;
  const mimeType = boundedString(block.mimeType, TESTIMONY_LIMITS.mimeType);
  const name = boundedString(block.name, TESTIMONY_LIMITS.name);
  // A link claims no digest, expiry or disposition (RFC-005 §8.1): those fields aren't read.
  const digest = !fromLink && typeof block.digest === 'string' && DIGEST.test(block.digest) ? block.digest : undefined;
  const expiresAt = fromLink ? undefined : boundedString(block.expiresAt, TESTIMONY_LIMITS.expiresAt);
  const disposition = !fromLink && (block.disposition === 'never' || block.disposition === 'ref') ? block.disposition : undefined;
  // Built by assignment, not spreads: this runs once per link on the lane's hot path.
  const testimony: { -readonly [K in keyof Testimony]: Testimony[K] } = { uri, blockType: block.type as ReferenceBlockType, fromLink };
  if (mimeType !== undefined) testimony.mimeType = mimeType;
  if (isSize(size)) testimony.sizeBytes = size;
  if (digest !== undefined) testimony.digest = digest;
  if (expiresAt !== undefined) testimony.expiresAt = expiresAt;
  if (name !== undefined) testimony.name = name;
  if (disposition !== undefined) testimony.disposition = disposition;
  return { kind: 'reference', testimony };
}

function boundedString(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && withinCodePoints(value, max) ? value : undefined;
}

function isSize(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
