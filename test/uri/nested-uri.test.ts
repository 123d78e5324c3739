import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { embeddedUri, hasScheme, isShortPlainValue, looksLikeNestedUri, mayStillHide, opensEncodedUriAt, uriNestedIn } from '../../src/uri/nested-uri.js';
import { percentDecode } from '../../src/text/percent-decode.js';

const base64 = (text: string) => Buffer.from(text).toString('base64');
const base64url = (text: string) => Buffer.from(text).toString('base64url');
const hex = (text: string) => Buffer.from(text).toString('hex');

const SEED = 20_260_728;

// The helpers as first written, one regular expression each: the oracles the scans must match.
const reference = {
  percentDecode: (text: string) => text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => Buffer.from(run.replaceAll('%', ''), 'hex').toString('utf8')),
  isShortPlainValue: (value: string) => /^[\w.~-]{1,16}$/.test(value),
  hasScheme: (text: string) => /^[\x00-\x20]*[a-z][a-z0-9+.-]*:/i.test(text.replace(/[\t\n\r]/g, '')),
  opensEncodedUriAt: (text: string, index: number) => {
    const at = /(?:68747470|2[fF]2[fF]|aHR0c|Ly[89])/y;
    at.lastIndex = index;
    return at.test(text);
  },
};

/** Every UTF-16 code unit, once. */
const EVERY_CODE_UNIT = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code));

describe(percentDecode.name, () => {
  it.each([
    ['nothing to decode', 'plain', 'plain'],
    ['one escape', 'a%20b', 'a b'],
    ['lower-case hex', '%2f%2F', '//'],
    ['UTF-8 sequences', '%C3%A9t%C3%A9', 'été'],
    ['only once', '%2541', '%41'],
    ['a stray %', '100%', '100%'],
    ['an escape with bad hex', '%zz%4', '%zz%4'],
    ['invalid UTF-8 becomes U+FFFD', '%FF', '\ufffd'],
    ['a truncated sequence becomes U+FFFD', '%E2%82', '\ufffd'],
    ['a % before an escape', '%%41', '%A'],
    ['a half escape before an escape', '%4%41', '%4A'],
    ['an escape at the very end', 'a%41', 'aA'],
    ['a % at the very end', 'a%4', 'a%4'],
    ['ASCII and UTF-8 in one run', '%41%C3%A9%42', 'AéB'],
    ['a NUL', '%00', '\u0000'],
    ['a byte order mark is kept', '%EF%BB%BF', '\ufeff'],
    ['escapes of separators', '%2F%3F%23%26%3D', '/?#&='],
  ])('%s: %s', (_name, given, want) => {
    expect(percentDecode(given)).toBe(want);
  });

  it('decodes any text as the reference does', () => {
    const part = fc.constantFrom(
      '%',
      '%2',
      '%25',
      '%41',
      '%7f',
      '%7F',
      '%80',
      '%C3',
      '%A9',
      '%c3%a9',
      '%E2%82%AC',
      '%F0%9F%98%80',
      '%FF',
      '%zz',
      '%g0',
      'a',
      'Z',
      '0',
      'é',
      '\ud800',
      '/',
      '+',
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 20 }), (parts) => {
        const text = parts.join('');
        expect(percentDecode(text)).toBe(reference.percentDecode(text));
      }),
      { seed: SEED, numRuns: 3_000 },
    );
  });

  it('decodes every escape of one byte as the reference does', () => {
    for (let byte = 0; byte < 0x100; byte++) {
      for (const written of [byte.toString(16).padStart(2, '0'), byte.toString(16).padStart(2, '0').toUpperCase()]) {
        expect(percentDecode(`a%${written}b`)).toBe(reference.percentDecode(`a%${written}b`));
      }
    }
  });
});

describe(isShortPlainValue.name, () => {
  it.each([
    ['a word', 'network', true],
    ['a video id', 'dQw4w9WgXcQ', true],
    ['a file name', 'report-2024.csv', true],
    ['sixteen characters', 'abcdefghij012345', true],
    ['seventeen characters', 'abcdefghij0123456', false],
    ['empty', '', false],
    ['a space', 'a b', false],
    ['a slash', 'a/b', false],
    ['a colon', 'a:b', false],
    ['a percent sign', 'a%20', false],
    ['an equals sign', 'a=', false],
    ['a tilde, a dot, an underscore and a dash', '~._-', true],
    ['a non-ASCII letter', 'café', false],
  ])('%s: %s', (_name, given, want) => {
    expect(isShortPlainValue(given)).toBe(want);
  });

  it('takes every code unit as the reference does, alone and after a word', () => {
    for (const unit of EVERY_CODE_UNIT) {
      expect(isShortPlainValue(unit)).toBe(reference.isShortPlainValue(unit));
      expect(isShortPlainValue(`abc${unit}`)).toBe(reference.isShortPlainValue(`abc${unit}`));
    }
  });
});

describe(hasScheme.name, () => {
  it.each([
    ['https', 'https://example.com/', true],
    ['a scheme with digits, +, - and .', 'web+x.y-2:abc', true],
    ['upper case', 'HTTPS://example.com', true],
    ['after spaces and controls the parser trims', ' \u0001\thttps://x', true],
    ['a tab inside the scheme', 'ht\ttps://x', true],
    ['a newline inside the scheme', 'ht\ntps://x', true],
    ['a colon alone', ':x', false],
    ['a digit first', '1http://x', false],
    ['a path', '/docs/a:b', false],
    ['a space inside the scheme', 'ht tps://x', false],
    ['no colon', 'example.com', false],
    ['empty', '', false],
    ['a non-ASCII letter', 'é:x', false],
    ['a Kelvin sign', '\u212A:x', false],
  ])('%s: %s', (_name, given, want) => {
    expect(hasScheme(given)).toBe(want);
  });

  it('reads every code unit as the reference does, where a scheme opens, continues and ends', () => {
    for (const unit of EVERY_CODE_UNIT) {
      for (const text of [`${unit}a:`, `a${unit}:`, `a${unit}`, `${unit}`, ` ${unit}b1:`]) {
        expect(hasScheme(text)).toBe(reference.hasScheme(text));
      }
    }
  });

  it('reads any text as the reference does', () => {
    const part = fc.constantFrom('a', 'Z', '0', '+', '-', '.', ':', ' ', '\t', '\n', '\r', '\u0000', '\u001f', '/', 'é', '\u212A');
    fc.assert(
      fc.property(fc.array(part, { maxLength: 10 }), (parts) => {
        const text = parts.join('');
        expect(hasScheme(text)).toBe(reference.hasScheme(text));
      }),
      { seed: SEED, numRuns: 3_000 },
    );
  });
});

describe(looksLikeNestedUri.name, () => {
  it.each([
    ['absolute with an authority', 'https://example.com/', true],
    ['an authority after another scheme', 'jdbc:mysql://db/app', true],
    ['protocol-relative', '//example.com/a', true],
    ['protocol-relative, backslashes', '\\\\example.com\\a', true],
    ['a path reference', '/dashboard', true],
    ['a special scheme without slashes', 'https:example.com', true],
    ['a special scheme in upper case', 'HTTP:example.com', true],
    ['ws and ftp', 'wss:x', true],
    ['a leading space the parser trims', '  /a', true],
    ['a tab inside the scheme', 'ht\ttps:x', true],
    ['a newline between the slashes', 'x/\n/y', true],
    ['a query', 'a?b', true],
    ['a fragment', 'a#b', true],
    ['a matrix parameter', 'a;b', true],
    ['a pair', 'a=b', true],
    ['a word', 'network', false],
    ['an opaque urn', 'urn:ietf:params:oauth:grant-type:jwt-bearer', false],
    ['a mailto without a query', 'mailto:ada@example.com', false],
    ['a Windows path', 'C:\\Users\\ada', false],
    ['a hashbang route', '!/reset/abc', true],
    ['prose: a quoted search with =', '"api_key=" language:go', false],
    ['prose: form-encoded words before =', 'what+is+access_token=+here', false],
    ['prose: spaces before ?', 'why is it so slow?', false],
    ['prose: an apostrophe before #', "it's #1", false],
    ['prose with an authority is still read', 'see https://x.example/?a=1', true],
    ['prose with a scheme is still read', 'see+https:x?a=1', true],
    ['a path with a space is still read', '/a b?token=x', true],
    ['a query with a space is still read', '?q=a b', true],
    ['spaces only after the first =', 'a=b c', true],
  ])('%s: %s', (_name, given, want) => {
    expect(looksLikeNestedUri(given)).toBe(want);
  });
});

describe(mayStillHide.name, () => {
  it.each([
    ['a percent escape', '#e=%41', true],
    ['an authority', 'x//y', true],
    ['an authority split by a tab', 'x/\t/y', true],
    ['a scheme', 'note:x?y', true],
    ['a chord chart', '#m#F#G#', false],
    ['question marks', '?????', false],
    ['a plain relative reference', '#e=x/y', false],
    ['a stray percent sign', '100%', false],
  ])('%s: %s', (_name, given, want) => {
    expect(mayStillHide(given)).toBe(want);
  });
});

describe(opensEncodedUriAt.name, () => {
  it.each([
    ['hex of http', '68747470733a', 0, true],
    ['hex of //, upper case', '2F2Fab', 0, true],
    ['base64 of http', 'aHR0cHM6', 0, true],
    ['base64 of //', 'Ly9h', 0, true],
    ['base64 of // (second form)', 'Ly8x', 0, true],
    ['at an index', '/x/aHR0c', 3, true],
    ['not at that index', '/x/aHR0c', 2, false],
    ['a word', 'watch', 0, false],
    ['a 6 that is no hex of http', '6874', 0, false],
    ['a 2 that is no hex of //', '2f2e', 0, false],
    ['an a that is no base64 of http', 'aHR0', 0, false],
    ['an L that is no base64 of //', 'Ly7a', 0, false],
    ['past the end', 'Ly9', 3, false],
  ])('%s: %s at %i', (_name, given, index, want) => {
    expect(opensEncodedUriAt(given, index)).toBe(want);
  });

  it('reads any text at any index as the reference does', () => {
    const part = fc.constantFrom('6', '8', '7', '4', '0', '2', 'f', 'F', 'a', 'H', 'R', '0', 'c', 'L', 'y', '8', '9', '/', 'x');
    fc.assert(
      fc.property(fc.array(part, { maxLength: 12 }), fc.nat(12), (parts, index) => {
        const text = parts.join('');
        expect(opensEncodedUriAt(text, index)).toBe(reference.opensEncodedUriAt(text, index));
      }),
      { seed: SEED, numRuns: 3_000 },
    );
  });
});

describe(embeddedUri.name, () => {
  it.each([
    ['hex of an absolute uri', hex('https://a.example/x?y=1'), 'https://a.example/x?y=1'],
    ['hex in upper case', hex('http://a.example/').toUpperCase(), 'http://a.example/'],
    ['hex of a protocol-relative uri', hex('//a.example/x'), '//a.example/x'],
    ['base64url of an absolute uri', base64url('https://a.example/x?y=1'), 'https://a.example/x?y=1'],
    ['padded base64', base64('https://a.example/?x=1'), 'https://a.example/?x=1'],
    ['base64url with an extension after it', `${base64url('https://a.example/p.png')}.webp`, 'https://a.example/p.png'],
    ['base64 of a protocol-relative uri', base64url('//a.example/x'), '//a.example/x'],
    ['base64 of text that only opens with http', base64url('httpbin-results'), undefined],
    ['hex noise after the http prefix', '6874747000112233445566778899', undefined],
    ['base64 noise after the // prefix', 'Ly9_____', undefined],
    ['a control character inside', base64url('https://a.example/\u0001'), undefined],
    ['a word', 'network', undefined],
    ['empty', '', undefined],
  ])('%s', (_name, given, want) => {
    expect(embeddedUri(given)).toBe(want);
  });
});

describe(uriNestedIn.name, () => {
  // [name, [pathname, search, hash], the nested uri or undefined]
  it.each([
    ['a proxied url, its query and fragment with it', ['/https://h.example/a/b', '?q=1', '#f'], 'https://h.example/a/b?q=1#f'],
    ['after other segments', ['/web/2020/https://h.example/', '', ''], 'https://h.example/'],
    ['the first of two', ['/http://a.example/https://b.example/', '', ''], 'http://a.example/https://b.example/'],
    ['an upper-case scheme, as written', ['/HTTPS://h.example/', '', ''], 'HTTPS://h.example/'],
    ['a special scheme with one slash', ['/https:/h.example/', '', ''], 'https:/h.example/'],
    ['ws, wss and ftp with one slash', ['/x/wss:/h.example/', '', ''], 'wss:/h.example/'],
    ['any scheme with two slashes', ['/git+ssh://h.example/r', '', ''], 'git+ssh://h.example/r'],
    ['a scheme not opening its segment', ['/a_https://h.example/', '', ''], 'https://h.example/'],
    ['an encoded opening, the rest decoded once', ['/https%3A%2F%2Fh.example%2Fa%253F', '?b=%2F', ''], 'https://h.example/a%3F?b=/'],
    ['lower-case escapes', ['/https%3a%2f%2fh.example', '', ''], 'https://h.example'],
    ['an encoded colon and written slashes', ['/https%3A//h.example', '', ''], 'https://h.example'],
    ['opening the query', ['/', '?https://h.example/a?b=1&c=2', '#f'], 'https://h.example/a?b=1&c=2#f'],
    ['opening the query, encoded', ['/', '?https%3A%2F%2Fh.example', ''], 'https://h.example'],
    ['an opaque path opening with one', ['mysql://h.example/db', '', ''], 'mysql://h.example/db'],
    ['a special scheme with no slash', ['/a/https:h.example/b', '?q=1', ''], 'https:h.example/b?q=1'],
    ['an upper-case special scheme with no slash', ['/HTTP:9.example/', '', ''], 'HTTP:9.example/'],
    ['a special scheme with no slash, the colon encoded', ['/https%3Ah.example%2Fb', '', ''], 'https:h.example/b'],
    ['an encoded opening holding UTF-8, decoded once', ['/https%3A%2F%2Fh.example%2F%C3%A9%25C3%25A9', '', ''], 'https://h.example/é%C3%A9'],
    ['an encoded opening ending in a stray %, decoded as percentDecode does', ['/https%3A%2F%2Fh.example%2F%C3%A9%2F%2', '', ''], 'https://h.example/é/%2'],
    [
      'an encoded opening holding a run of invalid UTF-8 among valid ones',
      ['/https%3A%2F%2Fh.example%2F%C3%A9/%C3%28%41/%E2%82%AC%', '', ''],
      'https://h.example/é/\ufffd(A/€%',
    ],
    [
      'an encoded opening holding a stray % and invalid UTF-8, decoded leniently',
      ['/https%3A%2F%2Fh.example%2F%E9%25', '', '#100%'],
      'https://h.example/\ufffd%#100%',
    ],
  ] as const)('reads %s', (_name, [pathname, search, hash], want) => {
    expect(uriNestedIn(pathname, search, hash)).toBe(want);
  });

  it.each([
    ['no colon', ['/a/b/c', '?d=1', '#e']],
    ['a colon inside a segment', ['/wiki/Special:Search', '', '']],
    ['one slash after no special scheme', ['/notes/todo:/list', '', '']],
    ['no slash after a scheme that is not special', ['/a/web+app:h.example/', '', '']],
    ['no slash after a special scheme, then no letter or digit', ['/a/https:-h.example/', '', '']],
    ['an escape for another character', ['/https%3F%2F%2Fh.example', '', '']],
    ['an encoded colon then an escape for another character', ['/https%3A%2E%2Fh.example', '', '']],
    ['encoded twice', ['/https%253A%252F%252Fh.example', '', '']],
    ['slashes ending the path', ['/see/https://', '?q=1', '']],
    ['one slash ending the path', ['/see/http:/', '', '']],
    ['a scheme later in the query', ['/', '?u=https://h.example/', '']],
    ['a scheme in the fragment', ['/', '', '#https://h.example/']],
  ] as const)('finds none where there is %s', (_name, [pathname, search, hash]) => {
    expect(uriNestedIn(pathname, search, hash)).toBeUndefined();
  });

  it('decodes an encoded opening as percentDecode does, whatever escapes follow', () => {
    const piece = fc.constantFrom('%', '%2', '%C3', '%A9', '%E2%82%AC', '%28', '%FF', '%25', '%2F', 'a', '/', '%c3%a9', '%F0%9F%98');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const rest = `https%3A%2F%2Fh.example%2F${pieces.join('')}`;
        expect(uriNestedIn(`/${rest}`, '', '')).toBe(percentDecode(rest));
      }),
    );
  });
});
