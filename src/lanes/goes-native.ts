/**
 * Whether the live copy goes as native blocks (docs/design.md §5.3): only when the result holds native
 * media — an image, or a PDF document or audio clip the host's provider takes in a tool result —
 * and its link lines and markers fit the cap together. Stubs and withheld lines go whole beside
 * the media and aren't counted; past the cap, the live copy is the stored text.
 */
import type { ShownBlock } from '../blocks/shown-block.js';

/** True when `shown` holds native media and its links' and markers' text fits `cap` together. */
export function goesNative(shown: readonly ShownBlock[], cap: number): boolean {
  let hasMedia = false;
  let counted = 0;
  for (const block of shown) {
    if (block.kind === 'image' || block.kind === 'media') hasMedia = true;
    if (block.kind === 'link' || block.kind === 'marker') counted += block.text.length;
  }
  return hasMedia && counted <= cap;
}
