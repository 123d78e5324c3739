/**
 * Reference ids: `ref-` and 16 base64url characters, 96 bits of fresh randomness each, so no id
 * can be guessed or derived from another one seen. The randomness is drawn from the system's
 * CSPRNG in batches (one `randomFillSync` per {@link IDS_PER_DRAW} ids) rather than once per id:
 * a draw per id costs a call into the CSPRNG per link on the lane's hot path. Each byte of a
 * batch names one id only, and each id is used once.
 */
import { randomFillSync } from 'node:crypto';

/** The random bytes in one id: 96 bits. */
const REF_ID_RANDOM_BYTES = 12;

/**
 * How many ids one draw of randomness serves: a draw costs some 20 µs however few bytes it
 * fills, so one serves some eight results of 250 links. Each id is a string of its own, so a
 * held id keeps its 20 characters alive, never its batch.
 */
export const IDS_PER_DRAW = 2048;

/** Every id this module makes: `ref-` and 16 base64url characters. */
export const REF_ID_PATTERN = /^ref-[A-Za-z0-9_-]{16}$/;

/** A new id, with its key. */
export interface IssuedRefId {
  readonly refId: string;
  /**
   * The first 30 of its random bits as a small integer: what a table of ids can be keyed by
   * without hashing the id's text on every store and eviction. Not the id: a lookup by key
   * still compares the whole id.
   */
  readonly key: number;
}

const PREFIX = 'ref-';
/** The characters one id's random bytes encode to (12 bytes are 16 base64url characters). */
const ID_CHARS = (REF_ID_RANDOM_BYTES / 3) * 4;
/** The characters a key is read from: 5 of 6 bits each. */
const KEY_CHARS = 5;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** Each base64url character's 6 bits, by char code; -1 for any other character. */
const SIXBITS = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i += 1) SIXBITS[ALPHABET.charCodeAt(i)] = i;

// Not from Buffer's shared pool: this buffer is refilled in place and read by no one else.
const bytes = Buffer.allocUnsafeSlow(REF_ID_RANDOM_BYTES * IDS_PER_DRAW);
// One draw's base64url text, encoded by one native call: each id's 16 characters laid end to
// end (base64 turns each 3 bytes into 4 characters, so each id's 12 bytes are its own 16). An
// id is made from its characters as a string of its own, never a slice of this text: V8 keeps
// a slice's parent alive, so each held id would keep its whole draw (32 KB).
let drawn = '';
/** The next id of the draw, by its place in it; {@link IDS_PER_DRAW} once all are used. */
let nextInDraw = IDS_PER_DRAW;

/** Draws the next batch of randomness, as {@link IDS_PER_DRAW} ids' characters. */
function draw(): void {
  randomFillSync(bytes);
  drawn = bytes.toString('base64url');
  nextInDraw = 0;
}

// The prefix's characters, passed one by one with the id's own.
const P0 = PREFIX.charCodeAt(0);
const P1 = PREFIX.charCodeAt(1);
const P2 = PREFIX.charCodeAt(2);
const P3 = PREFIX.charCodeAt(3);

/** A new reference id (`ref-` and 16 base64url characters), made from bytes no other id was made from. */
export function nextRefId(): string {
  if (nextInDraw === IDS_PER_DRAW) draw();
  const at = nextInDraw * ID_CHARS;
  nextInDraw += 1;
  const text = drawn;
  // The characters passed as they are: the engine makes a string of its own from them, where a
  // slice keeps its parent, and a Buffer decode crosses into native code and back per link.
  return String.fromCharCode(
    P0,
    P1,
    P2,
    P3,
    text.charCodeAt(at),
    text.charCodeAt(at + 1),
    text.charCodeAt(at + 2),
    text.charCodeAt(at + 3),
    text.charCodeAt(at + 4),
    text.charCodeAt(at + 5),
    text.charCodeAt(at + 6),
    text.charCodeAt(at + 7),
    text.charCodeAt(at + 8),
    text.charCodeAt(at + 9),
    text.charCodeAt(at + 10),
    text.charCodeAt(at + 11),
    text.charCodeAt(at + 12),
    text.charCodeAt(at + 13),
    text.charCodeAt(at + 14),
    text.charCodeAt(at + 15),
  );
}

/** A new reference id, made from bytes no other id was made from, and its key. */
export function newRefId(): IssuedRefId {
  const refId = nextRefId();
  // Every id is base64url after its prefix, so it always reads as a key.
  return { refId, key: keyAt(refId, PREFIX.length)! };
}

/** The key of `refId` (see {@link IssuedRefId.key}), or undefined where it isn't an id of this form. */
export function refIdKey(refId: string): number | undefined {
  if (refId.length !== PREFIX.length + ID_CHARS || !refId.startsWith(PREFIX)) return undefined;
  return keyAt(refId, PREFIX.length);
}

/** The key read from the 5 base64url characters at `start`, or undefined where one isn't. */
function keyAt(text: string, start: number): number | undefined {
  let key = 0;
  for (let k = KEY_CHARS - 1; k >= 0; k -= 1) {
    const bits = SIXBITS[text.charCodeAt(start + k)] ?? -1;
    if (bits < 0) return undefined;
    key = key * 64 + bits;
  }
  return key;
}
