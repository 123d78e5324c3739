/**
 * Showing a reference or a link (docs/design.md §6): registered (never fetched), then a stub
 * offering the fetch where the dial check passes; a link the host can't fetch shows its line on
 * the tool-result lane where its uri may be shown, and a why-stub otherwise.
 */
import { withClaims } from '../references/claims.js';
import { dialFor } from '../references/decide.js';
import { DIAL_REFUSAL_CLAUSES, type DialRefusal } from '../references/dial-check.js';
import type { ReferenceRecord } from '../references/registry.js';
import { buildReferenceStub, FETCHABLE_ENDING, savedEnding } from '../references/stub.js';
import { readTestimony, type ReferenceForm, type ReferenceWire, type Testimony } from '../references/testimony.js';
import { ANOTHER_SERVERS_ENDING, invalidReferenceMarker, linkLine, linkWithoutUriMarker, UNNAMED, URI_WITHHELD_WORDS } from '../text/markers.js';
import { shownLinkUri, type UriWithheld } from '../uri/shown-link-uri.js';
import { shownName } from '../uri/shown-name.js';
import type { ClassifyContext } from './classify-context.js';
import { shownMarker as marker, type ShownBlock, type ShownStub, type StubWhy } from './shown-block.js';

/**
 * A reference-form block of the kind `form` names: its stub, or for a link, its stub, line or
 * why-stub; a block naming no usable uri, its marker (a link's says it names none).
 */
export function showReading(block: ReferenceWire, form: ReferenceForm, ctx: ClassifyContext): ShownBlock {
  const testimony = readTestimony(block, form);
  if (typeof testimony === 'string') {
    ctx.onRead?.({ as: 'invalid-reference' });
    return form.fromLink ? marker(linkWithoutUriMarker(), 'link-without-uri') : marker(invalidReferenceMarker(form.blockType), 'invalid-reference');
  }
  return showTestimony(testimony, ctx);
}

/**
 * A reference's or link's block: registered (never fetched), then a stub offering the fetch
 * where the dial check passes; a link the host can't fetch shows its line on the tool-result
 * lane where its uri may be shown, and a why-stub otherwise. One clock reading for the whole.
 */
function showTestimony(testimony: Testimony, ctx: ClassifyContext): ShownBlock {
  // Registered with the result's claims in force (the strictest expiry, `never`): the fetch reads
  // the record alone, so it must refuse what this result's stubs refuse, whatever the blocks' order.
  const record = ctx.registry.register(withClaims(testimony, ctx.claims), ctx.serverId);
  const taken = ctx.onRead?.({ as: 'reference', record, testimony });
  if (taken !== undefined) return taken;
  const name = shownName(testimony.name, testimony.uri, ctx.claims);
  const nowMs = ctx.now();
  // A record that stays another server's (its reference's claims, or its saved copy, outrank this
  // result's testimony) is not this server's to offer: no fetch, and no saved copy under this
  // server's name for it.
  if (ctx.serverId !== undefined && record.serverId !== undefined && record.serverId !== ctx.serverId) {
    return stubBlock(record, testimony, name, ANOTHER_SERVERS_ENDING, false, 'wrong-server');
  }
  if (record.fetched !== undefined) return stubBlock(record, testimony, name, savedEnding(record.fetched.path), false, 'fetched');
  const dial = dialFor(record, ctx.claims, ctx, nowMs);
  if (dial.ok) return stubBlock(record, testimony, name, FETCHABLE_ENDING, true, undefined);
  // Only a link, and only on the tool-result lane, can show its uri in place of a stub.
  if (!testimony.fromLink || ctx.lane !== 'tool-result') return stubBlock(record, testimony, name, dial.clause, false, dial.code);
  const linkUri = shownLinkUri(testimony, ctx.claims, nowMs);
  if (linkUri.shown) {
    return { kind: 'link', text: linkLine(name ?? UNNAMED, linkUri.text, testimony.mimeType), refId: record.refId, uri: linkUri.text, why: dial.code };
  }
  const withheld = WITHHELD_LINK_STUBS[dial.code][linkUri.why];
  return stubBlock(record, testimony, name, withheld.ending, false, withheld.why);
}

/** A withheld link's stub ending and why: made once for each refusal and reason, not per link. */
const WITHHELD_LINK_STUBS = Object.fromEntries(
  (Object.keys(DIAL_REFUSAL_CLAUSES) as DialRefusal[]).map((code) => [
    code,
    Object.fromEntries(
      (Object.keys(URI_WITHHELD_WORDS) as UriWithheld[]).map((why) => [
        why,
        { ending: `${DIAL_REFUSAL_CLAUSES[code]}; ${URI_WITHHELD_WORDS[why]}`, why: `${code}+${why}` as const },
      ]),
    ),
  ]),
) as { readonly [C in DialRefusal]: { readonly [W in UriWithheld]: { readonly ending: string; readonly why: StubWhy } } };

/** A stub block: the block's own labels (its shown name), its record's id and server. */
function stubBlock(
  record: ReferenceRecord,
  testimony: Testimony,
  name: string | undefined,
  ending: string,
  fetchable: boolean,
  why: StubWhy | undefined,
): ShownStub {
  // The testimony is its own labels where its name is the one shown (most stubs): no object made.
  const labels = name === testimony.name ? testimony : { name, mimeType: testimony.mimeType, sizeBytes: testimony.sizeBytes };
  // Every part of a stub is sanitized (so well formed) as it is built.
  const text = buildReferenceStub(record.refId, labels, record.serverId === undefined ? NO_SERVER : record, ending);
  return why === undefined ? { kind: 'stub', text, refId: record.refId, fetchable } : { kind: 'stub', text, refId: record.refId, fetchable, why };
}

/** The provenance of a reference no server delivered. */
const NO_SERVER = {};
