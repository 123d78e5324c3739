/** Shared pieces of the command line's tests: string sinks for `main`, paths, process checks. */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliIo } from '../../src/cli/io.js';

/** The project's root folder. */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A path under the project's root. */
export function projectPath(...parts: string[]): string {
  return resolve(PROJECT_ROOT, ...parts);
}

/** The reference server's entry script, as the demo starts it. */
export const EVERYTHING_ENTRY = projectPath('node_modules/@modelcontextprotocol/server-everything/dist/index.js');

/** The fake server that never answers `wait-forever`. */
export const HANGING_SERVER = projectPath('test/cli/fixtures/hanging-server.mjs');

/** `main`'s streams as strings, with optional extras (stdin, interrupt, TTY). */
export function captureIo(extra: Partial<Omit<CliIo, 'stdout' | 'stderr'>> = {}): { io: CliIo; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  const io: CliIo = {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    ...extra,
  };
  return { io, out: () => out, err: () => err };
}

/** The pids the hanging fixture wrote. */
export function readFixturePids(file: string): { server: number; grandchild: number } {
  return JSON.parse(readFileSync(file, 'utf8')) as { server: number; grandchild: number };
}

/** Runs of base64-alphabet characters longer than `max` in `text` (raw data a copy must never hold). */
export function longBase64Runs(text: string, max = 64): string[] {
  return [...text.matchAll(/[A-Za-z0-9+/=]{65,}/g)].map((match) => match[0]).filter((run) => run.length > max);
}
