/**
 * `npm run bench:hostile`: families of hostile inputs of about 1 MB each (the shapes issue 12
 * found, and others of the same kind), each rendered through every lane — tool-result
 * (`renderToolResult`), push (`convertBlocks`) and script (`scriptView`) — printing per family
 * and lane the time per MB of input and the peak heap over the input's size. Targets: at most
 * 50 ms per MB and at most 10× the input's size in peak heap, for every family on every lane;
 * and an 8 MB hostile input renders without the process dying. A benchmark, never a timed test.
 *
 * How it measures, and why that way:
 * - Input size: the UTF-8 bytes of the input as JSON (what the wire carried).
 * - Each family and lane runs in fresh child processes, so no family inherits another's heap,
 *   caches or JIT state, and one that dies (heap out of memory) or runs too long is reported as
 *   such, not taken for the benchmark's own failure: one child for the time, with V8's default
 *   heap settings, and one for the peak heap (`--max-semi-space-size=1`, below), whose small
 *   young generation would slow an allocating render with extra collections.
 * - Time: the median of up to `RUNS` renders, each with a fresh host (a run longer than
 *   `SLOW_RUN_MS` isn't repeated: one run already says it is far off the target).
 * - Peak heap: a render is synchronous, so the heap can't be sampled from JavaScript while it
 *   runs. Instead the child collects garbage, reads `heapUsed` (the input is already built, so
 *   it is in that baseline), turns V8's `--trace-gc-nvp` on for the first render alone, and
 *   reads from its lines every collection's `total_size_before` — the bytes of objects on the
 *   heap the moment that collection began, i.e. each local peak — and `heapUsed` once the
 *   render returns. The peak is the largest of these, less the baseline. The young generation
 *   is held to 1 MB semispaces so that garbage awaiting its scavenge (up to 16 MB per
 *   semispace by default) isn't counted as the render's memory; what is reported is what the
 *   render held live, within about 1–2 MB. Off-heap memory (Buffer bytes) isn't counted.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';

// The built library, as a host runs it (the npm script builds first); `BENCH_HOSTILE_DIST`
// names another build to measure (a before-and-after comparison).
const { createHost } = (await import(process.env.BENCH_HOSTILE_DIST ?? '../dist/index.js')) as typeof import('../dist/index.js');

/** The size each family's input is built to, in bytes (`BENCH_HOSTILE_MB` sets it). */
const TARGET_BYTES = Math.round(Number(process.env.BENCH_HOSTILE_MB ?? 1) * 1024 * 1024);
/** Renders timed per family and lane; the median is reported. */
const RUNS = 3;
/** A render this slow isn't repeated. */
const SLOW_RUN_MS = 5_000;
/** A child still running after this is stopped and reported as a timeout (`BENCH_HOSTILE_TIMEOUT_S` sets it). */
const CHILD_TIMEOUT_MS = Number(process.env.BENCH_HOSTILE_TIMEOUT_S ?? 120) * 1000;
/** The targets: milliseconds per MB of input, and peak heap over the input's size. */
const MS_PER_MB_TARGET = 50;
const HEAP_RATIO_TARGET = 10;

const LANES = ['tool-result', 'push', 'script'] as const;
type LaneName = (typeof LANES)[number];

/** A family: a name, what it is, and its input of about `bytes` bytes. */
interface Family {
  readonly name: string;
  readonly what: string;
  readonly build: (bytes: number) => { readonly content: unknown[] } | { readonly structuredContent: unknown; readonly content: unknown[] };
}

/** Blocks made by `block(i)` until their JSON passes `bytes`. */
function blocksUpTo(bytes: number, block: (index: number) => unknown): unknown[] {
  const blocks: unknown[] = [];
  let size = 2;
  for (let index = 0; size < bytes; index += 1) {
    const next = block(index);
    blocks.push(next);
    size += Buffer.byteLength(JSON.stringify(next)) + 1;
  }
  return blocks;
}

/** Strings made by `string(i)` until their JSON array passes `bytes`. */
function stringsUpTo(bytes: number, string: (index: number) => string): string[] {
  const strings: string[] = [];
  for (let size = 2, index = 0; size < bytes; index += 1) {
    const next = string(index);
    strings.push(next);
    size += next.length + 3;
  }
  return strings;
}

/** Characters of `unit` (repeated) making about `bytes` bytes of UTF-8. */
function repeatTo(unit: string, bytes: number): string {
  return unit.repeat(Math.max(1, Math.floor(bytes / Buffer.byteLength(unit))));
}

const link = (name: string, uri: string): unknown => ({ type: 'resource_link', name, uri });
const embedded = (uri: string): unknown => ({ type: 'resource', resource: { uri, mimeType: 'text/plain', text: 'hello' } });

/** A uri nested `depth` times in base64 under `?u=`. */
function nestedBase64(depth: number, index: number): string {
  let uri = `https://inner.example.com/file-${index}?x=1`;
  for (let level = 0; level < depth; level += 1) uri = `https://hop${level}.example.com/go?u=${Buffer.from(uri).toString('base64')}`;
  return uri;
}

/** Arrays nested `depth` deep, built without recursion. */
function deepArray(depth: number): unknown {
  let value: unknown = 0;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

/** `fanout` objects under each object, `depth` levels down, each leaf `{v: 1}`. */
function smallTree(fanout: number, depth: number): unknown {
  if (depth === 0) return { v: 1 };
  const node: Record<string, unknown> = {};
  for (let index = 0; index < fanout; index += 1) node[`k${index}`] = smallTree(fanout, depth - 1);
  return node;
}

/** An object of trees of small objects (fanout 10, 3 deep, about 14 KB each) until its JSON passes `bytes`. */
function objectTree(bytes: number): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (let size = 2, index = 0; size < bytes; index += 1) {
    const tree = smallTree(10, 3);
    root[`t${index}`] = tree;
    size += JSON.stringify(tree).length + `"t${index}":,`.length;
  }
  return root;
}

const FAMILIES: readonly Family[] = [
  { name: 'brace-query-links', what: 'links with uri "#" + "{?"×2030', build: (b) => ({ content: blocksUpTo(b, () => link('x', `#${'{?'.repeat(2030)}`)) }) },
  { name: 'brace-embedded-uri', what: 'one embedded uri of "{?"', build: (b) => ({ content: [embedded(`#${repeatTo('{?', b)}`)] }) },
  {
    name: 'fdfa-names',
    what: 'links named U+FDFA×250',
    build: (b) => ({ content: blocksUpTo(b, (i) => link('\ufdfa'.repeat(250), `https://example.com/f${i}`)) }),
  },
  {
    name: 'tilde-names',
    what: 'links named "a~"×127 (the …~hmac= shape)',
    build: (b) => ({ content: blocksUpTo(b, (i) => link('a~'.repeat(127), `https://example.com/f${i}?sig=${i}`)) }),
  },
  {
    name: 'fdfa-query-names',
    what: 'links named U+FDFA×250 with a signed uri',
    build: (b) => ({ content: blocksUpTo(b, (i) => link(`${'\ufdfa'.repeat(250)}`, `https://example.com/f${i}?X-Amz-Signature=${i}abcdef0123456789`)) }),
  },
  { name: 'fdfa-embedded-uri', what: 'one embedded uri of U+FDFA', build: (b) => ({ content: [embedded(repeatTo('\ufdfa', b))] }) },
  {
    name: 'fdfa-link-uri',
    what: 'one link whose uri is U+FDFA',
    build: (b) => ({ content: [link('x', `https://example.com/?q=${repeatTo('\ufdfa', b - 40)}`)] }),
  },
  {
    name: 'long-param-names',
    what: 'links with distinct 2 KB parameter names',
    build: (b) => ({ content: blocksUpTo(b, (i) => link('x', `https://example.com/?N${i}${'A'.repeat(2000)}=v`)) }),
  },
  {
    name: 'many-links',
    what: '26,000-odd short links (stubs past the cut)',
    build: (b) => ({ content: blocksUpTo(b, (i) => link('f', `https://s.example.com/${i}?sig=x`)) }),
  },
  { name: 'zeros', what: '[0,0,…] as content', build: (b) => ({ content: new Array<number>(Math.floor(b / 2)).fill(0) }) },
  { name: 'tiny-blocks', what: 'text blocks of one character', build: (b) => ({ content: blocksUpTo(b, () => ({ type: 'text', text: 'a' })) }) },
  {
    name: 'percent25-run',
    what: 'links of 4 KB, a query value of %25 runs',
    build: (b) => ({ content: blocksUpTo(b, (i) => link('x', `https://example.com/${i}?q=${'%25'.repeat(1300)}`)) }),
  },
  {
    name: 'equals-run',
    what: 'links of 4 KB, a query of = runs',
    build: (b) => ({ content: blocksUpTo(b, (i) => link('x', `https://example.com/${i}?${'='.repeat(4000)}`)) }),
  },
  {
    name: 'ampersand-run',
    what: 'links of 4 KB, a query of &a runs',
    build: (b) => ({ content: blocksUpTo(b, (i) => link('x', `https://example.com/${i}?${'&a'.repeat(2000)}`)) }),
  },
  {
    name: 'slash-run',
    what: 'links of 4 KB, a path of / runs',
    build: (b) => ({ content: blocksUpTo(b, (i) => link('x', `https://example.com/${i}${'/'.repeat(4000)}`)) }),
  },
  {
    name: 'query-pieces-links',
    what: 'links of 4 KB with ?a=1;b=2&… pieces',
    build: (b) => ({ content: blocksUpTo(b, (i) => link('x', `https://example.com/${i}?${'a=1;b?c&'.repeat(500)}`)) }),
  },
  { name: 'nested-base64', what: 'links nesting a uri in base64 6 deep', build: (b) => ({ content: blocksUpTo(b, (i) => link('x', nestedBase64(6, i))) }) },
  // An ambiguous name (`credential.ts`) repeated through 4 KB uris: one scan of the uri per
  // occurrence made these quadratic.
  ...['t', 'sig', 'auth', 'key', 'secure'].map((ambiguous): Family => ({
    name: `repeated-${ambiguous}`,
    what: `links of 4 KB, a query of ${ambiguous}=1& runs`,
    build: (b) => ({
      content: blocksUpTo(b, (i) => link('x', `https://x${i}.example.com/?${`${ambiguous}=1&`.repeat(Math.floor(4060 / (ambiguous.length + 3)))}`)),
    }),
  })),
  // Data strings (`data-strings.ts`): each read as a uri may be, or searched for base64 runs.
  {
    name: 'data-uris',
    what: 'structuredContent: an array of short signed uris',
    build: (b) => ({ structuredContent: stringsUpTo(b, (i) => `https://s.example.com/${i}?sig=x`), content: [] }),
  },
  {
    name: 'data-base64',
    what: 'structuredContent: one base64 string of 1 MB',
    build: (b) => ({ structuredContent: { data: Buffer.alloc(Math.floor((b * 3) / 4) - 16, 7).toString('base64') }, content: [] }),
  },
  {
    name: 'data-control-chars',
    what: 'structuredContent: one string of U+0001 (escaped six to one)',
    build: (b) => ({ structuredContent: { s: '\u0001'.repeat(Math.floor(b / 6) - 4) }, content: [] }),
  },
  {
    name: 'data-line-breaks',
    what: 'structuredContent: one string of line breaks',
    build: (b) => ({ structuredContent: { s: '\n'.repeat(Math.floor(b / 2) - 8) }, content: [] }),
  },
  {
    name: 'data-zero-width',
    what: 'structuredContent: one string of U+200B',
    build: (b) => ({ structuredContent: { s: '\u200b'.repeat(Math.floor(b / 3) - 4) }, content: [] }),
  },
  { name: 'deep-nesting', what: 'structuredContent nested 400,000 deep', build: (b) => ({ structuredContent: deepArray(Math.floor(b / 2)), content: [] }) },
  { name: 'object-tree', what: 'structuredContent: objects of 10 small objects, 4 deep', build: (b) => ({ structuredContent: objectTree(b), content: [] }) },
  {
    name: 'huge-labels',
    what: 'types, media types and names of 100 KB',
    build: (b) => {
      const label = 'L'.repeat(100 * 1024);
      const shapes = [
        { type: label },
        { type: 'audio', data: 'AAAA', mimeType: label },
        { type: 'image', data: 'AAAA', mimeType: label },
        { type: 'resource_link', name: label, uri: 'https://example.com/a', mimeType: label },
        { type: 'resource', resource: { uri: 'https://example.com/b', mimeType: label, blob: 'AAAA' } },
      ];
      return { content: blocksUpTo(b, (i) => shapes[i % shapes.length]) };
    },
  },
  { name: 'long-text', what: 'one text block of 1 MB', build: (b) => ({ content: [{ type: 'text', text: repeatTo('word ', b) }] }) },
  {
    name: 'nested-https-links',
    what: 'links of 4 KB whose path is https:// × 500',
    build: (b) => ({ content: blocksUpTo(b, (i) => link('x', `https://h${i}.example/${'https://'.repeat(500)}`.slice(0, 4000))) }),
  },
  {
    name: 'nested-oneslash-links',
    what: 'links of 4 KB whose path is https:/x/ × 500',
    build: (b) => ({ content: blocksUpTo(b, (i) => link('x', `https://h${i}.example/${'https:/x/'.repeat(500)}`.slice(0, 4000))) }),
  },
  {
    name: 'nested-encoded-links',
    what: 'links of 4 KB whose path is a%3A%2F%2Fb/ × 400',
    build: (b) => ({ content: blocksUpTo(b, (i) => link('x', `https://h${i}.example/${'a%3A%2F%2Fb/'.repeat(400)}`.slice(0, 4000))) }),
  },
  {
    name: 'nested-query-links',
    what: 'links whose query is https:// × 497',
    build: (b) => ({ content: blocksUpTo(b, (i) => link('x', `https://h${i}.example/?${'https://'.repeat(497)}`)) }),
  },
];

/** What one child measured. */
interface Measured {
  readonly inputBytes: number;
  readonly medianMs: number;
  readonly runs: number;
  readonly peakHeapBytes: number;
}

/** Renders `input` once on `lane` with a fresh host. */
function renderOn(lane: LaneName, input: { content: unknown[] }): void {
  const host = createHost({ log: () => {} });
  if (lane === 'tool-result') host.renderToolResult(input, { serverId: 'bench', toolName: 'hostile' });
  else if (lane === 'push')
    host.convertBlocks(input.content.length > 0 ? input.content : [(input as { structuredContent?: unknown }).structuredContent], { serverId: 'bench' });
  else host.scriptView(input, { serverId: 'bench', toolName: 'hostile' });
}

/** The child: builds one family's input, renders it on one lane, writes what it measured to stderr. */
function child(familyName: string, lane: LaneName): void {
  const family = FAMILIES.find((candidate) => candidate.name === familyName);
  if (family === undefined) throw new Error(`no family ${familyName}`);
  const input = family.build(TARGET_BYTES) as { content: unknown[] };
  // A family nested past what `JSON.stringify` can recurse through is built to its size.
  let inputBytes = TARGET_BYTES;
  try {
    inputBytes = Buffer.byteLength(JSON.stringify(input));
  } catch {
    // deep-nesting: two characters per level, built to the target.
  }
  const collect = (globalThis as { gc?: () => void }).gc;
  if (collect === undefined) throw new Error('run with --expose-gc');
  collect();
  const baseline = process.memoryUsage().heapUsed;
  // The GC trace goes to stdout (read by the parent) for the first render alone.
  v8.setFlagsFromString('--trace-gc-nvp');
  let started = performance.now();
  renderOn(lane, input);
  const times = [performance.now() - started];
  const after = process.memoryUsage().heapUsed;
  v8.setFlagsFromString('--no-trace-gc-nvp');
  while (times.length < RUNS && times[0]! < SLOW_RUN_MS) {
    collect();
    started = performance.now();
    renderOn(lane, input);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const measured = { inputBytes, medianMs: times[Math.floor(times.length / 2)]!, runs: times.length, afterBytes: after, baselineBytes: baseline };
  process.stderr.write(`\nRESULT ${JSON.stringify(measured)}\n`);
}

/** Runs one family on one lane in a child; the outcome, or why there is none. */
async function runChild(family: string, lane: LaneName, extraBytes?: number): Promise<Measured | { readonly failed: string }> {
  const time = await runOneChild(family, lane, [], extraBytes);
  if ('failed' in time) return time;
  const heap = await runOneChild(family, lane, ['--max-semi-space-size=1'], extraBytes);
  if ('failed' in heap) return heap;
  return { ...time, peakHeapBytes: heap.peakHeapBytes };
}

function runOneChild(family: string, lane: LaneName, flags: readonly string[], extraBytes?: number): Promise<Measured | { readonly failed: string }> {
  const script = fileURLToPath(import.meta.url);
  const env = extraBytes === undefined ? process.env : { ...process.env, BENCH_HOSTILE_MB: String(extraBytes / 1024 / 1024) };
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, ['--expose-gc', ...flags, '--import', 'tsx', script, '--child', family, lane], { env });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    proc.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => proc.kill('SIGKILL'), CHILD_TIMEOUT_MS);
    proc.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = /RESULT (.*)/.exec(stderr)?.[1];
      if (line === undefined) {
        const why =
          signal === 'SIGKILL'
            ? `timeout > ${CHILD_TIMEOUT_MS / 1000} s`
            : `died (${signal ?? `exit ${code}`}): ${stderr.trim().split('\n').slice(-1)[0] ?? ''}`;
        resolve({ failed: why.slice(0, 120) });
        return;
      }
      const result = JSON.parse(line) as { inputBytes: number; medianMs: number; runs: number; afterBytes: number; baselineBytes: number };
      let peak = result.afterBytes;
      for (const match of stdout.matchAll(/total_size_before=(\d+)/g)) peak = Math.max(peak, Number(match[1]));
      resolve({ inputBytes: result.inputBytes, medianMs: result.medianMs, runs: result.runs, peakHeapBytes: Math.max(0, peak - result.baselineBytes) });
    });
  });
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

async function main(): Promise<void> {
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1]!.split(',') : undefined;
  const families = FAMILIES.filter((family) => only === undefined || only.includes(family.name));
  console.log(
    `bench:hostile — ${(TARGET_BYTES / 1024 / 1024).toFixed(1)} MB per family; targets ≤ ${MS_PER_MB_TARGET} ms/MB, peak heap ≤ ${HEAP_RATIO_TARGET}× input`,
  );
  console.log(`${pad('family', 22)}${pad('lane', 13)}${pad('input', 10)}${pad('ms/MB', 10)}${pad('heap×', 8)}verdict`);
  let allWithin = true;
  for (const family of families) {
    for (const lane of LANES) {
      const outcome = await runChild(family.name, lane);
      if ('failed' in outcome) {
        allWithin = false;
        console.log(`${pad(family.name, 22)}${pad(lane, 13)}${pad('', 10)}${pad('', 10)}${pad('', 8)}FAIL ${outcome.failed}`);
        continue;
      }
      const mb = outcome.inputBytes / 1024 / 1024;
      const msPerMb = outcome.medianMs / mb;
      const heapRatio = outcome.peakHeapBytes / outcome.inputBytes;
      const within = msPerMb <= MS_PER_MB_TARGET && heapRatio <= HEAP_RATIO_TARGET;
      allWithin &&= within;
      console.log(
        `${pad(family.name, 22)}${pad(lane, 13)}${pad(`${(outcome.inputBytes / 1024).toFixed(0)} KB`, 10)}${pad(msPerMb.toFixed(1), 10)}${pad(heapRatio.toFixed(2), 8)}${within ? 'ok' : 'OVER'}`,
      );
    }
  }
  if (only === undefined || only.includes('8mb')) {
    // The 8 MB case: the process must survive it, whatever the time.
    const big = await runChild('fdfa-embedded-uri', 'tool-result', 8 * 1024 * 1024);
    const survived = !('failed' in big);
    allWithin &&= survived;
    console.log(
      survived
        ? `8 MB fdfa-embedded-uri (tool-result): rendered in ${big.medianMs.toFixed(0)} ms, peak heap ${(big.peakHeapBytes / big.inputBytes).toFixed(2)}× input`
        : `8 MB fdfa-embedded-uri (tool-result): FAIL ${big.failed}`,
    );
  }
  console.log(allWithin ? 'every family within target, every lane' : 'NOT every family within target');
  process.exitCode = allWithin ? 0 : 1;
}

if (process.argv[2] === '--child') child(process.argv[3]!, process.argv[4] as LaneName);
else await main();
