/**
 * The MCP conformance suite's client scenarios, run against `blockwise call`. The suite
 * (`@modelcontextprotocol/conformance`, pinned) needs Node ≥ 22, so it runs on the npm registry's
 * `node` package, installed with it into a cache folder; blockwise itself runs on this (the
 * system's) Node through `scripts/conformance-client.ts`.
 *
 * `tsx scripts/conformance-suite.ts [scenario...]` runs the scenarios and prints one line each;
 * `tsx scripts/conformance-suite.ts --install` installs the suite first when it is missing (nothing
 * else installs it outside CI: a plain `npm test` never reaches the registry for it).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The suite's version, exactly. */
export const SUITE_VERSION = '0.1.16';

/** The Node the suite runs on, exactly (the `node` package ships the binary for this platform). */
export const NODE_VERSION = '22.23.3';

/** Where the suite and its Node are installed (`BLOCKWISE_NODE22_CACHE` overrides). */
export const CACHE_DIR = process.env.BLOCKWISE_NODE22_CACHE ?? join(homedir(), '.cache', 'blockwise-node22');

/** The command that installs them, as a person would type it. */
export const INSTALL_COMMAND = 'npx tsx scripts/conformance-suite.ts --install';

/** The client scenarios blockwise must pass, in the order they run. */
export const IN_SCOPE: readonly string[] = [
  'initialize',
  'tools_call',
  'sse-retry',
  // The 2025-11-25 authorization flow.
  'auth/metadata-default',
  'auth/metadata-var1',
  'auth/metadata-var2',
  'auth/metadata-var3',
  'auth/basic-cimd',
  'auth/scope-from-www-authenticate',
  'auth/scope-from-scopes-supported',
  'auth/scope-omitted-when-undefined',
  'auth/scope-step-up',
  'auth/scope-retry-limit',
  'auth/token-endpoint-auth-basic',
  'auth/token-endpoint-auth-post',
  'auth/token-endpoint-auth-none',
  'auth/pre-registration',
  // Older servers (2025-03-26 metadata) and the draft's refinements: the SDK's flow passes them too.
  'auth/2025-03-26-oauth-metadata-backcompat',
  'auth/2025-03-26-oauth-endpoint-fallback',
  'auth/resource-mismatch',
  'auth/offline-access-scope',
  'auth/offline-access-not-supported',
];

/**
 * Checks a scenario must record as SUCCESS to pass, beyond "none failed": for a scenario whose
 * only verdict is that the client refused something, a client that did nothing would refuse it
 * too, so the steps before the refusal must be seen.
 */
export const REQUIRED_CHECKS: Readonly<Record<string, readonly string[]>> = {
  'auth/resource-mismatch': ['prm-pathbased-requested', 'authorization-server-metadata', 'resource-mismatch-rejected'],
};

/** The client scenarios blockwise doesn't run, and why (the README says the same). */
export const OUT_OF_SCOPE: Readonly<Record<string, string>> = {
  'elicitation-sep1034-client-defaults': 'call offers no elicitation: it renders what a tool returns and never asks a user for input',
  'auth/client-credentials-jwt': 'client credentials (an extension) authenticate a machine, not a user; call acts for a person at a browser',
  'auth/client-credentials-basic': 'client credentials (an extension) authenticate a machine, not a user; call acts for a person at a browser',
  'auth/cross-app-access-complete-flow':
    "cross-app access (an extension) needs an enterprise identity provider's ID token, which a command line has no way to hold",
};

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The installed suite, or why it isn't there. */
export type Suite = { readonly ok: true; readonly node: string; readonly cli: string } | { readonly ok: false; readonly reason: string };

/** One check of a scenario, as the suite records it. */
export interface ScenarioCheck {
  readonly id: string;
  readonly status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | string;
  readonly description: string;
}

/** A scenario's outcome. */
export interface ScenarioResult {
  readonly scenario: string;
  readonly exitCode: number | null;
  readonly checks: readonly ScenarioCheck[];
  /** The suite's own output, for a failure's message. */
  readonly output: string;
}

/** The suite as installed in {@link CACHE_DIR}, when both pinned versions are there. */
export function findSuite(): Suite {
  const node = join(CACHE_DIR, 'node_modules', 'node', 'bin', 'node');
  const cli = join(CACHE_DIR, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
  const version = (name: string) => {
    try {
      return (JSON.parse(readFileSync(join(CACHE_DIR, 'node_modules', name, 'package.json'), 'utf8')) as { version?: string }).version;
    } catch {
      return undefined;
    }
  };
  if (!existsSync(node) || version('node') !== NODE_VERSION) return { ok: false, reason: `node@${NODE_VERSION} is not in ${CACHE_DIR}` };
  if (!existsSync(cli) || version('@modelcontextprotocol/conformance') !== SUITE_VERSION)
    return { ok: false, reason: `@modelcontextprotocol/conformance@${SUITE_VERSION} is not in ${CACHE_DIR}` };
  return { ok: true, node, cli };
}

/** The suite, installed into {@link CACHE_DIR} from the npm registry when it is missing. */
export async function ensureSuite(): Promise<Suite> {
  const found = findSuite();
  if (found.ok) return found;
  const install = await run(
    'npm',
    ['install', '--prefix', CACHE_DIR, '--save-exact', '--no-audit', '--no-fund', `node@${NODE_VERSION}`, `@modelcontextprotocol/conformance@${SUITE_VERSION}`],
    {},
    300_000,
  );
  const after = findSuite();
  if (after.ok) return after;
  return { ok: false, reason: `installing failed (${after.reason}; npm exited ${install.code}: ${install.output.trim().split('\n').slice(-3).join(' / ')})` };
}

/** The command that runs `blockwise call` as the suite's client (the suite splits it on spaces). */
export function blockwiseClientCommand(): string {
  return [process.execPath, join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'scripts', 'conformance-client.ts')].join(' ');
}

/** A client that does nothing and exits 0: every scenario must fail with it, or the scenario proves nothing. */
export function doNothingClientCommand(): string {
  return `${process.execPath} -e 0`;
}

/** Runs one client scenario with `command` (by default `blockwise call`) as the client under test. */
export async function runScenario(suite: Extract<Suite, { ok: true }>, scenario: string, command = blockwiseClientCommand()): Promise<ScenarioResult> {
  const outDir = mkdtempSync(join(tmpdir(), 'blockwise-conformance-'));
  const { code, output } = await run(
    suite.node,
    [suite.cli, 'client', '--command', command, '--scenario', scenario, '--output-dir', outDir, '--timeout', '30000'],
    { NO_COLOR: '1' },
    60_000,
  );
  return { scenario, exitCode: code, checks: readChecks(outDir), output };
}

/** Runs `scenarios`, `concurrency` at a time, in order of completion. */
export async function runScenarios(suite: Extract<Suite, { ok: true }>, scenarios: readonly string[], concurrency = 2): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  let next = 0;
  const worker = async () => {
    while (next < scenarios.length) {
      const scenario = scenarios[next++] as string;
      results.push(await runScenario(suite, scenario));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, scenarios.length) }, worker));
  return results;
}

/** The client scenarios the installed suite lists. */
export async function listClientScenarios(suite: Extract<Suite, { ok: true }>): Promise<string[]> {
  const { output } = await run(suite.node, [suite.cli, 'list', '--client'], { NO_COLOR: '1' }, 30_000);
  return [...output.matchAll(/^ {2}- (\S+) \[/gm)].map((match) => match[1] as string);
}

/**
 * True when a scenario passed: the suite exited 0, some check succeeded, no check failed or
 * warned, and every check {@link REQUIRED_CHECKS} names for it succeeded.
 */
export function passed(result: ScenarioResult): boolean {
  const succeeded = new Set(result.checks.filter((check) => check.status === 'SUCCESS').map((check) => check.id));
  return (
    result.exitCode === 0 &&
    succeeded.size > 0 &&
    result.checks.every((check) => check.status !== 'FAILURE' && check.status !== 'WARNING') &&
    (REQUIRED_CHECKS[result.scenario] ?? []).every((id) => succeeded.has(id))
  );
}

function readChecks(dir: string): ScenarioCheck[] {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (entry === 'checks.json') return JSON.parse(readFileSync(path, 'utf8')) as ScenarioCheck[];
    if (statSync(path).isDirectory()) {
      const inner = readChecks(path);
      if (inner.length > 0) return inner;
    }
  }
  return [];
}

function run(file: string, args: readonly string[], env: Record<string, string>, ms: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolvePromise) => {
    const child = spawn(file, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-64_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolvePromise({ code: null, output: `${output}\n${error.message}` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, output });
    });
  });
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const install = args.includes('--install');
  const suite = install ? await ensureSuite() : findSuite();
  if (!suite.ok) {
    process.stderr.write(`conformance: ${suite.reason}\ninstall it with: ${INSTALL_COMMAND}\n`);
    return 1;
  }
  const wanted = args.filter((arg) => arg !== '--install');
  const started = Date.now();
  const results = await runScenarios(suite, wanted.length > 0 ? wanted : IN_SCOPE);
  for (const result of results) {
    const failed = result.checks.filter((check) => check.status === 'FAILURE' || check.status === 'WARNING');
    process.stdout.write(
      `${passed(result) ? 'ok    ' : 'FAILED'} ${result.scenario} (${result.checks.filter((check) => check.status === 'SUCCESS').length} checks passed${failed.length > 0 ? `; failed: ${failed.map((check) => check.id).join(', ')}` : ''})\n`,
    );
  }
  const good = results.filter(passed).length;
  process.stdout.write(`${good} passed, ${results.length - good} failed (${Math.round((Date.now() - started) / 1000)} s)\n`);
  return good === results.length ? 0 : 1;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = await main();
