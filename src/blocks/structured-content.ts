/**
 * Whether a result's `structuredContent` is shown beside its content blocks. Servers usually
 * repeat it as a text block (MCP asks them to), and then showing it again would spend the cap
 * twice on one value; but a result whose content is only links, images or markers has no words
 * of the server's own, and hiding `{rows: 3}` there hides the answer. The standing is read from
 * the content as classified — what the copies show — never from the raw blocks: an MCP App's
 * view shown as its marker, or a withheld resource, says nothing, and a textual blob shown as
 * text may carry the value. One rule, decided once per render; the command line's notes read
 * the decision.
 */
import type { ShownBlock } from './shown-block.js';
import { EMBEDDED_HEADER_START } from '../text/markers.js';
import { WALK_MAX_DEPTH } from '../walk.js';

/**
 * How a result's `structuredContent` stands beside its content:
 * - `carried`: a text the copies show is that value as JSON, so it isn't shown again;
 * - `content-speaks`: the copies show text of the server's own that isn't that value, and
 *   show the content alone, as MCP's older revisions did;
 * - `shown`: the copies show no text of the server's own, so the value is shown as data after it.
 */
export type StructuredStanding = 'carried' | 'content-speaks' | 'shown';

/** Characters past the value's compact JSON a text carrying it may add (indentation, a newline). */
const CARRIED_SLACK_FACTOR = 4;

/**
 * How `structured` stands beside a content array's classified blocks, `shown` from index
 * `from` on (the blocks before it, an error's text, aren't the content's). A text carries the
 * value when it reads as JSON equal to it (key order included); it is parsed only where it opens
 * and closes as the value's compact JSON does, is at most a few times that long, and nests no
 * deeper than a walk reads: the cost is linear in the texts' and the value's size.
 */
export function structuredStanding(shown: readonly ShownBlock[], structured: unknown, from = 0): StructuredStanding {
  let ownText = false;
  let compact: string | undefined | null = null;
  for (let index = from; index < shown.length; index += 1) {
    const text = ownTextOf(shown[index]!);
    if (text === undefined) continue;
    ownText = true;
    if (compact === null) compact = compactJson(structured);
    if (compact !== undefined && carries(text, compact)) return 'carried';
  }
  return ownText ? 'content-speaks' : 'shown';
}

/**
 * The server's own words in a shown block: a text's, where it holds more than white space — for
 * an embedded resource's text, its content after the header line. Link lines, stubs, markers,
 * withheld lines and media placeholders are the host's words, not the server's.
 */
function ownTextOf(block: ShownBlock): string | undefined {
  if (block.kind !== 'text') return undefined;
  let text = block.text;
  if (text.startsWith(EMBEDDED_HEADER_START)) {
    const newline = text.indexOf('\n');
    text = newline < 0 ? '' : text.slice(newline + 1);
  }
  return text.trim() === '' ? undefined : text;
}

/** The value's compact JSON, or undefined where it has none or can't be serialized. */
function compactJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** True when `text` is JSON equal to the value whose compact JSON is `compact`. */
function carries(text: string, compact: string): boolean {
  const trimmed = text.trim();
  if (trimmed === compact) return true;
  const opens = trimmed.charCodeAt(0);
  if (opens !== 0x7b /* { */ && opens !== 0x5b /* [ */) return false;
  // The value's JSON opens and closes with the same brackets; anything else can't equal it.
  if (opens !== compact.charCodeAt(0) || trimmed.charCodeAt(trimmed.length - 1) !== compact.charCodeAt(compact.length - 1)) return false;
  if (trimmed.length > compact.length * CARRIED_SLACK_FACTOR + 64) return false;
  if (!nestsWithin(trimmed, WALK_MAX_DEPTH)) return false;
  try {
    return JSON.stringify(JSON.parse(trimmed)) === compact;
  } catch {
    return false;
  }
}

/**
 * True when no bracket of `text` outside its strings opens deeper than `maxDepth`: a linear
 * scan, so `JSON.parse` never builds megabytes of nesting no shown value could have.
 */
export function nestsWithin(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c /* \ */) index += 1;
      else if (code === 0x22 /* " */) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      depth += 1;
      if (depth > maxDepth) return false;
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) depth -= 1;
  }
  return true;
}
