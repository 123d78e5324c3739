/**
 * What a review of the command line found, each against a scripted server: format characters
 * (bidi controls, separators, zero-width spaces) escaped on every printed line, text and JSON;
 * a credential in the `--http` address never printed nor written; an exit the CLI caused never
 * blamed on the server; validation errors summarized; blank lines before a first message are
 * no sign of a non-MCP server; `--all` leaving hostile names.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { SKIP_TEXT } from '../../src/cli/messages.js';
import { captureIo, projectPath } from './helpers.js';

const SCRIPTED = projectPath('test/cli/fixtures/scripted-server.mjs');

async function run(argv: string[]) {
  const { io, out, err } = captureIo();
  const code = await main(argv, io);
  return { code, out: out(), err: err() };
}

function server(script: unknown): string[] {
  return ['--', process.execPath, SCRIPTED, JSON.stringify(script)];
}

/** The four format characters the review named, none of which may reach the terminal raw. */
const HOSTILE = '\u202e\u2066\u2028\u200b';
const UNSHOWN = /[\u202a-\u202e\u2066-\u2069\u200b\u200e\u200f\u2028\u2029\ufeff]/;

const BIDI_SCRIPT = {
  tools: [
    { name: `t${HOSTILE}x`, description: `desc ${HOSTILE} second`, inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
    { name: 'err', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
  ],
  results: {
    [`t${HOSTILE}x`]: { content: [{ type: 'text', text: `stored ${HOSTILE}txt.exe` }] },
    err: { error: { code: -32000, message: `bad ${HOSTILE}thing` } },
  },
};

describe('format characters are escaped on every printed line', () => {
  it('text output: the stored copy, the error line, --raw', async () => {
    const { out, err } = await run(['call', '--all', '--raw', ...server(BIDI_SCRIPT)]);
    expect(out + err).not.toMatch(UNSHOWN);
    expect(out).toContain('stored \\u202e\\u2066\\u2028\\u200btxt.exe');
    expect(out).toContain('bad \\u202e\\u2066\\u2028\\u200bthing');
  });

  it('--json stays valid JSON and decodes to what the server sent', async () => {
    const { out } = await run(['call', '--all', '--json', '--raw', ...server(BIDI_SCRIPT)]);
    expect(out).not.toMatch(UNSHOWN);
    const lines = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { stored?: string; error?: string });
    expect(lines[0]?.stored).toContain(`stored ${HOSTILE}txt.exe`);
    expect(lines[1]?.error).toContain(`bad ${HOSTILE}thing`);
  });

  it('list: descriptions, text and JSON', async () => {
    const text = await run(['list', ...server(BIDI_SCRIPT)]);
    expect(text.out).not.toMatch(UNSHOWN);
    expect(text.out).toContain('desc \\u202e\\u2066\\u2028\\u200b second');
    const json = await run(['list', '--json', ...server(BIDI_SCRIPT)]);
    expect(json.out).not.toMatch(UNSHOWN);
    expect((JSON.parse(json.out.split('\n')[0] ?? '') as { description: string }).description).toBe(`desc ${HOSTILE} second`);
  });
});

describe('--all leaves the names the review listed', () => {
  it('calls only the tool that reads as a read', async () => {
    const names = ['git_checkout', 'HTTPDelete', 'deletefile', 'deleting_stuff', 'rm_rf', 'unlink', 'd\u0435lete_lookalike', 'get_weather'];
    const tools = [
      ...names.map((name) => ({ name, inputSchema: { type: 'object' } })),
      { name: 'wipe_disk', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true, destructiveHint: true } },
    ];
    const { out } = await run(['call', '--all', '--json', ...server({ tools })]);
    const lines = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { tool: string; skipped?: boolean; reason?: string });
    expect(lines.filter((line) => line.skipped !== true).map((line) => line.tool)).toEqual(['get_weather']);
    expect(lines.find((line) => line.tool === 'wipe_disk')?.reason).toBe(SKIP_TEXT.destructive);
  });
});

describe("a call's arguments line", () => {
  it('is bounded, however long the arguments', async () => {
    const { out } = await run([
      'call',
      '--tool',
      'get_x',
      '--args',
      JSON.stringify({ big: 'y'.repeat(100_000) }),
      ...server({ tools: [{ name: 'get_x', inputSchema: { type: 'object' } }] }),
    ]);
    const line = out.split('\n').find((each) => each.startsWith('arguments: ')) ?? '';
    expect(line.length).toBeLessThan(400);
    expect(line).toContain(`… (${JSON.stringify({ big: 'y'.repeat(100_000) }).length.toLocaleString('en-US')} chars)`);
  });
});

describe('failures are told as they happened', () => {
  it('a blank line before the first message is no sign of a non-MCP server', async () => {
    const { code, out, err } = await run([
      'call',
      '--tool',
      'get_x',
      ...server({ blankLines: true, tools: [{ name: 'get_x', inputSchema: { type: 'object' } }] }),
    ]);
    expect({ code, err }).toEqual({ code: 0, err: '' });
    expect(out).toContain('called get_x');
  });

  it('a schema error in initialize is reported as such, not as the server exiting', async () => {
    const { code, err } = await run(['call', '--all', ...server({ serverInfo: { name: 'no-version' } })]);
    expect(code).toBe(1);
    expect(err).not.toContain('exited');
    expect(err).toMatch(/serverInfo\.version/);
  });

  it('a line over 10 MB without a newline is reported as such', async () => {
    const { code, err } = await run(['call', '--all', ...server({ hugeLine: 11 })]);
    expect(code).toBe(1);
    expect(err).not.toContain('exited');
    expect(err).toContain('a line over 10 MB without a newline');
  }, 30_000);

  it('a validation error is summarized: its first issue\'s path and message, not "["', async () => {
    const { err } = await run(['call', '--all', ...server({ tools: [{ name: 'get_x' }] })]);
    expect(err).not.toMatch(/: \[\n/);
    expect(err).toMatch(/tools\.0\.inputSchema/);
  });
});

describe('a credential in the --http address', () => {
  let http: Server;
  let base = '';
  beforeAll(async () => {
    http = createServer((_request, response) => response.writeHead(500).end('no'));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

  it('is never printed when the connection fails', async () => {
    const { err } = await run(['call', '--all', '--http', `${base}/mcp?api_key=SEKRET123`]);
    expect(err).toContain(`${base}/mcp`);
    expect(err).not.toContain('SEKRET123');
    const userinfo = await run(['call', '--all', '--http', `http://user:PASSW0RD@127.0.0.1:${base.split(':')[2]}/mcp`]);
    expect(userinfo.err).not.toContain('PASSW0RD');
    expect(userinfo.err).not.toContain('user:');
  });
});

export function readPage(path: string): string {
  return readFileSync(path, 'utf8');
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'blockwise-review-'));
}
