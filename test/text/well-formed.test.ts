/** Well-formed text (issue 3): a lone surrogate becomes U+FFFD; a cut never splits a pair. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutAt, wellFormed } from '../../src/text/well-formed.js';
import { itProp } from '../support/factories.js';

describe(wellFormed.name, () => {
  it.each([
    ['lone high surrogate', 'a\uD800b', 'a\uFFFDb'],
    ['lone low surrogate', 'a\uDC00b', 'a\uFFFDb'],
    ['high at the end', 'ab\uDBFF', 'ab\uFFFD'],
    ['low then high (reversed pair)', '\uDC00\uD800', '\uFFFD\uFFFD'],
    ['a pair is kept', '😀', '😀'],
    ['plain text is kept', 'plain', 'plain'],
  ])('%s', (_name, given, want) => {
    expect(wellFormed(given)).toBe(want);
  });
});

describe(cutAt.name, () => {
  it.each([
    ['shorter than max > whole', 'abc', 5, 'abc'],
    ['exactly max > whole', 'abc', 3, 'abc'],
    ['one over > cut', 'abcd', 3, 'abc'],
    ['the cut would split a pair > the pair goes whole', 'ab😀', 3, 'ab'],
    ['the cut falls after a pair > kept', 'a😀b', 3, 'a😀'],
    ['max 0 > empty', 'abc', 0, ''],
    ['max 1 on a pair > empty', '😀', 1, ''],
  ])('%s', (_name, text, max, want) => {
    expect(cutAt(text, max)).toBe(want);
  });

  itProp([fc.string({ unit: 'grapheme', maxLength: 60 }), fc.nat(80)], { seed: 0x5eed_0007, numRuns: 1000 })(
    'is a well-formed prefix at most max long and at most one unit short of it',
    (text, max) => {
      const cut = cutAt(text, max);
      expect(text.startsWith(cut)).toBe(true);
      expect(cut.isWellFormed()).toBe(true);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(cut.length).toBeGreaterThanOrEqual(Math.min(text.length, max) - 1);
    },
  );
});
