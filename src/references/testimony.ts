/**
 * RFC-005 testimony: what a reference block (or an MCP `resource_link`) claims. Every field is
 * a claim, never a fact. One invalid-field rule (RFC-005 §4): an optional field that breaks its
 * constraint is absent — dropped, not truncated, not coerced — and the block stays valid with
 * its `disposition` in force; only a bad `uri` rejects the block whole.
 */
import type { BlockType as McpBlockType, ContentBlock as McpBlock } from '../generated/mcp-runtime.generated.js';
import {
  SCHEMA_LIMITS,
  SCHEMA_PATTERNS,
  type BlockType as Rfc005BlockType,
  type ContentBlock as Rfc005Block,
  type ResourceReference,
} from '../generated/rfc005.generated.js';
import { withinCodePoints } from '../text/code-points.js';

/**
 * RFC-005's bounds on each field, in code points as the schema's `maxLength` counts: the
 * schema's own (`schema/rfc005/content-block.json`), as the codegen exports them.
 */
export const TESTIMONY_LIMITS = {
  uri: SCHEMA_LIMITS.Uri.maxLength,
  mimeType: SCHEMA_LIMITS.MimeType.maxLength,
  name: SCHEMA_LIMITS.Name.maxLength,
  expiresAt: SCHEMA_LIMITS.ExpiresAt.maxLength,
  sizeBytes: SCHEMA_LIMITS.SizeBytes.maximum,
} as const;

/** Every block kind a block can arrive as: the runtime MCP revision's and RFC-005's. */
type KnownBlockType = McpBlockType | Rfc005BlockType;

/**
 * The kinds whose blocks can name a location: those with a generated block shape (MCP's or
 * RFC-005's) that requires a `uri`. Each has a reference form, and no other kind has one.
 */
type LocatingBlockType = Extract<McpBlock | Rfc005Block, { readonly uri: string }>['type'];

/**
 * The block kinds a reference can arrive as: those {@link FORMS} gives a form, which are the
 * generated kinds whose block can name a location.
 */
export type ReferenceBlockType = NonNullable<(typeof FORMS)[keyof typeof FORMS]>['blockType'];

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

/** A digest's form, the schema's `Digest` pattern. */
const DIGEST = SCHEMA_PATTERNS.Digest;

/**
 * The fields a block is read by as a reference: RFC-005's reference fields (its
 * `ResourceReference`), a link's `size`, and the inline fields (`data`, `resource`) whose
 * presence says it isn't one; each unverified. Any record, and any generated block interface,
 * is one.
 */
export type ReferenceWire = { readonly [P in keyof ResourceReference | 'size' | 'data' | 'resource']?: unknown };

/**
 * How a kind's block reads as a reference (RFC-005 §4, §8.1): when it is in a reference's form,
 * and whether it is an MCP link, which claims no digest, expiry or disposition.
 */
export interface ReferenceForm<T extends string = ReferenceBlockType> {
  readonly blockType: T;
  readonly fromLink: boolean;
  /** True when a block of this kind is in a reference's form (and so is read as one). */
  readonly isForm: (block: ReferenceWire) => boolean;
}

/**
 * True when a block is in a reference's form: a `resource_link`; a `resource` with a top-level
 * `uri` and no nested `resource` object (MCPL's form; MCP's embedded resource nests its
 * content); an `image` or `audio` with a `uri` and no `data`. Each kind's form is its own
 * ({@link ReferenceForm}); the block kinds table (`src/blocks/kinds/`) says which is whose.
 */
export function isReferenceForm(block: ReferenceWire, form: ReferenceForm | undefined = referenceFormOf(block)): boolean {
  return form !== undefined && form.isForm(block);
}

/** The reference form of a `resource_link`: always a reference (one naming no uri is invalid). */
export const LINK_FORM: ReferenceForm<'resource_link'> = { blockType: 'resource_link', fromLink: true, isForm: () => true };

/** The reference form of MCPL's `resource`: a top-level `uri` and no nested `resource` object. */
export const RESOURCE_FORM: ReferenceForm<'resource'> = {
  blockType: 'resource',
  fromLink: false,
  isForm: (block) => Object.hasOwn(block, 'uri') && !isObject(block.resource),
};

/** The reference form of an `image`: a `uri` and no `data`. */
export const IMAGE_FORM: ReferenceForm<'image'> = { blockType: 'image', fromLink: false, isForm: isMediaReference };

/** The reference form of `audio`: a `uri` and no `data`. */
export const AUDIO_FORM: ReferenceForm<'audio'> = { blockType: 'audio', fromLink: false, isForm: isMediaReference };

function isMediaReference(block: ReferenceWire): boolean {
  return Object.hasOwn(block, 'uri') && !Object.hasOwn(block, 'data');
}

/**
 * Each generated block kind's reference form, or undefined for a kind that never is one. Keyed
 * by every kind the generated types define, and checked against their shapes: a kind a new MCP
 * revision (or RFC-005) adds is a compile error here until it is listed, with a form exactly
 * where its block can name a location. What reads reference kinds (the record codec) reads
 * them from here.
 */
const FORMS = {
  text: undefined,
  image: IMAGE_FORM,
  audio: AUDIO_FORM,
  resource: RESOURCE_FORM,
  resource_link: LINK_FORM,
} as const satisfies { readonly [T in KnownBlockType]: T extends LocatingBlockType ? ReferenceForm<T> : undefined };

/** The reference forms by the literal `type` they arrive as (kinds with none left out). */
const FORM_OF_TYPE: ReadonlyMap<string, ReferenceForm> = new Map(
  Object.values(FORMS).flatMap((form): [string, ReferenceForm][] => (form === undefined ? [] : [[form.blockType, form]])),
);

/** The reference form a block's `type` names; undefined for a type with none. */
function referenceFormOf(block: ReferenceWire): ReferenceForm | undefined {
  const type = block.type;
  return typeof type === 'string' ? FORM_OF_TYPE.get(type) : undefined;
}

/** True for a block kind a reference can arrive as (see {@link ReferenceBlockType}). */
export function isReferenceBlockType(type: string): type is ReferenceBlockType {
  return FORM_OF_TYPE.has(type);
}

/** Why a block in a reference's form reads as no reference: its `uri` is unusable. */
type InvalidReference = Extract<ReferenceReading, { readonly kind: 'invalid' }>['reason'];

/**
 * Reads a reference-form block's testimony (RFC-005 §4, §8.1), as the kind `form` names (by
 * default, the kind its `type` names). A `resource_link` maps field for field: `size` →
 * `sizeBytes` (a `sizeBytes` the link carries counts only where it names no `size`, `size: 0`
 * included), and no disposition.
 */
export function classifyReference(block: ReferenceWire, form: ReferenceForm | undefined = referenceFormOf(block)): ReferenceReading {
  const read = readTestimony(block, form);
  return typeof read === 'string' ? { kind: 'invalid', reason: read } : { kind: 'reference', testimony: read };
}

/**
 * {@link classifyReference}'s reading, without the reading made around it: the testimony, or
 * why there is none. A lane reads one per link, and needs nothing else.
 */
export function readTestimony(block: ReferenceWire, form: ReferenceForm | undefined = referenceFormOf(block)): Testimony | InvalidReference {
  const uri = block.uri;
  if (uri === undefined) return 'uri-missing';
  if (typeof uri !== 'string') return 'uri-not-string';
  if (uri.length === 0) return 'uri-empty';
  if (!withinCodePoints(uri, TESTIMONY_LIMITS.uri)) return 'uri-too-long';
  const fromLink = form?.fromLink === true;
  const size = fromLink && block.size !== undefined && block.size !== null ? block.size : block.sizeBytes;
  const mimeType = boundedString(block.mimeType, TESTIMONY_LIMITS.mimeType);
  const name = boundedString(block.name, TESTIMONY_LIMITS.name);
  const blockType = form?.blockType ?? 'resource';
  // A link claims no digest, expiry or disposition (RFC-005 §8.1): those fields aren't read. A
  // link naming all the rest (the usual link) is made whole in one literal, in the order below,
  // so its fields are the object's own from the start: the registry keeps it for as long as its
  // record, and a field added later would cost it a second object.
  if (fromLink && mimeType !== undefined && name !== undefined && isSize(size)) return { uri, blockType, fromLink, mimeType, sizeBytes: size, name };
  const digest = !fromLink && typeof block.digest === 'string' && DIGEST.test(block.digest) ? block.digest : undefined;
  const expiresAt = fromLink ? undefined : boundedString(block.expiresAt, TESTIMONY_LIMITS.expiresAt);
  const disposition = !fromLink && (block.disposition === 'never' || block.disposition === 'ref') ? block.disposition : undefined;
  // Built by assignment, not spreads: this runs once per link on the lane's hot path.
  const testimony: { -readonly [K in keyof Testimony]: Testimony[K] } = { uri, blockType, fromLink };
  if (mimeType !== undefined) testimony.mimeType = mimeType;
  if (isSize(size)) testimony.sizeBytes = size;
  if (digest !== undefined) testimony.digest = digest;
  if (expiresAt !== undefined) testimony.expiresAt = expiresAt;
  if (name !== undefined) testimony.name = name;
  if (disposition !== undefined) testimony.disposition = disposition;
  return testimony;
}

function boundedString(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && withinCodePoints(value, max) ? value : undefined;
}

/** The schema's `SizeBytes`: an integer within its bounds. */
function isSize(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= SCHEMA_LIMITS.SizeBytes.minimum && value <= TESTIMONY_LIMITS.sizeBytes;
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
