import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHost } from '../../src/host.js';
import { truncationNotice } from '../../src/text/markers.js';

/** The stored copy a long data result must have: its serialization cut at the cap, and the notice. */
function expected(value: unknown, cap: number): string {
  const text = JSON.stringify(value)!;
  return text.length <= cap ? text : `${text.slice(0, cap)}${truncationNotice(text.length)}`;
}

describe('a long data result', () => {
  it('stores the serialization’s own start, cut at the cap, whatever the data', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.array(fc.jsonValue(), { minLength: 1, maxLength: 40 }), fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 40 })),
        fc.integer({ min: 1, max: 300 }),
        (value, cap) => {
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
      pad: 'x'.repeat(200),
    };
    expect(createHost({ log: () => {} }).renderToolResult({ data: value }, { cap: 60 }).stored).toBe(expected(value, 60));
  });
});
