/**
 * Benchmark of `uriMayCarryCredential` (docs/design.md §7) on the labelled corpus, in one run: recall and
 * false alarms, then throughput as a ratio to one `new URL(uri)` parse of the same uris,
 * measured side by side. Run with `npm run bench:credentials`.
 */
import { readFileSync } from 'node:fs';
import { uriMayCarryCredential } from '../src/uri/credential.js';

interface CorpusEntry {
  readonly uri: string;
  readonly family?: string;
}

interface Corpus {
  readonly credential: readonly CorpusEntry[];
  readonly ordinary: readonly CorpusEntry[];
}

const corpus = JSON.parse(readFileSync(new URL('../test/fixtures/credential-urls.json', import.meta.url), 'utf8')) as Corpus;

const missed = corpus.credential.filter((entry) => !uriMayCarryCredential(entry.uri));
const falseAlarms = corpus.ordinary.filter((entry) => uriMayCarryCredential(entry.uri));
const recall = (corpus.credential.length - missed.length) / corpus.credential.length;

const percent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;
console.log(`corpus: ${corpus.credential.length} credential-bearing, ${corpus.ordinary.length} ordinary`);
console.log(`recall: ${percent(recall)} (${corpus.credential.length - missed.length}/${corpus.credential.length} withheld)`);
for (const entry of missed) console.log(`  missed [${entry.family ?? '?'}] ${entry.uri}`);
console.log(`false alarms: ${falseAlarms.length}/${corpus.ordinary.length} (${percent(falseAlarms.length / corpus.ordinary.length)})`);
for (const entry of falseAlarms) console.log(`  withheld ${entry.uri}`);

function parseOnce(uri: string): unknown {
  try {
    return new URL(uri);
  } catch {
    return undefined;
  }
}

/** Nanoseconds per uri for `fn` over `uris`, the median of several timed rounds. */
function nanosecondsPerUri(uris: readonly string[], fn: (uri: string) => unknown): number {
  const rounds: number[] = [];
  let sink = 0;
  for (let round = 0; round < 15; round++) {
    const started = process.hrtime.bigint();
    for (let pass = 0; pass < 40; pass++) for (const uri of uris) if (fn(uri) !== undefined) sink++;
    rounds.push(Number(process.hrtime.bigint() - started) / (40 * uris.length));
  }
  if (sink < 0) console.log(sink);
  rounds.sort((a, b) => a - b);
  return rounds[Math.floor(rounds.length / 2)] ?? Number.NaN;
}

const sets: readonly (readonly [string, readonly string[]])[] = [
  ['whole corpus', [...corpus.credential, ...corpus.ordinary].map((entry) => entry.uri)],
  ['ordinary links', corpus.ordinary.map((entry) => entry.uri)],
  ['credential-bearing links', corpus.credential.map((entry) => entry.uri)],
];

console.log('throughput (median of 15 rounds, ns per uri):');
for (const [name, uris] of sets) {
  // Warm both paths before timing either.
  nanosecondsPerUri(uris, uriMayCarryCredential);
  nanosecondsPerUri(uris, parseOnce);
  const check = nanosecondsPerUri(uris, uriMayCarryCredential);
  const parse = nanosecondsPerUri(uris, parseOnce);
  console.log(
    `  ${name.padEnd(26)} uriMayCarryCredential ${check.toFixed(0).padStart(6)}  new URL ${parse.toFixed(0).padStart(5)}  ratio ${(check / parse).toFixed(2)}x`,
  );
}
