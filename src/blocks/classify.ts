/**
 * The one classifier (docs/design.md §5.2): every lane turns a block into a {@link ShownBlock} here, and
 * nowhere else. It implements the generated {@link BlockHandlers}, so a block kind a new MCP
 * revision adds is a compile error until it is handled.
 */
import type { AddressBook } from '../references/addresses.js';
import { withClaims, type ResultClaims } from '../references/claims.js';
import { dialFor } from '../references/decide.js';
import { DIAL_REFUSAL_CLAUSES, type DialLimits, type DialRefusal } from '../references/dial-check.js';
import type { ReferenceRecord, Registry } from '../references/registry.js';
import { buildReferenceStub, FETCHABLE_ENDING, savedEnding } from '../references/stub.js';
import { classifyReference, isReferenceForm, type Testimony } from '../references/testimony.js';
import {
  ANOTHER_SERVERS_ENDING,
  audioBudgetMarker,
  audioMarker,
  audioPlaceholder,
  audioUndecodableMarker,
  documentBudgetMarker,
  documentNotPdfMarker,
  documentPlaceholder,
  blocksNotShownNotice,
  appMarker,
  embeddedBlobMarker,
  embeddedHeader,
  embeddedUnreadableMarker,
  imageBudgetMarker,
  imageDimensionsMarker,
  imageMalformedMarker,
  imageMismatchMarker,
  imageMissingMarker,
  imagePixelsMarker,
  imagePlaceholder,
  imagesPerRequestMarker,
  imageTypeNotTakenMarker,
  imageTooLargeMarker,
  imageTruncatedMarker,
  imageUndecodableMarker,
  imageUnsupportedMarker,
  aiSdkMediaMarker,
  invalidReferenceMarker,
  linkLine,
  linkWithoutUriMarker,
  notABlockMarker,
  textNotStringMarker,
  UNNAMED,
  unknownTypeMarker,
  URI_WITHHELD_WORDS,
  WITHHELD_TEXT,
  type MarkerReason,
} from '../text/markers.js';
import { base64DecodedLength } from '../text/size.js';
import { wellFormedUpTo } from '../text/well-formed.js';
import { shownLinkUri, type UriWithheld } from '../uri/shown-link-uri.js';
import { shownName } from '../uri/shown-name.js';
import type { MediaLeft } from '../providers/profiles.js';
import { blobText, isAppResource } from './embedded-content.js';
import { checkImage, takenImageType, type ImageLimits } from './image-check.js';
import { checkAudio, checkPdf } from './media-check.js';
import { visitBlock, type BlockHandlers, type BlockType } from './mcp.js';
import type { ShownBlock, ShownMarker, ShownStub, StubWhy } from './shown-block.js';
import { isSpent, spend, type ShownLeft } from './shown-budget.js';

/** The lanes a block can be shown on. Only the tool-result lane shows a link's uri. */
export type Lane = 'tool-result' | 'push' | 'script';

/** What classifying one result's blocks reads; one per result. */
export interface ClassifyContext {
  readonly lane: Lane;
  /** The result's claims, read before any block is classified. */
  readonly claims: ResultClaims;
  readonly registry: Registry;
  /** The host's own server addresses, which its stubs and its fetches both read. */
  readonly addresses: AddressBook;
  /** The server that sent the result; absent for the host's own tools. */
  readonly serverId?: string;
  /** The clock; read once per stub. */
  readonly now: () => number;
  readonly dialLimits: DialLimits;
  /** Decoded image bytes this result may still send natively. */
  imageBytesLeft: number;
  /** The budget `imageBytesLeft` started from, for the marker's words. */
  readonly maxImageBytes: number;
  /** What the host's provider takes as a native image. */
  readonly imageLimits: ImageLimits;
  /**
   * What this result may still send natively under the host's provider: images counted, PDF
   * and audio bytes. Absent, MCP's: no count, no PDF, no audio.
   */
  readonly media?: MediaLeft;
  /**
   * What this render may still show of blocks other than text (`shown-budget.ts`): once spent,
   * `toolResultBlocks` counts the remaining blocks other than text in one notice and classifies
   * none of them.
   * One object per render, shared by every context made from it (blocks at depth included).
   */
  readonly shownLeft: ShownLeft;
  /**
   * How much of a text any copy can show (the cap): texts are made well formed that far
   * (`wellFormedUpTo`). Absent, whole: the script lane gives texts whole.
   */
  readonly keepChars?: number;
  /**
   * Told what the classifier read of a block the script lane gives as an object rather than as
   * words (`BlockReading`), as it classifies it: that lane builds its view from this one
   * classification, never by reading the block again. A block it answers for (a reference once
   * registered, inline media, an embedded resource's content) is classified no further: the
   * classifier returns what it answers.
   */
  readonly onRead?: (reading: BlockReading) => ShownBlock | undefined;
}

/** What the classifier read of a block, as {@link ClassifyContext.onRead} is told it. */
export type BlockReading =
  /** A reference or link, as registered (`record`) and as its block testified. */
  | { readonly as: 'reference'; readonly record: ReferenceRecord; readonly testimony: Testimony }
  /** A reference-form block whose testimony doesn't read. */
  | { readonly as: 'invalid-reference' }
  /** Inline image or audio with data and a declared type, as sent (unchecked). */
  | { readonly as: 'media'; readonly media: 'image' | 'audio'; readonly data: string; readonly mimeType: string }
  /** An embedded resource's content. */
  | { readonly as: 'embedded'; readonly contents: Readonly<Record<string, unknown>> };

/**
 * Classifies each block of a content array for both copies (docs/design.md §5.2), in order. Once the
 * render's budgets are spent (`ctx.shownLeft`), text blocks are still shown — they register
 * nothing, and the copies' fair share bounds them — and every other block after that point is
 * counted in one notice after the last block kept, never classified. A hole in a sparse array
 * is an element like any other (not a block).
 */
export function toolResultBlocks(blocks: readonly unknown[], ctx: ClassifyContext, shown: ShownBlock[] = []): ShownBlock[] {
  const count = blocks.length;
  let index = 0;
  for (; index < count && !isSpent(ctx.shownLeft); index += 1) {
    const block = classifyBlock(blocks[index], ctx);
    spend(ctx.shownLeft, block.kind, block.text.length);
    shown.push(block);
  }
  // Past the budget the rest is only looked at for text, never read: no reference in it is
  // registered.
  let notShown = 0;
  for (; index < count; index += 1) {
    const text = textOfTextBlock(blocks[index], ctx.keepChars);
    if (text === undefined) notShown += 1;
    else shown.push({ kind: 'text', text });
  }
  if (notShown > 0) shown.push(marker(blocksNotShownNotice(notShown), 'blocks-not-shown'));
  return shown;
}

/**
 * A text block's text, made well formed (as far as `keepChars`, where given): a record whose `type` is `'text'` and whose `text` is a
 * string (which no claim can contradict), as the classifier shows it; undefined for anything
 * else. Reads `type` and `text` once each. Throws only where reading them throws.
 */
export function textOfTextBlock(block: unknown, keepChars?: number): string | undefined {
  if (!isRecord(block) || block.type !== 'text') return undefined;
  const text = block.text;
  return typeof text === 'string' ? wellFormedUpTo(text, keepChars) : undefined;
}

/** Classifies one block. Throws only where reading the block throws (a getter, a proxy). */
export function classifyBlock(block: unknown, ctx: ClassifyContext): ShownBlock {
  if (!isRecord(block) || typeof block.type !== 'string') return marker(notABlockMarker(), 'not-a-block');
  // A text block with a string text and neither optional field is shown as its handler and its
  // off-schema handler both show it: read here without its guard, the most common block of a
  // result of many (a text block is never a contradiction).
  if (block.type === 'text' && typeof block.text === 'string' && block._meta === undefined && block.annotations === undefined) {
    return { kind: 'text', text: wellFormedUpTo(block.text, ctx.keepChars) };
  }
  if (isContradiction(block)) return { kind: 'withheld', text: WITHHELD_TEXT };
  return visitBlock(block, BLOCK_HANDLERS, ctx);
}

/**
 * Inline data beside a `disposition` or a non-empty `uri` (RFC-005 vector 2): the block
 * contradicts itself, so its data is withheld. Beside `uri: ""` it is plain inline data. An
 * embedded resource (its content nested under `resource`) beside a top-level `uri` or a
 * `disposition`, at the top or nested, contradicts itself alike.
 */
export function isContradiction(block: Readonly<Record<string, unknown>>): boolean {
  if (block.type === 'resource') {
    const contents = block.resource;
    if (!isRecord(contents)) return false;
    return claimsALocation(block) || contents.disposition !== undefined;
  }
  if ((block.type !== 'image' && block.type !== 'audio') || !Object.hasOwn(block, 'data')) return false;
  return claimsALocation(block);
}

/** A `disposition`, or a `uri` other than `""`: a reference's claim. */
function claimsALocation(block: Readonly<Record<string, unknown>>): boolean {
  return block.disposition !== undefined || (block.uri !== undefined && block.uri !== '');
}

/** The handler per block kind: the table a new kind must join. */
export const BLOCK_HANDLERS: BlockHandlers<ShownBlock, ClassifyContext> = {
  text: (block, ctx) => ({ kind: 'text', text: wellFormedUpTo(block.text, ctx.keepChars) }),
  image: (block, ctx) => showImage(block.data, block.mimeType, ctx),
  audio: (block, ctx) => showAudio(block.data, block.mimeType, ctx),
  resource_link: (block, ctx) => showReading(block as unknown as Readonly<Record<string, unknown>>, ctx),
  resource: (block, ctx) => showEmbedded(block.resource as unknown as Readonly<Record<string, unknown>>, ctx),
  unknown: (block, ctx) => classifyOffSchema(block as Record<string, unknown> & { type: string }, ctx),
};

/**
 * A block whose `type` names no MCP kind, or whose shape fails its kind's guard: a reference
 * in MCPL's form, a malformed known kind (its own marker), or an unknown type (its type's
 * marker, never its fields).
 */
function classifyOffSchema(block: Record<string, unknown> & { type: string }, ctx: ClassifyContext): ShownBlock {
  const known = Object.hasOwn(OFF_SCHEMA_HANDLERS, block.type) ? OFF_SCHEMA_HANDLERS[block.type as BlockType] : undefined;
  // A kind this host doesn't know: its type, bounded and sanitized, never its uri or data.
  return known === undefined ? marker(unknownTypeMarker(block.type), 'unknown-type') : known(block, ctx);
}

/** What a known kind shows when its shape fails the kind's guard: one entry per kind. */
const OFF_SCHEMA_HANDLERS: { readonly [K in BlockType]: (block: Record<string, unknown>, ctx: ClassifyContext) => ShownBlock } = {
  // Fields beside the essential ones (`_meta`, `annotations`) that fail their shape don't cost
  // a block its content: each kind is read by what it can't be shown without.
  text: (block, ctx) =>
    typeof block.text === 'string' ? { kind: 'text', text: wellFormedUpTo(block.text, ctx.keepChars) } : marker(textNotStringMarker(), 'text-not-string'),
  image: (block, ctx) => {
    if (isReferenceForm(block)) return showReading(block, ctx);
    const mimeType = typeof block.mimeType === 'string' ? block.mimeType : '';
    if (typeof block.data !== 'string' || block.data === '') return marker(imageMissingMarker('data', mimeType || undefined), 'image-missing-data');
    return showImage(block.data, mimeType, ctx);
  },
  audio: (block, ctx) => {
    if (isReferenceForm(block)) return showReading(block, ctx);
    const mimeType = typeof block.mimeType === 'string' ? block.mimeType : '';
    if (typeof block.data === 'string') return showAudio(block.data, mimeType, ctx);
    return marker(audioMarker(mimeType, 0), 'audio');
  },
  resource: (block, ctx) => {
    if (isReferenceForm(block)) return showReading(block, ctx);
    return isRecord(block.resource) ? showEmbedded(block.resource, ctx) : marker(embeddedUnreadableMarker(), 'embedded-unreadable');
  },
  resource_link: (block, ctx) => showReading(block, ctx),
};

/**
 * An embedded resource's content: an MCP App's view as its marker (never its source); its text,
 * or a textual blob's text, under a header naming its uri where the link rule lets it show; any
 * other blob's marker; neither, its marker.
 */
function showEmbedded(contents: Readonly<Record<string, unknown>>, ctx: ClassifyContext): ShownBlock {
  const taken = ctx.onRead?.({ as: 'embedded', contents });
  if (taken !== undefined) return taken;
  const mimeType = typeof contents.mimeType === 'string' && contents.mimeType !== '' ? contents.mimeType : undefined;
  const uri = typeof contents.uri === 'string' ? showsUri(contents.uri, ctx) : undefined;
  if (isAppResource(contents.uri, mimeType)) return marker(appMarker(uri), 'app');
  if (typeof contents.text === 'string') return { kind: 'text', text: `${embeddedHeader(uri, mimeType)}\n${wellFormedUpTo(contents.text, ctx.keepChars)}` };
  // Read once: what is checked is what is sent.
  const blob = contents.blob;
  if (typeof blob === 'string') {
    const media = ctx.media;
    if (mediaNotCarried(media) && mimeType !== undefined && bareMediaType(mimeType) === 'application/pdf') {
      return marker(aiSdkMediaMarker('document', mimeType, base64DecodedLength(blob)), 'media-not-carried');
    }
    if (media !== undefined && mimeType !== undefined && media.provider.documents?.types.includes(bareMediaType(mimeType)) === true) {
      return showDocument(blob, uri, media);
    }
    const text = blobText(blob, mimeType);
    if (text !== undefined) return { kind: 'text', text: `${embeddedHeader(uri, mimeType)}\n${text}` };
    return marker(embeddedBlobMarker(mimeType, base64DecodedLength(blob)), 'embedded-blob');
  }
  return marker(embeddedUnreadableMarker(), 'embedded-unreadable');
}

/** An embedded PDF the host's provider takes: native within its budget, else its marker. */
function showDocument(blob: string, uri: string | undefined, media: MediaLeft): ShownBlock {
  const check = checkPdf(blob, media.documentBytes);
  if (!check.ok) {
    return check.reason === 'budget'
      ? marker(documentBudgetMarker(check.bytes, media.provider.label, media.provider.documents?.maxBytes ?? 0), 'document-budget')
      : marker(documentNotPdfMarker(check.bytes), 'document-not-pdf');
  }
  media.documentBytes -= check.bytes;
  return { kind: 'media', media: 'document', text: documentPlaceholder(uri, check.bytes), data: blob, mimeType: 'application/pdf', bytes: check.bytes };
}

/** Audio: native where the host's provider takes its type, within its budget; else its marker. */
function showAudio(data: string, mimeType: string, ctx: ClassifyContext): ShownBlock {
  const taken = data !== '' && mimeType !== '' ? ctx.onRead?.({ as: 'media', media: 'audio', data, mimeType }) : undefined;
  if (taken !== undefined) return taken;
  const media = ctx.media;
  const type = bareMediaType(mimeType);
  if (media === undefined || media.provider.audio?.types.includes(type) !== true) return marker(audioMarker(mimeType, base64DecodedLength(data)), 'audio');
  const check = checkAudio(data, media.audioBytes);
  if (!check.ok) {
    return check.reason === 'budget'
      ? marker(audioBudgetMarker(mimeType, check.bytes, media.provider.label, media.provider.audio.maxBytes), 'audio-budget')
      : marker(audioUndecodableMarker(mimeType), 'audio-undecodable');
  }
  media.audioBytes -= check.bytes;
  return { kind: 'media', media: 'audio', text: audioPlaceholder(type, check.bytes), data, mimeType: type, bytes: check.bytes };
}

/**
 * Whether the host's provider is the AI SDK: the provider package under it may send a tool
 * output's media parts as JSON text (base64 before the model), so no image or PDF goes natively
 * and each marker says why (`aiSdkMediaMarker`). A host whose provider package converts media
 * renders for that provider's own profile and opts in with `toAiSdk(rendered, { media: true })`.
 */
function mediaNotCarried(media: MediaLeft | undefined): boolean {
  return media?.provider.name === 'ai-sdk';
}

/** A media type lower-cased, parameters dropped: how profiles list them. */
function bareMediaType(mimeType: string): string {
  const semicolon = mimeType.indexOf(';');
  return (semicolon < 0 ? mimeType : mimeType.slice(0, semicolon)).trim().toLowerCase();
}

/**
 * An image block: native where {@link checkImage} finds a whole image the host's provider takes
 * (`ctx.imageLimits`) within the result's budget, which it then spends; else the marker naming
 * the check it failed. An image of a type the provider takes, past the images one request may
 * carry, is its marker before anything is decoded: no work on an image refused anyway.
 */
function showImage(data: string, mimeType: string, ctx: ClassifyContext): ShownBlock {
  if (data === '') return marker(imageMissingMarker('data', mimeType || undefined), 'image-missing-data');
  if (mimeType === '') return marker(imageMissingMarker('type', undefined), 'image-missing-type');
  const taken = ctx.onRead?.({ as: 'media', media: 'image', data, mimeType });
  if (taken !== undefined) return taken;
  const limits = ctx.imageLimits;
  const media = ctx.media;
  if (mediaNotCarried(media)) return marker(aiSdkMediaMarker('image', mimeType, base64DecodedLength(data)), 'media-not-carried');
  if (media !== undefined && media.images <= 0 && takenImageType(mimeType, limits) !== undefined) {
    const bytes = base64DecodedLength(data);
    return marker(imagesPerRequestMarker(mimeType, bytes, media.provider.label, media.provider.maxImagesPerRequest ?? 0), 'images-per-request');
  }
  const check = checkImage(data, mimeType, limits, ctx.imageBytesLeft);
  if (check.ok) {
    const { bytes, width, height } = check;
    ctx.imageBytesLeft -= bytes;
    if (media !== undefined) media.images -= 1;
    return { kind: 'image', text: imagePlaceholder(check.mimeType, bytes, width, height), data, mimeType: check.mimeType, bytes, width, height };
  }
  const { bytes } = check;
  switch (check.reason) {
    case 'image-unsupported-type':
      return marker(imageUnsupportedMarker(mimeType, bytes), check.reason);
    case 'image-type-not-taken':
      return marker(imageTypeNotTakenMarker(mimeType, bytes, media?.provider.label ?? 'this host', limits.types), check.reason);
    case 'image-too-large':
      return marker(imageTooLargeMarker(mimeType, bytes, limits.maxBytes ?? bytes), check.reason);
    case 'image-budget':
      return marker(imageBudgetMarker(mimeType, bytes, ctx.maxImageBytes), check.reason);
    case 'image-undecodable':
      return marker(imageUndecodableMarker(mimeType), check.reason);
    case 'image-mismatch':
      return marker(imageMismatchMarker(mimeType, bytes), check.reason);
    case 'image-truncated':
      return marker(imageTruncatedMarker(mimeType, bytes), check.reason);
    case 'image-malformed':
      return marker(imageMalformedMarker(mimeType, bytes), check.reason);
    case 'image-dimensions':
      return marker(imageDimensionsMarker(check.width, check.height, limits.maxDimension ?? 0, mimeType), check.reason);
    case 'image-pixels':
      return marker(imagePixelsMarker(check.width, check.height, limits.maxPixels ?? 0, mimeType), check.reason);
  }
}

/** A reference-form block: its stub, or for a link, its stub, line or why-stub. */
function showReading(block: Readonly<Record<string, unknown>>, ctx: ClassifyContext): ShownBlock {
  const reading = classifyReference(block);
  if (reading.kind === 'invalid') {
    ctx.onRead?.({ as: 'invalid-reference' });
    return block.type === 'resource_link'
      ? marker(linkWithoutUriMarker(), 'link-without-uri')
      : marker(invalidReferenceMarker(String(block.type)), 'invalid-reference');
  }
  return showTestimony(reading.testimony, ctx);
}

/**
 * A reference's or link's block: registered (never fetched), then a stub offering the fetch
 * where the dial check passes; a link the host can't fetch shows its line on the tool-result
 * lane where its uri may be shown, and a why-stub otherwise. One clock reading for the whole.
 */
export function showTestimony(testimony: Testimony, ctx: ClassifyContext): ShownBlock {
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
  const labels = { name, mimeType: testimony.mimeType, sizeBytes: testimony.sizeBytes };
  // Every part of a stub is sanitized (so well formed) as it is built.
  const text = buildReferenceStub(record.refId, labels, record.serverId === undefined ? NO_SERVER : record, ending);
  return why === undefined ? { kind: 'stub', text, refId: record.refId, fetchable } : { kind: 'stub', text, refId: record.refId, fetchable, why };
}

/** The provenance of a reference no server delivered. */
const NO_SERVER = {};

/** The uri an embedded resource's header may show (the link rule), or undefined. */
function showsUri(uri: string, ctx: ClassifyContext): string | undefined {
  if (ctx.lane !== 'tool-result') return undefined;
  const shown = shownLinkUri({ uri }, ctx.claims, ctx.now());
  return shown.shown ? shown.text : undefined;
}

function marker(text: string, reason: MarkerReason): ShownMarker {
  return { kind: 'marker', text, reason };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
