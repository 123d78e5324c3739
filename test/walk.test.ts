/**
 * The serialization-order walk (issue 3, docs/design.md §8): it visits exactly what `JSON.stringify`
 * visits, in the same order — compared call for call with a `JSON.stringify` replacer on the
 * same value — and stops with a typed error where serialization would fail or a value can't be
 * read.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { walk, WALK_MAX_DEPTH, WalkError, type WalkStop } from '../src/walk.js';
import { itProp } from './support/factories.js';

interface Call {
  readonly key: string;
  readonly value: unknown;
  readonly holder: object;
}

function walkCalls(value: unknown): Call[] {
  const calls: Call[] = [];
  walk(value, (key, member, holder) => {
    calls.push({ key, value: member, holder });
  });
  return calls;
}

function stringifyCalls(value: unknown): Call[] {
  const calls: Call[] = [];
  JSON.stringify(value, function (this: object, key: string, member: unknown) {
    calls.push({ key, value: member, holder: this });
    return member;
  });
  return calls;
}

/** Compares two call lists value for value (Object.is: NaN, -0, functions and symbols by identity). */
function expectSameCalls(actual: Call[], expected: Call[]): void {
  expect(actual.map((call) => call.key)).toEqual(expected.map((call) => call.key));
  actual.forEach((call, index) => {
    const want = expected[index]!;
    expect(Object.is(call.value, want.value), `value at call ${index} (key ${JSON.stringify(call.key)})`).toBe(true);
    // The root's holder is a wrapper each side makes for itself; every other holder is the same object.
    if (index === 0) expect((call.holder as Record<string, unknown>)['']).toBe((want.holder as Record<string, unknown>)['']);
    else expect(call.holder).toBe(want.holder);
  });
}

function stopOf(value: unknown): WalkStop | 'none' {
  try {
    walk(value, () => {});
    return 'none';
  } catch (error) {
    expect(error).toBeInstanceOf(WalkError);
    return (error as WalkError).code;
  }
}

/**
 * A toJSON whose answer depends on its key, the same object for the same key on every call (the
 * walk and JSON.stringify each call it, and values are compared by identity).
 */
function keyed(make: (key: string) => unknown): (key: string) => unknown {
  const answers = new Map<string, unknown>();
  return (key) => {
    if (!answers.has(key)) answers.set(key, make(key));
    return answers.get(key);
  };
}

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
      fc.constant(() => 'fn'),
      fc.constant(Symbol('s')),
      fc.constantFrom(new Number(1), new String('s'), new Boolean(false)),
      fc.date({ noInvalidDate: false }),
    ),
    fc.sparseArray(tie('value'), { maxLength: 5 }),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('0', '10', '2', 'toJSON', '__proto__', '')), tie('value'), { maxKeys: 5 }),
    tie('value').map((inner) => ({ toJSON: () => inner })),
    tie('value').map((inner) => ({ toJSON: keyed((key) => ({ key, inner })) })),
    tie('value').map((inner) => ({
      outer: 1,
      toJSON() {
        return this;
      },
      inner,
    })),
  ),
}));

describe(walk.name, () => {
  itProp([serializable], { seed: 0x5eed_000a, numRuns: 1000 })(
    'visits exactly what JSON.stringify visits, in the same order, with the same keys, values and holders',
    (value) => {
      expectSameCalls(walkCalls(value), stringifyCalls(value));
    },
  );

  itProp([fc.oneof(serializable, fc.bigInt(), fc.array(fc.oneof(serializable, fc.bigInt()), { maxLength: 4 }))], { seed: 0x5eed_000b, numRuns: 1000 })(
    'throws exactly where JSON.stringify throws',
    (value) => {
      let stringifyThrew = false;
      try {
        JSON.stringify(value);
      } catch {
        stringifyThrew = true;
      }
      if (stringifyThrew) expect(() => walk(value, () => {})).toThrow(WalkError);
      else expect(() => walk(value, () => {})).not.toThrow();
    },
  );

  it.each<[string, unknown]>([
    ['a primitive root', 'text'],
    ['undefined at the root', undefined],
    ['array holes and undefined members', [1, , undefined, () => 1, Symbol('x')]], // eslint-disable-line no-sparse-arrays
    ['integer-like keys come first, in numeric order', { b: 1, 10: 'ten', a: 2, 2: 'two' }],
    ['toJSON first, called with its key', { when: new Date(0), custom: { toJSON: (key: string) => `key:${key}` } }],
    ['a toJSON result is not asked for its own toJSON', { t: { toJSON: keyed(() => ({ toJSON: () => 'inner' })) } }],
    ['non-enumerable and symbol keys are skipped', Object.defineProperties({ shown: 1, [Symbol('s')]: 2 }, { hidden: { value: 3, enumerable: false } })],
    ['inherited keys are skipped', Object.create({ inherited: 1 }, { own: { value: 2, enumerable: true } })],
    ['boxed primitives are not descended into', { n: new Number(3), s: new String('ab') }],
    ['a Map and a Set are empty objects', { m: new Map([[1, 2]]), s: new Set([1]) }],
    ['a typed array is an object of indices', { t: new Uint8Array([1, 2]) }],
    [
      'the same object twice is not a cycle',
      (() => {
        const shared = { x: 1 };
        return [shared, { again: shared }];
      })(),
    ],
  ])('matches JSON.stringify > %s', (_name, value) => {
    expectSameCalls(walkCalls(value), stringifyCalls(value));
  });

  it("leaves an object's members unvisited when the visitor returns false", () => {
    const keys: string[] = [];
    walk({ skip: { inner: 1 }, keep: { inner: 2 } }, (key) => {
      keys.push(key);
      return key !== 'skip';
    });
    expect(keys).toEqual(['', 'skip', 'keep', 'inner']);
  });

  it('passes each value its depth (the root is 0)', () => {
    const depths: [string, number][] = [];
    walk({ a: [{ b: 1 }] }, (key, _value, _holder, depth) => void depths.push([key, depth]));
    expect(depths).toEqual([
      ['', 0],
      ['a', 1],
      ['0', 2],
      ['b', 3],
    ]);
  });

  it('reports whether a toJSON ran', () => {
    expect(walk({ a: 1 }, () => {}).sawToJSON).toBe(false);
    expect(walk({ a: new Date(0) }, () => {}).sawToJSON).toBe(true);
  });

  describe('stops with a typed error where serialization would fail or a value cannot be read', () => {
    const cyclic = () => {
      const value: Record<string, unknown> = {};
      value.me = [value];
      return value;
    };
    const nested = (depth: number) => {
      let value: unknown = 0;
      for (let level = 0; level < depth; level += 1) value = [value];
      return value;
    };

    it.each<[string, () => unknown, WalkStop]>([
      ['cycle > through an array', cyclic, 'cycle'],
      [
        'cycle > an object holding itself',
        () => {
          const v: Record<string, unknown> = {};
          v.v = v;
          return v;
        },
        'cycle',
      ],
      [
        'cycle > made by toJSON',
        () => {
          const v: Record<string, unknown> = {};
          v.t = { toJSON: () => v };
          return v;
        },
        'cycle',
      ],
      ['bigint > a primitive', () => ({ n: 1n }), 'bigint'],
      ['bigint > at the root', () => 1n, 'bigint'],
      ['bigint > a boxed BigInt', () => ({ n: Object(1n) }), 'bigint'],
      ['bigint > returned by toJSON', () => ({ n: { toJSON: () => 2n } }), 'bigint'],
      [
        'getter > a throwing getter',
        () => ({
          get bad() {
            throw new Error('no');
          },
        }),
        'getter',
      ],
      [
        'getter > a throwing toJSON getter',
        () =>
          Object.defineProperty({}, 'toJSON', {
            get() {
              throw new Error('no');
            },
          }),
        'getter',
      ],
      [
        'getter > a proxy whose ownKeys throws',
        () => ({
          p: new Proxy(
            {},
            {
              ownKeys() {
                throw new Error('no');
              },
            },
          ),
        }),
        'getter',
      ],
      [
        'to-json > a throwing toJSON',
        () => ({
          t: {
            toJSON() {
              throw new Error('no');
            },
          },
        }),
        'to-json',
      ],
      ['depth > one past the bound', () => nested(WALK_MAX_DEPTH + 1), 'depth'],
    ])('%s', (_name, make, code) => {
      const value = make();
      expect(stopOf(value)).toBe(code);
    });

    it('where JSON.stringify throws, the walk throws too', () => {
      for (const make of [cyclic, () => ({ n: 1n })]) {
        const value = make();
        expect(() => JSON.stringify(value)).toThrow();
        expect(() => walk(value, () => {})).toThrow(WalkError);
      }
    });

    it("data nested exactly to the bound is walked (the bound's exact edge)", () => {
      expect(stopOf(nested(WALK_MAX_DEPTH))).toBe('none');
      expect(stopOf(nested(WALK_MAX_DEPTH + 1))).toBe('depth');
    });

    it('keeps what was thrown as the cause', () => {
      const thrown = new Error('the original');
      try {
        walk(
          {
            get bad() {
              throw thrown;
            },
          },
          () => {},
        );
        expect.unreachable();
      } catch (error) {
        expect((error as WalkError).cause).toBe(thrown);
      }
    });

    it('a BigInt with a toJSON serializes, and is walked', () => {
      const proto = BigInt.prototype as unknown as { toJSON?: () => string };
      proto.toJSON = function (this: bigint) {
        return `${this}n`;
      };
      try {
        const value = { n: 5n };
        expectSameCalls(walkCalls(value), stringifyCalls(value));
        expect(walkCalls(value)[1]?.value).toBe('5n');
      } finally {
        delete proto.toJSON;
      }
    });
  });
});
