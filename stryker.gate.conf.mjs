// The mutation gate (npm run mutation:gate, run by CI): the four core decisions, each in its
// own small module so this `mutate` list is the gate. Every mutant must be killed: survived,
// no-coverage and ignored mutants all fail it (scripts/mutation-gate-check.ts reads the report).
import { readFileSync } from 'node:fs';

const base = JSON.parse(readFileSync(new URL('./stryker.conf.json', import.meta.url), 'utf8'));

export default {
  ...base,
  mutate: ['src/lanes/goes-native.ts', 'src/uri/shown-link-uri.ts', 'src/references/dial-check.ts', 'src/uri/credential.ts'],
  // Only the four modules' own unit tests run per mutant; the property tests run in npm test.
  vitest: { configFile: 'vitest.gate.config.ts', related: false },
  checkers: ['typescript'],
  // The checker compiles only the gated modules, their tests and what they import: the whole
  // project's program (the provider SDKs' types with it) made each mutant's check five times
  // slower.
  tsconfigFile: 'tsconfig.gate.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation-gate/mutation.json' },
  thresholds: { high: 100, low: 100, break: 100 },
  incremental: false,
  // Every mutant runs, static ones included: an ignored mutant would fail the gate.
  ignoreStatic: false,
  // Its own sandbox folder, so a whole-library run and the gate never clean each other's.
  tempDirName: '.stryker-tmp-gate',
};
