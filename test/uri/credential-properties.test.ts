import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CREDENTIAL_NAME_ENDINGS, CREDENTIAL_PARAMETERS, NOT_CREDENTIAL_PARAMETERS, SETTING_VALUES } from '../../src/uri/credential-lists.js';
import { MAX_NESTING_LEVEL, uriMayCarryCredential } from '../../src/uri/credential.js';
import { foldName } from '../../src/uri/fold-name.js';

const SEED = 20_260_728;
const RUNS = 1_000;

const enc = encodeURIComponent;
const base64url = (text: string) => Buffer.from(text).toString('base64url');
const hex = (text: string) => Buffer.from(text).toString('hex');

/** A way of nesting a uri inside another, and the levels it adds (docs/design.md §7). */
interface Wrapper {
  readonly name: string;
  readonly levels: number;
  readonly wrap: (uri: string) => string;
}

const WRAPPERS: readonly Wrapper[] = [
  { name: 'as written', levels: 1, wrap: (uri) => `https://raw.example/go?u=${uri}` },
  { name: 'percent-encoded once', levels: 1, wrap: (uri) => `https://once.example/_next/image?url=${enc(uri)}&w=640` },
  { name: 'percent-encoded twice', levels: 2, wrap: (uri) => `https://twice.example/go?u=${enc(enc(uri))}` },
  { name: 'protocol-relative', levels: 1, wrap: (uri) => `https://pr.example/go?u=${enc(uri.replace(/^https:/, ''))}` },
  { name: 'relative with query', levels: 1, wrap: (uri) => `https://app.example/login?next=${enc(uri.replace(/^https:\/\/[^/]+/, ''))}` },
  { name: 'fragment route', levels: 1, wrap: (uri) => `https://spa.example/#/go?to=${enc(uri)}` },
  { name: 'base64url value', levels: 1, wrap: (uri) => `https://b64.example/go?src=${base64url(uri)}` },
  { name: 'imgproxy base64url path', levels: 1, wrap: (uri) => `https://imgproxy.example/sig/rs:fit:300:300/${base64url(uri)}.png` },
  { name: 'camo hex path', levels: 1, wrap: (uri) => `https://camo.example/0123456789abcdef/${hex(uri)}` },
];

/** Wrappers adding up to at most `budget` levels, outermost last. */
const wrappers = (budget: number): fc.Arbitrary<readonly Wrapper[]> =>
  fc.array(fc.constantFrom(...WRAPPERS), { maxLength: budget }).filter((chosen) => chosen.reduce((levels, wrapper) => levels + wrapper.levels, 0) <= budget);

const nest = (uri: string, chosen: readonly Wrapper[]) => chosen.reduce((inner, wrapper) => wrapper.wrap(inner), uri);

/** A credential name as a link may spell it: any letter case, separators, a bracket, an escape. */
const spelling = (name: string): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.array(fc.boolean(), { minLength: name.length, maxLength: name.length }),
      fc.array(fc.constantFrom('', '', '', '-', '_', '.'), { minLength: name.length, maxLength: name.length }),
      fc.nat({ max: name.length - 1 }),
      fc.boolean(),
      fc.constantFrom('', '[]'),
    )
    .map(([upper, separators, escaped, escape, suffix]) => {
      const letters = [...name].map((letter, index) => {
        const cased = upper[index] === true ? letter.toUpperCase() : letter.toLowerCase();
        const written = escape && index === escaped ? `%${letter.charCodeAt(0).toString(16)}` : cased;
        return index === 0 ? written : `${separators[index] ?? ''}${written}`;
      });
      return `${letters.join('')}${suffix}`;
    });

const ORDINARY_VALUES = new Map(CREDENTIAL_PARAMETERS.map((entry) => [foldName(entry.name), entry.ordinaryValues]));

const notCredential = new Set(NOT_CREDENTIAL_PARAMETERS.map((entry) => foldName(entry.name)));

const credentialName: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom(...CREDENTIAL_PARAMETERS.map((entry) => foldName(entry.name))),
    fc
      .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/), fc.constantFrom(...CREDENTIAL_NAME_ENDINGS.map((entry) => entry.ending)))
      .map(([prefix, ending]) => `${prefix}${ending}`)
      .filter((name) => !notCredential.has(name)),
  )
  .chain(spelling);

const credentialValue: fc.Arbitrary<string> = fc.string({ minLength: 1, maxLength: 24 }).filter((value) => !SETTING_VALUES.includes(value.toLowerCase()));

/** Where the parameter sits in the innermost uri. */
const PLACES: readonly ((parameter: string) => string)[] = [
  (parameter) => `https://files.example.com/a/b.pdf?${parameter}`,
  (parameter) => `https://files.example.com/a/b.pdf?page=2&${parameter}&lang=en`,
  (parameter) => `https://files.example.com/a/b.pdf?page=2;${parameter}`,
  (parameter) => `https://app.example.com/#${parameter}`,
  (parameter) => `https://app.example.com/#/reset?${parameter}`,
  (parameter) => `https://app.example.com/item;${parameter}/view`,
];

describe(uriMayCarryCredential.name, () => {
  it(`catches a credential-named parameter with any value, nested up to ${MAX_NESTING_LEVEL} levels in any encoding`, () => {
    fc.assert(
      fc.property(credentialName, credentialValue, fc.constantFrom(...PLACES), wrappers(MAX_NESTING_LEVEL), (name, value, place, chosen) => {
        // A value the list names ordinary under its name (a ticker under `token`) is no credential.
        fc.pre(ORDINARY_VALUES.get(foldName(name))?.test(value) !== true);
        const uri = nest(place(`${name}=${enc(value)}`), chosen);
        expect(uriMayCarryCredential(uri), uri).toBe(true);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it(`shows ordinary parameters with short plain values, nested up to ${MAX_NESTING_LEVEL} levels in any encoding`, () => {
    const BENIGN = [
      'page',
      'per_page',
      'q',
      'v',
      'utm_source',
      'utm_medium',
      'lang',
      'sort',
      'order',
      'id',
      'w',
      'h',
      'format',
      'ref',
      'tab',
      'offset',
      'limit',
      'locale',
      'theme',
      't',
      'si',
      'usp',
      'author',
      'keyword',
      'sort_key',
    ];
    const HOSTS = [
      'example.com',
      'www.youtube.com',
      'docs.google.com',
      'github.com',
      'cdn.discordapp.com',
      'example.imgix.net',
      'maps.googleapis.com',
      'fn.azurewebsites.net',
      'acct.blob.core.windows.net',
    ];
    const parameter = fc.tuple(fc.constantFrom(...BENIGN), fc.stringMatching(/^[A-Za-z0-9]{1,12}$/)).map(([name, value]) => `${name}=${value}`);
    fc.assert(
      fc.property(
        fc.constantFrom(...HOSTS),
        fc.array(fc.stringMatching(/^[a-z0-9-]{1,12}$/), { maxLength: 4 }),
        fc.array(parameter, { maxLength: 5 }),
        fc.constantFrom('', '#L10-L20', '#token', '#section-2'),
        wrappers(MAX_NESTING_LEVEL),
        (host, segments, parameters, fragment, chosen) => {
          const query = parameters.length === 0 ? '' : `?${parameters.join('&')}`;
          const uri = nest(`https://${host}/${segments.join('/')}${query}${fragment}`, chosen);
          expect(uriMayCarryCredential(uri), uri).toBe(false);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('never throws, whatever the string', () => {
    const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
    const uriPart = fc.constantFrom(
      '%',
      '%2',
      '%25',
      '%zz',
      '?',
      '#',
      ';',
      '&',
      '=',
      '//',
      '\\\\',
      '@',
      ':',
      '[',
      ']',
      'aHR0cHM6Ly',
      '68747470',
      'Ly9h',
      'eyJ',
      '.',
      'token=',
      'https://',
      '\t',
      ' ',
      '\u0000',
      '\ud800',
    );
    const anyString = fc.oneof(
      fc.string({ unit: anyCodeUnit, maxLength: 80 }),
      fc.array(uriPart, { maxLength: 40 }).map((parts) => parts.join('')),
      fc
        .tuple(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.array(uriPart, { maxLength: 20 }))
        .map(([url, parts]) => `${url}${parts.join('')}`),
    );
    fc.assert(
      fc.property(anyString, (uri) => {
        expect(typeof uriMayCarryCredential(uri)).toBe('boolean');
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
