/**
 * `npm run bench:cli`: `blockwise render` as a whole process, as a user runs it (the built CLI,
 * `node dist/cli.js render FILE`), under `/usr/bin/time` for its wall time and resident peak.
 * Start-up is the render of a one-line result, beside `node -e ""` (node's own start); the
 * 50 MB files are a text block carrying 50 MB of JSON records (what most servers send), the
 * same records as a `structuredContent` `{records: [...]}`, and as one text block each (a
 * result of many blocks). Targets (issue 15): start-up under 0.1 s; peak at most twice the
 * file's size. `CLI=path/to/cli.js` measures another build (another checkout's, for a before).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listingRecords } from './records.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CLI = process.env.CLI ?? 'dist/cli.js';
const dir = mkdtempSync(join(tmpdir(), 'blockwise-cli-bench-'));

/** Records of about 450 characters each, to about `megabytes` MB of JSON. */
function records(megabytes: number): unknown[] {
  return listingRecords(Math.ceil((megabytes * 1e6) / 450));
}

function file(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
}

/**
 * Median wall seconds, CPU seconds (user and system: what a loaded machine's waiting leaves out)
 * and resident peak (bytes) of `node ...args` over the rounds.
 */
function run(args: string[]): { seconds: number; cpu: number; peak: number } {
  const seconds: number[] = [];
  const cpus: number[] = [];
  const peaks: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const timed = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', process.execPath, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
    const [wall, user, system, kb] = timed.stderr.trim().split('\n').at(-1)!.split(' ').map(Number);
    seconds.push(wall!);
    cpus.push(user! + system!);
    peaks.push(kb! * 1024);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { seconds: median(seconds), cpu: median(cpus), peak: median(peaks) };
}

try {
  const small = file('small.json', { content: [{ type: 'text', text: 'hello' }] });
  const data = records(50);
  const text = file('text-50mb.json', { content: [{ type: 'text', text: JSON.stringify({ records: data }) }] });
  const structured = file('structured-50mb.json', { content: [], structuredContent: { records: data } });
  const blocks = file('blocks-50mb.json', { content: data.map((record) => ({ type: 'text', text: JSON.stringify(record) })) });
  const bare = run(['-e', '']);
  const startup = run([CLI, 'render', small]);
  console.log(`node -e "": ${bare.seconds.toFixed(2)} s (CPU ${bare.cpu.toFixed(2)} s), ${(bare.peak / 2 ** 20).toFixed(0)} MiB`);
  console.log(
    `start-up (render of a one-line result): ${startup.seconds.toFixed(2)} s (${(startup.seconds - bare.seconds).toFixed(2)} s past node's own; CPU ${startup.cpu.toFixed(2)} s, ${(startup.cpu - bare.cpu).toFixed(2)} s past node's own), ${(startup.peak / 2 ** 20).toFixed(0)} MiB`,
  );
  for (const [name, path] of [
    ['text block of 50 MB JSON', text],
    ['structuredContent {records}, 50 MB', structured],
    [`${data.length.toLocaleString('en-US')} text blocks, one record each`, blocks],
  ] as const) {
    const size = statSync(path).size;
    const measured = run([CLI, 'render', path]);
    console.log(
      `${name} (${(size / 1e6).toFixed(0)} MB file): ${measured.seconds.toFixed(2)} s, peak ${(measured.peak / 2 ** 20).toFixed(0)} MiB = ${(measured.peak / size).toFixed(2)}× the file`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
