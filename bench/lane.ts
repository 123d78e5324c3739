/**
 * `npm run bench`: the tool-result lane against `JSON.stringify` of the same input, measured side
 * by side in one process. Prints the ratio of medians for (a) a ~4.5 MB data result of 10,000
 * records, (b) a 1,000-block content array with 250 resource links and (c) 20 whole PNGs of about
 * 200 KB each. Targets: (a) ≤ 1.5×, (b) ≤ 3×, (c) ≤ 1.5×. A ratio, never a timed assertion.
 */
// The built library, as a host runs it (npm run bench builds first).
import { createHost } from '../dist/index.js';
import { makePng } from '../test/support/images.js';

/**
 * Rounds measured per case (`BENCH_ROUNDS` sets both). (b) renders in about a millisecond, so it
 * takes more rounds: its median then spans many young-generation collections rather than a few.
 */
const ROUNDS_A = Number(process.env.BENCH_ROUNDS ?? 60);
const ROUNDS_B = Number(process.env.BENCH_ROUNDS ?? 400);
const ROUNDS_C = Number(process.env.BENCH_ROUNDS ?? 200);
/** Rounds run and thrown away first, so both sides are measured warm (JIT, caches). */
const WARMUP = 10;

/** (a) 10,000 records of ~450 bytes, shaped like a real listing (ids, names, text, tags, urls). */
function dataResult(): { data: unknown } {
  const records = Array.from({ length: 10_000 }, (_, i) => ({
    id: i,
    uuid: `0000${i.toString(16)}-7c1e-4b7a-9f3e-${(1e11 + i).toString(16)}`,
    name: `record ${i}`,
    active: i % 3 !== 0,
    score: (i * 7.31) % 100,
    tags: ['alpha', 'beta', i % 2 ? 'gamma' : 'delta'],
    url: `https://example.com/items/${i}?ref=listing&page=${Math.floor(i / 50)}`,
    description:
      'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ' +
      `Item number ${i} in the fixture set, with a little more text to weigh it like a real record does.`,
    owner: { login: `user${i % 97}`, id: i % 97, site_admin: false },
  }));
  return { data: records };
}

/**
 * (b) 1,000 blocks: 750 text blocks and 250 resource links (plain and presigned). `round` makes
 * every uri new, so no decision is reused from an earlier render.
 */
function contentResult(round: number): { content: unknown[] } {
  const content: unknown[] = [];
  for (let i = 0; i < 1000; i += 1) {
    if (i % 4 === 3) {
      const presigned = i % 8 === 7;
      content.push({
        type: 'resource_link',
        name: `file-${i}.csv`,
        mimeType: 'text/csv',
        size: 1000 + i,
        uri: presigned
          ? `https://bucket.s3.amazonaws.com/exports/r${round}/file-${i}.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAEXAMPLE%2F20260101%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20260101T000000Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=${'ab'.repeat(32)}`
          : `https://example.com/exports/r${round}/file-${i}.csv?page=${i}`,
      });
    } else {
      content.push({ type: 'text', text: `Line ${i}: ${'some tool output text '.repeat(4)}` });
    }
  }
  return { content };
}

/**
 * (c) 20 image blocks, each a whole 256×200 RGBA PNG of seeded noise (about 200 KB, so about
 * 270 KB of base64), each different: every one is checked and sent natively.
 */
function imageResult(): { content: unknown[] } {
  const content = Array.from({ length: 20 }, (_, i) => ({ type: 'image', mimeType: 'image/png', data: makePng(256, 200, i + 1).toString('base64') }));
  return { content };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function measure(name: string, rounds: number, inputFor: (round: number) => unknown, render: (input: unknown) => unknown): number {
  const baseline: number[] = [];
  const lane: number[] = [];
  for (let round = 0; round < rounds + WARMUP; round += 1) {
    const input = inputFor(round);
    // Alternate which goes first, so neither always runs on a warmer cache.
    const order = round % 2 === 0 ? ['json', 'lane'] : ['lane', 'json'];
    for (const which of order) {
      const started = performance.now();
      if (which === 'json') JSON.stringify(input);
      else render(input);
      const elapsed = performance.now() - started;
      if (round >= WARMUP) (which === 'json' ? baseline : lane).push(elapsed);
    }
  }
  const ratio = median(lane) / median(baseline);
  console.log(
    `${name}: lane ${median(lane).toFixed(2)} ms, JSON.stringify ${median(baseline).toFixed(2)} ms, ratio ${ratio.toFixed(2)}×`,
  );
  return ratio;
}

const host = createHost({ log: () => {}, cap: 24_000 });
const a = dataResult();
console.log(`(a) input: ${(JSON.stringify(a.data).length / 1e6).toFixed(2)} MB`);
const ratioA = measure('(a) data result, 10,000 records', ROUNDS_A, () => a, (input) => host.renderToolResult(input, { serverId: 'bench' }));
const inputsB = Array.from({ length: ROUNDS_B + WARMUP }, (_, round) => contentResult(round));
const ratioB = measure(
  '(b) 1,000 blocks, 250 resource links',
  ROUNDS_B,
  (round) => inputsB[round],
  (input) => host.renderToolResult(input, { serverId: 'bench' }),
);
const c = imageResult();
console.log(`(c) input: ${(JSON.stringify(c).length / 1e6).toFixed(2)} MB`);
const ratioC = measure('(c) 20 images of 200 KB', ROUNDS_C, () => c, (input) => host.renderToolResult(input, { serverId: 'bench' }));
console.log(
  `targets: (a) ≤ 1.5× ${ratioA <= 1.5 ? 'met' : 'MISSED'}, (b) ≤ 3× ${ratioB <= 3 ? 'met' : 'MISSED'}, (c) ≤ 1.5× ${ratioC <= 1.5 ? 'met' : 'MISSED'}`,
);
