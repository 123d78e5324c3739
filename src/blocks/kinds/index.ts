/**
 * The block kinds table (docs/design.md §5.2): one entry per kind the runtime's MCP revision
 * defines, keyed by its generated `BlockType` and typed by its generated interface. Everything
 * a kind means is its entry (`kind-rules.ts`); every lane asks here, and nothing outside this
 * folder compares a block's `type` with a kind's literal. A kind a new revision adds is a compile error in
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

/**
 * One kind's rules as the lanes call them, on any record of its `type`: built once per kind
 * from its table entry, so a lane's call is one lookup and one monomorphic call.
 */
interface KindEntry {
  /** The kind's literal `type`. */
  readonly type: BlockType;
  readonly classify: (block: AnyRecord, ctx: ClassifyContext) => ShownBlock;
  readonly offSchema: (block: AnyRecord, ctx: ClassifyContext) => ShownBlock;
  readonly contradicts: (block: AnyRecord) => boolean;
  readonly atDepth: ((block: AnyRecord) => boolean) | undefined;
  readonly noteClaims: ((reader: ClaimsReader, block: AnyRecord) => void) | undefined;
}

/**
 * A kind's entry: a contradiction is withheld; a block its kind's generated shape guard passes
 * is shown by its kind's handler, one it fails by its kind's off-schema reading.
 */
function entryOf<K extends BlockType>(type: K): KindEntry {
  const rules: KindRules<BlockOf<K>> = KINDS[type];
  const guard: (value: unknown) => value is BlockOf<K> = BLOCK_GUARDS[type];
  const { contradicts: contradictory, offSchema, plain } = rules;
  const whole = (block: AnyRecord, ctx: ClassifyContext): ShownBlock =>
    contradictory(block) ? { kind: 'withheld', text: WITHHELD_TEXT } : guard(block) ? rules(block, ctx) : offSchema(block, ctx);
  return {
    type,
    classify: plain === undefined ? whole : (block, ctx) => plain(block, ctx) ?? whole(block, ctx),
    offSchema,
    contradicts: contradictory,
    atDepth: rules.atDepth,
    noteClaims: rules.noteClaims,
  };
}

/** Each kind's entry, in the order of `BLOCK_TYPES` (text first: most blocks are text). */
const ENTRIES: readonly KindEntry[] = BLOCK_TYPES.map((type) => entryOf(type));

/**
 * The entry of the kind whose literal is `type`, or undefined for a type no kind has. The few
 * literals are compared in turn rather than looked up in a `Map`: a block's `type` read from
 * JSON is a string of its own, which a `Map` hashes for every block, where a comparison with a
 * literal of another length answers at once (and one of a hostile length is never read).
 */
function entryOfType(type: string): KindEntry | undefined {
  for (let index = 0; index < ENTRIES.length; index += 1) {
    const entry = ENTRIES[index]!;
    if (entry.type === type) return entry;
  }
  return undefined;
}

/**
 * Classifies a record by its `type` (read once by the caller): a contradiction is withheld; a
 * block its kind's shape guard passes is shown by its kind's handler, one it fails by its kind's
 * off-schema reading; a type no kind has is its marker (its type, bounded and sanitized, never
 * its uri or data).
 */
export function classifyRecord(block: AnyRecord, type: string, ctx: ClassifyContext): ShownBlock {
  const entry = entryOfType(type);
  return entry === undefined ? shownMarker(unknownTypeMarker(type), 'unknown-type') : entry.classify(block, ctx);
}

/**
 * How a record of a known kind that fails its kind's shape guard is shown (the generated
 * visitor's `unknown`); a type no kind has is its marker.
 */
export function classifyOffSchema(block: AnyRecord, type: string, ctx: ClassifyContext): ShownBlock {
  const entry = entryOfType(type);
  return entry === undefined ? shownMarker(unknownTypeMarker(type), 'unknown-type') : entry.offSchema(block, ctx);
}

/** True where a record of a known kind contradicts itself (RFC-005 vector 2). */
export function contradicts(block: AnyRecord): boolean {
  const type = block.type;
  const entry = typeof type === 'string' ? entryOfType(type) : undefined;
  return entry !== undefined && entry.contradicts(block);
}

/** True where a value met inside data is a record shown as a block of its kind. */
export function shownAtDepth(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const type = value.type;
  const atDepth = typeof type === 'string' ? entryOfType(type)?.atDepth : undefined;
  return atDepth !== undefined && atDepth(value);
}

/** Adds what a value claims to a result's claims, where it is a record of a kind that claims. */
export function noteBlockClaims(reader: ClaimsReader, value: unknown): void {
  if (!isRecord(value)) return;
  const type = value.type;
  const noteClaims = typeof type === 'string' ? entryOfType(type)?.noteClaims : undefined;
  if (noteClaims !== undefined) noteClaims(reader, value);
}

/**
 * The kinds a value met inside data may be shown as a block of, by their literal `type`: what
 * their mark in serialized JSON can name.
 */
export const KINDS_AT_DEPTH: readonly BlockType[] = BLOCK_TYPES.filter((type) => KINDS[type].atDepth !== undefined);
