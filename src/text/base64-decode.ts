/**
 * Strict base64 (RFC 4648 §4, padded, no line breaks) decoded by Node's native decoder, with no
 * pass of JavaScript over its characters: a regex that reads each one costs ~5 ns a character,
 * which for a result of images was most of its render, and for a 50 MB image a third of a
 * second before it is refused.
 *
 * Node's decoder is lenient: it skips characters outside the alphabet (whitespace, `.`, `%`),
 * stops at an `=` inside the data, takes the url-safe `-` and `_`, and reads a character past
 * U+00FF by its low byte. Each leniency shows as something cheap to check natively: a skipped
 * or stopping character writes fewer bytes than the text's length promises, a character
 * past U+00FF is found by a regex V8 answers without reading a one-byte string, and `-` or
 * `_` is found by `indexOf`. So the text is strict base64 exactly when all of those agree (a property test
 * holds this against the regex `^[A-Za-z0-9+/]*={0,2}$` with the length a multiple of 4).
 */
import { base64DecodedLength } from './size.js';

/**
 * Decoded images up to this size reuse one buffer: a render decodes each image only to check
 * it, synchronously, and a fresh buffer per image costs an allocation and a collection each.
 */
const SCRATCH_MAX_BYTES = 1024 * 1024;
let scratch = Buffer.alloc(0);

/**
 * The bytes `data` decodes to, where it is strict base64 (non-empty, a multiple of 4
 * characters, at most two `=` and only at its end, only `A–Z a–z 0–9 + /`); `undefined`
 * otherwise. The bytes are valid only until the next call (a shared buffer up to
 * {@link SCRATCH_MAX_BYTES}): read them, never keep them.
 */
export function decodeStrictBase64(data: string): Uint8Array | undefined {
  const length = data.length;
  if (length === 0 || length % 4 !== 0) return undefined;
  const padding = data.charCodeAt(length - 1) === EQUALS ? (data.charCodeAt(length - 2) === EQUALS ? 2 : 1) : 0;
  if (padding === 2 && data.charCodeAt(length - 3) === EQUALS) return undefined;
  if (PAST_LATIN1.test(data)) return undefined;
  if (data.indexOf('-') >= 0 || data.indexOf('_') >= 0) return undefined;
  const bytes = base64DecodedLength(data);
  const target = bytes <= SCRATCH_MAX_BYTES ? scratchOf(bytes) : Buffer.allocUnsafe(bytes);
  const written = target.write(data, 0, bytes, 'base64');
  return written === bytes ? target.subarray(0, bytes) : undefined;
}

const EQUALS = 0x3d;
/**
 * A character past U+00FF, which Node's decoder would read by its low byte. For a string V8
 * holds one byte a character (any base64 read from JSON), the regex can match nothing and
 * returns without reading it (~0.5 µs, where a UTF-8 length reads all of it: ~45 µs for a
 * 200 KB image); on any other string it stops at the first such character. A character from
 * U+0080 to U+00FF is outside the alphabet, so the decoder skips it and writes fewer bytes.
 */
const PAST_LATIN1 = /[^\u0000-\u00ff]/;

/** The shared buffer, grown to at least `bytes`. */
function scratchOf(bytes: number): Buffer {
  if (scratch.length < bytes) scratch = Buffer.allocUnsafeSlow(Math.max(bytes, Math.min(SCRATCH_MAX_BYTES, Math.max(scratch.length * 2, 64 * 1024))));
  return scratch;
}
