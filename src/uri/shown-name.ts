/**
 * A reference's or link's `name` as a stub, line or script object shows it. Servers often name
 * a link by its uri, whole or without its scheme; a name that holds the uri, that is itself
 * shaped like a uri, that may carry a credential (as a uri, or in one of its words: a
 * `name=value`, a `host/path`, a token), or that a `never` claim covers would show what the uri
 * rule withholds, so it isn't shown. Each rule judges the name as it shows (without the
 * characters no label may carry), as the uri's rules judge the uri.
 */
import type { ResultClaims } from '../references/claims.js';
import { stripUnshowable } from '../text/labels.js';
import { uriMayCarryCredential } from './credential.js';
import { shownUriText } from './shown-uri-text.js';

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


/** The name to show for a reference to `uri`, or undefined where none may be shown. */
export function shownName(name: string | undefined, uri: string, claims: ResultClaims): string | undefined {
  if (name === undefined || name === '') return undefined;
  const text = stripUnshowable(name);
  if (URI_SHAPED.test(text) || holdsUri(text, uri) || mayCarryCredential(text)) return undefined;
  return claims.withholds(name) ? undefined : name;
}

/**
 * Whether a name (as shown) holds `uri`: whole, or as shown, or without its scheme, or its
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
  const placeEnd = endOfPlace(uriText, start);
  const placeLength = placeEnd - start;
  if (text.length < placeLength) return false;
  if (placeLength >= HELD_URI_MIN_CHARS && text.includes(uriText.slice(start, placeEnd))) return true;
  const restLength = uriText.length - start;
  return restLength >= HELD_URI_MIN_CHARS && restLength <= text.length && text.includes(uriText.slice(start));
}

/** Where the place of a uri's text (from `start`) ends: at its query or fragment, or its end. */
function endOfPlace(uriText: string, start: number): number {
  const query = uriText.indexOf('?', start);
  const fragment = uriText.indexOf('#', start);
  if (query < 0) return fragment < 0 ? uriText.length : fragment;
  return fragment < 0 ? query : Math.min(query, fragment);
}

/** Whether a name (as shown) may carry a credential: as a relative uri, or in one of its words. */
function mayCarryCredential(text: string): boolean {
  if (URI_LIKE.test(text) && uriMayCarryCredential(text)) return true;
  // A word worth reading needs a `=` (a `name=value`), a `/` (a `host/path`) or the length of a
  // token: most names (`report.pdf`, `Q3 plan`) have none, and are read no further.
  if (text.length < TOKEN_MIN_CHARS && !text.includes('=') && !text.includes('/')) return false;
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
