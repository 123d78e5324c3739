/**
 * What an embedded resource's content is, before it is shown: an MCP App's view (HTML meant
 * for a sandboxed frame the host draws for the user, never for the model), or a blob whose
 * bytes are text (a textual media type and well-formed UTF-8), shown as text as an embedded
 * text resource is. One reading for every lane.
 */
import { isUtf8 } from 'node:buffer';

/** A media type's essence is read from at most this many characters (RFC-005's bound). */
const MEDIA_TYPE_READ_CHARS = 255;

/** The `ui:` scheme MCP Apps serve their views under. */
const APP_SCHEME = /^ui:/i;

/** The `profile` parameter MCP Apps put on their HTML's media type. */
const APP_PROFILE = /;\s*profile\s*=\s*"?mcp-app"?\s*(?:;|$)/i;

/**
 * Textual media types beyond `text/*`: data and source formats a model reads as text. Suffixes
 * (`+json`, `+xml`, `+yaml`) count too.
 */
const TEXTUAL_APPLICATION_TYPES: ReadonlySet<string> = new Set([
  'application/json',
  'application/ld+json',
  'application/x-ndjson',
  'application/jsonl',
  'application/xml',
  'application/yaml',
  'application/x-yaml',
  'application/toml',
  'application/javascript',
  'application/x-javascript',
  'application/ecmascript',
  'application/typescript',
  'application/sql',
  'application/graphql',
  'application/x-sh',
  'application/x-httpd-php',
  'application/csv',
]);

const TEXTUAL_SUFFIX = /\+(?:json|xml|yaml)$/;

/** A media type's essence, lower-cased and bounded; undefined where it has none. */
function essenceOf(mimeType: unknown): string | undefined {
  if (typeof mimeType !== 'string') return undefined;
  const read = mimeType.length > MEDIA_TYPE_READ_CHARS ? mimeType.slice(0, MEDIA_TYPE_READ_CHARS) : mimeType;
  const semicolon = read.indexOf(';');
  return (semicolon < 0 ? read : read.slice(0, semicolon)).trim().toLowerCase();
}

/**
 * True for an MCP App's view: a `ui://` resource, or HTML whose media type carries the MCP Apps
 * profile (`text/html;profile=mcp-app`), whatever its uri.
 */
export function isAppResource(uri: unknown, mimeType: unknown): boolean {
  if (typeof uri === 'string' && APP_SCHEME.test(uri)) return true;
  if (essenceOf(mimeType) !== 'text/html') return false;
  const read = (mimeType as string).slice(0, MEDIA_TYPE_READ_CHARS);
  return APP_PROFILE.test(read);
}

/** True for a media type a model reads as text: `text/*` and the data and source formats. */
export function isTextualMediaType(mimeType: unknown): boolean {
  const essence = essenceOf(mimeType);
  if (essence === undefined || essence === '') return false;
  return essence.startsWith('text/') || TEXTUAL_APPLICATION_TYPES.has(essence) || (essence.startsWith('application/') && TEXTUAL_SUFFIX.test(essence));
}

/**
 * A blob's text, where its media type is textual and its bytes are well-formed UTF-8 with no
 * NUL (text never holds one; binary nearly always does); undefined otherwise. The decode is
 * native and linear; a byte-order mark is dropped as a UTF-8 reader drops it.
 */
export function blobText(blob: string, mimeType: unknown): string | undefined {
  if (!isTextualMediaType(mimeType)) return undefined;
  const bytes = Buffer.from(blob, 'base64');
  if (bytes.includes(0) || !isUtf8(bytes)) return undefined;
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
