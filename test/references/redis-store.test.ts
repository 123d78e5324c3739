/**
 * The Redis store against a real `redis-server` (see test/support/redis-server.ts): two hosts,
 * each with its own store and connections, stand for two worker processes sharing one Redis.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHost, type Host } from '../../src/host.js';
import { createRedisStore, type RedisStore } from '../../src/references/redis-store.js';
import { createRegistry } from '../../src/references/registry.js';
import { closeOrigins, serveFixture } from '../support/loopback.js';
import { HAS_REDIS, REDIS_SKIP_REASON, startRedis, type RedisServer } from '../support/redis-server.js';

const SERVER = 'files';
/**
 * A healthy store's bound: far past any round trip on a loaded machine, so a test of what works
 * never fails for a slow turn (a 400 ms bound made flush answer registry-unavailable under load).
 */
const TIMEOUT_MS = 10_000;
/** The bound of the stores the fault tests stop or kill: what they wait for, so kept short. */
const FAULT_TIMEOUT_MS = 400;

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
  function workers(options: { ttlSeconds?: number; maxRecords?: number; timeoutMs?: number } = {}): [Host, Host] {
    prefixes += 1;
    return [worker(options), worker(options)];
  }

  /** One more worker on the current test's keys. */
  function worker(options: { ttlSeconds?: number; maxRecords?: number; timeoutMs?: number } = {}): Host {
    return createHost({ log: (line) => logs.push(line), registry: createRegistry({ store: store(options), log: (line) => logs.push(line) }) });
  }

  /** Resolves once every store opened so far is connected. */
  async function allConnected(): Promise<void> {
    await vi.waitFor(() => expect(opened.every((made) => made.status === 'ready')).toBe(true), { timeout: 5000, interval: 20 });
  }

  /** The value stored under `refId` in the current test's keys, parsed. */
  async function storedValue(refId: string): Promise<{ serverId?: string; testimony: { disposition?: string; expiresAt?: string } } | null> {
    const raw = new Redis(redis.url);
    try {
      const text = await raw.get(`t${prefixes}:r:${refId}`);
      return text === null ? null : JSON.parse(text);
    } finally {
      raw.disconnect();
    }
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

  it("a uri one worker's result marks never is withheld by the other worker's lanes", async () => {
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

  it('a never claim reaches workers already running: both idle and connected before the claim is written, the other withholds it', async () => {
    const [a, b] = workers();
    await allConnected();
    // Both up and idle well past connecting, so the claim can only arrive as it is published.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const secret = 'https://cdn.example.com/private/live.png?sig=live';
    a.renderToolResult({ content: [{ type: 'resource', uri: secret, name: 'live.png', mimeType: 'image/png', disposition: 'never' }] }, { serverId: SERVER });
    expect(await a.flush()).toEqual({ ok: true });
    await vi.waitFor(() => expect(b.registry.getByUri(secret)?.testimony.disposition).toBe('never'), { timeout: 5000, interval: 20 });
    expect(b.renderToolResult(linkResult(secret), { serverId: SERVER }).stored).not.toContain('sig=live');
  });

  it('a fetch on another worker with a stale copy never removes a never from the store: new workers still withhold the uri', async () => {
    const origin = await serveFixture({ '/scan.png': { body: 'bytes', headers: { 'content-type': 'text/plain' } } });
    const [b, c] = workers();
    b.setServerAddress(SERVER, origin.origin);
    c.setServerAddress(SERVER, origin.origin);
    const uri = `${origin.origin}/scan.png`;
    const b1 = refIdOf(b, linkResult(uri, 'scan.png'));
    await b.flush();
    // C reads b1 while it claims nothing: the copy C holds is stale from here on.
    expect((await c.registry.lookup(b1, TIMEOUT_MS)).kind).toBe('record');
    b.renderToolResult({ content: [{ type: 'resource', uri, name: 'scan.png', mimeType: 'image/png', disposition: 'never' }] }, { serverId: SERVER });
    await b.flush();
    expect((await storedValue(b1))?.testimony.disposition).toBe('never');
    expect(await c.fetchReference(b1, { save })).toMatchObject({ ok: true });
    expect(await c.flush()).toEqual({ ok: true });
    expect((await storedValue(b1))?.testimony.disposition).toBe('never');
    const d = worker();
    await vi.waitFor(() => expect(d.registry.getByUri(uri)?.testimony.disposition).toBe('never'), { timeout: 5000, interval: 20 });
    expect(d.renderToolResult(linkResult(uri, 'scan.png'), { serverId: SERVER }).stored).not.toContain('/scan.png');
  });

  it('the store keeps the stricter claims under an id: a stale write neither drops a never nor extends an expiry', async () => {
    prefixes += 1;
    const [first, second] = [store(), store()];
    const refId = 'ref-STRICTERclaims01';
    const uri = 'https://x.example.com/strict.txt';
    const strict = {
      refId,
      uri,
      testimony: { uri, blockType: 'resource' as const, fromLink: false, disposition: 'never' as const, expiresAt: '2030-01-01T00:00:00Z' },
      serverId: SERVER,
    };
    await first.write([strict]);
    const stale = {
      ...strict,
      testimony: { uri, blockType: 'resource' as const, fromLink: false, expiresAt: '2031-06-01T00:00:00+02:00' },
      fetched: { path: '/saved/s.txt', bytes: 1, mimeType: 'text/plain', digestVerified: false },
    };
    await second.write([stale]);
    expect(await second.read(refId, TIMEOUT_MS)).toEqual({
      ...stale,
      testimony: { ...stale.testimony, disposition: 'never', expiresAt: '2030-01-01T00:00:00Z' },
    });
    // A later, stricter expiry is taken; the never stays.
    const stricter = { ...stale, testimony: { ...stale.testimony, expiresAt: '2029-01-01' } };
    await second.write([stricter]);
    expect((await first.read(refId, TIMEOUT_MS))?.testimony).toMatchObject({ disposition: 'never', expiresAt: '2029-01-01' });
    // A link (which claims neither) leaves the stored claims as they are.
    await second.write([{ refId, uri, testimony: { uri, blockType: 'resource_link', fromLink: true }, serverId: SERVER }]);
    expect((await first.read(refId, TIMEOUT_MS))?.testimony).toMatchObject({ fromLink: false, disposition: 'never', expiresAt: '2029-01-01' });
  });

  it('a worker never writes under an id another worker issued: registering a uri it learned was never gives it an id of its own', async () => {
    const [b] = workers();
    const secret = 'https://cdn.example.com/private/owned.png?sig=own';
    const b1 = refIdOf(b, { content: [{ type: 'resource', uri: secret, name: 'owned.png', mimeType: 'image/png', disposition: 'never' }] });
    await b.flush();
    const a = worker();
    await vi.waitFor(() => expect(a.registry.getByUri(secret)?.testimony.disposition).toBe('never'), { timeout: 5000, interval: 20 });
    a.renderToolResult({ content: [{ type: 'resource', uri: secret, name: 'owned.png', mimeType: 'image/png' }] }, { serverId: 'other' });
    expect(await a.flush()).toEqual({ ok: true });
    const mine = a.registry.getByUri(secret);
    expect(mine?.refId).not.toBe(b1);
    expect(mine?.testimony.disposition).toBe('never');
    expect(await storedValue(b1)).toMatchObject({ serverId: SERVER, testimony: { disposition: 'never' } });
    expect(await storedValue(mine!.refId)).toMatchObject({ serverId: 'other', testimony: { disposition: 'never' } });
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

  it("two workers showing the same uri issue different ids, and neither overwrites the other's record", async () => {
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
      const [a, b] = workers({ timeoutMs: FAULT_TIMEOUT_MS });
      a.renderToolResult(linkResult('https://x.example.com/warm.txt'), { serverId: SERVER });
      await a.flush();
      await redis.kill();
      try {
        const refId = refIdOf(a, linkResult('https://x.example.com/while-down.txt'));
        const shown = a.renderToolResult(linkResult('https://x.example.com/also-down.txt'), { serverId: SERVER });
        expect(shown.blocks).toHaveLength(1);
        expect(await within(FAULT_TIMEOUT_MS, a.flush())).toMatchObject({ ok: false, code: 'registry-unavailable' });
        expect(a.registry.pending).toBeGreaterThan(0);
        expect(a.registry.get(refId)).toBeDefined();
        expect(await within(FAULT_TIMEOUT_MS, b.fetchReference(refId, { save }))).toMatchObject({ ok: false, code: 'registry-unavailable' });
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
      const [a, b] = workers({ timeoutMs: FAULT_TIMEOUT_MS });
      a.renderToolResult(linkResult('https://x.example.com/warm.txt'), { serverId: SERVER });
      await a.flush();
      await b.registry.lookup('ref-AAAAAAAAAAAAAAAA', TIMEOUT_MS);
      // A worker whose store waits 5 s: a fetch bounded at 50 ms must end by its own bound.
      const patient = worker({ timeoutMs: 5000 });
      await patient.registry.lookup('ref-AAAAAAAAAAAAAAAA', TIMEOUT_MS);
      redis.pause();
      try {
        const refId = refIdOf(a, linkResult('https://x.example.com/while-stopped.txt'));
        expect(await within(FAULT_TIMEOUT_MS, a.flush())).toMatchObject({ ok: false, code: 'registry-unavailable' });
        expect(await within(FAULT_TIMEOUT_MS, b.fetchReference(refId, { save, timeoutMs: 5000 }))).toMatchObject({ ok: false, code: 'registry-unavailable' });
        // A fetch whose own bound is shorter than the store's is answered within it: the hang
        // guard (2.5 s) is half the store's wait, so only the fetch's bound ends it in time.
        expect(await within(250, patient.fetchReference(refId, { save, timeoutMs: 50 }))).toMatchObject({ ok: false, code: 'registry-unavailable' });
        redis.resume();
        await vi.waitFor(async () => expect(await a.flush()).toEqual({ ok: true }), { timeout: 10_000, interval: 100 });
        await vi.waitFor(async () => expect((await b.registry.lookup(refId, TIMEOUT_MS)).kind).toBe('record'), { timeout: 10_000, interval: 100 });
      } finally {
        redis.resume();
      }
    });

    it('Redis stalled, then a slow server: one deadline covers the lookup and the request, so the fetch ends within its timeoutMs', async () => {
      // The outcome, not the clock, shows the one deadline: the server answers 300 ms after the
      // request, and Redis answers the lookup 900 ms into a 1000 ms deadline. With one deadline
      // the request has ~100 ms left and times out; a request given its own 1000 ms would be
      // answered, and the fetch would succeed.
      const slow = await serveSlowly(300);
      try {
        // The store's own bound is longer than the fetch's, so only the fetch's deadline ends it.
        const [a, b] = workers({ timeoutMs: 5000 });
        a.setServerAddress(SERVER, slow.origin);
        b.setServerAddress(SERVER, slow.origin);
        const refId = refIdOf(a, linkResult(`${slow.origin}/slow.txt`, 'slow.txt'));
        expect(await a.flush()).toEqual({ ok: true });
        await allConnected();
        const fetchTimeout = 1000;
        redis.pause();
        // Redis answers again a little before the fetch's deadline: the lookup succeeds, late.
        const resume = setTimeout(() => redis.resume(), 900);
        try {
          const outcome = await within(fetchTimeout, b.fetchReference(refId, { save, timeoutMs: fetchTimeout }));
          expect(['timeout', 'registry-unavailable']).toContain(outcome.code);
        } finally {
          clearTimeout(resume);
          redis.resume();
        }
      } finally {
        await new Promise((resolve) => slow.server.close(resolve));
        slow.server.closeAllConnections();
      }
    });
  });
});

/**
 * `promise`, checked to settle before 10 × `bound` ms: a guard against a hang (a wait on a stopped
 * Redis that no bound ends), not a measure of speed, so a loaded machine never trips it. Where
 * honouring one bound rather than another is the point, the test makes the other at least 10×
 * longer, or lets the outcome tell them apart.
 */
async function within<T>(bound: number, promise: Promise<T>): Promise<T> {
  let guard: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_resolve, reject) => {
    guard = setTimeout(() => reject(new Error(`no answer within 10 × ${bound} ms: a hang`)), bound * 10);
  });
  try {
    return await Promise.race([promise, hung]);
  } finally {
    clearTimeout(guard);
  }
}

/** A loopback origin that answers every path after `delayMs`. */
async function serveSlowly(delayMs: number): Promise<{ server: Server; origin: string }> {
  const server = createServer((_request, response) => {
    const timer = setTimeout(() => {
      response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '4' });
      response.end('slow');
    }, delayMs);
    response.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

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
