/**
 * Whether a result's `structuredContent` is shown beside its content blocks. Servers usually
 * repeat it as a text block (MCP asks them to), and then showing it again would spend the cap
 * twice on one value; but a result whose content is only links, images or markers has no words
 * of the server's own, and hiding `{rows: 3}` there hides the answer. One rule, read by the
 * lanes and by the command line's notes.
 */

/**
 * How a result's `structuredContent` stands beside its content:
 * - `carried`: a text block of the content is that value as JSON, so it isn't shown again;
 * - `content-speaks`: the content has text of the server's own that isn't that value, and the
 *   copies show the content alone, as MCP's older revisions did;
 * - `shown`: the content has no text of the server's own, so the value is shown as data after it.
 */
export type StructuredStanding = 'carried' | 'content-speaks' | 'shown';

/** Characters past the value's compact JSON a text carrying it may add (indentation, a newline). */
const CARRIED_SLACK_FACTOR = 4;

/**
 * How `structured` stands beside `content` (a non-empty content array). A text block carries
 * the value when it reads as JSON equal to it (key order included): it is parsed only where it
 * opens with `{` or `[` and is at most a few times the value's compact JSON, so the cost is
 * linear in the texts' and the value's size.
 */
export function structuredStanding(content: readonly unknown[], structured: unknown): StructuredStanding {
  let ownText = false;
  let compact: string | undefined | null = null;
  for (let index = 0; index < content.length; index += 1) {
    const text = ownTextOf(content[index]);
    if (text === undefined) continue;
    ownText = true;
    if (compact === null) compact = compactJson(structured);
    if (compact !== undefined && carries(text, compact)) return 'carried';
  }
  return ownText ? 'content-speaks' : 'shown';
}

/**
 * The server's own words in a block: a text block's text, or an embedded resource's text, where
 * it holds more than white space. Links, images, audio, blobs and unknown blocks have none.
 */
function ownTextOf(block: unknown): string | undefined {
  if (typeof block !== 'object' || block === null) return undefined;
  const record = block as { type?: unknown; text?: unknown; resource?: unknown };
  let text: unknown;
  if (record.type === 'text') text = record.text;
  else if (record.type === 'resource' && typeof record.resource === 'object' && record.resource !== null) {
    text = (record.resource as { text?: unknown }).text;
  }
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
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
  if (trimmed.length > compact.length * CARRIED_SLACK_FACTOR + 64) return false;
  try {
    return JSON.stringify(JSON.parse(trimmed)) === compact;
  } catch {
    return false;
  }
}
