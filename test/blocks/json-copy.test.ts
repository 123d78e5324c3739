/**
 * The script lane's copy of data: exactly what `JSON.parse(JSON.stringify(value, replacer))`
 * gives, compared value for value (key order, prototypes, -0) on generated data and replacers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonCopy, type CopyReplacer } from '../../src/blocks/json-copy.js';
import { itProp } from '../support/factories.js';
import { runGuarded, SRC_DIR } from '../support/hang-guard.js';

/** Arbitrary JSON plus what serialization treats specially: toJSON, undefined, functions, symbols, holes, boxes, dates. */
const { value: serializable } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.constant(-0),
      fc.constant(() => 'fn'),
      fc.constant(Symbol('s')),
      fc.constantFrom(new Number(1), new Number(Number.NaN), new String('s'), new Boolean(false), Object(Symbol('boxed'))),
      fc.date({ noInvalidDate: false }),
    ),
    fc.sparseArray(tie('value'), { maxLength: 5 }),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('0', '10', '2', 'toJSON', '__proto__', '')), tie('value'), { maxKeys: 5 }),
    tie('value').map((inner) => ({ toJSON: (key: string) => ({ key, inner }) })),
    tie('value').map((inner) => Object.assign(Object.create({ inherited: 1 }) as object, { own: inner })),
  ),
}));

/** Replacers as a lane writes them: as is, strings changed, objects swapped for others, keys read. */
const replacers: readonly [string, CopyReplacer][] = [
  ['as is', (_key, value) => value],
  ['strings changed', (_key, value) => (typeof value === 'string' ? `<${value}>` : value)],
  [
    'objects with a key `a` swapped',
    (_key, value) => (typeof value === 'object' && value !== null && 'a' in value ? { swapped: [Object.keys(value), 1] } : value),
  ],
  ['keys read', (key, value) => (key === '0' ? `first:${String(typeof value)}` : value)],
  ['members dropped', (key, value) => (key === '2' ? undefined : value)],
];

function parsed(value: unknown, replacer: CopyReplacer): unknown {
  const text = JSON.stringify(value, (key, member: unknown) => replacer(key, member));
  return text === undefined ? undefined : JSON.parse(text);
}

describe(jsonCopy.name, () => {
  for (const [name, replacer] of replacers) {
    itProp([serializable], { seed: 0x5eed_0c0b, numRuns: 500 })(`is the serialization parsed back > replacer ${name}`, (value) => {
      const want = parsed(value, replacer);
      const got = jsonCopy(value, replacer);
      expect(got).toStrictEqual(want);
      expect(JSON.stringify(got)).toBe(JSON.stringify(want));
    });
  }

  it('keeps a `__proto__` key as a key, and -0 as 0', () => {
    const value = JSON.parse('{"__proto__":{"x":1},"n":-0}') as unknown;
    const got = jsonCopy(value, (_key, member) => member) as Record<string, unknown>;
    expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    expect(Object.keys(got)).toEqual(['__proto__', 'n']);
    expect(Object.is(got.n, 0)).toBe(true);
  });

  it.each<[string, () => unknown]>([
    ['a BigInt', () => ({ n: 1n })],
    ['a boxed BigInt', () => ({ n: Object(1n) })],
    [
      'a cycle made on a second read',
      () => {
        let reads = 0;
        const value: Record<string, unknown> = {};
        Object.defineProperty(value, 'again', { enumerable: true, get: () => (reads++ === 0 ? {} : [value]) });
        reads = 1;
        return value;
      },
    ],
  ])('throws where serialization throws, with its first line > %s', (_name, make) => {
    const firstLine = (run: () => unknown): string => {
      try {
        run();
        return 'none';
      } catch (error) {
        return `${(error as Error).name}: ${(error as Error).message.split('\n')[0]}`;
      }
    };
    expect(firstLine(() => jsonCopy(make(), (_key, member) => member))).toBe(firstLine(() => JSON.stringify(make())));
  });

  it('defines members where a prototype has a setter, as the parse does', () => {
    const setter = Object.getOwnPropertyDescriptor(Object.prototype, 'planted');
    expect(setter).toBeUndefined();
    let calls = 0;
    Object.defineProperty(Object.prototype, 'planted', { set: () => void (calls += 1), configurable: true });
    try {
      const got = jsonCopy({ planted: 1 }, (_key, member) => member) as Record<string, unknown>;
      expect(Object.hasOwn(got, 'planted')).toBe(true);
      expect(calls).toBe(0);
    } finally {
      delete (Object.prototype as Record<string, unknown>).planted;
    }
  });

  it('refuses, as the serialization does, an array a getter grew to 2^32 - 1 between reads: an error, not a copy the size of its length', () => {
    // In a child killed at a limit: without the bound, the copy would allocate and loop over 2^32 - 1 holes.
    const guarded = runGuarded(`
      import { jsonCopy } from ${JSON.stringify(`${SRC_DIR}blocks/json-copy.ts`)};
      const grown = [1];
      const data = { get first() { grown.length = 2 ** 32 - 1; return 'ok'; }, grown };
      let error = 'none';
      try { jsonCopy(data, (_key, member) => member); } catch (thrown) { error = String(thrown); }
      let serialized = 'none';
      try { JSON.stringify({ grown }); } catch (thrown) { serialized = String(thrown); }
      console.log(JSON.stringify({ error, serialized }));
    `);
    expect(guarded.ended).toBe(true);
    const { error, serialized } = guarded.printed as { error: string; serialized: string };
    expect(error).toBe('RangeError: Invalid string length');
    expect(error).toBe(serialized);
  }, 60_000);
});
