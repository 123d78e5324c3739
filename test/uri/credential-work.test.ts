/**
 * The work `uriMayCarryCredential` does for a name repeated through a uri, counted rather than
 * timed: what a rule asks of the uri as a whole (its parameter names, its path) is read once per
 * reading, not once per occurrence, so the check stays linear in the uri's length. The uri's
 * reading is wrapped to count what is read of it; the verdicts themselves are the other tests'.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const counted = vi.hoisted(() => ({ parameterNames: 0, queries: 0, reads: new Map<string, number>(), readings: 0, charsRead: 0, decoded: [] as string[] }));

vi.mock('../../src/text/percent-decode.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/text/percent-decode.js')>();
  return {
    ...original,
    percentDecode: (text: string) => {
      counted.decoded.push(text);
      return original.percentDecode(text);
    },
  };
});

vi.mock('../../src/uri/uri-parameters.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/uri/uri-parameters.js')>();
  return {
    ...original,
    parameterNames: (parts: Parameters<typeof original.parameterNames>[0]) => {
      counted.parameterNames += 1;
      return original.parameterNames(parts);
    },
    someQueryParameter: (...args: Parameters<typeof original.someQueryParameter>) => {
      counted.queries += 1;
      return original.someQueryParameter(...args);
    },
  };
});

vi.mock('../../src/uri/uri-parts.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/uri/uri-parts.js')>();
  return {
    ...original,
    // Each part of a reading counts its reads.
    readUri: (uri: string, base: string) => {
      counted.readings += 1;
      counted.charsRead += typeof uri === 'string' ? uri.length : 0;
      const parts = original.readUri(uri, base);
      if (parts === null) return null;
      return new Proxy(parts, {
        get(target, key, receiver) {
          if (typeof key === 'string') counted.reads.set(key, (counted.reads.get(key) ?? 0) + 1);
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
    },
  };
});

const { MAX_NESTING_LEVEL, NESTED_BUDGET_PER_CHAR, uriMayCarryCredential } = await import('../../src/uri/credential.js');
const { rememberingQueryVerdicts } = await import('../../src/uri/query-verdicts.js');

const OCCURRENCES = 200;
const repeated = (path: string, piece: string) => `https://files.example.com${path}?${`${piece}&`.repeat(OCCURRENCES)}`;

beforeEach(() => {
  counted.parameterNames = 0;
  counted.reads.clear();
  counted.readings = 0;
  counted.charsRead = 0;
});

describe('work per uri for a repeated ambiguous name', () => {
  it.each(['t=1', 'auth=1', 'sid=1', 'ticket=1'])('%s: an ambiguous name with no companions never collects the names', (piece) => {
    expect(uriMayCarryCredential(repeated('/a', piece))).toBe(false);
    expect(counted.parameterNames).toBe(0);
  });

  it.each(['sig=network', 'signature=classic', `sign=${'c'.repeat(16)}`, `key=${'a'.repeat(12)}`])(
    '%s: a uri naming that parameter alone never collects the names (no other can be a companion)',
    (piece) => {
      expect(uriMayCarryCredential(`https://files.example.com/a/b?${piece}`)).toBe(false);
      expect(uriMayCarryCredential(`https://files.example.com/a/b#${piece}`)).toBe(false);
      expect(uriMayCarryCredential(`https://files.example.com/a;${piece}/b?page`)).toBe(false);
      expect(counted.parameterNames).toBe(0);
      // A second `=` anywhere the names are read makes them collected.
      expect(uriMayCarryCredential(`https://files.example.com/a/b?${piece}#x=1`)).toBe(false);
      expect(counted.parameterNames).toBe(1);
    },
  );

  it.each(['sig=network', `sign=${'c'.repeat(16)}`, `key=${'a'.repeat(12)}`, `secure=${'b'.repeat(15)}1`, 'pass=word'])(
    '%s: the names are collected once, whatever the occurrences',
    (piece) => {
      expect(uriMayCarryCredential(repeated('/a', piece))).toBe(false);
      expect(counted.parameterNames).toBe(1);
    },
  );

  it('collects the names once per reading of a nested uri as well', () => {
    const inner = encodeURIComponent(repeated('/b', 'sig=network'));
    expect(uriMayCarryCredential(`https://r.example.com/go?u=${inner}&sig=network`)).toBe(false);
    expect(counted.parameterNames).toBe(2);
  });

  it.each(['key=1', 'code=1', 't=1'])('%s: the path is read a few times, not once per occurrence', (piece) => {
    expect(uriMayCarryCredential(repeated(`/${'docs/'.repeat(50)}x`, piece))).toBe(false);
    expect(counted.reads.get('pathname') ?? 0).toBeLessThan(OCCURRENCES / 4);
  });

  it.each(['t=1', 'sig=network', 'auth=1', 'key=1'])('%s: the host is read a few times, not once per occurrence', (piece) => {
    expect(uriMayCarryCredential(repeated('/a', piece))).toBe(false);
    expect(counted.reads.get('hostname') ?? 0).toBeLessThan(OCCURRENCES / 4);
  });

  it.each(['a=1;b?c', 'u=%2F%2Fx.example.com%2Fp%3Fq%3D1', 'q=1;x=2'])(
    '%s: a piece repeated through the uri is read once per reading, its nested uri too',
    (piece) => {
      expect(uriMayCarryCredential(repeated('/a', piece))).toBe(false);
      // Each reading of a uri (the link's, then each value read as one) reads its userinfo once.
      expect(counted.reads.get('username') ?? 0).toBeLessThan(OCCURRENCES / 4);
    },
  );

  it('still reads a repeated piece whose value differs, and finds the credential among them', () => {
    expect(uriMayCarryCredential(`${repeated('/a', 'a=1;b?c')}a=1;b?c=${'x'.repeat(8)}&a=1;token=abc`)).toBe(true);
  });

  it('still finds the company a repeated name keeps', () => {
    expect(uriMayCarryCredential(`${repeated('/a', 'sig=network')}sv=2022-11-02`)).toBe(true);
    expect(counted.parameterNames).toBe(1);
  });
});

describe('work for a uri asked about twice in a row', () => {
  // A link's name rule and its line rule ask about one uri in turn: the second asking reads nothing.
  it.each([
    ['a plain link', 'https://files.example.com/exports/r1/file-3.csv?page=3', false],
    ['a presigned link', 'https://files.example.com/exports/file-7.csv?X-Amz-Signature=abcdef0123456789', true],
  ])('%s: read once, answered alike both times', (_what, uri, carries) => {
    // Something else asked first, so the uri is new to the check.
    uriMayCarryCredential('https://other.example.com/');
    counted.reads.clear();
    expect(uriMayCarryCredential(uri)).toBe(carries);
    const reads = counted.reads.get('search') ?? 0;
    expect(reads).toBeGreaterThan(0);
    expect(uriMayCarryCredential(uri)).toBe(carries);
    expect(counted.reads.get('search') ?? 0).toBe(reads);
  });

  // A link's read bound: a uri up to it is remembered (as its own copy), a longer one isn't.
  it.each([
    ['at the bound', 0, 4096],
    ['one past the bound', 1, 4097],
  ])('a uri %s, asked again, is read again %s times', (_what, rereads, length) => {
    const head = 'https://files.example.com/a?page=';
    const uri = `${head}${'1'.repeat(length - head.length)}`;
    uriMayCarryCredential('https://other.example.com/');
    counted.readings = 0;
    expect(uriMayCarryCredential(uri)).toBe(false);
    expect(counted.readings).toBe(1);
    expect(uriMayCarryCredential(uri)).toBe(false);
    expect(counted.readings).toBe(1 + rereads);
  });

  it('reads the next uri anew, with its own answer', () => {
    const plain = 'https://files.example.com/a?page=1';
    const signed = 'https://files.example.com/a?token=abcdef0123456789';
    expect(uriMayCarryCredential(plain)).toBe(false);
    expect(uriMayCarryCredential(signed)).toBe(true);
    expect(uriMayCarryCredential(plain)).toBe(false);
    expect(uriMayCarryCredential(plain)).toBe(false);
    expect(uriMayCarryCredential(signed)).toBe(true);
    expect(uriMayCarryCredential(signed)).toBe(true);
  });
});

/** The readings of `uri` and the characters they read, counted over one check of it. */
function workOn(uri: string): { readings: number; charsRead: number; verdict: boolean } {
  counted.readings = 0;
  counted.charsRead = 0;
  const verdict = uriMayCarryCredential(uri);
  return { readings: counted.readings, charsRead: counted.charsRead, verdict };
}

const enc = encodeURIComponent;
const encodedTimes = (text: string, times: number): string => (times === 0 ? text : encodedTimes(enc(text), times - 1));

// Linear, counted rather than timed: a uri nested in a uri is read again, so what the check reads
// (each reading's uri, whole) is the work that could multiply level by level. On a uri at the
// 4096-character limit it stays a small multiple of the uri's length, and it grows as the uri
// does: no more than double for a uri twice as long.
describe('work per uri at the 4096-character limit, built to nest or branch', () => {
  const branching = () => `https://example.com/?${Array.from({ length: 200 }, () => `a=${encodedTimes('/x?b=%2525&c=//h/?d=1', 2)}`).join('&')}`;
  it.each([
    ['pieces that each open like base64 of a uri', `https://example.com/${'aHR0cA;'.repeat(584)}`, false],
    ['segments that each open like hex of //', `https://example.com/${'2f2fa/'.repeat(680)}`, false],
    ['a fragment route with many parameters', `https://example.com/#/${'a?b=1&'.repeat(680)}`, false],
    ['pieces built to branch at every level', branching(), undefined],
  ])('%s: read in work linear in its length', (_name, uri, verdict) => {
    const half = workOn(uri.slice(0, 2048));
    const whole = workOn(uri.slice(0, 4096));
    if (verdict !== undefined) expect(whole.verdict).toBe(verdict);
    expect(whole.charsRead).toBeLessThanOrEqual(8 * 4096);
    expect(whole.readings).toBeLessThanOrEqual(2 * half.readings + 8);
    expect(whole.charsRead).toBeLessThanOrEqual(2.2 * half.charsRead + 64);
  });
});

describe('work for uris sharing a host and a query', () => {
  it('reads the query once for uris whose paths differ, where nothing but the host and the query decides it', () => {
    counted.queries = 0;
    const asData = (uri: string) => rememberingQueryVerdicts(() => uriMayCarryCredential(uri));
    for (let index = 0; index < 10; index += 1) expect(asData(`https://s.example.com/${index}?sig=x`)).toBe(false);
    expect(counted.queries).toBe(1);
    for (let index = 0; index < 10; index += 1) expect(asData(`https://s.example.com/${index}?token=abcdef0123456789`)).toBe(true);
    expect(counted.queries).toBe(2);
    // Outside a reading of data (a link's uri), every query is read.
    for (let index = 0; index < 10; index += 1) expect(uriMayCarryCredential(`https://s.example.com/${index}?sig=x`)).toBe(false);
    expect(counted.queries).toBe(12);
  });

  it('reads the query of each uri where a rule read its path', () => {
    counted.queries = 0;
    const asData = (uri: string) => rememberingQueryVerdicts(() => uriMayCarryCredential(uri));
    for (let index = 0; index < 10; index += 1) expect(asData(`https://www.google.com/maps/${index}?key=word`)).toBe(true);
    for (let index = 0; index < 10; index += 1) expect(asData(`https://grafana.example.com/${index}?code=Zx9Cv8Bn7`)).toBe(false);
    expect(counted.queries).toBe(20);
  });
});

// A uri written plainly in a path is read from its segment to the end, at the next level, and only
// the first in the path: the rest of the path, later ones with it, is that reading's own. So a path
// of many (`https://https://…`) is read once per level to the bound, not once per segment.
describe('work for uris written plainly in a path', () => {
  it.each([
    ['https://', 'https://'],
    ['https:/ (one slash)', 'https:/'],
    ['https%3A%2F%2F', 'https%3A%2F%2F'],
    ['a/https://b.example/', 'a/https://b.example/'],
  ])('a path of 10,000 %s is read a bounded number of times, in work linear in its length', (_name, piece) => {
    const uriOf = (count: number) => `https://proxy.example/${piece.repeat(count)}`;
    const half = workOn(uriOf(5_000));
    const whole = workOn(uriOf(10_000));
    // Past the bound, a uri that still has a scheme counts.
    expect(whole.verdict).toBe(true);
    expect(whole.readings).toBeLessThanOrEqual(MAX_NESTING_LEVEL + 2);
    expect(whole.charsRead).toBeLessThanOrEqual((MAX_NESTING_LEVEL + 2) * uriOf(10_000).length);
    expect(whole.charsRead).toBeLessThanOrEqual(2.2 * half.charsRead + 64);
  });

  it('reads no uri in a path with no scheme opening a segment', () => {
    expect(workOn(`https://proxy.example/${'a:b/'.repeat(10_000)}`)).toEqual({ readings: 1, charsRead: 22 + 40_000, verdict: false });
    expect(workOn(`https://proxy.example/${'todo:/'.repeat(10_000)}`).readings).toBe(1);
  });
});

/** The readings, characters read and query rules run over one check of `uri`. */
function ruleWorkOn(uri: string): { readings: number; charsRead: number; queries: number; verdict: boolean } {
  counted.queries = 0;
  return { ...workOn(uri), queries: counted.queries };
}

// The uris read nested in a path hold at most `NESTED_BUDGET_PER_CHAR` times the uri's characters
// together, and the chain is read before any rule: a chain built to be read again at every level
// costs a few parses of the uri, and no rule's work, whatever its shape.
describe('work for chains of uris nested in a path, at the 4096-character limit', () => {
  const link = (piece: string) => `https://h1.example/${piece.repeat(4096)}`.slice(0, 4096);
  it.each([
    ['https://', 'https://'],
    ['https:/x/ (one slash)', 'https:/x/'],
    ['https:x/ (no slash)', 'https:x/'],
    ['a%3A%2F%2Fb/ (encoded)', 'a%3A%2F%2Fb/'],
    ['https://x/', 'https://x/'],
    ['https://x/a%3F/ (each read decoded as well)', 'https://x/a%3F/'],
  ])('%s: withheld after a few parses, with no rule run', (_name, piece) => {
    const uri = link(piece);
    const work = ruleWorkOn(uri);
    expect(work.verdict).toBe(true);
    expect(work.queries).toBe(0);
    expect(work.readings).toBeLessThanOrEqual(MAX_NESTING_LEVEL + 1);
    expect(work.charsRead).toBeLessThanOrEqual((1 + NESTED_BUDGET_PER_CHAR) * uri.length);
  });

  it('a chain of schemes opening the query is read once, its own rules with it', () => {
    const uri = `https://h1.example/?${'https://'.repeat(509)}`;
    const work = ruleWorkOn(uri);
    expect(work.verdict).toBe(true);
    expect(work.readings).toBeLessThanOrEqual(MAX_NESTING_LEVEL + 1);
    expect(work.charsRead).toBeLessThanOrEqual((1 + NESTED_BUDGET_PER_CHAR) * uri.length);
  });

  it('an ordinary page nested twice, however long, is read whole at each level and shown', () => {
    const page = `https://example.com/${'chapter/'.repeat(480)}?q=1`;
    const uri = `https://proxy.example/https://r.jina.ai/${page}`;
    const work = ruleWorkOn(uri);
    expect(work.verdict).toBe(false);
    expect(work.readings).toBe(3);
    expect(work.charsRead).toBe(uri.length + (uri.length - 22) + page.length);
    expect(work.queries).toBe(3);
  });

  it('an ordinary page nested with escapes is read decoded as well, once per level', () => {
    const page = 'https://example.com/search%3Fq%3D1';
    const work = ruleWorkOn(`https://proxy.example/${page}`);
    expect(work.verdict).toBe(false);
    // The link, the nested uri as written and decoded, and the segment `search%3Fq%3D1` decoded as
    // a value (a relative reference) at the first two.
    expect(work.readings).toBe(5);
    expect(work.charsRead).toBe(22 + 2 * page.length + 'https://example.com/search?q=1'.length + 2 * 'search?q=1'.length);
  });

  it('a uri nested in a path as one encoded segment, the same text as that segment decoded, is read once', () => {
    const inner = 'https://files.example.com/plain/report.pdf';
    const uri = `https://p1.example/fetch/${encodeURIComponent(`https://p2.example/fetch/${encodeURIComponent(inner)}`)}`;
    const work = ruleWorkOn(uri);
    expect(work.verdict).toBe(false);
    // The link, each nested uri once (each segment's decoded value is the uri nested there, read
    // already), and the first nested uri decoded, whose own nested uri is the second, read already.
    expect(work.readings).toBe(4);
  });
});

describe('work for an ordinary link', () => {
  it('passes over its short plain path segments unread, and decodes only the values it reads', () => {
    counted.decoded = [];
    expect(uriMayCarryCredential('https://example.com/exports/r7/file-3.csv?page=3')).toBe(false);
    expect(counted.decoded).toEqual(['3']);
    counted.decoded = [];
    expect(uriMayCarryCredential('https://example.com/exports/2026-01-01-quarterly-report.csv')).toBe(false);
    expect(new Set(counted.decoded)).toEqual(new Set(['2026-01-01-quarterly-report.csv']));
  });
});
