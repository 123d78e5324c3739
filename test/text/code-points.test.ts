import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { withinCodePoints } from '../../src/text/code-points.js';

const EMOJI = '\u{1F600}';

describe(withinCodePoints.name, () => {
  it.each([
    ['ascii at the bound', 'a'.repeat(10), 10, true],
    ['ascii past the bound', 'a'.repeat(11), 10, false],
    ['10 emoji (20 units) within 10', EMOJI.repeat(10), 10, true],
    ['11 emoji past 10', EMOJI.repeat(11), 10, false],
    ['a lone high surrogate counts once', `${'a'.repeat(9)}\ud800`, 10, true],
    ['lone surrogates each count', '\udc00'.repeat(11), 10, false],
    ['a pair split by the end of the string', `${EMOJI.repeat(9)}\ud83d`, 10, true],
  ] as const)('%s', (_name, text, max, expected) => {
    expect(withinCodePoints(text, max)).toBe(expected);
  });

  it('agrees with counting code points by iteration, for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.integer({ min: 0, max: 30 }), (text, max) => {
        expect(withinCodePoints(text, max)).toBe([...text].length <= max);
      }),
    );
  });
});
