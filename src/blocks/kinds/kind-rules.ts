/**
 * What a block kind means, as one value per kind (docs/design.md §5.2): how a block that passes
 * its kind's shape guard is shown, how one that fails it is read, whether a value of the kind
 * met inside data is shown as a block, its reference form, when it contradicts itself, and what
 * it claims. The kinds table (`index.ts`) holds one per generated `BlockType`, so a kind a new
 * MCP revision adds is a compile error there until it has all of these.
 */
import type { ClaimsReader } from '../../references/claims.js';
import type { ReferenceForm } from '../../references/testimony.js';
import type { ResourceReference } from '../../generated/rfc005.generated.js';
import type { ClassifyContext } from '../classify-context.js';
import type { ContentBlock } from '../mcp.js';
import type { ShownBlock } from '../shown-block.js';

/**
 * A block of kind `B` as it arrives, before (or after failing) its shape guard: the fields `B`
 * declares and RFC-005's reference fields, each unverified. Any record is one, and so is `B`.
 */
export type WireBlock<B extends ContentBlock> = { readonly [P in keyof B | keyof ResourceReference]?: unknown };

/** How a block that passed its kind's generated shape guard is shown. */
export type ShowKind<B extends ContentBlock> = (block: B, ctx: ClassifyContext) => ShownBlock;

/** Everything a kind means besides showing a well-shaped block. */
export interface KindFacts<B extends ContentBlock> {
  /**
   * The kind's most common block shown without its shape guard, where that block's handler and
   * its off-schema reading show it alike and it can't contradict itself: what it shows, or
   * undefined to go the whole way. Undefined for a kind with no such block. A result of many
   * small blocks pays for the guard on none of them.
   */
  readonly plain: ((block: WireBlock<B>, ctx: ClassifyContext) => ShownBlock | undefined) | undefined;
  /**
   * How a record of this `type` that fails the kind's shape guard is shown: each kind is read
   * by what it can't be shown without, so a stray `_meta` doesn't cost a block its content.
   */
  readonly offSchema: (block: WireBlock<B>, ctx: ClassifyContext) => ShownBlock;
  /**
   * Whether a value of this `type` met inside data (a data result, `structuredContent`) is shown
   * as a block rather than as data; undefined where it never is (its JSON is safe as it is).
   */
  readonly atDepth: ((block: WireBlock<B>) => boolean) | undefined;
  /** How the kind reads as an RFC-005 reference; undefined for a kind that never is one. */
  readonly reference: ReferenceForm | undefined;
  /**
   * True where the block contradicts itself (RFC-005 vector 2): inline data beside a reference's
   * claim. Its data is withheld.
   */
  readonly contradicts: (block: WireBlock<B>) => boolean;
  /**
   * Adds what a block of this kind claims to the result's claims (docs/design.md §8); undefined
   * for a kind whose blocks claim nothing.
   */
  readonly noteClaims: ((reader: ClaimsReader, block: WireBlock<B>) => void) | undefined;
}

/**
 * A kind's rules: the kind's handler for a well-shaped block (callable, so the kinds table is
 * the generated visitor's handler table as it is) with the rest of what the kind means on it.
 */
export type KindRules<B extends ContentBlock> = ShowKind<B> & KindFacts<B>;

/** A kind's rules from its handler and the rest. */
export function defineKind<B extends ContentBlock>(show: ShowKind<B>, facts: KindFacts<B>): KindRules<B> {
  return Object.assign(show, facts);
}

/** A `disposition`, or a `uri` other than `""`: a reference's claim beside inline content. */
export function claimsALocation(block: { readonly disposition?: unknown; readonly uri?: unknown }): boolean {
  return block.disposition !== undefined || (block.uri !== undefined && block.uri !== '');
}

/** A uri a claim can name: a non-empty string. */
export function namedUri(uri: unknown): uri is string {
  return typeof uri === 'string' && uri !== '';
}

/** True for a non-null, non-array object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
