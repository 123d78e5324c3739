/**
 * The verdicts on queries remembered by host and query (`query-verdicts.ts`), and the reading of
 * a string that is one plain uri at once (`stringMayCarryCredential`), change no verdict: each
 * is checked against the rule with nothing remembered (a second copy of the modules, loaded with
 * the memory made to remember nothing), over generated uris that share hosts and queries while
 * their paths, fragments and nesting differ, and over the corpus and the lists' examples.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { AMBIGUOUS_PARAMETERS, CREDENTIAL_PARAMETERS, HOST_EXEMPT_PARAMETERS, HOST_SCOPED_PARAMETERS } from '../../src/uri/credential-lists.js';
import { foldName } from '../../src/uri/fold-name.js';
import { QUERY_VERDICT_KEY_MAX_CHARS, QUERY_VERDICTS_MAX, QueryVerdicts, rememberingQueryVerdicts } from '../../src/uri/query-verdicts.js';
import { readUri } from '../../src/uri/uri-parts.js';

const SEED = 20_261_202;

// The rule as it runs, and the rule with a memory that keeps nothing: two copies of the modules.
vi.resetModules();
const rememberingCopy = {
  credential: await import('../../src/uri/credential.js'),
  reads: await import('../../src/uri/reads-as-uri.js'),
  verdicts: await import('../../src/uri/query-verdicts.js'),
};
// The rule as data reads it: with its queries' verdicts remembered.
const remembering = {
  credential: {
    uriMayCarryCredential: (uri: string) => rememberingCopy.verdicts.rememberingQueryVerdicts(() => rememberingCopy.credential.uriMayCarryCredential(uri)),
  },
  reads: {
    stringMayCarryCredential: (text: string) => rememberingCopy.verdicts.rememberingQueryVerdicts(() => rememberingCopy.reads.stringMayCarryCredential(text)),
  },
};
vi.resetModules();
vi.doMock('../../src/uri/query-verdicts.js', () => ({
  QueryVerdicts: class {
    get(): undefined {
      return undefined;
    }
    set(): void {}
  },
}));
const forgetting = {
  credential: await import('../../src/uri/credential.js'),
  reads: await import('../../src/uri/reads-as-uri.js'),
};
vi.doUnmock('../../src/uri/query-verdicts.js');

const enc = encodeURIComponent;

// Hosts the rules decide names on (scoped, with and without paths, exempt), subdomains and
// suffix proxies of them, and hosts no rule names.
const HOSTS = [
  ...new Set([
    ...HOST_SCOPED_PARAMETERS.map((entry) => entry.domain),
    ...HOST_EXEMPT_PARAMETERS.map((entry) => entry.domain),
    'a.blob.core.windows.net',
    'www.google.com',
    'fn.azurewebsites.net',
    'teams.microsoft.com.mcas.ms',
    's.example.com',
    'example.com',
    'files.example.com',
    'mega.nz',
  ]),
];

// Names the rules read: ambiguous names and their companions, host-decided names, listed
// names, names ending in a credential word, and ordinary ones.
const NAMES = [
  ...new Set([
    ...AMBIGUOUS_PARAMETERS.flatMap((entry) => [entry.name, ...entry.companions]),
    ...HOST_SCOPED_PARAMETERS.map((entry) => entry.name),
    ...HOST_EXEMPT_PARAMETERS.map((entry) => entry.name),
    ...CREDENTIAL_PARAMETERS.slice(0, 12).map((entry) => entry.name),
    'access_token',
    'X-Amz-Signature',
    'page',
    'ref',
    'utm_source',
    'id',
    'S%69g',
  ]),
];

const VALUES = [
  'x',
  '1',
  'network',
  'WINTER15',
  'true',
  'a1b2c3d4e5f6g7h8i9j0k1',
  '0123456789abcdef0123456789abcdef',
  'AbCdEfEXAMPLE01',
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlc2lnbmF0dXJl',
  'ghp_0123456789abcdefghijABCDEFGHIJ012345',
  enc('https://inner.example.com/a?token=s3cr3tvalue'),
  enc('https://inner.example.com/a?sig=x'),
  '2016-10-01',
  '1700000000',
  '%20',
];

const PATHS = [
  '',
  '/',
  '/0',
  '/123',
  '/a/b.pdf',
  '/api/x',
  '/maps/embed',
  '/user/password/reset',
  '/reset/Xy7bQ2mN9pL4kR8sT1vW',
  '/s/AbCdEfGh12345678',
  '/a;sv=1/b',
  '/x=1',
  '/a;jsessionid=0123456789ABCDEF0123',
  '/%2e%2e/a',
  `/${Buffer.from('https://h.example/?token=s3cr3tvalue').toString('base64url')}`,
];

const FRAGMENTS = ['', '', '#', '#top', '#x=1', '#se=1', '#/send/abc/AbCdEfGhIjKlMnOpQrSt', '#AbCdEf12GhIj34KlMn56OpQr'];
const USERINFO = ['', '', '', 'user@', 'u:p@'];

const parameter = fc.tuple(fc.constantFrom(...NAMES), fc.constantFrom(...VALUES, '')).map(([name, value]) => (value === '' ? name : `${name}=${value}`));
const query = fc
  .tuple(fc.array(parameter, { minLength: 1, maxLength: 3 }), fc.constantFrom('&', '&', ';'))
  .map(([pieces, separator]) => `?${pieces.join(separator)}`);

/** A small pool of queries per run, so that uris share hosts and queries and differ elsewhere. */
const uris = fc
  .tuple(
    fc.array(fc.constantFrom(...HOSTS), { minLength: 1, maxLength: 3 }),
    fc.array(query, { minLength: 1, maxLength: 3 }),
    fc.array(
      fc.tuple(
        fc.nat(),
        fc.nat(),
        fc.constantFrom(...PATHS),
        fc.constantFrom(...FRAGMENTS),
        fc.constantFrom(...USERINFO),
        fc.constantFrom('https://', 'http://', '//'),
        fc.constantFrom('none', 'none', 'as written', 'percent-encoded', 'twice', 'in path'),
      ),
      { minLength: 1, maxLength: 24 },
    ),
  )
  .map(([hosts, queries, picks]) =>
    picks.map(([host, chosen, path, fragment, userinfo, scheme, nesting]) => {
      const uri = `${scheme}${userinfo}${hosts[host % hosts.length]!}${path}${queries[chosen % queries.length]!}${fragment}`;
      if (nesting === 'as written') return `https://go.example.com/r?u=${uri}`;
      if (nesting === 'percent-encoded') return `https://go.example.com/r?u=${enc(uri)}`;
      if (nesting === 'twice') return `https://go.example.com/r?u=${enc(enc(uri))}&next=${enc(uri)}`;
      if (nesting === 'in path') return `https://go.example.com/${enc(uri)}`;
      return uri;
    }),
  );

function expectAlike(uri: string): void {
  expect(remembering.credential.uriMayCarryCredential(uri), uri).toBe(forgetting.credential.uriMayCarryCredential(uri));
  expect(remembering.reads.stringMayCarryCredential(uri), uri).toBe(forgetting.reads.stringMayCarryCredential(uri));
  // The reading of any string, for which a plain uri after a space is no plain uri.
  expect(remembering.reads.stringMayCarryCredential(uri), uri).toBe(forgetting.reads.stringMayCarryCredential(` ${uri}`));
}

interface CorpusEntry {
  readonly uri: string;
}
const corpus = JSON.parse(readFileSync(new URL('../fixtures/credential-urls.json', import.meta.url), 'utf8')) as {
  readonly credential: readonly CorpusEntry[];
  readonly ordinary: readonly CorpusEntry[];
};
const CORPUS = [...corpus.credential, ...corpus.ordinary].map((entry) => entry.uri);
const EXAMPLES = [...HOST_SCOPED_PARAMETERS, ...HOST_EXEMPT_PARAMETERS, ...AMBIGUOUS_PARAMETERS, ...CREDENTIAL_PARAMETERS].flatMap((entry) =>
  Object.values(entry).filter((value): value is string => typeof value === 'string' && /^https?:/.test(value)),
);

describe('remembered verdicts on queries', () => {
  it('give every generated uri the verdict the rule gives with nothing remembered, whatever uris came before', () => {
    fc.assert(
      fc.property(uris, (sequence) => {
        for (const uri of sequence) expectAlike(uri);
      }),
      { seed: SEED, numRuns: 3_000 },
    );
  });

  it('give the corpus, the lists’ examples and every mix of one’s host and query with another’s path and fragment the same verdicts', () => {
    const known = [...CORPUS, ...EXAMPLES];
    for (const uri of known) expectAlike(uri);
    const parts = known
      .map((uri) => ({ uri, parts: readUri(uri, 'https://relative.invalid/') }))
      .filter((read) => read.parts !== null && read.parts.search !== '');
    for (const { parts: query } of parts) {
      for (const { parts: rest } of parts.slice(0, 60)) {
        expectAlike(`https://${query!.hostname}${rest!.pathname}${query!.search}${rest!.hash}`);
      }
    }
  });

  it('rest on no ambiguous name having a companion whose folding is empty (a bare value’s name)', () => {
    // A path with no `=` adds no name but a bare value's `''` to a uri's names, so a verdict
    // drawn on a query's companions is the query's own only while no companion is `''`.
    for (const entry of AMBIGUOUS_PARAMETERS) for (const companion of entry.companions) expect(foldName(companion)).not.toBe('');
  });
});

describe('a string that is one plain uri', () => {
  it('is judged as the reading of any string judges it, whatever characters follow the scheme', () => {
    const piece = fc.constantFrom(
      ...['a', 'Z', '0', '.', '-', '_', '~', '!', '$', '&', '(', ')', '*', '+', ',', ';', '=', ':', '@', '/', '//', '?', '#'],
      ...['%', '%2F', '%252F', "'", '"', '`', '\\', '\\/', ' ', '\t', '<', '>', '{', '|', 'é', '\u0000', 'https://', 'aHR0cHM6Ly9h'],
      ...['token=', 'sig=', 'sv=', 'abcdef0123456789', 'u:p@', 'reset/', 'Zx9Cv8Bn7'],
    );
    fc.assert(
      fc.property(fc.constantFrom('https://', 'http://'), fc.array(piece, { maxLength: 12 }), (scheme, pieces) => {
        expectAlike(`${scheme}h.example.com/${pieces.join('')}`);
      }),
      { seed: SEED, numRuns: 5_000 },
    );
  });

  it.each([
    ['a quote ends the uri a reader reads', "https://a.example/it's?token=abcdef0123456789"],
    ['an escape is read decoded as well', 'https://a.example/x?u=%68ttps%3A%2F%2Fu%3Ap%40h.example%2F'],
    ['an escaped slash is read unescaped as well', 'https://a.example/x?u=https:\\/\\/u:p@h.example\\/'],
    ['a second uri after a space', 'https://a.example/x https://u:p@h.example/'],
  ])('%s', (_name, text) => {
    expect(remembering.reads.stringMayCarryCredential(text)).toBe(forgetting.reads.stringMayCarryCredential(` ${text}`));
  });
});

describe(QueryVerdicts.name, () => {
  const parts = (uri: string) => readUri(uri, 'https://relative.invalid/')!;

  it('keeps a verdict per host and query, for top-level uris naming parameters in their query alone', () =>
    rememberingQueryVerdicts(() => {
      const verdicts = new QueryVerdicts();
      verdicts.set(parts('https://a.example/1?sig=x'), 0, false);
      verdicts.set(parts('https://a.example/1?sig=y'), 0, true);
      verdicts.set(parts('https://a.example/1?sig=z'), 2, true);
      expect(verdicts.get(parts('https://a.example/2?sig=x'), 0)).toBe(false);
      expect(verdicts.get(parts('https://a.example/2?sig=x'), 1)).toBeUndefined();
      expect(verdicts.get(parts('https://a.example/2?sig=y'), 0)).toBe(true);
      expect(verdicts.get(parts('https://a.example/2?sig=y'), 2)).toBeUndefined();
      expect(verdicts.get(parts('https://a.example/2?sig=z'), 2)).toBeUndefined();
      expect(verdicts.get(parts('https://a.example/2?sig=z'), 0)).toBeUndefined();
      expect(verdicts.get(parts('https://b.example/2?sig=x'), 0)).toBeUndefined();
      expect(verdicts.get(parts('https://a.example/2?sig=x#a'), 0)).toBeUndefined();
      expect(verdicts.get(parts('https://a.example/a;se=1?sig=x'), 0)).toBeUndefined();
    }));

  it('keeps nothing for a uri with a fragment, a `=` in its path, an empty query or a long key', () =>
    rememberingQueryVerdicts(() => {
      const verdicts = new QueryVerdicts();
      const long = 'q'.repeat(QUERY_VERDICT_KEY_MAX_CHARS);
      for (const uri of [
        'https://a.example/1?sig=x#a',
        'https://a.example/a=1?sig=x',
        'https://a.example/1?',
        `https://a.example/1?${long}`,
        `https://${long}.example/1?a=1`,
      ]) {
        verdicts.set(parts(uri), 0, true);
        expect(verdicts.get(parts(uri), 0), uri).toBeUndefined();
      }
      expect(verdicts.keptChars()).toBe(0);
      const longest = `https://a.example/1?${long.slice(1)}`;
      verdicts.set(parts(longest), 0, true);
      expect(verdicts.get(parts(longest), 0)).toBe(true);
    }));

  it(`holds at most ${QUERY_VERDICTS_MAX} pairs of keys of at most ${QUERY_VERDICT_KEY_MAX_CHARS} characters, however many uris pass`, () =>
    rememberingQueryVerdicts(() => {
      const verdicts = new QueryVerdicts();
      const most = QUERY_VERDICTS_MAX * (2 * QUERY_VERDICT_KEY_MAX_CHARS + 1);
      for (let index = 0; index < QUERY_VERDICTS_MAX * 3; index += 1) {
        const host = `${String(index).padStart(QUERY_VERDICT_KEY_MAX_CHARS - 3, 'h')}.io`;
        verdicts.set(parts(`https://${host}/?${String(index).padStart(QUERY_VERDICT_KEY_MAX_CHARS - 1, 'q')}`), 0, false);
        expect(verdicts.keptChars()).toBeLessThanOrEqual(most);
      }
      expect(verdicts.keptChars()).toBeGreaterThan(0);
    }));

  it('asks and keeps nothing outside a reading of data', () => {
    const verdicts = new QueryVerdicts();
    verdicts.set(parts('https://a.example/1?sig=x'), 0, false);
    expect(verdicts.keptChars()).toBe(0);
    rememberingQueryVerdicts(() => verdicts.set(parts('https://a.example/1?sig=x'), 0, false));
    expect(verdicts.get(parts('https://a.example/2?sig=x'), 0)).toBeUndefined();
    expect(rememberingQueryVerdicts(() => verdicts.get(parts('https://a.example/2?sig=x'), 0))).toBe(false);
  });
});
