/**
 * A guard against a hang, not a measure of speed: runs a script in a child Node process (through
 * tsx, so it may import `src/` as TypeScript) and kills it at a limit far past what linear work
 * needs. For a regular expression's linearity, which no counter can see from outside the engine:
 * on inputs of a megabyte a linear match takes milliseconds and a quadratic one minutes, so only
 * a super-linear regression reaches the limit. A child, because a synchronous match can't be
 * interrupted in the test's own process (the test's timeout never fires while it runs).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Where the project's `src/` is, for a script's imports. */
export const SRC_DIR = fileURLToPath(new URL('../../src/', import.meta.url));

/** The generous limit: linear work on a megabyte, plus the child's start, on a loaded machine, many times over. */
const HANG_LIMIT_MS = 20_000;

/** What a guarded script ended with: whether it ran to its end, and the JSON it printed last. */
export interface Guarded {
  readonly ended: boolean;
  readonly printed: unknown;
  readonly stderr: string;
}

/**
 * Runs `source` (an ES module in TypeScript; it prints its findings with
 * `console.log(JSON.stringify(…))`) in a child, killed at `HANG_LIMIT_MS`.
 */
export function runGuarded(source: string): Guarded {
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], {
    encoding: 'utf8',
    timeout: HANG_LIMIT_MS,
    maxBuffer: 16 * 1024 * 1024,
  });
  const ended = child.signal === null && child.status === 0;
  const lines = (child.stdout ?? '').trim().split('\n');
  const last = lines[lines.length - 1] ?? '';
  return { ended, printed: ended && last !== '' ? (JSON.parse(last) as unknown) : undefined, stderr: child.stderr ?? '' };
}
