import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayReadAsUri, SEARCHED_FROM_CHARS } from '../../src/uri/reads-as-uri.js';

const SEED = 20_261_201;
const RUNS = 400;

/**
 * The superset test as one expression, the form a short text is still tested in: the searches
 * a long text takes instead must answer exactly as it does.
 */
const AS_ONE_EXPRESSION = /\/\/|\\\/|\\\\|\/\\|%[0-9A-Fa-f]{2}|[A-Za-z0-9+.-]:|aHR0c|Ly[89]|68747470|2[Ff]2[Ff]|[^\x00-\x7e]/;

/** Pieces near each alternative's edge (a `%` with one hex digit, a `:` after a space, DEL, a lone surrogate). */
const PIECES = [
  '/',
  '\\',
  '%',
  '%4',
  '%g1',
  '%4F',
  ':',
  ' :',
  '-:',
  '+:',
  '.:',
  '_:',
  'a:',
  'aHR0',
  'aHR0c',
  'Ly',
  'Ly8',
  'Ly9',
  'Ly7',
  '6874747',
  '68747470',
  '2f2',
  '2F2f',
  '2f2F',
  '2F2F',
  '\x7f',
  '\x7e',
  'é',
  '\ud800',
  '😀',
  'AAAA',
  'word ',
  '"',
  '\n',
];

/** A text of at least `SEARCHED_FROM_CHARS` characters: filler with generated pieces at generated places. */
const longText = fc
  .tuple(fc.constantFrom('A', 'BwcH', 'x y ', '0123', 'a-b_c'), fc.array(fc.tuple(fc.nat(), fc.constantFrom(...PIECES)), { maxLength: 4 }))
  .map(([filler, pieces]) => {
    let text = filler.repeat(Math.ceil(SEARCHED_FROM_CHARS / filler.length) + 1);
    for (const [at, piece] of pieces) {
      const place = at % text.length;
      text = text.slice(0, place) + piece + text.slice(place);
    }
    return text;
  });

describe('mayReadAsUri: a long text searched piece by piece answers as the one expression does', () => {
  it('on generated long texts', () => {
    fc.assert(
      fc.property(longText, (text) => {
        expect(text.length).toBeGreaterThanOrEqual(SEARCHED_FROM_CHARS);
        expect(mayReadAsUri(text)).toBe(AS_ONE_EXPRESSION.test(text));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('on each piece alone, at the start, in the middle and at the end of a long filler', () => {
    const filler = 'A'.repeat(SEARCHED_FROM_CHARS);
    for (const piece of PIECES) {
      for (const text of [piece + filler, filler + piece + filler, filler + piece]) {
        expect(mayReadAsUri(text), JSON.stringify(piece)).toBe(AS_ONE_EXPRESSION.test(text));
      }
    }
  });

  it('finds nothing in a megabyte of base64 of one repeated byte, and an opening at its very end', () => {
    const base64 = Buffer.alloc(786_000, 7).toString('base64');
    expect(mayReadAsUri(base64)).toBe(false);
    expect(mayReadAsUri(`${base64}//`)).toBe(true);
  });
});
