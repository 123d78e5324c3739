/**
 * How many times `blockwise render FILE` reads its file, counted at the file system (every open
 * and every whole read of the path), and that what it prints is what a render of the whole
 * parsed result prints.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createHost } from '../../src/host.js';
import { fromCallToolResult } from '../../src/inputs.js';
import { main } from '../../src/cli/main.js';
import { formatRendered, summarizeRendered } from '../../src/cli/print.js';
import { NoStandIn } from '../../src/cli/streamed-json.js';
import { TextSurvey } from '../../src/cli/text-shares.js';
import { captureIo } from './helpers.js';

/** The paths the CLI opened or read whole, in order. */
const reads = vi.hoisted(() => [] as string[]);

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const openSync = ((path: string, ...rest: unknown[]) => {
    reads.push(String(path));
    return (fs.openSync as (...args: unknown[]) => number)(path, ...rest);
  }) as typeof fs.openSync;
  const readFileSync = ((path: unknown, ...rest: unknown[]) => {
    if (typeof path === 'string') reads.push(path);
    return (fs.readFileSync as (...args: unknown[]) => unknown)(path, ...rest);
  }) as typeof fs.readFileSync;
  return { ...fs, default: { ...fs, openSync, readFileSync }, openSync, readFileSync };
});

const dir = mkdtempSync(join(tmpdir(), 'blockwise-reads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

function fileOf(text: string): string {
  const path = join(dir, `f${(files += 1)}.json`);
  writeFileSync(path, text);
  return path;
}

async function render(args: string[], stdin?: string): Promise<{ code: number; out: string; err: string }> {
  const { io, out, err } = captureIo(stdin === undefined ? {} : { stdin: Readable.from([Buffer.from(stdin)]) });
  const code = await main(['render', ...args], io);
  return { code, out: out(), err: err() };
}

/** The render of `path` with `extra` flags, how many times it read the file, and the render of the same text from standard input (read whole, once). */
async function renderCounted(text: string, extra: string[] = []) {
  const path = fileOf(text);
  reads.length = 0;
  const fromFile = await render([path, ...extra]);
  const count = reads.filter((read) => read === path).length;
  const whole = await render(['-', ...extra], text);
  return { fromFile, whole, reads: count };
}

/** About `count` records of 150-odd characters each: a megabyte is about 6,500 of them. */
function records(count: number): unknown[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index,
    name: `record ${index}`,
    score: (index * 7.31) % 100,
    description: 'Lorem ipsum dolor sit amet, '.repeat(4),
  }));
}

const IMAGE = { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' };
const LONG_TEXT = { type: 'text', text: 'lorem ipsum '.repeat(2_000) };
/** Past the first megabyte the stand-in keeps at `--cap 300`. */
const LATE = 9_000;

describe('render FILE: how many times the file is read', () => {
  it.each([
    ['a structuredContent shown as data, stood in for past what a copy reads', 1, { content: [], structuredContent: { records: records(12_000) } }],
    ['one long text', 1, { content: [LONG_TEXT] }],
    ['a block kind late in the data, the data alone', 2, { content: [], structuredContent: { records: [...records(LATE), IMAGE, ...records(100)] } }],
    ['a block kind late in the data, a long text after it', 2, { structuredContent: { records: [...records(LATE), IMAGE] }, content: [LONG_TEXT] }],
    ['a duplicate key late in the data, a long text after it', 2, null],
    ['a long text cut, then data', 2, { content: [LONG_TEXT], structuredContent: { records: records(LATE) } }],
    ['a long text cut beside an image', 2, { content: [LONG_TEXT, IMAGE] }],
    [
      'many texts kept to their shares on a second reading',
      2,
      { content: Array.from({ length: 3_000 }, (_, index) => ({ type: 'text', text: `${index} ${'x'.repeat(500)}` })) },
    ],
  ])(
    '%s: read at most %i times, and printed as the whole read prints it',
    async (_name, most, result) => {
      const text =
        result ??
        // Duplicate keys: JSON.parse keeps the last value in the first key's place.
        `{"structuredContent":{"records":${JSON.stringify(records(LATE))},"total":1,"total":2},"content":${JSON.stringify([LONG_TEXT])}}`;
      for (const extra of [
        ['--cap', '300'],
        ['--cap', '300', '--json'],
      ]) {
        const { fromFile, whole, reads } = await renderCounted(typeof text === 'string' ? text : JSON.stringify(text), extra);
        expect(reads).toBeGreaterThanOrEqual(1);
        expect(reads).toBeLessThanOrEqual(most);
        expect(fromFile.code).toBe(whole.code);
        expect(fromFile.err).toBe(whole.err);
        expect(fromFile.out === whole.out).toBe(true);
      }
    },
    60_000,
  );

  it('a file with a block kind late in its data and a long text is read twice, not three times', async () => {
    const text = JSON.stringify({ structuredContent: { records: [...records(LATE), IMAGE] }, content: [LONG_TEXT] });
    expect((await renderCounted(text, ['--cap', '300'])).reads).toBe(2);
  }, 60_000);
});

describe('render FILE of a long structuredContent', () => {
  it("prints, byte for byte, the library's render of the parsed result", async () => {
    for (const cap of [300, 24_000]) {
      const result = { content: [], structuredContent: { page: { items: records(20_000), next: null } } };
      const text = JSON.stringify(result);
      const path = fileOf(text);
      reads.length = 0;
      const printed = await render([path, '--cap', String(cap)]);
      const json = await render([path, '--cap', String(cap), '--json']);
      // The stand-in was read (once), not the whole value.
      expect(reads.filter((read) => read === path)).toHaveLength(2);
      const host = createHost({ log: () => {} });
      host.setServerAddress('cli', null);
      const parsed = JSON.parse(text) as Record<string, unknown>;
      const rendered = host.renderToolResult(fromCallToolResult(parsed), { serverId: 'cli', toolName: 'render', cap });
      expect(printed.code).toBe(0);
      expect(printed.out === formatRendered(rendered, parsed)).toBe(true);
      expect(json.out === `${JSON.stringify(summarizeRendered(rendered, parsed))}\n`).toBe(true);
    }
  }, 60_000);
});

describe(TextSurvey.name, () => {
  const text = (length: number) => ({ type: 'text', text: 'x'.repeat(length) });

  it('gives up the first reading as soon as a text cut meets a block of another kind after it, or data before or after it', () => {
    const cases: [string, (survey: TextSurvey, keep: number) => void][] = [
      ['cut, then an image', (survey, keep) => (survey.noteBlock(0, text(keep), keep * 2), survey.noteBlock(1, IMAGE, undefined))],
      [
        'cut, then a text block whose text is no string',
        (survey, keep) => (survey.noteBlock(0, text(keep), keep * 2), survey.noteBlock(1, { type: 'text', text: 7 }, undefined)),
      ],
      ['cut, then data', (survey, keep) => (survey.noteBlock(0, text(keep), keep * 2), survey.withData())],
      ['data, then cut', (survey, keep) => (survey.withData(), survey.noteBlock(0, text(keep), keep * 2))],
    ];
    for (const [name, steps] of cases) {
      const survey = new TextSurvey(300);
      expect(() => steps(survey, survey.keepOf()), name).toThrow(NoStandIn);
    }
  });

  it('reads on where nothing was cut, only texts were, or texts after another block (each kept to the largest share)', () => {
    const survey = new TextSurvey(300);
    const keep = survey.keepOf();
    survey.withData();
    survey.noteBlock(0, text(10), 10);
    survey.noteBlock(1, IMAGE, undefined);
    survey.noteBlock(2, text(keep), keep * 2);
    const texts = new TextSurvey(300);
    texts.noteBlock(0, text(keep), keep * 2);
    texts.noteBlock(1, text(keep), keep * 3);
    expect(texts.cut).toBe(true);
  });
});
