import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentDecode } from '../../src/text/percent-decode.js';

/**
 * The decoding read plainly, byte by byte: each maximal run of `%XX` escapes is the UTF-8 text
 * of its bytes (U+FFFD for what isn't UTF-8), anything else stays as written.
 */
function reference(text: string): string {
  let out = '';
  let index = 0;
  const isHex = (code: number) => (code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x66);
  const escapeAt = (at: number) => text[at] === '%' && isHex(text.charCodeAt(at + 1)) && isHex(text.charCodeAt(at + 2));
  while (index < text.length) {
    if (!escapeAt(index)) {
      out += text[index];
      index += 1;
      continue;
    }
    const bytes: number[] = [];
    while (escapeAt(index)) {
      bytes.push(Number.parseInt(text.slice(index + 1, index + 3), 16));
      index += 3;
    }
    out += Buffer.from(bytes).toString('utf8');
  }
  return out;
}

describe(percentDecode.name, () => {
  it.each([
    ['no escape', 'https://a.example/x?y=1'],
    ['ASCII escapes', 'a%3A%2F%2Fb%2fc'],
    ['a stray % at the end', 'a%2Fb%'],
    ['a cut escape at the end', 'a%2Fb%2'],
    ['a stray % before an escape', 'a%%41b'],
    ['an escape of a non-hex second digit', '%7G%41'],
    ['an escape past ASCII, valid UTF-8', 'caf%C3%A9%2F'],
    ['an escape past ASCII, not UTF-8', '%FF%2F%E2%82'],
    ['a lone lead byte then ASCII', '%C3%41'],
    ['escapes past ASCII after a stray', '%zz%E2%82%AC'],
    ['an escaped %', '%2541'],
  ])('decodes %s as the plain reading does', (_name, text) => {
    expect(percentDecode(text)).toBe(reference(text));
  });

  it('is the plain reading, whatever mix of escapes, strays and characters', () => {
    const piece = fc.constantFrom(
      '%',
      '%2',
      '%2F',
      '%3a',
      '%41',
      '%7f',
      '%80',
      '%C3',
      '%A9',
      '%E2%82%AC',
      '%FF',
      '%25',
      '%%',
      'a',
      '/',
      'é',
      '\u{1F600}',
      '%F0%9F%98',
      '%0G',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const text = pieces.join('');
        expect(percentDecode(text)).toBe(reference(text));
      }),
      { seed: 20_261_202, numRuns: 5_000 },
    );
  });
});
