/**
 * The command line as a new user meets it (issue 16, "No surprises"): its version and each
 * command's own help, `list`, `--raw`, escaped output on every line, a program that is no MCP
 * server, a server that exits at once, sampling and elicitation judged by what a call asks, and
 * `--all` leaving the tools that may change state.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { ASKED_TEXT, CALL_TEXT, CALL_USAGE, errorLine, LIST_USAGE, RENDER_USAGE, SKIP_TEXT } from '../../src/cli/messages.js';
import { RAW_DATA_KEEP } from '../../src/cli/raw-json.js';
import { terminalSafe } from '../../src/cli/terminal-text.js';
import { captureIo, EVERYTHING_ENTRY, longBase64Runs, projectPath } from './helpers.js';

const ASKING_SERVER = projectPath('test/cli/fixtures/asking-server.mjs');
const NOT_MCP_SERVER = projectPath('test/cli/fixtures/not-mcp-stdout.mjs');
const EXITS_AT_ONCE = projectPath('test/cli/fixtures/exits-at-once.mjs');

async function run(argv: string[]) {
  const { io, out, err } = captureIo();
  const code = await main(argv, io);
  return { code, out: out(), err: err() };
}

/** Control characters a terminal acts on: none may reach it (tab and newline are layout). */
const TERMINAL_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

function tempFile(name: string, content: string | Buffer): string {
  const path = join(mkdtempSync(join(tmpdir(), 'blockwise-nosurprise-')), name);
  writeFileSync(path, content);
  return path;
}

describe("--version and each command's own --help", () => {
  it('--version prints the package version', async () => {
    const version = (JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string }).version;
    expect(await run(['--version'])).toEqual({ code: 0, out: `blockwise ${version}\n`, err: '' });
  });

  it.each([
    ['render', RENDER_USAGE, ['--server-url', '--html', '--raw'], ['--args-for', '--include-writes']],
    ['call', CALL_USAGE, ['--args-for', '--include-writes', '--html', '--raw'], ['--server-url']],
    ['list', LIST_USAGE, ['--http'], ['--args-for', '--html']],
  ])("%s --help prints its own options and no other command's", async (command, usage, has, hasNot) => {
    const { code, out } = await run([command, '--help']);
    expect(code).toBe(0);
    expect(out).toBe(`usage:\n${usage}`);
    for (const option of has) expect(out).toContain(option);
    for (const option of hasNot) expect(out).not.toContain(option);
  });
});

describe('blockwise list', () => {
  it('prints each tool with its annotations and its input schema', async () => {
    const { code, out, err } = await run(['list', '--', process.execPath, EVERYTHING_ENTRY, 'stdio']);
    expect({ code, err }).toEqual({ code: 0, err: '' });
    expect(out).toMatch(/^server: mcp-servers\/everything [^\n]+; \d+ tools listed\n/);
    expect(out).toContain('\ntool: echo (Echo Tool)\n  Echoes back the input string\nannotations: {"readOnlyHint":true');
    expect(out).toMatch(/input schema:\n {2}\{\n {4}"type": "object",\n {4}"properties": \{\n {6}"message": \{/);
  }, 30_000);

  it('--json: one object per tool with its input schema; call-only options are refused', async () => {
    const { code, out } = await run(['list', '--json', '--', process.execPath, ASKING_SERVER]);
    expect(code).toBe(0);
    const tools = out
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { name: string; inputSchema: unknown });
    expect(tools.map((tool) => tool.name)).toEqual(['get_sampling_rate', 'ask_model', 'ask_user', 'delete_everything', 'hostile_text']);
    expect(tools[0]?.inputSchema).toEqual({ type: 'object', properties: {} });
    const refused = await run(['list', '--tool', 'x', '--', process.execPath, ASKING_SERVER]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/^blockwise list: --tool chooses or shapes calls/);
  }, 30_000);
});

describe('--raw', () => {
  it("call --raw also prints the raw result, a native image's data shortened", async () => {
    const { code, out } = await run(['call', '--tool', 'get-tiny-image', '--raw', '--', process.execPath, EVERYTHING_ENTRY, 'stdio']);
    expect(code).toBe(0);
    expect(out).toContain('raw result:\n{\n  "content": [');
    expect(out).toMatch(new RegExp(`"data": "[A-Za-z0-9+/]{${RAW_DATA_KEEP}}… \\([\\d,]+ chars\\)"`));
    expect(longBase64Runs(out)).toEqual([]);
  }, 30_000);

  it("render --raw prints the file's result as JSON after the copies", async () => {
    const input = tempFile('r.json', JSON.stringify({ content: [{ type: 'text', text: 'hi' }], _meta: { k: 1 } }));
    const { code, out } = await run(['render', '--raw', input]);
    expect(code).toBe(0);
    expect(out).toMatch(/isError: false\nraw result:\n\{\n {2}"content": \[\n[\s\S]*"_meta": \{\n {4}"k": 1\n {2}\}\n\}\n$/);
  });
});

describe('every printed line escapes control characters (one escaping step in main)', () => {
  it('an invalid-JSON error quoting an OSC title sequence prints it escaped', async () => {
    const input = tempFile('e.json', '\u001b]0;pwned\u0007');
    const { code, out, err } = await run(['render', input]);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).not.toMatch(TERMINAL_CONTROL);
    expect(err).toContain('\\u001b]0;pwned\\u0007');
  });

  it('a result holding every C0 and C1 control prints none of them, as text and as --json', async () => {
    const controls =
      Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)).join('') +
      Array.from({ length: 0x21 }, (_, at) => String.fromCharCode(0x7f + at)).join('');
    const input = tempFile('c.json', JSON.stringify({ content: [{ type: 'text', text: `a${controls}b` }] }));
    for (const flags of [[], ['--json'], ['--raw']]) {
      const { code, out } = await run(['render', ...flags, input]);
      expect(code).toBe(0);
      expect(out).not.toMatch(TERMINAL_CONTROL);
    }
    const json = await run(['render', '--json', input]);
    expect((JSON.parse(json.out) as { stored: string }).stored).toContain('\u001b');
  });

  it("a server's tool names, text and error lines reach the terminal escaped", async () => {
    const { code, out, err } = await run(['call', '--tool', 'hostile_text', '--', process.execPath, ASKING_SERVER]);
    expect(code).toBe(0);
    expect(out + err).not.toMatch(TERMINAL_CONTROL);
    expect(out).toContain('\\u001b]0;pwned\\u0007 \\u009b31m red');
  }, 30_000);
});

describe('servers that are not what they seem', () => {
  it('a program that writes non-JSON to stdout is "not an MCP server on stdout", its first bytes escaped, long before the timeout', async () => {
    const { code, out, err } = await run(['call', '--all', '--timeout', '120000', '--', process.execPath, NOT_MCP_SERVER]);
    expect({ code, out }).toEqual({ code: 1, out: '' });
    expect(err).toBe(terminalSafe(errorLine('call', CALL_TEXT.notMcp('Welcome to \u001b]0;pwned\u0007 a plain program, not a JSON-RPC peer\n'))));
    expect(err).not.toMatch(TERMINAL_CONTROL);
  }, 30_000);

  it('output with no newline at all is caught by its first character', async () => {
    const { code, err } = await run([
      'call',
      '--all',
      '--timeout',
      '120000',
      '--',
      process.execPath,
      '-e',
      'process.stdout.write("ready> "); setInterval(() => {}, 1000)',
    ]);
    expect({ code, err }).toEqual({ code: 1, err: errorLine('call', CALL_TEXT.notMcp('ready> ')) });
  }, 30_000);

  it('a server that prints five stderr lines and exits at once: its last lines are reported, five times out of five', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { code, err } = await run(['call', '--all', '--', process.execPath, EXITS_AT_ONCE]);
      expect({ attempt, code, err }).toEqual({
        attempt,
        code: 1,
        err: errorLine(
          'call',
          CALL_TEXT.exitedEarly('exit code 3', ['exits-at-once: line 3 of 5', 'exits-at-once: line 4 of 5', 'exits-at-once: line 5 of 5']),
        ),
      });
    }
  }, 60_000);

  it('a shell script that prints and exits: its line is never lost (five times)', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { err } = await run(['call', '--all', '--', 'sh', '-c', 'echo "no such config" >&2; exit 1']);
      expect({ attempt, err }).toEqual({ attempt, err: errorLine('call', CALL_TEXT.exitedEarly('exit code 1', ['no such config'])) });
    }
  }, 60_000);
});

describe('which tools a call reaches', () => {
  it('--all: get_sampling_rate is called; a call that asks for sampling or elicitation is refused and says so; a write by name is skipped and listed', async () => {
    const { code, out, err } = await run(['call', '--all', '--', process.execPath, ASKING_SERVER]);
    expect({ code, err }).toEqual({ code: 0, err: '' });
    expect(out).toContain('\ntool: get_sampling_rate\narguments: {} (derived from its input schema)\nstored copy (8 chars):\n│ 44100 Hz\n');
    expect(out).toMatch(new RegExp(`\\ntool: ask_model\\n[\\s\\S]*?isError: true\\nasked: ${escapeRegExp(ASKED_TEXT['sampling/createMessage'])}\\n`));
    expect(out).toMatch(new RegExp(`\\ntool: ask_user\\n[\\s\\S]*?isError: true\\nasked: ${escapeRegExp(ASKED_TEXT['elicitation/create'])}\\n`));
    expect(out).toContain(`\ntool: delete_everything — skipped: ${SKIP_TEXT.readsAsWrite('delete')}\n`);
    expect(out).toMatch(/\ndone: 4 rendered, 1 skipped, 0 failed, 0 timed out\nskipped:\n {2}delete_everything: it has no readOnlyHint[^\n]+\n$/);
  }, 30_000);

  it('--all --include-writes calls the write; --tool calls what it names; --json carries what a call asked', async () => {
    const writes = await run(['call', '--all', '--include-writes', '--', process.execPath, ASKING_SERVER]);
    expect(writes.out).toContain('│ deleted nothing: this is a fixture');
    const named = await run(['call', '--tool', 'delete_everything', '--', process.execPath, ASKING_SERVER]);
    expect(named.code).toBe(0);
    expect(named.out).toContain('│ deleted nothing: this is a fixture');
    const json = await run(['call', '--tool', 'ask_model', '--json', '--', process.execPath, ASKING_SERVER]);
    expect(JSON.parse(json.out)).toMatchObject({ tool: 'ask_model', isError: true, asked: [ASKED_TEXT['sampling/createMessage']] });
  }, 60_000);
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
