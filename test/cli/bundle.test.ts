/**
 * The package's `bin` is bundled (scripts/bundle-cli.ts): it must behave as the source does,
 * carry the package's version, and start `render` from its own two files, loading no package and
 * not the chunks `call` needs (that is what makes it start quickly).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleCli, CHUNKS_FOLDER } from '../../scripts/bundle-cli.js';
import { main } from '../../src/cli/main.js';
import { EVERYTHING_ENTRY, PROJECT_ROOT, captureIo, projectPath } from './helpers.js';

/** A module hook that prints every ES module node loads, one `LOADED <url>` line each on stderr. */
const LOAD_LOGGER = `data:text/javascript,${encodeURIComponent(`
import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(
  'export async function load(url, context, next) { process._rawDebug("LOADED " + url); return next(url, context); }'
));
`)}`;

let dir: string;
let bundle: string;

beforeAll(async () => {
  // Inside the project, so the bundle finds `image-size` in node_modules as the installed one does.
  dir = mkdtempSync(join(PROJECT_ROOT, 'node_modules', '.blockwise-bundle-test-'));
  bundle = join(dir, 'cli.js');
  await bundleCli(relative(PROJECT_ROOT, dir));
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runBundle(args: string[], nodeArgs: string[] = []) {
  return spawnSync(process.execPath, [...nodeArgs, bundle, ...args], { cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 60_000 });
}

describe(bundleCli.name, () => {
  it('--version prints the version in package.json', () => {
    const { version } = JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string };
    const ran = runBundle(['--version']);
    expect(ran.status).toBe(0);
    expect(ran.stdout).toBe(`blockwise ${version}\n`);
  });

  it("render prints what the source prints, and loads only cli.js and one chunk of its own besides node's modules", async () => {
    const { io, out, err } = captureIo();
    const code = await main(['render', 'examples/mixed-result.json'], io);
    const ran = runBundle(['render', 'examples/mixed-result.json'], ['--import', LOAD_LOGGER]);
    expect(ran.status).toBe(code);
    // Reference ids are random per host: the same output up to them.
    const sameIds = (text: string) => text.replace(/\bref-[\w-]{16}(?![\w-])/g, 'ref-…');
    expect(sameIds(ran.stdout)).toBe(sameIds(out()));
    const loaded = ran.stderr
      .split('\n')
      .filter((line) => line.startsWith('LOADED '))
      .map((line) => line.slice('LOADED '.length));
    const ours = loaded.filter((url) => !url.startsWith('node:'));
    expect(ours[0]).toBe(pathToFileURL(bundle).href);
    expect(ours.slice(1)).toEqual([expect.stringMatching(new RegExp(`^${pathToFileURL(join(dir, CHUNKS_FOLDER)).href}/chunk-[\\w-]+\\.js$`))]);
    expect(
      ran.stderr
        .split('\n')
        .filter((line) => line !== '' && !line.startsWith('LOADED '))
        .join('\n'),
    ).toBe(err().trimEnd());
  });

  it('list runs the MCP client bundled inside it against the reference server', () => {
    const ran = runBundle(['list', '--', process.execPath, EVERYTHING_ENTRY, 'stdio']);
    expect(ran.stderr).toBe('');
    expect(ran.status).toBe(0);
    expect(ran.stdout).toMatch(/^tool: echo\b/m);
  });
});
