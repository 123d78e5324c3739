/**
 * Strings that read as a uri, wherever data holds them (docs/design.md §7 for data): the one definition
 * every lane's data check uses. A string reads as a uri when, as a reader reads it (`asRead`),
 * or percent-decoded once:
 * - it opens (after white space and controls) with a scheme of at most
 *   {@link SCHEME_MAX_CHARS} characters and a `:` (absolute: `https:…`, `mailto:…`), or with
 *   `//` and a host character (protocol-relative) — that uri runs to the first white space or
 *   quote;
 * - it holds `scheme://`, or a `//` after white space, a quote or one of `= ( [ , ; | <`,
 *   followed by a host character — each such uri, up to the next white space or quote, is one;
 * - either slash of a `//` may be a backslash (`\\host/…`, `https:\\host/…`), which WHATWG's
 *   parser reads as a slash in a special scheme, a relative reference's included;
 * - it opens with hex or base64 of `http` or `//` that decodes to a printable uri (`aHR0cHM6…`);
 * - it holds a host the credential lists name standing bare before a path, with no scheme and no
 *   `//` (`see hooks.slack.com/services/…`, `BARE_LISTED_HOST`): that host's `https://` uri, up to
 *   the next white space or quote, is one.
 * Each uri found is judged by `uriMayCarryCredential`, which reads what is nested in it; a
 * string holding more than {@link URIS_READ_PER_STRING} uris counts as one that may carry one,
 * and a uri longer than `URI_READ_MAX_CHARS` is judged as one that may, unread (as a link's is).
 */
import { asRead } from '../text/labels.js';
import { percentDecode } from '../text/percent-decode.js';
import { uriMayCarryCredential } from './credential.js';
import { BARE_LISTED_HOST, embeddedUri, LISTED_HOST_ENDING } from './nested-uri.js';
import { URI_READ_MAX_CHARS } from './shown-uri-text.js';

/** The longest scheme read as one (the registered schemes are far shorter). */
const SCHEME_MAX_CHARS = 32;

/**
 * The most uris read inside one string: past them, the string counts as one that may carry a
 * credential (fail closed), so a hostile string of uris costs a bounded number of readings.
 */
export const URIS_READ_PER_STRING = 256;

/**
 * A superset test over any text (a string, or JSON text holding strings): false only where no
 * string in it can read as a uri. Every alternative is a few fixed characters (a scheme ends
 * with a scheme character before its `:`; a bare listed host, its last label before a path,
 * `LISTED_HOST_ENDING`), so the scan is linear and cheap. Read in either case, which only
 * widens the test.
 */
const MAY_READ_AS_URI = new RegExp(
  `${/\/\/|\\\/|\\\\|\/\\|%[0-9A-Fa-f]{2}|[A-Za-z0-9+.-]:|aHR0c|Ly[89]|68747470|2[Ff]2[Ff]|[^\x00-\x7e]/.source}|${LISTED_HOST_ENDING.source}`,
  'i',
);

/**
 * Whether any string in `text` (a string, or JSON text of strings) may read as a uri: the cheap
 * test first; a long text is searched for each opening (`holdsUriOpening`), then for a bare
 * listed host's ending.
 */
export function mayReadAsUri(text: string): boolean {
  return text.length < SEARCHED_FROM_CHARS ? MAY_READ_AS_URI.test(text) : holdsUriOpening(text) || LISTED_HOST_ENDING.test(text);
}

/**
 * The length from which {@link mayReadAsUri} searches for each alternative of `MAY_READ_AS_URI`
 * on its own: the expression tries every alternative at every position (about 6 ns a character),
 * while a search for fixed text skips through it (well under 1 ns), so a long text (a megabyte
 * of base64) is read in a fraction of the time. A short one is spared the dozen calls.
 */
export const SEARCHED_FROM_CHARS = 1024;

/** Fixed text that `MAY_READ_AS_URI` matches wherever it stands (its hex `2f2f` in each case). */
const URI_OPENINGS = ['//', '\\/', '\\\\', '/\\', 'aHR0c', 'Ly8', 'Ly9', '68747470', '2F2F', '2F2f', '2f2F', '2f2f'] as const;

/**
 * `MAY_READ_AS_URI.test(text)`, answered by searches for fixed text: each opening above, each
 * `%` followed by two hex digits, each `:` after a scheme character, and any character past
 * `~` (a UTF-8 length other than the text's, or a DEL). Each search moves forward only, so the
 * work is linear.
 */
function holdsUriOpening(text: string): boolean {
  for (const opening of URI_OPENINGS) if (text.includes(opening)) return true;
  for (let at = text.indexOf('%'); at >= 0; at = text.indexOf('%', at + 1)) {
    if (isHexDigit(text.charCodeAt(at + 1)) && isHexDigit(text.charCodeAt(at + 2))) return true;
  }
  for (let at = text.indexOf(':', 1); at >= 0; at = text.indexOf(':', at + 1)) {
    if (isSchemeChar(text.charCodeAt(at - 1))) return true;
  }
  // Every character under U+0080 is one byte of UTF-8, and every other more than one.
  return Buffer.byteLength(text, 'utf8') !== text.length || text.includes('\x7f');
}

function isHexDigit(code: number): boolean {
  const lower = code | 0x20;
  return (code >= 0x30 && code <= 0x39) || (lower >= 0x61 && lower <= 0x66);
}

/**
 * Whether `text` reads as a uri (or holds one) that may carry a credential, as it is and, where
 * it holds an escaped slash (`\/`), with its slashes unescaped: JSON text inside a string reads
 * as the uri it spells. Linear in its length (one more pass only where a `\/` is held).
 */
export function stringMayCarryCredential(text: string): boolean {
  if (isBarePlainUri(text)) return uriCarries(text);
  if (!mayReadAsUri(text)) return false;
  if (readsAsCarrying(text) || bareHostsCarry(text)) return true;
  return text.includes('\\/') && readsAsCarrying(unescapedSlashes(text));
}

/**
 * Whether a listed host standing bare in `text` (`BARE_LISTED_HOST`) opens a uri that may carry
 * a credential, read as `https://` + the text from the host to the next white space or quote.
 * Each match is searched for past the uri read before it, so the text is read once; past
 * {@link URIS_READ_PER_STRING} hosts, the text counts.
 */
function bareHostsCarry(text: string): boolean {
  if (!LISTED_HOST_ENDING.test(text)) return false;
  let read = 0;
  BARE_LISTED_HOST.lastIndex = 0;
  for (let match = BARE_LISTED_HOST.exec(text); match !== null; match = BARE_LISTED_HOST.exec(text)) {
    if (++read > URIS_READ_PER_STRING) return true;
    const end = uriEnd(text, match.index);
    if (uriCarries(`https://${text.slice(match.index, end)}`)) return true;
    BARE_LISTED_HOST.lastIndex = Math.max(BARE_LISTED_HOST.lastIndex, end);
  }
  return false;
}

/**
 * Whether `text` is one uri and nothing else, in the plain form most data strings have:
 * `http://` or `https://` and then only characters of `BARE_PLAIN_URI`. Such a text is
 * printable ASCII (`asRead` leaves it), holds no break (the uri it opens with runs to its end,
 * and every `//` in it is inside that uri), no `%` (decoding leaves it), no `\` and opens with
 * no encoding: the reading `stringMayCarryCredential` makes of any text judges that one uri and
 * nothing else, so it is judged at once, with no scan for other uris.
 */
function isBarePlainUri(text: string): boolean {
  return BARE_PLAIN_URI.test(text);
}

/**
 * A text that is one uri in the plain form (`isBarePlainUri`): letters, digits and
 * `- . _ ~ ! $ & ( ) * + , ; = : @ / ? #` after its scheme, which are neither breaks (`isBreak`)
 * nor `%` (an escape), `\` (an escaped slash) or `'` (a quote). One class, so the match is
 * one pass that never backtracks.
 */
const BARE_PLAIN_URI = /^https?:\/\/[\w\-.~!$&()*+,;=:@/?#]*$/;

/**
 * `text` with the backslashes before each `/` dropped: JSON's escaped slash (`https:\/\/…`, as
 * PHP's `json_encode` writes it), however many times escaped again. A loop, not a regex: a
 * regex's `\\+` would re-read a long run of backslashes from each of its characters.
 */
function unescapedSlashes(text: string): string {
  const pieces = text.split('/');
  for (let index = 0; index < pieces.length - 1; index += 1) {
    const piece = pieces[index]!;
    let end = piece.length;
    while (end > 0 && piece.charCodeAt(end - 1) === 0x5c) end -= 1;
    if (end < piece.length) pieces[index] = piece.slice(0, end);
  }
  return pieces.join('/');
}

function readsAsCarrying(text: string): boolean {
  const read = asRead(text);
  if (readUrisCarry(read)) return true;
  const decoded = percentDecode(read);
  return decoded !== read && readUrisCarry(decoded);
}

/** Whether a uri `text` reads as, or holds, may carry a credential. */
function readUrisCarry(text: string): boolean {
  let start = 0;
  while (start < text.length && text.charCodeAt(start) <= 0x20) start += 1;
  const rest = start === 0 ? text : text.slice(start);
  // A uri the string opens with ends where any uri in text does: at white space or a quote.
  // Found again by its `//` below (`https://…` opens with a scheme and holds a `//`), it was
  // judged already: its end, once judged, is kept to pass it over there.
  let openingEnd = -1;
  // The opening uri's own `//` (`https://…`, `//host…`), which `uriStart` would read back to
  // the opening: passed over at once to the opening's end, as the loop below would (where its
  // slashes hold a backslash, as the loop passes over such a pair: `nextPairFrom`).
  let openingSlashes = -1;
  const colon = schemeColonAt(rest);
  if (colon > 0 || opensWithAuthority(rest)) {
    const end = uriEnd(rest, 0);
    if (uriCarries(rest.slice(0, end))) return true;
    openingEnd = start + end;
    openingSlashes = colon > 0 ? (isSlashPairAt(rest, colon + 1) ? start + colon + 1 : -1) : start;
  }
  const embedded = embeddedUri(rest);
  if (embedded !== undefined && uriCarries(embedded)) return true;
  let read = 0;
  // A text with no backslash has its pairs found by the native search for `//` alone.
  const backslashes = text.includes('\\');
  // Where the run of text after the last pair read ends (at a break): a pair inside it ends there too.
  let runEnd = -1;
  for (let slashes = slashPairFrom(text, start, backslashes); slashes >= 0;) {
    if (slashes === openingSlashes) {
      // Counted as the uri it opens, as every other that holds more than its `//`.
      if (openingEnd > slashes + 2) read += 1;
      slashes = nextPairFrom(text, slashes, openingEnd, false, backslashes);
      continue;
    }
    // Inside the opening uri (which holds no break), the uri from here ends where it does.
    if (slashes >= runEnd) runEnd = slashes < openingEnd ? openingEnd : uriEnd(text, slashes + 2);
    const end = runEnd;
    const from = uriStart(text, slashes);
    // Slashes before a scheme and its slash (`(//https://…`, `=\\\\https://…`) open that scheme's
    // uri, read from its own `//` next: the parser would read the scheme's name as their host.
    if (from === slashes && schemeSlashAt(text, slashes + 2)) {
      slashes = slashPairFrom(text, slashes + 1, backslashes);
      continue;
    }
    const opens = from >= 0 && end > slashes + 2;
    if (opens) {
      read += 1;
      if (read > URIS_READ_PER_STRING) return true;
      if (!(from === start && end === openingEnd) && uriCarries(text.slice(from, end))) return true;
    }
    slashes = nextPairFrom(text, slashes, end, opens, backslashes);
  }
  return false;
}

/**
 * The pair of slashes after the one at `slashes`, whose run ends at `end`: where it is a written
 * `//` (a path's `a//b`, or a uri's, every `//` in its run inside that uri) or `opened` a uri
 * read to `end`, past the rest of the run; otherwise (a pair holding a backslash that opened
 * none here, or the opening uri's) past its first character alone, since the parser may read a
 * uri from there otherwise than the uris in it are found (`\\\\a=https://…` is the host
 * `a=https`). A run is read whole at most twice, so the work stays linear.
 */
function nextPairFrom(text: string, slashes: number, end: number, opened: boolean, backslashes: boolean): number {
  const written = text.charCodeAt(slashes) === 0x2f && text.charCodeAt(slashes + 1) === 0x2f;
  return slashPairFrom(text, written || opened ? end : slashes + 1, backslashes);
}

/** Two slashes, each `/` or a backslash: a special scheme's authority opens after them. */
const SLASH_PAIR = /[\\/]{2}/g;

/**
 * Where the first pair of slashes at or after `from` stands (`//`, or, where `backslashes`, any
 * of `\\`, `\/`, `/\`), or -1. One native search, forward from `from`.
 */
function slashPairFrom(text: string, from: number, backslashes: boolean): number {
  if (!backslashes) return text.indexOf('//', from);
  SLASH_PAIR.lastIndex = from;
  return SLASH_PAIR.exec(text)?.index ?? -1;
}

/** Whether `text` holds two slashes (each `/` or a backslash) at `index`. */
function isSlashPairAt(text: string, index: number): boolean {
  return isSlash(text.charCodeAt(index)) && isSlash(text.charCodeAt(index + 1));
}

function isSlash(code: number): boolean {
  return code === 0x2f || code === 0x5c;
}

/**
 * Whether one uri found in a string may carry a credential. Past `URI_READ_MAX_CHARS` it fails
 * closed unread: the credential rule's cost grows with a uri's length (a hostile uri of
 * megabytes would cost seconds), and a link's uri is bounded the same way.
 */
function uriCarries(uri: string): boolean {
  return uri.length > URI_READ_MAX_CHARS || uriMayCarryCredential(uri);
}

/**
 * Whether `text` opens with two slashes (`//`, either of them perhaps a backslash) and a host
 * character (a bare `//` opens a comment, not a uri).
 */
function opensWithAuthority(text: string): boolean {
  return isSlashPairAt(text, 0) && text.length > 2 && !isBreak(text.charCodeAt(2));
}

/** Whether a scheme of at most {@link SCHEME_MAX_CHARS} characters, its `:` and a slash (`/` or a backslash) stand at `at`. */
function schemeSlashAt(text: string, at: number): boolean {
  const colon = schemeColonAt(at === 0 ? text : text.slice(at, at + SCHEME_MAX_CHARS + 2));
  return colon > 0 && isSlash(text.charCodeAt(at + colon + 1));
}

/**
 * Where the `:` of a scheme of at most {@link SCHEME_MAX_CHARS} characters that `text` opens
 * with stands, or -1 where it opens with none.
 */
function schemeColonAt(text: string): number {
  if (!isLetter(text.charCodeAt(0))) return -1;
  const bound = Math.min(text.length, SCHEME_MAX_CHARS + 1);
  for (let index = 1; index < bound; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x3a) return index;
    if (!isSchemeChar(code)) return -1;
  }
  return -1;
}

/**
 * Where the uri whose `//` (or `\\`, `\/`, `/\`) is at `slashes` starts: at its scheme
 * (`https://`), or at the `//` itself where the text's start, white space, a quote or an opener
 * (`= ( [ , ; | <`) precedes it — `url=//host/…`, `(//host/…)`; -1 where it is neither (a
 * path's `a//b`). One character
 * is read before the `//` (and a scheme's few), so the scan stays linear.
 */
function uriStart(text: string, slashes: number): number {
  if (slashes === 0 || isBreak(text.charCodeAt(slashes - 1)) || isOpener(text.charCodeAt(slashes - 1))) return slashes;
  if (text.charCodeAt(slashes - 1) !== 0x3a) return -1;
  let from = slashes - 1;
  while (from > 0 && slashes - from <= SCHEME_MAX_CHARS && isSchemeChar(text.charCodeAt(from - 1))) from -= 1;
  return from < slashes - 1 && isLetter(text.charCodeAt(from)) ? from : -1;
}

/** Where a uri that goes on at `from` ends: at white space, a quote, `<`, `>` or the end. */
function uriEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length && !isBreak(text.charCodeAt(end))) end += 1;
  return end;
}

function isBreak(code: number): boolean {
  return code <= 0x20 || code === 0x22 || code === 0x27 || code === 0x60 || code === 0x3c || code === 0x3e;
}

/** A character after which a protocol-relative uri starts: `= ( [ , ; |` (and `<`, a break). */
function isOpener(code: number): boolean {
  return code === 0x3d || code === 0x28 || code === 0x5b || code === 0x2c || code === 0x3b || code === 0x7c || code === 0x3c;
}

function isLetter(code: number): boolean {
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x7a;
}

function isSchemeChar(code: number): boolean {
  return isLetter(code) || (code >= 0x30 && code <= 0x39) || code === 0x2b || code === 0x2d || code === 0x2e;
}
