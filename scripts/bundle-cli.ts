/**
 * `npm run build`'s second step: the command line as one file, `dist/cli.js` (the package's
 * `bin`). Node resolves, reads and links every ES module apart, which cost `blockwise render`
 * ~0.2 s before it read its input when the CLI was tsc's 60-odd files; one file is one read and
 * one compile. Every dependency is inside it (the MCP SDK and its zod too): an external ES import
 * would be hoisted to the top of the file and loaded by every command, while bundled modules
 * reached through `main`'s `await import(...)` stay closures that only `call` and `list` run.
 * The library (`dist/index.js`) stays tsc's output, one module per source file.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Bundles `src/cli.ts` into `outfile` (a path from the project's root; `dist/cli.js` for the package). */
export async function bundleCli(outfile: string): Promise<void> {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  await build({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: ['src/cli.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // `image-size` is loaded with `createRequire` on the first image, from the installed package.
    external: ['image-size'],
    // Bundled CommonJS dependencies (cross-spawn, ajv) `require` node's modules; an ES module has no
    // `require` of its own.
    banner: { js: "import { createRequire as __blockwiseCreateRequire } from 'node:module';\nconst require = __blockwiseCreateRequire(import.meta.url);" },
    define: { __BLOCKWISE_VERSION__: JSON.stringify(pkg.version) },
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'eof',
    logLevel: 'warning',
  });
}

// Run as a script (`npm run build`), it writes the package's bin; imported (a test), it waits.
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) await bundleCli('dist/cli.js');
