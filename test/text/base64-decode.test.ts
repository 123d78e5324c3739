/**
 * Strict base64 checked natively (issue 13): `decodeStrictBase64` accepts exactly what the
 * regex it replaces accepted, and decodes it as Node does.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeStrictBase64 } from '../../src/text/base64-decode.js';
import { itProp } from '../support/factories.js';

/** The rule it replaces: padded base64, nothing else. */
const isStrictBase64 = (text: string) => text.length > 0 && text.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(text);

/** Characters Node's decoder treats leniently, among the alphabet's own. */
const CHARS = ['A', 'Q', 'z', '0', '+', '/', '=', '-', '_', ' ', '\n', '\r', '\t', '.', '%', '\u0000', '\u007f', '\u00c1', '\u0141', '\u2b41', '\ud83d'];

describe(decodeStrictBase64.name, () => {
  itProp([fc.array(fc.constantFrom(...CHARS), { maxLength: 24 })], { seed: 13, numRuns: 20_000 })(
    'accepts exactly the strict base64 the regex accepted',
    (chars) => {
      const text = chars.join('');
      expect(decodeStrictBase64(text) !== undefined).toBe(isStrictBase64(text));
    },
  );

  itProp([fc.uint8Array({ minLength: 1, maxLength: 2000 }), fc.nat(), fc.constantFrom(...CHARS.slice(6))], { seed: 13, numRuns: 2_000 })(
    'long base64 with one character out of place is refused, and its own bytes come back whole',
    (bytes, at, char) => {
      const text = Buffer.from(bytes).toString('base64');
      expect(Buffer.from(decodeStrictBase64(text)!)).toEqual(Buffer.from(bytes));
      const position = at % text.length;
      const spoiled = `${text.slice(0, position)}${char}${text.slice(position + 1)}`;
      expect(decodeStrictBase64(spoiled) !== undefined).toBe(isStrictBase64(spoiled));
    },
  );

  it('decodes past the shared buffer into one of its own', () => {
    const bytes = Buffer.alloc(1024 * 1024 + 3, 7);
    expect(Buffer.from(decodeStrictBase64(bytes.toString('base64'))!)).toEqual(bytes);
  });
});
