/**
 * A data result whose JSON is one big member (issue 15): rendered in memory bounded by a few
 * pieces of it, not by its whole text, and the rendered result keeps only what a copy shows.
 * Measured in a child process (`--expose-gc`, its resident high-water mark); bounds are
 * generous, and nothing is timed.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MB = 1e6;

describe('a 200 MB data result that is one big member', () => {
  it('renders with its peak memory far below its JSON text, keeping only what a copy shows', () => {
    const run = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=1024', '--import', 'tsx', 'test/bounds/fixtures/big-member-child.ts'], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      env: { ...process.env, BIG_MEMBER_MB: '200' },
      timeout: 120_000,
    });
    expect(run.stderr).toBe('');
    const measured = JSON.parse(run.stdout) as Record<string, number | string>;
    const jsonChars = measured.jsonChars as number;
    expect(jsonChars).toBeGreaterThan(190 * MB);
    // One copy of the JSON text would be 200 MB; the render may rise a fraction of that.
    expect(measured.peakRise).toBeLessThan(jsonChars / 4);
    // The rendered result keeps a copy's worth, not the JSON (which would be 200 MB).
    expect(measured.kept).toBeLessThan(4 * MB);
    expect(measured.blockChars).toBeLessThan(30_000);
    // The whole's length is still counted, exactly, for the cut notice.
    expect(measured.shownLength).toBe(jsonChars);
    expect(measured.storedChars).toBeLessThanOrEqual(24_000);
    expect(measured.storedStart).toBe('{"records":[{"id":0,"name":"record","act');
  }, 150_000);
});
