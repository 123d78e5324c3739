/**
 * `npm run build`'s second step: the command line bundled, `dist/cli.js` (the package's `bin`)
 * and its chunks in `dist/cli-chunks/`. Node resolves, reads and links every ES module apart,
 * which cost `blockwise render` ~0.2 s before it read its input when the CLI was tsc's 60-odd
 * files; now `render` reads two: `cli.js` and the chunk of code it shares with `call`. Every
 * dependency is bundled (the MCP SDK, its zod, ajv): an external ES import would be hoisted into
 * the first file and loaded by every command. Those dependencies sit in the chunks that `main`'s
 * `await import(...)` of `call` and `list` loads, since compiling them in one file with `render`
 * cost it a quarter of its start-up. The library (`dist/index.js`) stays tsc's output.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The folder under the output folder that holds the chunks `cli.js` imports. */
export const CHUNKS_FOLDER = 'cli-chunks';

/** Bundles `src/cli.ts` into `outdir` as `cli.js` and its chunks (`outdir` from the project's root; `dist` for the package). */
export async function bundleCli(outdir: string): Promise<void> {
  // Chunks are named by their hash: a previous build's would stay beside this one's.
  rmSync(join(PROJECT_ROOT, outdir, CHUNKS_FOLDER), { recursive: true, force: true });
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  await build({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: ['src/cli.ts'],
    outdir,
    entryNames: '[name]',
    chunkNames: `${CHUNKS_FOLDER}/[name]-[hash]`,
    splitting: true,
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
    // No source maps: the bundle keeps every name (a stack trace reads as the source), but not the
    // comments and whitespace node would parse on every start (a tenth of what `render` adds to it).
    legalComments: 'eof',
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
  });
}

// Run as a script (`npm run build`), it writes the package's bin; imported (a test), it waits.
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) await bundleCli('dist');
