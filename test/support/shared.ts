/**
 * Access to the workplace's `../shared` folder (MCP schemas, RFC-005 vectors, captures) for
 * tests that read it. Nothing from there is copied into the project.
 *
 * - With `BLOCKWISE_SHARED` set (CI sets it), the folder must exist: a missing file fails.
 * - Without it, `../shared` beside the project is used when present; otherwise the tests
 *   that need it skip, with a reason naming the folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fromEnv = process.env.BLOCKWISE_SHARED;

/** The shared folder's absolute path (whether or not it exists). */
export const SHARED_DIR = resolve(projectRoot, fromEnv ?? '../shared');

/** True when the shared folder is present, or must be (BLOCKWISE_SHARED is set). */
export const HAS_SHARED = fromEnv !== undefined || existsSync(SHARED_DIR);

/** The reason a shared-data test skips, used in its name. */
export const SKIP_REASON = `skipped: ../shared is not on this machine (set BLOCKWISE_SHARED to its path)`;

/** Absolute path of a file under the shared folder. */
export function sharedPath(...parts: string[]): string {
  return resolve(SHARED_DIR, ...parts);
}

/** Reads a shared file as text; throws naming the file when it is missing. */
function readShared(...parts: string[]): string {
  const path = sharedPath(...parts);
  if (!existsSync(path)) throw new Error(`shared file missing: ${path} (BLOCKWISE_SHARED=${fromEnv ?? 'unset'})`);
  return readFileSync(path, 'utf8');
}

/** Reads and parses a shared JSON file. */
export function readSharedJson<T = unknown>(...parts: string[]): T {
  return JSON.parse(readShared(...parts)) as T;
}

/** The project's root folder. */
export const PROJECT_ROOT = projectRoot;
