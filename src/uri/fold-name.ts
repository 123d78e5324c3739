/**
 * Folding a parameter name for comparison (docs/design.md §7): percent-decoded once, lower-cased,
 * reduced to its letters and digits. Links repeat a few names endlessly, so foldings are kept in
 * a cache bounded by bytes as well as count.
 */
import { ownCopy } from '../text/own-copy.js';
import { percentDecode } from '../text/percent-decode.js';

const ASCII = /^[\x00-\x7f]*$/;
const NOT_LETTER_OR_DIGIT = /[^a-z0-9]/g;

// Names met before, with their foldings: links repeat a few names (`X-Amz-Signature`,
// `utm_source`) endlessly. Bounded by bytes as well as count: only names of at most
// `FOLDED_NAME_MAX` characters are kept (every listed name is far shorter), so the cache holds
// at most `FOLDED_MAX` × 2 × `FOLDED_NAME_MAX` characters, whatever names a result sends; it is
// emptied when full, and each key and folding is a copy of its own (`flatCopy`), so no link's
// text is held on to. Replaced rather than emptied, as `NameMemo`'s answers are: emptying a
// long-lived map allocates its next table in the old generation.
let FOLDED = new Map<string, string>();
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
    // The folding kept is the one given: the lists' names are folded here too, so a name met in
    // a link and the lists' names it is looked up among are all flat copies.
    folded = flatCopy(foldAnew(name));
    if (FOLDED.size >= FOLDED_MAX) FOLDED = new Map();
    FOLDED.set(flatCopy(name), folded);
  }
  return folded;
}

/**
 * A copy of `text` held in one piece of its own: neither a view into a longer text (what
 * slicing gives) nor a join of parts (what concatenating gives), which V8 compares only by a
 * slower path, each time a map holding such a key is asked for an equal one. For a map's key:
 * it keeps nothing of the text it was copied from alive.
 */
export function flatCopy(text: string): string {
  // Below V8's shortest slice and shortest join (13 characters), both a join and a slice are
  // copies in one piece: most names are that short, and are copied so without a list of codes.
  if (text.length < SHORTEST_VIEW_CHARS) return ownCopy(text);
  const codes = new Array<number>(text.length);
  for (let index = 0; index < text.length; index++) codes[index] = text.charCodeAt(index);
  return String.fromCharCode(...codes);
}

// Whether `name` is all lower-case ASCII letters and digits, and so its own folding.
function isFolded(name: string): boolean {
  for (let index = 0; index < name.length; index++) {
    if (!isLowerLetterOrDigit(name.charCodeAt(index))) return false;
  }
  return true;
}

/** The fewest characters V8 keeps as a view (a slice) or a pair (a join) rather than copying. */
const SHORTEST_VIEW_CHARS = 13;

function foldAnew(name: string): string {
  return foldDecoded(percentDecode(name).toLowerCase());
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
