/**
 * Reading a uri into its parts, and its query, fragment and path as parameters (docs/design.md §7). Pure
 * text mechanics, written for speed because they run on every link a result shows (the plain
 * form most links have is read without the URL parser, separators are found with `indexOf`, and
 * parameters are read only until one holds): which parameters count is decided in
 * `credential.ts`.
 */
import { percentDecode } from '../text/percent-decode.js';
import { hasScheme, opensEncodedUriAt } from './nested-uri.js';

/**
 * What is asked of each parameter of a uri (`someUriParameter`): an object rather than two
 * functions, so that a reading needs no closures made for each uri.
 */
export interface ParameterTests {
  /**
   * Whether a parameter written `name=value` holds: `name` is percent-decoded and folded
   * (`foldName`), `value` is as written (still percent-encoded) and may be empty.
   */
  named(name: string, value: string): boolean;
  /** Whether a piece written with no `=`, all value, holds: `value` is as written, never empty. */
  bare(value: string): boolean;
  /**
   * True where `named` and `bare` answer from their arguments alone (as a uri's reading does,
   * everything else about the uri fixed): a piece's text met again in one `someUriParameter`
   * call (`?t=1&t=1&…`) is then not tried again, once it didn't hold.
   */
  readonly answersByText?: boolean;
}

/**
 * The pieces of one uri already tried and not held, by their text (`ParameterTests.answersByText`):
 * a hostile uri repeating pieces costs one trial per distinct piece, not one per occurrence. The
 * piece tried last is compared in place first, so a piece repeated back to back (`t=1&t=1&…`)
 * is passed over with no text cut out of the uri.
 */
class TriedPieces {
  private readonly texts = new Set<string>();
  private last = '';

  /** Whether `text[start, end)` was tried and didn't hold; where not, it is to be tried and then `add`ed. */
  has(text: string, start: number, end: number): boolean {
    if (end - start === this.last.length && sameText(text, start, this.last)) return true;
    const piece = text.slice(start, end);
    if (!this.texts.has(piece)) return false;
    this.last = piece;
    return true;
  }

  /** Keeps `text[start, end)` as tried, not held. */
  add(text: string, start: number, end: number): void {
    this.last = text.slice(start, end);
    this.texts.add(this.last);
  }
}

// Whether `text` holds `piece` at `start`.
function sameText(text: string, start: number, piece: string): boolean {
  for (let index = 0; index < piece.length; index++) {
    if (text.charCodeAt(start + index) !== piece.charCodeAt(index)) return false;
  }
  return true;
}

/**
 * The parts' length from which `someUriParameter` keeps the pieces it tried: a shorter uri has
 * too few pieces for a repeat to cost much, and is spared the set.
 */
const TRIED_PIECES_FROM_CHARS = 256;

const AMPERSAND = 0x26;
const EQUALS = 0x3d;
const SLASH = 0x2f;
const SEMICOLON = 0x3b;
const QUESTION_MARK = 0x3f;
const HASH = 0x23;
const EXCLAMATION_MARK = 0x21;

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

const ASCII = /^[\x00-\x7f]*$/;
const NOT_LETTER_OR_DIGIT = /[^a-z0-9]/g;

// Names met before, with their foldings: links repeat a few names (`X-Amz-Signature`,
// `utm_source`) endlessly. Bounded by bytes as well as count: only names of at most
// `FOLDED_NAME_MAX` characters are kept (every listed name is far shorter), so the cache holds
// at most `FOLDED_MAX` × 2 × `FOLDED_NAME_MAX` characters, whatever names a result sends; it is
// emptied when full, and each key is a copy, so no link's text is held on to.
const FOLDED = new Map<string, string>();
const FOLDED_MAX = 512;
/** The longest name the folding cache keeps (a longer one is folded each time it is met). */
export const FOLDED_NAME_MAX = 64;

/**
 * The characters the folding cache holds now (keys and foldings): at most
 * `512 × 2 × FOLDED_NAME_MAX`, whatever names were folded.
 */
export function foldedCacheChars(): number {
  let chars = 0;
  for (const [name, folded] of FOLDED) chars += name.length + folded.length;
  return chars;
}

/**
 * Folds a parameter name for comparison (docs/design.md §7): percent-decoded once, lower-cased, and
 * reduced to its letters and digits, so `X-Amz-Signature`, `accessToken`, `access-token`,
 * `token[]`, `%74oken` and `to%01ken` compare as `xamzsignature`, `accesstoken`, `token`.
 */
export function foldName(name: string): string {
  if (isFolded(name)) return name;
  if (name.length > FOLDED_NAME_MAX) return foldAnew(name);
  let folded = FOLDED.get(name);
  if (folded === undefined) {
    folded = foldAnew(name);
    if (FOLDED.size >= FOLDED_MAX) FOLDED.clear();
    FOLDED.set(copyOf(name), copyOf(folded));
  }
  return folded;
}

// Whether `name` is all lower-case ASCII letters and digits, and so its own folding.
function isFolded(name: string): boolean {
  for (let index = 0; index < name.length; index++) {
    if (!isLowerLetterOrDigit(name.charCodeAt(index))) return false;
  }
  return true;
}

function foldAnew(name: string): string {
  return foldDecoded(percentDecode(name).toLowerCase());
}

// A string equal to `text` that shares no storage with the text it was cut from.
function copyOf(text: string): string {
  return ` ${text}`.slice(1);
}

function foldDecoded(lower: string): string {
  return ASCII.test(lower) ? lettersAndDigits(lower) : lower.replace(NOT_LETTER_OR_DIGIT, '');
}

// The same as the replacement above for ASCII text, without a global regular expression: runs
// of letters and digits are kept, everything else is dropped.
function lettersAndDigits(lower: string): string {
  let folded = '';
  let start = 0;
  for (let index = 0; index < lower.length; index++) {
    if (!isLowerLetterOrDigit(lower.charCodeAt(index))) {
      folded += lower.slice(start, index);
      start = index + 1;
    }
  }
  return start === 0 ? lower : folded + lower.slice(start);
}

function isLowerLetterOrDigit(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39);
}

/**
 * Whether some parameter of a parsed uri holds (`tests`): one of its query
 * (`someQueryParameter`), then its fragment (`someFragmentParameter`), then its path
 * (`somePathParameter`). Stops at the first that holds, so the rest are never read.
 */
export function someUriParameter(parts: UriParts, tests: ParameterTests): boolean {
  const { search, hash, pathname } = parts;
  const tried = tests.answersByText === true && search.length + hash.length + pathname.length >= TRIED_PIECES_FROM_CHARS ? new TriedPieces() : undefined;
  return someQueryParameter(search, tests, tried) || someFragmentParameter(hash, tests, tried) || somePathParameter(pathname, tests, tried);
}

/**
 * Whether a parsed uri has a parameter (`someUriParameter`) whose folded name is one of `names`,
 * whatever its value; a bare value's name is `''`.
 */
export function hasParameterNamed(parts: UriParts, names: ReadonlySet<string>): boolean {
  return someUriParameter(parts, new NameSearch(names));
}

/**
 * The folded names of every parameter of a parsed uri (`someUriParameter`), whatever their
 * values, with `''` for a bare value: one scan, so that a caller asking about several names, or
 * about the same names for each of many parameters, reads the uri once.
 */
export function parameterNames(parts: UriParts): ReadonlySet<string> {
  const collector = new NameCollector();
  someUriParameter(parts, collector);
  return collector.names;
}

/**
 * Whether the parts of a parsed uri that `someUriParameter` reads (query, fragment, path) hold
 * at most one `=`: then at most one of its parameters has a name, and a question about the
 * names beside it (`parameterNames`) has its answer without a scan.
 */
export function namesOneParameter(parts: UriParts): boolean {
  return equalsIn(parts.search) + equalsIn(parts.hash) + equalsIn(parts.pathname) <= 1;
}

// How many `=` `part` holds, counted up to two.
function equalsIn(part: string): number {
  const first = part.indexOf('=');
  if (first < 0) return 0;
  return part.indexOf('=', first + 1) < 0 ? 1 : 2;
}

// Never holds, so that every parameter is visited; a piece met again adds nothing.
class NameCollector implements ParameterTests {
  readonly names = new Set<string>();
  readonly answersByText = true;

  named(name: string): boolean {
    this.names.add(name);
    return false;
  }

  bare(): boolean {
    this.names.add('');
    return false;
  }
}

class NameSearch implements ParameterTests {
  constructor(private readonly names: ReadonlySet<string>) {}

  named(name: string): boolean {
    return this.names.has(name);
  }

  bare(): boolean {
    return this.names.has('');
  }
}

/**
 * Whether some parameter of a query or fragment, given with its leading `?` or `#` (or empty),
 * holds (`tests`), the part read both ways (docs/design.md §7): with `&` alone as separator,
 * and with `&`, `?` and `;` all separators, so `?a=1;token=…` yields `token`, while
 * `?token=;…` keeps its value. A piece that both readings give alike (one with no `?` or `;`)
 * is tried once; empty pieces are skipped. Stops at the first that holds.
 */
export function someQueryParameter(part: string, tests: ParameterTests, tried?: TriedPieces): boolean {
  // One pass over each piece finds its end, its first `=` and whether it splits further: a
  // search per separator would cost a call each for the short pieces most queries have.
  // Where pieces answer by their text, one that splits and repeats the piece before it
  // (`a=1;b?c&a=1;b?c&…`) is passed over whole: neither of its readings held there.
  let previous = -1;
  let previousEnd = -1;
  for (let start = 1; start < part.length; ) {
    let end = start;
    let equals = -1;
    let splits = false;
    for (; end < part.length; end++) {
      const code = part.charCodeAt(end);
      if (code === AMPERSAND) break;
      if (code === EQUALS) {
        if (equals < 0) equals = end;
      } else if (code === QUESTION_MARK || code === SEMICOLON) {
        splits = true;
      }
    }
    if (end > start) {
      if (splits && tried !== undefined && repeatsPiece(part, previous, previousEnd, start, end)) {
        start = end + 1;
        continue;
      }
      if (pieceHolds(part, start, equals, end, tests, tried)) return true;
      if (splits && subPiecesHold(part, start, end, tests, tried)) return true;
      previous = start;
      previousEnd = end;
    }
    start = end + 1;
  }
  return false;
}

/**
 * Whether some parameter of a fragment, given with its leading `#` (or empty), holds (`tests`):
 * the fragment is read as a query is (`someQueryParameter`), save a route with a query
 * (`#/swap?token=ETH`, `#!/reset?token=…`), which a single-page app's router reads as a path
 * and then a query of its own: the route is one part and its query another, so the route never
 * runs into the first name. Stops at the first that holds.
 */
export function someFragmentParameter(hash: string, tests: ParameterTests, tried?: TriedPieces): boolean {
  const query = routeQueryAt(hash);
  return query < 0
    ? someQueryParameter(hash, tests, tried)
    : someQueryParameter(hash.slice(0, query), tests, tried) || someQueryParameter(hash.slice(query), tests, tried);
}

// Where the query of a fragment route (`#/…?` or `#!/…?`) opens, or -1.
function routeQueryAt(hash: string): number {
  const route = hash.charCodeAt(1) === EXCLAMATION_MARK ? 2 : 1;
  return hash.charCodeAt(route) === SLASH ? hash.indexOf('?', route) : -1;
}

// Whether some piece of `part[start, end)` split at `?` and `;` as well holds.
function subPiecesHold(part: string, start: number, end: number, tests: ParameterTests, tried: TriedPieces | undefined): boolean {
  let equals = -1;
  for (let index = start; index < end; index++) {
    const code = part.charCodeAt(index);
    if (code === QUESTION_MARK || code === SEMICOLON) {
      if (pieceHolds(part, start, equals, index, tests, tried)) return true;
      start = index + 1;
      equals = -1;
    } else if (code === EQUALS && equals < 0) {
      equals = index;
    }
  }
  return pieceHolds(part, start, equals, end, tests, tried);
}

/**
 * Whether some parameter written into a path holds (`tests`): each segment split at
 * `;` and `&` (matrix parameters `;jsessionid=…`, CDN token segments
 * `bcdn_token=…&expires=…`), a piece with no `=` being a bare value (a token segment, a JWT, a
 * percent-encoded uri). At the first segment that opens a hex or base64 encoded uri, the rest of
 * the path is first tried as one bare value with its slashes removed, since imgproxy may split
 * its base64url source across segments; the segments are still read one by one after it, since
 * what only opens like an encoding (a hex id `2f2f…`) may decode to nothing. Only the first
 * opening joins the rest: the join is itself read as a path at the next level, and one join per
 * reading keeps the levels a chain, not a tree. Stops at the first that holds.
 */
export function somePathParameter(pathname: string, tests: ParameterTests, tried?: TriedPieces): boolean {
  let joined = false;
  for (let start = 0; ; ) {
    // A separator where a piece would open makes an empty piece, which holds nothing and opens
    // no encoding: a run of them (`//////…`) is passed over here, one character at a time.
    while (start < pathname.length && isPathSeparator(pathname.charCodeAt(start))) start++;
    if (start >= pathname.length) return false;
    // One pass over the piece finds its end and its first `=`.
    let end = start;
    let equals = -1;
    for (; end < pathname.length; end++) {
      const code = pathname.charCodeAt(end);
      if (isPathSeparator(code)) break;
      if (code === EQUALS && equals < 0) equals = end;
    }
    if (!joined && opensEncodedUriAt(pathname, start)) {
      joined = true;
      // Where the rest of the path is this one bare piece (camo's last segment), reading the
      // piece is reading the rest.
      const restIsPiece = end === pathname.length && equals < 0;
      if (!restIsPiece && tests.bare(pathname.slice(start).replaceAll('/', ''))) return true;
    }
    if (pieceHolds(pathname, start, equals, end, tests, tried)) return true;
    if (end === pathname.length) return false;
    start = end + 1;
  }
}

// Whether `text[start, end)` is the same text as `text[previous, previousEnd)` (none when `previous` is -1).
function repeatsPiece(text: string, previous: number, previousEnd: number, start: number, end: number): boolean {
  if (previous < 0 || previousEnd - previous !== end - start) return false;
  for (let index = 0; index < end - start; index++) {
    if (text.charCodeAt(start + index) !== text.charCodeAt(previous + index)) return false;
  }
  return true;
}

function isPathSeparator(code: number): boolean {
  return code === SLASH || code === SEMICOLON || code === AMPERSAND;
}

// Where `char` first occurs in `text` from `from` on, or the length of `text`.
function indexOr(text: string, char: string, from: number): number {
  const index = text.indexOf(char, from);
  return index < 0 ? text.length : index;
}

// Whether the piece `text[start, end)`, whose first `=` is at `equals` (-1 for none), holds; an
// empty piece holds nothing.
function pieceHolds(
  text: string,
  start: number,
  equals: number,
  end: number,
  tests: ParameterTests,
  tried?: TriedPieces,
): boolean {
  if (end <= start) return false;
  if (tried === undefined) return pieceTextHolds(text, start, equals, end, tests);
  if (tried.has(text, start, end)) return false;
  if (pieceTextHolds(text, start, equals, end, tests)) return true;
  tried.add(text, start, end);
  return false;
}

function pieceTextHolds(text: string, start: number, equals: number, end: number, tests: ParameterTests): boolean {
  return equals < 0 ? tests.bare(text.slice(start, end)) : tests.named(foldName(text.slice(start, equals)), text.slice(equals + 1, end));
}

/**
 * Whether some piece of `text` split at every `&`, `?`, `;`, `#` and `/` holds (`tests`): a
 * reading with no structure, for text past the nesting bound, where a parameter may sit behind
 * any number of separators. Empty pieces are skipped; stops at the first that holds.
 */
export function someParameterAnywhere(text: string, tests: ParameterTests): boolean {
  let start = 0;
  let equals = -1;
  for (let index = 0; index <= text.length; index++) {
    const code = index < text.length ? text.charCodeAt(index) : AMPERSAND;
    if (code === AMPERSAND || code === QUESTION_MARK || code === SEMICOLON || code === HASH || code === SLASH) {
      if (pieceHolds(text, start, equals, index, tests)) return true;
      start = index + 1;
      equals = -1;
    } else if (code === EQUALS && equals < 0) {
      equals = index;
    }
  }
  return false;
}

/**
 * The last two labels of a host name (`slack.com` for `hooks.slack.com`, a trailing dot left
 * off): the key under which the shapes of a family's hosts are looked up.
 */
export function lastTwoLabels(hostname: string): string {
  const end = hostname.endsWith('.') ? hostname.length - 1 : hostname.length;
  const last = hostname.lastIndexOf('.', end - 1);
  return hostname.slice(hostname.lastIndexOf('.', last - 1) + 1, end);
}

/**
 * A pattern over a uri's host and path (`UriParts.hostPath`), tried on the given hosts only, or
 * on every uri; one that opens with `^/` is tried on the path alone, anchored at its start.
 */
export interface HostPathShape {
  readonly pattern: RegExp;
  /** Domains whose hosts (subdomains included) the pattern is tried on, `''` for a uri with no host. */
  readonly hosts?: readonly string[];
}

/**
 * Path shapes grouped for speed: those with hosts are looked up by the last two labels of each
 * (`lastTwoLabels`), once a host is known to end in one of them, so a link is tried against its
 * own family's shapes only; those anchored at the start of the path are one expression tried
 * on the path; the others are one expression tried on every uri's host and path. Each shape
 * reads a run of slashes as one (`mergingSlashes`).
 */
export class PathShapes {
  private readonly anyHost: RegExp;
  private readonly pathStart: RegExp;
  private readonly byHost: ReadonlyMap<string, RegExp>;
  // Whether a host name ends in a key of `byHost` (or is empty): most hosts are turned away here.
  private readonly shapedHost: RegExp;

  constructor(shapes: readonly HostPathShape[]) {
    const sources = (chosen: readonly HostPathShape[]) => chosen.map((shape) => mergingSlashes(shape.pattern.source)).join('|') || '(?!)';
    const anyHost = shapes.filter((shape) => shape.hosts === undefined);
    const atPathStart = (shape: HostPathShape) => shape.pattern.source.startsWith('^\\/');
    this.anyHost = new RegExp(sources(anyHost.filter((shape) => !atPathStart(shape))));
    this.pathStart = new RegExp(sources(anyHost.filter(atPathStart)));
    const keys = [...new Set(shapes.flatMap((shape) => shape.hosts ?? []).map(lastTwoLabels))];
    this.byHost = new Map(
      keys.map((key) => [key, new RegExp(sources(shapes.filter((shape) => shape.hosts?.some((host) => lastTwoLabels(host) === key))))]),
    );
    const named = keys.filter((key) => key !== '').map((key) => key.replaceAll('.', '\\.'));
    this.shapedHost = new RegExp(`(?:^|\\.)(?:${named.join('|') || '(?!)'})\\.?$|^$`);
  }

  /** Whether a shape holds on a uri with these parts. */
  holdOn(parts: UriParts): boolean {
    if (this.anyHost.test(parts.hostPath) || this.pathStart.test(parts.pathname)) return true;
    if (!this.shapedHost.test(parts.hostname)) return false;
    return this.byHost.get(lastTwoLabels(parts.hostname))?.test(parts.hostPath) === true;
  }
}

// In a pattern's source, a token read whole: `\/\/`, a character class, or an escape.
const SOURCE_TOKEN = /\\\/\\\/|\[(?:\\[^]|[^\]\\])*\]|\\[^]/g;
const QUANTIFIER = /^[?*+{]/;

/**
 * A pattern's source with each lone `\/` outside a character class and with no quantifier made
 * `\/+`, so that it reads a path whose slashes come in runs (`//services/…`) as a server that
 * merges them reads it (`/services/…`). A `\/\/` (an authority written into a path) is kept, and
 * so is a `\/` opening the source: a run before it changes nothing for a pattern that may match
 * anywhere, and `\/+` there would retry the run from each of its slashes.
 */
export function mergingSlashes(source: string): string {
  return source.replace(SOURCE_TOKEN, (token: string, at: number) =>
    token === '\\/' && at > 0 && !QUANTIFIER.test(source.slice(at + 2, at + 3)) ? '\\/+' : token,
  );
}

/**
 * A global, case-insensitive expression matching any of `words` as a whole path segment, with
 * its leading `/`, each `-` in a word written `-`, `_` or not at all (`reset-password`,
 * `reset_password`, `ResetPassword`). For `someSegmentAfter` and `hasSegment`.
 */
export function segmentPattern(words: readonly string[]): RegExp {
  return new RegExp(`/(?:${words.map((word) => word.replaceAll('-', '[-_]?')).join('|')})(?=/|$)`, 'gi');
}

/** Whether `pathname` has a segment `pattern` (`segmentPattern`) matches. */
export function hasSegment(pathname: string, pattern: RegExp): boolean {
  pattern.lastIndex = 0;
  return pattern.test(pathname);
}

/** What is asked of a path segment (`someSegmentAfter`). */
export interface SegmentTest {
  /** Whether the segment, as written (never empty), holds. */
  segment(text: string): boolean;
}

/**
 * Whether, in `pathname`, one of the `span` segments that follow a segment `marker` matches
 * (`segmentPattern`) holds (`tests`); empty segments are passed over and not counted, so
 * `/reset//a/t` reads as `/reset/a/t` does on a server that merges slashes. Each marker reads
 * at most `span` segments, so the cost stays linear in the segments.
 */
export function someSegmentAfter(pathname: string, marker: RegExp, span: number, tests: SegmentTest): boolean {
  // A segment after a marker needs a `/` after the marker's own: a path of one segment (most
  // links' `/file.csv`) is turned away with no expression tried. Most other paths hold no
  // marker: a test, which builds no match, turns them away.
  if (pathname.indexOf('/', pathname.indexOf('/') + 1) < 0 || !hasSegment(pathname, marker)) return false;
  marker.lastIndex = 0;
  for (let match = marker.exec(pathname); match !== null; match = marker.exec(pathname)) {
    let start = marker.lastIndex + 1;
    for (let read = 0; read < span && start < pathname.length; ) {
      const end = indexOr(pathname, '/', start);
      if (end > start) {
        if (tests.segment(pathname.slice(start, end))) return true;
        read++;
      }
      start = end + 1;
    }
  }
  return false;
}
