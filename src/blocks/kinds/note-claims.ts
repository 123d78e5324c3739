/**
 * The claims a block can add to its result's (docs/design.md §8), as the kinds note them: a
 * link's uri, inline content's `never`, a reference's testimony.
 */
import type { ClaimsReader } from '../../references/claims.js';
import { classifyReference, TESTIMONY_LIMITS, type ReferenceForm, type ReferenceWire } from '../../references/testimony.js';
import { withinCodePoints } from '../../text/code-points.js';
import { namedUri } from './kind-rules.js';

/** A uri a link (or an embedded resource's content) names: the registry's record decides for it. */
export function noteLink(reader: ClaimsReader, uri: unknown): void {
  if (namedUri(uri) && withinCodePoints(uri, TESTIMONY_LIMITS.uri)) reader.addLink(uri);
}

/** Inline content marked `never`: withholds the uri beside it (RFC-005 §5). */
export function noteInlineNever(reader: ClaimsReader, uri: unknown): void {
  if (namedUri(uri)) reader.addInlineNever(uri);
}

/** A reference-form block's testimony, where it reads as a reference. */
export function noteReference(reader: ClaimsReader, block: ReferenceWire, form: ReferenceForm): void {
  if (!form.isForm(block)) return;
  const reading = classifyReference(block, form);
  if (reading.kind === 'reference') reader.addTestimony(reading.testimony);
}
