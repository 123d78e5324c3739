/**
 * The pieces of `call`'s authorization one by one: the options, the redaction of secrets, the
 * origin-scoped headers, the browser opener's choice, and the loopback redirect's checks.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { browserCommand } from '../../src/cli/auth/browser.js';
import { isCi, parseHeader } from '../../src/cli/auth/auth-options.js';
import { startLoopbackRedirect, type LoopbackRedirect } from '../../src/cli/auth/loopback-redirect.js';
import { AUTH_OPTION_TEXT, AUTH_TEXT } from '../../src/cli/auth/messages.js';
import { REDACTED, SecretSet, redactingIo } from '../../src/cli/auth/redact.js';
import { originScopedFetch } from '../../src/cli/auth/scoped-fetch.js';
import { parseCallOptions } from '../../src/cli/options.js';

const HTTP = ['--tool', 't', '--http', 'http://127.0.0.1:1/mcp'];

describe(parseCallOptions.name, () => {
  const env = { ...process.env };
  afterEach(() => {
    process.env = { ...env };
  });

  it.each<[string, { given: string[]; want: string }]>([
    ['stdio server > --header', { given: ['--tool', 't', '--header', 'X-A: b', '--', 'server'], want: AUTH_OPTION_TEXT.needsHttp('--header') }],
    ['stdio server > --bearer-env', { given: ['--tool', 't', '--bearer-env', 'X', '--', 'server'], want: AUTH_OPTION_TEXT.needsHttp('--bearer-env') }],
    ['header > no colon', { given: [...HTTP, '--header', 'X-A b'], want: AUTH_OPTION_TEXT.badHeader('X-A b') }],
    ['header > bad name', { given: [...HTTP, '--header', 'X A: b'], want: AUTH_OPTION_TEXT.badHeaderName('X A') }],
    ['header > reserved', { given: [...HTTP, '--header', 'Mcp-Session-Id: 1'], want: AUTH_OPTION_TEXT.reservedHeader('Mcp-Session-Id') }],
    ['header > control in value', { given: [...HTTP, '--header', 'X-A: b\u0001c'], want: AUTH_OPTION_TEXT.badHeaderValue('X-A') }],
    ['bearer > unset', { given: [...HTTP, '--bearer-env', 'BLOCKWISE_UNSET_VAR'], want: AUTH_OPTION_TEXT.envNotSet('--bearer-env', 'BLOCKWISE_UNSET_VAR') }],
    ['bearer > not a name', { given: [...HTTP, '--bearer-env', 'A=B'], want: AUTH_OPTION_TEXT.badEnvName('--bearer-env', 'A=B') }],
    ['bearer > and an Authorization header', { given: [...HTTP, '--bearer-env', 'BLOCKWISE_T', '--header', 'authorization: x'], want: AUTH_OPTION_TEXT.bearerAndAuthorizationHeader }],
    ['bearer > and a client id', { given: [...HTTP, '--bearer-env', 'BLOCKWISE_T', '--client-id', 'c'], want: AUTH_OPTION_TEXT.staticAndOAuth('--client-id') }],
    ['client > secret without id', { given: [...HTTP, '--client-secret-env', 'BLOCKWISE_T'], want: AUTH_OPTION_TEXT.secretWithoutId }],
    ['client > id and metadata url', { given: [...HTTP, '--client-id', 'c', '--client-metadata-url', 'https://a.example/c.json'], want: AUTH_OPTION_TEXT.idAndMetadataUrl }],
    ['client > metadata url not https', { given: [...HTTP, '--client-metadata-url', 'http://a.example/c.json'], want: AUTH_OPTION_TEXT.badMetadataUrl('http://a.example/c.json') }],
    ['client > metadata url without a path', { given: [...HTTP, '--client-metadata-url', 'https://a.example/'], want: AUTH_OPTION_TEXT.badMetadataUrl('https://a.example/') }],
  ])('%s is a usage error', (_name, { given, want }) => {
    process.env.BLOCKWISE_T = 'token-value';
    expect(() => parseCallOptions(given)).toThrow(want);
  });

  it('reads the bearer token and the client secret from the environment, never from the arguments', () => {
    process.env.BLOCKWISE_T = 'the-token';
    process.env.BLOCKWISE_S = 'the-secret';
    delete process.env.CI;
    expect(parseCallOptions([...HTTP, '--bearer-env', 'BLOCKWISE_T', '--header', 'X-Trace: 1']).auth).toEqual({
      headers: [['X-Trace', '1']],
      bearer: { source: '$BLOCKWISE_T', value: 'the-token' },
      openBrowser: true,
    });
    expect(parseCallOptions([...HTTP, '--client-id', 'c1', '--client-secret-env', 'BLOCKWISE_S', '--token-cache', 'f.json', '--no-browser']).auth).toEqual({
      headers: [],
      client: { id: 'c1', secret: { source: '$BLOCKWISE_S', value: 'the-secret' } },
      tokenCache: 'f.json',
      openBrowser: false,
    });
  });

  it('opens no browser where CI is set', () => {
    process.env.CI = 'true';
    expect(parseCallOptions(HTTP).auth.openBrowser).toBe(false);
  });
});

describe(isCi.name, () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
    ['true', true],
    ['1', true],
  ])('CI=%s → %s', (value, want) => {
    expect(isCi(value === undefined ? {} : { CI: value })).toBe(want);
  });
});

describe(parseHeader.name, () => {
  it('trims the name and the value, and keeps a colon inside the value', () => {
    expect(parseHeader(' X-Url :  http://a:1/b ')).toEqual(['X-Url', 'http://a:1/b']);
  });
});

describe(SecretSet.name, () => {
  it('replaces every known secret, the longest first, and nothing else', () => {
    const secrets = new SecretSet();
    secrets.add('abc');
    secrets.add('abcdef');
    secrets.add('');
    secrets.add(undefined);
    expect(secrets.redact('x abcdef y abc z')).toBe(`x ${REDACTED} y ${REDACTED} z`);
    expect(secrets.redact('nothing here')).toBe('nothing here');
  });

  it('takes header values only under credential-like names', () => {
    const secrets = new SecretSet();
    secrets.addHeader('X-Api-Key', 'k-value');
    secrets.addHeader('Cookie', 'c-value');
    secrets.addHeader('X-Trace', 't-value');
    expect(secrets.redact('k-value c-value t-value')).toBe(`${REDACTED} ${REDACTED} t-value`);
  });

  it('redacts both streams of an io, including secrets added after it was wrapped', () => {
    let out = '';
    let err = '';
    const secrets = new SecretSet();
    const io = redactingIo({ stdout: { write: (text: string) => (out += text) }, stderr: { write: (text: string) => (err += text) } }, secrets);
    secrets.add('late-token');
    io.stdout.write('got late-token\n');
    io.stderr.write('error: late-token\n');
    expect({ out, err }).toEqual({ out: `got ${REDACTED}\n`, err: `error: ${REDACTED}\n` });
  });
});

describe(originScopedFetch.name, () => {
  it("adds the headers to the server's origin and to no other", async () => {
    const seen: { url: string; authorization: string | null }[] = [];
    const base = async (url: string | URL, init?: RequestInit) => {
      seen.push({ url: String(url), authorization: new Headers(init?.headers).get('authorization') });
      return new Response('');
    };
    const scoped = originScopedFetch('http://127.0.0.1:5', [['Authorization', 'Bearer t']], base);
    await scoped('http://127.0.0.1:5/mcp', { headers: { accept: 'x' } });
    await scoped('http://127.0.0.1:6/token');
    await scoped(new URL('https://127.0.0.1:5/mcp'));
    expect(seen).toEqual([
      { url: 'http://127.0.0.1:5/mcp', authorization: 'Bearer t' },
      { url: 'http://127.0.0.1:6/token', authorization: null },
      { url: 'https://127.0.0.1:5/mcp', authorization: null },
    ]);
  });
});

describe(browserCommand.name, () => {
  it.each<[string, NodeJS.Platform, NodeJS.ProcessEnv, string]>([
    ['$BROWSER first', 'linux', { BROWSER: 'firefox' }, 'firefox'],
    ['linux', 'linux', {}, 'xdg-open'],
    ['macOS', 'darwin', {}, 'open'],
    ['Windows', 'win32', {}, 'rundll32'],
  ])('%s', (_name, platform, env, want) => {
    expect(browserCommand(platform, env).file).toBe(want);
  });
});

describe(startLoopbackRedirect.name, () => {
  let redirect: LoopbackRedirect | undefined;
  afterEach(async () => {
    await redirect?.close();
    redirect = undefined;
  });

  it('takes the code only with the expected state; another state gets a 400 and the wait goes on', async () => {
    redirect = await startLoopbackRedirect();
    expect(redirect.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    redirect.expect('s1');
    const code = redirect.code(10_000);
    expect((await fetch(`${redirect.redirectUrl}?code=forged&state=other`)).status).toBe(400);
    expect((await fetch(`${redirect.redirectUrl.replace('/callback', '/elsewhere')}?code=c&state=s1`)).status).toBe(404);
    expect((await fetch(`${redirect.redirectUrl}?code=the-code&state=s1`)).status).toBe(200);
    await expect(code).resolves.toBe('the-code');
    expect(redirect.pending()).toBe(false);
  });

  it("rejects with the server's error when the user refuses", async () => {
    redirect = await startLoopbackRedirect();
    redirect.expect('s2');
    await fetch(`${redirect.redirectUrl}?error=access_denied&error_description=no%0Athanks&state=s2`);
    await expect(redirect.code(10_000)).rejects.toThrow(AUTH_TEXT.denied('access_denied', 'no'));
  });

  it('rejects when nothing comes within the bound', async () => {
    redirect = await startLoopbackRedirect();
    redirect.expect('s3');
    await expect(redirect.code(20)).rejects.toThrow(AUTH_TEXT.waitTimedOut(0));
  });

  it('listens on the port asked for when it is free, and on another when it is not', async () => {
    const first = await startLoopbackRedirect();
    const port = Number(new URL(first.redirectUrl).port);
    redirect = await startLoopbackRedirect(port);
    expect(Number(new URL(redirect.redirectUrl).port)).not.toBe(port);
    await first.close();
  });
});
