/**
 * Whether a run of base64url or base58 is a random key rather than words (docs/design.md §7, fragments),
 * and whether a fragment is an encrypted share's key: the tests `FRAGMENT_KEY` and its routes
 * leave to the code, since no linear regular expression can count.
 */
import { FRAGMENT_KEY, FRAGMENT_KEY_HOSTS, FRAGMENT_KEY_ROUTES, FRAGMENT_ROUTE_WORD, ORDINARY_PATH_SEGMENT } from './credential-lists.js';
import { percentDecode } from '../text/percent-decode.js';

// Two upper-case letters and two lower-case letters, in any order, and a digit or twenty
// characters: a 22-character base64url key has no digit one time in forty.
const MIXED = /^(?=(?:[^A-Z]*[A-Z]){2})(?=(?:[^a-z]*[a-z]){2})(?=\D*\d|[^]{20})/;

// An anchor's word and separator before an id (`#cell-…`, `#section_…`): three or more
// lower-case letters open a random run of base64url once in three hundred times.
const ANCHOR_PREFIX = /^[a-z]{3,}[-_]/;

/**
 * How often a random key changes between upper case, lower case and digits from one character
 * to the next, at least: about 0.65 for base64url and base58 on average, rarely below 0.35
 * for a 20-character key, while words, even run together with numbers
 * (`CITEREFSmithJones2020` 0.2, `Step-2-Configure-OAuth-Tokens` 0.3), change far less. `-`
 * and `_` are passed over, so a word separator adds nothing.
 */
export const RANDOM_KEY_CHANGES = 0.35;

/**
 * Whether `run` (letters, digits, `-` and `_`) is a random key: it mixes two upper-case
 * letters, two lower-case letters and a digit (no digit needed at twenty characters or more),
 * changes class often enough (`RANDOM_KEY_CHANGES`), and is no ordinary name
 * (`ORDINARY_PATH_SEGMENT`: a slug, a camelCase name, a file name, a typed id).
 */
export function looksLikeRandomKey(run: string): boolean {
  return MIXED.test(run) && classChangeShare(run) >= RANDOM_KEY_CHANGES && !ORDINARY_PATH_SEGMENT.test(run);
}

/**
 * Whether `written` (a uri's fragment with its `#`, as the URL parser gives it, read once
 * percent-decoded) on `hostname` is an
 * encrypted share's key: a known key route (`FRAGMENT_KEY_ROUTES`: Bitwarden's `#/send/…`, MEGA's
 * legacy `#!…!…` and `#F!…!…`) whose key is no ordinary name; on a share host
 * (`FRAGMENT_KEY_HOSTS`: mega.nz, Bitwarden) a `FRAGMENT_KEY` whose key is no ordinary name;
 * elsewhere a `FRAGMENT_KEY` with no route word before its key (`#code/…`, `#NOTE/…`,
 * `#folders/…`: `FRAGMENT_ROUTE_WORD`), no anchor's word (`#cell-…`) and a random key
 * (`looksLikeRandomKey`).
 */
export function fragmentHoldsKey(written: string, hostname: string): boolean {
  // Most uris have no fragment: every key shape opens with its `#`.
  if (written === '') return false;
  // A browser hands the page its fragment decoded, so an escaped letter (`…Gf4K%61`) is the key's.
  const hash = percentDecode(written);
  for (const route of FRAGMENT_KEY_ROUTES) {
    const key = route.exec(hash)?.[1];
    if (key !== undefined) return !ORDINARY_PATH_SEGMENT.test(key);
  }
  const match = FRAGMENT_KEY.exec(hash);
  if (match === null) return false;
  const [, prefix, key] = match as unknown as [string, string | undefined, string];
  if (onShareHost(hostname)) return !ORDINARY_PATH_SEGMENT.test(key);
  return (prefix === undefined || !FRAGMENT_ROUTE_WORD.test(prefix)) && !ANCHOR_PREFIX.test(key) && looksLikeRandomKey(key);
}

// The host itself or a subdomain of a listed domain, a trailing dot allowed.
function onShareHost(hostname: string): boolean {
  const host = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  return FRAGMENT_KEY_HOSTS.some((domain) => host === domain || host.endsWith(`.${domain}`));
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
