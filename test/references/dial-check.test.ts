import { describe, expect, it } from 'vitest';
import type { AddressBook, ServerAddress } from '../../src/references/addresses.js';
import { DIAL_REFUSAL_CLAUSES, dialCheck, type DialDecision } from '../../src/references/dial-check.js';
import type { Testimony } from '../../src/references/testimony.js';

const NOW = Date.parse('2030-01-01T00:00:00Z');

function book(entries: Record<string, ServerAddress | null>): AddressBook {
  return { get: (id) => (Object.hasOwn(entries, id) ? entries[id] : undefined) };
}

const SERVERS = book({
  https: { url: 'https://files.example.com/mcp' },
  http: { url: 'http://127.0.0.1:8080/mcp' },
  stdio: null,
  broken: { url: 'not a url' },
});

function record(uri: string, serverId: string | undefined, claims: Partial<Testimony> = {}) {
  return {
    uri,
    ...(serverId === undefined ? {} : { serverId }),
    testimony: { uri, blockType: 'resource' as const, fromLink: false, ...claims },
  };
}

function check(uri: string, serverId: string | undefined, claims: Partial<Testimony> = {}, maxBytes = 1000): DialDecision {
  return dialCheck(record(uri, serverId, claims), SERVERS, NOW, { maxBytes });
}

describe(dialCheck.name, () => {
  it.each([
    ['no server: a reference the host made itself', 'https://files.example.com/a', undefined, 'no-server'],
    ['unknown server', 'https://files.example.com/a', 'gone', 'unknown-server'],
    ['server with no address (stdio)', 'https://files.example.com/a', 'stdio', 'no-address'],
    ["server url that doesn't parse", 'https://files.example.com/a', 'broken', 'bad-server-url'],
    ["uri that doesn't parse", 'https://', 'https', 'bad-uri'],
    ["uri that doesn't parse, with a login before it", 'https://u:p@', 'https', 'bad-uri'],
    ['a login in the uri (user and password)', 'https://u:p@files.example.com/a', 'https', 'login'],
    ['a login in the uri (user alone)', 'https://u@files.example.com/a', 'https', 'login'],
    ['a login in the uri (password alone)', 'https://:p@files.example.com/a', 'https', 'login'],
    ['file: scheme', 'file:///etc/passwd', 'https', 'scheme'],
    ['data: scheme', 'data:text/plain,hi', 'https', 'scheme'],
    ['http uri from a server dialed over https', 'http://files.example.com/a', 'https', 'scheme'],
    ['file: uri from a server dialed over http', 'file:///etc/passwd', 'http', 'scheme'],
    ['ws: uri from a server dialed over http', 'ws://127.0.0.1:8080/socket', 'http', 'scheme'],
    ['a server-own scheme', 'demo://resource/1', 'https', 'scheme'],
    ['uri off its server origin (host)', 'https://elsewhere.example.com/a', 'https', 'off-origin'],
    ['uri off its server origin (port)', 'https://files.example.com:8443/a', 'https', 'off-origin'],
    ['https uri from a server dialed over http (origin differs)', 'https://127.0.0.1:8080/a', 'http', 'off-origin'],
  ] as const)('%s → %s', (_name, uri, serverId, code) => {
    const decision = check(uri, serverId);
    expect(decision).toEqual({ ok: false, code, clause: DIAL_REFUSAL_CLAUSES[code] });
  });

  it('passes an https uri on its server origin, naming server and origin', () => {
    expect(check('https://files.example.com/exports/a.csv?x=1', 'https')).toEqual({
      ok: true,
      serverId: 'https',
      origin: 'https://files.example.com',
    });
  });

  it('passes an http uri from a server dialed over http', () => {
    expect(check('http://127.0.0.1:8080/payload', 'http')).toEqual({ ok: true, serverId: 'http', origin: 'http://127.0.0.1:8080' });
  });

  it.each([
    ['an expiry in the past', { expiresAt: '2029-12-31T23:59:59Z' }, false],
    ['an expiry at exactly now', { expiresAt: '2030-01-01T00:00:00Z' }, false],
    ['an expiry one second ahead', { expiresAt: '2030-01-01T00:00:01Z' }, true],
    ["an expiry that doesn't parse", { expiresAt: 'not-a-date' }, false],
    ['no expiry', {}, true],
  ])('reads %s', (_name, claims, ok) => {
    const decision = check('https://files.example.com/a', 'https', claims);
    expect(decision.ok).toBe(ok);
    if (!decision.ok) expect(decision.code).toBe('expired');
  });

  it.each([
    ['a claimed size over the ceiling', 1001, false],
    ['a claimed size at the ceiling', 1000, true],
    ['no claimed size', undefined, true],
  ])('reads %s', (_name, sizeBytes, ok) => {
    const decision = check('https://files.example.com/a', 'https', sizeBytes === undefined ? {} : { sizeBytes });
    expect(decision.ok).toBe(ok);
    if (!decision.ok) expect(decision.code).toBe('over-ceiling');
  });

  it('checks the server before the uri: an unknown server with a bad uri says unknown server', () => {
    expect(check('::', 'gone')).toMatchObject({ code: 'unknown-server' });
  });

  it('checks the origin before the expiry and the expiry before the size', () => {
    expect(check('https://elsewhere.example.com/a', 'https', { expiresAt: 'x', sizeBytes: 5000 })).toMatchObject({ code: 'off-origin' });
    expect(check('https://files.example.com/a', 'https', { expiresAt: 'x', sizeBytes: 5000 })).toMatchObject({ code: 'expired' });
  });

  it('reads the address book once per check, so the origin it passes is from one answer', () => {
    const answers: (ServerAddress | null)[] = [{ url: 'https://files.example.com' }, { url: 'https://attacker.example' }];
    let calls = 0;
    const flaky: AddressBook = { get: () => answers[Math.min(calls++, 1)] };
    const decision = dialCheck(record('https://files.example.com/a', 's'), flaky, NOW, { maxBytes: 10 });
    expect(calls).toBe(1);
    expect(decision).toMatchObject({ ok: true, origin: 'https://files.example.com' });
  });

  it('words no refusal with the uri, its origin or its scheme', () => {
    for (const clause of Object.values(DIAL_REFUSAL_CLAUSES)) {
      expect(clause).not.toMatch(/https?|file|data:|example|\/\//);
      expect(clause.startsWith('not fetchable: ')).toBe(true);
    }
  });
});
