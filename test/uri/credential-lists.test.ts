import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_FLOW_PATH,
  AMBIGUOUS_PARAMETERS,
  CAPABILITY_PAGE_SEGMENTS,
  CAPABILITY_PATH_WORDS,
  CAPABILITY_SEGMENT_SPAN,
  CREDENTIAL_NAME_ENDINGS,
  CREDENTIAL_PARAMETERS,
  CREDENTIAL_PATH_SHAPES,
  CREDENTIAL_VALUE_SHAPES,
  FRAGMENT_KEY,
  FRAGMENT_KEY_EXAMPLES,
  HOST_EXEMPT_PARAMETERS,
  HOST_SCOPED_PARAMETERS,
  LOWER_CASE_RANDOM_VALUE,
  NOT_CREDENTIAL_PARAMETERS,
  ORDINARY_PATH_SEGMENT,
  ORDINARY_PATH_SEGMENTS,
  RANDOM_PATH_SEGMENT,
  SECRET_LOOKING_VALUES,
  SETTING_VALUES,
  SHARE_PATH_WORDS,
  SHARE_TOKEN_SEGMENT,
} from '../../src/uri/credential-lists.js';
import { uriMayCarryCredential } from '../../src/uri/credential.js';
import { foldName } from '../../src/uri/fold-name.js';
import { lastTwoLabels } from '../../src/uri/path-shapes.js';
import { readUri } from '../../src/uri/uri-parts.js';
import { runGuarded, SRC_DIR } from '../support/hang-guard.js';

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
    for (const other of [folded(AMBIGUOUS_PARAMETERS), folded(HOST_SCOPED_PARAMETERS), folded(HOST_EXEMPT_PARAMETERS), folded(NOT_CREDENTIAL_PARAMETERS)]) {
      expect(names.filter((name) => other.includes(name))).toEqual([]);
    }
  });

  it.each(CREDENTIAL_PARAMETERS.filter((entry) => entry.ordinaryValues !== undefined).map((entry) => [entry.name, entry] as const))(
    '%s > the values it names ordinary show, every other value is caught',
    (_name, entry) => {
      expect(entry.ordinaryValues?.flags).toBe('');
      expect(uriMayCarryCredential('https://defi.example.com/pools?token=USDC')).toBe(false);
      expect(uriMayCarryCredential('https://defi.example.com/pools?token=0x7e57ab1e0000000000000000000000000000c0de')).toBe(false);
      expect(uriMayCarryCredential('https://defi.example.com/pools?token=usdc')).toBe(true);
      expect(uriMayCarryCredential('https://defi.example.com/pools?token=USDCOINS')).toBe(true);
    },
  );

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
  it.each(SETTING_VALUES.map((value) => [value] as const))('%s > makes a name ending in a credential word a setting, but not a listed name', (value) => {
    expect(value).toBe(value.toLowerCase());
    expect(uriMayCarryCredential(`https://example.com/login?reset_password=${value}`)).toBe(false);
    expect(uriMayCarryCredential(`https://example.com/login?password=${value}`)).toBe(true);
  });
});

describe('HOST_SCOPED_PARAMETERS', () => {
  it.each(HOST_SCOPED_PARAMETERS.map((entry) => [`${entry.family} > ${entry.name} on ${entry.domain}`, entry] as const))(
    '%s > caught on the domain and its subdomains under its paths, shown elsewhere',
    (_name, entry) => {
      const path = `${entry.paths?.[0] ?? '/'}p`;
      expect(uriMayCarryCredential(entry.example)).toBe(true);
      expect(new URL(entry.example).hostname.endsWith(entry.domain)).toBe(true);
      expect(entry.paths?.some((prefix) => new URL(entry.example).pathname.startsWith(prefix)) ?? true).toBe(true);
      expect(uriMayCarryCredential(`https://${entry.domain}${path}?${entry.name}=abc123`)).toBe(true);
      expect(uriMayCarryCredential(`https://sub.${entry.domain}${path}?${entry.name}=abc123`)).toBe(true);
      expect(uriMayCarryCredential(`https://example.com${path}?${entry.name}=abc123`)).toBe(false);
      expect(uriMayCarryCredential(`https://not${entry.domain}${path}?${entry.name}=abc123`)).toBe(false);
      if (entry.paths !== undefined) expect(uriMayCarryCredential(`https://${entry.domain}/elsewhere?${entry.name}=abc123`)).toBe(false);
    },
  );
});

describe('HOST_EXEMPT_PARAMETERS', () => {
  it.each(HOST_EXEMPT_PARAMETERS.map((entry) => [`${entry.family} > ${entry.name} on ${entry.domain}`, entry] as const))(
    '%s > its example shows, and the same parameter on another host is caught',
    (_name, entry) => {
      const url = new URL(entry.example);
      const value = url.searchParams.get(entry.name) ?? '';
      expect(url.hostname.endsWith(entry.domain)).toBe(true);
      expect(uriMayCarryCredential(entry.example)).toBe(false);
      expect(uriMayCarryCredential(`https://example.com${url.pathname}?${entry.name}=${value}`)).toBe(true);
    },
  );
});

describe('AMBIGUOUS_PARAMETERS', () => {
  it('names no entry its own companion, and no companion that folds to nothing (a uri naming one parameter then has no company)', () => {
    for (const entry of AMBIGUOUS_PARAMETERS) {
      const companions = entry.companions.map(foldName);
      expect(companions).not.toContain(foldName(entry.name));
      expect(companions).not.toContain('');
    }
  });

  it.each(AMBIGUOUS_PARAMETERS.map((entry) => [`${entry.family} > ${entry.name}`, entry] as const))(
    '%s > its example is caught, its ordinary link shown, and each companion makes a word value count',
    (_name, entry) => {
      expect(uriMayCarryCredential(entry.example)).toBe(true);
      expect(uriMayCarryCredential(entry.ordinary)).toBe(false);
      expect(uriMayCarryCredential(`https://example.com/p?${entry.name}=word`)).toBe(false);
      const inCompany = entry.inCompany?.test('word') ?? true;
      const exampleValue = [...new URL(entry.example).searchParams].find(([name]) => foldName(name) === foldName(entry.name))?.[1] ?? '';
      for (const companion of entry.companions) {
        expect(uriMayCarryCredential(`https://example.com/p?${entry.name}=word&${companion}=1`)).toBe(inCompany);
        expect(uriMayCarryCredential(`https://example.com/p?${entry.name}=${encodeURIComponent(exampleValue)}&${companion}=1`)).toBe(true);
        expect(uriMayCarryCredential(`https://example.com/p?${entry.name}=&${companion}=`)).toBe(false);
      }
      if (entry.inCompany !== undefined) {
        expect(entry.inCompany.flags).toBe('');
        expect(entry.companions.length).toBeGreaterThan(0);
        expect(entry.inCompany.test(exampleValue)).toBe(true);
      }
      for (const shape of SECRET_LOOKING_VALUES) {
        const value = queryValues(shape.example).find((candidate) => shape.pattern.test(candidate)) ?? '';
        const ownShape = entry.values?.some((pattern) => pattern.test(value)) ?? false;
        expect(uriMayCarryCredential(`https://example.com/p?${entry.name}=${encodeURIComponent(value)}`)).toBe(entry.secretLooking !== false || ownShape);
      }
      for (const pattern of entry.values ?? []) expect(pattern.flags).toBe('');
      expect(uriMayCarryCredential(`https://example.com/account/reset-password?${entry.name}=word`)).toBe(entry.paths !== undefined);
    },
  );

  it('an account flow is a reset, recovery, activation, verification or invitation page', () => {
    for (const path of [
      '/user/password/reset',
      '/Account/ResetPassword',
      '/recover_account',
      '/user/activate',
      '/wp-activate.php',
      '/verify-email',
      '/Account/ConfirmEmail',
      '/unlock',
      '/magic',
      '/accept-invitation',
    ]) {
      expect(ACCOUNT_FLOW_PATH.test(path), path).toBe(true);
    }
    for (const path of ['/callback', '/oauth2/callback', '/.auth/login/aad/callback', '/login/oauth2/code/google', '/checkout', '/country']) {
      expect(ACCOUNT_FLOW_PATH.test(path), path).toBe(false);
    }
  });
});

describe('CREDENTIAL_PATH_SHAPES', () => {
  it.each(CREDENTIAL_PATH_SHAPES.map((entry) => [entry.family, entry] as const))(
    '%s > its example is caught, on its hosts, and its pattern matches the example alone',
    (_name, entry) => {
      expect(entry.pattern.flags).toBe('');
      expect(uriMayCarryCredential(entry.example)).toBe(true);
      const url = readUri(entry.example, 'https://relative.invalid/');
      // A shape opening with `^/` is tried on the path alone.
      const hostPath = (entry.pattern.source.startsWith('^\\/') ? url?.pathname : url?.hostPath) ?? '';
      expect(entry.pattern.test(hostPath)).toBe(true);
      expect(CREDENTIAL_PATH_SHAPES.filter((other) => other.pattern.test(hostPath))).toEqual([entry]);
      if (entry.hosts !== undefined) {
        const hostname = url?.hostname ?? '';
        expect(entry.hosts.some((host) => `.${hostname}`.endsWith(host === '' ? '.' : `.${host}`))).toBe(true);
        expect(entry.hosts.every((host) => lastTwoLabels(host) === host || host.endsWith(`.${lastTwoLabels(host)}`))).toBe(true);
      }
    },
  );

  it('reads a uri with no host as its scheme and path, and tries host shapes on their hosts only', () => {
    expect(readUri('sip:bob:pw@voip.example.com', 'https://relative.invalid/')?.hostPath).toBe('sip:bob:pw@voip.example.com');
    expect(uriMayCarryCredential('https://example.com/hooks/catch/123456/abcde1/')).toBe(false);
    expect(uriMayCarryCredential('https://hooks.zapier.com/hooks/catch/123456/abcde1/')).toBe(true);
    expect(uriMayCarryCredential('https://hooks.zapier.com./hooks/catch/123456/abcde1/')).toBe(true);
    expect(uriMayCarryCredential('https://hooks.zapier.com.example.org/hooks/catch/123456/abcde1/')).toBe(false);
  });

  it.each([
    ['mailto', 'mailto:ada@example.com'],
    ['facetime', 'facetime:ada@example.com'],
    ['xmpp', 'xmpp:ada@example.com'],
    ['a tag uri', 'tag:ada@example.com,2024:notes'],
    ['an Ethereum payment request', 'ethereum:0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359@1'],
    ['SIP without a password', 'sip:alice@voip.example.com;transport=tls'],
    ['Oracle JDBC without a user', 'jdbc:oracle:thin:@//db.example.com:1521/SALES'],
  ])('shows an address in an opaque uri: %s', (_name, uri) => {
    expect(uriMayCarryCredential(uri)).toBe(false);
  });
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

describe('CAPABILITY_PATH_WORDS', () => {
  it.each(CAPABILITY_PATH_WORDS.map((entry) => [entry.word, entry] as const))(
    '%s > its example is caught, and the same path with an ordinary segment after the word shows',
    (_name, entry) => {
      expect(entry.word).toBe(entry.word.toLowerCase());
      expect(uriMayCarryCredential(entry.example)).toBe(true);
      const path = new URL(entry.example).pathname;
      expect(path.toLowerCase().replaceAll('_', '-').replaceAll('autologin', 'auto-login')).toContain(`/${entry.word}/`);
      expect(uriMayCarryCredential(`https://app.example.com/${entry.word}/release-notes-2025`)).toBe(false);
      expect(uriMayCarryCredential(`https://app.example.com/${entry.word}/Qm7Xc2Vb9Nz4Lk8Jh3Gf`)).toBe(true);
      expect(uriMayCarryCredential(`https://app.example.com/${entry.word.toUpperCase().replaceAll('-', '_')}/Qm7Xc2Vb9Nz4Lk8Jh3Gf`)).toBe(true);
      expect(uriMayCarryCredential(`https://app.example.com/${entry.word.replaceAll('-', '')}/Qm7Xc2Vb9Nz4Lk8Jh3Gf`)).toBe(true);
      // A page word turns off the words a settings page lists, never a token word (`onAnyPage`).
      expect(uriMayCarryCredential(`https://app.example.com/settings/${entry.word}/Qm7Xc2Vb9Nz4Lk8Jh3Gf`)).toBe(entry.onAnyPage === true);
      expect(uriMayCarryCredential(`https://app.example.com/dashboard/${entry.word}/Qm7Xc2Vb9Nz4Lk8Jh3Gf`)).toBe(entry.onAnyPage === true);
      expect(uriMayCarryCredential(`https://app.example.com/x${entry.word}/Qm7Xc2Vb9Nz4Lk8Jh3Gf`)).toBe(false);
    },
  );

  it(`reads the ${CAPABILITY_SEGMENT_SPAN} segments after the word, and no further`, () => {
    const after = (segments: readonly string[]) => `https://app.example.com/reset/${segments.join('/')}`;
    const filler = Array.from({ length: CAPABILITY_SEGMENT_SPAN - 1 }, (_, index) => `s${index}`);
    expect(uriMayCarryCredential(after([...filler, 'Qm7Xc2Vb9Nz4Lk8Jh3Gf']))).toBe(true);
    expect(uriMayCarryCredential(after([...filler, 'x', 'Qm7Xc2Vb9Nz4Lk8Jh3Gf']))).toBe(false);
  });

  it.each(CAPABILITY_PAGE_SEGMENTS.map((segment) => [segment] as const))('%s > a page about capability links, not one', (segment) => {
    expect(uriMayCarryCredential(`https://app.example.com/${segment}/webhooks/Qm7Xc2Vb9Nz4Lk8Jh3Gf`)).toBe(false);
  });
});

describe('RANDOM_PATH_SEGMENT and ORDINARY_PATH_SEGMENTS', () => {
  it.each([
    ['twenty mixed-case letters', 'drpQzmvXgcNtmTIHsjCw'],
    ['hex with digits', 'fedcba9876543210fedcba98'],
    ['a UUID', '0a9b8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d'],
    ['base64 with padding and a colon', 'Ab3dEf6hIj9kLm2nOp5q==:Rs8tUv'],
  ])('a random segment: %s', (_name, segment) => {
    expect(RANDOM_PATH_SEGMENT.test(segment)).toBe(true);
    expect(ORDINARY_PATH_SEGMENTS.some((shape) => shape.pattern.test(segment))).toBe(false);
  });

  it.each([
    ['nineteen characters', 'drpQzmvXgcNtmTIHsjC'],
    ['lower-case letters only', 'emailaddresschangerequest'],
    ['digits only', '12345678901234567890123'],
    ['a character outside a token', 'drpQzmvXgcNtmTIHsjCw?'],
  ])('not a random segment: %s', (_name, segment) => {
    expect(RANDOM_PATH_SEGMENT.test(segment)).toBe(false);
  });

  it.each(ORDINARY_PATH_SEGMENTS.map((shape) => [shape.family, shape] as const))(
    '%s > its example shows, and the segment after the word looks random but is ordinary',
    (_name, shape) => {
      expect(shape.pattern.flags).toBe('');
      expect(uriMayCarryCredential(shape.example)).toBe(false);
      const segment = new URL(shape.example).pathname.split('/').at(-1) ?? '';
      expect(RANDOM_PATH_SEGMENT.test(segment)).toBe(true);
      expect(shape.pattern.test(segment)).toBe(true);
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

describe('SECRET_LOOKING_VALUES and slugs', () => {
  it.each([
    ['a file path', 'archive/2025/Budget-Review-May-2025.xlsx'],
    ['a slug of words', 'Zero-Trust-Roundtable-2025'],
    ['a dotted slug', 'Release.Notes.Spring.2025'],
  ])('%s is no secret', (_name, value) => {
    expect(SECRET_LOOKING_VALUES.some((shape) => shape.pattern.test(value))).toBe(false);
  });
});

describe('LOWER_CASE_RANDOM_VALUE', () => {
  it.each([
    ['letters and digits interleaved', 'k7xm2q9wp4z8n3v6b1c5'],
    ['digits in three runs', 'abcdefgh1ijklmno2pqrs3'],
  ])('a random value: %s', (_name, value) => {
    expect(LOWER_CASE_RANDOM_VALUE.test(value)).toBe(true);
    expect(uriMayCarryCredential(`https://api.example.com/v1/geo?key=${value}`)).toBe(true);
    expect(uriMayCarryCredential(`https://files.example.com/get?t=${value}`)).toBe(true);
    expect(uriMayCarryCredential(`https://example.com/p?v=${value}`)).toBe(false);
  });

  it.each([
    ['nineteen characters', 'k7xm2q9wp4z8n3v6b1c'],
    ['a word with numbers in two runs', 'summer2024sale50offer'],
    ['a version', 'release20240101build42'],
    ['a 24-digit hex object id', '507f1f77bcf86cd799439011'],
    ['upper case', 'K7XM2Q9WP4Z8N3V6B1C5'],
    ['a separator', 'k7xm2q9wp4-z8n3v6b1c5'],
  ])('no random value: %s', (_name, value) => {
    expect(LOWER_CASE_RANDOM_VALUE.test(value)).toBe(false);
  });

  it('makes key, auth, sig and t count alone, and only those of the ambiguous names without a secret-looking rule of their own', () => {
    const counting = AMBIGUOUS_PARAMETERS.filter((entry) => entry.values?.includes(LOWER_CASE_RANDOM_VALUE)).map((entry) => entry.name);
    expect(counting.sort()).toEqual(['auth', 'key', 'sig', 't']);
  });
});

describe('SHARE_PATH_WORDS and SHARE_TOKEN_SEGMENT', () => {
  it.each(SHARE_PATH_WORDS.map((entry) => [entry.word, entry] as const))(
    '%s > its example is caught, and the word followed by an ordinary segment shows',
    (_name, entry) => {
      expect(uriMayCarryCredential(entry.example)).toBe(true);
      expect(new URL(entry.example).pathname).toContain(`/${entry.word}/`);
      expect(uriMayCarryCredential(`https://help.example.com/${entry.word}/getting-started`)).toBe(false);
      expect(uriMayCarryCredential(`https://help.example.com/${entry.word}/article/Xk29fLq83mZp0Rt`)).toBe(false);
    },
  );

  it.each([
    ['Nextcloud, fifteen mixed-case letters and digits', 'Xk29fLq83mZp0Rt'],
    ['mixed case without digits', 'aBcDeFgHiJkLmNo'],
    ['Box, lower case with digits', 'k7xm2q9wp4z8n3v6b1c5a0d4e8f2g6h1'],
    ['Dropbox legacy, fifteen lower-case letters and digits', 'k7xm2q9wp4z8n3v'],
  ])('a share token: %s', (_name, segment) => {
    expect(SHARE_TOKEN_SEGMENT.test(segment)).toBe(true);
  });

  it.each([
    ['fourteen characters', 'Xk29fLq83mZp0R'],
    ['sixty-five characters', 'Xk29fLq83mZp0Rt'.repeat(5).slice(0, 65)],
    ['a slug', 'getting-started-2025'],
    ['a word with one number', 'gettingstarted2024'],
    ['upper case and digits', 'ABCD1234EFGH5678'],
  ])('no share token: %s', (_name, segment) => {
    expect(SHARE_TOKEN_SEGMENT.test(segment)).toBe(false);
  });
});

describe('FRAGMENT_KEY', () => {
  it.each(FRAGMENT_KEY_EXAMPLES.map((entry) => [entry.family, entry] as const))('%s > its example is caught by its fragment alone', (_name, entry) => {
    const url = new URL(entry.example);
    expect(uriMayCarryCredential(entry.example)).toBe(true);
    expect(FRAGMENT_KEY.test(url.hash)).toBe(true);
    expect(uriMayCarryCredential(`${url.origin}${url.pathname}${url.search}`)).toBe(false);
  });

  it.each([
    ['a route', '#/EXAMPLEsendID0/k7Xq2Lm9Wp4Zr8Nv3Bc6Yt1Hs5'],
    ['a hashbang route', '#!/k7Xq2Lm9Wp4Zr8Nv3Bc6Yt1Hs5'],
    ['a parameter', '#key=k7Xq2Lm9Wp4Zr8Nv3Bc6Yt1Hs5'],
    ['four runs', '#a/b/c/k7Xq2Lm9Wp4Zr8Nv3Bc6Yt1Hs5'],
    ['a last run of nineteen', '#k7Xq2Lm9Wp4Zr8Nv3Bc'],
    ['a dot in the run', '#k7Xq2Lm9Wp4.Zr8Nv3Bc6Yt1Hs5'],
  ])('no key form: %s', (_name, hash) => {
    expect(FRAGMENT_KEY.test(hash)).toBe(false);
  });
});

describe('the families an adversarial review of the new families found', () => {
  it.each([
    ['Grafana snapshot through the API', 'https://grafana.example.com/api/snapshots/EXAMPLEsnapshotKEY0123456789abcd'],
    ['Grafana snapshot delete key', 'https://grafana.example.com/api/snapshots-delete/EXAMPLEdeleteKEY0123456789abcd'],
    ['Grafana public dashboard panel query', 'https://grafana.example.com/api/public/dashboards/0f1e2d3c4b5a69788796a5b4c3d2e1f0/panels/2/query'],
    ['Grafana public dashboard, hyphenated token', 'https://grafana.example.com/public-dashboards/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0'],
    ['Fastly verify, a 14-digit digest', 'https://cdn.example.com/f.zip?verify=1700000000-0f1e2d3c4b5a69'],
    ['Fastly verify, an underscore', 'https://cdn.example.com/f.zip?verify=1700000000_0f1e2d3c4b5a6978'],
    ['Fastly verify, an 11-digit expiry', 'https://cdn.example.com/f.zip?verify=17000000000-0f1e2d3c4b5a6978'],
    ['StackPath secure, a hex digest', 'https://cdn.example.com/v.mp4?secure=0f1e2d3c4b5a69788796a5b4c3d2e1f0,1700003600'],
    ['StackPath secure, standard base64', 'https://cdn.example.com/v.mp4?secure=Ab3d%2BEf6h/Ij9kLm2nOp5q==,1700003600'],
    ['StackPath secure beside expires, standard base64', 'https://cdn.example.com/v.mp4?secure=Ab3d%2BEf6h/Ij9kLm2nOp5q&expires=1700003600'],
    ['Cloudinary at the path end', 'https://res.cloudinary.com/demo/image/upload/s--EXAMPL3s--'],
    ['Cloudinary before a matrix parameter', 'https://res.cloudinary.com/demo/image/upload/s--EXAMPL3s--;v=1'],
    ['Cloudinary before an encoded slash', 'https://res.cloudinary.com/demo/image/upload/s--EXAMPL3s--%2Fsample.jpg'],
    ['Cloudinary, s encoded', 'https://res.cloudinary.com/demo/image/upload/%73--EXAMPL3s--/sample.jpg'],
    ['Cloudinary, dashes encoded', 'https://res.cloudinary.com/demo/image/upload/s%2D%2DEXAMPL3s%2d%2d/sample.jpg'],
    ['Dropbox legacy, one digit run', 'https://www.dropbox.com/s/5281eirixevqaaq/report.pdf?dl=0'],
    ['api/v1/token', 'https://app.example.com/api/v1/token/Xk29fLq83mZp0Rt5Wv7YbN'],
    ['api/tokens', 'https://app.example.com/api/tokens/Xk29fLq83mZp0Rt5Wv7YbN'],
    ['an upper-case random key', 'https://api.example.com/v1/data?key=K7XM2Q9WP4ZR8NV3BC6Y'],
    ['t, 16 mixed case', 'https://files.example.com/download?t=ieAMvCLETKrf6HiQ'],
    ['t, mixed case of 20 or more', 'https://files.example.com/download/report.pdf?t=Xk29fLq83mZp0Rt5Wv7YbN'],
  ])('caught: %s', (_name, uri) => {
    expect(uriMayCarryCredential(uri)).toBe(true);
  });

  it.each([
    ['a cache-buster md5 under t', 'https://cdn.example.com/app.js?t=5f8a9b7c6d5e4f3a2b1c0d9e5f8a9b7c'],
    ['a camelCase name under t', 'https://app.example.com/?t=GettingStartedGuide'],
    ['a slug under t', 'https://app.example.com/?t=Getting-Started-Guide-Part-One'],
    ['a setting under secure beside a date', 'https://app.example.com/policy?secure=strict-transport-only&expires=2025-12-31'],
    ['a word between s-- and --', 'https://wiki.example.com/wiki/s--abcdefgh--/'],
    ['Cloudinary look-alike ending in a letter', 'https://res.cloudinary.com/demo/image/upload/s--EXAMPL3s--x'],
    ['a product page', 'https://blog.example.com/s/iPhone15ProMaxReview'],
    ['a release page', 'https://blog.example.com/s/macOS14SonomaRelease'],
    ['Dropbox, a 14-character id', 'https://www.dropbox.com/s/5281eirixevqaa/report.pdf'],
    ['a 15-character id off Dropbox', 'https://www.example.com/s/5281eirixevqaaq/report.pdf'],
    ['a Grafana snapshot list', 'https://grafana.example.com/api/snapshots/shared-with-team'],
    ['a verify timestamp with a short digest', 'https://cdn.example.com/f.zip?verify=1700000000-0f1e2d3c4b'],
    ['an upper-case product code', 'https://shop.example.com/item?key=MODEL2024XL'],
  ])('shown: %s', (_name, uri) => {
    expect(uriMayCarryCredential(uri)).toBe(false);
  });

  it.each([
    ['product names', `a${'1A'.repeat(2048)}!`],
    ['product names, upper case', `a${'ABCDE'.repeat(820)}!`],
    ['product names, digits', `a${'1'.repeat(4096)}!`],
    ['a camelCase name under t', `${'Ab'.repeat(2048)}!`],
    ['Cloudinary', `/s--${'%2D'.repeat(1365)}`],
  ])('linear on hostile text: %s (512 KB of it, where a quadratic match would hang)', (_name, text) => {
    // The lists' expressions do this work, which no counter sees from outside the engine: so the
    // 4 KB text is repeated to 512 KB and read in a child killed at a limit only a hang reaches
    // (`runGuarded`: a linear match takes milliseconds, a quadratic one minutes). A hang guard,
    // not a measure of speed.
    const guarded = runGuarded(`
      import { uriMayCarryCredential } from ${JSON.stringify(`${SRC_DIR}uri/credential.ts`)};
      import { ORDINARY_PATH_SEGMENT } from ${JSON.stringify(`${SRC_DIR}uri/credential-lists.ts`)};
      const piece = ${JSON.stringify(text)};
      const text = piece.startsWith('/') ? '/s--' + piece.slice(4).repeat(128) : piece.slice(0, -1).repeat(128) + piece.slice(-1);
      const uri = 'https://blog.example.com/s/' + text + '?t=' + text + '&key=' + text + '&secure=' + text + '&verify=' + text + '#' + text;
      console.log(JSON.stringify([uriMayCarryCredential(uri), ORDINARY_PATH_SEGMENT.test(text)]));
    `);
    expect(guarded.stderr).toBe('');
    expect(guarded.ended).toBe(true);
    expect(guarded.printed).toEqual([
      uriMayCarryCredential(`https://blog.example.com/s/${text}?t=${text}&key=${text}&secure=${text}&verify=${text}#${text}`),
      ORDINARY_PATH_SEGMENT.test(text),
    ]);
  });
});
