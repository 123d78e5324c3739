/**
 * `npm run bench:shared`: two worker processes sharing one Redis (a `redis-server` this bench
 * starts on a free loopback port, with no persistence). The render worker renders 1,000 results
 * of 250 resource links each, every result twice side by side — once on a host over the
 * in-memory store, once on a host over the Redis store, in alternating order — and awaits
 * `flush` after each; it sends a sample of each result's ids to the fetch worker, which fetches
 * them by id from a loopback HTTP fixture. Prints the render cost over the Redis store against
 * the in-memory store (target ≤ 1.2×: the ratio of per-result medians, and of totals, which GC
 * pauses swing; rendering as the lane runs it, then with `flush` counted too), `flush` p50/p99, and the fetch worker's cross-worker lookup
 * (the store read) and whole fetch p50/p99. Measured within each process: a ratio, never a
 * timed assertion.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
// The built library, as a host runs it (npm run bench:shared builds first).
import { createHost, createRedisStore, createRegistry, type Host } from '../dist/index.js';
import { REDIS_INSTALLED, startRedis } from '../test/support/redis-server.js';

const RESULTS = Number(process.env.BENCH_RESULTS ?? 1000);
const LINKS = 250;
/** Ids per result the fetch worker fetches. */
const SAMPLE = 5;
/** Results rendered on both hosts and thrown away first, so both are measured warm. */
const WARMUP = 50;
const SERVER = 'files';

interface RenderReport {
  /** Each result's render time over each store, and over Redis with its flush. */
  readonly memoryMs: number[];
  readonly redisMs: number[];
  readonly redisWithDrainMs: number[];
  readonly flushMs: number[];
  readonly failedFlushes: number;
}
interface FetchReport {
  readonly lookupMs: number[];
  readonly fetchMs: number[];
  readonly failures: Record<string, number>;
}

/** One result: 250 links on the fixture's origin, every uri new (`round`). */
function linkResult(origin: string, round: number, tag: string): { content: unknown[] } {
  const content: unknown[] = [];
  for (let i = 0; i < LINKS; i += 1) {
    content.push({ type: 'resource_link', name: `file-${i}.txt`, mimeType: 'text/plain', size: 16, uri: `${origin}/${tag}/r${round}/file-${i}.txt` });
  }
  return { content };
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

function idsOf(host: Host, result: unknown): string[] {
  const rendered = host.renderToolResult(result, { serverId: SERVER });
  return rendered.blocks.flatMap((block) => ('refId' in block && typeof block.refId === 'string' ? [block.refId] : []));
}

async function renderWorker(url: string, origin: string): Promise<void> {
  const quiet = () => undefined;
  const memory = createHost({ log: quiet });
  const store = createRedisStore({ url, prefix: 'bench:', log: quiet });
  const shared = createHost({ log: quiet, registry: createRegistry({ store, log: quiet }) });
  for (const host of [memory, shared]) host.setServerAddress(SERVER, origin);
  const memoryMs: number[] = [];
  const redisMs: number[] = [];
  const redisWithDrainMs: number[] = [];
  const flushMs: number[] = [];
  let failedFlushes = 0;
  for (let round = -WARMUP; round < RESULTS; round += 1) {
    const forMemory = linkResult(origin, round, 'm');
    const forRedis = linkResult(origin, round, 's');
    let ids: string[] = [];
    // Alternating order, so neither side always runs after the other's garbage.
    const runs = round % 2 === 0 ? ['memory', 'redis'] : ['redis', 'memory'];
    let memoryRound = 0;
    let redisRound = 0;
    let flushRound = 0;
    for (const side of runs) {
      const started = performance.now();
      if (side === 'memory') {
        idsOf(memory, forMemory);
        memoryRound = performance.now() - started;
      } else {
        ids = idsOf(shared, forRedis);
        redisRound = performance.now() - started;
        const flushStarted = performance.now();
        const outcome = await shared.flush();
        flushRound = performance.now() - flushStarted;
        if (!outcome.ok) failedFlushes += 1;
      }
    }
    if (round < 0) continue;
    memoryMs.push(memoryRound);
    redisMs.push(redisRound);
    redisWithDrainMs.push(redisRound + flushRound);
    flushMs.push(flushRound);
    const sample = Array.from({ length: SAMPLE }, (_, k) => ids[(k * 53 + round) % ids.length]!);
    process.send!({ kind: 'ids', ids: sample });
  }
  process.send!({ kind: 'done', report: { memoryMs, redisMs, redisWithDrainMs, flushMs, failedFlushes } satisfies RenderReport });
  await store.close();
}

async function fetchWorker(url: string, origin: string): Promise<void> {
  const quiet = () => undefined;
  const store = createRedisStore({ url, prefix: 'bench:', log: quiet });
  const registry = createRegistry({ store, log: quiet });
  const host = createHost({ log: quiet, registry });
  host.setServerAddress(SERVER, origin);
  const lookupMs: number[] = [];
  const fetchMs: number[] = [];
  const failures: Record<string, number> = {};
  const queue: string[] = [];
  let finished = false;
  let wake: (() => void) | undefined;
  process.on('message', (message: { kind: string; ids?: string[] }) => {
    if (message.kind === 'ids') queue.push(...message.ids!);
    if (message.kind === 'finish') finished = true;
    wake?.();
  });
  const save = (request: { name: string }) => `/dev/null/${request.name}`;
  for (;;) {
    const refId = queue.shift();
    if (refId === undefined) {
      if (finished) break;
      await new Promise<void>((resolve) => (wake = resolve));
      continue;
    }
    // The store read alone, on a registry that has never held the id.
    const probe = createRegistry({ store: { ...store, watchNever: () => () => undefined }, log: quiet });
    const lookupStarted = performance.now();
    const found = await probe.lookup(refId, 2000);
    lookupMs.push(performance.now() - lookupStarted);
    if (found.kind !== 'record') failures[`lookup-${found.kind}`] = (failures[`lookup-${found.kind}`] ?? 0) + 1;
    const fetchStarted = performance.now();
    const outcome = await host.fetchReference(refId, { save });
    fetchMs.push(performance.now() - fetchStarted);
    if (!outcome.ok) failures[outcome.code] = (failures[outcome.code] ?? 0) + 1;
  }
  process.send!({ kind: 'done', report: { lookupMs, fetchMs, failures } satisfies FetchReport });
  await store.close();
}

async function main(): Promise<void> {
  if (!REDIS_INSTALLED) {
    console.error('bench:shared needs redis-server: apt-get install -y redis-server');
    process.exit(1);
  }
  const redis = await startRedis();
  const fixture = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '16' });
    res.end('sixteen bytes...');
  });
  await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
  const self = fileURLToPath(import.meta.url);
  const spawnWorker = (role: string) => fork(self, [role, redis.url, origin], { execArgv: ['--import', 'tsx'] });
  const fetcher = spawnWorker('fetch');
  const renderer = spawnWorker('render');
  const done = (child: ChildProcess) =>
    new Promise<unknown>((resolve, reject) => {
      child.on('message', (message: { kind: string; report?: unknown; ids?: string[] }) => {
        if (message.kind === 'done') resolve(message.report);
        if (message.kind === 'ids') fetcher.send(message);
      });
      child.on('exit', (code) => (code === 0 ? undefined : reject(new Error(`worker exited with ${code}`))));
    });
  try {
    const fetchDone = done(fetcher);
    const render = (await done(renderer)) as RenderReport;
    fetcher.send({ kind: 'finish' });
    const fetched = (await fetchDone) as FetchReport;
    const ms = (value: number) => `${value.toFixed(2)} ms`;
    console.log(`bench:shared — ${RESULTS} results × ${LINKS} links, two worker processes, one redis-server ${redis.url.replace(/.*:/, 'port ')}`);
    const median = (values: readonly number[]) => quantile(values, 0.5);
    const total = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0);
    console.log(
      `render over the Redis store / over the in-memory store: ${(median(render.redisMs) / median(render.memoryMs)).toFixed(3)}× by medians, ` +
        `${(total(render.redisMs) / total(render.memoryMs)).toFixed(3)}× by totals (target ≤ 1.2×; medians ${ms(median(render.redisMs))} vs ${ms(median(render.memoryMs))} per result)`,
    );
    console.log(
      `  render and flush over the Redis store / render over the in-memory store: ${(median(render.redisWithDrainMs) / median(render.memoryMs)).toFixed(3)}× by medians`,
    );
    console.log(
      `flush (250 records): p50 ${ms(quantile(render.flushMs, 0.5))}, p99 ${ms(quantile(render.flushMs, 0.99))}; failed flushes: ${render.failedFlushes}`,
    );
    console.log(
      `cross-worker lookup (store read by id): p50 ${ms(quantile(fetched.lookupMs, 0.5))}, p99 ${ms(quantile(fetched.lookupMs, 0.99))} over ${fetched.lookupMs.length} ids`,
    );
    console.log(`cross-worker fetch by id (lookup + HTTP + save): p50 ${ms(quantile(fetched.fetchMs, 0.5))}, p99 ${ms(quantile(fetched.fetchMs, 0.99))}`);
    console.log(`fetch failures: ${JSON.stringify(fetched.failures)}`);
  } finally {
    renderer.kill();
    fetcher.kill();
    fixture.close();
    await redis.stop();
  }
}

const [role, url, origin] = process.argv.slice(2);
if (role === 'render') await renderWorker(url!, origin!);
else if (role === 'fetch') await fetchWorker(url!, origin!);
else await main();
