/**
 * blockwise's RFC-005 conformance runner (command line): `npx tsx conformance/run.ts`.
 * Reads `$BLOCKWISE_SHARED/rfc005/bulk-reference-vectors.json` (default `../shared` beside the
 * project), prints one line per failing case and `schema N/43, host N/43`; exits 1 on any
 * failure, 2 when the vectors are missing.
 */
import { reportLines, runConformance } from './conformance.js';
import { VectorsMissing } from './vectors.js';

try {
  const result = await runConformance();
  for (const line of reportLines(result)) process.stdout.write(`${line}\n`);
  const passed = result.total > 0 && result.schemaPassed === result.total && result.hostPassed === result.total;
  process.exitCode = passed ? 0 : 1;
} catch (error) {
  if (error instanceof VectorsMissing) {
    process.stderr.write(`conformance: ${error.message}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`conformance: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
