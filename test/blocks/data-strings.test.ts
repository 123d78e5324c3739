import { describe, expect, it } from 'vitest';
import { dataChecker, shownDataString } from '../../src/blocks/data-strings.js';
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
