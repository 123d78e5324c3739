/**
 * `blockwise call` end to end: real servers spawned for real — the reference server
 * (server-everything, as `npm run demo` starts it, and over HTTP), a fake server that never
 * answers a call, servers that fail to start or exit at once — and no process left behind.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { CALL_OUTCOME_TEXT, CALL_TEXT, errorLine, SKIP_TEXT } from '../../src/cli/messages.js';
import type { RenderedSummary } from '../../src/cli/print.js';
import { isGroupAlive, isProcessAlive } from '../../src/cli/server-process.js';
import { captureIo, EVERYTHING_ENTRY, HANGING_SERVER, longBase64Runs, PROJECT_ROOT, projectPath, readFixturePids } from './helpers.js';

const CALLS_FILE = projectPath('examples/server-everything-calls.json');

type CallLine = RenderedSummary & { tool: string; skipped?: true; reason?: string; error?: string; timedOut?: true; arguments?: Record<string, unknown> };

function run(args: string[], extra: Parameters<typeof captureIo>[0] = {}) {
  const { io, out, err } = captureIo(extra);
  return main(['call', ...args], io).then((code) => ({ code, out: out(), err: err() }));
}

function tempPidFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'blockwise-cli-')), 'pids.json');
}

/** Spawns a command and resolves with its exit code and output. */
function spawnAndWait(
  command: string,
  args: string[],
  onSpawn?: (pid: number) => void,
): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('spawn', () => onSpawn?.(child.pid as number));
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, ms: Date.now() - started }));
  });
}

async function waitFor(check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('waitFor: timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function expectAllGone(pids: { server: number; grandchild: number }): void {
  expect({ server: isProcessAlive(pids.server), grandchild: isProcessAlive(pids.grandchild), group: isGroupAlive(pids.server) }).toEqual({
    server: false,
    grandchild: false,
    group: false,
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

describe('npm run demo (server-everything over stdio, spawned for real)', () => {
  it('calls every tool, renders each result or skips it with a reason, and exits 0 well within 90 s', async () => {
    const { code, stdout, stderr, ms } = await spawnAndWait('npm', ['run', '--silent', 'demo']);
    expect(code).toBe(0);
    expect(stderr).not.toMatch(/blockwise|error/i);
    // A guard against a hang (a tool call the demo never ends), not a measure of speed: the demo
    // ends in seconds, and only a call left waiting on its whole timeout reaches 90 s.
    expect(ms).toBeLessThan(90_000);
    const listed = Number(/; (\d+) tools listed\n/.exec(stdout)?.[1]);
    const headers = [...stdout.matchAll(/^tool: (\S+)(?: — skipped: (.+))?$/gm)];
    expect(new Set(headers.map((header) => header[1])).size).toBe(listed);
    for (const [, tool, reason] of headers) if (reason !== undefined) expect({ tool, reason }).toMatchObject({ reason: expect.stringMatching(/\S/) });
    expect(stdout).toMatch(/\ndone: \d+ rendered, 3 skipped, 0 failed, 0 timed out\nskipped:\n( {2}[^\n]+\n){3}$/);
    // No raw data in any copy; the image is native in the live copy and a placeholder in the stored one.
    expect(longBase64Runs(stdout)).toEqual([]);
    expect(stdout).toMatch(/stored copy \(\d+ chars\):\n│ Here's the image you requested:\n│ \[image: image\/png, \d+×\d+ px, ~[\d.]+KB\]/);
    expect(stdout).toMatch(/live copy: 3 native blocks:\n│ Here's the image you requested:\n├─\n│ \[native image: image\/png, ~[\d.]+KB\]/);
    // Annotated text, links as lines, embedded text and blob resources, structured content once, an error result.
    expect(stdout).toMatch(/annotated: audience user\+assistant, priority 1/);
    expect(stdout).toMatch(/│ \[resource link "Blob Resource 1": demo:\/\/resource\/dynamic\/blob\/1, text\/plain; not fetched\]/);
    expect(stdout).toMatch(/│ \[embedded resource: demo:\/\/resource\/dynamic\/text\/1, text\/plain\]/);
    expect(stdout).toMatch(/│ \[Resource not shown: embedded binary content \(application\/gzip, ~?\d+B\)\.\]/);
    expect(stdout).toContain('note: structuredContent: not shown again (the content blocks carry it)');
    expect(stdout).toMatch(
      /│ MCP error -32602: Input validation error: [^\n]+\nlive copy: text, the same as the stored copy\nblocks:\n {2}1\. text, \d+ chars\nisError: true/,
    );
  }, 95_000);

  it('--json: one object per call; every listed tool rendered or skipped with a reason; links lines, images native', async () => {
    const { code, out, err } = await run(['--all', '--json', '--args-file', CALLS_FILE, '--', process.execPath, EVERYTHING_ENTRY, 'stdio']);
    expect({ code, err }).toEqual({ code: 0, err: '' });
    const lines = out
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as CallLine);
    const tools = JSON.parse(readFileSync(CALLS_FILE, 'utf8')) as Record<string, unknown>;
    for (const name of Object.keys(tools)) expect(lines.some((line) => line.tool === name && line.stored !== undefined)).toBe(true);
    for (const line of lines) {
      if (line.skipped) expect(line.reason).toMatch(/\S/);
      else {
        expect(line.error).toBeUndefined();
        expect(longBase64Runs(line.stored)).toEqual([]);
        expect(longBase64Runs(JSON.stringify(line.live))).toEqual([]);
      }
    }
    const image = lines.find((line) => line.tool === 'get-tiny-image');
    expect(image?.live.kind).toBe('native');
    expect(image?.blocks.map((block) => block.kind)).toEqual(['text', 'image', 'text']);
    const links = lines.find((line) => line.tool === 'get-resource-links');
    expect(links?.blocks.slice(1).every((block) => block.kind === 'link' || block.kind === 'stub')).toBe(true);
    expect(lines.filter((line) => line.skipped).map((line) => [line.tool, line.reason])).toEqual([
      ['toggle-simulated-logging', SKIP_TEXT.notReadOnly],
      ['toggle-subscriber-updates', SKIP_TEXT.notReadOnly],
      ['simulate-research-query', SKIP_TEXT.task],
    ]);
  }, 30_000);
});

describe('blockwise call --http', () => {
  it('reaches a server over streamable HTTP, records its address, and ends the server it started', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/mcp`;
    const { code, out, err } = await run([
      '--tool',
      'get-sum',
      '--args',
      '{"a":1,"b":2}',
      '--http',
      url,
      '--env',
      `PORT=${port}`,
      '--',
      process.execPath,
      EVERYTHING_ENTRY,
      'streamableHttp',
    ]);
    expect({ code, err }).toEqual({ code: 0, err: '' });
    expect(out).toContain(`over HTTP at ${url}`);
    expect(out).toContain('│ The sum of 1 and 2 is 3.');
    // The server is gone: nothing listens on its port any more.
    await expect(connectionRefused(port)).resolves.toBe(true);
  }, 30_000);

  it('never prints nor writes into the report a credential in the address', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/mcp`;
    const page = join(mkdtempSync(join(tmpdir(), 'blockwise-http-')), 'report.html');
    const { code, out, err } = await run([
      '--tool',
      'get-sum',
      '--args',
      '{"a":1,"b":2}',
      '--http',
      `${url}?api_key=SEKRET123`,
      '--html',
      page,
      '--env',
      `PORT=${port}`,
      '--',
      process.execPath,
      EVERYTHING_ENTRY,
      'streamableHttp',
    ]);
    expect({ code, err }).toEqual({ code: 0, err: '' });
    expect(out).toContain(`over HTTP at ${url};`);
    expect(out + readFileSync(page, 'utf8')).not.toContain('SEKRET123');
  }, 30_000);
});

/** True when nothing listens on `port` (binding it could still fail while closed sockets linger). */
async function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('blockwise call failures', () => {
  it('a command that does not exist: one line, exit 1', async () => {
    const { code, out, err } = await run(['--all', '--', 'blockwise-no-such-binary-7f3a']);
    expect({ code, out, err }).toEqual({ code: 1, out: '', err: errorLine('call', CALL_TEXT.notFound('blockwise-no-such-binary-7f3a')) });
  });

  it('a server that exits at once: one line naming its exit, exit 1', async () => {
    const { code, out, err } = await run(['--all', '--', process.execPath, '-e', 'process.exit(0)']);
    expect({ code, out, err }).toEqual({ code: 1, out: '', err: errorLine('call', CALL_TEXT.exitedEarly('exit code 0', [])) });
  });

  it('a server that exits at once after a complaint: the line quotes its last stderr line', async () => {
    const { code, err } = await run(['--all', '--', process.execPath, '-e', 'console.error("no config"); process.exit(3)']);
    expect({ code, err }).toEqual({ code: 1, err: errorLine('call', CALL_TEXT.exitedEarly('exit code 3', ['no config'])) });
  });

  it('a server that never answers initialize: one timeout line, exit 1, the server ended', async () => {
    const { code, err } = await run(['--all', '--timeout', '300', '--', process.execPath, '-e', 'setInterval(() => {}, 1000)']);
    expect({ code, err }).toEqual({ code: 1, err: errorLine('call', CALL_TEXT.initTimeout(300)) });
  });

  it('a call that hangs: a timeout line, the next call still runs, exit 1, and no process is left', async () => {
    const pidFile = tempPidFile();
    const { code, out, err } = await run(['--all', '--timeout', '1500', '--', process.execPath, HANGING_SERVER, pidFile]);
    expect(code).toBe(1);
    expect(err).toBe('');
    expect(out).toContain(`\ntool: wait-forever\narguments: {} (derived from its input schema)\n${CALL_OUTCOME_TEXT.timedOut(1500)}\n`);
    expect(out).toContain('\ntool: quick\n');
    expect(out).toContain('│ quick answer');
    expect(out).toContain('done: 1 rendered, 0 skipped, 0 failed, 1 timed out');
    expectAllGone(readFixturePids(pidFile));
  });

  it('prints a progress line per call on stderr when stderr is a terminal', async () => {
    const pidFile = tempPidFile();
    const { code, err } = await run(['--tool', 'quick', '--', process.execPath, HANGING_SERVER, pidFile], { stderrIsTTY: true });
    expect({ code, err }).toEqual({ code: 0, err: '[1/1] calling quick…\n' });
    expectAllGone(readFixturePids(pidFile));
  });

  it('--json reports a timed-out call as an object with timedOut', async () => {
    const pidFile = tempPidFile();
    const { code, out } = await run(['--tool', 'wait-forever', '--timeout', '1000', '--json', '--', process.execPath, HANGING_SERVER, pidFile]);
    expect(code).toBe(1);
    expect(JSON.parse(out)).toEqual({ tool: 'wait-forever', arguments: {}, derivedArguments: true, error: CALL_OUTCOME_TEXT.timedOut(1000), timedOut: true });
    expectAllGone(readFixturePids(pidFile));
  });

  it('a server group that ignores SIGTERM is killed after the grace period', async () => {
    const pidFile = tempPidFile();
    const { code, out } = await run(['--tool', 'wait-forever', '--timeout', '1000', '--', process.execPath, HANGING_SERVER, pidFile, '--ignore-term']);
    expect(code).toBe(1);
    expect(out).toContain(CALL_OUTCOME_TEXT.timedOut(1000));
    expectAllGone(readFixturePids(pidFile));
  }, 15_000);

  it('an interrupt during a call ends the server group and exits 130', async () => {
    const pidFile = tempPidFile();
    const interrupt = new AbortController();
    const waiting = run(['--tool', 'wait-forever', '--timeout', '60000', '--', process.execPath, HANGING_SERVER, pidFile], { interrupt: interrupt.signal });
    await waitFor(() => existsSync(pidFile), 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    interrupt.abort('SIGINT');
    const { code, err } = await waiting;
    expect(code).toBe(130);
    expect(err).toBe(errorLine('call', CALL_TEXT.interrupted('SIGINT')));
    expectAllGone(readFixturePids(pidFile));
  });
});

describe('blockwise call (spawned) and signals', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    '%s to the command ends the server and its children, and the command exits %i',
    async (signal, want) => {
      const pidFile = tempPidFile();
      let cliPid = 0;
      const done = spawnAndWait(
        process.execPath,
        ['--import', 'tsx', 'src/cli.ts', 'call', '--tool', 'wait-forever', '--timeout', '60000', '--', process.execPath, HANGING_SERVER, pidFile],
        (pid) => (cliPid = pid),
      );
      await waitFor(() => existsSync(pidFile), 15_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      process.kill(cliPid, signal);
      const { code, stderr } = await done;
      expect(code).toBe(want);
      expect(stderr).toBe(errorLine('call', CALL_TEXT.interrupted(signal)));
      expectAllGone(readFixturePids(pidFile));
    },
    30_000,
  );
});
