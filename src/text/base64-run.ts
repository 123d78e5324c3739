/**
 * Base64 runs: what a copy never shows of a string, however it arrived. A base64 run is a
 * maximal run of characters of the base64 and base64url alphabets (`A–Z a–z 0–9 + / - _`)
 * with any `=` padding after it, {@link BASE64_RUN_MIN_CHARS} characters or more. Below that
 * length a run is a word, an id or a hash; at it, it is inline content (an image, a file, a
 * key) that only spends the model's context. Read by one linear scan, never a regex.
 */
import { percentDecode } from '../uri/nested-uri.js';

/** The shortest run counted as base64. */
export const BASE64_RUN_MIN_CHARS = 200;

/** Per ASCII code: 1 for a character of the base64 or base64url alphabet. */
const ALPHABET = new Uint8Array(128);
for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_') ALPHABET[char.charCodeAt(0)] = 1;

const PADDING = 0x3d;

/** The same alphabet with `%`: a run of it is as long as any base64 run its percent-decoding holds, or longer. */
const ALPHABET_OR_ESCAPE = ALPHABET.slice();
ALPHABET_OR_ESCAPE[0x25] = 1;

/** A run's place in its text: `text.slice(start, end)` is the run, its padding included. */
export interface Base64Run {
  readonly start: number;
  readonly end: number;
}

/**
 * The first base64 run in `text` at or after `from`, or undefined. A run is counted by its
 * alphabet's characters alone; its `=` padding is part of its place. Linear, and most texts are
 * read only in part: a character outside the alphabet rules out every run through it, so the
 * scan probes one character per {@link BASE64_RUN_MIN_CHARS} until one is inside a run.
 */
export function findBase64Run(text: string, from = 0): Base64Run | undefined {
  return findRun(text, from, ALPHABET);
}

function findRun(text: string, from: number, alphabet: Uint8Array): Base64Run | undefined {
  let probe = from + BASE64_RUN_MIN_CHARS - 1;
  while (probe < text.length) {
    if (!inAlphabet(alphabet, text.charCodeAt(probe))) {
      probe += BASE64_RUN_MIN_CHARS;
      continue;
    }
    let start = probe;
    while (start > from && inAlphabet(alphabet, text.charCodeAt(start - 1))) start -= 1;
    let end = probe + 1;
    while (end < text.length && inAlphabet(alphabet, text.charCodeAt(end))) end += 1;
    if (end - start >= BASE64_RUN_MIN_CHARS) {
      while (end < text.length && text.charCodeAt(end) === PADDING) end += 1;
      return { start, end };
    }
    // No run reaches past `end`'s character: the next may end no sooner than a run's length on.
    probe = end + BASE64_RUN_MIN_CHARS;
  }
  return undefined;
}

/** Whether `text` holds a base64 run. */
export function holdsBase64Run(text: string): boolean {
  return text.length >= BASE64_RUN_MIN_CHARS && findBase64Run(text) !== undefined;
}

function inAlphabet(alphabet: Uint8Array, code: number): boolean {
  return code < 128 && alphabet[code] === 1;
}

/**
 * Whether `text` holds a base64 run once percent-decoded (`ab%2Bcd%2F…`). The decoding is made
 * only where a run of the alphabet and `%` as long as a base64 run is found, which it must be.
 */
export function holdsBase64RunDecoded(text: string): boolean {
  return findRun(text, 0, ALPHABET_OR_ESCAPE) !== undefined && holdsBase64Run(percentDecode(text));
}

/** `text` with each base64 run replaced by `marker(its length)`; `text` itself where it holds none. */
export function replaceBase64Runs(text: string, marker: (length: number) => string): string {
  if (text.length < BASE64_RUN_MIN_CHARS) return text;
  let run = findBase64Run(text);
  if (run === undefined) return text;
  let shown = '';
  let kept = 0;
  while (run !== undefined) {
    shown += text.slice(kept, run.start) + marker(run.end - run.start);
    kept = run.end;
    run = findBase64Run(text, run.end);
  }
  return shown + text.slice(kept);
}
