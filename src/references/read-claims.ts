/**
 * Reading a result's claims before any block is shown (docs/design.md §8). A content array shown to the
 * model is read by its elements, as the model's line shows them; data is read by the
 * serialization-order walk, so every reference serialization reaches counts, at any depth.
 */
import { walkObjects } from '../walk.js';
import { ClaimsReader, type RecordLookup, type ResultClaims } from './claims.js';
import { withinCodePoints } from '../text/code-points.js';
import { classifyReference, isReferenceForm, TESTIMONY_LIMITS } from './testimony.js';

/** Adds what one value claims, if it is a reference, a link, inline data or an embedded resource. */
export function noteClaims(reader: ClaimsReader, value: unknown): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
  const block = value as Record<string, unknown>;
  const type = block.type;
  // A text block claims nothing (`isReferenceForm` is false for it): most blocks of a result of many.
  if (typeof type !== 'string' || type === 'text') return;
  if ((type === 'image' || type === 'audio') && Object.hasOwn(block, 'data')) {
    // Inline data's only claim that counts is `never` on the uri beside it (RFC-005 §5).
    if (block.disposition === 'never') noteInlineNever(reader, block.uri);
    return;
  }
  if (type === 'resource' && isObject(block.resource)) {
    // An embedded resource names its content's uri, which shows in its header: an earlier
    // result's never on that uri holds, and a never beside the content withholds both uris.
    const contents = block.resource as Record<string, unknown>;
    noteLink(reader, contents.uri);
    if (block.disposition === 'never' || contents.disposition === 'never') {
      noteInlineNever(reader, block.uri);
      noteInlineNever(reader, contents.uri);
    }
    return;
  }
  if (!isReferenceForm(block)) return;
  if (type === 'resource_link') {
    // A link claims nothing but that it names its uri (RFC-005 §8.1) — save a `never`, which
    // only ever takes away, and so is honoured from anyone.
    if (block.disposition === 'never') noteInlineNever(reader, block.uri);
    noteLink(reader, block.uri);
    return;
  }
  const reading = classifyReference(block);
  if (reading.kind === 'reference') reader.addTestimony(reading.testimony);
}

function noteLink(reader: ClaimsReader, uri: unknown): void {
  if (typeof uri === 'string' && uri !== '' && withinCodePoints(uri, TESTIMONY_LIMITS.uri)) reader.addLink(uri);
}

function noteInlineNever(reader: ClaimsReader, uri: unknown): void {
  if (typeof uri === 'string' && uri !== '') reader.addInlineNever(uri);
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The claims of a content array's elements (their nested fields aren't shown, so don't count). */
export function readContentClaims(blocks: readonly unknown[], lookup: RecordLookup | undefined): ResultClaims {
  const reader = new ClaimsReader();
  for (let index = 0; index < blocks.length; index += 1) noteClaims(reader, blocks[index]);
  return reader.finish(lookup);
}

/** What reading data's claims learned, beside the claims. */
export interface DataScan {
  readonly claims: ResultClaims;
  /** Some value the serializer reaches is an MCP block that must be shown as the lane shows it. */
  readonly foundBlock: boolean;
  /** A `toJSON` ran: a second reading may answer differently, so the renderer checks every value. */
  readonly sawToJSON: boolean;
}

/**
 * The claims of data at every depth serialization reaches (through `toJSON` and the fields of
 * inline data), and whether any value is a block. Throws the walk's error where it stops.
 */
export function readDataClaims(value: unknown, lookup: RecordLookup | undefined, isBlock: (value: unknown) => boolean): DataScan {
  const reader = new ClaimsReader();
  let foundBlock = false;
  const { sawToJSON } = walkObjects(value, (member) => {
    noteClaims(reader, member);
    if (!foundBlock && isBlock(member)) foundBlock = true;
  });
  return { claims: reader.finish(lookup), foundBlock, sawToJSON };
}
