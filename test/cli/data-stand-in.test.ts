import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { isBlockAtDepth } from '../../src/blocks/at-depth.js';
import { jsonHead } from '../../src/blocks/json-head.js';
import { filledIn } from '../../src/cli/data-stand-in.js';
import { NoStandIn, readJsonFile, type DataReading } from '../../src/cli/streamed-json.js';

const dir = mkdtempSync(join(tmpdir(), 'blockwise-stand-in-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

function fileOf(content: string): string {
  const path = join(dir, `f${(files += 1)}.json`);
  writeFileSync(path, content);
  return path;
}

const sizes = fc.record({ chunkBytes: fc.integer({ min: 1, max: 64 }), wholeValueChars: fc.integer({ min: 1, max: 48 }) });

/** Strings whose JSON differs from their text in length: escapes, controls, surrogates paired, split and lone. */
const trickyString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('__proto__', 'type', '7', '\ud83d\ude00'.repeat(9), '\ud83d', '\ude00x', '"\\/\b\f\n\r\t\u2028', 'é'.repeat(20)),
);

/** Data of every JSON shape, `type` members of kinds shown at depth and not, numbers written as the file may write them. */
const data = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    trickyString,
    fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.boolean(), fc.constant(null)),
    fc.array(tie('value'), { maxLength: 8 }),
    fc.dictionary(trickyString, tie('value'), { maxKeys: 8 }),
    fc.record({ type: fc.constantFrom('image', 'row', 'resource_link'), id: fc.integer() }),
  ),
})).value;

/** The same value as a file may write it: compact, indented, numbers as `1E2` and `-0.0`. */
function fileText(value: unknown, layout: number): string {
  const text = JSON.stringify({ content: [], structuredContent: value, isError: false }, null, [undefined, 1, '\t'][layout % 3]);
  return layout >= 3 ? text.replace(/(?<=[:[,]\s*)(\d+)(?=[,\]}\s])/g, '$1.0E0') : text;
}

/** The long arrays of numbers a value holds anywhere (the filler's). */
function fillerArrays(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [];
  if (Array.isArray(value) && value.length > 100 && value.every((item) => typeof item === 'number')) return [value];
  return Object.values(value).flatMap(fillerArrays);
}

describe(filledIn.name, () => {
  it("stands in for the value: its JSON as long as the value's, and every head read within the kept part the value's own", () => {
    fc.assert(
      fc.property(data, fc.nat(5), sizes, fc.integer({ min: 0, max: 200 }), (value, layout, readSizes, keepChars) => {
        const text = fileText(value, layout);
        const whole = (JSON.parse(text) as { structuredContent: unknown }).structuredContent;
        const reading: DataReading = { keepChars, isBlockType: (type) => type === 'image' || type === 'resource_link' };
        let read;
        try {
          read = readJsonFile(fileOf(text), undefined, readSizes, reading);
        } catch (error) {
          // Refused only where the value holds a block kind or a key out of the file's order.
          expect(error).toBeInstanceOf(NoStandIn);
          expect(/"type":"(?:image|resource_link)"|"\d+":/.test(JSON.stringify(whole))).toBe(true);
          return;
        }
        const standIn = filledIn(read.data!);
        expect(read.data!.length).toBe(JSON.stringify(whole).length);
        expect(JSON.stringify(standIn).length).toBe(JSON.stringify(whole).length);
        for (const reach of [0, keepChars >> 1, keepChars]) expect(jsonHead(standIn, reach, isBlockAtDepth)).toEqual(jsonHead(whole, reach, isBlockAtDepth));
        if (read.data!.cut === undefined) expect(JSON.stringify(standIn)).toBe(JSON.stringify(whole));
      }),
      { numRuns: 600 },
    );
  });

  it('fills any length exactly, in an array or an object, holding one filler array however long the rest', () => {
    // Lengths around where the filler's arrays and its last value change shape (a filler array's JSON is 40,961 characters).
    const length = fc.oneof(
      fc.integer({ min: 1, max: 60 }),
      fc.integer({ min: 40_900, max: 41_100 }),
      fc.integer({ min: 81_900, max: 82_100 }),
      fc.integer({ min: 1, max: 3_000_000 }),
    );
    fc.assert(
      fc.property(length, fc.boolean(), fc.boolean(), (rest, inArray, first) => {
        const container: Record<string, unknown> | unknown[] = inArray ? (first ? [] : [1]) : first ? {} : { a: 1 };
        const key = inArray ? (container as unknown[]).length : 'rest';
        const value = { records: container };
        const kept = JSON.stringify(value).length;
        const member = inArray ? 0 : JSON.stringify(key).length + 1;
        // The whole value's JSON: what was kept and, past a comma where a member stands before it, the rest.
        const whole = kept + (first ? 0 : 1) + member + rest;
        const filled = filledIn({ value, cut: { container, key, first }, length: whole });
        expect(JSON.stringify(filled).length).toBe(whole);
        // However long the rest, the stand-in holds one filler array (in many places), not one per piece.
        const arrays = new Set(fillerArrays(filled)).size;
        expect(arrays).toBeLessThanOrEqual(1);
        if (rest > 100_000) expect(arrays).toBe(1);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a second structuredContent (the value read would not be the one kept)', () => {
    const path = fileOf(`{"structuredContent":{"a":[${'1,'.repeat(40)}1]},"structuredContent":{"b":2}}`);
    expect(() => readJsonFile(path, undefined, { chunkBytes: 8, wholeValueChars: 16 }, { keepChars: 10, isBlockType: () => false })).toThrow(NoStandIn);
  });
});
