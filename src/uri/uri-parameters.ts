/**
 * Scanning a uri's query, fragment and path as parameters (docs/design.md §7), read only until one
 * holds. Written for speed, since it runs on every link a result shows: separators are found in
 * one pass per piece, and a piece repeated through a uri is tried once. Which parameters count is
 * decided in `credential.ts`.
 */
import { foldName } from './fold-name.js';
import { opensEncodedUriAt, SHORT_PLAIN_MAX_CHARS } from './nested-uri.js';
import { TriedPieces } from './tried-pieces.js';
import type { UriParts } from './uri-parts.js';

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
  /**
   * Whether some parameter of the uri's query (`search`, with its `?`) holds, where the tests
   * answer for a query as a whole (a verdict remembered from a uri with the same query): what
   * `someQueryParameter(search, this, tried)` answers. `someUriParameter` asks it in place of
   * reading the query, where it is given.
   */
  query?(search: string, tried: TriedPieces | undefined): boolean;
  /**
   * True where `bare` holds for no short plain value (`isShortPlainPiece`: the values too short
   * and plain to read, as `isShortPlainValue` finds them): a path's pieces of that shape, most
   * links' segments, are then passed over as they are found, with no text cut out of the uri.
   */
  readonly passesOverShortPlain?: boolean;
}

/**
 * The parts' length from which `someUriParameter` keeps the pieces it tried: a shorter uri has
 * too few pieces for a repeat to cost much, and is spared the set.
 */
const TRIED_PIECES_FROM_CHARS = 256;

/**
 * How many pieces `someUriParameter` tries before it keeps those it tries, however long the
 * uri: a uri with fewer (a presigned link's long signature and handful of parameters) tries a
 * few dozen pieces at most, repeats and all, and keeps none. Counting the pieces as they are
 * tried costs nothing; counting a long uri's separators first cost a search of it per separator.
 */
const TRIED_PIECES_KEPT_FROM = 16;

/**
 * The length from which a query piece's `=`, `?` and `;` are found by native searches rather
 * than read a character at a time (`someQueryParameter`): below it, a search's call costs more
 * than reading the characters.
 */
const SEARCHED_PIECE_MIN_CHARS = 24;

// The characters of a short plain piece, by code: ASCII letters and digits, `_`, `.`, `~`, `-`.
const PLAIN_CHAR = new Uint8Array(128);
for (const char of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.~-') PLAIN_CHAR[char.charCodeAt(0)] = 1;

/**
 * A path whose every piece is short plain (`isShortPlainPiece`), its pieces split at `/` alone:
 * most links' paths, which `somePathParameter` answers with one match where tests pass such
 * pieces over. Each piece ends at a `/`, so a failed match backtracks at most a piece's length
 * per piece.
 */
const SHORT_PLAIN_PATH = new RegExp(`^(?:/+[\\w.~-]{1,${SHORT_PLAIN_MAX_CHARS}})*/*$`);

/**
 * Whether `text[start, end)` is a short plain piece: one to `SHORT_PLAIN_MAX_CHARS` ASCII
 * letters, digits, `_`, `.`, `~` and `-`, the values `isShortPlainValue` finds too short and
 * plain to read (`ParameterTests.passesOverShortPlain`).
 */
export function isShortPlainPiece(text: string, start: number, end: number): boolean {
  if (end <= start || end - start > SHORT_PLAIN_MAX_CHARS) return false;
  for (let index = start; index < end; index++) if (!isPlainChar(text.charCodeAt(index))) return false;
  return true;
}

function isPlainChar(code: number): boolean {
  return code < 128 && PLAIN_CHAR[code] === 1;
}

const AMPERSAND = 0x26;
const EQUALS = 0x3d;
const SLASH = 0x2f;
const SEMICOLON = 0x3b;
const QUESTION_MARK = 0x3f;
const HASH = 0x23;
const EXCLAMATION_MARK = 0x21;

/**
 * Whether some parameter of a parsed uri holds (`tests`): one of its query
 * (`someQueryParameter`), then its fragment (`someFragmentParameter`), then its path
 * (`somePathParameter`). Stops at the first that holds, so the rest are never read.
 */
export function someUriParameter(parts: UriParts, tests: ParameterTests): boolean {
  const { search, hash, pathname } = parts;
  const tried =
    tests.answersByText === true && search.length + hash.length + pathname.length >= TRIED_PIECES_FROM_CHARS
      ? new TriedPieces(TRIED_PIECES_KEPT_FROM)
      : undefined;
  const queryHolds = tests.query === undefined ? someQueryParameter(search, tests, tried) : tests.query(search, tried);
  return queryHolds || someFragmentParameter(hash, tests, tried) || somePathParameter(pathname, tests, tried);
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
  // Each piece's end is found by a native search (`indexOf`); a long piece's first `=` and
  // whether it splits further are too (far faster than reading it a character at a time, as a
  // short one is, for which a search's call costs more than its characters). Each search's last
  // find is kept until a piece opens past it, so every search moves only forward and a query
  // costs one pass per separator, however many pieces it has (`a&a&a&…` with no `=`).
  // Where pieces answer by their text, one that splits and repeats the piece before it
  // (`a=1;b?c&a=1;b?c&…`) is passed over whole: neither of its readings held there.
  let previous = -1;
  let previousEnd = -1;
  let nextEquals = -1;
  let nextQuestion = -1;
  let nextSemicolon = -1;
  for (let start = 1; start < part.length;) {
    let end = part.indexOf('&', start);
    if (end < 0) end = part.length;
    if (end > start) {
      let equals = -1;
      let splits = false;
      if (end - start < SEARCHED_PIECE_MIN_CHARS) {
        for (let index = start; index < end; index++) {
          const code = part.charCodeAt(index);
          if (code === EQUALS) {
            if (equals < 0) equals = index;
          } else if (code === QUESTION_MARK || code === SEMICOLON) {
            splits = true;
          }
        }
      } else {
        if (nextEquals < start) nextEquals = nextAt(part, '=', start);
        if (nextQuestion < start) nextQuestion = nextAt(part, '?', start);
        if (nextSemicolon < start) nextSemicolon = nextAt(part, ';', start);
        equals = nextEquals < end ? nextEquals : -1;
        splits = nextQuestion < end || nextSemicolon < end;
      }
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

// Where `char` next occurs in `text` from `from` on, or `text.length` where it doesn't.
function nextAt(text: string, char: string, from: number): number {
  const at = text.indexOf(char, from);
  return at < 0 ? text.length : at;
}

/**
 * Whether some parameter of a fragment, given with its leading `#` (or empty), holds (`tests`):
 * the fragment is read as a query is (`someQueryParameter`), save a route with a query
 * (`#/swap?token=ETH`, `#!/reset?token=…`), which a single-page app's router reads as a path
 * and then a query of its own: the route is one part and its query another, so the route never
 * runs into the first name. Stops at the first that holds.
 */
export function someFragmentParameter(hash: string, tests: ParameterTests, tried?: TriedPieces): boolean {
  // Most uris have no fragment, and a lone `#` has no piece.
  if (hash.length < 2) return false;
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
  const passesOver = tests.passesOverShortPlain === true;
  // Every piece passed over, where none opens an encoded uri (which joins the rest of the path).
  if (passesOver && SHORT_PLAIN_PATH.test(pathname) && !somePieceOpensEncodedUri(pathname)) return false;
  for (let start = 0; ;) {
    // A separator where a piece would open makes an empty piece, which holds nothing and opens
    // no encoding: a run of them (`//////…`) is passed over here, one character at a time.
    while (start < pathname.length && isPathSeparator(pathname.charCodeAt(start))) start++;
    if (start >= pathname.length) return false;
    // One pass over the piece finds its end, its first `=`, and whether it is plain (a plain
    // piece has no `=`).
    let end = start;
    let equals = -1;
    let plain = true;
    for (; end < pathname.length; end++) {
      const code = pathname.charCodeAt(end);
      if (isPathSeparator(code)) break;
      if (code === EQUALS && equals < 0) equals = end;
      plain &&= isPlainChar(code);
    }
    if (!joined && opensEncodedUriAt(pathname, start)) {
      joined = true;
      // Where the rest of the path is this one bare piece (camo's last segment), reading the
      // piece is reading the rest.
      const restIsPiece = end === pathname.length && equals < 0;
      if (!restIsPiece && tests.bare(pathname.slice(start).replaceAll('/', ''))) return true;
    }
    const shortPlain = plain && end - start <= SHORT_PLAIN_MAX_CHARS;
    if (!(passesOver && shortPlain) && pieceHolds(pathname, start, equals, end, tests, tried)) return true;
    if (end === pathname.length) return false;
    start = end + 1;
  }
}

// Whether a piece of a path split at `/` alone opens a hex or base64 encoded uri (`opensEncodedUriAt`).
function somePieceOpensEncodedUri(pathname: string): boolean {
  for (let slash = pathname.indexOf('/'); slash >= 0; slash = pathname.indexOf('/', slash + 1)) {
    if (opensEncodedUriAt(pathname, slash + 1)) return true;
  }
  return false;
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

// Whether the piece `text[start, end)`, whose first `=` is at `equals` (-1 for none), holds; an
// empty piece holds nothing.
function pieceHolds(text: string, start: number, equals: number, end: number, tests: ParameterTests, tried?: TriedPieces): boolean {
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
