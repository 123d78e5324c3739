/**
 * Labels (issue 3): every server-supplied label shown loses C0/C1 controls, bidi controls and
 * U+2028/U+2029, and is bounded with `…` marking the cut.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CUT_MARK, LABEL_MAX_CHARS, sanitizeLabel, stripUnshowable } from '../../src/text/labels.js';
import { itProp } from '../support/factories.js';

const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

describe(stripUnshowable.name, () => {
  it.each([
    ['C0 > NUL', '\u0000'],
    ['C0 > BEL', '\u0007'],
    ['C0 > tab', '\t'],
    ['C0 > newline', '\n'],
    ['C0 > carriage return', '\r'],
    ['C0 > ESC', '\u001b'],
    ['C0 > unit separator', '\u001f'],
    ['DEL', '\u007f'],
    ['C1 > PAD', '\u0080'],
    ['C1 > NEL', '\u0085'],
    ['C1 > CSI', '\u009b'],
    ['C1 > APC', '\u009f'],
    ['bidi > ALM', '\u061c'],
    ['bidi > LRM', '\u200e'],
    ['bidi > RLM', '\u200f'],
    ['bidi > LRE', '\u202a'],
    ['bidi > RLE', '\u202b'],
    ['bidi > PDF', '\u202c'],
    ['bidi > LRO', '\u202d'],
    ['bidi > RLO', '\u202e'],
    ['bidi > LRI', '\u2066'],
    ['bidi > RLI', '\u2067'],
    ['bidi > FSI', '\u2068'],
    ['bidi > PDI', '\u2069'],
    ['line separator', '\u2028'],
    ['paragraph separator', '\u2029'],
  ])('removes %s', (_name, char) => {
    expect(stripUnshowable(`a${char}b${char}`)).toBe('ab');
  });

  it.each([
    ['space', ' '],
    ['no-break space', '\u00a0'],
    ['first printable Latin-1', '\u00a1'],
    ['zero-width joiner (emoji sequences)', '\u200d'],
    ['an arabic letter', '\u0628'],
    ['an emoji (surrogate pair)', '😀'],
  ])('keeps %s', (_name, char) => {
    expect(stripUnshowable(`a${char}b`)).toBe(`a${char}b`);
  });

  it('makes the label well formed: a lone surrogate becomes U+FFFD', () => {
    expect(stripUnshowable('a\uD800b\uDC00')).toBe('a\uFFFDb\uFFFD');
  });
});

describe(sanitizeLabel.name, () => {
  it('bounds at 120 characters by default', () => {
    expect(LABEL_MAX_CHARS).toBe(120);
    expect(CUT_MARK).toBe('…');
  });

  it.each([
    ['exactly the bound > unchanged', 'x'.repeat(LABEL_MAX_CHARS), 'x'.repeat(LABEL_MAX_CHARS)],
    ['one over > cut, `…` marking it, within the bound', 'x'.repeat(LABEL_MAX_CHARS + 1), `${'x'.repeat(LABEL_MAX_CHARS - 1)}…`],
    ['over the bound only before stripping > unchanged', `${'x'.repeat(LABEL_MAX_CHARS)}\u202e\u0000`, 'x'.repeat(LABEL_MAX_CHARS)],
    ['a megabyte > cut', 'y'.repeat(1_000_000), `${'y'.repeat(LABEL_MAX_CHARS - 1)}…`],
    ['empty > empty', '', ''],
  ])('%s', (_name, given, want) => {
    expect(sanitizeLabel(given)).toBe(want);
  });

  it('never splits a surrogate pair at the cut', () => {
    const given = `${'x'.repeat(8)}😀😀`;
    const shown = sanitizeLabel(given, 10);
    expect(shown).toBe(`${'x'.repeat(8)}…`);
    expect(shown.isWellFormed()).toBe(true);
  });

  it('takes a bound of its own (type labels use a smaller one)', () => {
    expect(sanitizeLabel('abcdefghij', 5)).toBe('abcd…');
  });

  itProp([fc.string({ unit: 'binary', maxLength: 400 }), fc.integer({ min: 2, max: 150 })], { seed: 0x5eed_0006, numRuns: 1000 })(
    'is always within its bound, well formed, with no unshowable character; a cut shows a prefix and `…`',
    (text, max) => {
      const shown = sanitizeLabel(text, max);
      expect(shown.length).toBeLessThanOrEqual(max);
      expect(shown.isWellFormed()).toBe(true);
      expect(shown).not.toMatch(UNSHOWABLE);
      const clean = stripUnshowable(text);
      if (clean.length <= max) expect(shown).toBe(clean);
      else {
        expect(shown.endsWith(CUT_MARK)).toBe(true);
        expect(clean.startsWith(shown.slice(0, -1))).toBe(true);
      }
    },
  );
});
