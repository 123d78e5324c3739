/**
 * Base64 runs: what a copy never shows of a string, however it arrived. A base64 run is a
 * maximal run of characters of the base64 and base64url alphabets (`A–Z a–z 0–9 + / - _`)
 * with any `=` padding after it, {@link BASE64_RUN_MIN_CHARS} characters or more. Below that
 * length a run is a word, an id or a hash; at it, it is inline content (an image, a file, a
 * key) that only spends the model's context. What a sender's encoding puts inside a run doesn't
 * end it, and isn't counted:
 * - a character a reader can't see (`\p{Cf}`: a zero-width space or joiner, U+2060, a BOM, a
 *   soft hyphen, a tag character);
 * - backslashes before a `/` (`\/`, JSON's escaped slash, as PHP's `json_encode` writes it);
 * - a line break (CR, LF or CRLF, or its JSON escape `\n`, `\r\n`) between two lines of at
 *   least {@link BASE64_LINE_MIN_CHARS} characters of the alphabet (MIME's 76, PEM's 64), so
 *   wrapped base64 is one run and lines of prose are not glued.
 * A run right after a PEM armour line (`-----BEGIN …-----`) counts from
 * {@link BASE64_LINE_MIN_CHARS} characters: a short key is still a key. Read by one linear
 * forward scan, never a regex; the JSON text of a string holds a run wherever the string does.
 */
import { percentDecode } from './percent-decode.js';

/** The shortest run counted as base64. */
export const BASE64_RUN_MIN_CHARS = 200;

/** The shortest line on either side of a line break that continues a run (and of a PEM body). */
export const BASE64_LINE_MIN_CHARS = 40;

/** Per ASCII code: 1 for a character of the base64 or base64url alphabet. */
const ALPHABET = new Uint8Array(128);
for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_') ALPHABET[char.charCodeAt(0)] = 1;

const PADDING = 0x3d;
const BACKSLASH = 0x5c;
const SLASH = 0x2f;
const CR = 0x0d;
const LF = 0x0a;

/**
 * Per BMP code: whether a reader can't see the character (`\p{Cf}`, which holds U+200B–U+200D,
 * U+2060, U+FEFF, U+00AD): {@link UNSEEN} or {@link SEEN} once asked, 0 before. Filled as codes
 * are met rather than all at load: testing 63,000 codes cost every process that imports the
 * library (the command line's start-up among them) about 10–15 ms.
 */
const INVISIBLE = new Uint8Array(0x10000);
const UNSEEN = 1;
const SEEN = 2;
const FORMAT = /^\p{Cf}$/u;

/** Whether a reader can't see the BMP character `code` (a surrogate: no, it is read with its pair). */
function isInvisible(code: number): boolean {
  let known = INVISIBLE[code]!;
  if (known === 0) {
    known = code >= 0x80 && (code < 0xd800 || code > 0xdfff) && FORMAT.test(String.fromCharCode(code)) ? UNSEEN : SEEN;
    INVISIBLE[code] = known;
  }
  return known === UNSEEN;
}
/** The high surrogate of the tag characters (U+E0000–U+E007F), the astral `\p{Cf}` a text can hide a run with. */
const TAG_HIGH = 0xdb40;

/** The same alphabet with `%`: a run of it is as long as any base64 run its percent-decoding holds, or longer. */
const ALPHABET_OR_ESCAPE = ALPHABET.slice();
ALPHABET_OR_ESCAPE[0x25] = 1;

/** A PEM armour line, ending where the text read ends. */
const PEM_ARMOUR = /-----BEGIN [A-Z0-9 ]{1,64}-----$/;
/** How far back a PEM armour line is looked for: its longest form. */
const PEM_ARMOUR_MAX_CHARS = 80;

/** A run's place in its text: `text.slice(start, end)` is the run, its padding included. */
export interface Base64Run {
  readonly start: number;
  readonly end: number;
}

/**
 * The first base64 run in `text` at or after `from`, or undefined. A run is counted by its
 * alphabet's characters alone; its `=` padding is part of its place. Linear: each character is
 * read at most a few times (a line after a break is read ahead once before it is taken), and
 * most of a text with no run isn't read at all.
 */
export function findBase64Run(text: string, from = 0): Base64Run | undefined {
  return findRun(text, from, ALPHABET);
}

// `enough`: where only whether a run is there matters, a run is read no further than this many
// counted characters (a run that long is one, whatever follows), so its place may end early.
function findRun(text: string, from: number, alphabet: Uint8Array, enough = Number.POSITIVE_INFINITY): Base64Run | undefined {
  let index = from;
  // Every character from `index` to here is known to end no run: read back once, it isn't read
  // back again. Without it, short pieces a run can't pass but that end none (`\u0001` escaped,
  // over and over) had the span read back once per piece, a dozen reads a character.
  let passable = from - 1;
  while (index < text.length) {
    // A run spans at least BASE64_LINE_MIN_CHARS characters, and no run passes a character
    // that is none of its own: where the last character such a span from here would reach is
    // one, no run starts before it; else the scan goes on after the last such character within
    // the span. Most text is read in part (one character per span, and back over a word).
    const probe = index + BASE64_LINE_MIN_CHARS - 1;
    if (probe >= text.length) return undefined;
    const floor = Math.max(index, passable + 1);
    let hard = probe;
    while (hard >= floor && !endsEveryRun(text.charCodeAt(hard), alphabet)) hard -= 1;
    passable = probe;
    if (hard >= floor) {
      index = hard + 1;
      continue;
    }
    if (counted(text, index, alphabet) === 0) {
      // A line break's JSON escape is passed whole: its letter (`\n`) starts no run, as the
      // break it stands for doesn't, so JSON text holds a run where its string does.
      const token = breakToken(text, index);
      index = token > 0 ? index + token : text.charCodeAt(index) === BACKSLASH ? afterBackslashes(text, index) : index + 1;
      continue;
    }
    const run = readRun(text, index, alphabet, enough);
    if (run.count >= BASE64_RUN_MIN_CHARS || (run.count >= BASE64_LINE_MIN_CHARS && afterPemArmour(text, index))) {
      let end = run.end;
      while (end < text.length && text.charCodeAt(end) === PADDING) end += 1;
      return { start: index, end };
    }
    index = run.next;
  }
  return undefined;
}

/** Whether no run passes a character: none of the alphabet, a backslash, a line break or an invisible one. */
function endsEveryRun(code: number, alphabet: Uint8Array): boolean {
  if (code < 128) return alphabet[code] !== 1 && code !== BACKSLASH && code !== CR && code !== LF;
  return !isInvisible(code) && (code < 0xd800 || code > 0xdfff);
}

/** Whether the character at `index` is one of `alphabet` (false past the end). */
function isAlphabetAt(text: string, index: number, alphabet: Uint8Array): boolean {
  const code = text.charCodeAt(index);
  return code < 128 && alphabet[code] === 1;
}

/**
 * How many characters at `index` one counted character of a run takes: 1 for one of the
 * alphabet, the backslashes and `/` of an escaped slash, 0 for anything else.
 */
function counted(text: string, index: number, alphabet: Uint8Array): number {
  const code = text.charCodeAt(index);
  if (code < 128 && alphabet[code] === 1) return 1;
  if (code !== BACKSLASH) return 0;
  const after = afterBackslashes(text, index);
  return after < text.length && text.charCodeAt(after) === SLASH && alphabet[SLASH] === 1 ? after + 1 - index : 0;
}

/**
 * Where the backslashes at `index` end, however many (each escaping of JSON text doubles them).
 * A scan reads one run of them a bounded number of times: it is passed whole where it ends no
 * escape.
 */
function afterBackslashes(text: string, index: number): number {
  let after = index;
  while (after < text.length && text.charCodeAt(after) === BACKSLASH) after += 1;
  return after;
}

/** How many characters at `index` a reader can't see (0 where the character is seen). */
function invisible(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code < 0x80) return 0;
  if (isInvisible(code)) return 1;
  if (code === TAG_HIGH) {
    const low = text.charCodeAt(index + 1);
    if (low >= 0xdc00 && low <= 0xdc7f) return 2;
  }
  return 0;
}

/** How many characters at `index` one line break takes (CR, LF, CRLF, or their JSON escapes); 0 where none. */
function lineBreak(text: string, index: number): number {
  const first = breakToken(text, index);
  if (first === 0) return 0;
  const isCr = text.charCodeAt(index + first - 1) === CR || text.charCodeAt(index + first - 1) === 0x72;
  if (!isCr) return first;
  const second = breakToken(text, index + first);
  return second > 0 && text.charCodeAt(index + first + second - 1) !== CR && text.charCodeAt(index + first + second - 1) !== 0x72 ? first + second : first;
}

/** One CR or LF, or its JSON escape (`\n`, `\r`, escaped again any number of times): its length, or 0. */
function breakToken(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code === CR || code === LF) return 1;
  if (code !== BACKSLASH) return 0;
  const after = afterBackslashes(text, index);
  const letter = text.charCodeAt(after);
  return letter === 0x6e || letter === 0x72 ? after + 1 - index : 0;
}

/** Whether a line of at least {@link BASE64_LINE_MIN_CHARS} counted characters starts at `index`. */
function fullLineAt(text: string, index: number, alphabet: Uint8Array): boolean {
  let count = 0;
  let at = index;
  while (at < text.length && count < BASE64_LINE_MIN_CHARS) {
    const step = counted(text, at, alphabet);
    if (step > 0) {
      count += 1;
      at += step;
      continue;
    }
    const skip = invisible(text, at);
    if (skip === 0) break;
    at += skip;
  }
  return count >= BASE64_LINE_MIN_CHARS;
}

/**
 * The run that starts at `start` (a counted character): where its last counted character ends,
 * how many it counts, and where a scan for the next run may go on (past `start`).
 */
function readRun(text: string, start: number, alphabet: Uint8Array, enough: number): { end: number; count: number; next: number } {
  let at = start;
  let end = start;
  let count = 0;
  let line = 0;
  while (at < text.length) {
    // The alphabet's own characters, most of any run, are counted in a tight loop first.
    const from = at;
    const limit = from + (enough - count);
    while (at < limit && isAlphabetAt(text, at, alphabet)) at += 1;
    if (at > from) {
      count += at - from;
      line += at - from;
      end = at;
      if (count >= enough) break;
      continue;
    }
    const step = counted(text, at, alphabet);
    if (step > 0) {
      count += 1;
      line += 1;
      at += step;
      end = at;
      continue;
    }
    const skip = invisible(text, at);
    if (skip > 0) {
      at += skip;
      continue;
    }
    const broken = line >= BASE64_LINE_MIN_CHARS ? lineBreak(text, at) : 0;
    if (broken > 0 && fullLineAt(text, at + broken, alphabet)) {
      at += broken;
      line = 0;
      continue;
    }
    if (broken > 0) return { end, count, next: at + broken };
    break;
  }
  return { end, count, next: Math.max(at, start + 1) };
}

/** Whether a PEM armour line ends right before `start`, a line break between (read back a bounded length). */
function afterPemArmour(text: string, start: number): boolean {
  let at = breakBefore(text, start, false);
  if (at < 0) return false;
  // CRLF: the CR (or its escape) before the LF.
  const cr = breakBefore(text, at, true);
  if (cr >= 0) at = cr;
  return PEM_ARMOUR.test(text.slice(Math.max(0, at - PEM_ARMOUR_MAX_CHARS), at));
}

/**
 * Where the line break (CR or LF, or its JSON escape however many times escaped) ending at `end`
 * starts, or -1; only a CR where `crOnly`.
 */
function breakBefore(text: string, end: number, crOnly: boolean): number {
  const code = text.charCodeAt(end - 1);
  if (code === CR || (code === LF && !crOnly)) return end - 1;
  if (code !== 0x72 && (code !== 0x6e || crOnly)) return -1;
  let at = end - 1;
  while (at > 0 && text.charCodeAt(at - 1) === BACKSLASH) at -= 1;
  return at < end - 1 ? at : -1;
}

/** Whether `text` holds a base64 run. */
export function holdsBase64Run(text: string): boolean {
  return text.length >= BASE64_LINE_MIN_CHARS && findRun(text, 0, ALPHABET, BASE64_RUN_MIN_CHARS) !== undefined;
}

/**
 * Whether `text` holds a base64 run once percent-decoded (`ab%2Bcd%2F…`). The decoding is made
 * only where a run of the alphabet and `%` as long as a base64 run is found, which it must be.
 */
export function holdsBase64RunDecoded(text: string): boolean {
  return (
    mayHoldRun(text, ALPHABET_OR_ESCAPE) && findRun(text, 0, ALPHABET_OR_ESCAPE, BASE64_RUN_MIN_CHARS) !== undefined && holdsBase64Run(percentDecode(text))
  );
}

/** What marks a text that may hold a PEM armour line, after which a run counts from {@link BASE64_LINE_MIN_CHARS}. */
const ARMOUR_DASHES = '-----';

/**
 * Whether `text` may hold a run of `alphabet` (`findRun` then says whether it does): false
 * where no run can be there, which most uris show at a glance. A run spans its counted
 * characters and whatever its encoding puts between them, none of which ends every run
 * (`endsEveryRun`); so with no PEM armour line before it (none without `-----`), a run needs
 * {@link BASE64_RUN_MIN_CHARS} characters in a row, none ending every run. Those are looked
 * for as `findRun` looks for a line's worth: only the last character of each span is read
 * first, then back to the last one ending every run.
 */
function mayHoldRun(text: string, alphabet: Uint8Array): boolean {
  if (text.length < BASE64_RUN_MIN_CHARS) return text.length >= BASE64_LINE_MIN_CHARS && text.includes(ARMOUR_DASHES);
  let index = 0;
  while (index + BASE64_RUN_MIN_CHARS <= text.length) {
    let hard = index + BASE64_RUN_MIN_CHARS - 1;
    while (hard >= index && !endsEveryRun(text.charCodeAt(hard), alphabet)) hard -= 1;
    if (hard < index) return true;
    index = hard + 1;
  }
  return text.includes(ARMOUR_DASHES);
}

/** `text` with each base64 run replaced by `marker(its length)`; `text` itself where it holds none. */
export function replaceBase64Runs(text: string, marker: (length: number) => string): string {
  if (text.length < BASE64_LINE_MIN_CHARS) return text;
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
