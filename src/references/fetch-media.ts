/**
 * The media type a fetched payload is recorded under (RFC-005 §7: "record the observed media
 * type when it differs from the claim"), and the file extension its host-made name takes.
 *
 * The bytes decide where they can: a signature at a fixed offset names the format. Where they
 * can't, a type the server declared (its `Content-Type`, then the reference's claim) stands,
 * unless the bytes contradict it: text declared as a binary format, or a binary payload declared
 * as text.
 */

/** The type recorded when neither the bytes nor any declaration say more. */
export const UNKNOWN_MEDIA_TYPE = 'application/octet-stream';

/** The extension of a host-made file name whose type has none in {@link MEDIA_TYPE_EXTENSIONS}. */
const UNKNOWN_EXTENSION = 'bin';

/** One signature: the bytes at each `offset`, and the type they name. */
interface Signature {
  readonly mimeType: string;
  readonly parts: readonly { readonly offset: number; readonly bytes: readonly number[] }[];
}

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/**
 * Fixed-offset signatures, most specific first (the RIFF and ISO-BMFF containers are told apart
 * by their form type, not by their common prefix).
 */
const SIGNATURES: readonly Signature[] = [
  { mimeType: 'image/png', parts: [{ offset: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }] },
  { mimeType: 'image/jpeg', parts: [{ offset: 0, bytes: [0xff, 0xd8, 0xff] }] },
  { mimeType: 'image/gif', parts: [{ offset: 0, bytes: ascii('GIF87a') }] },
  { mimeType: 'image/gif', parts: [{ offset: 0, bytes: ascii('GIF89a') }] },
  {
    mimeType: 'image/webp',
    parts: [
      { offset: 0, bytes: ascii('RIFF') },
      { offset: 8, bytes: ascii('WEBP') },
    ],
  },
  {
    mimeType: 'audio/wav',
    parts: [
      { offset: 0, bytes: ascii('RIFF') },
      { offset: 8, bytes: ascii('WAVE') },
    ],
  },
  {
    mimeType: 'video/x-msvideo',
    parts: [
      { offset: 0, bytes: ascii('RIFF') },
      { offset: 8, bytes: ascii('AVI ') },
    ],
  },
  {
    mimeType: 'image/bmp',
    parts: [
      { offset: 0, bytes: ascii('BM') },
      { offset: 6, bytes: [0, 0, 0, 0] },
    ],
  },
  { mimeType: 'image/tiff', parts: [{ offset: 0, bytes: [0x49, 0x49, 0x2a, 0x00] }] },
  { mimeType: 'image/tiff', parts: [{ offset: 0, bytes: [0x4d, 0x4d, 0x00, 0x2a] }] },
  { mimeType: 'image/avif', parts: [{ offset: 4, bytes: ascii('ftypavif') }] },
  { mimeType: 'image/heic', parts: [{ offset: 4, bytes: ascii('ftypheic') }] },
  { mimeType: 'audio/mp4', parts: [{ offset: 4, bytes: ascii('ftypM4A ') }] },
  { mimeType: 'video/quicktime', parts: [{ offset: 4, bytes: ascii('ftypqt  ') }] },
  { mimeType: 'video/mp4', parts: [{ offset: 4, bytes: ascii('ftyp') }] },
  { mimeType: 'application/pdf', parts: [{ offset: 0, bytes: ascii('%PDF-') }] },
  { mimeType: 'application/gzip', parts: [{ offset: 0, bytes: [0x1f, 0x8b, 0x08] }] },
  { mimeType: 'application/zip', parts: [{ offset: 0, bytes: [0x50, 0x4b, 0x03, 0x04] }] },
  { mimeType: 'application/x-7z-compressed', parts: [{ offset: 0, bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] }] },
  { mimeType: 'application/x-bzip2', parts: [{ offset: 0, bytes: ascii('BZh') }] },
  { mimeType: 'audio/ogg', parts: [{ offset: 0, bytes: ascii('OggS') }] },
  { mimeType: 'audio/flac', parts: [{ offset: 0, bytes: ascii('fLaC') }] },
  { mimeType: 'audio/mpeg', parts: [{ offset: 0, bytes: ascii('ID3') }] },
  { mimeType: 'video/webm', parts: [{ offset: 0, bytes: [0x1a, 0x45, 0xdf, 0xa3] }] },
  { mimeType: 'application/wasm', parts: [{ offset: 0, bytes: [0x00, 0x61, 0x73, 0x6d] }] },
];

/** The extension a host-made file name takes for each type it knows (RFC-005 §7). */
export const MEDIA_TYPE_EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
  'image/tiff': 'tif',
  'image/avif': 'avif',
  'image/heic': 'heic',
  'image/svg+xml': 'svg',
  'audio/wav': 'wav',
  'audio/wave': 'wav',
  'audio/x-wav': 'wav',
  'audio/vnd.wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
  'audio/mp4': 'm4a',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'video/x-msvideo': 'avi',
  'application/pdf': 'pdf',
  'application/gzip': 'gz',
  'application/zip': 'zip',
  'application/x-7z-compressed': '7z',
  'application/x-bzip2': 'bz2',
  'application/wasm': 'wasm',
  'application/json': 'json',
  'application/xml': 'xml',
  'text/xml': 'xml',
  'text/plain': 'txt',
  'text/html': 'html',
  'text/csv': 'csv',
  'text/markdown': 'md',
};

/** The type a payload's leading bytes name, or undefined when they name none this host knows. */
export function sniffMediaType(bytes: Uint8Array): string | undefined {
  for (const signature of SIGNATURES) {
    if (signature.parts.every((part) => matchesAt(bytes, part.offset, part.bytes))) return signature.mimeType;
  }
  // An MPEG audio frame without an ID3 tag: 11 sync bits, then Layer III (layer bits 01).
  if (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0 && (bytes[1]! & 0x06) === 0x02) return 'audio/mpeg';
  return undefined;
}

/**
 * A declared media type reduced to its lower-cased essence (`type/subtype`, parameters dropped),
 * or undefined where it isn't one (RFC 9110 §8.3.1 tokens, at most 255 characters).
 */
export function mediaTypeEssence(declared: string | null | undefined): string | undefined {
  if (typeof declared !== 'string') return undefined;
  const essence = declared.split(';', 1)[0]!.trim().toLowerCase();
  return essence.length <= 255 && MEDIA_TYPE.test(essence) ? essence : undefined;
}

const TOKEN = "[!#$%&'*+.^_`|~0-9a-z-]+";
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}$`);

/** True for a type whose payload is text (`text/*`, JSON, XML, and the common script and data types). */
export function isTextualMediaType(essence: string): boolean {
  return essence.startsWith('text/') || essence.endsWith('+json') || essence.endsWith('+xml') || TEXTUAL_APPLICATION_TYPES.has(essence);
}

const TEXTUAL_APPLICATION_TYPES: ReadonlySet<string> = new Set([
  'application/json',
  'application/xml',
  'application/javascript',
  'application/ecmascript',
  'application/x-ndjson',
  'application/jsonl',
  'application/yaml',
  'application/x-yaml',
  'application/toml',
  'application/sql',
  'application/graphql',
]);

/**
 * True when `bytes` read as text: valid UTF-8 (a leading BOM allowed) with no control
 * characters but tab, line feed, form feed and carriage return. Empty bytes are not text:
 * they say nothing.
 */
export function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return false;
  }
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The media type to record for a fetched payload: the type its bytes name; else the first
 * declaration (`served`, the response's `Content-Type`, then `claimed`, the reference's
 * `mimeType`) the bytes don't contradict; else what the bytes are seen to be (JSON, plain text)
 * or {@link UNKNOWN_MEDIA_TYPE}.
 */
export function observedMediaType(bytes: Uint8Array, served: string | null | undefined, claimed: string | undefined): string {
  const sniffed = sniffMediaType(bytes);
  if (sniffed !== undefined) return sniffed;
  const declared = [mediaTypeEssence(served), mediaTypeEssence(claimed)].find(
    (essence): essence is string => essence !== undefined && essence !== UNKNOWN_MEDIA_TYPE,
  );
  if (bytes.length === 0) return declared ?? UNKNOWN_MEDIA_TYPE;
  if (looksLikeText(bytes)) {
    if (declared !== undefined && isTextualMediaType(declared)) return declared;
    return isJson(bytes) ? 'application/json' : 'text/plain';
  }
  // Binary bytes with no signature: a binary declaration stands, a textual one is contradicted.
  return declared !== undefined && !isTextualMediaType(declared) ? declared : UNKNOWN_MEDIA_TYPE;
}

/** The extension for a recorded media type: from {@link MEDIA_TYPE_EXTENSIONS}, else `bin`. */
export function extensionFor(mimeType: string): string {
  return Object.hasOwn(MEDIA_TYPE_EXTENSIONS, mimeType) ? MEDIA_TYPE_EXTENSIONS[mimeType]! : UNKNOWN_EXTENSION;
}

function matchesAt(bytes: Uint8Array, offset: number, expected: readonly number[]): boolean {
  if (bytes.length < offset + expected.length) return false;
  return expected.every((byte, index) => bytes[offset + index] === byte);
}

function isJson(bytes: Uint8Array): boolean {
  try {
    JSON.parse(UTF8.decode(bytes));
    return true;
  } catch {
    return false;
  }
}
