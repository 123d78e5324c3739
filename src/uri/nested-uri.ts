/**
 * Reading a parameter's value as a nested uri (docs/design.md §7): the forms a value has when it
 * is itself a uri (decoded with `percentDecode`, in `src/text/percent-decode.ts`), uris carried in hex, base64 or base64url (camo,
 * imgproxy), and a uri written plainly in another's path (a proxy's, a reader's, an archive's).
 * Pure text mechanics: what counts as a credential is decided in `credential.ts`.
 */
import { percentDecode } from '../text/percent-decode.js';

const SHORT_PLAIN_MAX = 16;

/**
 * Whether a value is a short run of letters, digits and `_`, `.`, `~`, `-` (a word, a number, a
 * file name, an id such as a video id): it has no uri syntax, it is shorter than any JWT or
 * documented token format, and sixteen characters of hex or base64 can't spell a uri worth
 * reading, so it is read no further.
 */
export function isShortPlainValue(value: string): boolean {
  if (value.length === 0 || value.length > SHORT_PLAIN_MAX) return false;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (!(isAsciiLetterOrDigit(code) || code === 0x5f || code === 0x2e || code === 0x7e || code === 0x2d)) return false;
  }
  return true;
}

function isAsciiLetter(code: number): boolean {
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x7a;
}

function isAsciiLetterOrDigit(code: number): boolean {
  return isAsciiLetter(code) || (code >= 0x30 && code <= 0x39);
}

// The URL parser drops tabs and newlines anywhere and trims C0 controls and spaces at the ends,
// so a value is judged as the parser would read it.
const TAB_OR_NEWLINE = /[\t\n\r]/;
const TAB_OR_NEWLINES = /[\t\n\r]/g;
const NESTED_URI_FORM = /^[\x00-\x20]*(?:!?[\\/]|(?:https?|wss?|ftp):.)|[\\/]{2}|[?#;=]/i;
// Text before its first `=`, `?` or `#` that holds white space, a `+` (a form-encoded space) or
// a quote: the words of a search (`"api_key="`, `what+is+access_token=`), not a reference's path.
const PROSE_HEAD = /^[^=?#]*[\s+"'<>]/;
const AUTHORITY = /[\\/]{2}/;
const REFERENCE_OPENING = /^[\x00-\x20]*!?[\\/?#]/;

/**
 * Whether `text` opens with a scheme (`https:`, `mailto:`), as the URL parser reads it: after
 * any leading C0 controls and spaces, an ASCII letter, then letters, digits, `+`, `-` or `.` up
 * to a `:`, with tabs and newlines anywhere skipped as the parser drops them.
 */
export function hasScheme(text: string): boolean {
  let index = 0;
  while (text.charCodeAt(index) <= 0x20) index++;
  if (!isAsciiLetter(text.charCodeAt(index))) return false;
  for (index++; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x3a) return true;
    if (!(isAsciiLetterOrDigit(code) || code === 0x2b || code === 0x2d || code === 0x2e || isTabOrNewline(code))) return false;
  }
  return false;
}

function isTabOrNewline(code: number): boolean {
  return code === 0x09 || code === 0x0a || code === 0x0d;
}

function withoutTabsOrNewlines(text: string): string {
  return TAB_OR_NEWLINE.test(text) ? text.replace(TAB_OR_NEWLINES, '') : text;
}

/**
 * Whether a (decoded) value has the form of a uri that can carry a credential (docs/design.md §7, nested
 * uris): one with an authority (`//` or `\\` anywhere, as in `https://…`, `jdbc:mysql://…` or
 * protocol-relative `//host`, or a special scheme such as `https:`, which the parser gives an
 * authority without slashes), a path reference (it opens with `/` or `\`), or one with a
 * query, a fragment or parameters (`?`, `#`, `;` or `=` anywhere), or a hashbang route's path
 * (`!/reset/…`, from `#!/reset/…`). An opaque uri with none of
 * these, such as `urn:ietf:params:oauth:grant-type:jwt-bearer`, has nowhere to carry one.
 */
export function looksLikeNestedUri(value: string): boolean {
  const text = withoutTabsOrNewlines(value);
  return NESTED_URI_FORM.test(text) && !looksLikeProse(text);
}

/**
 * Whether a value with a uri's form is rather prose with a `=`, `?` or `#` in it: it opens with
 * no scheme and no `/`, `\`, `?` or `#`, holds no authority (`//`), and what comes before its
 * first `=`, `?` or `#` holds white space, `+` or a quote. A search for `"password="` is text,
 * and one for `see https://…` is still read.
 */
function looksLikeProse(text: string): boolean {
  return PROSE_HEAD.test(text) && !REFERENCE_OPENING.test(text) && !hasScheme(text) && !AUTHORITY.test(text);
}

const STILL_ENCODED = /%[0-9A-Fa-f]{2}/;

/**
 * Whether text reached past the nesting bound may still hide a credential a reading would find:
 * it still percent-decodes, or it has a scheme or an authority (`//`), so a further level could
 * hold userinfo or a host's parameters. Plain text with many `?`, `#` or `=` (a chord chart
 * `C#m F# G#m`, `what?????`) exhausts the bound without hiding anything: its parameters were
 * all read, as written, on the way down.
 */
export function mayStillHide(text: string): boolean {
  const written = withoutTabsOrNewlines(text);
  return STILL_ENCODED.test(written) || AUTHORITY.test(written) || hasScheme(written);
}

// `http` is 68747470 in hex and aHR0c… in base64; `//` is 2f2f in hex and Ly8 or Ly9 in base64.
const ENCODED_URI_AT = /(?:68747470|2[fF]2[fF]|aHR0c|Ly[89])/y;
const HEX_URI = /^(?:68747470|2f2f)[0-9a-f]*/i;
const BASE64_URI = /^(?:aHR0c|Ly[89])[\w+/=-]*/;
const PRINTABLE_URI = /^(?:https?:)?\/\/[^\x00-\x1f\x7f-\x9f\ufffd]*$/i;

/** Whether `text`, read from `index`, opens with hex or base64 of `http` or `//`: a candidate encoded uri. */
export function opensEncodedUriAt(text: string, index: number): boolean {
  // Each encoding opens with `6`, `2`, `a` or `L`: any other character is turned away unread.
  const code = text.charCodeAt(index);
  if (code !== 0x36 && code !== 0x32 && code !== 0x61 && code !== 0x4c) return false;
  ENCODED_URI_AT.lastIndex = index;
  return ENCODED_URI_AT.test(text);
}

/**
 * The uri that `text` encodes in hex, base64 or base64url (camo's hex path segment, imgproxy's
 * base64url source, a `?url=` in base64), or `undefined`. Only the leading run of the encoding's
 * alphabet is decoded (so an extension such as `.png` is left off), and the result counts only
 * when it is printable text opening with `http://`, `https://` or `//`: decoded noise, such as a
 * commit hash or a tracking id, is never taken for a uri.
 */
export function embeddedUri(text: string): string | undefined {
  if (!opensEncodedUriAt(text, 0)) return undefined;
  const hex = HEX_URI.exec(text);
  const bytes = hex !== null ? Buffer.from(hex[0], 'hex') : Buffer.from(BASE64_URI.exec(text)?.[0] ?? '', 'base64');
  const decoded = bytes.toString('utf8');
  return PRINTABLE_URI.test(decoded) ? decoded : undefined;
}

const PATH_SLASH = 0x2f;
const COLON = 0x3a;
const PERCENT = 0x25;

// The schemes the URL parser gives an authority whatever slashes follow the colon
// (`https:/host` reads as `https://host`): a proxy that merges a path's slashes leaves one.
const SPECIAL_SCHEMES = new Set(['http', 'https', 'ws', 'wss', 'ftp']);

/**
 * The uri written plainly inside a uri's path or opening its query, as a proxy, a reader or an
 * archive takes it (`https://r.jina.ai/https://…`, `https://web.archive.org/web/2020/https://…`,
 * `https://cors.example/?https://…`), or `undefined`. It opens at the first path segment (or
 * the query's first character) that reads `scheme:` followed by `//`, or by `/` alone or a host's
 * first letter or digit for a special scheme such as `https`, which the parser reads alike; the colon and slashes may be
 * percent-encoded (`https%3A%2F%2F…`), and the uri is then percent-decoded once. It runs to the
 * end of the outer uri, `search` and `hash` included, since a proxy passes them on. Text with no
 * `:` and no `%3A` is passed over by native searches alone, and of the query only its first word
 * is read, so an ordinary link costs a few searches; otherwise each segment's opening is read
 * once, so the cost is linear in the path. With no `search` or `hash`, a path is read alone.
 */
export function uriNestedIn(pathname: string, search = '', hash = ''): string | undefined {
  if (mayOpenUri(pathname)) {
    for (let start = 0; start < pathname.length; start = nextSegment(pathname, start)) {
      const opening = uriOpeningAt(pathname, start);
      if (opening !== undefined) return asRead(`${pathname.slice(start)}${search}${hash}`, opening);
    }
  }
  // The query's opening alone is read: its first word, up to the first character no scheme has.
  const opening = uriOpeningAt(search, 1);
  return opening === undefined ? undefined : asRead(`${search.slice(1)}${hash}`, opening);
}

// Whether `text` holds a colon, written or percent-encoded (`%3A`, `%3a`): no uri opens in it
// otherwise. Native searches, one for each form.
function mayOpenUri(text: string): boolean {
  if (text.includes(':')) return true;
  for (let at = text.indexOf('%3'); at >= 0; at = text.indexOf('%3', at + 2)) {
    if ((text.charCodeAt(at + 2) | 0x20) === 0x61) return true;
  }
  return false;
}

// Where the path segment after the one opening at `start` opens, or past the end.
function nextSegment(pathname: string, start: number): number {
  const slash = pathname.indexOf('/', start);
  return slash < 0 ? pathname.length : slash + 1;
}

function asRead(uri: string, opening: 'written' | 'encoded'): string {
  return opening === 'encoded' ? decodedOnce(uri) : uri;
}

// A `%` that opens no escape of an ASCII byte: a stray one (one cut off at the end of a path
// included), or an escape past ASCII (`%80`–`%FF`). Every `%` followed by two hex digits is an
// escape, since the digits of one are never a `%`: escapes can't overlap.
const NOT_ASCII_ESCAPE = /%(?![0-7][0-9A-Fa-f])/g;

// `percentDecode`'s text, several times faster on a path of escapes (`a%3A%2F%2Fb/…`), in one
// native pass and without a thrown error: where every escape spells an ASCII byte, the native
// decoder gives the same text between stray `%`s, which stay as written. An escape past ASCII
// may open a sequence that isn't UTF-8, which `percentDecode` alone reads leniently.
function decodedOnce(uri: string): string {
  let decoded = '';
  let start = 0;
  NOT_ASCII_ESCAPE.lastIndex = 0;
  for (let found = NOT_ASCII_ESCAPE.exec(uri); found !== null; found = NOT_ASCII_ESCAPE.exec(uri)) {
    if (isHexDigit(uri.charCodeAt(found.index + 1)) && isHexDigit(uri.charCodeAt(found.index + 2))) return percentDecode(uri);
    decoded += `${decodeURIComponent(uri.slice(start, found.index))}%`;
    start = NOT_ASCII_ESCAPE.lastIndex;
  }
  return start === 0 ? decodeURIComponent(uri) : decoded + decodeURIComponent(uri.slice(start));
}

function isHexDigit(code: number): boolean {
  const lower = code | 0x20;
  return (code >= 0x30 && code <= 0x39) || (lower >= 0x61 && lower <= 0x66);
}

/**
 * Whether `text` at `start` opens a uri with an authority: a scheme (an ASCII letter, then
 * letters, digits, `+`, `-` or `.`), a colon, then two slashes, or for a special scheme one or
 * none (then a letter or digit follows the colon);
 * `'encoded'` where a colon or slash is percent-encoded, `'written'` where none is, `undefined`
 * where no uri opens there or nothing follows the slashes. Reads the scheme's characters and a
 * few more.
 */
function uriOpeningAt(text: string, start: number): 'written' | 'encoded' | undefined {
  if (!isAsciiLetter(text.charCodeAt(start))) return undefined;
  let index = start + 1;
  while (index < text.length && isSchemeCharacter(text.charCodeAt(index))) index++;
  let at = index;
  const colon = escapedAt(text, at, COLON);
  if (colon === 0) return undefined;
  at += colon;
  const first = escapedAt(text, at, PATH_SLASH);
  const special = SPECIAL_SCHEMES.has(text.slice(start, index).toLowerCase());
  // A special scheme needs no slash (`https:host` reads as `https://host`), where a host's first
  // letter or digit follows the colon at once: `/wiki/Special:Search` has no special scheme.
  if (first === 0) return special && isAsciiLetterOrDigit(text.charCodeAt(at)) ? (colon === 3 ? 'encoded' : 'written') : undefined;
  at += first;
  const second = escapedAt(text, at, PATH_SLASH);
  if (second === 0 && !special) return undefined;
  // A scheme and slashes that end the text open nothing (`…/see/https://`): no host follows.
  if (at + second >= text.length) return undefined;
  const encoded = colon === 3 || first === 3 || second === 3;
  return encoded ? 'encoded' : 'written';
}

function isSchemeCharacter(code: number): boolean {
  return isAsciiLetterOrDigit(code) || code === 0x2b || code === 0x2d || code === 0x2e;
}

// How many characters at `index` spell `char` (`:` or `/`): 1 as written, 3 percent-encoded
// (`%3A`, `%2F`, either case), 0 where they don't.
function escapedAt(text: string, index: number, char: number): number {
  const code = text.charCodeAt(index);
  if (code === char) return 1;
  if (code !== PERCENT) return 0;
  // The escape's digits: the high one is `char`'s upper four bits, the low one a letter.
  const high = text.charCodeAt(index + 1) - 0x30;
  const low = (text.charCodeAt(index + 2) | 0x20) - 0x61 + 10;
  return high === char >> 4 && low === (char & 0xf) ? 3 : 0;
}
