import { describe, expect, it } from 'vitest';
import { reportLines, runConformance } from '../../conformance/conformance.js';
import { HAS_SHARED, SHARED_DIR, SKIP_REASON } from '../support/shared.js';

describe(runConformance.name, () => {
  it.skipIf(!HAS_SHARED)(
    `passes every RFC-005 vector, schema and host (${HAS_SHARED ? 'reads ../shared' : SKIP_REASON})`,
    async () => {
      const result = await runConformance({ sharedDir: SHARED_DIR });
      const lines = reportLines(result);
      expect(lines.slice(0, -1)).toEqual([]);
      expect(lines.at(-1)).toBe('schema 43/43, host 43/43');
      expect(result.total).toBe(43);
    },
    60_000,
  );
});
