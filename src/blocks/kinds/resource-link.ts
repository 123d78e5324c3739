/**
 * The `resource_link` kind: always a reference (RFC-005 §8.1) — a stub, or on the tool-result
 * lane a line where its uri may show — and it claims only that it names its uri. One naming no
 * uri is its marker; met inside data, one naming none is data.
 */
import { LINK_FORM } from '../../references/testimony.js';
import type { ResourceLink } from '../mcp.js';
import { showReading } from '../show-reference.js';
import { defineKind, type KindRules } from './kind-rules.js';
import { noteInlineNever, noteLink } from './note-claims.js';

/** The `resource_link` kind's rules. */
export const RESOURCE_LINK_KIND: KindRules<ResourceLink> = defineKind<ResourceLink>((block, ctx) => showReading(block, LINK_FORM, ctx), {
  offSchema: (block, ctx) => showReading(block, LINK_FORM, ctx),
  // A link naming no uri holds nothing RFC-005 governs.
  plain: undefined,
  atDepth: (block) => Object.hasOwn(block, 'uri'),
  reference: LINK_FORM,
  contradicts: () => false,
  noteClaims: (reader, block) => {
    // A link claims nothing but that it names its uri (RFC-005 §8.1) — save a `never`, which
    // only ever takes away, and so is honoured from anyone.
    if (block.disposition === 'never') noteInlineNever(reader, block.uri);
    noteLink(reader, block.uri);
  },
});
