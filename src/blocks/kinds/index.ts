/**
 * The block kinds table (docs/design.md §5.2): one entry per kind the runtime's MCP revision
 * defines, keyed by its generated `BlockType` and typed by its generated interface. Everything
 * a kind means is its entry (`kind-rules.ts`); every lane asks here, and nothing outside this
 * folder tests a block's `type` for a kind. A kind a new revision adds is a compile error in
 * this table, and nowhere else, until it has its module.
 */
import type { ClaimsReader } from '../../references/claims.js';
import { unknownTypeMarker, WITHHELD_TEXT } from '../../text/markers.js';
import type { ClassifyContext } from '../classify-context.js';
import { BLOCK_GUARDS, BLOCK_TYPES, type BlockOf, type BlockType } from '../mcp.js';
import { shownMarker, type ShownBlock } from '../shown-block.js';
import { AUDIO_KIND } from './audio.js';
import { IMAGE_KIND } from './image.js';
import { isRecord, type KindRules } from './kind-rules.js';
import { RESOURCE_LINK_KIND } from './resource-link.js';
import { RESOURCE_KIND } from './resource.js';
import { TEXT_KIND } from './text.js';

export { textOfText } from './text.js';
export type { KindFacts, KindRules, ShowKind, WireBlock } from './kind-rules.js';

/** The kinds table's type: one {@link KindRules} per generated block kind, typed by its block. */
export type KindTable = { readonly [K in BlockType]: KindRules<BlockOf<K>> };

/** Every block kind's rules. */
export const KINDS: KindTable = {
  text: TEXT_KIND,
  image: IMAGE_KIND,
  audio: AUDIO_KIND,
  resource_link: RESOURCE_LINK_KIND,
  resource: RESOURCE_KIND,
};

/** A block as it arrives: any record, its fields unverified. */
type AnyRecord = Readonly<Record<string, unknown>>;

/** True when `type` names a block kind of the runtime's revision. */
export function isBlockType(type: string): type is BlockType {
  return Object.hasOwn(KINDS, type);
}

/**
 * Classifies a record by its `type` (read once by the caller): a contradiction is withheld; a block its kind's shape guard
 * passes is shown by its kind's handler, one it fails by its kind's off-schema reading; a type
 * no kind has is its marker (its type, bounded and sanitized, never its uri or data).
 */
export function classifyRecord(block: AnyRecord, type: string, ctx: ClassifyContext): ShownBlock {
  return isBlockType(type) ? classifyAs(type, block, ctx) : shownMarker(unknownTypeMarker(type), 'unknown-type');
}

function classifyAs<K extends BlockType>(type: K, block: AnyRecord, ctx: ClassifyContext): ShownBlock {
  const rules: KindRules<BlockOf<K>> = KINDS[type];
  if (rules.contradicts(block)) return { kind: 'withheld', text: WITHHELD_TEXT };
  const guard: (value: unknown) => value is BlockOf<K> = BLOCK_GUARDS[type];
  return guard(block) ? rules(block, ctx) : rules.offSchema(block, ctx);
}

/**
 * How a record of a known kind that fails its kind's shape guard is shown (the generated
 * visitor's `unknown`); a type no kind has is its marker.
 */
export function classifyOffSchema(block: AnyRecord, type: string, ctx: ClassifyContext): ShownBlock {
  return isBlockType(type) ? offSchemaAs(type, block, ctx) : shownMarker(unknownTypeMarker(type), 'unknown-type');
}

function offSchemaAs<K extends BlockType>(type: K, block: AnyRecord, ctx: ClassifyContext): ShownBlock {
  const rules: KindRules<BlockOf<K>> = KINDS[type];
  return rules.offSchema(block, ctx);
}

/** True where a record of a known kind contradicts itself (RFC-005 vector 2). */
export function contradicts(block: AnyRecord): boolean {
  const type = block.type;
  return typeof type === 'string' && isBlockType(type) && contradictsAs(type, block);
}

function contradictsAs<K extends BlockType>(type: K, block: AnyRecord): boolean {
  const rules: KindRules<BlockOf<K>> = KINDS[type];
  return rules.contradicts(block);
}

/** True where a value met inside data is a record shown as a block of its kind. */
export function shownAtDepth(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const block = value;
  const type = block.type;
  return typeof type === 'string' && isBlockType(type) && atDepthAs(type, block);
}

function atDepthAs<K extends BlockType>(type: K, block: AnyRecord): boolean {
  const rules: KindRules<BlockOf<K>> = KINDS[type];
  return rules.atDepth !== undefined && rules.atDepth(block);
}

/** Adds what a value claims to a result's claims, where it is a record of a known kind. */
export function noteBlockClaims(reader: ClaimsReader, value: unknown): void {
  if (!isRecord(value)) return;
  const block = value;
  const type = block.type;
  if (typeof type === 'string' && isBlockType(type)) noteClaimsAs(type, reader, block);
}

function noteClaimsAs<K extends BlockType>(type: K, reader: ClaimsReader, block: AnyRecord): void {
  const rules: KindRules<BlockOf<K>> = KINDS[type];
  rules.noteClaims(reader, block);
}

/**
 * The kinds a value met inside data may be shown as a block of, by their literal `type`: what
 * their mark in serialized JSON can name.
 */
export const KINDS_AT_DEPTH: readonly BlockType[] = BLOCK_TYPES.filter((type) => KINDS[type].atDepth !== undefined);
