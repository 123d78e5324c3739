/**
 * The pieces of `call`'s authorization one by one: the options, the redaction of secrets, the
 * origin-scoped headers, the browser opener's choice, and the loopback redirect's checks.
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { browserCommand, isOpenableUrl, openerEnvironment } from '../../src/cli/auth/browser.js';
import { guardedFetch } from '../../src/cli/auth/guarded-fetch.js';
import { isHttpsUrl } from '@modelcontextprotocol/sdk/client/auth.js';
import { DEFAULT_AUTH_WAIT_MS, isCi, isClientMetadataUrl, parseHeader } from '../../src/cli/auth/auth-options.js';
import { startLoopbackRedirect, type LoopbackRedirect } from '../../src/cli/auth/loopback-redirect.js';
import { AUTH_OPTION_TEXT, AUTH_TEXT } from '../../src/cli/auth/messages.js';
import { MIN_SECRET_LENGTH, REDACTED, SecretSet, redactDeep, redactingIo } from '../../src/cli/auth/redact.js';
import { originScopedFetch } from '../../src/cli/auth/scoped-fetch.js';
import { parseCallOptions } from '../../src/cli/options.js';
import { errorLine } from '../../src/cli/messages.js';

const HTTP = ['--tool', 't', '--http', 'http://127.0.0.1:1/mcp'];
const REMOTE_HTTP = ['--tool', 't', '--http', 'http://mcp.example/mcp'];

describe(isClientMetadataUrl.name, () => {
  it.each([
    'https://a.example/c.json',
    'https://a.example/',
    'https://a.example',
    'https://a.example/?q=1',
    'https://a.example/#f',
    'https://a.example//',
    'https://user:pw@a.example/c',
    'HTTPS://A.EXAMPLE/C',
    'http://a.example/c.json',
    'ftp://a.example/c',
    'https:/a.example/c',
    'https:a.example',
    'not a url',
    '',
    ' https://a.example/c ',
  ])("%j > the same verdict as the MCP SDK's isHttpsUrl", (value) => {
    expect(isClientMetadataUrl(value)).toBe(isHttpsUrl(value));
  });
});

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
    [
      'bearer > and an Authorization header',
      { given: [...HTTP, '--bearer-env', 'BLOCKWISE_T', '--header', 'authorization: x'], want: AUTH_OPTION_TEXT.bearerAndAuthorizationHeader },
    ],
    ['bearer > and a client id', { given: [...HTTP, '--bearer-env', 'BLOCKWISE_T', '--client-id', 'c'], want: AUTH_OPTION_TEXT.staticAndOAuth('--client-id') }],
    ['client > secret without id', { given: [...HTTP, '--client-secret-env', 'BLOCKWISE_T'], want: AUTH_OPTION_TEXT.secretWithoutId }],
    [
      'client > id and metadata url',
      { given: [...HTTP, '--client-id', 'c', '--client-metadata-url', 'https://a.example/c.json'], want: AUTH_OPTION_TEXT.idAndMetadataUrl },
    ],
    [
      'client > metadata url not https',
      { given: [...HTTP, '--client-metadata-url', 'http://a.example/c.json'], want: AUTH_OPTION_TEXT.badMetadataUrl('http://a.example/c.json') },
    ],
    [
      'client > metadata url without a path',
      { given: [...HTTP, '--client-metadata-url', 'https://a.example/'], want: AUTH_OPTION_TEXT.badMetadataUrl('https://a.example/') },
    ],
    [
      'header > a character beyond Latin-1, named by the header only',
      { given: [...HTTP, '--header', 'X-Key: caf\u0113-secret'], want: AUTH_OPTION_TEXT.badHeaderValue('X-Key') },
    ],
    [
      'bearer > too short to redact',
      { given: [...HTTP, '--bearer-env', 'BLOCKWISE_SHORT'], want: AUTH_OPTION_TEXT.secretTooShort('--bearer-env', 'BLOCKWISE_SHORT', MIN_SECRET_LENGTH) },
    ],
    [
      'bearer > to a remote server over plain http',
      { given: [...REMOTE_HTTP, '--bearer-env', 'BLOCKWISE_T'], want: AUTH_OPTION_TEXT.insecureHttp('--bearer-env') },
    ],
    [
      'header > a credential to a remote server over plain http',
      { given: [...REMOTE_HTTP, '--header', 'X-Api-Key: k'], want: AUTH_OPTION_TEXT.insecureHttp('--header X-Api-Key') },
    ],
    ['issuer > without a client id', { given: [...HTTP, '--issuer', 'https://as.example'], want: AUTH_OPTION_TEXT.issuerWithoutId }],
    [
      'issuer > plain http to a remote host',
      { given: [...HTTP, '--client-id', 'c', '--issuer', 'http://as.example'], want: AUTH_OPTION_TEXT.badIssuer('http://as.example') },
    ],
    ['auth-wait > not a number', { given: [...HTTP, '--auth-wait', '5s'], want: AUTH_OPTION_TEXT.badAuthWait('5s') }],
  ])('%s is a usage error', (_name, { given, want }) => {
    process.env.BLOCKWISE_T = 'token-value';
    process.env.BLOCKWISE_SHORT = 'short';
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
      authWaitMs: DEFAULT_AUTH_WAIT_MS,
      allowInsecureHttp: false,
    });
    expect(parseCallOptions([...HTTP, '--client-id', 'c1', '--client-secret-env', 'BLOCKWISE_S', '--token-cache', 'f.json', '--no-browser']).auth).toEqual({
      headers: [],
      client: { id: 'c1', secret: { source: '$BLOCKWISE_S', value: 'the-secret' } },
      tokenCache: 'f.json',
      openBrowser: false,
      authWaitMs: DEFAULT_AUTH_WAIT_MS,
      allowInsecureHttp: false,
    });
  });

  it('opens no browser where CI is set, and waits for none unless --auth-wait says so', () => {
    process.env.CI = 'true';
    expect(parseCallOptions(HTTP).auth).toMatchObject({ openBrowser: false, authWaitMs: 0 });
    expect(parseCallOptions([...HTTP, '--auth-wait', '2000']).auth.authWaitMs).toBe(2000);
  });

  it('sends a credential over plain http to a remote server only with --allow-insecure-http, and anywhere over https', () => {
    process.env.BLOCKWISE_T = 'token-value';
    expect(parseCallOptions([...REMOTE_HTTP, '--bearer-env', 'BLOCKWISE_T', '--allow-insecure-http']).auth.allowInsecureHttp).toBe(true);
    expect(parseCallOptions(['--tool', 't', '--http', 'https://mcp.example/mcp', '--bearer-env', 'BLOCKWISE_T']).auth.bearer?.value).toBe('token-value');
    expect(parseCallOptions([...REMOTE_HTTP, '--header', 'X-Trace: 1']).auth.headers).toEqual([['X-Trace', '1']]);
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
    secrets.add('abcdefgh');
    secrets.add('abcdefghijkl');
    secrets.add('');
    secrets.add(undefined);
    expect(secrets.redact('x abcdefghijkl y abcdefgh z')).toBe(`x ${REDACTED} y ${REDACTED} z`);
    expect(secrets.redact('nothing here')).toBe('nothing here');
  });

  it('ignores values too short to match only themselves, so ordinary output is not corrupted', () => {
    const secrets = new SecretSet();
    secrets.add('a');
    secrets.add('1234567');
    expect(secrets.redact('a cat counted 1234567')).toBe('a cat counted 1234567');
  });

  it('redacts the JSON-escaped, URL-encoded and base64 forms of a secret', () => {
    const secret = 'tok"en/with+odd\\chars=';
    const secrets = new SecretSet();
    secrets.add(secret);
    const b64 = Buffer.from(secret).toString('base64');
    const shown = secrets.redact(`${JSON.stringify({ t: secret })} ${encodeURIComponent(secret)} ${b64} ${Buffer.from(secret).toString('base64url')}`);
    expect(shown).toBe(`{"t":"${REDACTED}"} ${REDACTED} ${REDACTED} ${REDACTED}`);
  });

  it('redacts the head of a secret a display bound cut short', () => {
    const secrets = new SecretSet();
    const secret = 'secret-token-0123456789abcdef';
    secrets.add(secret);
    expect(secrets.redact(errorLine('call', `the server said: ${'x'.repeat(270)} ${secret}`))).not.toMatch(/secret-to|n-0123/);
    expect(secrets.redact('a cut label…')).toBe('a cut label…');
  });

  it('redacts every cut head of a text holding thousands, the longest head each, and nothing else', () => {
    const secrets = new SecretSet();
    secrets.add('secret-token-0123456789abcdef');
    const text = `${'secr…'.repeat(5000)}x…secret-token-01…`;
    expect(secrets.redact(text)).toBe(`${'[redacted]…'.repeat(5000)}x…[redacted]…`);
  });

  it('takes header values only under credential-like names', () => {
    const secrets = new SecretSet();
    secrets.addHeader('X-Api-Key', 'k-value-1');
    secrets.addHeader('Cookie', 'c-value-1');
    secrets.addHeader('X-Trace', 't-value-1');
    expect(secrets.redact('k-value-1 c-value-1 t-value-1')).toBe(`${REDACTED} ${REDACTED} t-value-1`);
  });

  it('redacts every string of a report, keys and nested values, and leaves other objects alone', () => {
    const secrets = new SecretSet();
    secrets.add('report-secret-1');
    const when = new Date(0);
    const out = redactDeep({ a: ['x report-secret-1 y', { 'report-secret-1': 1 }], when, n: 3 }, secrets);
    expect(out).toEqual({ a: [`x ${REDACTED} y`, { [REDACTED]: 1 }], when, n: 3 });
    expect(out.when).toBe(when);
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

describe(guardedFetch.name, () => {
  const seen: string[] = [];
  const base = async (url: string | URL, init?: RequestInit) => {
    seen.push(String(url));
    if (String(url).endsWith('/hang')) {
      return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)));
    }
    return new Response('');
  };
  const serverUrl = new URL('http://127.0.0.1:5/mcp');

  it('talks to an authorization server only over https or loopback http, and with --issuer only to its origin', async () => {
    const open = guardedFetch({ serverUrl, timeoutMs: 10_000, allowInsecureHttp: false }, base);
    await expect(open('http://as.example/token')).rejects.toThrow(AUTH_TEXT.insecureAuthorizationServer('http://as.example'));
    await expect(open('https://as.example/token')).resolves.toBeInstanceOf(Response);
    await expect(open('http://127.0.0.1:9/token')).resolves.toBeInstanceOf(Response);
    const pinned = guardedFetch({ serverUrl, timeoutMs: 10_000, allowInsecureHttp: false, issuer: 'https://as.example/' }, base);
    await expect(pinned('https://evil.example/token')).rejects.toThrow(AUTH_TEXT.notTheIssuer('https://evil.example', 'https://as.example'));
    await expect(pinned('https://as.example/.well-known/oauth-authorization-server')).resolves.toBeInstanceOf(Response);
  });

  it('bounds every request but the MCP endpoint itself', async () => {
    const bounded = guardedFetch({ serverUrl, timeoutMs: 50, allowInsecureHttp: false }, base);
    await expect(bounded('https://as.example/hang')).rejects.toThrow(/timeout|aborted/i);
    await expect(bounded('http://127.0.0.1:5/.well-known/hang')).rejects.toThrow(/timeout|aborted/i);
  });

  it('sends a credential to a remote MCP server over plain http only when allowed', async () => {
    const remote = new URL('http://mcp.example/mcp');
    const headers = { authorization: 'Bearer flow-token' };
    await expect(guardedFetch({ serverUrl: remote, timeoutMs: 10_000, allowInsecureHttp: false }, base)(remote, { headers })).rejects.toThrow(
      AUTH_TEXT.insecureServer,
    );
    await expect(guardedFetch({ serverUrl: remote, timeoutMs: 10_000, allowInsecureHttp: false }, base)(remote)).resolves.toBeInstanceOf(Response);
    await expect(guardedFetch({ serverUrl: remote, timeoutMs: 10_000, allowInsecureHttp: true }, base)(remote, { headers })).resolves.toBeInstanceOf(Response);
  });
});

describe(isOpenableUrl.name, () => {
  it.each([
    ['https://as.example/authorize?x=1', true],
    ['http://127.0.0.1:8/authorize', true],
    ['http://localhost:8/authorize', true],
    ['http://as.example/authorize', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['ms-settings:', false],
    ['not a url', false],
  ])('%s → %s', (url, want) => {
    expect(isOpenableUrl(url)).toBe(want);
  });
});

describe(openerEnvironment.name, () => {
  it("passes the display and session variables, and neither a secret's variable nor anything unlisted", () => {
    const env = { PATH: '/bin', DISPLAY: ':0', BLOCKWISE_T: 'secret-token', AWS_SECRET_ACCESS_KEY: 'x', HOME: 'h' };
    expect(openerEnvironment(env, ['BLOCKWISE_T', 'HOME'])).toEqual({ PATH: '/bin', DISPLAY: ':0' });
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

  it('answers 400 to a request whose Host is not its own loopback address (DNS rebinding), and keeps waiting', async () => {
    redirect = await startLoopbackRedirect();
    const url = new URL(redirect.redirectUrl);
    redirect.expect('s9');
    const code = redirect.code(10_000);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: Number(url.port), path: '/callback?code=injected&state=s9', headers: { host: `evil.example:${url.port}` } },
        (res) => {
          res.resume();
          resolve(res.statusCode);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(400);
    expect(redirect.pending()).toBe(true);
    expect((await fetch(`${redirect.redirectUrl}?code=the-code&state=s9`)).status).toBe(200);
    await expect(code).resolves.toBe('the-code');
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
