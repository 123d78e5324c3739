/**
 * The one guard every provider adapter passes its input through: a rendered tool result, or a
 * `TypeError` naming what was expected.
 */
import type { LiveBlock } from '../blocks/shown-block.js';
import type { LiveCopy } from '../lanes/copies.js';
import { isRenderedToolResult } from '../lanes/rendered-shape.js';
import type { RenderedToolResult } from '../lanes/tool-result.js';

/**
 * The live block types an adapter knows, one key per type (a new type is a compile error until
 * listed); a block of another type fails the guard.
 */
const LIVE_BLOCK_TYPES: { readonly [K in LiveBlock['type']]: true } = { text: true, image: true, audio: true, document: true };

/** What the guard's `TypeError` says was expected. */
export const RENDERED_EXPECTED = 'a rendered tool result (what host.renderToolResult returns: { stored, live, isError, blocks })';

/**
 * `value` as a rendered tool result, or a `TypeError` naming the adapter, what it expected and
 * what it got (a kind of value, never its content: a raw result may carry base64 or a secret).
 * Reads each live block's `type` once, so its cost is linear in the live copy's block count.
 */
export function renderedOrThrow(value: unknown, adapter: string): RenderedToolResult {
  if (!isRenderedToolResult(value)) throw new TypeError(`${adapter} expects ${RENDERED_EXPECTED}; got ${kindOf(value)}.`);
  const rendered = value as RenderedToolResult;
  if (!isLiveCopy(rendered.live)) throw new TypeError(`${adapter} expects ${RENDERED_EXPECTED}; got one whose live copy is neither { kind: 'text', text } nor { kind: 'native', blocks } of text, image, audio and document blocks.`);
  return rendered;
}

function isLiveCopy(live: unknown): live is LiveCopy {
  const copy = live as { kind?: unknown; text?: unknown; blocks?: unknown };
  if (copy.kind === 'text') return typeof copy.text === 'string';
  if (copy.kind !== 'native' || !Array.isArray(copy.blocks)) return false;
  for (const block of copy.blocks as unknown[]) {
    if (typeof block !== 'object' || block === null) return false;
    const { type } = block as { type?: unknown };
    if (typeof type !== 'string' || !Object.hasOwn(LIVE_BLOCK_TYPES, type)) return false;
  }
  return true;
}

/** A value's kind as the guard's message names it. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array (a content array? render the tool result first)';
  if (typeof value !== 'object') return typeof value;
  if ('content' in value || 'structuredContent' in value) return 'an object with content (a raw tool result? render it first)';
  return 'an object without stored, live and blocks';
}

/**
 * `options[key]` as a non-empty string (the id or name of the call a result answers), or a
 * `TypeError` naming the adapter and the option: a provider refuses a tool result that answers
 * no call, and the host's mistake is clearer here than in the provider's 400.
 */
export function callOptionOrThrow<K extends string>(options: unknown, key: K, adapter: string): string {
  const value: unknown = typeof options === 'object' && options !== null ? (options as Record<string, unknown>)[key] : undefined;
  if (typeof value !== 'string' || value === '') throw new TypeError(`${adapter} expects options.${key}, the call's ${key === 'name' ? 'function name' : 'id'}, as a non-empty string.`);
  return value;
}
