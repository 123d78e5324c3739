/**
 * A reference's or link's `name` as a stub, line or script object shows it. Servers often name
 * a link by its uri, whole or in part; a name that holds the uri (whole, without its scheme, or
 * its host and path), that holds a random-looking piece of its own uri where that uri may carry
 * a credential, that is itself shaped like a uri, that may carry a credential (as a uri, in one
 * of its words, or as a documented token or JWT anywhere in it), or that a `never` claim covers
 * would show what the uri rule withholds, so it isn't shown. Each rule judges the name as it
 * reads (`asRead`), as the uri's rules judge the uri.
 */
import type { ResultClaims } from '../references/claims.js';
import { asRead, LABEL_MAX_CHARS, shownLabelText } from '../text/labels.js';
import { CREDENTIAL_VALUE_SHAPES, ORDINARY_PATH_SEGMENT } from './credential-lists.js';
import { uriMayCarryCredential } from './credential.js';
import { looksLikeJwt } from './jwt.js';
import { percentDecode } from './nested-uri.js';
import { judgedUriMayCarryCredential, judgedUriText, shownUriText } from './shown-uri-text.js';

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

/**
 * Runs of a name's token characters, at least six long (a short password): no space, and no
 * separator of a uri's parts (`/ : @ ? & # ;`), so a run is at most one piece of a uri.
 */
const NAME_RUNS = /[\w\-.~+=%]{6,}/g;

/**
 * The longest a name's label may read as (`asRead`) and still be judged: four times the label's
 * bound, far more than any name of ordinary characters reads as.
 */
export const NAME_READ_MAX_CHARS = 4 * LABEL_MAX_CHARS;

/** The name to show for a reference to `uri`, or undefined where none may be shown. */
export function shownName(name: string | undefined, uri: string, claims: ResultClaims): string | undefined {
  if (name === undefined || name === '') return undefined;
  // The rules judge what the name shows as (its label, at most `LABEL_MAX_CHARS`), as a reader
  // reads it: a part the label cuts off is never shown, and reading only the label bounds the
  // work, whatever NFKC makes of it.
  const text = asRead(shownLabelText(name));
  // A label that reads as far longer than it shows (NFKC grows U+FDFA 18×) is withheld unread:
  // failing closed keeps every rule below within a bounded text.
  if (text.length > NAME_READ_MAX_CHARS) return undefined;
  if (URI_SHAPED.test(text) || holdsUri(text, uri) || mayCarryCredential(text) || holdsSecretPiece(text, uri)) return undefined;
  return claims.withholds(name) ? undefined : name;
}

/**
 * Whether a name (as read) holds `uri`: whole, or as shown, or without its scheme, or its
 * authority and path without the query (`hooks.example.com/services/T0/B0/secret`).
 */
function holdsUri(text: string, uri: string): boolean {
  if (uri.length < HELD_URI_MIN_CHARS) return text === uri;
  if (text.length < HELD_URI_MIN_CHARS) return false;
  if (text.includes(uri)) return true;
  // The uri's text first: the name's own is computed last, so the link's next question about
  // its uri finds that text still at hand.
  const uriText = shownUriText(uri);
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
 * that the uri holds, as written or decoded (a password, a signature, a webhook's secret).
 */
function holdsSecretPiece(text: string, uri: string): boolean {
  // The name's runs first: most names have no random-looking run, and then the uri's question
  // (a full credential reading, on lanes that show no line) is never asked.
  const runs = text.match(NAME_RUNS)?.filter(looksRandom);
  if (runs === undefined || runs.length === 0 || !judgedUriMayCarryCredential(uri)) return false;
  const judged = judgedUriText(uri);
  let decoded: string | undefined;
  for (const run of runs) {
    if (judged.includes(run)) return true;
    decoded ??= percentDecode(judged);
    if (decoded.includes(run)) return true;
  }
  return false;
}

/** A value with letters and digits (or both cases), and no slug or file name. */
function looksRandom(value: string): boolean {
  return /[A-Za-z]/.test(value) && (/\d/.test(value) || (/[a-z]/.test(value) && /[A-Z]/.test(value))) && !ORDINARY_PATH_SEGMENT.test(value);
}
