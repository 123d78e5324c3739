/**
 * Micro-benchmark of `uriMayCarryCredential` (docs/design.md §7) on the two shapes of ordinary
 * new link a render shows most (bench/lane.ts's bench (b)): a presigned S3 link (~330 chars,
 * withheld at its `X-Amz-Credential`) and a plain link with a page number (shown). Prints
 * nanoseconds per link for each shape, every link asked about once per pass (so the rule's
 * memory of the last uri never answers). As in a render, each link's text is read first
 * (`readAndKeepPlainHttpUri`, which `readUriText` calls and whose reading the rule reuses); the
 * time of that reading alone, timed in its own loop, is taken off. Run with
 * `npx tsx bench/credentials-links.ts`.
 *
 * `BENCH_CREDENTIALS_OLD` names another checkout's `src/uri` folder (a before-and-after
 * comparison): both are then timed in one process, rounds interleaved, so that a shared
 * machine's load weighs on both alike.
 */
import { uriMayCarryCredential } from '../src/uri/credential.js';
import { readAndKeepPlainHttpUri } from '../src/uri/uri-parts.js';

type Rule = (uri: string) => boolean;
type Reading = (uri: string) => unknown;

const LINKS_PER_SHAPE = 20_000;
const ROUNDS = 15;

const shapes: readonly (readonly [string, readonly string[]])[] = [
  [
    'presigned S3 link',
    Array.from(
      { length: LINKS_PER_SHAPE },
      (_, i) =>
        `https://bucket.s3.amazonaws.com/exports/r${i >> 8}/file-${i}.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAEXAMPLE%2F20260101%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20260101T000000Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=${'ab'.repeat(32)}`,
    ),
  ],
  ['plain link', Array.from({ length: LINKS_PER_SHAPE }, (_, i) => `https://example.com/exports/r${i >> 8}/file-${i}.csv?page=${i}`)],
];

const rules: (readonly [string, Rule, Reading])[] = [['this build', uriMayCarryCredential, readAndKeepPlainHttpUri]];
const old = process.env.BENCH_CREDENTIALS_OLD;
if (old !== undefined) {
  const rule = (await import(`${old}/credential.ts`)) as { uriMayCarryCredential: Rule };
  const parts = (await import(`${old}/uri-parts.ts`)) as { readAndKeepPlainHttpUri: Reading };
  rules.push(['old build', rule.uriMayCarryCredential, parts.readAndKeepPlainHttpUri]);
}

for (const [shape, uris] of shapes) {
  // The verdicts must agree between builds: a faster rule that answers otherwise is no gain.
  for (const [name, rule] of rules) {
    const withheld = uris.filter((uri) => rule(uri)).length;
    console.log(`${shape}: ${name} withholds ${withheld}/${uris.length}`);
  }
  const rounds = rules.map((): number[] => []);
  let sink = 0;
  for (let round = 0; round < ROUNDS; round++) {
    rules.forEach(([, rule, read], index) => {
      const started = process.hrtime.bigint();
      for (const uri of uris) if (read(uri) === undefined) sink++;
      const readOnly = process.hrtime.bigint();
      for (const uri of uris) {
        if (read(uri) === undefined) sink++;
        if (rule(uri)) sink++;
      }
      const ended = process.hrtime.bigint();
      rounds[index]?.push(Number(ended - readOnly - (readOnly - started)) / uris.length);
    });
  }
  if (sink < 0) console.log(sink);
  rules.forEach(([name], index) => {
    console.log(`${shape}: ${name} ${median(rounds[index] ?? []).toFixed(0)} ns per link (median of ${ROUNDS} rounds)`);
  });
}

function median(values: number[]): number {
  const sorted = values.sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
