/**
 * What an embedded resource's content is, before it is shown: an MCP App's view (HTML meant
 * for a sandboxed frame the host draws for the user, never for the model), or a blob whose
 * bytes are text (a textual media type and well-formed UTF-8), shown as text as an embedded
 * text resource is. One reading for every lane.
 */
import { isUtf8 } from 'node:buffer';
import { wellFormed } from '../text/well-formed.js';
import { shownDataString } from './data-strings.js';

/** A media type's essence is read from at most this many characters (RFC-005's bound). */
const MEDIA_TYPE_READ_CHARS = 255;

/** A media type's parameters are searched for the app profile within this many characters. */
const MEDIA_PARAMETERS_READ_CHARS = 1024;

/** The `ui:` scheme MCP Apps serve their views under, after any leading white space. */
const APP_SCHEME = /^\s{0,64}ui:/i;

/**
 * The MCP Apps profile among a media type's parameters: `profile=mcp-app`, quoted or not, alone
 * or in a space-separated profile list. Bounded: each piece is a run of non-separators.
 */
const APP_PROFILE = /;\s{0,64}profile\s{0,64}=\s{0,64}"?(?:[^";\s]{1,256}\s{1,64}){0,16}mcp-app(?:[\s";]|$)/i;

/** HTML essences an app view is served as: MCP Apps' own, and the OpenAI Apps SDK's. */
const APP_HTML_ESSENCES: ReadonlySet<string> = new Set(['text/html', 'text/html+skybridge']);

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
 * True for an MCP App's view: a `ui://` resource, HTML whose media type carries the MCP Apps
 * profile (`text/html;profile=mcp-app`, in a profile list too), or the OpenAI Apps SDK's
 * `text/html+skybridge`, whatever its uri.
 */
export function isAppResource(uri: unknown, mimeType: unknown): boolean {
  if (typeof uri === 'string' && APP_SCHEME.test(uri.length > 128 ? uri.slice(0, 128) : uri)) return true;
  const essence = essenceOf(mimeType);
  if (essence === undefined || !APP_HTML_ESSENCES.has(essence)) return false;
  if (essence === 'text/html+skybridge') return true;
  const read = (mimeType as string).slice(0, MEDIA_PARAMETERS_READ_CHARS);
  return APP_PROFILE.test(read);
}

/** True for a media type a model reads as text: `text/*` and the data and source formats. */
export function isTextualMediaType(mimeType: unknown): boolean {
  const essence = essenceOf(mimeType);
  if (essence === undefined || essence === '') return false;
  return essence.startsWith('text/') || TEXTUAL_APPLICATION_TYPES.has(essence) || (essence.startsWith('application/') && TEXTUAL_SUFFIX.test(essence));
}

/**
 * A blob's text as a copy shows it, where its media type is textual and its bytes are
 * well-formed UTF-8 with no NUL (text never holds one; binary nearly always does); undefined
 * otherwise. A blob is encoded content, not the tool's own words: its text follows the data
 * rules (`shownDataString`: a uri that may carry a credential, a base64 run replaced). The
 * decode is native and linear; a byte-order mark is dropped as a UTF-8 reader drops it.
 */
export function blobText(blob: string, mimeType: unknown): string | undefined {
  if (!isTextualMediaType(mimeType)) return undefined;
  const bytes = Buffer.from(blob, 'base64');
  if (bytes.includes(0) || !isUtf8(bytes)) return undefined;
  const text = bytes.toString('utf8');
  return shownDataString(wellFormed(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text));
}
