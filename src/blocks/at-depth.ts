/**
 * Blocks at depth: wherever data is shown as JSON (a data result, `structuredContent`), a nested
 * value that is an MCP block is shown as the lane shows that block — marker, placeholder, stub
 * or line — so base64 and credential-bearing uris never reach a copy at any depth.
 */
import { BLOCK_NOT_SHOWN_TEXT, EMPTY_RESULT_TEXT } from '../text/markers.js';
import { wellFormed } from '../text/well-formed.js';
import { classifyBlock, type ClassifyContext } from './classify.js';
import type { BlockType } from './mcp.js';
import type { ShownText } from './shown-block.js';
import { isSpent, spend } from './shown-budget.js';
import type { DataScan } from '../references/read-claims.js';
import { checkedJsonHead, dataChecker, mayNeedDataCheck } from './data-strings.js';

/**
 * True for a value shown as a block when met in data: inline or uri-form `image`/`audio`, a
 * `resource` (embedded or a reference), a `resource_link` that names a uri (of any value). A
 * link naming no uri is data: it holds nothing RFC-005 governs.
 */
export function isBlockAtDepth(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const block = value as Record<string, unknown>;
  const type = block.type;
  return typeof type === 'string' && Object.hasOwn(AT_DEPTH, type) && AT_DEPTH[type as BlockType](block);
}

/** Per block kind, whether a value of that `type` met in data is shown as a block. */
const AT_DEPTH: { readonly [K in BlockType]: (block: Readonly<Record<string, unknown>>) => boolean } = {
  // Text is safe as data: it is shown as it is, inside the JSON.
  text: () => false,
  image: (block) => Object.hasOwn(block, 'data') || Object.hasOwn(block, 'uri'),
  audio: (block) => Object.hasOwn(block, 'data') || Object.hasOwn(block, 'uri'),
  resource: (block) => Object.hasOwn(block, 'uri') || Object.hasOwn(block, 'resource'),
  resource_link: (block) => Object.hasOwn(block, 'uri'),
};

/**
 * A block's mark in serialized JSON: compact JSON writes a `type` key and its value this way
 * only where an object has them (inside a string every quote is escaped).
 */
const BLOCK_SIGNATURE = /"type":"(?:image|audio|resource|resource_link)"/;

/**
 * The first `limit` characters (or more) of `JSON.stringify(value)` for a top-level array or
 * plain object (or one with no prototype), serialized member by member until they pass
 * `limit`, each member whole; undefined for anything else (a class instance, a boxed value). Each member is serialized as the whole would serialize it (a member's `toJSON` is asked
 * with its key), so the head is the whole's prefix.
 */
function serializedHead(value: unknown, limit: number): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  let head: string;
  if (Array.isArray(value)) {
    head = '[';
    for (let index = 0; index < value.length && head.length < limit; index += 1) {
      head += (index === 0 ? '' : ',') + (JSON.stringify(value[index]) ?? 'null');
    }
    return head;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  head = '{';
  let first = true;
  for (const key of Object.keys(value)) {
    if (head.length >= limit) break;
    // As a member of its own object, so toJSON hears its key and undefined drops out.
    const member = JSON.stringify({ [key]: (value as Record<string, unknown>)[key] });
    if (member === '{}') continue;
    head += (first ? '' : ',') + member.slice(1, -1);
    first = false;
  }
  return head;
}

/** A `JSON.stringify` replacer. */
type Replacer = (key: string, member: unknown) => unknown;

/** How far past the cut a head reaches: the longest signature, and then some. */
const SIGNATURE_MARGIN = 64;

/**
 * Data as JSON text, every string in what a copy can keep checked (`data-strings.ts`: a uri that
 * may carry a credential, a base64 run). Where the scan found no block and no `toJSON`, the text
 * is `JSON.stringify` of the value (the walk's order by construction, at native speed), or, past
 * the cut, the head a copy can keep — shown as it is where that text holds no block's signature
 * and nothing the string check could change. Where the head holds such strings, the
 * serialization's start is shown with them checked, read only as far as a copy shows it
 * (`checkedJsonHead`). Where the scan found a
 * block, or the text shows one the scan didn't see (a getter answering differently on a second
 * read), a replacer shows each block as the lane does and checks every string it serializes. A
 * string is shown as its own text, unless `asJson` asks for JSON (structured content).
 */
export function renderDataText(
  value: unknown,
  scan: DataScan,
  ctx: ClassifyContext,
  shownChars: number,
  asJson = false,
): ShownText {
  // A string result is its text; structured content is JSON whatever it holds.
  if (typeof value === 'string' && !asJson) return { kind: 'text', text: wellFormed(value) };
  const stubs: string[] = [];
  // Media at depth is never sent natively, so it spends nothing of the result's allowances.
  const media = ctx.media === undefined ? undefined : { ...ctx.media, images: Number.POSITIVE_INFINITY };
  const depthCtx: ClassifyContext = { ...ctx, imageBytesLeft: Number.POSITIVE_INFINITY, media };
  // Strings are checked as far as a copy can show them; past that, one cheap test each.
  const limit = shownChars + SIGNATURE_MARGIN;
  const checked = dataChecker(limit);
  const replacer: Replacer = (key, member) => {
    if (!isBlockAtDepth(member)) return checked(member, key);
    // Blocks at depth share the render's budget for what isn't text: past it, one is its
    // notice, never classified (so never registered).
    if (isSpent(depthCtx.shownLeft)) return BLOCK_NOT_SHOWN_TEXT;
    const shown = classifyBlock(member, depthCtx);
    spend(depthCtx.shownLeft, shown.kind, shown.text.length);
    if (shown.kind === 'stub') stubs.push(shown.text);
    // Text at depth (an embedded resource's) is inside data, so it follows the data rules.
    return shown.kind === 'text' ? checked(shown.text) : shown.text;
  };
  if (!scan.foundBlock && !scan.sawToJSON) {
    const text = JSON.stringify(value);
    if (text === undefined) return { kind: 'text', text: EMPTY_RESULT_TEXT };
    if (text.length <= limit) {
      if (!BLOCK_SIGNATURE.test(text) && !mayNeedDataCheck(text)) return { kind: 'text', text };
    } else {
      // Only what a copy can keep is read (reading the engine's text of the whole would copy it
      // whole), built member by member with each member whole: a block's type may follow its
      // base64 (`{"data":"iVBOR…","type":"image"}`), so a head cut inside a member could hold
      // the data without the signature. A value with no such head takes the checked way.
      const head = serializedHead(value, limit);
      if (head !== undefined && !BLOCK_SIGNATURE.test(head)) {
        if (!mayNeedDataCheck(head)) return { kind: 'text', text: head, length: text.length };
        // Strings to check: the serialization is read, literal by literal, only as far as a copy
        // shows it (replacements may shorten it), and shown where that holds no block either.
        // The head is the serialization's start, and short: read from it, and from the whole
        // only where replacements leave it short of what a copy shows.
        let checkedHead = checkedJsonHead(head, limit);
        if (checkedHead.length < limit && head.length < text.length) checkedHead = checkedJsonHead(text, limit);
        if (!BLOCK_SIGNATURE.test(checkedHead)) return { kind: 'text', text: checkedHead, length: text.length };
      }
    }
  }
  const text = JSON.stringify(value, replacer);
  return { kind: 'text', text: text ?? EMPTY_RESULT_TEXT, ...(stubs.length > 0 ? { stubs } : {}) };
}
