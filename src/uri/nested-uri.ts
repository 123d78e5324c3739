/**
 * Reading a parameter's value as a nested uri (docs/design.md §7): the forms a value has when it
 * is itself a uri (decoded with `percentDecode`, in `src/text/percent-decode.ts`), uris carried in hex, base64 or base64url (camo,
 * imgproxy), and a uri written plainly in another's path (a proxy's, a reader's, an archive's).
 * Pure text mechanics: what counts as a credential is decided in `credential.ts`.
 */
import { asRead as readerText } from '../text/labels.js';
import { percentDecode } from '../text/percent-decode.js';
import { CREDENTIAL_PATH_SHAPES, FRAGMENT_KEY_HOSTS, HOST_SCOPED_PARAMETERS } from './credential-lists.js';

/**
 * The longest short plain value (`isShortPlainValue`), and so the longest piece a path's
 * reading passes over unasked (`isShortPlainPiece`): the two must agree, or a piece passed over
 * would be one the rule reads.
 */
export const SHORT_PLAIN_MAX_CHARS = 16;

/**
 * Whether a value is a short run of letters, digits and `_`, `.`, `~`, `-` (a word, a number, a
 * file name, an id such as a video id): it has no uri syntax, it is shorter than any JWT or
 * documented token format, and sixteen characters of hex or base64 can't spell a uri worth
 * reading, so it is read no further.
 */
export function isShortPlainValue(value: string): boolean {
  if (value.length === 0 || value.length > SHORT_PLAIN_MAX_CHARS) return false;
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
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const AT_SIGN = 0x40;
const PERCENT = 0x25;
const DOT = 0x2e;
const ZERO = 0x30;

// The schemes the URL parser gives an authority whatever slashes follow the colon
// (`https:/host` reads as `https://host`): a proxy that merges a path's slashes leaves one.
// Longest first, so that a run of scheme characters ending in `https` is read as `https`.
const SPECIAL_SCHEMES = ['https', 'http', 'wss', 'ws', 'ftp'] as const;

/**
 * The uri written inside a uri's path or opening its query, as a proxy, a reader or an archive
 * takes it (`https://r.jina.ai/https://…`, `https://web.archive.org/web/2020/https://…`,
 * `https://cors.example/?https://…`, `https://proxy.example/url=https://…`), or `undefined`.
 * In the path it opens at the first `scheme:` (`uriOpeningIn`) anywhere in it, inside a segment
 * as well as at its opening (`/raw:https://…`, `/a;https://…`, a `javascript:` uri's
 * `fetch("https://…")`), its scheme's letters and its colon and slashes written or
 * percent-encoded (`%68ttps://…`, `https%3A%2F%2F…`, a special scheme's slashes as backslashes,
 * `https:%5C%5C…`), the uri then percent-decoded once; or where a protocol-relative uri follows
 * a quote, an opener or white space (`authorityAfterOpener`); or where a host name the
 * credential lists name stands anywhere in the path (`listedHostIn`), as a reader takes
 * `https://r.jina.ai/x/hooks.slack.com/…`: that host and the rest, read as `https://`. A first
 * segment that is a listed host, or a host after a password, is read before any
 * (`hostOpeningPath`); otherwise the first of these in the path is. Of the query only its first
 * word is read. The uri runs to the end of the outer uri, `search` and `hash` included, since a
 * proxy passes them on. Each character of the path is read a few times at most (each colon's
 * scheme is read back no further than the colon before it, each run of a host's characters
 * once), so the cost is linear in the path. With no `search` or `hash`, a path is read alone.
 */
export function uriNestedIn(pathname: string, search = '', hash = ''): string | undefined {
  if (hostOpeningPath(pathname)) return `https://${pathname.slice(1)}${search}${hash}`;
  const inPath = mayOpenUri(pathname) ? uriOpeningIn(pathname) : undefined;
  const relative = authorityAfterOpener(pathname, inPath?.start ?? pathname.length);
  const host = listedHostIn(pathname, relative?.start ?? inPath?.start ?? pathname.length);
  if (host !== undefined) return `https://${hostUri(pathname, host)}${search}${hash}`;
  if (relative !== undefined) return `https://${pathname.slice(relative.host)}${search}${hash}`;
  if (inPath !== undefined) return asRead(`${pathname.slice(inPath.start)}${search}${hash}`, inPath.encoded ? 'encoded' : 'written');
  // The query's opening alone is read: its first word, up to the first character no scheme has.
  const inQuery = uriOpeningAt(search, 1);
  return inQuery === undefined ? undefined : asRead(`${search.slice(1)}${hash}`, inQuery);
}

/**
 * The two last labels (`slack.com`, `windows.net`) of each host the credential lists name: a
 * path shape's hosts, a host-scoped parameter's domain, an encrypted share's host. Only on these
 * does reading a path's host name change a verdict: every rule that holds on any host reads the
 * outer uri's path and query as they are.
 */
const LISTED_HOST_KEYS: ReadonlySet<string> = new Set(
  [...CREDENTIAL_PATH_SHAPES.flatMap((shape) => shape.hosts ?? []), ...HOST_SCOPED_PARAMETERS.map((entry) => entry.domain), ...FRAGMENT_KEY_HOSTS]
    .filter((host) => host.includes('.'))
    .map((host) => host.toLowerCase().split('.').slice(-2).join('.')),
);

const LISTED_HOST_LAST_LABELS = [...new Set([...LISTED_HOST_KEYS].map((key) => key.slice(key.lastIndexOf('.') + 1)))];

/**
 * A dot and the last label of a listed host (`LISTED_HOST_KEYS`), then a `.`, `:` or `/`: every
 * listed host standing bare in text before a path (`BARE_LISTED_HOST`) holds one. A cheap test
 * over any text.
 */
export const LISTED_HOST_ENDING = new RegExp(`\\.(?:${LISTED_HOST_LAST_LABELS.join('|')})[.:/]`, 'i');

/**
 * A listed host standing bare in text as a host that opens a path (`see hooks.slack.com/services/…`):
 * after no character of a host name, a `/`, `\\` or `@` (a uri's own host, read as that uri), at
 * most 126 labels, then two labels the lists name, an optional port and a `/`. Global; its labels
 * are bounded and each ends at its dot, so a failed match backtracks once per label of one run.
 */
export const BARE_LISTED_HOST = new RegExp(
  `(?<![\\w.%/\\\\@-])(?:[a-z0-9-]{1,63}\\.){0,126}(?:${[...LISTED_HOST_KEYS].map((key) => key.replaceAll('.', '\\.')).join('|')})\\.?(?::\\d{1,5})?\\/`,
  'gi',
);

/** The longest first segment read as a host name (a DNS name is at most 253 characters, with a user, a password and a port). */
const HOST_SEGMENT_MAX_CHARS = 320;

// A first path segment that is a host name, dotted, its last label letters, after an optional
// user and password and before an optional port (as `hostEndAt` reads one: digits after any
// zeros, or none before a lone slash), and ending the path or followed by one. Bounded labels,
// each ended by its dot, so a failed match backtracks once per label.
const HOST_SEGMENT = /^\/(?:([^/@]*)@)?((?:[a-z0-9-]{1,63}\.){1,127}[a-z]{2,63})\.?(?::(?:0*[1-9]\d{0,4}|0+|(?=\/(?![/\\]))))?(?:\/|$)/i;

/**
 * Whether a path's first segment is a host name a reader proxy fetches as `https://` + the path
 * (`https://r.jina.ai/hooks.slack.com/services/…`), read as written, its user included: its host
 * has two labels the lists name (`LISTED_HOST_KEYS`, read anywhere in the name, as a suffix proxy
 * keeps them), or a password precedes it (`admin:pw@db.example`). An ordinary first segment
 * (`jquery.min.js`, `docs`, `setup.md`) is passed over at a glance. A listed host elsewhere, or
 * spelled otherwise, is `listedHostIn`'s.
 */
function hostOpeningPath(pathname: string): boolean {
  const end = pathname.indexOf('/', 1);
  const segment = end < 0 ? pathname.length : end;
  const dot = pathname.indexOf('.', 1);
  if (dot < 0 || dot > segment || segment > HOST_SEGMENT_MAX_CHARS) return false;
  // Most dotted first segments (`l.php`, `jquery.min.js`) name no listed host, and are turned
  // away by a look-up per dot, before any match.
  const userEnd = pathname.lastIndexOf('@', segment);
  // The name ends at its port, if any.
  const port = pathname.indexOf(':', userEnd + 1);
  if (!namesListedHost(pathname, userEnd + 1, port >= 0 && port < segment ? port : segment) && userEnd < 0) return false;
  const match = HOST_SEGMENT.exec(pathname);
  return match !== null && (match[1]?.includes(':') === true || namesListedHost(match[2]!, 0, match[2]!.length));
}

/**
 * The uri a value (a query or fragment parameter's, a path segment's) spells when it opens with a
 * host name a reader fetches as `https://` + the value (`?url=hooks.slack.com/services/…`,
 * `#hooks.slack.com/…`), read as a path's first segment is (`hostOpeningPath`), or `undefined`.
 * A password before a host no list names (`admin:pw@db.example/…`) counts only with a path after
 * the host: a bare `user:x@host` is as much a `mailto:`, `sip:` or `xmpp:` address. A value with
 * no dot names no host, and is turned away unread.
 */
export function hostOpeningValue(value: string): string | undefined {
  // A reader trims the white space and a hash-bang's `!` before a host (`#!hooks…`, `?u= hooks…`).
  let start = 0;
  while (start < VALUE_PAD_MAX_CHARS && start < value.length && isValuePad(value.charCodeAt(start))) start++;
  const text = start === 0 ? value : value.slice(start);
  const head = hostHeadEnd(text);
  // A backslash ends a host as a slash does: the parser reads one so in an `https` uri.
  const written = text.charCodeAt(head) === BACKSLASH ? `${text.slice(0, head)}/${text.slice(head + 1)}` : text;
  if (written.includes('.')) {
    const path = `/${written}`;
    if (hostOpeningPath(path)) {
      const match = HOST_SEGMENT.exec(path)!;
      if (namesListedHost(match[2]!, 0, match[2]!.length)) return `https://${text}`;
      if (match[0].endsWith('/') && !isAddress(match[1]!)) return `https://${text}`;
    }
  }
  return spelledHostOpening(text, head);
}

/** The most white space and `!` read past before a value's host (`hostOpeningValue`). */
const VALUE_PAD_MAX_CHARS = 16;

function isValuePad(code: number): boolean {
  return code <= 0x20 || code === 0x21;
}

// Where a value's first run, its host if it opens with one, ends: at its first `/`, `\`, `?` or
// `#`, or its end.
function hostHeadEnd(text: string): number {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === PATH_SLASH || code === BACKSLASH || code === 0x3f || code === 0x23) return index;
  }
  return text.length;
}

// A value's first run spelled otherwise than in ASCII (`hooks．slack．com`, `hooks%2Eslack…`):
// read as the parser reads a host (`hostReading`), and where it names a listed host, the uri of
// that reading and the rest. Only a run a host's name could fill is read.
function spelledHostOpening(text: string, head: number): string | undefined {
  if (head > HOST_WORD_MAX_CHARS || PLAIN_ASCII_HOST_RUN.test(text.slice(0, head))) return undefined;
  const reading = hostReading(text.slice(0, head));
  return reading !== undefined && namesListedHost(reading, 0, reading.length) ? `https://${reading}${text.slice(head)}` : undefined;
}

// A run with no escape and nothing past ASCII, whose reading is itself.
const PLAIN_ASCII_HOST_RUN = /^[\x00-\x24\x26-\x7f]*$/;

/**
 * The schemes of an address written `scheme:user@host` (`mailto:ada@example.com`,
 * `sip:alice@pbx.example`): read as a uri's authority, the scheme is its user and the user its
 * password, though the address holds none.
 */
const ADDRESS_SCHEMES: ReadonlySet<string> = new Set(['mailto', 'sip', 'sips', 'xmpp', 'im', 'pres']);

// Whether a userinfo (before its `@`) is an address's `scheme:user`, with no password of its own
// (`sip:alice:pw` holds one).
function isAddress(userinfo: string): boolean {
  const colon = userinfo.indexOf(':');
  return ADDRESS_SCHEMES.has(userinfo.slice(0, colon).toLowerCase()) && !userinfo.includes(':', colon + 1);
}

// A host at an index, after a password's `@`: a name, dotted, its last label letters; an IPv4
// address, `localhost` or a bracketed IPv6 address; then an optional port and a `/` (an authority
// that opens a path). Bounded labels; its characters hold no `@`, so a match never runs past the
// next `@`.
const HOST_BEFORE_PATH = /(?:(?:[a-z0-9-]{1,63}\.){1,127}[a-z]{2,63}\.?|\d{1,3}(?:\.\d{1,3}){3}|localhost|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?\//iy;

/**
 * Whether a segment of `pathname` (written, or percent-decoded once) holds a user and password
 * before a host that opens a path (`/x/admin:hunter2@db.example/…`), as a proxy that reads the
 * segment as a uri's authority takes it; an address's `mailto:ada@` (`isAddress`) is no password. A host no list names counts only with a path after it:
 * a bare `user:x@host` is as much a `mailto:`, `sip:` or `xmpp:` address. Each character is read
 * back at most once (from an `@` to the `/` or `@` before it) and forward once (a host stops at
 * the next `@`), so the cost is linear in the path.
 */
export function passwordHostIn(pathname: string): boolean {
  if (pathname.includes('@') && passwordHostWritten(pathname)) return true;
  if (!pathname.includes('%')) return false;
  const decoded = percentDecode(pathname);
  return decoded.includes('@') && passwordHostWritten(decoded);
}

function passwordHostWritten(text: string): boolean {
  let floor = 0;
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    let colon = false;
    let start = at;
    for (; start > floor && text.charCodeAt(start - 1) !== PATH_SLASH; start--) colon ||= text.charCodeAt(start - 1) === COLON;
    floor = at + 1;
    HOST_BEFORE_PATH.lastIndex = at + 1;
    if (colon && HOST_BEFORE_PATH.test(text) && !isAddress(text.slice(start, at))) return true;
  }
  return false;
}

/** The longest and the shortest of `LISTED_HOST_KEYS`: a longer pair of labels is none of them, nor a shorter run. */
const LISTED_HOST_KEY_MAX_CHARS = Math.max(...[...LISTED_HOST_KEYS].map((key) => key.length));
const LISTED_HOST_KEY_MIN_CHARS = Math.min(...[...LISTED_HOST_KEYS].map((key) => key.length));

// Whether two neighbouring labels of the dotted name in `text` from `from` to `to` are a listed
// host's last two (`LISTED_HOST_KEYS`): one look-up per dot, of a pair no longer than a key.
function namesListedHost(text: string, from: number, to: number): boolean {
  let labelStart = from;
  for (let dot = text.indexOf('.', from); dot >= 0 && dot < to;) {
    const next = text.indexOf('.', dot + 1);
    const pairEnd = next >= 0 && next < to ? next : to;
    if (pairEnd - labelStart <= LISTED_HOST_KEY_MAX_CHARS && LISTED_HOST_KEYS.has(text.slice(labelStart, pairEnd).toLowerCase())) return true;
    labelStart = dot + 1;
    dot = pairEnd < to ? pairEnd : -1;
  }
  return false;
}

/**
 * A dot and the last label of one of `LISTED_HOST_KEYS` (`.com`, `.net`, …), in either case,
 * ending there: every pair of labels that is a key ends so. Its labels are letters alone.
 */
const KEY_DOT = new RegExp(`\\.(?:${[...new Set([...LISTED_HOST_KEYS].map((key) => key.slice(key.lastIndexOf('.') + 1)))].join('|')})(?![a-z0-9-])`, 'gi');

/**
 * The most host runs one path is read for (`listedHostIn`): those that end as a host does and
 * hold a dot and enough characters to name a key. Ordinary paths hold a few; a path of more is
 * read on one level down from the run past them.
 */
const HOST_RUNS_JUDGED_MAX = 16;

/**
 * The longest run of text read as one host name: a DNS name's 253 characters, each written as
 * the escapes of a character of up to three UTF-8 bytes (`%EF%BC%8E`, a fullwidth full stop).
 */
const HOST_WORD_MAX_CHARS = 253 * 9;

/**
 * The first host name, opening before `limit`, that the credential lists name (`LISTED_HOST_KEYS`)
 * and that stands in `text` as a host a reader or a proxy fetches as `https://` + the rest
 * (`https://r.jina.ai/x/hooks.slack.com/…`, `…/web/2020/hooks.slack.com/…`, `…//hooks.slack.com/…`,
 * `…/url=hooks.slack.com/…`), or `undefined`. A host is a run of letters, digits, `-`, `_`, dots
 * and characters past ASCII (`hostWordStart`, `hostWordEnd`), any of them percent-encoded (an
 * escape of `%` before it read through, `%252E`), read as WHATWG's parser reads a host
 * (`hostReading`: decoded, folded by NFKC and lower-cased, the ideographic full stops `。` read
 * as dots); it ends the text or is followed by a port, then a `/`, `\`, `?` or `#`, or a slash
 * or backslash percent-encoded (`hostEndAt`). Only a run holding a dot before a listed host's
 * last label, or an escape of a letter, a dot or a byte past ASCII, is read, each run once, so
 * the cost is linear in the text.
 */
function listedHostIn(text: string, limit: number): HostOpening | undefined {
  let floor = 0;
  let judged = 0;
  let dot = nextKeyDot(text, 0);
  let escape = nextHostEscape(text, 0);
  // With no `%`, no escape ends a run: a run is read back over its characters alone.
  const escapes = text.includes('%');
  while ((dot >= 0 && dot < limit) || (escape >= 0 && escape < limit)) {
    const at = dot < 0 || (escape >= 0 && escape < dot) ? escape : dot;
    // The run's end first: most runs a host doesn't end (`a.com;`) are passed over unread before it.
    const end = hostWordEnd(text, at);
    // A run reaching into the uri opening at `limit` (`…/x.slack.https://…`) is no host before it.
    if (end <= limit && hostEndAt(text, end) >= 0) {
      const start = hostWordStart(text, at, floor, escapes);
      // Past the runs a path is read for, the next is read one level down as if it named a
      // listed host: its reading reads the rest, and a path built of such runs runs out of
      // levels and counts, after a bounded number of readings.
      if (runReading !== RUN_UNDOTTED && ++judged > HOST_RUNS_JUDGED_MAX)
        return { start, slash: hostEndAt(text, end), slashWidth: escapeWidthAt(text, hostEndAt(text, end)) };
      const opening = end - start <= HOST_WORD_MAX_CHARS ? hostOpening(text, start, end, floor) : undefined;
      if (opening !== undefined) return opening;
    }
    floor = end;
    if (dot >= 0 && dot < floor) dot = nextKeyDot(text, floor);
    if (escape >= 0 && escape < floor) escape = nextHostEscape(text, floor);
  }
  return undefined;
}

// The first written dot at or after `from` that a listed host's last label follows as written
// (`.com`, `.net`, ending there), or -1: a host run that names a listed host as written holds
// one. One native search.
function nextKeyDot(text: string, from: number): number {
  KEY_DOT.lastIndex = from;
  return KEY_DOT.exec(text)?.index ?? -1;
}

/**
 * A host name nested in a path (`listedHostIn`): where its uri opens (its user's first character,
 * or its own), and, where a percent-encoded slash or backslash ends it (`…com%2Fservices`), where
 * that escape stands and its width (0 where the host ends otherwise).
 */
interface HostOpening {
  readonly start: number;
  readonly slash: number;
  readonly slashWidth: number;
}

// The uri a host opening opens in `text`: the rest of the text, the escape that ends its host
// read as the slash it spells (the rest kept as written, so that it is read as written and
// decoded alike at the next level).
function hostUri(text: string, host: HostOpening): string {
  return host.slashWidth === 0 ? text.slice(host.start) : `${text.slice(host.start, host.slash)}/${text.slice(host.slash + host.slashWidth)}`;
}

// The host run `text[start, end)` (just read: `runReading`) as a host opening: ended as a
// host is, and naming a listed host. A run with no dot, written or possibly read (an escape, a
// character past ASCII), names none; one of plain ASCII is its own reading but for case, and is
// looked up as written. A user (and a password) before it opens it with them, as it would open
// a uri (`…/x/deploy@hooks.slack.com/…`): the reading then has userinfo.
function hostOpening(text: string, start: number, end: number, floor: number): HostOpening | undefined {
  if (runReading === RUN_UNDOTTED) return undefined;
  const after = hostEndAt(text, end);
  if (after < 0) return undefined;
  const plain = runReading === RUN_PLAIN;
  if (plain && !namesListedHost(text, start, end)) return undefined;
  const host = hostReading(text.slice(start, end));
  if (host === undefined || !isHostName(host) || (!plain && !namesListedHost(host, 0, host.length))) return undefined;
  const opens = text.charCodeAt(start - 1) === AT_SIGN ? userinfoStart(text, start - 1, floor) : start;
  return { start: opens, slash: after, slashWidth: escapeWidthAt(text, after) };
}

// Where the userinfo ending at the `@` at `at` starts: after the last slash or backslash before
// it, no further back than `floor`. Read once, for the host opening found.
function userinfoStart(text: string, at: number, floor: number): number {
  return Math.max(text.lastIndexOf('/', at) + 1, text.lastIndexOf('\\', at) + 1, floor);
}

// Where the host a run ending at `end` spells ends: after an optional port (one to five
// digits), at the end of the text or at `/`, `\`, `?` or `#`, written, or at a slash or
// backslash percent-encoded (`%2F`, `%5C`, `%252F`); -1 where it doesn't end so.
function hostEndAt(text: string, end: number): number {
  let at = end;
  if (text.charCodeAt(at) === COLON) {
    // A port: up to five digits after any zeros (the parser takes `:00000443` as 443), or none
    // before a slash that no other slash follows: the parser reads an empty port
    // (`hooks.slack.com:/services/…`) as the default one. A colon before two slashes opens a
    // scheme's (`x.slack.https://…`), read as that scheme's uri.
    at++;
    while (text.charCodeAt(at) === ZERO) at++;
    const digits = at;
    while (isAsciiDigit(text.charCodeAt(at)) && at - digits < 5) at++;
    if (at === end + 1) {
      const slash = slashWidthAt(text, at);
      if (slash === 0 || slashWidthAt(text, at + slash) > 0) return -1;
    }
  }
  if (at >= text.length) return at;
  const code = text.charCodeAt(at);
  if (code === PATH_SLASH || code === BACKSLASH || code === 0x3f || code === 0x23) return at;
  const width = escapeWidthAt(text, at);
  const escaped = width === 0 ? -1 : escapeCodeEndingAt(text, at + width);
  return escaped === PATH_SLASH || escaped === BACKSLASH ? at : -1;
}

// A host name as WHATWG's parser reads one: no character it forbids in a host, and a last label
// that isn't a number (which the parser reads as an IPv4 address, failing on a name's dots).
const NOT_IN_HOST = /[\x00-\x20#%/:<>?@[\\\]^|\x7f]/;
const NUMBER_LABEL = /(?:^|\.)(?:\d+|0x[\da-f]*)\.?$/i;

function isHostName(host: string): boolean {
  return host.length > 0 && !NOT_IN_HOST.test(host) && !NUMBER_LABEL.test(host);
}

/**
 * How many escapes of `%` an escape is read through (`%252F`, a slash encoded twice): as deep
 * as the credential rule reads nested uris, each decoding a level.
 */
const ESCAPE_DEPTH_MAX = 4;

/**
 * An escape that spells an ASCII letter, a dot or a byte past ASCII, read as `escapeWidthAt`
 * reads one: through up to {@link ESCAPE_DEPTH_MAX} escapes of `%`, each `25` taken only where
 * two hex digits follow it. Where the escape it reads spells another character, a shorter
 * reading of the same `%` spells `%` itself, so no other reading matches there either.
 */
const HOST_ESCAPE = new RegExp(`%(?:25(?=[0-9A-Fa-f]{2})){0,${ESCAPE_DEPTH_MAX}}(?:[46][1-9A-Fa-f]|[57][0-9Aa]|2[Ee]|[89A-Fa-f][0-9A-Fa-f])`, 'g');

const NOT_ASCII = /[^\x00-\x7f]/;
// Characters UTS 46 maps to others: those NFKC with case folding changes (fullwidth letters,
// capitals, the soft hyphen it drops), and the ideographic full stop it reads as a dot. Any
// other character maps to itself, so a run holding no such one is its own reading.
const MAPPED = /[\p{Changes_When_NFKC_Casefolded}\u3002]/u;
// The full stops UTS 46 maps to `.` that NFKC leaves (`。`, and `｡`, which NFKC makes `。`).
const IDEOGRAPHIC_FULL_STOPS = /\u3002/g;

/**
 * A run of a host's characters as WHATWG's parser reads the host it spells: percent-decoded
 * (`decodedRun`, escapes of `%` read through), then, where a character past ASCII may be mapped
 * (`MAPPED`), mapped as UTS 46 maps a name (`asRead`: NFKC, without the characters a reader
 * can't see, then the ideographic full stop read as a dot and `ẞ` as `ss`), lower-cased; or
 * `undefined` where its escapes spell no UTF-8 (a host the parser reads none of). Checked
 * against the parser for every code point it maps into ASCII.
 */
export function hostReading(run: string): string | undefined {
  const decoded = run.includes('%') ? decodedRun(run) : run;
  if (decoded === undefined || !NOT_ASCII.test(decoded) || !MAPPED.test(decoded)) return decoded?.toLowerCase();
  return readerText(decoded.replaceAll('\u1e9e', 'ss')).replace(IDEOGRAPHIC_FULL_STOPS, '.').toLowerCase();
}

// The text a run of a host's characters spells, each escape (read through escapes of `%`,
// `escapeWidthAt`) decoded, a byte past ASCII as UTF-8 with the escapes after it; `undefined`
// where they spell no UTF-8. A run holds no stray `%` (`hostWordEnd`). One pass, in pieces.
function decodedRun(run: string): string | undefined {
  let text = '';
  let written = 0;
  for (let index = run.indexOf('%'); index >= 0; index = run.indexOf('%', index)) {
    text += run.slice(written, index);
    const code = utf8At(run, index);
    if (code < 0) return undefined;
    text += String.fromCodePoint(code);
    index = written = utf8End;
  }
  return text + run.slice(written);
}

// Where the UTF-8 sequence `utf8At` read last ends.
let utf8End = 0;

// The code point the escapes from `index` spell in UTF-8 (a lead byte's escape and as many
// continuation bytes' escapes as it calls for), setting `utf8End`; -1 where they spell none.
function utf8At(text: string, index: number): number {
  const width = escapeWidthAt(text, index);
  if (width === 0) return -1;
  const lead = escapeCodeEndingAt(text, index + width);
  let at = index + width;
  const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead < 0xe0 ? 2 : lead >= 0xe0 && lead < 0xf0 ? 3 : lead >= 0xf0 && lead < 0xf5 ? 4 : 0;
  if (length === 0) return -1;
  let code = length === 1 ? lead : lead & (0xff >> (length + 1));
  for (let count = 1; count < length; count++) {
    const next = escapeWidthAt(text, at);
    const byte = next === 0 ? -1 : escapeCodeEndingAt(text, at + next);
    if ((byte & 0xc0) !== 0x80) return -1;
    code = (code << 6) | (byte & 0x3f);
    at += next;
  }
  utf8End = at;
  return code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? code : -1;
}

// Whether `code` may stand in a host run: an ASCII letter or digit, `-`, `.`, `_`, or a
// character past ASCII (which the parser may map to one).
function isHostCharacter(code: number): boolean {
  return isAsciiLetterOrDigit(code) || code === 0x2d || code === 0x2e || code === 0x5f || code >= 0x80;
}

// The first escape at or after `from` that spells a letter, a dot or a byte past ASCII (`%61`,
// `%2E`, `%E3`), or -1: a host run that names a listed host but not as written holds one. One
// native search (`HOST_ESCAPE`), where reading each `%` in turn cost a path of escapes
// (`a%3A%2F%2Fb/…`) a call per escape.
function nextHostEscape(text: string, from: number): number {
  HOST_ESCAPE.lastIndex = from;
  return HOST_ESCAPE.exec(text)?.index ?? -1;
}

// Where the host run holding `at` starts: read back over a host's characters, written or
// escaped (where the text holds a `%`), no further than `floor` (where the run read before it
// ended, at a character no host run holds), adding what it reads to the run's reading
// (`readCharacter`, after `hostWordEnd` from `at`). Each character is read back once over a
// text's runs.
function hostWordStart(text: string, at: number, floor: number, escapes: boolean): number {
  let start = at;
  while (start > floor) {
    const code = text.charCodeAt(start - 1);
    // An escape ends in a hex digit: only there is one looked for.
    const escape = escapes && isHexDigit(code) ? escapeStartEndingAt(text, start) : -1;
    const read = escape >= 0 ? escapeCodeEndingAt(text, start) : code;
    if (!isHostCharacter(read)) break;
    readCharacter(read, escape >= 0);
    start = escape >= 0 ? escape : start - 1;
  }
  classifyRun();
  return start;
}

// What the host run last read holds (`hostWordEnd`, then `hostWordStart`): no dot, written or
// possibly read, or too few characters to name a key (`RUN_UNDOTTED`); dots, all its
// characters plain ASCII (`RUN_PLAIN`); or an escape or a character past ASCII, so that it is
// read as the parser reads it (`RUN_TO_READ`). A run of ASCII alone (written or escaped)
// shorter than any key, its escapes counted as one character each, names none; one past ASCII
// may map a character to several (`℡`), and is read whatever its length. Kept as the run is
// read, so that nothing is made to find it.
const RUN_UNDOTTED = 0;
const RUN_PLAIN = 1;
const RUN_TO_READ = 2;
let runReading = RUN_UNDOTTED;
let runCharacters = 0;
let runDotted = false;
let runEscaped = false;
let runPastAscii = false;

function readCharacter(code: number, escaped: boolean): void {
  runCharacters++;
  // A character past ASCII may be one the parser reads as a dot (`。`).
  runDotted ||= code === 0x2e || code >= 0x80;
  runPastAscii ||= code >= 0x80;
  runEscaped ||= escaped;
}

function classifyRun(): void {
  runReading = !runDotted || (!runPastAscii && runCharacters < LISTED_HOST_KEY_MIN_CHARS) ? RUN_UNDOTTED : runEscaped || runPastAscii ? RUN_TO_READ : RUN_PLAIN;
}

// Where the host run holding `at` ends: the first character after it that no host run holds;
// the run's reading starts afresh with what it reads from `at`.
function hostWordEnd(text: string, at: number): number {
  runCharacters = 0;
  runDotted = runEscaped = runPastAscii = false;
  let end = at;
  while (end < text.length) {
    const code = text.charCodeAt(end);
    const width = code === PERCENT ? escapeWidthAt(text, end) : 0;
    const read = width > 0 ? escapeCodeEndingAt(text, end + width) : code;
    if (!isHostCharacter(read)) break;
    readCharacter(read, width > 0);
    end += width > 0 ? width : 1;
  }
  return end;
}

// How many characters the escape at `index` takes (`%2F` 3, `%252F` 5, …), read through up to
// `ESCAPE_DEPTH_MAX` escapes of `%` before the one it spells; 0 where no escape stands there.
function escapeWidthAt(text: string, index: number): number {
  if (text.charCodeAt(index) !== PERCENT) return 0;
  let at = index + 1;
  for (let depth = 0; depth < ESCAPE_DEPTH_MAX && text.charCodeAt(at) === 0x32 && text.charCodeAt(at + 1) === 0x35; depth++) {
    if (!isHexDigit(text.charCodeAt(at + 2)) || !isHexDigit(text.charCodeAt(at + 3))) break;
    at += 2;
  }
  return isHexDigit(text.charCodeAt(at)) && isHexDigit(text.charCodeAt(at + 1)) ? at + 2 - index : 0;
}

// The character spelled by the escape that ends at `end` (its last two hex digits).
function escapeCodeEndingAt(text: string, end: number): number {
  return hexValue(text.charCodeAt(end - 2)) * 16 + hexValue(text.charCodeAt(end - 1));
}

// Where the escape ending at `end` starts (`escapeWidthAt`'s escape), or -1: the nearest `%`
// in reach decides, since no escape's digits are a `%`.
function escapeStartEndingAt(text: string, end: number): number {
  for (let width = 3; width <= 3 + 2 * ESCAPE_DEPTH_MAX && width <= end; width += 2) {
    if (text.charCodeAt(end - width) === PERCENT) return escapeWidthAt(text, end - width) === width ? end - width : -1;
  }
  return -1;
}

function isAsciiDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** A protocol-relative uri nested in a path (`authorityAfterOpener`): where its slashes stand, and where its host opens after them. */
interface AuthorityOpening {
  readonly start: number;
  readonly host: number;
}

/**
 * Where, before `limit`, `text` holds a protocol-relative uri after a quote, an opener or white
 * space (`fetch("//host/…")` in a script's path, `/url=//host/…` or `/%28//host/…` in a proxy's,
 * `/x%20//host/…`): two slashes after one of `" ' \` ( [ = , ; | <` or white space, written or
 * percent-encoded, and before a host's character. Each slash may be percent-encoded, or be a
 * backslash (written or encoded), which WHATWG's parser reads as a slash in a special scheme
 * (`/(%5C%5Chost/…`): the uri is read from its host, as `https://` and the rest as written.
 * `undefined` where none does: a path's own `a//b` has none of these before it, and slashes
 * before a scheme (`(//https://…`) open that scheme's uri, not one of theirs. Only the text
 * before `limit` (where a scheme's uri opens, read first) is searched, each of its slashes once.
 */
function authorityAfterOpener(text: string, limit: number): AuthorityOpening | undefined {
  // With no `%` and no backslash, every pair is a written `//`, found by the native search alone.
  if (!text.includes('%') && !text.includes('\\')) {
    for (let at = text.indexOf('//', 1); at >= 0 && at < limit; at = text.indexOf('//', at + 1)) {
      if (at + 2 < text.length && text.charCodeAt(at + 2) !== PATH_SLASH && opensBefore(text, at) && !opensUriAt(text, at + 2))
        return { start: at, host: at + 2 };
    }
    return undefined;
  }
  newSlashSearch();
  for (let at = nextSlash(text, 1); at >= 0 && at < limit; at = nextSlash(text, at + 1)) {
    // Most slashes (a path's own, each of an escaped run's) follow no opener: passed over first.
    if (!opensBefore(text, at)) continue;
    const first = slashWidthAt(text, at);
    const second = slashWidthAt(text, at + first);
    if (second === 0) continue;
    const host = at + first + second;
    // A written `//` is followed by a host where no written `/` follows it (its `//%2F…` read as
    // ever); a pair with another form of slash, where no slash of any form does.
    const written = text.charCodeAt(at) === PATH_SLASH && text.charCodeAt(at + 1) === PATH_SLASH;
    const hosted = written ? text.charCodeAt(host) !== PATH_SLASH : slashWidthAt(text, host) === 0;
    if (host < text.length && hosted && !opensUriAt(text, host)) return { start: at, host };
  }
  return undefined;
}

// Whether a scheme's name, its colon and a slash open at `at` (`//https://…`, `\\%68ttps:/…`):
// the slashes before it open no host of their own (the parser would read the scheme's name as
// one, and the uri after it as its path), and the uri after them is read as itself. A scheme
// with no slash after its colon (`//http:x`) is a host and its port, read as the parser reads it,
// and so is a name with a dot (`//hooks.slack.com:/services/…`): the parser reads it as a host
// with an empty port, the default one, before a lone slash. A dotted name ending in a special scheme's
// (`//x.https://…`) stays a scheme's: the uri it ends in is read as itself, as a run of scheme
// characters ending in `https` always is. So does one before an encoded colon
// (`//host%3A/…`), which the parser reads as no host at all.
function opensUriAt(text: string, at: number): boolean {
  let index = at;
  let label = at;
  for (let length = 0; length <= SCHEME_MAX_CHARS; length++) {
    const escaped = text.charCodeAt(index) === PERCENT ? escapedCode(text, index) : -1;
    const code = escaped >= 0 ? escaped : text.charCodeAt(index);
    if (!(index === at ? isAsciiLetter(code) : isSchemeCharacter(code))) break;
    index += escaped >= 0 ? 3 : 1;
    if (code === DOT) label = index;
  }
  const colon = index > at ? escapedAt(text, index, COLON) : 0;
  if (colon === 0 || slashWidthAt(text, index + colon) === 0) return false;
  // Only before a lone slash is a dotted name a host with an empty port (`hostEndAt` reads a
  // host's end alike): before two (`a.b://…`) it opens a scheme's uri, read as itself.
  const slash = index + colon + slashWidthAt(text, index + colon);
  return label === at || colon > 1 || slashWidthAt(text, slash) > 0 || isSpecialScheme(text.slice(label, index));
}

// Whether a scheme's name, as written or percent-encoded, is one the parser gives an authority.
function isSpecialScheme(written: string): boolean {
  return (SPECIAL_SCHEMES as readonly string[]).includes((written.includes('%') ? percentDecode(written) : written).toLowerCase());
}

// Whether the character before `at` is a quote, an opener or white space, written or percent-encoded.
function opensBefore(text: string, at: number): boolean {
  const escaped = at >= 3 && text.charCodeAt(at - 3) === PERCENT ? escapedCode(text, at - 3) : -1;
  const code = escaped >= 0 ? escaped : text.charCodeAt(at - 1);
  return (
    code <= 0x20 ||
    code === 0x22 ||
    code === 0x27 ||
    code === 0x60 ||
    code === 0x28 ||
    code === 0x5b ||
    code === 0x3d ||
    code === 0x2c ||
    code === 0x3b ||
    code === 0x7c ||
    code === 0x3c
  );
}

// How many characters at `index` spell a slash a special scheme's parser reads: 1 for `/` or
// `\`, 3 for `%2F` or `%5C` (either case), 0 for none.
function slashWidthAt(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code === PATH_SLASH || code === BACKSLASH) return 1;
  return escapedAt(text, index, PATH_SLASH) || escapedAt(text, index, BACKSLASH);
}

// The forms of a slash `nextSlash` searches for, each by its own native search.
const SLASH_FORMS = ['/', '\\', '%2F', '%2f', '%5C', '%5c'] as const;

// The next of each of `SLASH_FORMS` at or after the index `nextSlash` was last asked about,
// `NEVER_AT` past the last; -1 before a text's first search (`newSlashSearch`). Scratch space,
// so a search allocates nothing: `authorityAfterOpener`, its one user, never runs inside itself.
const slashCursors: number[] = SLASH_FORMS.map(() => -1);

function newSlashSearch(): void {
  slashCursors.fill(-1);
}

/**
 * The first slash at or after `index` in `text` as `slashWidthAt` reads them (`/`, `\`, `%2F`,
 * `%5C`), or -1, for indexes asked about in order since `newSlashSearch`: the next of each form
 * is kept until passed, so the text is searched once for each.
 */
function nextSlash(text: string, index: number): number {
  let first = NEVER_AT;
  for (let form = 0; form < SLASH_FORMS.length; form++) {
    if (slashCursors[form] !== NEVER_AT && slashCursors[form]! < index) slashCursors[form] = atOrNever(text.indexOf(SLASH_FORMS[form]!, index));
    first = Math.min(first, slashCursors[form]!);
  }
  return first === NEVER_AT ? -1 : first;
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

/** Where a uri nested in a path opens (its scheme's first character), and whether any of its opening is percent-encoded. */
interface Opening {
  readonly start: number;
  readonly encoded: boolean;
}

/**
 * The first uri with an authority that opens in `text` (`uriOpeningAt`'s forms), wherever its
 * scheme stands: each colon (`:` or `%3A`) is found in turn, and the scheme read back from it
 * (`schemeBefore`) no further than the colon before, so each character is read back at most once.
 */
function uriOpeningIn(text: string): Opening | undefined {
  const colons = new ColonSearch(text);
  let floor = 0;
  for (let colon = colons.from(0); colon >= 0; colon = colons.from(floor)) {
    const width = text.charCodeAt(colon) === COLON ? 1 : 3;
    const scheme = schemeBefore(text, colon, floor);
    floor = colon + width;
    if (scheme === undefined) continue;
    const after = openingAfterColon(text, floor, scheme.special);
    if (after !== undefined) return { start: scheme.start, encoded: scheme.encoded || width === 3 || after === 'encoded' };
  }
  return undefined;
}

/**
 * The colons of a text, written (`:`) or percent-encoded (`%3A`, `%3a`), found in order by native
 * searches: the next of each form is kept until passed, so the text is searched once for each.
 */
class ColonSearch {
  private written = -1;
  private escaped = -1;

  constructor(private readonly text: string) {}

  /** The first colon at or after `index`, or -1. */
  from(index: number): number {
    if (this.written !== NEVER_AT && this.written < index) this.written = atOrNever(this.text.indexOf(':', index));
    if (this.escaped !== NEVER_AT && this.escaped < index) this.escaped = atOrNever(this.escapedColonFrom(index));
    const first = Math.min(this.written, this.escaped);
    return first === NEVER_AT ? -1 : first;
  }

  private escapedColonFrom(index: number): number {
    for (let at = this.text.indexOf('%3', index); at >= 0; at = this.text.indexOf('%3', at + 2)) {
      if ((this.text.charCodeAt(at + 2) | 0x20) === 0x61) return at;
    }
    return -1;
  }
}

const NEVER_AT = Number.MAX_SAFE_INTEGER;

function atOrNever(index: number): number {
  return index < 0 ? NEVER_AT : index;
}

/** The longest run of scheme characters read back from a colon (the registered schemes are far shorter). */
const SCHEME_MAX_CHARS = 32;

// The run of scheme characters `schemeBefore` reads back, last first: each one's code (decoded,
// lower-cased) and where it stands. Scratch space, so a path of many colons allocates nothing.
const runCodes = new Int32Array(SCHEME_MAX_CHARS);
const runStarts = new Int32Array(SCHEME_MAX_CHARS);

/**
 * The scheme that ends at the colon at `colon`, read back over scheme characters, written or
 * percent-encoded (`%68ttps`), to `floor` at most: where the run ends in a special scheme's name
 * it opens there (`url=https:`, `raw:https:`, `foohttps:` all read as `https:`, as a proxy
 * searching for `https:` finds them), otherwise at the run's first letter; `undefined` where the
 * run holds no letter.
 */
function schemeBefore(text: string, colon: number, floor: number): { start: number; special: boolean; encoded: boolean } | undefined {
  let length = 0;
  for (let at = colon; at > floor && length < SCHEME_MAX_CHARS;) {
    const escaped = at - 3 >= floor && text.charCodeAt(at - 3) === PERCENT ? escapedCode(text, at - 3) : -1;
    const code = escaped >= 0 ? escaped : text.charCodeAt(at - 1);
    if (!isSchemeCharacter(code)) break;
    at -= escaped >= 0 ? 3 : 1;
    runCodes[length] = isAsciiLetter(code) ? code | 0x20 : code;
    runStarts[length++] = at;
  }
  let first = specialTail(length);
  const special = first >= 0;
  if (!special) for (let index = length - 1; index >= 0 && first < 0; index--) if (isAsciiLetter(runCodes[index]!)) first = index;
  if (first < 0) return undefined;
  const start = runStarts[first]!;
  return { start, special, encoded: colon - start !== first + 1 };
}

// Where in the run just read (`runCodes`, last first) a special scheme's name ends it: the index
// of its first character, or -1.
function specialTail(length: number): number {
  for (const scheme of SPECIAL_SCHEMES) {
    if (scheme.length > length) continue;
    let index = 0;
    while (index < scheme.length && runCodes[index] === scheme.charCodeAt(scheme.length - 1 - index)) index++;
    if (index === scheme.length) return index - 1;
  }
  return -1;
}

// The character the escape at `index` (`%` and two hex digits) spells, or -1 where there is none.
function escapedCode(text: string, index: number): number {
  const high = hexValue(text.charCodeAt(index + 1));
  const low = hexValue(text.charCodeAt(index + 2));
  return high < 0 || low < 0 ? -1 : high * 16 + low;
}

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
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
 * none (`openingAfterColon`); `'encoded'` where a colon or slash is percent-encoded, `'written'`
 * where none is, `undefined` where no uri opens there or nothing follows the slashes. Reads the
 * scheme's characters and a few more.
 */
function uriOpeningAt(text: string, start: number): 'written' | 'encoded' | undefined {
  let index = start;
  let encoded = false;
  for (;;) {
    const escaped = text.charCodeAt(index) === PERCENT ? escapedCode(text, index) : -1;
    const code = escaped >= 0 ? escaped : text.charCodeAt(index);
    if (!(index === start ? isAsciiLetter(code) : isSchemeCharacter(code))) break;
    encoded ||= escaped >= 0;
    index += escaped >= 0 ? 3 : 1;
  }
  if (index === start) return undefined;
  const colon = escapedAt(text, index, COLON);
  if (colon === 0) return undefined;
  const special = isSpecialScheme(text.slice(start, index));
  const after = openingAfterColon(text, index + colon, special);
  return after === undefined ? undefined : colon === 3 || encoded ? 'encoded' : after;
}

/**
 * Whether what follows a scheme's colon (from `at`) opens an authority: two slashes, or for a
 * special scheme one, or none where a host's first letter or digit follows the colon at once
 * (`https:host` reads as `https://host`; `/wiki/Special:Search` has no special scheme);
 * `'encoded'` where a slash is percent-encoded. Where no slash opens one, a special scheme's
 * slashes may be backslashes (`https:%5C%5Chost`), as WHATWG's parser reads them. A scheme and
 * slashes that end the text open nothing (`…/see/https://`): no host follows.
 */
function openingAfterColon(text: string, at: number, special: boolean): 'written' | 'encoded' | undefined {
  return slashesOpening(text, at, special, false) ?? (special ? slashesOpening(text, at, special, true) : undefined);
}

// `openingAfterColon`'s reading with slashes alone, or with backslashes too (`backslashes`).
function slashesOpening(text: string, at: number, special: boolean, backslashes: boolean): 'written' | 'encoded' | undefined {
  const first = backslashes ? slashWidthAt(text, at) : escapedAt(text, at, PATH_SLASH);
  if (first === 0) return special && isAsciiLetterOrDigit(text.charCodeAt(at)) ? 'written' : undefined;
  const second = backslashes ? slashWidthAt(text, at + first) : escapedAt(text, at + first, PATH_SLASH);
  if (second === 0 && !special) return undefined;
  if (at + first + second >= text.length || (backslashes && opensUriAt(text, at + first + second))) return undefined;
  return first === 3 || second === 3 ? 'encoded' : 'written';
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
