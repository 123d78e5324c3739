/**
 * The `text` kind: shown as it is (made well formed as far as a copy shows it). It never reads
 * as a reference, never contradicts itself and claims nothing; met inside data it is data.
 */
import { textNotStringMarker } from '../../text/markers.js';
import { wellFormedUpTo } from '../../text/well-formed.js';
import type { TextContent } from '../mcp.js';
import { shownMarker, type ShownText } from '../shown-block.js';
import { defineKind, type KindRules } from './kind-rules.js';

/**
 * Where a reader kept only the start of a text block's `text` (the command line's streaming
 * reader, for a text of megabytes), the whole text's length, under this key: the block is shown
 * as that start with the whole's length (`ShownText.length`), which a copy cuts as it would cut
 * the whole. No value read from JSON or the wire carries a symbol-keyed member.
 */
export const TEXT_LENGTH: unique symbol = Symbol('blockwise.textLength');

/** A text block's text as shown: `text` made well formed as far as `keep`, with its whole length where it is only a start. */
function shownText(block: object, text: string, keep: number | undefined): ShownText {
  const shown = wellFormedUpTo(text, keep);
  const length = (block as { readonly [TEXT_LENGTH]?: unknown })[TEXT_LENGTH];
  return typeof length === 'number' && length > shown.length ? { kind: 'text', text: shown, length } : { kind: 'text', text: shown };
}

/** The `text` kind's rules. */
export const TEXT_KIND: KindRules<TextContent> = defineKind<TextContent>((block, ctx) => shownText(block, block.text, ctx.keepChars), {
  // A text with a bad `_meta` or `annotations` is still its text.
  offSchema: (block, ctx) =>
    typeof block.text === 'string' ? shownText(block, block.text, ctx.keepChars) : shownMarker(textNotStringMarker(), 'text-not-string'),
  // A string text beside neither optional field: what both readings show.
  plain: (block, ctx) =>
    typeof block.text === 'string' && block._meta === undefined && block.annotations === undefined ? shownText(block, block.text, ctx.keepChars) : undefined,
  // Text is safe as data: it is shown as it is, inside the JSON.
  atDepth: undefined,
  reference: undefined,
  contradicts: () => false,
  noteClaims: undefined,
});

/**
 * A text block's text, made well formed (as far as `keepChars`, where given): a record whose
 * `type` is `'text'` and whose `text` is a string; undefined for anything else. Reads `type`
 * and `text` once each.
 */
export function textOfText(block: { readonly type?: unknown; readonly text?: unknown }, keepChars?: number): string | undefined {
  if (block.type !== 'text') return undefined;
  const text = block.text;
  return typeof text === 'string' ? wellFormedUpTo(text, keepChars) : undefined;
}
