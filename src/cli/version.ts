/** This package's version (for `--version` and `initialize`). */
import { readFileSync } from 'node:fs';

/** Set by the bundler (`scripts/bundle-cli.ts`) in `dist/cli.js`; undeclared when run from source. */
declare const __BLOCKWISE_VERSION__: string | undefined;

let version: string | undefined;

/** This package's version, or `0.0.0` where its package.json can't be read. */
export function packageVersion(): string {
  version ??= typeof __BLOCKWISE_VERSION__ === 'string' ? __BLOCKWISE_VERSION__ : readVersion();
  return version;
}

/** The version in package.json, read from the source tree (`tsx src/cli.ts`, the tests). */
function readVersion(): string {
  try {
    const read = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown }).version;
    return typeof read === 'string' ? read : '0.0.0';
  } catch {
    return '0.0.0';
  }
}
