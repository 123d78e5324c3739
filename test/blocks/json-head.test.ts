/** The start and the length of data's JSON, read without the whole text (issue 15). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonHead, jsonLength } from '../../src/blocks/json-head.js';

const noBlock = (): boolean => false;
/** Data as results carry it, with members that serialize to nothing and keys serialization orders first. */
const data = fc
  .jsonValue()
  .chain((base) => fc.constantFrom(base, { records: base, total: 3 }, { 10: base, a: undefined, b: () => 1, ['__proto__']: base }, [base, undefined, base]));

describe(jsonLength.name, () => {
  it('counts what JSON.stringify writes, whatever the data', () => {
    fc.assert(
      fc.property(data, (value) => {
        expect(jsonLength(value)).toBe(JSON.stringify(value)?.length);
      }),
    );
  });

  it('counts a big member in many pieces to the same length', () => {
    const records = Array.from({ length: 20_000 }, (_, i) => ({ id: i, text: 'x'.repeat(i % 300), gone: undefined }));
    const value = { records, more: { records }, n: 1 };
    expect(jsonLength(value)).toBe(JSON.stringify(value).length);
  });

  /** `fanout` members under each object, `depth` levels down, each leaf `leaf()`. */
  function tree(fanout: number, depth: number, leaf: () => unknown): unknown {
    if (depth === 0) return leaf();
    return Object.fromEntries(Array.from({ length: fanout }, (_, i) => [`k${i}`, tree(fanout, depth - 1, leaf)]));
  }

  it.each([
    ['fanout 10, depth 6, small leaves', () => tree(10, 6, () => ({ v: 1, gone: undefined }))],
    ['256 objects of 256 empty objects', () => tree(256, 2, () => ({}))],
    ['fanout 2, depth 16, with arrays', () => tree(2, 16, () => [1, { a: 'x' }, undefined])],
    ['a chain 300 objects deep', () => Array.from({ length: 300 }).reduce<unknown>((inner) => ({ a: inner, b: 'x' }), 1)],
  ])('counts a tree of objects (%s) to the same length', (_shape, make) => {
    const value = make();
    expect(jsonLength(value)).toBe(JSON.stringify(value).length);
  });
});

describe(jsonHead.name, () => {
  it('is the serialization’s own start, past the limit or whole', () => {
    fc.assert(
      fc.property(data, fc.integer({ min: 0, max: 200 }), (value, limit) => {
        const head = jsonHead(value, limit, noBlock);
        const whole = JSON.stringify(value);
        if (head === undefined) {
          expect(typeof value !== 'object' || value === null).toBe(true);
          return;
        }
        expect(whole.startsWith(head.text)).toBe(true);
        expect(head.whole).toBe(head.text === whole);
        if (!head.whole) expect(head.text.length).toBeGreaterThanOrEqual(limit);
      }),
    );
  });

  it('stops where the descent meets a block, so none is cut inside', () => {
    const value = { records: [{ id: 1 }, { data: 'iVBOR', type: 'image' }] };
    expect(jsonHead(value, 1_000, (member) => (member as { type?: unknown }).type === 'image')).toBeUndefined();
  });

  it('reads a big member only as far as the limit', () => {
    const value = { records: Array.from({ length: 100_000 }, (_, i) => ({ id: i })) };
    const head = jsonHead(value, 1_000, noBlock)!;
    expect(head.whole).toBe(false);
    expect(head.text.length).toBeLessThan(1_020);
  });
});
