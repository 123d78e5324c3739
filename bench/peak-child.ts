/**
 * Run by `bench/lane.ts` in its own process (`--expose-gc`): builds `{records: [...]}` of about
 * `PEAK_MB` MB of JSON (the bench's records, sharing their strings so the value is small beside
 * its JSON), then runs one of `JSON.stringify` or the tool-result lane on it and prints how far
 * the process's resident high-water mark rose, in bytes. One measure per process: the mark
 * only ever rises.
 */
// The built library, as a host runs it (npm run bench builds first).
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
if (which === 'json') JSON.stringify(input);
else host.renderToolResult(input, { serverId: 'bench' });
process.stdout.write(`${process.resourceUsage().maxRSS * 1024 - before}\n`);
