/**
 * Reading a uri into its parts (docs/design.md §7), as the URL parser reads them: the plain form
 * most links have is read without the parser, exactly as the parser would read it, since this
 * runs on every link a result shows. Pure text mechanics: what the parts carry is decided in
 * `credential.ts`.
 */
import { SCHEMA_LIMITS } from '../generated/rfc005.generated.js';
import { hasScheme } from './nested-uri.js';

const SLASH = 0x2f;

/** The parts of a parsed uri that are read, as `URL` gives them. */
export interface UriParts {
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  /**
   * `hostname` followed by `pathname`; for a uri with no host (`sip:`, `jdbc:oracle:thin:`), its
   * scheme (`protocol`, with its colon) followed by `pathname`.
   */
  readonly hostPath: string;
}

/**
 * Reads `uri` as the URL parser does: as an absolute uri when it opens with a scheme
 * (`hasScheme`), else as a reference relative to `base` (an origin and `/`, with no path);
 * `null` when it doesn't parse. Never throws. Deciding by the scheme first spares relative
 * references a thrown error, and a reference in the plain form (`/next?tab=1`, `?page=2`) is
 * joined to the base and read without the parser.
 */
export function readUri(uri: string, base: string): UriParts | null {
  const plain = readPlainHttpUri(uri);
  if (plain !== undefined) return plain;
  let url: URL;
  try {
    // Inside the `try`: a caller outside TypeScript may pass what is no string.
    const absolute = hasScheme(uri);
    const joined = absolute ? undefined : readPlainReference(uri, base);
    if (joined !== undefined) return joined;
    url = absolute ? new URL(uri) : new URL(uri, base);
  } catch {
    return null;
  }
  const { username, password, hostname, pathname, search, hash } = url;
  return { username, password, hostname, pathname, search, hash, hostPath: (hostname === '' ? url.protocol : hostname) + pathname };
}

// The plain form of a link that `readPlainHttpUri` reads without the URL parser, exactly one
// the parser leaves as written: `http://` or `https://`; a host of lower-case ASCII labels
// joined by dots, none opening with `xn--` (no IDNA) and the last opening with a letter (no IPv4
// number), with no userinfo or port; path segments, none a `.` or `..` the parser would remove
// (`%2e` spells a dot); a query and a fragment. Path, query and fragment hold only printable
// ASCII that the parser neither percent-encodes nor reads as a separator: no `\`, no quote in
// the query, no second `#`. Each part is unambiguous, so a failed match never backtracks far.
const PLAIN_HTTP_URI =
  /^https?:\/\/(?:(?!xn--)[a-z0-9-]+\.)*(?!xn--)[a-z][a-z0-9-]*(?:\/(?!(?:\.|%2[eE]){1,2}(?:[/?#]|$))[\w\-.~!$&()*+,;=:@%']*)*(?:\?[\w\-.~!$&()*+,;=:@%/?]*)?(?:#[\w\-.~!$&()*+,;=:@%/?]*)?$/;

/**
 * The parts of a uri in the plain form most links have (`PLAIN_HTTP_URI`), read without the
 * URL parser and exactly as it reads them, or `undefined` for any other uri.
 */
export function readPlainHttpUri(uri: string): UriParts | undefined {
  return uri === lastPlainUri ? lastPlainParts : plainHttpParts(uri);
}

/**
 * {@link readPlainHttpUri}, keeping the reading for the next call with the same text: a link's
 * uri is read for its text (`readUriText`, whether it is printable ASCII) and then by the
 * credential rule, whose read is answered without a second match. Only a link's text reading
 * keeps one (its own reading keeps the same uri), and only up to a link's read bound; the data
 * rules, which read uris cut from long strings, keep nothing.
 */
export function readAndKeepPlainHttpUri(uri: string): UriParts | undefined {
  if (uri === lastPlainUri) return lastPlainParts;
  const parts = plainHttpParts(uri);
  if (uri.length <= KEPT_URI_MAX_CHARS) {
    lastPlainUri = uri;
    lastPlainParts = parts;
  }
  return parts;
}

/**
 * The uri {@link readAndKeepPlainHttpUri} keeps, where its text is `uri`'s, else `undefined`: a
 * caller that remembers `uri` past its call (the credential rule's last answer) holds this text,
 * held already and a link's own, rather than a copy of its own, which would cost each link a
 * copy of its text.
 */
export function keptUri(uri: string): string | undefined {
  return uri === lastPlainUri ? lastPlainUri : undefined;
}

/**
 * The longest uri whose reading {@link readAndKeepPlainHttpUri} keeps: RFC-005's bound on a
 * reference's `uri`, which a link's uri is read within.
 */
const KEPT_URI_MAX_CHARS: number = SCHEMA_LIMITS.Uri.maxLength;

// The last uri `readAndKeepPlainHttpUri` read, and its parts, which depend on its
// text alone.
let lastPlainUri: string | undefined;
let lastPlainParts: UriParts | undefined;

function plainHttpParts(uri: string): UriParts | undefined {
  if (!PLAIN_HTTP_URI.test(uri)) return undefined;
  const hostStart = uri.startsWith('https') ? 8 : 7;
  const hash = endOr(uri.indexOf('#', hostStart), uri.length);
  const query = endOr(uri.indexOf('?', hostStart), hash);
  const path = endOr(uri.indexOf('/', hostStart), query);
  const hostname = uri.slice(hostStart, path);
  return {
    username: '',
    password: '',
    hostname,
    pathname: query > path ? uri.slice(path, query) : '/',
    search: hash - query > 1 ? uri.slice(query, hash) : '',
    hash: uri.length - hash > 1 ? uri.slice(hash) : '',
    hostPath: query > path ? uri.slice(hostStart, query) : `${hostname}/`,
  };
}

// A relative reference in the plain form, joined to `base` (an origin and `/`): a protocol-
// relative one has an authority of its own and is left to the parser.
function readPlainReference(uri: string, base: string): UriParts | undefined {
  if (uri.charCodeAt(0) === SLASH && uri.charCodeAt(1) === SLASH) return undefined;
  return readPlainHttpUri(base + (uri.charCodeAt(0) === SLASH ? uri.slice(1) : uri));
}

// `index` (of a separator found from the host on), or `end` when it is missing or past `end`.
function endOr(index: number, end: number): number {
  return index < 0 || index > end ? end : index;
}
