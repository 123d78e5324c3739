import { describe, expect, it } from 'vitest';
import {
  AMBIGUOUS_PARAMETERS,
  CREDENTIAL_NAME_ENDINGS,
  CREDENTIAL_PARAMETERS,
  CREDENTIAL_PATH_SHAPES,
  CREDENTIAL_VALUE_SHAPES,
  HOST_SCOPED_PARAMETERS,
  NOT_CREDENTIAL_PARAMETERS,
  SECRET_LOOKING_VALUES,
  SETTING_VALUES,
} from '../../src/uri/credential-lists.js';
import { uriMayCarryCredential } from '../../src/uri/credential.js';
import { foldName } from '../../src/uri/query-params.js';

const folded = (entries: readonly { readonly name: string }[]) => entries.map((entry) => foldName(entry.name));

/** The decoded values of a link's query parameters. */
const queryValues = (uri: string) => [...new URL(uri).searchParams.values()];

describe('CREDENTIAL_PARAMETERS', () => {
  it.each(CREDENTIAL_PARAMETERS.map((entry) => [`${entry.family} > ${entry.name}`, entry] as const))(
    '%s > its example is caught, and the name alone with any value is caught',
    (_name, entry) => {
      expect(entry.family).not.toBe('');
      expect(uriMayCarryCredential(entry.example)).toBe(true);
      expect(uriMayCarryCredential(`https://example.com/p?${entry.name}=v`)).toBe(true);
      expect(uriMayCarryCredential(`https://example.com/p?${entry.name}=`)).toBe(false);
    },
  );

  it('holds each folded name once, none of them also ambiguous, scoped or exempt', () => {
    const names = folded(CREDENTIAL_PARAMETERS);
    expect(new Set(names).size).toBe(names.length);
    for (const other of [folded(AMBIGUOUS_PARAMETERS), folded(HOST_SCOPED_PARAMETERS), folded(NOT_CREDENTIAL_PARAMETERS)]) {
      expect(names.filter((name) => other.includes(name))).toEqual([]);
    }
  });

  it('leaves OAuth code off: single-use, useless without the client secret or PKCE verifier, and common in ordinary links', () => {
    expect(folded(CREDENTIAL_PARAMETERS)).not.toContain('code');
    expect(uriMayCarryCredential('https://app.example.com/callback?code=SplxlOBeZQQYbYS6WxSbIA&state=xyz')).toBe(false);
  });

  it('lists key names one by one, never key itself', () => {
    expect(folded(CREDENTIAL_PARAMETERS)).not.toContain('key');
    expect(CREDENTIAL_NAME_ENDINGS.map((entry) => entry.ending)).not.toContain('key');
  });
});

describe('every listed name', () => {
  it('folds to a name, never to nothing: a bare value (no `=`) has no name for a name rule to count', () => {
    const names = [
      ...folded(CREDENTIAL_PARAMETERS),
      ...folded(NOT_CREDENTIAL_PARAMETERS),
      ...folded(HOST_SCOPED_PARAMETERS),
      ...folded(AMBIGUOUS_PARAMETERS),
      ...AMBIGUOUS_PARAMETERS.flatMap((entry) => entry.companions.map(foldName)),
      ...CREDENTIAL_NAME_ENDINGS.map((entry) => foldName(entry.ending)),
    ];
    expect(names.filter((name) => name === '')).toEqual([]);
    // So a value that counts by name alone counts only where it is named.
    expect(uriMayCarryCredential('https://example.com/token/secret/password')).toBe(false);
    expect(uriMayCarryCredential('https://example.com/?secret')).toBe(false);
  });
});

describe('CREDENTIAL_NAME_ENDINGS', () => {
  it.each(CREDENTIAL_NAME_ENDINGS.map((entry) => [entry.ending, entry] as const))(
    '%s > its example is caught, and any longer name ending in it is caught',
    (_name, entry) => {
      expect(entry.ending).toBe(foldName(entry.ending));
      expect(uriMayCarryCredential(entry.example)).toBe(true);
      expect(uriMayCarryCredential(`https://example.com/p?my-${entry.ending}=v4lue`)).toBe(true);
      expect(uriMayCarryCredential(`https://example.com/p?my-${entry.ending}-count=v4lue`)).toBe(false);
    },
  );
});

describe('NOT_CREDENTIAL_PARAMETERS', () => {
  it.each(NOT_CREDENTIAL_PARAMETERS.map((entry) => [`${entry.family} > ${entry.name}`, entry] as const))(
    '%s > ends in a credential word, and its example is shown',
    (_name, entry) => {
      expect(CREDENTIAL_NAME_ENDINGS.some((ending) => foldName(entry.name).endsWith(ending.ending))).toBe(true);
      expect(uriMayCarryCredential(entry.example)).toBe(false);
    },
  );
});

describe('SETTING_VALUES', () => {
  it.each(SETTING_VALUES.map((value) => [value] as const))(
    '%s > makes a name ending in a credential word a setting, but not a listed name',
    (value) => {
      expect(value).toBe(value.toLowerCase());
      expect(uriMayCarryCredential(`https://example.com/login?reset_password=${value}`)).toBe(false);
      expect(uriMayCarryCredential(`https://example.com/login?password=${value}`)).toBe(true);
    },
  );
});

describe('HOST_SCOPED_PARAMETERS', () => {
  it.each(HOST_SCOPED_PARAMETERS.map((entry) => [`${entry.family} > ${entry.name} on ${entry.domain}`, entry] as const))(
    '%s > caught on the domain and its subdomains, shown elsewhere',
    (_name, entry) => {
      expect(uriMayCarryCredential(entry.example)).toBe(true);
      expect(new URL(entry.example).hostname.endsWith(entry.domain)).toBe(true);
      expect(uriMayCarryCredential(`https://${entry.domain}/p?${entry.name}=abc123`)).toBe(true);
      expect(uriMayCarryCredential(`https://sub.${entry.domain}/p?${entry.name}=abc123`)).toBe(true);
      expect(uriMayCarryCredential(`https://example.com/p?${entry.name}=abc123`)).toBe(false);
      expect(uriMayCarryCredential(`https://not${entry.domain}/p?${entry.name}=abc123`)).toBe(false);
    },
  );
});

describe('AMBIGUOUS_PARAMETERS', () => {
  it.each(AMBIGUOUS_PARAMETERS.map((entry) => [`${entry.family} > ${entry.name}`, entry] as const))(
    '%s > its example is caught, its ordinary link shown, and each companion makes a word value count',
    (_name, entry) => {
      expect(uriMayCarryCredential(entry.example)).toBe(true);
      expect(uriMayCarryCredential(entry.ordinary)).toBe(false);
      expect(uriMayCarryCredential(`https://example.com/p?${entry.name}=word`)).toBe(false);
      for (const companion of entry.companions) {
        expect(uriMayCarryCredential(`https://example.com/p?${entry.name}=word&${companion}=1`)).toBe(true);
        expect(uriMayCarryCredential(`https://example.com/p?${entry.name}=&${companion}=`)).toBe(false);
      }
      for (const shape of SECRET_LOOKING_VALUES) {
        const value = queryValues(shape.example).find((candidate) => shape.pattern.test(candidate)) ?? '';
        expect(uriMayCarryCredential(`https://example.com/p?${entry.name}=${encodeURIComponent(value)}`)).toBe(true);
      }
    },
  );
});

describe('CREDENTIAL_PATH_SHAPES', () => {
  it.each(CREDENTIAL_PATH_SHAPES.map((entry) => [entry.family, entry] as const))(
    '%s > its example is caught, and its pattern matches the example alone',
    (_name, entry) => {
      expect(entry.pattern.flags).toBe('');
      expect(uriMayCarryCredential(entry.example)).toBe(true);
      const url = new URL(entry.example);
      expect(entry.pattern.test(url.hostname + url.pathname)).toBe(true);
      expect(CREDENTIAL_PATH_SHAPES.filter((other) => other.pattern.test(url.hostname + url.pathname))).toEqual([entry]);
    },
  );
});

describe('CREDENTIAL_VALUE_SHAPES', () => {
  it.each(CREDENTIAL_VALUE_SHAPES.map((entry) => [entry.family, entry] as const))(
    '%s > its example is caught under a plain name, and the shape needs more than 16 characters',
    (_name, entry) => {
      expect(entry.pattern.flags).toBe('');
      expect(uriMayCarryCredential(entry.example)).toBe(true);
      const value = queryValues(entry.example).find((candidate) => entry.pattern.test(candidate));
      expect(value).toBeDefined();
      expect(uriMayCarryCredential(`https://example.com/p?v=${value ?? ''}`)).toBe(true);
      for (let length = 1; length <= 16; length++) {
        expect(entry.pattern.test((value ?? '').slice(0, length))).toBe(false);
      }
    },
  );
});

describe('SECRET_LOOKING_VALUES', () => {
  it.each(SECRET_LOOKING_VALUES.map((entry) => [entry.family, entry] as const))(
    '%s > its example is caught, and the same value under a plain name is shown',
    (_name, entry) => {
      expect(entry.pattern.flags).toBe('');
      expect(uriMayCarryCredential(entry.example)).toBe(true);
      const value = queryValues(entry.example).find((candidate) => entry.pattern.test(candidate)) ?? '';
      expect(value).not.toBe('');
      expect(uriMayCarryCredential(`https://example.com/p?v=${value}`)).toBe(false);
    },
  );
});
