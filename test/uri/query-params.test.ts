import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAPABILITY_PAGE_SEGMENTS, CAPABILITY_PATH_WORDS, SHARE_PATH_WORDS } from '../../src/uri/credential-lists.js';
import { foldName } from '../../src/uri/fold-name.js';
import { hasSegment, SegmentedPath, segmentWords, someSegmentAfter } from '../../src/uri/path-segments.js';
import { lastTwoLabels, mergingSlashes, PathShapes } from '../../src/uri/path-shapes.js';
import {
  hasParameterNamed,
  isShortPlainPiece,
  namesOneParameter,
  someFragmentParameter,
  someParameterAnywhere,
  someQueryParameter,
  somePathParameter,
  someUriParameter,
  type ParameterTests,
} from '../../src/uri/uri-parameters.js';
import { isShortPlainValue } from '../../src/uri/nested-uri.js';
import { TriedPieces } from '../../src/uri/tried-pieces.js';
import { readPlainHttpUri, readUri, type UriParts } from '../../src/uri/uri-parts.js';
import { runGuarded, SRC_DIR } from '../support/hang-guard.js';

const SEED = 20_260_728;

/** `foldName` as it was first written, one regular expression at a time: the oracle. */
const referenceFold = (name: string): string =>
  decodeLeniently(name)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
const decodeLeniently = (text: string): string => text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => Buffer.from(run.replaceAll('%', ''), 'hex').toString('utf8'));

describe(foldName.name, () => {
  it.each([
    ['already folded', 'token', 'token'],
    ['upper and mixed case', 'X-Amz-Signature', 'xamzsignature'],
    ['camelCase', 'accessToken', 'accesstoken'],
    ['dashes and underscores', 'access-token_id', 'accesstokenid'],
    ['brackets', 'token[]', 'token'],
    ['nested brackets', 'auth[token]', 'authtoken'],
    ['percent-encoded letters', '%74oken', 'token'],
    ['a control character', 'to%01ken', 'token'],
    ['a stray percent sign', 'to%ken', 'token'],
    ['non-ASCII letters are dropped', 'tökén', 'tkn'],
    ['a letter that lower-cases to ASCII', 'to\u212Aen', 'token'],
    ['an escaped letter that lower-cases to ASCII', 'to%E2%84%AAen', 'token'],
    ['nothing left', '[]-_', ''],
    ['empty', '', ''],
    ['digits', '2fa', '2fa'],
  ])('%s: %s folds to %s', (_name, given, want) => {
    expect(foldName(given)).toBe(want);
  });

  it('folds a name met before as it did the first time', () => {
    const name = `X-Repeated-${'Name'.repeat(4)}`;
    const first = foldName(name);
    expect(foldName(`${name}`)).toBe(first);
    expect(foldName(name.slice(0))).toBe('xrepeatednamenamenamename');
  });

  it('folds alike however many different names it meets', () => {
    const names = Array.from({ length: 3_000 }, (_, index) => `Name-${index % 1_500}_X`);
    expect(names.map(foldName)).toEqual(names.map(referenceFold));
  });

  it('folds any name as the reference does', () => {
    const part = fc.constantFrom(
      'a',
      'Z',
      'k',
      '0',
      '9',
      '-',
      '_',
      '[',
      ']',
      '.',
      '%',
      '%2',
      '%41',
      '%74',
      '%C3%A9',
      '%E2%84%AA',
      '%FF',
      'é',
      'K',
      '\u212A',
      'İ',
      'ſ',
      ' ',
      '\u0000',
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 12 }), (parts) => {
        const name = parts.join('');
        expect(foldName(name)).toBe(referenceFold(name));
        expect(foldName(name)).toBe(referenceFold(name));
      }),
      { seed: SEED, numRuns: 2_000 },
    );
  });
});

/** The tests `named` and `bare` as one object. */
const tests = (named: (name: string, value: string) => boolean, bare: (value: string) => boolean): ParameterTests => ({
  named,
  bare,
});

/** Every parameter a reading tries, in order: `name=value` for a named one, `[value]` for a bare one. */
function tried(read: (tests: ParameterTests) => boolean): string[] {
  const seen: string[] = [];
  const held = read(
    tests(
      (name, value) => (seen.push(`${name}=${value}`), false),
      (value) => (seen.push(`[${value}]`), false),
    ),
  );
  expect(held).toBe(false);
  return seen;
}

describe(someQueryParameter.name, () => {
  it.each([
    ['empty', '', []],
    ['a lone ?', '?', []],
    ['plain pairs', '?page=2&per_page=50', ['page=2', 'perpage=50']],
    ['a piece with no = is a bare value', '#token', ['[token]']],
    ['an empty value', '?token=', ['token=']],
    ['an empty name', '?=abc', ['=abc']],
    ['empty pieces are skipped', '?&&a=1&', ['a=1']],
    ['only the first = splits', '?t==abc=', ['t==abc=']],
    ["an = in a later piece is not this one's", '?a&b=1&c', ['[a]', 'b=1', '[c]']],
    ['values stay encoded', '?u=%2Fa%3Fb', ['u=%2Fa%3Fb']],
    ['; read both ways', '?a=1;token=x', ['a=1;token=x', 'a=1', 'token=x']],
    ['? read both ways', '#/reset?token=x', ['resettoken=x', '[/reset]', 'token=x']],
    ['a value opening with ;', '?token=;x', ['token=;x', 'token=', '[x]']],
    ['a value opening with ?', '?token=?x', ['token=?x', 'token=', '[x]']],
    ['a leading ? of the part is not a separator', '??a=1', ['a=1', 'a=1']],
    ['a piece both readings give alike is tried once', '?a=1&b=2;c=3&d', ['a=1', 'b=2;c=3', 'b=2', 'c=3', '[d]']],
    ['a name cut by ;', '?a;b=1', ['ab=1', '[a]', 'b=1']],
    ['separators in a row', '?a=1;;?b=2&;', ['a=1;;?b=2', 'a=1', 'b=2', '[;]']],
    ['an = only after the ; of a later piece', '?x&y;z=1', ['[x]', 'yz=1', '[y]', 'z=1']],
  ])('%s: %s', (_name, given, want) => {
    expect(tried((reading) => someQueryParameter(given, reading))).toEqual(want);
  });

  it('stops at the first parameter that holds', () => {
    const seen: string[] = [];
    const held = someQueryParameter(
      '?a=1&token=x&b=2;c=3',
      tests(
        (name) => (seen.push(name), name === 'token'),
        () => false,
      ),
    );
    expect(held).toBe(true);
    expect(seen).toEqual(['a', 'token']);
  });

  it('stops at a bare value that holds, and at a piece read the second way', () => {
    expect(
      someQueryParameter(
        '?a=1&x&b=2',
        tests(
          () => false,
          (value) => value === 'x',
        ),
      ),
    ).toBe(true);
    expect(
      someQueryParameter(
        '?a=1;x&b=2',
        tests(
          () => false,
          (value) => value === 'x',
        ),
      ),
    ).toBe(true);
    expect(
      someQueryParameter(
        '?a=1;x&b=2',
        tests(
          () => false,
          (value) => value === 'y',
        ),
      ),
    ).toBe(false);
  });

  it('gives the parameters of both readings, a piece both give alike once', () => {
    const parameter = (piece: string) => {
      const equals = piece.indexOf('=');
      return equals < 0 ? `[${piece}]` : `${referenceFold(piece.slice(0, equals))}=${piece.slice(equals + 1)}`;
    };
    // The two readings as first written: every piece between `&`s, then, where there is a `?`
    // or `;` to split at, every piece between any separators.
    const bothReadings = (part: string) => {
      const pieces = (separators: RegExp) =>
        part
          .slice(1)
          .split(separators)
          .filter((piece) => piece !== '');
      const second = part.slice(1).includes('?') || part.includes(';') ? pieces(/[&?;]/) : [];
      return new Set([...pieces(/&/), ...second].map(parameter));
    };
    // Each piece between `&`s, followed by its own pieces where it holds a `?` or `;`.
    const onceEach = (part: string) =>
      part
        .slice(1)
        .split('&')
        .filter((piece) => piece !== '')
        .flatMap((piece) => (/[?;]/.test(piece) ? [piece, ...piece.split(/[?;]/).filter((sub) => sub !== '')] : [piece]))
        .map(parameter);
    const part = fc.array(fc.constantFrom('a', 'B', '1', '=', '&', '?', ';', '%3D', '-', '[]'), { maxLength: 16 });
    fc.assert(
      fc.property(fc.constantFrom('?', '#', ''), part, (lead, pieces) => {
        const given = lead === '' ? '' : `${lead}${pieces.join('')}`;
        const seen = tried((reading) => someQueryParameter(given, reading));
        expect(seen).toEqual(onceEach(given));
        expect(new Set(seen)).toEqual(bothReadings(given));
      }),
      { seed: SEED, numRuns: 2_000 },
    );
  });
});

describe(`${someQueryParameter.name}, long pieces`, () => {
  // Pieces from 24 characters on have their `=`, `?` and `;` found by searches that only move
  // forward: the same pieces as the split below, in order, whatever the lengths around them.
  it('gives each piece between `&`s, then its own pieces, as a split does', () => {
    const parameter = (piece: string) => {
      const equals = piece.indexOf('=');
      return equals < 0 ? `[${piece}]` : `${referenceFold(piece.slice(0, equals))}=${piece.slice(equals + 1)}`;
    };
    const onceEach = (part: string) =>
      part
        .slice(1)
        .split('&')
        .filter((piece) => piece !== '')
        .flatMap((piece) => (/[?;]/.test(piece) ? [piece, ...piece.split(/[?;]/).filter((sub) => sub !== '')] : [piece]))
        .map(parameter);
    const token = fc.constantFrom('a', 'B', '=', '&', '?', ';', 'x'.repeat(11), 'y'.repeat(23), 'z'.repeat(40), '&k=', '=v');
    const long = 'X-Amz-Credential=AKIAEXAMPLE%2F20260101%2Fus-east-1%2Fs3%2Faws4_request';
    expect(tried((reading) => someQueryParameter(`?${long}&${long};t=1&a=${'b'.repeat(30)}?c`, reading))).toEqual(
      onceEach(`?${long}&${long};t=1&a=${'b'.repeat(30)}?c`),
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 24 }), (pieces) => {
        const given = `?${pieces.join('')}`;
        expect(tried((reading) => someQueryParameter(given, reading))).toEqual(onceEach(given));
      }),
      { seed: SEED, numRuns: 3_000 },
    );
  });
});

describe(someFragmentParameter.name, () => {
  it.each([
    ['empty', '', []],
    ['a fragment with no route is read as a query', '#a=1&b=2;c=3', ['a=1', 'b=2;c=3', 'b=2', 'c=3']],
    ['an anchor', '#install', ['[install]']],
    ['a route with a query: the route, then its own parameters', '#/swap?token=ETH&chain=1', ['[/swap]', 'token=ETH', 'chain=1']],
    ['a hashbang route with a query', '#!/reset?token=x', ['[!/reset]', 'token=x']],
    ["a route's query read both ways", '#/a?b=1;token=?x', ['[/a]', 'b=1;token=?x', 'b=1', 'token=', '[x]']],
    ['a route with no query is one bare value', '#/reset-password/abc', ['[/reset-password/abc]']],
    ["a ? that opens no route's query", '#section?token=x', ['sectiontoken=x', '[section]', 'token=x']],
    ['a ! that opens no route', '#!swap?token=x', ['swaptoken=x', '[!swap]', 'token=x']],
  ])('%s: %s', (_name, given, want) => {
    expect(tried((reading) => someFragmentParameter(given, reading))).toEqual(want);
  });

  it("stops at the route when it holds, and reads the query when it doesn't", () => {
    const seen: string[] = [];
    expect(
      someFragmentParameter(
        '#/r?token=x',
        tests(
          (name) => (seen.push(name), true),
          () => true,
        ),
      ),
    ).toBe(true);
    expect(seen).toEqual([]);
    expect(
      someFragmentParameter(
        '#/r?token=x',
        tests(
          (name) => name === 'token',
          () => false,
        ),
      ),
    ).toBe(true);
    expect(
      someFragmentParameter(
        '#/r?token=x',
        tests(
          () => false,
          () => false,
        ),
      ),
    ).toBe(false);
  });
});

describe(somePathParameter.name, () => {
  it.each([
    ['empty', '', []],
    ['a lone slash', '/', []],
    ['segments are bare values', '/docs/a.pdf', ['[docs]', '[a.pdf]']],
    ['empty segments are skipped', '//a//b/', ['[a]', '[b]']],
    ['matrix parameters', '/item.jsp;jsessionid=ABC', ['[item.jsp]', 'jsessionid=ABC']],
    ['a CDN token segment', '/bcdn_token=x&expires=1/v.mp4', ['bcdntoken=x', 'expires=1', '[v.mp4]']],
    ['only the first = splits', '/a=1=2/b', ['a=1=2', '[b]']],
    ['an empty name', '/x/=v', ['[x]', '=v']],
    ["an = in a later piece is not this one's", '/a/b;c=d&e', ['[a]', '[b]', 'c=d', '[e]']],
    ['an opaque path', 'ada@example.com', ['[ada@example.com]']],
    ['hex of http from its segment on, slashes removed, then each segment', '/camo/68747470/3a2f2f', ['[camo]', '[687474703a2f2f]', '[68747470]', '[3a2f2f]']],
    ['base64 of http split across segments, then each segment', '/sig/aHR0cHM6Ly9h/LmI.png', ['[sig]', '[aHR0cHM6Ly9hLmI.png]', '[aHR0cHM6Ly9h]', '[LmI.png]']],
    ['an encoded uri that is the last segment is read once', '/camo/68747470', ['[camo]', '[68747470]']],
    ['an opaque path opening with base64 of //', 'Ly9hLmI', ['[Ly9hLmI]']],
    ['an encoded uri after a ; piece', '/x;Ly8a/b', ['[x]', '[Ly8ab]', '[Ly8a]', '[b]']],
    ['an encoded uri after an = piece', '/a=1&2F2Fab/c', ['a=1', '[2F2Fabc]', '[2F2Fab]', '[c]']],
    ['an encoded uri opening a last piece with a value', '/2f2f=v', ['[2f2f=v]', '2f2f=v']],
    ['what only opens like hex, then a token segment', '/2f2f01/eyJ.x.y', ['[2f2f01eyJ.x.y]', '[2f2f01]', '[eyJ.x.y]']],
    ['only the first opening joins the rest', '/2f2f/aHR0c;Ly9/x', ['[2f2faHR0c;Ly9x]', '[2f2f]', '[aHR0c]', '[Ly9]', '[x]']],
    ['hex of http further into a segment is a plain value', '/x68747470/y', ['[x68747470]', '[y]']],
  ])('%s: %s', (_name, given, want) => {
    expect(tried((reading) => somePathParameter(given, reading))).toEqual(want);
  });

  it('passes over short plain pieces, unasked, for tests that hold for none', () => {
    const seen = (path: string) => {
      const out: string[] = [];
      const reading = {
        ...tests(
          (name, value) => (out.push(`${name}=${value}`), false),
          (value) => (out.push(`[${value}]`), false),
        ),
        passesOverShortPlain: true,
      };
      expect(somePathParameter(path, reading)).toBe(false);
      return out;
    };
    expect(seen('/exports/r7/file-3.csv')).toEqual([]);
    expect(seen('/a;b=1/abcdefghijklmnop/abcdefghijklmnopq/a%41/a:b')).toEqual(['b=1', '[abcdefghijklmnopq]', '[a%41]', '[a:b]']);
    // An encoded uri opening a short plain piece still joins the rest, read as one value.
    expect(seen('/aHR0cHM6/Ly9h')).toEqual(['[aHR0cHM6Ly9h]']);
  });

  it('passes over exactly the bare pieces isShortPlainValue finds, and tries the rest as it would', () => {
    // The reference split of the test below, each piece a bare one may be passed over, and the
    // joined rest at the first opening of an encoded uri never.
    const reference = (path: string) => {
      const out: string[] = [];
      let start = 0;
      let joined = false;
      for (const piece of path.split(/[/;&]/)) {
        const rest = path.slice(start);
        if (!joined && /^(?:68747470|2[fF]2[fF]|aHR0c|Ly[89])/.test(rest)) {
          joined = true;
          if (rest !== piece.replace(/=[^]*/, '')) out.push(`[${rest.replaceAll('/', '')}]`);
        }
        const equals = piece.indexOf('=');
        if (piece !== '' && !(equals < 0 && isShortPlainValue(piece))) {
          out.push(equals < 0 ? `[${piece}]` : `${referenceFold(piece.slice(0, equals))}=${piece.slice(equals + 1)}`);
        }
        start += piece.length + 1;
      }
      return out;
    };
    const part = fc.constantFrom(
      'a',
      'B',
      '0',
      '.',
      '~',
      '-',
      '_',
      '=',
      '/',
      '//',
      ';',
      '&',
      '%41',
      'é',
      ':',
      'aHR0c',
      'Ly9',
      '2f2f',
      '68747470',
      'x'.repeat(15),
      'y'.repeat(17),
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 14 }), fc.boolean(), (parts, rooted) => {
        const path = `${rooted ? '/' : ''}${parts.join('')}`;
        const seen: string[] = [];
        const reading = {
          ...tests(
            (name, value) => (seen.push(`${name}=${value}`), false),
            (value) => (seen.push(`[${value}]`), false),
          ),
          passesOverShortPlain: true,
        };
        expect(somePathParameter(path, reading)).toBe(false);
        expect(seen).toEqual(reference(path));
      }),
      { seed: SEED, numRuns: 5_000 },
    );
  });

  it('stops at the first parameter that holds', () => {
    const seen: string[] = [];
    expect(
      somePathParameter(
        '/a/b/c',
        tests(
          () => false,
          (value) => (seen.push(value), value === 'b'),
        ),
      ),
    ).toBe(true);
    expect(seen).toEqual(['a', 'b']);
    expect(
      somePathParameter(
        '/a=1;t=2/c',
        tests(
          (name) => name === 't',
          () => false,
        ),
      ),
    ).toBe(true);
    expect(
      somePathParameter(
        '/x/aHR0cA',
        tests(
          () => false,
          (value) => value === 'aHR0cA',
        ),
      ),
    ).toBe(true);
  });

  it("gives the pieces the reference split gives, the first encoded uri's rest before its own", () => {
    const reference = (path: string) => {
      const out: string[] = [];
      let start = 0;
      let joined = false;
      const pieces = path.split(/[/;&]/);
      for (const piece of pieces) {
        // At the first opening, the rest is read whole first, unless it is this one bare piece.
        const rest = path.slice(start);
        if (!joined && /^(?:68747470|2[fF]2[fF]|aHR0c|Ly[89])/.test(rest)) {
          joined = true;
          if (rest !== piece.replace(/=[^]*/, '')) out.push(`[${rest.replaceAll('/', '')}]`);
        }
        if (piece !== '') {
          const equals = piece.indexOf('=');
          out.push(equals < 0 ? `[${piece}]` : `${referenceFold(piece.slice(0, equals))}=${piece.slice(equals + 1)}`);
        }
        start += piece.length + 1;
      }
      return out;
    };
    const part = fc.constantFrom('a', 'B', '=', '/', ';', '&', 'Ly9', 'aHR0c', '2f2f', '68747470', '6', 'L', '%2F');
    fc.assert(
      fc.property(fc.array(part, { maxLength: 14 }), (parts) => {
        const path = parts.join('');
        expect(tried((reading) => somePathParameter(path, reading))).toEqual(reference(path));
      }),
      { seed: SEED, numRuns: 2_000 },
    );
  });
});

const parts = (uri: string): UriParts => {
  const read = readUri(uri, 'https://relative.invalid/');
  if (read === null) throw new Error(`${uri} does not parse`);
  return read;
};

describe(TriedPieces.name, () => {
  it('keeps the pieces added once the given number have been added, and not before', () => {
    const pieces = new TriedPieces(2);
    const text = 'a=1&b=2&c=3&a=1';
    pieces.add(text, 0, 3);
    expect(pieces.has(text, 0, 3)).toBe(false);
    pieces.add(text, 4, 7);
    expect(pieces.has(text, 4, 7)).toBe(false);
    pieces.add(text, 8, 11);
    expect(pieces.has(text, 8, 11)).toBe(true);
    expect(pieces.has(text, 0, 3)).toBe(false);
    pieces.add(text, 12, 15);
    expect(pieces.has(text, 0, 3)).toBe(true);
    expect(pieces.has(text, 8, 11)).toBe(true);
  });

  it('keeps every piece when given no number', () => {
    const pieces = new TriedPieces();
    pieces.add('t=1', 0, 3);
    expect(pieces.has('x&t=1', 2, 5)).toBe(true);
    expect(pieces.has('t=2', 0, 3)).toBe(false);
  });
});

describe(isShortPlainPiece.name, () => {
  it('finds the values isShortPlainValue finds, in place', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', '0', '_', '.', '~', '-', '%', '/', '=', ' ', 'é', '\u212A'), maxLength: 20 });
    fc.assert(
      fc.property(text, text, text, (before, value, after) => {
        expect(isShortPlainPiece(`${before}${value}${after}`, before.length, before.length + value.length)).toBe(isShortPlainValue(value));
      }),
      { seed: SEED, numRuns: 5_000 },
    );
  });
});

describe(someUriParameter.name, () => {
  it('tries the query, then the fragment, then the path, named and bare pieces apart', () => {
    expect(tried((reading) => someUriParameter(parts('https://e.example/p/x=1?q=2&r#f=3&g'), reading))).toEqual(['q=2', '[r]', 'f=3', '[g]', '[p]', 'x=1']);
  });

  it('stops at the first that holds, reading no further', () => {
    const seen: string[] = [];
    const held = someUriParameter(
      parts('https://e.example/p?token=x#f=3'),
      tests(
        (name) => (seen.push(name), true),
        () => (seen.push('bare'), true),
      ),
    );
    expect(held).toBe(true);
    expect(seen).toEqual(['token']);
    expect(
      someUriParameter(
        parts('https://e.example/p#f=3'),
        tests(
          (name) => name === 'f',
          () => false,
        ),
      ),
    ).toBe(true);
    expect(
      someUriParameter(
        parts('https://e.example/p'),
        tests(
          () => false,
          (value) => value === 'p',
        ),
      ),
    ).toBe(true);
    expect(
      someUriParameter(
        parts('https://e.example/p?a=1#b=2'),
        tests(
          () => false,
          () => false,
        ),
      ),
    ).toBe(false);
  });
});

describe(hasParameterNamed.name, () => {
  it.each([
    ['a name in the query', 'https://e.example/?Key-Pair-Id=x', true],
    ['a name with no value', 'https://e.example/?keypairid', false],
    ['a name with an empty value', 'https://e.example/?Key-Pair-Id=', true],
    ['a name in the fragment', 'https://e.example/#key_pair_id=x', true],
    ['a name in the path', 'https://e.example/a;keypairid=x/b', true],
    ['a name read the second way', 'https://e.example/?a=1;keypairid=x', true],
    ['other names only', 'https://e.example/p?a=1#b=2', false],
  ])('%s: %s', (_name, uri, want) => {
    expect(hasParameterNamed(parts(uri), new Set(['keypairid', 'policy']))).toBe(want);
  });

  it("counts a bare value as a parameter named ''", () => {
    expect(hasParameterNamed(parts('https://e.example/p'), new Set(['']))).toBe(true);
    expect(hasParameterNamed(parts('https://e.example/'), new Set(['']))).toBe(false);
    expect(hasParameterNamed(parts('https://e.example/?=x'), new Set(['']))).toBe(true);
  });
});

describe(namesOneParameter.name, () => {
  it.each([
    ['no parameter', 'https://e.example/p', true],
    ['one in the query', 'https://e.example/p?sig=x', true],
    ['one in the fragment', 'https://e.example/p#sig=x', true],
    ['one in the path', 'https://e.example/a;sig=x/b', true],
    ['bare values beside one', 'https://e.example/p?a&sig=x#b', true],
    ['two in the query', 'https://e.example/p?sig=x&sv=1', false],
    ['one value holding a second =', 'https://e.example/p?sig=x=', false],
    ['one in the query, one in the fragment', 'https://e.example/p?sig=x#sv=1', false],
    ['one in the query, one in the path', 'https://e.example/a;sv=1/p?sig=x', false],
    ['one in the fragment, one in the path', 'https://e.example/a;sv=1/p#sig=x', false],
  ])('%s: %s', (_name, uri, want) => {
    expect(namesOneParameter(parts(uri))).toBe(want);
  });
});

/** The parts the URL parser gives. */
const urlParts = (url: URL): UriParts => ({
  username: url.username,
  password: url.password,
  hostname: url.hostname,
  pathname: url.pathname,
  search: url.search,
  hash: url.hash,
  // A uri with no host is read as its scheme and path (`sip:bob:pw@host`).
  hostPath: (url.hostname === '' ? url.protocol : url.hostname) + url.pathname,
});

describe(readUri.name, () => {
  const BASE = 'https://relative.invalid/';

  it.each([
    ['a plain link', 'https://example.com/a/b.csv?page=2#top'],
    ['a link the parser rewrites', 'HTTPS://Example.COM:443/a/./b/../c?q=a b#x y'],
    ['a link with userinfo', 'https://ada:pw@example.com/'],
    ['an opaque uri', 'mailto:ada@example.com?subject=Hi'],
    ['an IPv4 host in hex', 'http://0x7f.1/'],
    ['a scheme after spaces and a tab', ' \thttps://example.com/x'],
  ])('reads an absolute uri as the parser does: %s', (_name, uri) => {
    expect(readUri(uri, BASE)).toEqual(urlParts(new URL(uri)));
  });

  it.each([
    ['a path with a query', '/docs/start?tab=npm#install'],
    ['a query only', '?page=3'],
    ['protocol-relative', '//cdn.example.com/a.js'],
    ['empty', ''],
    ['a scheme-like word with a space', 'not a scheme:x'],
  ])('reads a relative reference against the base: %s', (_name, uri) => {
    expect(readUri(uri, BASE)).toEqual(urlParts(new URL(uri, BASE)));
  });

  it.each([
    ['a path reference in the plain form', '/next/step?tab=1#top', true],
    ['a path-relative reference', 'next/step?tab=1', true],
    ['a fragment only', '#section', true],
    ['a dot segment the parser removes', '/a/../b', false],
    ['a backslash the parser rewrites', '/a\\b', false],
  ])('reads a relative reference joined to the base, without the parser where plain: %s', (_name, uri, plain) => {
    expect(readUri(uri, BASE)).toEqual(urlParts(new URL(uri, BASE)));
    expect(readPlainHttpUri(BASE + uri.replace(/^\//, '')) !== undefined).toBe(plain);
  });

  it('reads a uri with a special scheme and no slashes as absolute, not against the base', () => {
    expect(readUri('https:example.org/x', BASE)?.hostname).toBe('example.org');
  });

  it.each([
    ['a space in the host', 'https://exa mple.com/'],
    ['an unclosed IPv6 literal', 'http://[::1/admin'],
    ['no host', '//'],
    ['a port out of range', 'https://example.com:99999/'],
  ])('gives null for what does not parse: %s', (_name, uri) => {
    expect(readUri(uri, BASE)).toBeNull();
  });

  it('never throws, and agrees with the parser, whatever the string', () => {
    const part = fc.constantFrom(
      'https://',
      'http://',
      'HTTP://',
      'ftp://',
      '//',
      '/',
      'a',
      'Z',
      '0',
      '.',
      '-',
      ':',
      '@',
      '?',
      '#',
      '%',
      '%2e',
      '\\',
      ' ',
      '\t',
      'é',
      '[',
      ']',
      'xn--',
      '80',
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 16 }), (pieces) => {
        const uri = pieces.join('');
        let expected: UriParts | null;
        try {
          expected = urlParts(/^[\x00-\x20]*[a-z][a-z0-9+.-]*:/i.test(uri.replace(/[\t\n\r]/g, '')) ? new URL(uri) : new URL(uri, BASE));
        } catch {
          expected = null;
        }
        expect(readUri(uri, BASE)).toEqual(expected);
      }),
      { seed: SEED, numRuns: 3_000 },
    );
  });
});

describe(readPlainHttpUri.name, () => {
  it.each([
    ['https with a path and a query', 'https://example.com/exports/r7/file-7.csv?page=7', ['example.com', '/exports/r7/file-7.csv', '?page=7', '']],
    ['http', 'http://a.example/x', ['a.example', '/x', '', '']],
    ['no path', 'https://example.com', ['example.com', '/', '', '']],
    ['no path, a query', 'https://example.com?a=1', ['example.com', '/', '?a=1', '']],
    ['no path, a fragment', 'https://example.com#a', ['example.com', '/', '', '#a']],
    ['an empty query and fragment', 'https://example.com/x?#', ['example.com', '/x', '', '']],
    ['a fragment holding ? and /', 'https://e.example/#/reset?token=x', ['e.example', '/', '', '#/reset?token=x']],
    ['a query holding ? and /', 'https://e.example/a?next=/b?c=1#f', ['e.example', '/a', '?next=/b?c=1', '#f']],
    ['percent escapes', 'https://e.example/a%20b?x=%2F#%41', ['e.example', '/a%20b', '?x=%2F', '#%41']],
    [
      'a presigned S3 link',
      'https://bucket.s3.amazonaws.com/k.csv?X-Amz-Credential=AKIA%2F2026&X-Amz-Signature=00ff',
      ['bucket.s3.amazonaws.com', '/k.csv', '?X-Amz-Credential=AKIA%2F2026&X-Amz-Signature=00ff', ''],
    ],
    ['a matrix parameter and a quote in the path', "https://e.example/it's;jsessionid=A", ['e.example', "/it's;jsessionid=A", '', '']],
    ['empty segments', 'https://e.example//a//', ['e.example', '//a//', '', '']],
    ['dots inside segments', 'https://e.example/.well-known/a..b/...', ['e.example', '/.well-known/a..b/...', '', '']],
    ['numeric labels before the last', 'https://1.2.3.example/', ['1.2.3.example', '/', '', '']],
    ['hyphens anywhere in a label', 'https://-a--b-.c-/', ['-a--b-.c-', '/', '', '']],
  ])('reads %s', (_name, uri, [hostname, pathname, search, hash]) => {
    const read = readPlainHttpUri(uri);
    expect(read).toEqual({ username: '', password: '', hostname, pathname, search, hash, hostPath: `${hostname}${pathname}` });
    expect(read).toEqual(urlParts(new URL(uri)));
  });

  it.each([
    ['another scheme', 'ftp://example.com/'],
    ['an upper-case scheme', 'HTTPS://example.com/'],
    ['leading white space', ' https://example.com/'],
    ['a scheme with no slashes', 'https:example.com'],
    ['an upper-case host', 'https://Example.com/'],
    ['userinfo', 'https://ada@example.com/'],
    ['a port', 'https://example.com:8080/'],
    ['an IDNA label', 'https://xn--bcher-kva.example/'],
    ['an IDNA last label', 'https://example.xn--p1ai/'],
    ['a last label opening with a digit', 'https://example.0x/'],
    ['an IPv4 address', 'https://127.0.0.1/'],
    ['a trailing dot', 'https://example.com./'],
    ['an empty label', 'https://example..com/'],
    ['an empty host', 'https:///x'],
    ['an underscore in the host', 'https://a_b.example/'],
    ['a . segment', 'https://e.example/a/./b'],
    ['a .. segment', 'https://e.example/a/../b'],
    ['a %2e segment', 'https://e.example/a/%2e/b'],
    ['a .%2E segment at the end', 'https://e.example/a/.%2E'],
    ['a %2e%2e segment before the query', 'https://e.example/a/%2e%2e?x'],
    ['a . segment before the fragment', 'https://e.example/a/.#x'],
    ['a backslash', 'https://e.example/a\\b'],
    ['a space', 'https://e.example/a b'],
    ['a tab', 'https://e.example/a\tb'],
    ['a double quote in the path', 'https://e.example/a"b'],
    ['a quote in the query', "https://e.example/?a='b'"],
    ['a caret in the path', 'https://e.example/a^b'],
    ['braces in the query', 'https://e.example/?a={b}'],
    ['a second # in the fragment', 'https://e.example/#a#b'],
    ['non-ASCII', 'https://e.example/café'],
    ['a trailing space', 'https://e.example/a '],
  ])('leaves %s to the parser', (_name, uri) => {
    expect(readPlainHttpUri(uri)).toBeUndefined();
  });

  it('reads every link it takes exactly as the URL parser does', () => {
    const oneOf = <T>(common: readonly T[], rare: readonly T[]) =>
      fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...common) }, { weight: 1, arbitrary: fc.constantFrom(...rare) });
    const label = fc.stringMatching(/^[a-z0-9-]{1,5}$/);
    const host = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.tuple(fc.array(label, { maxLength: 3 }), fc.stringMatching(/^[a-z][a-z0-9-]{0,4}$/)).map(([labels, last]) => [...labels, last].join('.')),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          'xn--a.com',
          'a.xn--b',
          'A.com',
          'a_b.com',
          'a..b',
          'a.1',
          'a.0x',
          'a.0a',
          'a.com.',
          'a.com:80',
          'ada@a.com',
          'a.%41',
          '[::1]',
          '1.2.3.4',
          '',
        ),
      },
    );
    const rest = fc.array(
      oneOf(
        ['/', '/', 'a', 'Z', '0', '.', '%41', '?', '#', '&', '=', ';', '-', '_', '~', '!', '$', '(', '*', '+', ',', ':', '@'],
        ['..', '%', '%2e', '%2E', "'", '"', '\\', '^', '`', '{', '|', ' ', '\t', 'é', '\u0000', '<', '>', '[', ']', '\u007f'],
      ),
      { maxLength: 16 },
    );
    let taken = 0;
    fc.assert(
      fc.property(fc.constantFrom('https://', 'http://'), host, rest, (scheme, hostName, restPieces) => {
        const uri = `${scheme}${hostName}${restPieces.join('')}`;
        const read = readPlainHttpUri(uri);
        if (read !== undefined) {
          taken++;
          expect(read).toEqual(urlParts(new URL(uri)));
        }
      }),
      { seed: SEED, numRuns: 20_000 },
    );
    expect(taken).toBeGreaterThan(2_000);
  });

  it('turns a long link away in linear time (a megabyte each, where a quadratic match would hang)', () => {
    // The expression does this work, which no counter sees from outside the engine: so each link
    // is a megabyte, read in a child killed at a limit only a hang reaches (`runGuarded`: a
    // linear match takes milliseconds, a quadratic one minutes). A hang guard, not a measure of speed.
    const guarded = runGuarded(`
      import { readPlainHttpUri } from ${JSON.stringify(`${SRC_DIR}uri/uri-parts.ts`)};
      console.log(JSON.stringify([
        'https://' + 'a.'.repeat(500_000) + 'a!',
        'https://' + 'a'.repeat(1_000_000) + '!',
        'https://a.example/' + 'a/'.repeat(500_000) + '"',
        'https://a.example/' + '%2e./'.repeat(200_000) + '"',
        'https://a.example/?' + 'a=b&'.repeat(250_000) + '"',
      ].map((uri) => readPlainHttpUri(uri) === undefined)));
    `);
    expect(guarded.stderr).toBe('');
    expect(guarded.ended).toBe(true);
    expect(guarded.printed).toEqual([true, true, true, true, true]);
  });
});

describe(lastTwoLabels.name, () => {
  it.each([
    ['hooks.slack.com', 'slack.com'],
    ['hooks.slack.com.', 'slack.com'],
    ['slack.com', 'slack.com'],
    ['localhost', 'localhost'],
    ['a.b.c.d', 'c.d'],
    ['', ''],
  ])('%s > %s', (given, want) => {
    expect(lastTwoLabels(given)).toBe(want);
  });
});

describe(PathShapes.name, () => {
  const shapes = new PathShapes([
    { pattern: /^hooks\.example\.com\.?\/h\//, hosts: ['hooks.example.com'] },
    { pattern: /^[a-z]+\.other\.net\.?\/p\//, hosts: ['other.net', 'other.org'] },
    { pattern: /^sip:[^@]+:[^@]+@/, hosts: [''] },
    { pattern: /\/anywhere\// },
    { pattern: /^\/first\// },
  ]);
  const on = (uri: string) => shapes.holdOn(parts(uri));

  it.each([
    ['a shape on its host', 'https://hooks.example.com/h/1', true],
    ['the same path on another host', 'https://www.example.com/h/1', false],
    ['a host with a trailing dot', 'https://hooks.example.com./h/1', true],
    ['a subdomain under a shape with two domains', 'https://a.other.net/p/1', true],
    ['a look-alike host', 'https://other.net.example/p/1', false],
    ['a uri with no host', 'sip:bob:pw@host', true],
    ['a host-free shape anywhere', 'https://x.example/a/anywhere/1', true],
    ['a shape anchored at the path, first in it', 'https://x.example/first/1', true],
    ['a shape anchored at the path, deeper in it', 'https://x.example/a/first/1', false],
    ['nothing', 'https://x.example/a/b', false],
  ])('%s', (_name, uri, want) => {
    expect(on(uri)).toBe(want);
  });

  it.each([
    ['a doubled slash after the host', 'https://hooks.example.com//h/1', true],
    ['a doubled slash inside the path', 'https://hooks.example.com/h//1', true],
    ['a doubled slash before a host-free shape', 'https://x.example//anywhere//1', true],
    ['a doubled slash before a shape anchored at the path', 'https://x.example//first//1', true],
    ['merged slashes on another host', 'https://www.example.com//h/1', false],
  ])('reads a run of slashes as one: %s', (_name, uri, want) => {
    expect(on(uri)).toBe(want);
  });

  it('holds nowhere when it has no shapes', () => {
    expect(new PathShapes([]).holdOn(parts('sip:a:b@c'))).toBe(false);
    expect(new PathShapes([]).holdOn(parts('https://a.example/'))).toBe(false);
  });
});

describe(mergingSlashes.name, () => {
  it.each([
    ['a slash after the first token', 'a\\/b', 'a\\/+b'],
    ['each lone slash', '^h\\.com\\/s\\/[^/]', '^h\\.com\\/+s\\/+[^/]'],
    ['a slash opening the source is kept', '\\/hooks\\/x', '\\/hooks\\/+x'],
    ["an authority's // is kept", 'a\\/\\/[^/@]+@', 'a\\/\\/[^/@]+@'],
    ['a slash in a character class is kept', 'a[\\/x]b', 'a[\\/x]b'],
    ['a class with an escaped ] holds its slash', 'a[\\]\\/]\\/', 'a[\\]\\/]\\/+'],
    ['a quantified slash is kept', 'a\\/?b\\/*c\\/{2}d\\/+e', 'a\\/?b\\/*c\\/{2}d\\/+e'],
    ['an escaped backslash before a slash', 'a\\\\/', 'a\\\\/'],
    ['no slash', '^abc$', '^abc$'],
  ])('%s: %s', (_name, given, want) => {
    expect(mergingSlashes(given)).toBe(want);
  });

  it('matches what the pattern matches on the path with its runs of slashes merged', () => {
    const source = String.raw`^h\.com\/s\/(?:a|b)\/[^/]+\/x`;
    const written = new RegExp(source);
    const merging = new RegExp(mergingSlashes(source));
    fc.assert(
      fc.property(fc.array(fc.constantFrom('/', 's', 'a', 'b', 'x', 'y'), { maxLength: 12 }), (parts) => {
        const text = `h.com${parts.join('')}`;
        expect(merging.test(text)).toBe(written.test(text.replace(/\/{2,}/g, '/')));
      }),
      { seed: SEED, numRuns: 2_000 },
    );
  });
});

describe(someSegmentAfter.name, () => {
  const marker = segmentWords(['reset-password', 'hooks']);
  const seen = (pathname: string, span = 2) => {
    const segments: string[] = [];
    someSegmentAfter(new SegmentedPath(pathname), marker, span, { segment: (text) => (segments.push(text), false) });
    return segments;
  };

  it('reads the segments after each marker, up to the span, passing over empty ones', () => {
    expect(seen('/a/hooks/b/c/d')).toEqual(['b', 'c']);
    expect(seen('/a/hooks//c')).toEqual(['c']);
    expect(seen('/hooks/b/hooks/c/d', 1)).toEqual(['b', 'c']);
    expect(seen('/x/reset_password/t')).toEqual(['t']);
    expect(seen('/x/ResetPassword/t')).toEqual(['t']);
    expect(seen('/x/resetpassword/t')).toEqual(['t']);
  });

  it('matches whole segments only, and nothing after a marker ending the path', () => {
    expect(seen('/xhooks/b')).toEqual([]);
    expect(seen('/hooksx/b')).toEqual([]);
    expect(seen('/a/hooks')).toEqual([]);
    expect(seen('/a/hooks/')).toEqual([]);
  });

  it('counts only the segments it reads, so a run of slashes reads as one', () => {
    expect(seen('/a/hooks//c/d')).toEqual(['c', 'd']);
    expect(seen('/a/hooks///c////d/e')).toEqual(['c', 'd']);
    expect(seen('/a//hooks//c', 1)).toEqual(['c']);
  });

  it('stops at the first segment that holds', () => {
    expect(someSegmentAfter(new SegmentedPath('/hooks/a/b'), marker, 2, { segment: (text) => text === 'a' })).toBe(true);
    expect(someSegmentAfter(new SegmentedPath('/hooks/a/b'), marker, 1, { segment: (text) => text === 'b' })).toBe(false);
  });

  it('is linear in the number of markers: counted, each marker reads at most its span of segments', () => {
    // The work is counted, not timed: the marker's searches (its `exec`, which `test` calls
    // too) and the segments read, each bounded by the markers, and doubling with them (give or
    // take the last markers, which have fewer segments after them).
    const work = (markers: number) => {
      const counted = { searches: 0, segments: 0, chars: 0 };
      const words = segmentWords(['reset-password', 'hooks']);
      const exec = words.pattern.exec.bind(words.pattern);
      words.pattern.exec = (text: string) => (counted.searches++, exec(text));
      const tests = { segment: (text: string) => (counted.segments++, (counted.chars += text.length), false) };
      expect(someSegmentAfter(new SegmentedPath('/hooks'.repeat(markers)), words, 3, tests)).toBe(false);
      return counted;
    };
    const once = work(10_000);
    const twice = work(20_000);
    expect(once.searches).toBeLessThanOrEqual(10_000 + 2);
    expect(once.segments).toBeLessThanOrEqual(3 * 10_000);
    expect(once.chars).toBeLessThanOrEqual(3 * 10_000 * 'hooks'.length);
    for (const key of ['searches', 'segments', 'chars'] as const) expect(twice[key]).toBeLessThanOrEqual(2 * once[key] + 64);
  });
});

describe(hasSegment.name, () => {
  const pattern = segmentWords(['settings']);

  it.each([
    ['/a/settings/b', true],
    ['/a/Settings', true],
    ['/a/settingsx/b', false],
    ['/a/b', false],
  ])('%s > %s', (pathname, want) => {
    const path = new SegmentedPath(pathname);
    expect(hasSegment(path, pattern)).toBe(want);
    expect(hasSegment(path, pattern)).toBe(want);
  });
});

describe(SegmentedPath.name, () => {
  // The lists' words, written each way a segment may spell them, and segments near them.
  const lists = [segmentWords(['reset-password', 'hooks', 'api/v1/token']), segmentWords(['s']), segmentWords(['docs', 'blob'])];
  const segment = fc.oneof(
    fc.constantFrom(
      'reset-password',
      'Reset_Password',
      'RESETPASSWORD',
      'reset-passwords',
      'hooks',
      'HOOKS',
      'hook',
      'api',
      'v1',
      'token',
      's',
      'S',
      'ss',
      'docs',
      'Blob',
      'blobs',
    ),
    fc.constantFrom('', 'a', 'x.csv', '%73', 'ſ', '\u212Aey', 'hooks;x', 'hooks?'),
    fc.string({ maxLength: 6 }),
  );

  it("answers each list as the list's own expression does, whichever list is asked first", () => {
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), fc.boolean(), fc.nat({ max: 2 }), (segments, trailing, first) => {
        const pathname = `/${segments.join('/')}${trailing ? '/' : ''}`;
        const path = new SegmentedPath(pathname);
        for (const list of [lists[first]!, ...lists]) expect(hasSegment(path, list)).toBe(new RegExp(list.pattern.source, 'i').test(pathname));
      }),
      { seed: SEED, numRuns: 3_000 },
    );
  });

  it('finds every word of the credential lists, however its dashes are written, through the one search', () => {
    const words = [...CAPABILITY_PATH_WORDS.map((entry) => entry.word), ...SHARE_PATH_WORDS.map((entry) => entry.word), ...CAPABILITY_PAGE_SEGMENTS];
    const all = segmentWords(words);
    for (const word of words) {
      for (const spelled of [word, word.toUpperCase(), word.replaceAll('-', '_'), word.replaceAll('-', '')]) {
        expect(hasSegment(new SegmentedPath(`/x/${spelled}/y`), all)).toBe(true);
        expect(hasSegment(new SegmentedPath(`/x/${spelled}`), all)).toBe(true);
        expect(hasSegment(new SegmentedPath(`/x/${spelled}z/y`), all)).toBe(false);
      }
    }
  });

  it('answers a list made after the path was first asked about', () => {
    const path = new SegmentedPath('/a/later-word/b');
    expect(hasSegment(path, lists[0]!)).toBe(false);
    expect(hasSegment(path, segmentWords(['later-word']))).toBe(true);
  });
});

describe(someParameterAnywhere.name, () => {
  it('splits at every &, ?, ;, # and /, named and bare pieces apart', () => {
    expect(tried((reading) => someParameterAnywhere('a=1&b?c=2;d#e=3/f=4=5//', reading))).toEqual(['a=1', '[b]', 'c=2', '[d]', 'e=3', 'f=4=5']);
  });

  it('stops at the first that holds', () => {
    expect(someParameterAnywhere('a=1#b=2#c=3', { named: (name) => name === 'b', bare: () => false })).toBe(true);
    expect(someParameterAnywhere('', { named: () => true, bare: () => true })).toBe(false);
  });
});
