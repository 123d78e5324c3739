/**
 * Splitting a uri's query, fragment and path into parameters (SPEC §7). Pure text mechanics,
 * written as character scans because they run on every link a result shows: which parameters
 * count is decided in `credential.ts`.
 */
import { opensEncodedUriAt, percentDecode } from './nested-uri.js';

/** One parameter as written in a query, a fragment or a path. */
export interface UriParameter {
  /** The name, percent-decoded and folded (`foldName`); `''` for a piece with no `=`. */
  readonly name: string;
  /** The value as written (still percent-encoded); a piece with no `=` is all value. */
  readonly value: string;
}

const AMPERSAND = 0x26;
const SLASH = 0x2f;
const SEMICOLON = 0x3b;
const QUESTION_MARK = 0x3f;

const ASCII = /^[\x00-\x7f]*$/;
const NOT_LETTER_OR_DIGIT = /[^a-z0-9]/g;

/**
 * Folds a parameter name for comparison (SPEC §7): percent-decoded once, lower-cased, and
 * reduced to its letters and digits, so `X-Amz-Signature`, `accessToken`, `access-token`,
 * `token[]`, `%74oken` and `to%01ken` compare as `xamzsignature`, `accesstoken`, `token`.
 */
export function foldName(name: string): string {
  const lower = percentDecode(name).toLowerCase();
  if (!ASCII.test(lower)) return lower.replace(NOT_LETTER_OR_DIGIT, '');
  // The same as the replacement above, without a global regular expression: runs of letters
  // and digits are kept, everything else is dropped.
  let folded = '';
  let start = 0;
  for (let index = 0; index < lower.length; index++) {
    const code = lower.charCodeAt(index);
    if (!((code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39))) {
      folded += lower.slice(start, index);
      start = index + 1;
    }
  }
  return start === 0 ? lower : folded + lower.slice(start);
}

function parameterOf(piece: string): UriParameter {
  const equals = piece.indexOf('=');
  return equals < 0
    ? { name: '', value: piece }
    : { name: foldName(piece.slice(0, equals)), value: piece.slice(equals + 1) };
}

/**
 * The parameters of a query or fragment, given with its leading `?` or `#` (or empty), read
 * both ways (SPEC §7): with `&` alone as separator, and with `&`, `?` and `;` all separators,
 * so `#/reset?token=…` and `?a=1;token=…` yield `token`, while `?token=;…` keeps its value.
 * Where there is no `?` or `;` to split at, the second reading is the first and is given once.
 * The parameters are appended to `parameters` (a new list by default), which is returned.
 */
export function queryParameters(part: string, parameters: UriParameter[] = []): UriParameter[] {
  addQueryPieces(parameters, part, false);
  if (part.includes('?', 1) || part.includes(';')) addQueryPieces(parameters, part, true);
  return parameters;
}

function addQueryPieces(parameters: UriParameter[], part: string, everySeparator: boolean): void {
  let start = 1;
  for (let index = 1; index < part.length; index++) {
    const code = part.charCodeAt(index);
    if (code === AMPERSAND || (everySeparator && (code === QUESTION_MARK || code === SEMICOLON))) {
      addPiece(parameters, part, start, index);
      start = index + 1;
    }
  }
  addPiece(parameters, part, start, part.length);
}

function addPiece(parameters: UriParameter[], text: string, start: number, end: number): void {
  if (end > start) parameters.push(parameterOf(text.slice(start, end)));
}

/**
 * The parameters written into a path: each segment split at `;` and `&` (matrix parameters
 * `;jsessionid=…`, CDN token segments `bcdn_token=…&expires=…`), a piece with no `=` being a
 * bare value (a token segment, a JWT, a percent-encoded uri). From the first segment that
 * opens a hex or base64 encoded uri, the rest of the path is one value with its slashes
 * removed, since imgproxy may split its base64url source across segments. The parameters are
 * appended to `parameters` (a new list by default), which is returned.
 */
export function pathParameters(pathname: string, parameters: UriParameter[] = []): UriParameter[] {
  let start = 0;
  for (let index = 0; index < pathname.length; index++) {
    if (index === start && opensEncodedUriAt(pathname, start)) {
      parameters.push({ name: '', value: pathname.slice(start).replaceAll('/', '') });
      return parameters;
    }
    const code = pathname.charCodeAt(index);
    if (code === SLASH || code === SEMICOLON || code === AMPERSAND) {
      addPiece(parameters, pathname, start, index);
      start = index + 1;
    }
  }
  addPiece(parameters, pathname, start, pathname.length);
  return parameters;
}
