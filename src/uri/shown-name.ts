/**
 * A reference's or link's `name` as a stub, line or script object shows it. Servers often name
 * a link by its uri, whole or in part; a name that holds the uri (whole, without its scheme, or
 * its host and path), that holds a random-looking piece of its own uri where that uri may carry
 * a credential, that is itself shaped like a uri, that may carry a credential (as a uri, in one
 * of its words, or as a documented token or JWT anywhere in it), or that a `never` claim covers
 * would show what the uri rule withholds, so it isn't shown. Each rule judges the name as it
 * reads (`asRead`), as the uri's rules judge the uri.
 */
import { LABEL_MAX_CHARS, shownLabelAsRead } from '../text/labels.js';
import { percentDecode } from '../text/percent-decode.js';
import { CREDENTIAL_VALUE_SHAPES, ORDINARY_PATH_SEGMENT } from './credential-lists.js';
import { uriMayCarryCredential } from './credential.js';
import { looksLikeJwt } from './jwt.js';
import type { NeverClaims } from './never-claims.js';
import { readUriText, uriTextMayCarryCredential, type UriText } from './shown-uri-text.js';

/** A name with an authority (`…://`, `//…`) or a `data:` scheme: a uri, not a label. */
const URI_SHAPED = /:\/\/|^\s*\/\/|^\s*data:/i;

/** Characters without which a name can't be a relative uri carrying a credential. */
const URI_LIKE = /[?#;@]/;

/** The shortest run of characters read as a possible token (the documented formats are longer). */
const TOKEN_MIN_CHARS = 16;

/** What splits a name into words: spaces, quotes, brackets and list punctuation. */
const WORD_BREAK = /[\s"'`()<>[\]{},|]+/;

/** A word that opens with a host name and a path: read as an `https` uri. */
const HOST_AND_PATH = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?\//i;

/** The shortest uri a name is checked for holding (a one-letter relative uri is in every name). */
const HELD_URI_MIN_CHARS = 6;

/**
 * A documented token (`CREDENTIAL_VALUE_SHAPES`) anywhere in a text, between characters a
 * token doesn't run on with: `key: ghp_….`, `**sk_live_…**`, `x.ghp_…` all hold one.
 */
const TOKEN_IN_TEXT = new RegExp(CREDENTIAL_VALUE_SHAPES.map(({ pattern }) => tokenInText(pattern.source)).join('|'));

/**
 * A value shape's source (anchored at both ends) as a search in a text, between characters a
 * token doesn't run on with. A shape that opens with runs each ending in one character `c`
 * (`^(?:[^~]*~)+hmac=…`) is found in a text wherever `c` and the rest are — the text's start
 * opens such a run — so it is searched for from `c`: tried from every position as written, its
 * runs would be rescanned from each, at a cost quadratic in the text.
 */
function tokenInText(source: string): string {
  const body = source.replace(/^\^/, '').replace(/\$$/, '');
  const runs = /^\(\?:\[\^(\\?.)\]\*(\\?.)\)\+/.exec(body);
  if (runs !== null && runs[1] === runs[2]) return `${runs[1]}(?:${body.slice(runs[0].length)})(?![\\w-])`;
  return `(?<![\\w-])(?:${body})(?![\\w-])`;
}

/** Runs shaped like a JWT's dotted parts, each then read by `looksLikeJwt`. */
const JWT_CANDIDATES = /[\w-]+(?:\.[\w-]*){2,4}/g;

/** The shortest run of a name's token characters read (`NAME_RUN_CHAR`). */
const NAME_RUN_MIN_CHARS = 6;

/**
 * A character of a name's runs of token characters, which are read when at least
 * {@link NAME_RUN_MIN_CHARS} long (a short password): no space, and no separator of a uri's
 * parts (`/ : @ ? & # ;`), so a run is at most one piece of a uri. Runs are found by
 * `isRunChar`, which answers as this does, with no match made.
 */
export const NAME_RUN_CHAR = /[\w\-.~+=%]/;

/** Whether a character (a UTF-16 code unit) is a name run's (`NAME_RUN_CHAR`): an ASCII letter or digit, or `_ - . ~ + = %`. */
export function isRunChar(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x5f ||
    code === 0x2d ||
    code === 0x2e ||
    code === 0x7e ||
    code === 0x2b ||
    code === 0x3d ||
    code === 0x25
  );
}

/**
 * The longest a name's label may read as (`asRead`) and still be judged: four times the label's
 * bound, far more than any name of ordinary characters reads as.
 */
export const NAME_READ_MAX_CHARS = 4 * LABEL_MAX_CHARS;

/** The name to show for a reference to `uri`, or undefined where none may be shown. */
export function shownName(name: string | undefined, uri: string, claims: NeverClaims): string | undefined {
  if (name === undefined || name === '') return undefined;
  // The rules judge what the name shows as (its label, at most `LABEL_MAX_CHARS`), as a reader
  // reads it: a part the label cuts off is never shown, and reading only the label bounds the
  // work, whatever NFKC makes of it.
  const text = shownLabelAsRead(name);
  // A label that reads as far longer than it shows (NFKC grows U+FDFA 18×) is withheld unread:
  // failing closed keeps every rule below within a bounded text.
  if (text.length > NAME_READ_MAX_CHARS) return undefined;
  if (labelMayCarryCredential(text)) return undefined;
  const uriText = readUriText(uri);
  if (holdsUri(text, uriText) || holdsSecretPiece(text, uriText)) return undefined;
  return claims.withholds(name) ? undefined : name;
}

/**
 * Whether a label (a name, a type; as read) may carry a credential, by the checks a uri takes:
 * it is shaped like a uri (`…://`, `//…`, `data:`), or may carry one as a relative uri, in one
 * of its words or as a documented token or JWT anywhere in it. Every label a copy shows of a
 * server's types and names passes here first. (A label is shown cut at a bound under a base64
 * run's length, so the cut label can hold none.)
 */
export function labelMayCarryCredential(text: string): boolean {
  // Every check below reads a `:`, `/`, `?`, `#`, `;`, `@` or `=`, or a label as long as a
  // token: most names (`report.pdf`, `Q3 plan`) have none of these, and are turned away in one
  // pass over their characters.
  if (text.length < TOKEN_MIN_CHARS && !holdsUriSign(text)) return false;
  return URI_SHAPED.test(text) || mayCarryCredential(text);
}

/** Whether `text` holds one of `: / ? # ; @ =`, the characters of a uri's parts and a parameter. */
function holdsUriSign(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x3a || code === 0x2f || code === 0x3f || code === 0x23 || code === 0x3b || code === 0x40 || code === 0x3d) return true;
  }
  return false;
}

/**
 * Whether a name (as read) holds `uri`: whole, or as shown, or without its scheme, or its
 * authority and path without the query (`hooks.example.com/services/T0/B0/secret`).
 */
function holdsUri(text: string, read: UriText): boolean {
  const { uri } = read;
  if (uri.length < HELD_URI_MIN_CHARS) return text === uri;
  if (text.length < HELD_URI_MIN_CHARS) return false;
  if (text.includes(uri)) return true;
  const uriText = read.shown;
  if (uriText.length <= text.length && text.includes(uriText)) return true;
  // Without its scheme (after the `://`), and its place: that rest up to its query or fragment.
  // Lengths first: most names are shorter than any part of their uri worth holding.
  const authority = uriText.indexOf('://');
  const start = authority < 0 ? 0 : authority + 3;
  const placeEnd = endOf(uriText, start, '?', '#');
  const placeLength = placeEnd - start;
  if (text.length < placeLength) return false;
  if (placeLength >= HELD_URI_MIN_CHARS && text.includes(uriText.slice(start, placeEnd))) return true;
  const restLength = uriText.length - start;
  return restLength >= HELD_URI_MIN_CHARS && restLength <= text.length && text.includes(uriText.slice(start));
}

/** Where a part of `text` that opens at `start` ends: at the first of `a` or `b`, or its end. */
function endOf(text: string, start: number, a: string, b: string): number {
  const first = text.indexOf(a, start);
  const second = text.indexOf(b, start);
  if (first < 0) return second < 0 ? text.length : second;
  return second < 0 ? first : Math.min(first, second);
}

/** Whether a name (as read) may carry a credential: as a relative uri, a token, or in a word. */
function mayCarryCredential(text: string): boolean {
  if (URI_LIKE.test(text) && uriMayCarryCredential(text)) return true;
  // A word worth reading needs a `=` (a `name=value`), a `/` (a `host/path`) or the length of a
  // token: most names (`report.pdf`, `Q3 plan`) have none, and are read no further.
  if (text.length < TOKEN_MIN_CHARS && !text.includes('=') && !text.includes('/')) return false;
  if (TOKEN_IN_TEXT.test(text) || (text.match(JWT_CANDIDATES)?.some(looksLikeJwt) ?? false)) return true;
  return text.split(WORD_BREAK).some(wordMayCarryCredential);
}

/**
 * A word of a name read as what it would be in a uri: a `host/path` as an `https` uri, any
 * other word with a `/` as a relative one, and a `name=value` or a long word as a query (where
 * a value under any name is read for a documented token's shape, a JWT, or a nested uri).
 */
function wordMayCarryCredential(word: string): boolean {
  if (word.includes('/') && uriMayCarryCredential(HOST_AND_PATH.test(word) ? `https://${word}` : word)) return true;
  return (word.includes('=') || word.length >= TOKEN_MIN_CHARS) && uriMayCarryCredential(`?${word}`);
}

/**
 * Whether a name (as read) holds a secret-looking piece of its own uri, where that uri may
 * carry a credential: a run of the name's token characters (no separator of a uri's parts
 * inside) that looks random — letters with digits or both cases, no slug or file name — and
 * that the uri holds, as written or decoded (a password, a signature, a webhook's secret); the
 * uri's password as a word of the name, whatever its length; or a random-looking piece of the
 * uri as a reader would still recognize it (`secretPieceRead`).
 */
function holdsSecretPiece(text: string, uri: UriText): boolean {
  // A name too short for any run the rules read (`NAME_RUN_CHAR`, and shorter still than a piece in
  // another form), beside a uri with no userinfo for a password, holds nothing of its uri
  // whatever the uri carries: the uri's question isn't asked for it (on the push lane, which
  // shows no line, this rule is the only one that would ask it).
  const judged = uri.judged;
  if (text.length < NAME_RUN_MIN_CHARS && !judged.includes('@')) return false;
  // The uri's question first: a uri that carries nothing needs no run of the name read.
  return uriTextMayCarryCredential(uri) && nameHoldsPieceOf(text, judged);
}

/**
 * Whether a name (as read) holds a secret-looking piece of the uri text `judged`, which
 * `holdsSecretPiece` has found may carry a credential.
 */
function nameHoldsPieceOf(text: string, judged: string): boolean {
  // Each maximal run of `NAME_RUN_CHAR`s, found by its characters: no array of them is made.
  for (let start = 0; start < text.length; start += 1) {
    if (!isRunChar(text.charCodeAt(start))) continue;
    let end = start + 1;
    while (end < text.length && isRunChar(text.charCodeAt(end))) end += 1;
    if (end - start >= NAME_RUN_MIN_CHARS) {
      const run = text.slice(start, end);
      if (looksRandom(run) && (judged.includes(run) || decodedOf(judged).includes(run))) return true;
    }
    start = end;
  }
  const read = text.length > NAME_READ_CHARS ? text.slice(0, NAME_READ_CHARS) : text;
  return (judged.includes('@') && holdsPassword(read, decodedOf(judged))) || secretPieceRead(read, judged);
}

// The last uri text decoded, and its decoding: decoded once, and only when a rule needs it
// (most names of such links need none).
let decodedFrom: string | undefined;
let lastDecoded = '';

function decodedOf(judged: string): string {
  if (judged !== decodedFrom) {
    lastDecoded = percentDecode(judged);
    decodedFrom = judged;
  }
  return lastDecoded;
}

/** How much of a name the rules below read: more than a name's display bound can show. */
const NAME_READ_CHARS = LABEL_MAX_CHARS * 4 + 64;

/** A uri's userinfo password: after `scheme://user:`, up to its `@`. */
const PASSWORD = /^[a-z][a-z0-9+.-]*:\/\/[^/?#@:]*:([^/?#@]+)@/i;

/** Words of a name, as a password would stand in it. */
const NAME_WORDS = /[^\s"'`()<>[\]{},|:;@/]+/g;

/**
 * Whether a name holds its uri's password (a short one included: `login hX7qZ`) as one of its
 * words, or, from four characters on, anywhere.
 */
function holdsPassword(name: string, decodedUri: string): boolean {
  const password = PASSWORD.exec(decodedUri.length > NAME_READ_CHARS * 8 ? decodedUri.slice(0, NAME_READ_CHARS * 8) : decodedUri)?.[1];
  if (password === undefined) return false;
  if (password.length >= 4 && name.includes(password)) return true;
  return name.match(NAME_WORDS)?.includes(password) ?? false;
}

/** The shortest piece of a uri (letters and digits alone) read for in a name in another form. */
const PIECE_MIN_CHARS = 12;

/** A uri's pieces: what lies between its parts' separators. */
const URI_PIECE = /[^/?#&;=:@,]+/g;

/**
 * Whether a name holds a random-looking piece of its uri (a signature, a key, a token of
 * {@link PIECE_MIN_CHARS} letters and digits or more), or any {@link PIECE_MIN_CHARS}
 * characters of one, as a reader would still recognize them: with dashes, dots or spaces put in
 * or taken out, in either case, reversed, or base64-, percent- or hex-encoded. Name and pieces
 * are compared folded to lower-case letters and digits.
 */
function secretPieceRead(name: string, judgedUri: string): boolean {
  // A name too short for a base64 run whose folding is shorter than a piece holds none in any
  // form. The folding is counted, not made: each character folds to at most one letter or
  // digit (`foldedPiece`), an ASCII one to one exactly when it is a letter or digit. Most names
  // (`file-123.csv`) stop here, unfolded.
  if (name.length < BASE64_IN_NAME_MIN_CHARS && foldedLengthAtMost(name) < PIECE_MIN_CHARS) return false;
  const forms = nameForms(name);
  if (forms === null || !markOpeningTriples(forms)) return false;
  // A piece is scanned by its characters, a window made and looked up only where it opens with
  // a triple one of the name's windows does; the name's windows are made on the first such.
  let windows: ReadonlySet<string> | undefined;
  for (const piece of piecesOf(decodedOf(judgedUri))) {
    for (let start = 0; start + PIECE_MIN_CHARS <= piece.length; start += 1) {
      if (OPENING_TRIPLES[tripleIndex(piece, start)] !== 1) continue;
      windows ??= windowsOf(forms);
      if (windows.has(piece.slice(start, start + PIECE_MIN_CHARS))) return true;
    }
  }
  return false;
}

/**
 * Every form of a name a reader would recognize a piece in, folded: plain, reversed, and each
 * base64, percent or hex decoding; or null where the name is too short to hold a piece in any.
 * Each form is at most a few times the name's length, and the name is bounded
 * (`NAME_READ_CHARS`), so their windows are too.
 */
function nameForms(name: string): readonly string[] | null {
  // The plain form first: most names are too short to hold any piece, and need no other made.
  const plain = foldedPiece(name);
  const base64 = name.length < BASE64_IN_NAME_MIN_CHARS ? null : name.match(BASE64_IN_NAME);
  if (plain.length < PIECE_MIN_CHARS && base64 === null) return null;
  const forms = [plain, [...plain].reverse().join('')];
  for (const run of base64 ?? []) {
    for (let offset = 0; offset < 4; offset += 1) forms.push(foldedPiece(Buffer.from(run.slice(offset), 'base64').toString('latin1')));
  }
  if (name.includes('%')) forms.push(foldedPiece(percentDecode(name)));
  for (const run of name.length < HEX_IN_NAME_MIN_CHARS ? [] : (name.match(HEX_IN_NAME) ?? [])) {
    for (let offset = 0; offset < 2; offset += 1) forms.push(foldedPiece(Buffer.from(run.slice(offset), 'hex').toString('latin1')));
  }
  return forms;
}

/** The {@link PIECE_MIN_CHARS}-character windows of a name's forms. */
function windowsOf(forms: readonly string[]): ReadonlySet<string> {
  const windows = new Set<string>();
  for (const form of forms) {
    for (let start = 0; start + PIECE_MIN_CHARS <= form.length; start += 1) windows.add(form.slice(start, start + PIECE_MIN_CHARS));
  }
  return windows;
}

/**
 * Marks in `OPENING_TRIPLES` the triples the windows of a name's forms open with (after
 * clearing the last name's), and answers whether any form has a window.
 */
function markOpeningTriples(forms: readonly string[]): boolean {
  // Cleared one by one: the table is far larger than a name's windows.
  for (const index of markedTriples) OPENING_TRIPLES[index] = 0;
  markedTriples.length = 0;
  for (const form of forms) {
    for (let start = 0; start + PIECE_MIN_CHARS <= form.length; start += 1) {
      const index = tripleIndex(form, start);
      if (OPENING_TRIPLES[index] === 0) {
        OPENING_TRIPLES[index] = 1;
        markedTriples.push(index);
      }
    }
  }
  return markedTriples.length > 0;
}

/** The base of a folded character's digit: `a`–`z` and `0`–`9`. */
const FOLDED_BASE = 36;

/** The triples of folded characters (`tripleIndex`) the last name's windows open with, marked 1. */
const OPENING_TRIPLES = new Uint8Array(FOLDED_BASE ** 3);

/** Where `OPENING_TRIPLES` holds a mark, cleared before the next name's are made. */
const markedTriples: number[] = [];

/** The three folded characters at `start` of a folded text, as a number below 36³. */
function tripleIndex(folded: string, start: number): number {
  const first = foldedDigit(folded.charCodeAt(start));
  return (first * FOLDED_BASE + foldedDigit(folded.charCodeAt(start + 1))) * FOLDED_BASE + foldedDigit(folded.charCodeAt(start + 2));
}

/** A folded character's digit: `0`–`9` as 0–9, `a`–`z` as 10–35. */
function foldedDigit(code: number): number {
  return code <= 0x39 ? code - 0x30 : code - 0x61 + 10;
}

/** The shortest run of a name read as hex of a piece's window: two hex digits a character. */
const HEX_IN_NAME_MIN_CHARS = 2 * PIECE_MIN_CHARS;

/** Runs of a name that may be hex of a piece's window. */
const HEX_IN_NAME = /[0-9A-Fa-f]{24,}/g;

// The last uri whose pieces were made, and its pieces: a link's name is read against one uri.
let piecesUri: string | undefined;
let lastPieces: readonly string[] = [];

/** A decoded uri's random-looking pieces, folded, each at least {@link PIECE_MIN_CHARS} long. */
function piecesOf(decodedUri: string): readonly string[] {
  if (decodedUri !== piecesUri) {
    lastPieces = (decodedUri.match(URI_PIECE) ?? [])
      .filter(looksRandom)
      .map(foldedPiece)
      .filter((piece) => piece.length >= PIECE_MIN_CHARS);
    piecesUri = decodedUri;
  }
  return lastPieces;
}

/** The shortest run of a name read as base64 of a piece: long enough to encode one. */
const BASE64_IN_NAME_MIN_CHARS = 16;

/** Runs of a name that may be base64 of a piece (its alphabets, long enough to hold one). */
const BASE64_IN_NAME = /[A-Za-z0-9+/_-]{16,}={0,2}/g;

/**
 * `text` in lower-case letters and digits alone: never longer than `text` (no character
 * lower-cases to more than one ASCII letter or digit), so a text shorter than a piece folds to
 * one shorter still.
 */
export function foldedPiece(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/**
 * At least the length of `foldedPiece(text)`, counted without folding: its ASCII letters and
 * digits, and every other character past ASCII (each folds to at most one).
 */
export function foldedLengthAtMost(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code > 0x7f || (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39)) count += 1;
  }
  return count;
}

/** A value with letters and digits (or both cases), and no slug or file name. */
function looksRandom(value: string): boolean {
  // The classes of ASCII characters the value holds, found in one pass: lower case, upper case, digit.
  let classes = 0;
  for (let index = 0; index < value.length && classes !== ALL_CLASSES; index += 1) classes |= asciiClass(value.charCodeAt(index));
  const letters = classes & (LOWER | UPPER);
  return letters !== 0 && ((classes & DIGIT) !== 0 || letters === (LOWER | UPPER)) && !ORDINARY_PATH_SEGMENT.test(value);
}

const LOWER = 1;
const UPPER = 2;
const DIGIT = 4;
const ALL_CLASSES = LOWER | UPPER | DIGIT;

/** `LOWER`, `UPPER` or `DIGIT` for an ASCII letter or digit, 0 for any other character. */
function asciiClass(code: number): number {
  if (code >= 0x61 && code <= 0x7a) return LOWER;
  if (code >= 0x41 && code <= 0x5a) return UPPER;
  return code >= 0x30 && code <= 0x39 ? DIGIT : 0;
}
