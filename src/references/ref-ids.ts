/**
 * Reference ids: `ref-` and 16 base64url characters, 96 bits of fresh randomness each, so no id
 * can be guessed or derived from another one seen. The randomness is drawn from the system's
 * CSPRNG in batches (one `randomFillSync` per {@link IDS_PER_DRAW} ids) rather than once per id:
 * a draw per id costs a call into the CSPRNG per link on the lane's hot path. Each byte of a
 * batch names one id only.
 */
import { randomFillSync } from 'node:crypto';

/** The random bytes in one id: 96 bits. */
const REF_ID_RANDOM_BYTES = 12;

/** How many ids one draw of randomness serves. */
export const IDS_PER_DRAW = 256;

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
// One draw, encoded once: every 16 characters are the encoding of 12 bytes of their own, since
// base64 turns each 3 bytes into 4 characters. A slice of it costs far less than an encoding
// call per id.
let encoded = '';
let offset = 0;

/** A new reference id, made from bytes no other id was made from, and its key. */
export function newRefId(): IssuedRefId {
  if (offset === encoded.length) {
    randomFillSync(bytes);
    encoded = bytes.toString('base64url');
    offset = 0;
  }
  const start = offset;
  offset += ID_CHARS;
  // The batch is base64url throughout, so its characters always read as a key.
  return { refId: `${PREFIX}${encoded.slice(start, offset)}`, key: keyAt(encoded, start)! };
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
