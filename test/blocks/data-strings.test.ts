import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { checkedJsonHead, dataChecker, mayNeedDataCheck, shownDataString } from '../../src/blocks/data-strings.js';
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

  it('keeps a `__proto__` key as a member beside a key it replaces, the copy’s prototype untouched', () => {
    const value = JSON.parse(`{"__proto__":{"x":1},${JSON.stringify(SIGNED)}:2}`) as object;
    const checked = dataChecker();
    const shown = checked(value) as Record<string, unknown>;
    expect(Object.getPrototypeOf(shown)).toBe(Object.prototype);
    expect(Object.keys(shown)).toEqual(['__proto__', DATA_URI_NOT_SHOWN]);
    expect(JSON.stringify(value, (_key, member: unknown) => checked(member))).toBe(`{"__proto__":{"x":1},${JSON.stringify(DATA_URI_NOT_SHOWN)}:2}`);
  });

  it('numbers many keys that share a shown name in one step each, not one per earlier key', () => {
    const count = 2000;
    const value = Object.fromEntries(Array.from({ length: count }, (_, i) => [`${SIGNED}&n=${i}`, i]));
    value[`${DATA_URI_NOT_SHOWN} (3)`] = -1;
    const hasOwn = vi.spyOn(Object, 'hasOwn');
    let shown: Record<string, number>;
    try {
      shown = replace(value);
      expect(hasOwn.mock.calls.length).toBeLessThan(4 * (count + 1));
    } finally {
      hasOwn.mockRestore();
    }
    expect(Object.keys(shown)).toHaveLength(count + 1);
    expect(shown[DATA_URI_NOT_SHOWN]).toBe(0);
    expect(shown[`${DATA_URI_NOT_SHOWN} (2)`]).toBe(1);
    expect(shown[`${DATA_URI_NOT_SHOWN} (3)`]).toBe(2);
    // A key sent as a number's name takes its own number when that one is taken.
    expect(shown[`${DATA_URI_NOT_SHOWN} (3) (2)`]).toBe(-1);
    expect(shown[`${DATA_URI_NOT_SHOWN} (${count})`]).toBe(count - 1);
  });

  it('counts keys toward what a copy shows: keys past it are not read, and none before it', () => {
    const value = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`${SIGNED}&n=${i}`, i]));
    const shown = Object.keys(replace(value, 200));
    expect(shown.slice(0, 3)).toEqual([DATA_URI_NOT_SHOWN, `${DATA_URI_NOT_SHOWN} (2)`, `${DATA_URI_NOT_SHOWN} (3)`]);
    expect(shown.filter((key) => key.startsWith(DATA_NOT_READ)).length).toBeGreaterThan(90);
    // An array's indexes are not in the text, so they count for nothing.
    expect(replace([...Array.from({ length: 50 }, (_, i) => i), SIGNED], 40)).toContain(DATA_URI_NOT_SHOWN);
  });

  it('counts a replaced string by its replacement, the length a copy shows', () => {
    expect(replace(['A'.repeat(30_000), 'https://example.com/ok'], 1000)).toEqual([base64RunMarker(30_000), 'https://example.com/ok']);
  });

  it('past what a copy can show, leaves unread a string the check might change, and keeps any other', () => {
    const value = ['x'.repeat(50), SIGNED, 'plain', 'https://example.com/ok'];
    expect(replace(value, 10)).toEqual(['x'.repeat(50), DATA_NOT_READ, 'plain', DATA_NOT_READ]);
    expect(replace(value)).toEqual(['x'.repeat(50), DATA_URI_NOT_SHOWN, 'plain', 'https://example.com/ok']);
  });
});

describe(checkedJsonHead.name, () => {
  it('replaces a protocol-relative uri written with backslashes, as JSON text escapes them', () => {
    const hook = 'hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX';
    for (const value of [`\\\\${hook}`, `see \\\\${hook}`, `\\/${hook}`, `/\\${hook}`]) {
      const json = JSON.stringify({ pad: 'word '.repeat(60), value });
      expect(mayNeedDataCheck(json)).toBe(true);
      expect(checkedJsonHead(json, 400)).toBe(JSON.stringify({ pad: 'word '.repeat(60), value: DATA_URI_NOT_SHOWN }));
    }
  });

  it('is the start of the checked serialization, read literal by literal only as far as it shows', () => {
    const pieces = fc.oneof(fc.string(), fc.constant(SIGNED), fc.constant(RUN), fc.constant('https://example.com/a'), fc.constant('say "hi" \\ there'));
    fc.assert(
      fc.property(
        fc.array(fc.dictionary(fc.string(), fc.oneof(pieces, fc.integer(), fc.array(pieces))), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 400 }),
        (value, readChars) => {
          const checked = dataChecker();
          const whole = JSON.stringify(value, (_key, member: unknown) => checked(member));
          // Keys here are never replaced, so the replacer's numbering never enters.
          const head = checkedJsonHead(JSON.stringify(value), readChars);
          expect(head.length).toBeGreaterThanOrEqual(Math.min(readChars, whole.length));
          expect(whole.startsWith(head)).toBe(true);
        },
      ),
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

describe('strings a sender encoded', () => {
  const B = Buffer.from(Array.from({ length: 600 }, (_, i) => i % 256)).toString('base64');
  const SIG = `X-Amz-Signature=${'f3a9'.repeat(16)}`;

  it.each([
    ['a uri in JSON text with escaped slashes', `{"url":"https:\\/\\/b.s3.amazonaws.com\\/k?${SIG}"}`, DATA_URI_NOT_SHOWN],
    ['a protocol-relative uri with escaped slashes', `\\/\\/b.s3.amazonaws.com\\/k?${SIG}`, DATA_URI_NOT_SHOWN],
    ['base64 with escaped slashes', `{"img":"${B.replaceAll('/', '\\/')}"}`, `{"img":"${base64RunMarker(B.replaceAll('/', '\\/').length)}"}`],
    ['PEM-wrapped base64', B.match(/.{1,64}/g)!.join('\n'), undefined],
    ['MIME-wrapped base64', B.match(/.{1,76}/g)!.join('\r\n'), undefined],
    ['base64 split by zero-width spaces', B.match(/.{1,100}/g)!.join('\u200b'), base64RunMarker(B.length + 7)],
  ])('shows no %s', (_name, text, expected) => {
    const shown = shownDataString(text);
    if (expected !== undefined) expect(shown).toBe(expected);
    expect(shown).not.toContain(B.slice(200, 240));
    expect(shown).not.toContain('f3a9f3a9');
    // The cheap test over JSON text holding the string sees it too.
    expect(mayNeedDataCheck(JSON.stringify({ value: text }))).toBe(true);
  });

  it('is changed only where the cheap test over its JSON text says it may be', () => {
    const piece = fc.constantFrom(
      '\n',
      '\r\n',
      '\u200b',
      '\u00ad',
      '\\/',
      '\\',
      '-----BEGIN KEY-----\n',
      ' ',
      'x',
      'A'.repeat(40),
      'QUJD'.repeat(20),
      '==',
      '//h.io/?token=ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        if (shownDataString(text) !== text) expect(mayNeedDataCheck(JSON.stringify([text]))).toBe(true);
      }),
      { seed: 0x12_f3a9, numRuns: 1000 },
    );
  });
});
