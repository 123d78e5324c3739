/**
 * What every provider adapter reads from a live copy: its blocks (a text copy is one text
 * block), a handler table over them, and the small pieces each provider shape is built from.
 */
import type { LiveBlock } from '../blocks/shown-block.js';
import type { LiveCopy } from '../lanes/copies.js';
import { base64DecodedLength } from '../text/size.js';

/** The live block of type `K`. */
type LiveBlockOf<K extends LiveBlock['type']> = Extract<LiveBlock, { readonly type: K }>;

/**
 * One handler per live block type: a new type is a compile error in every adapter until it
 * says what that provider does with it.
 */
export type LiveBlockHandlers<R> = { readonly [K in LiveBlock['type']]: (block: LiveBlockOf<K>) => R };

/** The live copy's blocks: a native copy's own, or a text copy as one text block. */
function liveBlocksOf(live: LiveCopy): readonly LiveBlock[] {
  return live.kind === 'native' ? live.blocks : [{ type: 'text', text: live.text }];
}

/** Each live block through its handler, in order. */
export function mapLiveBlocks<R>(live: LiveCopy, handlers: LiveBlockHandlers<R>): R[] {
  return liveBlocksOf(live).map((block) => (handlers[block.type] as (block: LiveBlock) => R)(block));
}

/** Base64 data as a data URL, the form OpenAI's image and file inputs take inline. */
export function dataUrl(mimeType: string, data: string): string {
  return `data:${mimeType};base64,${data}`;
}

/** A media block's decoded size, for the markers that stand in for it. */
export function mediaBytes(block: { readonly data: string }): number {
  return base64DecodedLength(block.data);
}

/** The file name a PDF document goes under where a provider asks for one. */
export function documentFilename(index: number): string {
  return `document-${index}.pdf`;
}

/**
 * The live copy as one text where it carries text alone (a native copy's texts joined by
 * newlines, as the stored copy joins them); undefined where it carries media.
 */
export function textOnly(live: LiveCopy): string | undefined {
  if (live.kind === 'text') return live.text;
  const texts: string[] = [];
  for (const block of live.blocks) {
    // eslint-disable-next-line no-restricted-syntax -- a live-copy block's kind (LiveBlock, blockwise's output), not a server's block
    if (block.type !== 'text') return undefined;
    texts.push(block.text);
  }
  return texts.join('\n');
}
