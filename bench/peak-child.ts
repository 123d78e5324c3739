/**
 * Run by `bench/lane.ts` in its own process (`--expose-gc`): builds `{records: [...]}` of about
 * `PEAK_MB` MB of JSON (the bench's records, sharing their strings so the value is small beside
 * its JSON), then runs one of `JSON.stringify` or the tool-result lane on it and prints how far
 * the process's resident high-water mark rose, in bytes (stdout's last line), with V8's GC trace
 * during the run on stdout and the heap used before and after it on stderr, from which the parent
 * reads the heap's high-water rise. One measure per process: the resident mark only ever rises.
 */
// The built library, as a host runs it (npm run bench builds first).
import v8 from 'node:v8';
import { createHost } from '../dist/index.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with --expose-gc');
const which = process.argv[2];
const megabytes = Number(process.env.PEAK_MB ?? 200);
const description =
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Item number in the fixture set, with a little more text to weigh it like a real record does.';
const tags = ['alpha', 'beta', 'gamma'];
const owner = { login: 'user1', id: 1, site_admin: false };
const one = { id: 0, name: 'record 0', active: true, score: 7.31, tags, url: 'https://example.com/items/0?ref=listing&page=0', description, owner };
const count = Math.ceil((megabytes * 1e6) / JSON.stringify(one).length);
const records = Array.from({ length: count }, (_, i) => ({ ...one, id: i }));
const input = { data: { records } };
const host = createHost({ log: () => {}, cap: 24_000 });
// Both sides warm on a small input first.
JSON.stringify({ data: { records: records.slice(0, 1000) } });
host.renderToolResult({ data: { records: records.slice(0, 1000) } }, { serverId: 'warm' });
gc();
const before = Math.max(process.resourceUsage().maxRSS * 1024, process.memoryUsage().rss);
const heapBefore = process.memoryUsage().heapUsed;
// The heap's high-water mark during the run: the GC trace's sizes before each collection (on
// stderr, read by the parent) and the heap after it. Unlike the resident mark it isn't hidden by
// pages the input's building freed and the process kept: at 10 MB those hide most of a 10 MB text.
v8.setFlagsFromString('--trace-gc-nvp');
let out: unknown;
if (which === 'json') out = JSON.stringify(input);
else out = host.renderToolResult(input, { serverId: 'bench' });
const heapAfter = process.memoryUsage().heapUsed;
v8.setFlagsFromString('--no-trace-gc-nvp');
process.stderr.write(`\nHEAP ${heapBefore} ${heapAfter} ${typeof out}\n`);
process.stdout.write(`${process.resourceUsage().maxRSS * 1024 - before}\n`);
