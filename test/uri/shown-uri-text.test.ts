import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { keptReadingChars, readUriText, URI_DISPLAY_MAX_CHARS, URI_READ_MAX_CHARS } from '../../src/uri/shown-uri-text.js';

const SEED = 20_261_202;

/** A second instance of the module, whose kept reading is its own: the oracle. */
async function freshModule(): Promise<typeof import('../../src/uri/shown-uri-text.js')> {
  vi.resetModules();
  return import('../../src/uri/shown-uri-text.js');
}

/** A uri no reading is kept for (not printable ASCII): reading it empties the kept reading. */
const UNKEPT = 'https://example.com/caf\u00e9';

describe(readUriText.name, () => {
  it('reads a uri read just before alike, and the one before that anew', () => {
    const a = 'https://example.com/a?page=1';
    const b = 'https://example.com/b?X-Amz-Signature=abcdef0123456789';
    const first = readUriText(a);
    expect(readUriText(`${a}`)).toBe(first);
    const other = readUriText(b);
    expect(other.uri).toBe(b);
    expect(other.judged).toBe(b);
    const again = readUriText(a);
    expect(again).toEqual(first);
    expect(again.uri).toBe(a);
  });

  it('gives every uri, in any order and repeated, the reading a fresh module gives it', async () => {
    const oracle = await freshModule();
    const uri = fc.oneof(
      fc.constantFrom('https://example.com/x', 'https://example.com/y?token=1', '?a=1', 'https://e.com/\u200btoken=x', 'https://e.com/\u202e', UNKEPT),
      fc.string({ maxLength: 40 }).map((tail) => `https://example.com/${tail}`),
      fc.nat({ max: 2 * URI_READ_MAX_CHARS }).map((length) => `https://example.com/${'a'.repeat(length)}`),
    );
    fc.assert(
      fc.property(fc.array(uri, { minLength: 1, maxLength: 12 }), (uris) => {
        for (const given of uris) {
          oracle.readUriText(UNKEPT);
          expect(readUriText(given)).toEqual(oracle.readUriText(given));
        }
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('keeps one reading of a printable ASCII uri within the read bound, and no other', () => {
    readUriText(UNKEPT);
    expect(keptReadingChars()).toBe(0);
    readUriText(`https://example.com/${'a'.repeat(URI_READ_MAX_CHARS)}`);
    expect(keptReadingChars()).toBe(0);
    const long = `https://example.com/${'a'.repeat(URI_READ_MAX_CHARS - 40)}`;
    readUriText(long);
    expect(keptReadingChars()).toBe(long.length + URI_DISPLAY_MAX_CHARS);
    for (let index = 0; index < 100; index += 1) readUriText(`https://example.com/${index}`);
    expect(keptReadingChars()).toBe('https://example.com/99'.length);
    expect(keptReadingChars()).toBeLessThanOrEqual(URI_READ_MAX_CHARS + URI_DISPLAY_MAX_CHARS);
  });
});
