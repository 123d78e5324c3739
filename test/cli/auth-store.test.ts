/**
 * What the authorization flow keeps: the token cache's file (mode 0600, one entry per server, a
 * pre-registered client's secret never in it) and the provider's hand-over of every token to the
 * redactor.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliOAuthProvider } from '../../src/cli/auth/oauth-provider.js';
import { REDACTED, SecretSet } from '../../src/cli/auth/redact.js';
import { fileStore, memoryStore } from '../../src/cli/auth/token-store.js';

function cachePath(): string {
  return join(mkdtempSync(join(tmpdir(), 'blockwise-cache-')), 'tokens.json');
}

function makeProvider(store = memoryStore(), extra: Partial<ConstructorParameters<typeof CliOAuthProvider>[0]> = {}) {
  const secrets = new SecretSet();
  const redirects: string[] = [];
  const made = new CliOAuthProvider({
    redirectUrl: 'http://127.0.0.1:9/callback',
    clientName: 'blockwise',
    store,
    secrets,
    onRedirect: (url) => redirects.push(url.href),
    ...extra,
  });
  return { made, secrets, redirects };
}

describe(fileStore.name, () => {
  it('writes mode 0600 even over a file that was world-readable, and keeps other servers’ entries', () => {
    const path = cachePath();
    writeFileSync(
      path,
      JSON.stringify({ blockwiseTokenCache: 1, servers: { 'https://other.example/mcp': { tokens: { access_token: 'o', token_type: 'Bearer' } } } }),
    );
    chmodSync(path, 0o644);
    const store = fileStore(path, 'https://a.example/mcp', () => undefined);
    store.current.tokens = { access_token: 'a', token_type: 'Bearer' };
    store.save();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(path, 'utf8')) as { servers: Record<string, { tokens: { access_token: string } }> };
    expect(Object.fromEntries(Object.entries(saved.servers).map(([url, entry]) => [url, entry.tokens.access_token]))).toEqual({
      'https://other.example/mcp': 'o',
      'https://a.example/mcp': 'a',
    });
  });

  it('writes through a fresh, randomly named temporary file and leaves none behind when the write fails', () => {
    const dir = mkdtempSync(join(tmpdir(), 'blockwise-cache-'));
    const path = join(dir, 'tokens.json');
    // A planted link at the name an earlier version used is never written through.
    const planted = join(dir, 'planted');
    writeFileSync(planted, '');
    symlinkSync(planted, `${path}.${process.pid}.tmp`);
    const store = fileStore(path, 'https://a.example/mcp', () => undefined);
    store.current.tokens = { access_token: 'written-token', token_type: 'Bearer' };
    store.save();
    expect(readFileSync(planted, 'utf8')).toBe('');
    expect(readFileSync(path, 'utf8')).toContain('written-token');
    // The cache's path is a directory: the rename fails, and the temporary file is removed.
    const blocked = join(dir, 'blocked');
    mkdirSync(blocked);
    const warnings: string[] = [];
    const failing = fileStore(blocked, 'https://a.example/mcp', (line) => warnings.push(line));
    failing.current.tokens = { access_token: 'never-left-behind', token_type: 'Bearer' };
    failing.save();
    expect(warnings.join('')).toContain("couldn't write the token cache");
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp') && name.startsWith('blocked'))).toEqual([]);
  });

  it('reads what an earlier run saved', () => {
    const path = cachePath();
    const first = fileStore(path, 'https://a.example/mcp', () => undefined);
    first.current.tokens = { access_token: 'kept', token_type: 'Bearer' };
    first.save();
    expect(fileStore(path, 'https://a.example/mcp', () => undefined).current.tokens?.access_token).toBe('kept');
  });
});

describe(CliOAuthProvider.name, () => {
  it('registers every token it is given, and every cached one, as a secret', () => {
    const store = memoryStore();
    store.current.tokens = { access_token: 'cached-access', token_type: 'Bearer' };
    const { made, secrets } = makeProvider(store);
    made.saveTokens({ access_token: 'new-access', token_type: 'Bearer', refresh_token: 'new-refresh' });
    expect(secrets.redact('cached-access new-access new-refresh')).toBe(`${REDACTED} ${REDACTED} ${REDACTED}`);
  });

  it('drops a cached refresh token that no issuer was recorded for, and keeps a stamped one', () => {
    const store = memoryStore();
    store.current.tokens = { access_token: 'access-token-1', refresh_token: 'refresh-token-1', token_type: 'Bearer' };
    const { made: provider } = makeProvider(store);
    expect(provider.tokens()).toEqual({ access_token: 'access-token-1', token_type: 'Bearer' });
    provider.saveTokens({ access_token: 'access-token-2', refresh_token: 'refresh-token-2', token_type: 'Bearer', issuer: 'https://as.example/' });
    expect(provider.tokens()?.refresh_token).toBe('refresh-token-2');
    expect(store.current.tokens?.issuer).toBe('https://as.example/');
  });

  it('refuses an authorization server whose issuer or endpoints are plain http on a remote host, or that is not the pinned issuer', () => {
    const metadata = (base: string) => ({
      issuer: base,
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/token`,
      response_types_supported: ['code'],
    });
    const { made: provider } = makeProvider();
    expect(() =>
      provider.saveDiscoveryState({ authorizationServerUrl: 'http://as.example', authorizationServerMetadata: metadata('http://as.example') }),
    ).toThrow(/not https/);
    expect(() =>
      provider.saveDiscoveryState({
        authorizationServerUrl: 'https://as.example',
        authorizationServerMetadata: { ...metadata('https://as.example'), token_endpoint: 'http://as.example/token' },
      }),
    ).toThrow(/not https/);
    provider.saveDiscoveryState({ authorizationServerUrl: 'https://as.example', authorizationServerMetadata: metadata('https://as.example') });
    expect(provider.discoveryState()?.authorizationServerUrl).toBe('https://as.example');
    const { made: pinned } = makeProvider(memoryStore(), {
      preRegistered: { client_id: 'c', client_secret: 'client-secret-1' },
      issuer: 'https://as.example/',
    });
    expect(() =>
      pinned.saveDiscoveryState({ authorizationServerUrl: 'https://evil.example', authorizationServerMetadata: metadata('https://evil.example') }),
    ).toThrow(/--issuer/);
    expect(pinned.clientInformation()?.issuer).toBe('https://as.example/');
  });

  it("never writes a pre-registered client's secret to the cache", () => {
    const path = cachePath();
    const { made } = makeProvider(
      fileStore(path, 'https://a.example/mcp', () => undefined),
      { preRegistered: { client_id: 'c1', client_secret: 'the-client-secret' } },
    );
    made.saveClientInformation({ client_id: 'c1', client_secret: 'the-client-secret', issuer: 'https://as.example' });
    made.saveTokens({ access_token: 't', token_type: 'Bearer' });
    expect(made.clientInformation()?.client_secret).toBe('the-client-secret');
    expect(readFileSync(path, 'utf8')).not.toContain('the-client-secret');
  });

  it('hands the authorization URL over with the state it carries, and uses a fresh state each time', () => {
    const { made, redirects } = makeProvider();
    const first = made.state();
    const second = made.state();
    expect(first).not.toBe(second);
    made.redirectToAuthorization(new URL(`https://as.example/authorize?state=${second}`));
    expect(redirects).toEqual([`https://as.example/authorize?state=${second}`]);
  });

  it('describes itself as a native app with a loopback redirect and no client secret', () => {
    expect(makeProvider().made.clientMetadata).toMatchObject({
      redirect_uris: ['http://127.0.0.1:9/callback'],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
    });
  });
});
