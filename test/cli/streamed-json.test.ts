import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { TEXT_LENGTH } from '../../src/blocks/kinds/text.js';
import { readJsonFile, type BlockTexts, type ReadSizes } from '../../src/cli/streamed-json.js';
import { TextSurvey } from '../../src/cli/text-shares.js';
import { runGuarded, SRC_DIR } from '../support/hang-guard.js';
import { captureIo } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'blockwise-streamed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

function fileOf(content: string | Uint8Array): string {
  const path = join(dir, `f${(files += 1)}.json`);
  writeFileSync(path, content);
  return path;
}

/** What the whole read gives: the value, or the error's message. */
function wholeRead(path: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(readFileSync(path, 'utf8')) as unknown };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** The streamed read, or that it threw. */
function streamedRead(path: string, sizes?: ReadSizes): { value: unknown } | { threw: true } {
  try {
    return { value: readJsonFile(path, undefined, sizes).value };
  } catch {
    return { threw: true };
  }
}

/** A value's JSON with `-0` told apart from 0, so two reads compare exactly, key order included. */
function exactJson(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) => (Object.is(member, -0) ? '-0 (negative zero)' : member));
}

const sizes = fc.record({ chunkBytes: fc.integer({ min: 1, max: 64 }), wholeValueChars: fc.integer({ min: 1, max: 48 }) });

/** JSON text of any value, laid out compactly or indented (whitespace between every token). */
const jsonText = fc
  .tuple(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(undefined, 1, '\t', ' \r\n'))
  .map(([value, indent]) => JSON.stringify(value, null, indent));

/** Strings that stress decoding: escapes, surrogates (paired, lone, escaped), controls, `__proto__`. */
const trickyString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('__proto__', '\ud83d\ude00', '\ud83d', '\ude00x', '"\\/\b\f\n\r\t', 'é'.repeat(20)),
);

const trickyText = fc
  .tuple(
    fc.dictionary(trickyString, fc.oneof(trickyString, fc.double(), fc.integer(), fc.boolean(), fc.constant(null)), { maxKeys: 6 }),
    fc.array(trickyString),
  )
  .map(([record, list]) => JSON.stringify({ record, list, again: record }))
  // A duplicate key: the last value wins, in the first one's place.
  .map((text) => `{"__proto__":1,"k":[1],${text.slice(1, -1)},"k":"last","__proto__":{"a":-0}}`);

describe(readJsonFile.name, () => {
  it('reads every JSON text as JSON.parse reads it whole, whatever the chunk and whole-value sizes', () => {
    fc.assert(
      fc.property(fc.oneof(jsonText, trickyText), sizes, (text, readSizes) => {
        const path = fileOf(text);
        const streamed = streamedRead(path, readSizes);
        const whole = wholeRead(path);
        expect('value' in streamed).toBe(true);
        expect('value' in whole && exactJson((streamed as { value: unknown }).value) === exactJson(whole.value)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('throws wherever JSON.parse of the whole text throws (a character cut, doubled or changed), and reads the same value wherever it does not', () => {
    const broken = fc
      .tuple(
        fc.oneof(jsonText, trickyText),
        fc.nat(),
        fc.constantFrom('cut', 'double', 'change'),
        fc.constantFrom('"', '\\', '{', ']', ',', ':', 'x', '\u0001', ' ', '0'),
      )
      .map(([text, at, how, char]) => {
        const index = text.length === 0 ? 0 : at % text.length;
        if (how === 'cut') return text.slice(0, index) + text.slice(index + 1);
        if (how === 'double') return text.slice(0, index) + text.charAt(index) + text.slice(index);
        return text.slice(0, index) + char + text.slice(index + 1);
      });
    fc.assert(
      fc.property(broken, sizes, (text, readSizes) => {
        const path = fileOf(text);
        const streamed = streamedRead(path, readSizes);
        const whole = wholeRead(path);
        if ('error' in whole) expect(streamed).toEqual({ threw: true });
        else expect(exactJson((streamed as { value: unknown }).value)).toBe(exactJson(whole.value));
      }),
      { numRuns: 600 },
    );
  });

  it('decodes any bytes as readFileSync(path, "utf8") does (bad UTF-8 and a byte-order mark included)', () => {
    const bytes = fc.tuple(fc.uint8Array({ maxLength: 40 }), fc.boolean()).map(([inner, bom]) => {
      // Inside a string, where any decoded character but a quote, backslash or control is JSON.
      const safe = inner.map((byte) => (byte === 0x22 || byte === 0x5c || byte < 0x20 ? 0x41 : byte));
      return Buffer.concat([Buffer.from(bom ? '\ufeff["' : '["'), safe, Buffer.from('",1]')]);
    });
    fc.assert(
      fc.property(bytes, sizes, (content, readSizes) => {
        const path = fileOf(content);
        const streamed = streamedRead(path, readSizes);
        const whole = wholeRead(path);
        if ('error' in whole) expect(streamed).toEqual({ threw: true });
        else expect(exactJson((streamed as { value: unknown }).value)).toBe(exactJson(whole.value));
      }),
      { numRuns: 300 },
    );
  });

  it("keeps a content block's text as far as asked, its whole length under TEXT_LENGTH, only there, only where asked", () => {
    const text = 'a\ud83d\ude00"\\'.repeat(40);
    const result = {
      content: [
        { type: 'text', text },
        { type: 'text', text: 'short' },
        { type: 'text', text: text.slice(0, 30) },
      ],
      other: { text },
    };
    const path = fileOf(JSON.stringify(result));
    // Texts read in pieces (16), and elements parsed whole (300: only the root and content are longer).
    for (const wholeValueChars of [16, 300]) {
      const noted: [number, number | undefined][] = [];
      const texts: BlockTexts = { keepOf: (index) => [20, 20, 0][index]!, noteBlock: (index, _element, length) => noted.push([index, length]) };
      const read = readJsonFile(path, texts, { chunkBytes: 7, wholeValueChars });
      const value = read.value as typeof result;
      expect(value.content[0]!.text).toBe(text.slice(0, 20));
      expect((value.content[0] as Record<symbol, unknown>)[TEXT_LENGTH]).toBe(text.length);
      expect(value.content[1]!.text).toBe('short');
      expect(TEXT_LENGTH in value.content[1]!).toBe(false);
      expect(value.content[2]!.text).toBe('');
      expect((value.content[2] as Record<symbol, unknown>)[TEXT_LENGTH]).toBe(30);
      expect(value.other.text).toBe(text);
      expect(noted).toEqual([
        [0, text.length],
        [1, 5],
        [2, 30],
      ]);
    }
    const bare: number[] = [];
    readJsonFile(
      fileOf(JSON.stringify([...result.content, 7])),
      { keepOf: () => 20, noteBlock: (_index, _element, length) => bare.push(length ?? -1) },
      { chunkBytes: 7, wholeValueChars: 16 },
    );
    expect(bare).toEqual([text.length, 5, 30, -1]);
    expect(readJsonFile(path, undefined, { chunkBytes: 7, wholeValueChars: 16 }).value).toEqual(result);
  });

  it('scans each character for short containers at most once: sibling chains of long nested containers cost the file, not the file times the depth', () => {
    const small: ReadSizes = { chunkBytes: 256, wholeValueChars: 64 };
    const chains = (siblings: number, depth: number) => {
      const chain = `${'{"a":'.repeat(depth)}"${'x'.repeat(80)}"${'}'.repeat(depth)}`;
      return `{"structuredContent":[${Array.from({ length: siblings }, () => chain).join(',')}],"content":[]}`;
    };
    for (const [siblings, depth] of [
      [1, 40],
      [8, 40],
      [8, 400],
    ] as const) {
      const text = chains(siblings, depth);
      const read = readJsonFile(fileOf(text), undefined, small);
      expect(exactJson(read.value)).toBe(exactJson(JSON.parse(text)));
      // Each level scanned afresh read about `wholeValueChars` per level: here 64 × depth per chain.
      expect(read.scanned).toBeLessThanOrEqual(text.length + small.wholeValueChars + 1);
    }
  });

  it('forgets an elided text a later `text` member of the same block replaces', () => {
    const long = 'x'.repeat(100);
    const path = fileOf(`{"content":[{"type":"text","text":"${long}","text":"${long.slice(0, 40)}"}]}`);
    const read = readJsonFile(path, { keepOf: () => 50, noteBlock: () => {} }, { chunkBytes: 5, wholeValueChars: 16 });
    const block = (read.value as { content: { text: string }[] }).content[0]!;
    expect(block.text).toBe(long.slice(0, 40));
    expect(TEXT_LENGTH in block).toBe(false);
  });

  it('gives up on a result with two `content` members (the texts noted would be of both)', () => {
    const path = fileOf('{"content":[{"type":"text","text":"a"}],"content":[{"type":"text","text":"b"}]}');
    expect(() => readJsonFile(path, { keepOf: () => 50, noteBlock: () => {} }, { chunkBytes: 8, wholeValueChars: 16 })).toThrow();
    expect(readJsonFile(path).value).toEqual({ content: [{ type: 'text', text: 'b' }] });
  });
});

async function render(args: string[], stdin?: string): Promise<{ code: number; out: string; err: string }> {
  const { io, out, err } = captureIo(stdin === undefined ? {} : { stdin: Readable.from([Buffer.from(stdin)]) });
  const code = await main(['render', ...args], io);
  return { code, out: out(), err: err() };
}

/** A text of `length` units from pieces that stress a cut: surrogate pairs, lone surrogates, escapes, controls. */
function longText(length: number, seed: number): string {
  const pieces = ['lorem ipsum ', '\ud83d\ude00', '\ud83d', '"quoted"\\', '\u0007\n', 'é', 'https://example.com/x?token=abc '];
  let text = '';
  for (let index = seed; text.length < length; index += 1) text += pieces[(index * 7 + seed) % pieces.length];
  return text.slice(0, length);
}

describe('render of a file read in pieces', () => {
  it('prints what the whole read prints where a long string the data rules shorten comes before members that start past the first megabyte', async () => {
    // A 2 MB base64 member shortened to its marker: the copy's head reads on past the members kept.
    const thumbnail = Buffer.from(Array.from({ length: 1_500_000 }, (_, index) => (index * 7919 + (index >> 8)) & 255)).toString('base64');
    const items = Array.from({ length: 2_000 }, (_, index) => ({ id: index, name: `item ${index}` }));
    const text = JSON.stringify({ structuredContent: { thumbnail, items } });
    for (const extra of [[], ['--cap', '200'], ['--json']]) {
      const fromFile = await render([fileOf(text), ...extra]);
      const whole = await render(['-', ...extra], text);
      expect(fromFile.out).toBe(whole.out);
      expect(fromFile.out).not.toMatch(/" {16}/);
    }
  }, 60_000);

  it('keeps one long text to its share on the first reading, so it is read once', () => {
    for (const cap of [0, 200, 24_000]) {
      const survey = new TextSurvey(cap);
      const keep = survey.keepOf();
      survey.noteBlock(0, { type: 'text', text: 'a'.repeat(keep) }, 50_000_000);
      expect(survey.keepNeeded()).toBeUndefined();
    }
  });

  // The standard input is read whole and parsed by JSON.parse: the render as it was.
  it('prints what the whole read prints, for results of long and short texts, other blocks and structuredContent', async () => {
    const block = fc.oneof(
      fc
        .tuple(fc.integer({ min: (1 << 20) - 4, max: (1 << 20) * 2 + 9 }), fc.nat(50))
        .map(([length, seed]) => ({ type: 'text', text: longText(length, seed) })),
      fc.string({ maxLength: 40 }).map((text) => ({ type: 'text', text })),
      fc.constant({ type: 'text', text: 'hi', annotations: { audience: ['user'], priority: 0.5 } }),
      fc.constant({ type: 'resource_link', uri: 'https://example.com/a?X-Amz-Signature=abc', name: 'a' }),
      fc.constant({ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }),
      fc.constant({ type: 'text', text: 7 }),
    );
    const result = fc
      .tuple(fc.array(block, { minLength: 1, maxLength: 3 }), fc.constantFrom(undefined, { a: 1 }), fc.boolean(), fc.constantFrom(undefined, 'complete'))
      .map(([content, structuredContent, bare, resultType]) =>
        bare
          ? JSON.stringify(content)
          : JSON.stringify({ content, ...(structuredContent === undefined ? {} : { structuredContent }), ...(resultType === undefined ? {} : { resultType }) }),
      );
    const flags = fc.constantFrom([], ['--json'], ['--cap', '300'], ['--cap', '2000000'], ['--raw']);
    await fc.assert(
      fc.asyncProperty(result, flags, async (text, extra) => {
        const path = fileOf(text);
        const fromFile = await render([path, ...extra]);
        const whole = await render(['-', ...extra], text);
        expect(fromFile.code).toBe(whole.code);
        expect(fromFile.err).toBe(whole.err);
        // Reference ids are random per render: compared as one id.
        const sameIds = (out: string) => out.replace(/\bref-[\w-]+/g, 'ref-ID');
        expect(sameIds(fromFile.out) === sameIds(whole.out)).toBe(true);
      }),
      { numRuns: 24 },
    );
  }, 120_000);

  it('prints what the whole read prints for results of many texts, each kept only to its share (on the first reading or a second)', async () => {
    // Lengths around the copies' short-block floor and share sizes, and past the first reading's
    // keep (the cap and a margin); over a megabyte in all, so the second reading is taken.
    const length = fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 150, max: 260 }), fc.integer({ min: 280, max: 2_000 }), fc.constant(70_000));
    const texts = fc.tuple(fc.array(length, { minLength: 1, maxLength: 40 }), fc.integer({ min: 0, max: 2_400 }), fc.nat(50));
    const shape = fc.constantFrom('texts', 'texts', 'bare', 'with-image', 'with-structured', 'not-text');
    const flags = fc.constantFrom([], ['--json'], ['--cap', '300'], ['--cap', '5000'], ['--cap', '3000000']);
    await fc.assert(
      fc.asyncProperty(texts, shape, flags, async ([lengths, copies, seed], kind, extra) => {
        // Copies of 500-unit texts to pass the first reading's keep, then the lengths drawn: kept
        // to nothing on the first reading, and to their shares on the second.
        const content: unknown[] = Array.from({ length: copies }, (_, index) => ({ type: 'text', text: longText(500, index) }));
        lengths.forEach((units, index) => content.push({ type: 'text', text: longText(units, seed + index) }));
        if (kind === 'with-image') content.splice(content.length >> 1, 0, { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' });
        if (kind === 'not-text') content.push({ type: 'text', text: 7 });
        const text =
          kind === 'bare' ? JSON.stringify(content) : JSON.stringify({ content, ...(kind === 'with-structured' ? { structuredContent: { rows: 3 } } : {}) });
        const path = fileOf(text);
        const fromFile = await render([path, ...extra]);
        const whole = await render(['-', ...extra], text);
        expect(fromFile.code).toBe(whole.code);
        expect(fromFile.err).toBe(whole.err);
        const sameIds = (out: string) => out.replace(/\bref-[\w-]+/g, 'ref-ID');
        expect(sameIds(fromFile.out) === sameIds(whole.out)).toBe(true);
      }),
      { numRuns: 30 },
    );
  }, 300_000);

  it('prints what the whole read prints for a long structuredContent shown as data (stood in for past what a copy reads, or read whole)', async () => {
    const base64 = 'QUJD'.repeat(400);
    const record = (index: number, seed: number, extra: string) => ({
      id: index,
      name: `record ${index} ${longText(20 + ((index * seed) % 40), seed + index)}`,
      score: (index * 7.31) % 100,
      tags: ['alpha', index % 2 ? 'gamma' : 'delta'],
      description: 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. '.repeat(3),
      ...(extra === 'type-row' ? { type: 'row' } : {}),
      ...(extra === 'long' && index % 97 === 5 ? { body: longText(20_000 + seed, seed) } : {}),
      ...(extra === 'base64' && index < 200 ? { blob: base64 } : {}),
      ...(extra === 'credential' && index < 50 ? { url: `https://example.com/x?X-Amz-Signature=${index}` } : {}),
      owner: { login: `user${index % 97}`, site_admin: false },
    });
    const shape = fc.record({
      count: fc.integer({ min: 2_500, max: 6_000 }),
      seed: fc.nat(50),
      extra: fc.constantFrom('none', 'type-row', 'long', 'base64', 'credential'),
      wrap: fc.constantFrom('records', 'nested', 'bare-array', 'keyed'),
      block: fc.constantFrom(undefined, 'head', 'tail'),
      content: fc.constantFrom('empty', 'absent', 'text'),
      indent: fc.constantFrom(undefined, 1),
    });
    const flags = fc.constantFrom([], ['--json'], ['--cap', '300'], ['--cap', '50000']);
    await fc.assert(
      fc.asyncProperty(shape, flags, async ({ count, seed, extra, wrap, block, content, indent }, extra2) => {
        const rows: unknown[] = Array.from({ length: count }, (_, index) => record(index, seed, extra));
        if (block !== undefined) rows.splice(block === 'head' ? 3 : count - 3, 0, { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' });
        const value =
          wrap === 'records'
            ? { records: rows, total: count }
            : wrap === 'nested'
              ? { page: { items: rows, next: null }, meta: { at: 'now' } }
              : wrap === 'bare-array'
                ? rows
                : Object.fromEntries(rows.map((row, index) => [`k${index}`, row]));
        const text = JSON.stringify(
          {
            ...(content === 'absent' ? {} : { content: content === 'empty' ? [] : [{ type: 'text', text: 'see the data' }] }),
            structuredContent: value,
          },
          null,
          indent,
        );
        const path = fileOf(text);
        const fromFile = await render([path, ...extra2]);
        const whole = await render(['-', ...extra2], text);
        expect(fromFile.code).toBe(whole.code);
        expect(fromFile.err).toBe(whole.err);
        const sameIds = (out: string) => out.replace(/\bref-[\w-]+/g, 'ref-ID');
        expect(sameIds(fromFile.out) === sameIds(whole.out)).toBe(true);
      }),
      { numRuns: 16 },
    );
  }, 300_000);

  it('a path that is a pipe, not a file, is read whole once: a long text beside an image renders as from a file', async () => {
    const text = JSON.stringify({
      content: [
        { type: 'text', text: longText((1 << 20) + 10, 3) },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      ],
    });
    const file = fileOf(text);
    const fifo = join(dir, `pipe${(files += 1)}`);
    execFileSync('mkfifo', [fifo]);
    // In a child killed at a limit: a pipe read a second time waits for a writer forever, and the
    // render reads it synchronously. The writer is a process of its own for the same reason.
    const guarded = runGuarded(`
      import { spawn } from 'node:child_process';
      import { main } from ${JSON.stringify(`${SRC_DIR}cli/main.ts`)};
      spawn('sh', ['-c', 'cat "$0" > "$1"', ${JSON.stringify(file)}, ${JSON.stringify(fifo)}], { stdio: 'ignore' });
      let out = '';
      let err = '';
      const io = { stdout: { write: (t) => (out += t) }, stderr: { write: (t) => (err += t) } };
      const code = await main(['render', ${JSON.stringify(fifo)}], io);
      console.log(JSON.stringify({ code, out, err }));
    `);
    expect(guarded.ended).toBe(true);
    const fromPipe = guarded.printed as { code: number; out: string; err: string };
    const fromFile = await render([file]);
    expect(fromPipe.err).toBe('');
    expect(fromPipe.code).toBe(fromFile.code);
    const sameIds = (out: string) => out.replace(/\bref-[\w-]+/g, 'ref-ID');
    expect(sameIds(fromPipe.out) === sameIds(fromFile.out)).toBe(true);
  }, 60_000);

  it('a file that is not JSON: the one-line error JSON.parse of the whole text gives, control characters escaped, exit 2', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(jsonText, fc.string({ unit: 'binary', maxLength: 30 })), fc.nat(), async (text, at) => {
        const broken = `${text.slice(0, at % (text.length + 1))}\u001b[31m${text.slice(at % (text.length + 1))}`;
        const path = fileOf(broken);
        const { code, out, err } = await render([path]);
        const whole = wholeRead(path);
        if (!('error' in whole)) return;
        expect(code).toBe(2);
        expect(out).toBe('');
        expect(err.endsWith('\n') && !err.slice(0, -1).includes('\n')).toBe(true);
        expect(err).not.toContain('\u001b');
        const fromStdin = await render(['-'], broken);
        // The same words, but for the input's name.
        expect(err.replace(JSON.stringify(path), 'INPUT')).toBe(fromStdin.err.replace(/standard input|"-"|-/, 'INPUT'));
      }),
      { numRuns: 60 },
    );
  });
});
