/**
 * A uri's 32-bit hash for the registry's uri table (`slot-table.ts`), read once per new uri and
 * kept beside its record, so evicting the record never reads the uri's text again. An ASCII uri
 * (every uri a server sends in practice) is copied into a scratch buffer by one native call and
 * mixed four bytes at a time, two words side by side, some three times faster than a `Map`
 * hashes its text; any other text is mixed a character at a time. Each step is a bijection of
 * the state for a given input word, so two texts of one length differing in a single word never
 * collide, and the seed (drawn per registry) keeps which texts collide unknown to a server
 * choosing uris. Not cryptographic: a table walk compares the uri itself.
 */

/** The longest text mixed through the scratch buffer; longer ones are mixed by character. */
const BUFFERED_CHARS = 4096;

const encoder = new TextEncoder();
// Four bytes of slack past the longest text, so the last word read is whole and zero-padded.
const scratch = new Uint8Array(BUFFERED_CHARS + 4);
const words = new Int32Array(scratch.buffer);

/** The hash of `text` under `seed`. */
export function uriHash(text: string, seed: number): number {
  if (text.length > BUFFERED_CHARS) return charsHash(text, seed);
  const { read, written } = encoder.encodeInto(text, scratch);
  // A character past ASCII encodes to more bytes than it is units (and a lone surrogate to the
  // same bytes as U+FFFD): those texts are mixed by character, which tells every one apart.
  if (read !== text.length || written !== read) return charsHash(text, seed);
  scratch[written] = 0;
  scratch[written + 1] = 0;
  scratch[written + 2] = 0;
  // Two states, the even words mixed into one and the odd into the other: each step waits only
  // on its own state's last, so the two run side by side. Each is a bijection word by word as
  // one state is, and the second is mixed into the first as a word at the end, so a text that
  // differs from another of its length in one word still differs at the end.
  let even = seed;
  let odd = seed ^ ODD_START;
  const count = (written + 3) >>> 2;
  let word = 0;
  for (; word + 1 < count; word += 2) {
    even = mix(even, words[word]!);
    odd = mix(odd, words[word + 1]!);
  }
  if (word < count) even = mix(even, words[word]!);
  return finish(mix(even, odd), written);
}

/** Where the odd words' state starts, apart from the even words' (the seed). */
const ODD_START = 0x6a09e667;

/** The hash of `text` under `seed`, a UTF-16 unit at a time. */
function charsHash(text: string, seed: number): number {
  // Another start than the buffered mixing's, so an ASCII text and another never share a state.
  let state = ~seed;
  for (let at = 0; at < text.length; at += 1) state = mix(state, text.charCodeAt(at));
  return finish(state, text.length);
}

/** One step: a bijection of `state` for a given `word` (xor, multiply by an odd constant, xorshift). */
function mix(state: number, word: number): number {
  const mixed = Math.imul(state ^ word, 0x9e3779b1);
  return mixed ^ (mixed >>> 15);
}

/** The final avalanche (MurmurHash3's), with the length folded in. */
function finish(state: number, length: number): number {
  let hash = state ^ length;
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return hash ^ (hash >>> 16);
}
