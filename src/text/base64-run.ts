/**
 * Base64 runs: what a copy never shows of a string, however it arrived. A base64 run is a
 * maximal run of characters of the base64 and base64url alphabets (`A–Z a–z 0–9 + / - _`)
 * with any `=` padding after it, {@link BASE64_RUN_MIN_CHARS} characters or more. Below that
 * length a run is a word, an id or a hash; at it, it is inline content (an image, a file, a
 * key) that only spends the model's context. Read by one linear scan, never a regex.
 */

/** The shortest run counted as base64. */
export const BASE64_RUN_MIN_CHARS = 200;

/** Per ASCII code: 1 for a character of the base64 or base64url alphabet. */
const ALPHABET = new Uint8Array(128);
for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_') ALPHABET[char.charCodeAt(0)] = 1;

const PADDING = 0x3d;

/** A run's place in its text: `text.slice(start, end)` is the run, its padding included. */
export interface Base64Run {
  readonly start: number;
  readonly end: number;
}

/** The first base64 run in `text` at or after `from`, or undefined. Linear in what it reads. */
export function findBase64Run(text: string, from = 0): Base64Run | undefined {
  let start = from;
  for (let index = from; index <= text.length; index += 1) {
    const code = index < text.length ? text.charCodeAt(index) : -1;
    if (code >= 0 && code < 128 && ALPHABET[code] === 1) continue;
    let end = index;
    while (end < text.length && text.charCodeAt(end) === PADDING) end += 1;
    if (end - start >= BASE64_RUN_MIN_CHARS) return { start, end };
    // A run of padding ends where the next run may start: at once after it.
    start = end > index ? end : index + 1;
    index = start - 1;
  }
  return undefined;
}

/** Whether `text` holds a base64 run. */
export function holdsBase64Run(text: string): boolean {
  return text.length >= BASE64_RUN_MIN_CHARS && findBase64Run(text) !== undefined;
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
