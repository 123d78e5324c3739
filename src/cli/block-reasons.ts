/**
 * Why a block is a marker, a stub, a link line or a withheld line, in plain words for a person
 * reading the report: one table per kind, keyed by the code the classification records, so a new
 * code is a compile error until it is worded.
 */
import type { ShownBlock } from '../blocks/shown-block.js';
import type { DialRefusal } from '../references/dial-check.js';
import { DIAL_REFUSAL_CLAUSES } from '../references/dial-check.js';
import { ANOTHER_SERVERS_ENDING, URI_WITHHELD_WORDS, type MarkerReason } from '../text/markers.js';
import type { UriWithheld } from '../uri/shown-link-uri.js';

/** Each marker's reason, as one short sentence. */
const MARKER_REASON_WORDS: Readonly<Record<MarkerReason, string>> = {
  audio: "Audio: this host's tool results carry only text and images.",
  'unknown-type': 'A content type this host does not know how to show.',
  'image-missing-data': 'An image block without its data.',
  'image-missing-type': 'An image block without its media type.',
  'image-unsupported-type': 'An image type this host does not send (PNG, JPEG, GIF and WebP only).',
  'image-undecodable': "The image's data is not valid base64.",
  'image-mismatch': "The image's bytes are not the format it declares.",
  'image-budget': "This result's images passed the host's size limit.",
  'image-type-not-taken': 'The provider does not take this image type in a tool result.',
  'images-per-request': "This result's images passed the provider's count per request.",
  'media-not-carried': 'Media the provider does not take in a tool result.',
  'document-budget': "This result's PDFs passed the provider's size limit.",
  'document-not-pdf': 'Declared a PDF, but its data is not one.',
  'audio-budget': "This result's audio passed the provider's size limit.",
  'audio-undecodable': "The audio's data is not valid base64.",
  'image-too-large': "The image is past the provider's size limit per image.",
  'image-truncated': 'The image data ends before the image does.',
  'image-malformed': "The image's header or end is not readable.",
  'image-dimensions': "The image is wider or taller than the provider's limit.",
  'image-pixels': "The image has more pixels than the provider's limit.",
  'text-not-string': 'A text block whose text is not a string.',
  'embedded-blob': 'An embedded binary resource: its data is never put in front of the model.',
  app: "An MCP App's interface: it is for the app's view, not the model.",
  'embedded-unreadable': 'An embedded resource that could not be read.',
  'link-without-uri': 'A resource link without a uri.',
  'invalid-reference': 'A reference block that is not well formed.',
  'not-a-block': 'An element of the result that is not a content block.',
  'unchecked-result': 'The result could not be read through and checked, so it was withheld whole.',
  'rendered-result': 'The result was rendered already: shown once, not twice.',
  'blocks-not-shown': 'Blocks past what one result may show.',
};

const STUB_WHY_WORDS: Readonly<Record<'fetched' | 'wrong-server', string>> = {
  fetched: 'Its copy is saved already, so it offers no fetch.',
  'wrong-server': `${capitalize(ANOTHER_SERVERS_ENDING)}.`,
};

/** Why a stub offers no fetch (and, for a link, why its uri isn't shown), as sentences. */
function stubWhyWords(why: string | undefined, fetchable: boolean): string {
  if (why === undefined) return fetchable ? 'A reference the model can fetch with fetch_reference.' : 'A reference the model cannot fetch.';
  if (why === 'fetched' || why === 'wrong-server') return STUB_WHY_WORDS[why];
  const [refusal, withheld] = why.split('+') as [DialRefusal, UriWithheld | undefined];
  const clause = Object.hasOwn(DIAL_REFUSAL_CLAUSES, refusal) ? DIAL_REFUSAL_CLAUSES[refusal] : 'not fetchable';
  const uri = withheld !== undefined && Object.hasOwn(URI_WITHHELD_WORDS, withheld) ? ` ${capitalize(URI_WITHHELD_WORDS[withheld])}.` : '';
  return `${capitalize(clause)}.${uri}`;
}

/** Why a block is shown as it is, in words; undefined for a text or an image shown as itself. */
export function blockReasonWords(block: ShownBlock): string | undefined {
  switch (block.kind) {
    case 'marker':
      return MARKER_REASON_WORDS[block.reason];
    case 'stub':
      return stubWhyWords(block.why, block.fetchable);
    case 'link':
      return `${capitalize(DIAL_REFUSAL_CLAUSES[block.why])}; its line shows the uri.`;
    case 'withheld':
      return 'The block carried inline data together with a reference claim (a uri or a disposition), so neither was shown.';
    case 'text':
    case 'image':
    case 'media':
      return undefined;
  }
}

function capitalize(text: string): string {
  return text.length === 0 ? text : `${text[0]!.toUpperCase()}${text.slice(1)}`;
}
