/**
 * Reading a uri into its parts (docs/design.md §7), as the URL parser reads them: the plain form
 * most links have is read without the parser, exactly as the parser would read it, since this
 * runs on every link a result shows. Pure text mechanics: what the parts carry is decided in
 * `credential.ts`.
 */
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
// the query, no second `#`. As an expression (each part unambiguous, so it is read in one pass
// by `readPlainHttpUri`, which finds the parts' ends as it goes):
// /^https?:\/\/(?:(?!xn--)[a-z0-9-]+\.)*(?!xn--)[a-z][a-z0-9-]*(?:\/(?!(?:\.|%2[eE]){1,2}(?:[/?#]|$))[\w\-.~!$&()*+,;=:@%']*)*(?:\?[\w\-.~!$&()*+,;=:@%/?]*)?(?:#[\w\-.~!$&()*+,;=:@%/?]*)?$/

const HOST_CHAR = 1;
const SEGMENT_CHAR = 2;
const QUERY_CHAR = 4;

/** Per ASCII code: 1 for a character of a plain host (`a-z 0-9 -`), 2 for one of a path segment, 4 for one of a query or fragment. */
const PLAIN_CHARS = (() => {
  const marks = new Uint8Array(0x80);
  const mark = (chars: string, bit: number) => {
    for (const char of chars) marks[char.charCodeAt(0)]! |= bit;
  };
  const shared = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.~!$&()*+,;=:@%';
  mark('abcdefghijklmnopqrstuvwxyz0123456789-', HOST_CHAR);
  mark(`${shared}'`, SEGMENT_CHAR);
  mark(`${shared}/?`, QUERY_CHAR);
  return marks;
})();

const DOT = 0x2e;
const QUESTION_MARK = 0x3f;
const HASH = 0x23;

/**
 * The parts of a uri in the plain form most links have (above), read without the URL parser and
 * exactly as it reads them, or `undefined` for any other uri. One pass: the host's labels, then
 * each path segment, then the query and the fragment.
 */
export function readPlainHttpUri(uri: string): UriParts | undefined {
  const hostStart = schemeEnd(uri);
  if (hostStart < 0) return undefined;
  const path = plainHostEnd(uri, hostStart);
  if (path < 0) return undefined;
  let index = path;
  while (index < uri.length && uri.charCodeAt(index) === SLASH) {
    const segment = index + 1;
    index = runEnd(uri, segment, SEGMENT_CHAR);
    if (isDotSegment(uri, segment, index)) return undefined;
  }
  const query = index;
  if (index < uri.length && uri.charCodeAt(index) === QUESTION_MARK) index = runEnd(uri, index + 1, QUERY_CHAR);
  const hash = index;
  if (index < uri.length && uri.charCodeAt(index) === HASH) index = runEnd(uri, index + 1, QUERY_CHAR);
  if (index < uri.length) return undefined;
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

// Where the host starts in a uri opening with `http://` or `https://`, or -1 for any other.
function schemeEnd(uri: string): number {
  if (uri.charCodeAt(0) !== 0x68 || uri.charCodeAt(1) !== 0x74 || uri.charCodeAt(2) !== 0x74 || uri.charCodeAt(3) !== 0x70) return -1;
  const colon = uri.charCodeAt(4) === 0x73 ? 5 : 4;
  return uri.charCodeAt(colon) === 0x3a && uri.charCodeAt(colon + 1) === SLASH && uri.charCodeAt(colon + 2) === SLASH ? colon + 3 : -1;
}

// Where a plain host opening at `start` ends, or -1 where what opens there is none: labels of
// `a-z 0-9 -` joined by dots, none empty or opening with `xn--`, the last opening with a letter,
// followed by the end, a `/`, a `?` or a `#`.
function plainHostEnd(uri: string, start: number): number {
  let label = start;
  for (let index = start; ; index++) {
    const code = index < uri.length ? uri.charCodeAt(index) : SLASH;
    if (code < 0x80 && (PLAIN_CHARS[code]! & HOST_CHAR) !== 0) continue;
    if (index === label || opensPunycode(uri, label)) return -1;
    if (code === DOT) {
      label = index + 1;
      continue;
    }
    if (code !== SLASH && code !== QUESTION_MARK && code !== HASH) return -1;
    const first = uri.charCodeAt(label);
    return first >= 0x61 && first <= 0x7a ? index : -1;
  }
}

// Whether the label at `label` opens with `xn--`.
function opensPunycode(uri: string, label: number): boolean {
  return uri.charCodeAt(label) === 0x78 && uri.charCodeAt(label + 1) === 0x6e && uri.charCodeAt(label + 2) === 0x2d && uri.charCodeAt(label + 3) === 0x2d;
}

// Where the run of characters marked `kind` from `start` ends.
function runEnd(uri: string, start: number, kind: number): number {
  let index = start;
  while (index < uri.length) {
    const code = uri.charCodeAt(index);
    if (code >= 0x80 || (PLAIN_CHARS[code]! & kind) === 0) break;
    index++;
  }
  return index;
}

// Whether `uri[start, end)` is one or two dots, each written `.` or `%2e` (`%2E`): a segment the
// parser removes.
function isDotSegment(uri: string, start: number, end: number): boolean {
  let dots = 0;
  for (let index = start; index < end; dots++) {
    if (dots === 2) return false;
    if (uri.charCodeAt(index) === DOT) {
      index += 1;
    } else if (uri.charCodeAt(index) === 0x25 && uri.charCodeAt(index + 1) === 0x32 && (uri.charCodeAt(index + 2) | 0x20) === 0x65 && index + 3 <= end) {
      index += 3;
    } else {
      return false;
    }
  }
  return dots > 0;
}

// A relative reference in the plain form, joined to `base` (an origin and `/`): a protocol-
// relative one has an authority of its own and is left to the parser.
function readPlainReference(uri: string, base: string): UriParts | undefined {
  if (uri.charCodeAt(0) === SLASH && uri.charCodeAt(1) === SLASH) return undefined;
  return readPlainHttpUri(base + (uri.charCodeAt(0) === SLASH ? uri.slice(1) : uri));
}
