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

/** The characters one id takes: `ref-` and its 16 base64url characters. */
const ID_LENGTH = PREFIX.length + ID_CHARS;

// Not from Buffer's shared pool: these buffers are refilled in place and read by no one else.
const bytes = Buffer.allocUnsafeSlow(REF_ID_RANDOM_BYTES * IDS_PER_DRAW);
const ids = Buffer.allocUnsafeSlow(ID_LENGTH * IDS_PER_DRAW);
for (let at = 0; at < ids.length; at += ID_LENGTH) ids.write(PREFIX, at, 'latin1');
const ALPHABET_CODES = Uint8Array.from(ALPHABET, (char) => char.charCodeAt(0));
// One draw, encoded once into whole ids laid end to end, each `ref-` and the base64url encoding
// of 12 bytes of its own (base64 turns each 3 bytes into 4 characters): an id is then one
// string read from the buffer, where an encoding call, a prefix joined on and an object per id
// would cost the lane's hot path an allocation or three per link. Not a slice of one batch
// string: V8 keeps a slice's parent alive, so each held id would keep its whole batch (40 KB).
let offset = ids.length;

/** Draws the next batch of randomness and lays it out as {@link IDS_PER_DRAW} ids. */
function draw(): void {
  randomFillSync(bytes);
  for (let id = 0; id < IDS_PER_DRAW; id += 1) {
    let from = id * REF_ID_RANDOM_BYTES;
    let to = id * ID_LENGTH + PREFIX.length;
    for (let group = 0; group < REF_ID_RANDOM_BYTES / 3; group += 1) {
      const bits = (bytes[from]! << 16) | (bytes[from + 1]! << 8) | bytes[from + 2]!;
      ids[to] = ALPHABET_CODES[bits >>> 18]!;
      ids[to + 1] = ALPHABET_CODES[(bits >>> 12) & 63]!;
      ids[to + 2] = ALPHABET_CODES[(bits >>> 6) & 63]!;
      ids[to + 3] = ALPHABET_CODES[bits & 63]!;
      from += 3;
      to += 4;
    }
  }
  offset = 0;
}

/** A new reference id (`ref-` and 16 base64url characters), made from bytes no other id was made from. */
export function nextRefId(): string {
  if (offset === ids.length) draw();
  const at = offset;
  offset += ID_LENGTH;
  // Its characters passed as they are: the engine makes a string of its own from them, where a
  // Buffer decode crosses into native code (and back) once per link, at twice the cost.
  return String.fromCharCode(
    ids[at]!,
    ids[at + 1]!,
    ids[at + 2]!,
    ids[at + 3]!,
    ids[at + 4]!,
    ids[at + 5]!,
    ids[at + 6]!,
    ids[at + 7]!,
    ids[at + 8]!,
    ids[at + 9]!,
    ids[at + 10]!,
    ids[at + 11]!,
    ids[at + 12]!,
    ids[at + 13]!,
    ids[at + 14]!,
    ids[at + 15]!,
    ids[at + 16]!,
    ids[at + 17]!,
    ids[at + 18]!,
    ids[at + 19]!,
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
