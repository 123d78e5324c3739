/**
 * The decoding of a uri nested percent-encoded in a path (`uriNestedIn`, `nested-uri.ts`): the
 * native decoder is used where it gives `percentDecode`'s text, and the text must be the same
 * wherever it isn't (a stray `%`, one cut off at the end, escapes past ASCII, bytes that aren't
 * UTF-8).
 */
import { describe, expect, it } from 'vitest';
import { percentDecode } from '../../src/text/percent-decode.js';
import { uriNestedIn } from '../../src/uri/nested-uri.js';

const OPENING = 'https%3A%2F%2Fh/';

/** The uri `uriNestedIn` reads in a path holding an encoded opening, then `tail`. */
const readNested = (tail: string) => uriNestedIn(`/${OPENING}${tail}`, '', '');

describe('the decoding of an encoded nested uri', () => {
  it.each([
    ['no escape', 'a/b'],
    ['ASCII escapes', 'a%3Fb%3D1'],
    ['a stray % at the end', 'a%3Fb%'],
    ['an escape cut after its first digit', 'a%3Fb%3'],
    ['a stray % before an escape', '%%41'],
    ['a % and one digit before an escape', '%4%41'],
    ['a % before a letter past hex', '%zz%41'],
    ['UTF-8 escapes', 'caf%C3%A9'],
    ['UTF-8 escapes and a stray %', 'caf%C3%A9%'],
    ['an escape past ASCII that is no UTF-8', '%C3%28'],
    ['a UTF-8 sequence cut short', 'x%E2%82'],
    ['an encoded surrogate', '%ED%A0%80'],
    ['the highest ASCII escape beside the lowest past it', '%7F%80'],
    ['lower-case hex', '%e2%82%ac'],
    ['a chain of encoded openings cut mid-escape', 'a%3A%2F%2Fb/'.repeat(40).slice(0, 400)],
  ])('%s: percentDecode’s text', (_name, tail) => {
    expect(readNested(tail)).toBe(percentDecode(`${OPENING}${tail}`));
  });

  it('gives percentDecode’s text for random mixes of %, hex digits and other characters', () => {
    const alphabet = ['%', '%', '%', '0', '7', '8', 'a', 'F', 'C', 'E', 'g', 'z', '/', '2', '9', 'é', '\u{1F600}'];
    // A fixed sequence (a linear congruential generator), so a failure is the same on every run.
    let seed = 12345;
    const next = (bound: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % bound;
    };
    for (let round = 0; round < 5000; round++) {
      let tail = '';
      for (let length = next(14); length > 0; length--) tail += alphabet[next(alphabet.length)];
      expect(readNested(tail), tail).toBe(percentDecode(`${OPENING}${tail}`));
    }
  });
});
