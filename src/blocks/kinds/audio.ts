/**
 * The `audio` kind: inline data shown natively where the provider takes it, else its marker; in
 * RFC-005's uri form, a reference. Data beside a reference's claim contradicts itself.
 */
import { audioMarker } from '../../text/markers.js';
import { AUDIO_FORM } from '../../references/testimony.js';
import type { AudioContent } from '../mcp.js';
import { showReading } from '../show-reference.js';
import { showAudio } from '../show-media.js';
import { shownMarker } from '../shown-block.js';
import { defineKind, type KindRules } from './kind-rules.js';
import { inlineBesideClaim, inlineOrReference } from './image.js';
import { noteInlineNever, noteReference } from './note-claims.js';

/** The `audio` kind's rules. */
export const AUDIO_KIND: KindRules<AudioContent> = defineKind<AudioContent>((block, ctx) => showAudio(block.data, block.mimeType, ctx), {
  offSchema: (block, ctx) => {
    if (AUDIO_FORM.isForm(block)) return showReading(block, AUDIO_FORM, ctx);
    const mimeType = typeof block.mimeType === 'string' ? block.mimeType : '';
    if (typeof block.data === 'string') return showAudio(block.data, mimeType, ctx);
    return shownMarker(audioMarker(mimeType, 0), 'audio');
  },
  plain: undefined,
  atDepth: inlineOrReference,
  reference: AUDIO_FORM,
  contradicts: inlineBesideClaim,
  noteClaims: (reader, block) => {
    // Inline data's only claim that counts is `never` on the uri beside it (RFC-005 §5).
    if (Object.hasOwn(block, 'data')) {
      if (block.disposition === 'never') noteInlineNever(reader, block.uri);
    } else noteReference(reader, block, AUDIO_FORM);
  },
});
