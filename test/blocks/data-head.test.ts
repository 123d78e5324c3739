import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHost } from '../../src/host.js';
import { shownLength } from '../../src/blocks/shown-block.js';
import { dataChecker } from '../../src/blocks/data-strings.js';
import { oneTextAtCap } from '../support/factories.js';
import type { LiveCopy } from '../../src/lanes/copies.js';

/** The stored copy a long data result must have: its serialization's start within the cap, and the notice naming it. */
function expected(value: unknown, cap: number): string {
  return oneTextAtCap(JSON.stringify(value), cap);
}

describe('a long data result', () => {
  it('stores the serialization’s own start, cut at the cap, whatever the data whose strings the data check keeps', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.array(fc.jsonValue(), { minLength: 1, maxLength: 40 }), fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 40 })),
        fc.integer({ min: 1, max: 300 }),
        (value, cap) => {
          // Data the check changes is shown with its replacements (tested in data-strings.test.ts).
          const checked = dataChecker();
          fc.pre(JSON.stringify(value, (_key, member: unknown) => checked(member)) === JSON.stringify(value));
          expect(createHost({ log: () => {} }).renderToolResult({ data: value }, { cap }).stored).toBe(expected(value, cap));
        },
      ),
      { seed: 0x5eed_0201, numRuns: 1000 },
    );
  });

  it('asks each member’s toJSON with its key, and drops undefined and functions, as the whole does', () => {
    const value = {
      when: { toJSON: (key: string) => `key:${key}` },
      gone: undefined,
      fn: () => 1,
      list: [undefined, () => 1, { toJSON: (key: string) => `index:${key}` }],
      // Under a base64 run's length (200), so it is shown as it is.
      pad: 'x'.repeat(199),
    };
    expect(createHost({ log: () => {} }).renderToolResult({ data: value }, { cap: 60 }).stored).toBe(expected(value, 60));
  });
});

describe('a long data result whose getter answers a block only on a later read', () => {
  const BASE64 = `iVBORw0KGgo${'A'.repeat(4000)}`;
  /** A getter that answers an image block (its base64 before its type) on read `blockRead` only. */
  function flaky(blockRead: number): () => unknown {
    let reads = 0;
    return () => {
      reads += 1;
      return reads === blockRead ? { data: BASE64, mimeType: 'image/png', type: 'image' } : { note: 'plain' };
    };
  }
  class Box {
    readonly pad = 'p'.repeat(50);
  }
  const shapes: [string, () => object][] = [
    ['a class instance (its head a slice of the engine’s text)', () => new Box()],
    ['a plain object (its head built member by member)', () => ({ pad: 'p'.repeat(50) })],
  ];

  it.each(shapes.flatMap(([shape, make]) => [1, 2, 3, 4].map((read) => [shape, read, make] as const)))(
    'shows no base64 in either copy or any block: %s, the block on read %i',
    (_shape, read, make) => {
      const value = make();
      Object.defineProperty(value, 'img', { get: flaky(read), enumerable: true });
      Object.assign(value, { tail: 'z'.repeat(6000) });
      const rendered = createHost({ log: () => {} }).renderToolResult({ data: value }, { cap: 300 });
      expect(rendered.stored).not.toContain('AAAAAAAAAAAAAAAA');
      expect(JSON.stringify(rendered.live)).not.toContain('AAAAAAAAAAAAAAAA');
      expect(JSON.stringify(rendered.blocks)).not.toContain('AAAAAAAAAAAAAAAA');
    },
  );
});

describe('the block a long data result becomes', () => {
  it('carries only the start a copy can keep, and the whole text’s length', () => {
    const value = Array.from({ length: 500 }, (_, i) => ({ id: i, note: 'n'.repeat(40) }));
    const whole = JSON.stringify(value);
    const rendered = createHost({ log: () => {} }).renderToolResult({ data: value }, { cap: 200 });
    const block = rendered.blocks[0]!;
    expect(block.kind).toBe('text');
    expect(block.text.length).toBeLessThan(whole.length);
    expect(whole.startsWith(block.text)).toBe(true);
    expect(block.text.length).toBeGreaterThanOrEqual(200);
    expect(shownLength(block)).toBe(whole.length);
    expect(rendered.stored).toBe(oneTextAtCap(whole, 200));
    expect(rendered.stored.length).toBeLessThanOrEqual(200);
  });

  it('counts a short text by its text', () => {
    const block = createHost({ log: () => {} }).renderToolResult({ data: { a: 1 } }).blocks[0]!;
    expect([block.text, shownLength(block)]).toEqual(['{"a":1}', 7]);
  });
});

describe('a long data result whose getter answers a long string on one read and a short one on the others', () => {
  const LONG = 'hello world '.repeat(20_000);
  /** An object whose `a` reads as {@link LONG} on read `longRead` only, `'x'` on every other. */
  function lying(longRead: number): object {
    let reads = 0;
    const value = {};
    Object.defineProperty(value, 'a', {
      enumerable: true,
      get: () => {
        reads += 1;
        return reads === longRead ? LONG : 'x';
      },
    });
    return Object.assign(value, { b: 1 });
  }
  /** The characters of the live copy's texts, joined as the stored copy joins them. */
  function liveChars(live: LiveCopy): number {
    return live.kind === 'text' ? live.text.length : live.blocks.map((block) => ('text' in block ? block.text : '')).join('\n').length;
  }
  const wrappings: [string, (value: object) => unknown][] = [
    ['as structured content', (value) => ({ content: [], structuredContent: value })],
    ['as data', (value) => ({ data: value })],
  ];
  const cap = 1000;

  it.each(wrappings.flatMap(([wrapping, wrap]) => [1, 2, 3, 4].map((read) => [wrapping, read, wrap] as const)))(
    'keeps both copies within the cap and counts at least what was read: %s, the long string on read %i',
    (_wrapping, read, wrap) => {
      const rendered = createHost({ log: () => {} }).renderToolResult(wrap(lying(read)), { cap });
      expect(rendered.stored.length).toBeLessThanOrEqual(cap);
      expect(liveChars(rendered.live)).toBeLessThanOrEqual(cap);
      for (const block of rendered.blocks) expect(shownLength(block)).toBeGreaterThanOrEqual(block.text.length);
      const longest = Math.max(...rendered.blocks.map((block) => block.text.length));
      const notice = /cut: ([\d,]+) chars/.exec(rendered.stored);
      if (longest > cap) {
        expect(notice).not.toBeNull();
        expect(Number(notice![1]!.replaceAll(',', ''))).toBeGreaterThanOrEqual(longest);
      }
    },
  );

  it('is cut, not shown whole, where the head read the long string and the count the short one', () => {
    // Read 1 is the scan's, read 2 the head's, read 3 the count's.
    const rendered = createHost({ log: () => {} }).renderToolResult({ content: [], structuredContent: lying(2) }, { cap });
    const block = rendered.blocks[0]!;
    expect(block.text.length).toBeGreaterThan(LONG.length);
    expect(shownLength(block)).toBeGreaterThan(block.text.length);
    expect(rendered.stored.length).toBeLessThanOrEqual(cap);
    const notice = /cut: ([\d,]+) chars/.exec(rendered.stored);
    expect(Number(notice![1]!.replaceAll(',', ''))).toBeGreaterThan(LONG.length);
  });
});
