/**
 * The Redis store against a real `redis-server` (see test/support/redis-server.ts): two hosts,
 * each with its own store and connections, stand for two worker processes sharing one Redis.
 */
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHost, type Host } from '../../src/host.js';
import { createRedisStore, type RedisStore } from '../../src/references/redis-store.js';
import { createRegistry } from '../../src/references/registry.js';
import { closeOrigins, serveFixture } from '../support/loopback.js';
import { HAS_REDIS, REDIS_SKIP_REASON, startRedis, type RedisServer } from '../support/redis-server.js';

const SERVER = 'files';
const TIMEOUT_MS = 400;

describe.skipIf(!HAS_REDIS)(`${createRedisStore.name} on a real redis-server${HAS_REDIS ? '' : ` (${REDIS_SKIP_REASON})`}`, () => {
  let redis: RedisServer;
  let prefixes = 0;
  const opened: RedisStore[] = [];
  const logs: string[] = [];

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
    await closeOrigins();
    logs.length = 0;
  });

  /** A store on the test's server, under a prefix of its own (each test its own keys). */
  function store(options: { prefix?: string; ttlSeconds?: number; maxRecords?: number } = {}): RedisStore {
    const made = createRedisStore({ url: redis.url, prefix: `t${prefixes}:`, timeoutMs: TIMEOUT_MS, log: (line) => logs.push(line), ...options });
    opened.push(made);
    return made;
  }

  /** Two workers sharing one store's keys, each with its own connections. */
  function workers(options: { ttlSeconds?: number; maxRecords?: number } = {}): [Host, Host] {
    prefixes += 1;
    const make = () => createHost({ log: (line) => logs.push(line), registry: createRegistry({ store: store(options), log: (line) => logs.push(line) }) });
    return [make(), make()];
  }

  function linkResult(uri: string, name = 'report.txt') {
    return { content: [{ type: 'resource_link', uri, name, mimeType: 'text/plain' }] };
  }

  function refIdOf(host: Host, result: unknown): string {
    const shown = host.renderToolResult(result, { serverId: SERVER }).blocks[0];
    if (shown === undefined || !('refId' in shown) || typeof shown.refId !== 'string') throw new Error(`no reference shown: ${JSON.stringify(shown)}`);
    return shown.refId;
  }

  const save = (request: { name: string }) => `/saved/${request.name}`;

  it('after flush, a fetch on another worker finds the record by id and fetches it; its fetched copy is shared back', async () => {
    const origin = await serveFixture({ '/report.txt': { body: 'hello from A', headers: { 'content-type': 'text/plain' } } });
    const [a, b] = workers();
    a.setServerAddress(SERVER, origin.origin);
    b.setServerAddress(SERVER, origin.origin);
    const refId = refIdOf(a, linkResult(`${origin.origin}/report.txt`));
    expect(b.registry.get(refId)).toBeUndefined();
    expect(await a.flush()).toEqual({ ok: true });
    const outcome = await b.fetchReference(refId, { save });
    expect(outcome).toMatchObject({ ok: true, bytes: 12, path: `/saved/${refId}.txt` });
    expect(await b.flush()).toEqual({ ok: true });
    // A third worker sees the copy B saved.
    const [c] = [createHost({ registry: createRegistry({ store: opened[0]!, log: () => undefined }) })];
    const seen = await c.registry.lookup(refId, TIMEOUT_MS);
    expect(seen.kind === 'record' && seen.record.fetched?.path).toBe(`/saved/${refId}.txt`);
  });

  it('an id no worker issued is unknown-reference, and the fetch_reference tool on another worker answers with the record', async () => {
    const origin = await serveFixture({ '/r.txt': { body: 'tool body', headers: { 'content-type': 'text/plain' } } });
    const [a, b] = workers();
    a.setServerAddress(SERVER, origin.origin);
    b.setServerAddress(SERVER, origin.origin);
    expect(await b.fetchReference('ref-AAAAAAAAAAAAAAAA', { save })).toMatchObject({ ok: false, code: 'unknown-reference' });
    const refId = refIdOf(a, linkResult(`${origin.origin}/r.txt`, 'r.txt'));
    await a.flush();
    const answer = await b.fetchReferenceTool({ save }).call({ refId });
    expect(answer.isError).toBe(false);
    expect(answer.stored).toContain('r.txt');
    expect(answer.stored).toContain('tool body');
  });

  it('a uri one worker\'s result marks never is withheld by the other worker\'s lanes', async () => {
    const [a, b] = workers();
    const secret = 'https://cdn.example.com/private/scan.png?sig=abc';
    const plain = 'https://cdn.example.com/public/readme.txt';
    a.renderToolResult({ content: [{ type: 'resource', uri: secret, name: 'scan.png', mimeType: 'image/png', disposition: 'never' }] }, { serverId: SERVER });
    expect(await a.flush()).toEqual({ ok: true });
    await vi.waitFor(() => expect(b.registry.getByUri(secret)?.testimony.disposition).toBe('never'), { timeout: 5000 });
    const shown = b.renderToolResult({ content: [linkResult(secret).content[0], linkResult(plain).content[0]] }, { serverId: SERVER });
    // The control: a link nothing marks shows its uri on B (B has no address to fetch it from).
    expect(shown.stored).toContain(plain);
    expect(shown.stored).not.toContain('sig=abc');
    expect(shown.stored).not.toContain('/private/scan.png');
  });

  it('a worker that starts after the claim was written withholds it too (read from the store on connecting)', async () => {
    const [a] = workers();
    const secret = 'https://cdn.example.com/private/late.png?sig=xyz';
    a.renderToolResult({ content: [{ type: 'resource', uri: secret, name: 'late.png', disposition: 'never' }] }, { serverId: SERVER });
    await a.flush();
    const late = createHost({ registry: createRegistry({ store: store(), log: () => undefined }) });
    await vi.waitFor(() => expect(late.registry.getByUri(secret)?.testimony.disposition).toBe('never'), { timeout: 5000 });
    expect(late.renderToolResult(linkResult(secret), { serverId: SERVER }).stored).not.toContain('sig=xyz');
  });

  it('a value cut short or not a record is never read as one: the fetch answers unknown-reference', async () => {
    const [a, b] = workers();
    const refId = refIdOf(a, linkResult('https://x.example.com/a.txt'));
    await a.flush();
    const raw = new Redis(redis.url);
    try {
      const key = `t${prefixes}:r:${refId}`;
      const whole = await raw.get(key);
      expect(whole).not.toBeNull();
      await raw.set(key, whole!.slice(0, whole!.length - 5));
      expect(await b.fetchReference(refId, { save })).toMatchObject({ ok: false, code: 'unknown-reference' });
      await raw.set(key, JSON.stringify({ v: 1, refId, testimony: { uri: 'https://x.example.com/a.txt' } }));
      expect(await b.fetchReference(refId, { save })).toMatchObject({ ok: false, code: 'unknown-reference' });
    } finally {
      raw.disconnect();
    }
  });

  it('records live for ttlSeconds and the store holds at most maxRecords, the least recently written going first', async () => {
    const [a, b] = workers({ ttlSeconds: 60, maxRecords: 10 });
    const ids = Array.from({ length: 25 }, (_, i) => refIdOf(a, linkResult(`https://x.example.com/${i}.txt`)));
    await a.flush();
    const raw = new Redis(redis.url);
    try {
      const keys = await raw.keys(`t${prefixes}:r:*`);
      expect(keys).toHaveLength(10);
      const ttl = await raw.ttl(keys[0]!);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60);
    } finally {
      raw.disconnect();
    }
    expect((await b.registry.lookup(ids[0]!, TIMEOUT_MS)).kind).toBe('unknown');
    expect((await b.registry.lookup(ids[24]!, TIMEOUT_MS)).kind).toBe('record');
  });

  it('two workers showing the same uri issue different ids, and neither overwrites the other\'s record', async () => {
    const [a, b] = workers();
    const uri = 'https://x.example.com/same.txt';
    const fromA = refIdOf(a, linkResult(uri));
    const fromB = refIdOf(b, linkResult(uri));
    expect(fromA).not.toBe(fromB);
    await Promise.all([a.flush(), b.flush()]);
    const reader = createRegistry({ store: store(), log: () => undefined });
    for (const refId of [fromA, fromB]) expect(await reader.lookup(refId, TIMEOUT_MS)).toMatchObject({ kind: 'record', record: { refId, uri } });
  });

  describe('faults', () => {
    it('Redis killed: rendering goes on, flush and a fetch answer registry-unavailable within the bound; restarted, the records are written with nothing from the host', async () => {
      const [a, b] = workers();
      a.renderToolResult(linkResult('https://x.example.com/warm.txt'), { serverId: SERVER });
      await a.flush();
      await redis.kill();
      try {
        const refId = refIdOf(a, linkResult('https://x.example.com/while-down.txt'));
        const shown = a.renderToolResult(linkResult('https://x.example.com/also-down.txt'), { serverId: SERVER });
        expect(shown.blocks).toHaveLength(1);
        expect(await a.flush()).toMatchObject({ ok: false, code: 'registry-unavailable' });
        expect(a.registry.pending).toBeGreaterThan(0);
        expect(a.registry.get(refId)).toBeDefined();
        expect(await b.fetchReference(refId, { save })).toMatchObject({ ok: false, code: 'registry-unavailable' });
        expect(logs.some((line) => line.includes('kept in this process only'))).toBe(true);
        await redis.restart();
        await vi.waitFor(() => expect(a.registry.pending).toBe(0), { timeout: 10_000, interval: 100 });
        await vi.waitFor(async () => expect((await b.registry.lookup(refId, TIMEOUT_MS)).kind).toBe('record'), { timeout: 10_000, interval: 100 });
        expect(await b.fetchReference(refId, { save })).toMatchObject({ ok: false, code: 'unknown-server' });
      } finally {
        if (!(await isUp(redis))) await redis.restart();
      }
    });

    it('Redis stopped (SIGSTOP, answering nothing): rendering goes on, flush and a fetch answer registry-unavailable within the bound; resumed, flush succeeds', async () => {
      const [a, b] = workers();
      a.renderToolResult(linkResult('https://x.example.com/warm.txt'), { serverId: SERVER });
      await a.flush();
      await b.registry.lookup('ref-AAAAAAAAAAAAAAAA', TIMEOUT_MS);
      redis.pause();
      try {
        const refId = refIdOf(a, linkResult('https://x.example.com/while-stopped.txt'));
        expect(await a.flush()).toMatchObject({ ok: false, code: 'registry-unavailable' });
        expect(await b.fetchReference(refId, { save, timeoutMs: 5000 })).toMatchObject({ ok: false, code: 'registry-unavailable' });
        // A fetch whose own bound is shorter than the store's is answered within it.
        expect(await b.fetchReference(refId, { save, timeoutMs: 50 })).toMatchObject({ ok: false, code: 'registry-unavailable' });
        redis.resume();
        await vi.waitFor(async () => expect(await a.flush()).toEqual({ ok: true }), { timeout: 10_000, interval: 100 });
        await vi.waitFor(async () => expect((await b.registry.lookup(refId, TIMEOUT_MS)).kind).toBe('record'), { timeout: 10_000, interval: 100 });
      } finally {
        redis.resume();
      }
    });
  });
});

async function isUp(server: RedisServer): Promise<boolean> {
  const probe = new Redis(server.url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

describe(`${createRedisStore.name} without a server`, () => {
  it.each<[string, Parameters<typeof createRedisStore>[0]]>([
    ['a url of another scheme', { url: 'http://127.0.0.1:6379' }],
    ['a url that does not parse', { url: 'not a url' }],
    ['a ttl of zero', { url: 'redis://127.0.0.1:6379', ttlSeconds: 0 }],
    ['a fractional bound on records', { url: 'redis://127.0.0.1:6379', maxRecords: 1.5 }],
    ['a negative timeout', { url: 'redis://127.0.0.1:6379', timeoutMs: -1 }],
  ])('refuses %s with a RangeError', (_name, options) => {
    expect(() => createRedisStore(options)).toThrow(RangeError);
  });

  it('nobody listening: a registry over it renders, flush answers registry-unavailable, a lookup answers unavailable, and the url is never logged', async () => {
    const lines: string[] = [];
    // Port 9 (discard) on loopback: nothing listens there in a test machine.
    const store = createRedisStore({ url: 'redis://:hunter2@127.0.0.1:9', timeoutMs: 200, log: (line) => lines.push(line) });
    try {
      const registry = createRegistry({ store, log: (line) => lines.push(line) });
      const host = createHost({ registry, log: (line) => lines.push(line) });
      expect(host.renderToolResult({ content: [{ type: 'resource_link', uri: 'https://x.example.com/a', name: 'a' }] }).blocks).toHaveLength(1);
      expect(await host.flush()).toEqual({ ok: false, code: 'registry-unavailable', pending: 1 });
      expect(await registry.lookup('ref-AAAAAAAAAAAAAAAA', 5000)).toEqual({ kind: 'unavailable' });
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toContain('hunter2');
    } finally {
      await store.close();
    }
  });
});
