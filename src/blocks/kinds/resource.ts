/**
 * The `resource` kind: MCP's embedded resource (content nested under `resource`), shown as its
 * text or its blob's marker; MCPL's top-level `uri` form, a reference. Content beside a
 * top-level `uri` or a `disposition`, at the top or nested, contradicts itself.
 */
import { embeddedUnreadableMarker } from '../../text/markers.js';
import { RESOURCE_FORM } from '../../references/testimony.js';
import type { EmbeddedResource } from '../mcp.js';
import { showEmbedded } from '../show-embedded.js';
import { showReading } from '../show-reference.js';
import { shownMarker } from '../shown-block.js';
import { claimsALocation, defineKind, isRecord, type KindRules } from './kind-rules.js';
import { noteInlineNever, noteLink, noteReference } from './note-claims.js';

/** The `resource` kind's rules. */
export const RESOURCE_KIND: KindRules<EmbeddedResource> = defineKind<EmbeddedResource>((block, ctx) => showEmbedded(block.resource, ctx), {
  offSchema: (block, ctx) => {
    if (RESOURCE_FORM.isForm(block)) return showReading(block, RESOURCE_FORM, ctx);
    return isRecord(block.resource) ? showEmbedded(block.resource, ctx) : shownMarker(embeddedUnreadableMarker(), 'embedded-unreadable');
  },
  plain: undefined,
  atDepth: (block) => Object.hasOwn(block, 'uri') || Object.hasOwn(block, 'resource'),
  reference: RESOURCE_FORM,
  contradicts: (block) => {
    const contents = block.resource;
    return isRecord(contents) && (claimsALocation(block) || contents.disposition !== undefined);
  },
  noteClaims: (reader, block) => {
    const contents = block.resource;
    if (!isRecord(contents)) {
      noteReference(reader, block, RESOURCE_FORM);
      return;
    }
    // An embedded resource names its content's uri, which shows in its header: an earlier
    // result's never on that uri holds, and a never beside the content withholds both uris.
    noteLink(reader, contents.uri);
    if (block.disposition === 'never' || contents.disposition === 'never') {
      noteInlineNever(reader, block.uri);
      noteInlineNever(reader, contents.uri);
    }
  },
});
