/**
 * The `image` kind: inline data shown natively or as its marker; in RFC-005's uri form, a
 * reference. Data beside a reference's claim contradicts itself.
 */
import { imageMissingMarker } from '../../text/markers.js';
import { IMAGE_FORM } from '../../references/testimony.js';
import type { AudioContent, ImageContent } from '../mcp.js';
import { showReading } from '../show-reference.js';
import { showImage } from '../show-media.js';
import { shownMarker } from '../shown-block.js';
import { claimsALocation, defineKind, type KindRules, type WireBlock } from './kind-rules.js';
import { noteInlineNever, noteReference } from './note-claims.js';

/** The `image` kind's rules. */
export const IMAGE_KIND: KindRules<ImageContent> = defineKind<ImageContent>((block, ctx) => showImage(block.data, block.mimeType, ctx), {
  offSchema: (block, ctx) => {
    if (IMAGE_FORM.isForm(block)) return showReading(block, IMAGE_FORM, ctx);
    const mimeType = typeof block.mimeType === 'string' ? block.mimeType : '';
    if (typeof block.data !== 'string' || block.data === '') return shownMarker(imageMissingMarker('data', mimeType || undefined), 'image-missing-data');
    return showImage(block.data, mimeType, ctx);
  },
  plain: undefined,
  atDepth: inlineOrReference,
  reference: IMAGE_FORM,
  contradicts: inlineBesideClaim,
  noteClaims: (reader, block) => {
    // Inline data's only claim that counts is `never` on the uri beside it (RFC-005 §5).
    if (Object.hasOwn(block, 'data')) {
      if (block.disposition === 'never') noteInlineNever(reader, block.uri);
    } else noteReference(reader, block, IMAGE_FORM);
  },
});

/** Media met in data is a block where it carries data or names a uri. */
export function inlineOrReference(block: WireBlock<ImageContent> | WireBlock<AudioContent>): boolean {
  return Object.hasOwn(block, 'data') || Object.hasOwn(block, 'uri');
}

/** Inline data beside a `disposition` or a non-empty `uri` (RFC-005 vector 2); `uri: ""` is none. */
export function inlineBesideClaim(block: WireBlock<ImageContent> | WireBlock<AudioContent>): boolean {
  return Object.hasOwn(block, 'data') && claimsALocation(block);
}
