import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { RENDER_TEXT, errorLine } from '../../src/cli/messages.js';
import { nativeImagePlaceholder, type RenderedSummary } from '../../src/cli/print.js';
import { imagePlaceholder } from '../../src/text/markers.js';
import { base64DecodedLength } from '../../src/text/size.js';
import { captureIo, longBase64Runs, projectPath, PROJECT_ROOT } from './helpers.js';

const EXAMPLES = ['mixed-result.json', 'http-server-result.json', 'error-result.json'] as const;

// The example's PNG, and the two texts that stand in for it: the stored copy's and the printed live copy's.
const MIXED = JSON.parse(readFileSync(projectPath('examples/mixed-result.json'), 'utf8')) as { content: { type: string; data?: string }[] };
const PNG = MIXED.content.find((block) => block.type === 'image')?.data ?? '';
const STORED_IMAGE = imagePlaceholder('image/png', base64DecodedLength(PNG), 4, 4);
const LIVE_IMAGE = nativeImagePlaceholder('image/png', PNG);

async function render(args: string[], extra: Parameters<typeof captureIo>[0] = {}) {
  const { io, out, err } = captureIo(extra);
  const code = await main(['render', ...args], io);
  return { code, out: out(), err: err() };
}

async function renderJson(args: string[]): Promise<RenderedSummary> {
  const { code, out, err } = await render([...args, '--json']);
  expect({ code, err }).toEqual({ code: 0, err: '' });
  expect(out.trimEnd().split('\n')).toHaveLength(1);
  return JSON.parse(out) as RenderedSummary;
}

describe(`${main.name} render`, () => {
  it.each(EXAMPLES)('renders examples/%s: stored copy, live copy, one summary line per block, exit 0', async (file) => {
    const { code, out, err } = await render([projectPath('examples', file)]);
    const raw = JSON.parse(readFileSync(projectPath('examples', file), 'utf8')) as { content: unknown[] };
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(out).toMatch(/^stored copy \(\d+ chars\):\n/);
    expect(out).toMatch(/\nlive copy: /);
    const summaryLines =
      out
        .split('\nblocks:\n')[1]
        ?.split('\n')
        .filter((line) => /^ {2}\d+\. /.test(line)) ?? [];
    expect(summaryLines).toHaveLength(raw.content.length);
    expect(longBase64Runs(out)).toEqual([]);
  });

  it('mixed-result: the image is native in the live copy, a placeholder in the stored copy, and every other kind says why', async () => {
    const { out } = await render([projectPath('examples/mixed-result.json')]);
    expect(out).toContain(`│ ${STORED_IMAGE}\n`);
    expect(out).toContain(`│ ${LIVE_IMAGE}\n`);
    expect(LIVE_IMAGE).toMatch(/^\[native image: image\/png, ~?\d+B\]$/);
    expect(out).toContain('live copy: 7 native blocks:');
    expect(out).toContain('3. marker — audio');
    expect(out).toContain('4. marker — unknown-type');
    expect(out).toMatch(/5\. stub ref-\S+ — not fetchable — no-address\+credential/);
    expect(out).toMatch(/6\. link ref-\S+ — its line shows the uri; not fetchable/);
    expect(out).toContain('annotated: audience user+assistant, priority 0.8');
    // The presigned parts never show: not the signature, not the credential, not the video's uri.
    expect(out).not.toMatch(/X-Amz-Signature|AKIAEXAMPLE|Key-Pair-Id|q3-walkthrough/);
  });

  it('--json prints one object: stored, live with image data replaced by its placeholder, isError, block summaries', async () => {
    const summary = await renderJson([projectPath('examples/mixed-result.json')]);
    expect(Object.keys(summary)).toEqual(['stored', 'live', 'isError', 'blocks']);
    expect(summary.isError).toBe(false);
    expect(summary.live.kind).toBe('native');
    const blocks = summary.live.kind === 'native' ? summary.live.blocks : [];
    expect(blocks[1]).toEqual({ type: 'image', mimeType: 'image/png', placeholder: LIVE_IMAGE });
    expect(summary.blocks.map((block) => block.kind)).toEqual(['text', 'image', 'marker', 'marker', 'stub', 'link', 'text']);
    expect(summary.blocks[2]).toMatchObject({ kind: 'marker', reason: 'audio' });
    expect(summary.blocks[4]).toMatchObject({ kind: 'stub', fetchable: false, why: 'no-address+credential' });
    expect(longBase64Runs(JSON.stringify(summary))).toEqual([]);
  });

  it('--cap shares the cap: the summary whole, the stub and every other block whole, the long text named; the live copy falls back to text', async () => {
    // The blocks other than text pass 250: the texts keep half of it, the summary first.
    const summary = await renderJson([projectPath('examples/mixed-result.json'), '--cap', '250']);
    expect(summary.stored).toMatch(
      /^Here is the quarterly summary you asked for, with the chart, a voice note and the files\.\n\[image: image\/png, [^\]\n]+\]\n[^]*\n\[ref-[^]*\n\[block 7 of 7 left out: \d+ chars\]$/,
    );
    expect(summary.live).toEqual({ kind: 'text', text: summary.stored });
    expect(summary.blocks[1]).toMatchObject({ kind: 'image', native: false });
  });

  it('--server-url records the server: its same-origin links become fetchable stubs, others keep their line', async () => {
    const summary = await renderJson([projectPath('examples/http-server-result.json'), '--server-url', 'https://mcp.example.com/mcp']);
    expect(summary.blocks.map((block) => (block.kind === 'stub' ? `stub:${block.fetchable}` : block.kind))).toEqual(['text', 'stub:true', 'stub:true', 'link']);
    expect(summary.stored).not.toContain('FAKEtoken');
  });

  it('without --server-url the result is from a stdio server: no link is fetchable', async () => {
    const summary = await renderJson([projectPath('examples/http-server-result.json')]);
    expect(summary.blocks.some((block) => block.kind === 'stub' && block.fetchable)).toBe(false);
  });

  it('notes structured content the copies leave out, and reports isError', async () => {
    const summary = await renderJson([projectPath('examples/error-result.json')]);
    expect(summary.isError).toBe(true);
    // Its text is the server's own words, not the value: the note mustn't say the content carries it.
    expect(summary.notes).toEqual(["structuredContent: not shown (the content's own text stands for it; a script receives it)"]);
  });

  it('takes a bare content array from standard input (-)', async () => {
    const stdin = Readable.from([JSON.stringify([{ type: 'text', text: 'hello' }])]);
    const { code, out } = await render(['-'], { stdin });
    expect(code).toBe(0);
    expect(out).toContain('│ hello\n');
  });

  it.each([
    ['missing file', ['no-such-file.json'], errorLine('render', RENDER_TEXT.cantRead('no-such-file.json', 'no such file'))],
    ['invalid JSON', [projectPath('test/cli/fixtures/not-json.txt')], undefined],
    [
      'a JSON value that is no result',
      [projectPath('test/cli/fixtures/number.json')],
      errorLine('render', RENDER_TEXT.notAResult(projectPath('test/cli/fixtures/number.json'), 'a number')),
    ],
    ['no input', [], errorLine('render', RENDER_TEXT.noInput)],
    ['a bad --cap', [projectPath('examples/mixed-result.json'), '--cap', '0'], undefined],
    ['an unknown option', [projectPath('examples/mixed-result.json'), '--bogus'], undefined],
  ])('%s → one line on stderr, nothing on stdout, exit 2', async (_name, args, want) => {
    const { code, out, err } = await render(args);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err.split('\n')).toHaveLength(2);
    expect(err).toMatch(/^blockwise render: .+\n$/);
    if (want !== undefined) expect(err).toBe(want);
  });

  it("invalid JSON names the input and the parser's reason", async () => {
    const { err } = await render([projectPath('test/cli/fixtures/not-json.txt')]);
    expect(err).toMatch(/^blockwise render: ".*not-json\.txt" is not valid JSON: .+\n$/);
  });
});

describe('blockwise render (spawned)', () => {
  it('runs as a command: prints the copies, exit 0; a missing file is one line and exit 2', () => {
    const cli = (args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'render', ...args], { cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 20_000 });
    const ok = cli(['examples/mixed-result.json']);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain(`│ ${LIVE_IMAGE}\n`);
    const missing = cli(['examples/missing.json']);
    expect(missing.status).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toBe('blockwise render: can\'t read "examples/missing.json": no such file\n');
  });
});

describe(`${main.name} render --provider`, () => {
  const gif = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
  const pdf = Buffer.from('%PDF-1.7\n%%EOF\n', 'latin1').toString('base64');
  const result = JSON.stringify({
    content: [
      { type: 'image', data: gif, mimeType: 'image/gif' },
      { type: 'resource', resource: { uri: 'file:///r.pdf', mimeType: 'application/pdf', blob: pdf } },
    ],
  });

  it.each<[string, string[], string[]]>([
    ['default (mcp)', [], ['image', 'marker']],
    ['gemini', ['--provider', 'gemini'], ['marker', 'media']],
    ['anthropic', ['--provider', 'anthropic'], ['image', 'media']],
  ])('%s > renders the live copy for that provider', async (_name, args, want) => {
    const { code, out, err } = await render(['-', ...args, '--json'], { stdin: Readable.from([result]) });
    expect({ code, err }).toEqual({ code: 0, err: '' });
    const summary = JSON.parse(out) as RenderedSummary;
    expect(summary.blocks.map((block) => block.kind)).toEqual(want);
    expect(out).not.toContain(pdf);
  });

  it('an unknown provider is a usage error naming the ones there are', async () => {
    const { code, out, err } = await render(['-', '--provider', 'claude'], { stdin: Readable.from([result]) });
    expect({ code, out }).toEqual({ code: 2, out: '' });
    expect(err).toBe(errorLine('render', '--provider wants one of mcp, anthropic, openai-responses, openai-chat, gemini, ai-sdk, got "claude"'));
  });
});
