/**
 * Reading a result's claims before any block is shown (docs/design.md §8). A content array shown to the
 * model is read by its elements, as the model's line shows them; data is read by the
 * serialization-order walk, so every reference serialization reaches counts, at any depth.
 */
import { contentLength, walkObjects, walkObjectsCounting, type WalkObjectVisitor } from '../walk.js';
import { ClaimsReader, type RecordLookup, type ResultClaims } from '../references/claims.js';
import { noteBlockClaims } from './kinds/index.js';

/**
 * Adds what one value claims, if it is a reference, a link, inline data or an embedded resource:
 * each block kind says what its blocks claim (`src/blocks/kinds/`).
 */
function noteClaims(reader: ClaimsReader, value: unknown): void {
  noteBlockClaims(reader, value);
}

/** The claims of a content array's elements (their nested fields aren't shown, so don't count). */
export function readContentClaims(blocks: readonly unknown[], lookup: RecordLookup | undefined): ResultClaims {
  const reader = new ClaimsReader();
  const count = contentLength(blocks);
  for (let index = 0; index < count; index += 1) noteClaims(reader, blocks[index]);
  return reader.finish(lookup);
}

/** What reading data's claims learned, beside the claims. */
export interface DataScan {
  readonly claims: ResultClaims;
  /** Some value the serializer reaches is an MCP block that must be shown as the lane shows it. */
  readonly foundBlock: boolean;
  /** A `toJSON` ran: a second reading may answer differently, so the renderer checks every value. */
  readonly sawToJSON: boolean;
  /**
   * `JSON.stringify(value).length`, counted by the same walk, where the reading was asked to
   * count it and no `toJSON` ran; undefined otherwise (or where the value serializes to nothing).
   */
  readonly length?: number;
}

/**
 * The claims of data at every depth serialization reaches (through `toJSON` and the fields of
 * inline data), whether any value is a block (`isBlock`, true only for a record whose `type` is
 * a string, as every block's is), and, where `countLength` asks, the length of its JSON text,
 * counted in the same walk (a renderer that cuts long data names the whole's length). Throws
 * the walk's error where it stops.
 */
export function readDataClaims(value: unknown, lookup: RecordLookup | undefined, isBlock: (value: unknown) => boolean, countLength = false): DataScan {
  const reader = new ClaimsReader();
  let foundBlock = false;
  const visit: WalkObjectVisitor = (member) => {
    // Only a record with a string `type` claims anything or is a block: most data has none,
    // and is passed over with one read.
    if (typeof (member as { type?: unknown }).type !== 'string') return;
    noteClaims(reader, member);
    if (!foundBlock && isBlock(member)) foundBlock = true;
  };
  if (!countLength) {
    const { sawToJSON } = walkObjects(value, visit);
    return { claims: reader.finish(lookup), foundBlock, sawToJSON };
  }
  const { sawToJSON, length } = walkObjectsCounting(value, visit);
  return { claims: reader.finish(lookup), foundBlock, sawToJSON, ...(length === undefined ? {} : { length }) };
}
