import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkedJsonHead, dataChecker, shownDataString } from '../../src/blocks/data-strings.js';
import { base64RunMarker, DATA_NOT_READ, DATA_URI_NOT_SHOWN } from '../../src/text/markers.js';

const SIGNED = 'https://bucket.s3.amazonaws.com/q3.pdf?X-Amz-Signature=9f86d081884c7d659a2feaa0c55ad015';
const RUN = 'QUJD'.repeat(60);

describe(shownDataString.name, () => {
  it('replaces a uri that may carry a credential whole, each base64 run by its marker, and keeps the rest', () => {
    expect(shownDataString(SIGNED)).toBe(DATA_URI_NOT_SHOWN);
    expect(shownDataString(`a ${RUN} b`)).toBe(`a ${base64RunMarker(RUN.length)} b`);
    expect(shownDataString('https://example.com/a?page=2')).toBe('https://example.com/a?page=2');
  });
});

describe(dataChecker.name, () => {
  const replace = (value: unknown, readChars?: number) => {
    const checked = dataChecker(readChars);
    return JSON.parse(JSON.stringify(value, (_key, member: unknown) => checked(member)));
  };

  it('checks strings, boxed strings and keys, numbering keys two replacements would share', () => {
    expect(replace({ a: SIGNED, b: new String(SIGNED), n: 3, [SIGNED]: 1, [`${SIGNED}&x=1`]: 2 })).toEqual({
      a: DATA_URI_NOT_SHOWN,
      b: DATA_URI_NOT_SHOWN,
      n: 3,
      [DATA_URI_NOT_SHOWN]: 1,
      [`${DATA_URI_NOT_SHOWN} (2)`]: 2,
    });
  });

  it('past what a copy can show, leaves unread a string the check might change, and keeps any other', () => {
    const value = ['x'.repeat(50), SIGNED, 'plain', 'https://example.com/ok'];
    expect(replace(value, 10)).toEqual(['x'.repeat(50), DATA_NOT_READ, 'plain', DATA_NOT_READ]);
    expect(replace(value)).toEqual(['x'.repeat(50), DATA_URI_NOT_SHOWN, 'plain', 'https://example.com/ok']);
  });
});

describe(checkedJsonHead.name, () => {
  it('is the start of the checked serialization, read literal by literal only as far as it shows', () => {
    const pieces = fc.oneof(fc.string(), fc.constant(SIGNED), fc.constant(RUN), fc.constant('https://example.com/a'), fc.constant('say "hi" \\ there'));
    fc.assert(
      fc.property(fc.array(fc.dictionary(fc.string(), fc.oneof(pieces, fc.integer(), fc.array(pieces))), { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 400 }), (value, readChars) => {
        const checked = dataChecker();
        const whole = JSON.stringify(value, (_key, member: unknown) => checked(member));
        // Keys here are never replaced, so the replacer's numbering never enters.
        const head = checkedJsonHead(JSON.stringify(value), readChars);
        expect(head.length).toBeGreaterThanOrEqual(Math.min(readChars, whole.length));
        expect(whole.startsWith(head)).toBe(true);
      }),
      { seed: 0x12_1ab5, numRuns: 500 },
    );
  });

  it('ends each literal at its closing quote, however many backslashes precede quotes in it, long or short', () => {
    for (const text of ['a\\', 'a\\\\', 'say \\"hi\\" \\\\"', `${'q\\"'.repeat(200)}\\`]) {
      const value = { a: text, url: SIGNED, b: RUN };
      const checked = dataChecker();
      const whole = JSON.stringify(value, (_key, member: unknown) => checked(member));
      expect(checkedJsonHead(JSON.stringify(value), whole.length)).toBe(whole);
    }
  });

  it('checks a long literal as a short one: a base64 run in it is replaced', () => {
    const long = `${'word '.repeat(100)}${RUN}`;
    expect(checkedJsonHead(JSON.stringify([long]), 10_000)).toBe(JSON.stringify([shownDataString(long)]));
    expect(shownDataString(long)).not.toBe(long);
  });

  it('keeps no part of a string that starts before the cut unchecked, even one running past it', () => {
    const json = JSON.stringify({ a: 'x', url: SIGNED });
    expect(checkedJsonHead(json, 17)).toBe(`{"a":"x","url":${JSON.stringify(DATA_URI_NOT_SHOWN)}`);
  });
});
