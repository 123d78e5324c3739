/**
 * Every text the lanes show in place of something they don't show: markers, the withheld
 * line, the unchecked-result notice, the link line, the cut notices. One module, so a
 * test can assert each exact text and no lane words one of its own.
 */
import { labelMayCarryCredential } from '../uri/shown-name.js';
import { CUT_MARK, sanitizeLabel, stripUnshowable } from './labels.js';
import { ownCopy } from './own-copy.js';
import { formatSize } from './size.js';

/** The bound on a type label inside a marker (a server-supplied MIME type or block type). */
export const TYPE_LABEL_MAX_CHARS = 64;

/**
 * What a marker, stub, line or script object calls a type (a block's `type`, a `resultType`, a
 * media type) that it won't show: one that isn't a media type's `type/subtype`, or whose shown
 * label may carry a credential or holds a key-like run.
 */
export const UNNAMED_TYPE = 'unnamed type';

/** What data shows in place of a string that reads as a uri which may carry a credential. */
export const DATA_URI_NOT_SHOWN = '<uri not shown: it may carry a credential>';

/**
 * What data shows, past every cut a copy makes, in place of a string the data check would have
 * to read: it is never shown, and isn't read.
 */
export const DATA_NOT_READ = '<not read: past what a copy shows>';

/** What data shows in place of a base64 run (`src/text/base64-run.ts`), naming its length. */
export function base64RunMarker(length: number): string {
  return `<base64 not shown: ${length} chars>`;
}

/** Why a block became a marker; the CLI's per-block summary and tests read it. */
export type MarkerReason =
  | 'audio'
  | 'unknown-type'
  | 'image-missing-data'
  | 'image-missing-type'
  | 'image-unsupported-type'
  | 'image-undecodable'
  | 'image-mismatch'
  | 'image-budget'
  | 'image-type-not-taken'
  | 'images-per-request'
  | 'media-not-carried'
  | 'document-budget'
  | 'document-not-pdf'
  | 'audio-budget'
  | 'audio-undecodable'
  | 'image-too-large'
  | 'image-truncated'
  | 'image-malformed'
  | 'image-dimensions'
  | 'image-pixels'
  | 'text-not-string'
  | 'embedded-blob'
  | 'app'
  | 'embedded-unreadable'
  | 'link-without-uri'
  | 'invalid-reference'
  | 'not-a-block'
  | 'unchecked-result'
  | 'rendered-result'
  | 'blocks-not-shown';

/** What a stub or line calls a reference that names no name. */
export const UNNAMED = 'unnamed';

/** What a marker, stub or line calls a type that isn't named. */
const UNKNOWN_TYPE = 'unknown type';

/**
 * A block type or result type as markers show it: sanitized and cut at
 * {@link TYPE_LABEL_MAX_CHARS} (`…` marking the cut), with no `"` to end a quoted label early —
 * or {@link UNNAMED_TYPE} where that shown label is empty, may carry a credential as a label may
 * (`labelMayCarryCredential`), or holds a key-like run: the shown part is what is checked, so a
 * cut can't show a token's head.
 */
export function typeLabel(type: string): string {
  const label = sanitizeLabel(type, TYPE_LABEL_MAX_CHARS);
  if (label === '' || holdsKeyLikeRun(label) || labelMayCarryCredential(label)) return UNNAMED_TYPE;
  return label.includes('"') ? label.replaceAll('"', "'") : label;
}

/**
 * A media type as a type/subtype (RFC 6838 restricted names), each part opening with a letter
 * or digit; bounded, so the test is linear.
 */
const MEDIA_TYPE = /^[A-Za-z0-9][\w!#$&^.+-]{0,62}\/[A-Za-z0-9][\w!#$&^.+-]{0,62}$/;

/** How much of a media type is read for its `;` (a longer one with none isn't one). */
const MEDIA_TYPE_READ_CHARS = 256;

/**
 * Media types asked about and their labels, the oldest first: a result mixes a few types (an
 * image's, a link's, an embedded text's), each of which the label's credential checks would
 * otherwise read again per block. Bounded in entries and in each type's length, so a server
 * sending endless distinct types costs no more than the checks themselves.
 */
const mediaLabels = new Map<string, { readonly kept: string; readonly label: string }>();
/** How many media types {@link mediaLabels} keeps. */
const MEDIA_LABELS_KEPT = 64;
/** The longest media type {@link mediaLabels} keeps (any real one is far shorter). */
const MEDIA_LABEL_KEPT_CHARS = 128;
let lastMediaType: string | undefined;
let lastMediaLabel = UNKNOWN_TYPE;

/**
 * A media type (`mimeType`) as markers, stubs, link lines and script objects show it: its
 * `type/subtype` alone (parameters dropped: `x/y;sig=…` shows `x/y`), within
 * {@link TYPE_LABEL_MAX_CHARS}; past that bound, its start cut and marked with `…` where that
 * start is made of a media type's characters; {@link UNKNOWN_TYPE} where none is given;
 * {@link UNNAMED_TYPE} where it doesn't parse as one, or what would be shown may carry a
 * credential as a label may or holds a key-like run.
 */
export function mediaTypeLabel(mimeType: string | undefined): string {
  if (mimeType === undefined || mimeType === '') return UNKNOWN_TYPE;
  // The last type asked about first: a run of links or images of one type compares, never hashes.
  if (mimeType === lastMediaType) return lastMediaLabel;
  let entry = mediaLabels.get(mimeType);
  // A type past the kept length is only the last one asked about (held until the next asked).
  if (mimeType.length > MEDIA_LABEL_KEPT_CHARS) entry = { kept: mimeType, label: mediaTypeLabelOf(mimeType) };
  else if (entry === undefined) {
    // The host's string may be a slice of a far larger one, and a label a slice of it: the cache
    // holds copies of its own.
    entry = { kept: ownCopy(mimeType), label: ownCopy(mediaTypeLabelOf(mimeType)) };
    if (mediaLabels.size >= MEDIA_LABELS_KEPT) mediaLabels.delete(mediaLabels.keys().next().value!);
    mediaLabels.set(entry.kept, entry);
  }
  const { kept, label } = entry;
  lastMediaType = kept;
  lastMediaLabel = label;
  return label;
}

function mediaTypeLabelOf(mimeType: string): string {
  // Read as displayed: the characters no label may carry are gone before it is parsed.
  const read = mimeType.length > MEDIA_TYPE_READ_CHARS ? mimeType.slice(0, MEDIA_TYPE_READ_CHARS) : mimeType;
  const head = stripUnshowable(read);
  const semicolon = head.indexOf(';');
  const essence = (semicolon < 0 ? head : head.slice(0, semicolon)).trim();
  if (essence.length > TYPE_LABEL_MAX_CHARS || (semicolon < 0 && read.length < mimeType.length)) {
    // Past the bound (RFC-005: a stub marks a label's cut): its start, cut and marked, where that
    // start is made of a media type's characters alone and passes the label checks as shown.
    const start = essence.slice(0, TYPE_LABEL_MAX_CHARS - CUT_MARK.length);
    return MEDIA_TYPE_CHARS.test(start) ? checkedType(`${start}${CUT_MARK}`) : UNNAMED_TYPE;
  }
  return MEDIA_TYPE.test(essence) ? checkedType(essence) : UNNAMED_TYPE;
}

/** A media type's characters (a restricted name's, and its `/`). */
const MEDIA_TYPE_CHARS = /^[\w!#$&^.+/-]+$/;

/** `label` where it holds no key-like run and may carry no credential as a label may; else {@link UNNAMED_TYPE}. */
function checkedType(label: string): string {
  return holdsKeyLikeRun(label) || labelMayCarryCredential(label) ? UNNAMED_TYPE : label;
}

/** The shortest run of letters and digits, holding both, read as a key rather than a type's word. */
const KEY_LIKE_RUN_MIN_CHARS = 24;

/**
 * Whether a type label holds a key-like run: {@link KEY_LIKE_RUN_MIN_CHARS} or more ASCII letters
 * and digits in a row, with both among them (no type's word is one; an id or a key is).
 */
function holdsKeyLikeRun(label: string): boolean {
  let length = 0;
  let letters = false;
  let digits = false;
  for (let index = 0; index <= label.length; index += 1) {
    const code = index < label.length ? label.charCodeAt(index) : 0;
    const digit = code >= 0x30 && code <= 0x39;
    const letter = (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;
    if (digit || letter) {
      length += 1;
      letters ||= letter;
      digits ||= digit;
      continue;
    }
    if (length >= KEY_LIKE_RUN_MIN_CHARS && letters && digits) return true;
    length = 0;
    letters = false;
    digits = false;
  }
  return false;
}

/** Inline audio: this host's tool results carry only text and images. */
export function audioMarker(mimeType: string, bytes: number): string {
  return `[Audio not shown: this host's tool results carry only text and images (${mediaTypeLabel(mimeType)}, ${formatSize(bytes)}).]`;
}

/** A block of a type the host doesn't know; names the type, never its fields. */
export function unknownTypeMarker(type: string): string {
  return `[Content not shown: this host can't display "${typeLabel(type)}" content.]`;
}

/** A content-array element that isn't an object, or has no string `type`. */
export function notABlockMarker(): string {
  return '[Content not shown: this element of the result is not a content block.]';
}

/** An image block without data or without a media type. */
export function imageMissingMarker(missing: 'data' | 'type', mimeType: string | undefined): string {
  return missing === 'data'
    ? `[Image not shown: it arrived without image data${mimeType ? ` (${mediaTypeLabel(mimeType)})` : ''}.]`
    : '[Image not shown: it arrived without a media type.]';
}

/** An image whose declared type is not one a model provider accepts. */
export function imageUnsupportedMarker(mimeType: string, bytes: number): string {
  return `[Image not shown: declared ${mediaTypeLabel(mimeType)}, which this host doesn't send (PNG, JPEG, GIF and WebP only; ${formatSize(bytes)}).]`;
}

/** An image whose data isn't valid base64. */
export function imageUndecodableMarker(mimeType: string): string {
  return `[Image not shown: declared ${mediaTypeLabel(mimeType)}, but its data isn't valid base64.]`;
}

/** An image whose bytes don't start as its declared type does. */
export function imageMismatchMarker(mimeType: string, bytes: number): string {
  return `[Image not shown: declared ${mediaTypeLabel(mimeType)}, but its bytes aren't that format (${formatSize(bytes)}).]`;
}

/** An image past the result's image budget. */
export function imageBudgetMarker(mimeType: string, bytes: number, budget: number): string {
  return `[Image not shown: this result's images passed the host's ${formatSize(budget)} limit (${mediaTypeLabel(mimeType)}, ${formatSize(bytes)}).]`;
}

/** The names markers give the image types a provider takes (`image/png` → `PNG`). */
const IMAGE_TYPE_NAMES: Readonly<Record<string, string>> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/gif': 'GIF', 'image/webp': 'WebP' };

/** A list's words: `A`, `A and B`, `A, B and C`. */
function listWords(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
}

/**
 * A whole image of a type the host's provider doesn't take in a tool result: names the provider
 * and the types it takes.
 */
export function imageTypeNotTakenMarker(mimeType: string, bytes: number, provider: string, types: readonly string[]): string {
  const taken = listWords(types.map((type) => IMAGE_TYPE_NAMES[type] ?? type));
  return `[Image not shown: ${mediaTypeLabel(mimeType)} isn't an image type ${provider} takes in a tool result (${taken} only; ${formatSize(bytes)}).]`;
}

/** An image past the number of images the host's provider takes in one request. */
export function imagesPerRequestMarker(mimeType: string, bytes: number, provider: string, max: number): string {
  return `[Image not shown: this result's images passed ${provider}'s limit of ${max} images per request (${mediaTypeLabel(mimeType)}, ${formatSize(bytes)}).]`;
}

/** An embedded PDF past what the host's provider takes of documents in one result. */
export function documentBudgetMarker(bytes: number, provider: string, budget: number): string {
  return `[Document not shown: this result's PDFs passed ${provider}'s ${formatSize(budget)} limit for documents (application/pdf, ${formatSize(bytes)}).]`;
}

/** An embedded resource declared a PDF whose blob isn't base64 of one (it doesn't start with `%PDF-`). */
export function documentNotPdfMarker(bytes: number): string {
  return `[Document not shown: declared application/pdf, but its data isn't a PDF in valid base64 (${formatSize(bytes)}).]`;
}

/** Audio past what the host's provider takes of audio in one result. */
export function audioBudgetMarker(mimeType: string, bytes: number, provider: string, budget: number): string {
  return `[Audio not shown: this result's audio passed ${provider}'s ${formatSize(budget)} limit (${mediaTypeLabel(mimeType)}, ${formatSize(bytes)}).]`;
}

/** Audio of a type the host's provider takes whose data isn't valid base64. */
export function audioUndecodableMarker(mimeType: string): string {
  return `[Audio not shown: declared ${mediaTypeLabel(mimeType)}, but its data isn't valid base64.]`;
}

/** The stored copy's placeholder for an embedded PDF the live copy sends natively. */
export function documentPlaceholder(uri: string | undefined, bytes: number): string {
  return `[document: ${uri ?? 'uri not shown'}, application/pdf, ${formatSize(bytes)}]`;
}

/** The stored copy's placeholder for audio the live copy sends natively. */
export function audioPlaceholder(mimeType: string, bytes: number): string {
  return `[audio: ${mediaTypeLabel(mimeType)}, ${formatSize(bytes)}]`;
}

/** An image larger than the provider takes as one image. */
export function imageTooLargeMarker(mimeType: string, bytes: number, limit: number): string {
  return `[Image not shown: ${formatSize(bytes)} is past this provider's ${formatSize(limit)} limit per image (${mediaTypeLabel(mimeType)}).]`;
}

/** An image whose data stops before its header or its stream's end (IEND, EOI, trailer, RIFF size). */
export function imageTruncatedMarker(mimeType: string, bytes: number): string {
  return `[Image not shown: declared ${mediaTypeLabel(mimeType)}, but its data ends before the image does (${formatSize(bytes)}).]`;
}

/** An image of its declared format whose header or end isn't one (no pixels, data past its end). */
export function imageMalformedMarker(mimeType: string, bytes: number): string {
  return `[Image not shown: declared ${mediaTypeLabel(mimeType)}, but its header or its end isn't a readable image of that format (${formatSize(bytes)}).]`;
}

/** A whole image whose longer side is past the provider's limit. */
export function imageDimensionsMarker(width: number, height: number, limit: number, mimeType: string): string {
  return `[Image not shown: ${width}×${height} px is past this provider's ${limit} px limit (${mediaTypeLabel(mimeType)}).]`;
}

/** A whole image with more pixels than the provider takes. */
export function imagePixelsMarker(width: number, height: number, limit: number, mimeType: string): string {
  return `[Image not shown: ${width}×${height} px is ${groupDigits(width * height)} pixels, past this provider's ${groupDigits(limit)}-pixel limit (${mediaTypeLabel(mimeType)}).]`;
}

/** An integer with its thousands grouped (`1,150,000`), the same on every host's locale. */
function groupDigits(value: number): string {
  const digits = String(Math.round(value));
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) grouped = `${digits.slice(Math.max(0, end - 3), end)}${grouped === '' ? '' : ','}${grouped}`;
  return grouped;
}

/** The stored copy's placeholder for an image the live copy sends natively: what it sends. */
export function imagePlaceholder(mimeType: string, bytes: number, width: number, height: number): string {
  return `[image: ${mediaTypeLabel(mimeType)}, ${width}×${height} px, ${formatSize(bytes)}]`;
}

/** A text block whose `text` isn't a string. */
export function textNotStringMarker(): string {
  return "[Text not shown: the block's text isn't a string.]";
}

/** An embedded resource carrying binary content. */
export function embeddedBlobMarker(mimeType: string | undefined, bytes: number): string {
  return `[Resource not shown: embedded binary content (${mediaTypeLabel(mimeType)}, ${formatSize(bytes)}).]`;
}

/**
 * An MCP App's view (HTML for a sandboxed frame the host draws for the user): named by its uri
 * where the link rule lets it show, never its source.
 */
export function appMarker(uri: string | undefined): string {
  return `[App not shown: ${uri === undefined ? '' : `${uri}, `}an interactive view for the user]`;
}

/** An embedded resource with neither readable text nor a blob. */
export function embeddedUnreadableMarker(): string {
  return '[Resource not shown: the embedded resource carries neither text nor binary content.]';
}

/** A link whose uri is missing, empty or not a string. */
export function linkWithoutUriMarker(): string {
  return '[Resource link not shown: it names no usable uri.]';
}

/** A reference whose uri is missing, not a string, empty or over RFC-005's 4,096 characters. */
export function invalidReferenceMarker(type: string): string {
  return `[Reference not shown: this ${typeLabel(type)} block's uri is missing, empty, not text, or longer than 4096 characters.]`;
}

/**
 * A stub's ending (and a script object's `unfetchable`) where the uri's record is another
 * server's: that server's reference outranks this result's testimony, so this result may neither
 * fetch it nor show its saved copy.
 */
export const ANOTHER_SERVERS_ENDING = "not fetchable from this result: another server's reference holds this uri";

/** Why a link's uri isn't shown, as a why-stub's ending says it (after the dial clause). */
export const URI_WITHHELD_WORDS = {
  'data-uri': 'uri not shown: it carries its content inline rather than naming a location',
  never: 'uri not shown: its server marked it never to be shown',
  credential: 'uri not shown: it may carry a credential',
} as const;

/**
 * How an embedded resource's header line opens: a shown text that opens with it is a header
 * line (no newline inside) and the resource's content after it.
 */
export const EMBEDDED_HEADER_START = '[embedded resource: ';

/** The header an embedded resource's text is shown under. */
export function embeddedHeader(uri: string | undefined, mimeType: string | undefined): string {
  return `${EMBEDDED_HEADER_START}${uri ?? 'uri not shown'}, ${mediaTypeLabel(mimeType)}]`;
}

/** Inline data withheld because the block contradicts itself (RFC-005 §5, vector 2). */
export const WITHHELD_TEXT =
  '[Inline data withheld: the block carries data together with a reference claim (a uri or a disposition), so this host showed neither.]';

/** The notice both copies show when a result couldn't be read, checked and shown (docs/design.md §5.4). */
export const UNCHECKED_RESULT_TEXT =
  "[Result not shown: the tool ran, but its result couldn't be read through, checked for references and shown, so this host withheld it.]";

/** A result that isn't complete (`resultType` other than `complete`). */
export function incompleteResultText(resultType: string): string {
  return `[Result not shown: the server answered with a "${typeLabel(resultType)}" result, not a complete one.]`;
}

/** An error result with no readable error text and no data. */
export const ERROR_WITHOUT_MESSAGE_TEXT = '[Tool error: the tool reported an error without a readable message.]';

/** A result with no data and no content. */
export const EMPTY_RESULT_TEXT = '[No result: the tool returned no content.]';

/** A link the host can't fetch, whose uri may be shown (docs/design.md §6 link lines). */
export function linkLine(name: string, uri: string, mimeType: string | undefined): string {
  const label = sanitizeLabel(name);
  // Tested before replacing: most names hold no quote, and this runs once per link shown.
  const quoted = label.includes('"') ? label.replaceAll('"', "'") : label;
  return `[resource link "${quoted}": ${uri}${linkLineEnd(mediaTypeLabel(mimeType))}`;
}

/** A link line's end after its uri, `, <type>; not fetched]`: made once for a run of links of one type. */
function linkLineEnd(type: string): string {
  if (type !== lastLinkType) {
    lastLinkLineEnd = `, ${type}; not fetched]`;
    lastLinkType = type;
  }
  return lastLinkLineEnd;
}

let lastLinkType: string | undefined;
let lastLinkLineEnd = '';

/** The text blocks left out past those {@link blockCutNotice} names, counted, with their length together. */
export function omittedTextsNotice(count: number, length: number): string {
  return `[${count} more text block${count === 1 ? '' : 's'} left out: ${groupedCount(length)} chars]`;
}

/**
 * Where a result's blocks other than text (stubs, link lines, markers, withheld lines, image
 * placeholders) pass what one render may show: the blocks after that point, counted, never
 * classified (so no reference among them is registered).
 */
export function blocksNotShownNotice(count: number): string {
  return `[${count} more block${count === 1 ? '' : 's'} not shown: past what one result may show]`;
}

/** One block past what a result may show, made once: a view past its budget repeats it per block. */
export const BLOCK_NOT_SHOWN_TEXT = blocksNotShownNotice(1);

/** After the stored copy's cut: the references (stubs, link lines) past the cut that passed their budgets. */
export function stubsNotKeptNotice(count: number): string {
  return `[${count} more reference${count === 1 ? '' : 's'} past the cut not shown]`;
}

/** A count with its thousands grouped (`218,004`), as the cut notices show lengths. */
function groupedCount(count: number): string {
  const digits = String(count);
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let index = grouped.length; index < digits.length; index += 3) grouped += `,${digits.slice(index, index + 3)}`;
  return grouped;
}

/**
 * Where a copy cut a text block to its share of the cap (`shown` characters kept), or left it
 * out (`shown` 0): the block named by its position among the result's `count` blocks, with its
 * whole length.
 */
export function blockCutNotice(position: number, count: number, length: number, shown: number): string {
  return shown > 0
    ? `[block ${position} of ${count} cut: ${groupedCount(length)} chars, ${groupedCount(shown)} shown]`
    : `[block ${position} of ${count} left out: ${groupedCount(length)} chars]`;
}

/**
 * What an adapter's markers call each provider (`src/providers/`), keyed by the provider's
 * profile name.
 */
export const PROVIDER_NAMES = {
  anthropic: 'Anthropic',
  'openai-responses': 'the OpenAI Responses API',
  'openai-chat': 'OpenAI Chat Completions',
  gemini: 'Gemini',
  'ai-sdk': 'the AI SDK',
} as const;

/** A provider an adapter hands a rendered result to. */
export type ProviderName = keyof typeof PROVIDER_NAMES;

/**
 * A live block (audio, a PDF document) that the provider's tool-result shape can't carry: the
 * adapter shows this line in its place, so nothing is dropped silently and no base64 is shown.
 */
export function mediaNotTakenMarker(kind: 'audio' | 'document', mimeType: string, bytes: number, provider: ProviderName): string {
  const what = kind === 'audio' ? 'Audio' : 'Document';
  return `[${what} not shown: ${PROVIDER_NAMES[provider]} takes no ${kind} in a tool result (${mediaTypeLabel(mimeType)}, ${formatSize(bytes)}).]`;
}

/**
 * An image, PDF or audio clip that no AI SDK tool output carries here: the provider package
 * under the AI SDK may turn a tool output's media parts into JSON text (`@ai-sdk/openai`'s chat
 * provider does), which would put the base64 before the model. The `'ai-sdk'` profile shows it
 * in place of each, and so does `toAiSdk` without its `media` opt-in.
 */
export function aiSdkMediaMarker(kind: 'image' | 'document' | 'audio', mimeType: string, bytes: number): string {
  const [what, plural] = kind === 'image' ? ['Image', 'images'] : kind === 'document' ? ['Document', 'documents'] : ['Audio', 'audio'];
  return `[${what} not shown: the AI SDK's provider may not carry ${plural} in a tool result (${mediaTypeLabel(mimeType)}, ${formatSize(bytes)}).]`;
}

/**
 * Chat Completions' tool message in place of an image it can't carry: the image follows, in
 * order, in the user message after the tool messages.
 */
export function imageFollowsLine(index: number, mimeType: string, bytes: number): string {
  return `[image ${index}: ${mediaTypeLabel(mimeType)}, ${formatSize(bytes)}; it follows in a user message, as tool messages carry no images]`;
}

/** The first text of the user message that carries a Chat Completions tool result's images. */
export function toolImagesText(count: number, toolCallId: string): string {
  const label = sanitizeLabel(toolCallId, TYPE_LABEL_MAX_CHARS);
  return `[The ${count} image${count === 1 ? '' : 's'} of the result of tool call "${label.replaceAll('"', "'")}", in order:]`;
}

/**
 * What `renderToolResult` answers, in both copies, when it is given a result it rendered
 * already (`isRenderedToolResult`): rendering it again would show its copies as data, not the
 * tool's answer.
 */
export const RENDERED_RESULT_TEXT =
  "[Result not shown: this host was given a result it had rendered already; it renders the tool's own result, and a rendered one goes to its provider adapter.]";
