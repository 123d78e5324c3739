/**
 * The credential rule and the name rule against the verdicts they gave on a seeded corpus of links
 * (`test/support/uri-corpus.ts`) when the verdicts were recorded: a change made for speed must
 * give every link the same verdicts, and above all must show nothing that was withheld. The
 * verdicts are in `test/fixtures/credential-verdicts.json`; a change to the rule's lists that is
 * meant to change verdicts records them again with
 * `UPDATE_CREDENTIAL_VERDICTS=1 npx vitest run test/uri/credential-differential.test.ts`, and the
 * review reads the links it lists as changed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NO_CLAIMS } from '../../src/references/claims.js';
import { uriMayCarryCredential } from '../../src/uri/credential.js';
import { shownName } from '../../src/uri/shown-name.js';
import { judgedUriMayCarryCredential } from '../../src/uri/shown-uri-text.js';
import { uriCorpus } from '../support/uri-corpus.js';

const FIXTURE = new URL('../fixtures/credential-verdicts.json', import.meta.url);
const SEED = 20_261_202;
const GENERATED = 20_000;

/** What is recorded of each link, one bit each: true where it is withheld. */
const CHECKS = {
  uri: (uri: string) => uriMayCarryCredential(uri),
  judged: (uri: string) => judgedUriMayCarryCredential(uri),
  name: (uri: string, name: string) => shownName(name, uri, NO_CLAIMS) === undefined,
} as const;
type Check = keyof typeof CHECKS;

interface Recorded {
  readonly seed: number;
  readonly generated: number;
  readonly links: number;
  /** Per check, the links withheld as a bit set (bit `i % 8` of byte `i >> 3`), in base64. */
  readonly withheld: Record<Check, string>;
}

const corpus = uriCorpus(SEED, GENERATED);

function verdicts(): Record<Check, boolean[]> {
  const given = { uri: [] as boolean[], judged: [] as boolean[], name: [] as boolean[] };
  for (const { uri, name } of corpus) {
    given.uri.push(CHECKS.uri(uri));
    given.judged.push(CHECKS.judged(uri));
    given.name.push(CHECKS.name(uri, name));
  }
  return given;
}

const packed = (bits: readonly boolean[]): string => {
  const bytes = Buffer.alloc(Math.ceil(bits.length / 8));
  bits.forEach((bit, index) => {
    if (bit) bytes[index >> 3]! |= 1 << (index & 7);
  });
  return bytes.toString('base64');
};

const unpacked = (text: string, length: number): boolean[] => {
  const bytes = Buffer.from(text, 'base64');
  return Array.from({ length }, (_, index) => ((bytes[index >> 3] ?? 0) & (1 << (index & 7))) !== 0);
};

describe('the credential and name rules on the recorded corpus', () => {
  const given = verdicts();

  if (process.env.UPDATE_CREDENTIAL_VERDICTS === '1') {
    it('records the verdicts', () => {
      const recorded: Recorded = {
        seed: SEED,
        generated: GENERATED,
        links: corpus.length,
        withheld: { uri: packed(given.uri), judged: packed(given.judged), name: packed(given.name) },
      };
      writeFileSync(FIXTURE, `${JSON.stringify(recorded, null, 2)}\n`);
    });
    return;
  }

  const recorded = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Recorded;

  it('reads the corpus the verdicts were recorded for', () => {
    expect([recorded.seed, recorded.generated, recorded.links]).toEqual([SEED, GENERATED, corpus.length]);
  });

  it('withholds a good share of the corpus and shows a good share, so both ways are tried', () => {
    for (const check of Object.keys(CHECKS) as Check[]) {
      const withheld = given[check].filter(Boolean).length;
      expect(withheld).toBeGreaterThan(corpus.length / 5);
      expect(withheld).toBeLessThan((corpus.length * 4) / 5);
    }
  });

  it.each(Object.keys(CHECKS) as Check[])('%s: gives every link the verdict recorded for it', (check) => {
    const want = unpacked(recorded.withheld[check], corpus.length);
    const changed = corpus.flatMap((link, index) => (given[check][index] === want[index] ? [] : [{ ...link, withheld: given[check][index] }]));
    // The links now shown that were withheld come first: those are the leaks.
    changed.sort((a, b) => Number(a.withheld) - Number(b.withheld));
    expect(changed.slice(0, 20)).toEqual([]);
  });
});
