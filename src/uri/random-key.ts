/**
 * Whether a run of base64url or base58 is a random key rather than words (SPEC §7, fragments):
 * the test `FRAGMENT_KEY` leaves to the code, since no linear regular expression can count.
 */
import { ORDINARY_PATH_SEGMENT } from './credential-lists.js';

// Two upper-case letters, two lower-case letters and a digit, in any order.
const MIXED = /^(?=(?:[^A-Z]*[A-Z]){2})(?=(?:[^a-z]*[a-z]){2})(?=\D*\d)/;

/**
 * How often a random key changes between upper case, lower case and digits from one character
 * to the next, at least: about 0.6 for base64url and base58, while words, even run together
 * with numbers (`CITEREFSmithJones2020` 0.2, `Step-2-Configure-OAuth-Tokens` 0.3), change
 * far less. `-` and `_` are passed over, so a word separator adds nothing.
 */
export const RANDOM_KEY_CHANGES = 0.4;

/**
 * Whether `run` (letters, digits, `-` and `_`) is a random key: it mixes two upper-case
 * letters, two lower-case letters and a digit, changes class often enough
 * (`RANDOM_KEY_CHANGES`), and is no ordinary name (`ORDINARY_PATH_SEGMENT`: a slug, a
 * camelCase name, a file name, a typed id).
 */
export function looksLikeRandomKey(run: string): boolean {
  return MIXED.test(run) && classChangeShare(run) >= RANDOM_KEY_CHANGES && !ORDINARY_PATH_SEGMENT.test(run);
}

/**
 * The share of neighbouring letters and digits in `text` (other characters passed over) that
 * differ in class: upper case, lower case, digit. 0 for text with fewer than two of them.
 */
export function classChangeShare(text: string): number {
  let previous = 0;
  let pairs = 0;
  let changes = 0;
  for (let index = 0; index < text.length; index++) {
    const kind = classOf(text.charCodeAt(index));
    if (kind === 0) continue;
    if (previous !== 0) {
      pairs++;
      if (kind !== previous) changes++;
    }
    previous = kind;
  }
  return pairs === 0 ? 0 : changes / pairs;
}

// 1 upper case, 2 lower case, 3 digit, 0 anything else.
function classOf(code: number): number {
  if (code >= 0x41 && code <= 0x5a) return 1;
  if (code >= 0x61 && code <= 0x7a) return 2;
  return code >= 0x30 && code <= 0x39 ? 3 : 0;
}
