/** This package's version, read once from its package.json (for `--version` and `initialize`). */
import { readFileSync } from 'node:fs';

let version: string | undefined;

/** This package's version, or `0.0.0` where its package.json can't be read. */
export function packageVersion(): string {
  if (version === undefined) {
    try {
      const read = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown }).version;
      version = typeof read === 'string' ? read : '0.0.0';
    } catch {
      version = '0.0.0';
    }
  }
  return version;
}
