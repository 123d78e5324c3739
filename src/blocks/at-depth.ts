/**
 * Blocks at depth: wherever data is shown as JSON (a data result, `structuredContent`), a nested
 * value that is an MCP block is shown as the lane shows that block — marker, placeholder, stub
 * or line — so base64 and credential-bearing uris never reach a copy at any depth.
 */
import { BLOCK_NOT_SHOWN_TEXT, EMPTY_RESULT_TEXT } from '../text/markers.js';
import { wellFormedUpTo } from '../text/well-formed.js';
import { classifyBlock, type ClassifyContext } from './classify.js';
import { KINDS_AT_DEPTH, shownAtDepth } from './kinds/index.js';
import type { ShownText } from './shown-block.js';
import { isSpent, spend } from './shown-budget.js';
import type { DataScan } from './read-claims.js';
import { checkedJsonHead, dataChecker, mayNeedDataCheck } from './data-strings.js';
import { jsonHead, jsonLength } from './json-head.js';

/**
 * True for a value shown as a block when met in data: inline or uri-form `image`/`audio`, a
 * `resource` (embedded or a reference), a `resource_link` that names a uri (of any value). A
 * link naming no uri is data: it holds nothing RFC-005 governs. Each kind says which of its
 * values are (`kinds/`).
 */
export function isBlockAtDepth(value: unknown): boolean {
  return shownAtDepth(value);
}

/**
 * A block's mark in serialized JSON: compact JSON writes a `type` key and its value this way
 * only where an object has them (inside a string every quote is escaped). One alternative per
 * kind a value met in data may be shown as; kinds' literal types hold no regex syntax, and
 * are escaped all the same.
 */
const BLOCK_SIGNATURE = new RegExp(`"type":"(?:${KINDS_AT_DEPTH.map(escapeRegExp).join('|')})"`);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A `JSON.stringify` replacer. */
type Replacer = (key: string, member: unknown) => unknown;

/** How far past the cut a head reaches: the longest signature, and then some. */
const SIGNATURE_MARGIN = 64;

/**
 * Data as JSON text, every string in what a copy can keep checked (`data-strings.ts`: a uri that
 * may carry a credential, a base64 run). Where the scan found no block and no `toJSON`, the text
 * is the value's JSON (the walk's order by construction, at native speed), or, past the cut, the
 * head a copy can keep and the whole's length (`plainDataText`). Where the scan found a block, or
 * the text shows one the scan didn't see (a getter answering differently on a second read), a
 * replacer shows each block as the lane does and checks every string it serializes. A
 * string is shown as its own text, unless `asJson` asks for JSON (structured content).
 */
export function renderDataText(value: unknown, scan: DataScan, ctx: ClassifyContext, shownChars: number, asJson = false): ShownText {
  // A string result is its text; structured content is JSON whatever it holds.
  if (typeof value === 'string' && !asJson) return { kind: 'text', text: wellFormedUpTo(value, ctx.keepChars) };
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
    const shown = plainDataText(value, limit, scan);
    if (shown !== undefined) return shown;
  }
  const text = JSON.stringify(value, replacer);
  return { kind: 'text', text: text ?? EMPTY_RESULT_TEXT, ...(stubs.length > 0 ? { stubs } : {}) };
}

/**
 * Data the scan found no block and no `toJSON` in, as its JSON text where that needs no
 * replacer: undefined where it does (a string to check in a short text; a block's signature).
 * An array or plain object is read only as far as a copy keeps it (`jsonHead`); its whole
 * length is the one the scan counted as it read the claims, or, where it counted none, is
 * counted without the whole text being built (`jsonLength`: one native serialization, in
 * pieces). The rendered result keeps only the head. Where the head holds strings the check could change,
 * it is shown with them checked, read only as far as a copy shows it (`checkedJsonHead`). Any
 * other value is serialized whole.
 */
function plainDataText(value: unknown, limit: number, scan: DataScan): ShownText | undefined {
  const head = jsonHead(value, limit, isBlockAtDepth);
  const text = head === undefined ? JSON.stringify(value) : head.text;
  if (text === undefined) return { kind: 'text', text: EMPTY_RESULT_TEXT };
  if ((head === undefined || head.whole) && text.length <= limit) {
    // Short and whole: shown as it is where nothing in it needs the replacer.
    return BLOCK_SIGNATURE.test(text) || mayNeedDataCheck(text) ? undefined : { kind: 'text', text };
  }
  // Past the cut only a head is read. It never descends into a block, so a block's type that
  // follows its base64 (`{"data":"iVBOR…","type":"image"}`) is never cut away from it. A value
  // with no such head (a class instance, a boxed value) takes the checked way.
  if (head === undefined || BLOCK_SIGNATURE.test(head.text)) return undefined;
  // The head and the count are two reads: a getter may answer them differently. The length is
  // never less than what was read, and more wherever the head isn't whole, so a copy cuts it.
  const counted = head.whole ? head.text.length : Math.max(scan.length ?? jsonLength(value)!, head.text.length + 1);
  if (!mayNeedDataCheck(head.text)) return { kind: 'text', text: head.text, length: counted };
  // Strings to check: the head is read literal by literal only as far as a copy shows it, and
  // read further (twice as far each time) where replacements leave it short of that.
  let read = head;
  let checked = checkedJsonHead(read.text, limit);
  for (let reach = limit * 2; checked.length < limit && !read.whole; reach *= 2) {
    const further = jsonHead(value, reach, isBlockAtDepth);
    if (further === undefined) return undefined;
    read = further;
    checked = checkedJsonHead(read.text, limit);
  }
  const length = Math.max(counted, read.whole ? read.text.length : read.text.length + 1, checked.length);
  return BLOCK_SIGNATURE.test(checked) ? undefined : { kind: 'text', text: checked, length };
}
