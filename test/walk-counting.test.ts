/**
 * The counting walk (issues 12 and 15): the one walk the tool-result lane takes through data
 * reads its claims and counts its JSON length. Its count is `JSON.stringify(value).length`
 * whatever the data — escapes, lone surrogates, numbers of every kind, members serialization
 * drops, keys past what it remembers, values past a piece — and it visits, stops and reports as
 * the objects-only walk does, so the shortcut answers what the two reads it replaces answered.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { WALK_MAX_DEPTH, WalkError, walkObjects, walkObjectsCounting, type CountedWalkSummary, type WalkStop } from '../src/walk.js';
import { itProp } from './support/factories.js';

/** Strings JSON writes escaped: quotes, backslashes, controls, lone surrogates (a pair is written as it is). */
const escaped = fc.constantFrom('"', '\\', '\n', '\u0000', '\u001f', '\u007f', '\ud800', '\udfff', 'a\udc00b', '\ud83d\ude00', '\u2028', 'é', '</script>');
/** Any UTF-16 code units, lone surrogates among them. */
const codeUnits = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 12 });
const strings = fc.oneof(fc.string({ maxLength: 12 }), codeUnits, escaped, fc.string({ unit: 'binary', maxLength: 6 }));
/** Numbers at every edge the count treats apart: digits up to 2^31, and every other number serialized. */
const numbers = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, 9, 10, 99, 100, 2 ** 31 - 1, 2 ** 31, 2 ** 32, -1, 1e21, 1e-7, 0.1, 5e-324, Number.NaN, Number.POSITIVE_INFINITY, -Infinity),
);
const keys = fc.oneof(fc.string({ maxLength: 6 }), escaped, codeUnits, fc.constantFrom('__proto__', 'type', 'constructor', '0', '10', 'length'));
/** Values serialization writes, drops from an object, or writes as `null` in an array. */
const leaves = fc.oneof(
  strings,
  numbers,
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constant(() => 1),
  fc.constant(Symbol('s')),
);

class Point {
  constructor(
    readonly x: unknown,
    readonly y: unknown,
  ) {}
}

/** Data as results carry it, and the other objects serialization reads by their keys. */
const { value: data } = fc.letrec<{ value: unknown; array: unknown; object: unknown; other: unknown }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaves, tie('array'), tie('object'), tie('other')),
  array: fc.oneof(fc.array(tie('value'), { maxLength: 5 }), fc.sparseArray(tie('value'), { maxLength: 6 })),
  object: fc.oneof(
    fc.dictionary(keys, tie('value'), { maxKeys: 5 }),
    fc.dictionary(keys, tie('value'), { maxKeys: 3 }).map((record) => Object.assign(Object.create(null) as object, record)),
  ),
  other: fc.oneof(
    fc.tuple(tie('value'), tie('value')).map(([x, y]) => new Point(x, y)),
    fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 4 }).map((bytes) => Uint8Array.from(bytes)),
    fc.constant(new Map([[1, 2]])),
    // A block-shaped record: the claims reading visits it like any other.
    fc.record({ type: fc.constantFrom('image', 'text', 'resource_link'), data: strings, uri: strings }),
  ),
}));

/** What the walk and serialization fail on or run: a toJSON, a boxed value, a BigInt, a throwing getter. */
const hostile = fc.constantFrom<() => unknown>(
  () => new Date(0),
  () => ({ toJSON: (key: string) => `key ${key}` }),
  () => ({
    toJSON() {
      throw new Error('no');
    },
  }),
  () => Object(1) as unknown,
  () => Object('text') as unknown,
  () => Object(true) as unknown,
  () => 1n,
  () => Object(1n) as unknown,
  () =>
    Object.defineProperty({}, 'broken', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    }),
  () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle['self'] = { back: cycle };
    return cycle;
  },
);
const { value: hostileData } = fc.letrec<{ value: unknown; array: unknown; object: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    leaves,
    hostile.map((make) => make()),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(keys, tie('value'), { maxKeys: 4 }),
}));

/** What one walk did: the objects it visited with their depths, whether a toJSON ran, how it stopped. */
/** The characters of a long string the count serializes at a time (walk.ts's piece). */
const SLICE = 256 * 1024;

interface Reading {
  readonly visits: readonly [unknown, number][];
  readonly sawToJSON?: boolean;
  readonly stop?: WalkStop;
  readonly length?: number;
}

function read(walkWith: typeof walkObjects | typeof walkObjectsCounting, value: unknown): Reading {
  const visits: [unknown, number][] = [];
  try {
    const summary = walkWith(value, (member, depth) => {
      visits.push([member, depth]);
    });
    const { length } = summary as Partial<CountedWalkSummary>;
    return { visits, sawToJSON: summary.sawToJSON, ...(length === undefined ? {} : { length }) };
  } catch (error) {
    expect(error).toBeInstanceOf(WalkError);
    return { visits, stop: (error as WalkError).code };
  }
}

/** `JSON.stringify(value)?.length`, or undefined where it throws. */
function serializedLength(value: unknown): number | undefined {
  try {
    return JSON.stringify(value)?.length;
  } catch {
    return undefined;
  }
}

describe(walkObjectsCounting.name, () => {
  itProp([data], { seed: 0x5eed_0c01, numRuns: 2000 })('counts what JSON.stringify writes, whatever the data', (value) => {
    expect(walkObjectsCounting(value, () => {}).length).toBe(JSON.stringify(value)?.length);
  });

  itProp([hostileData], { seed: 0x5eed_0c02, numRuns: 600 })(
    'visits, stops and reports as the objects-only walk does, and counts only what serialization would write',
    (value) => {
      const counting = read(walkObjectsCounting, value);
      const { visits, sawToJSON, stop } = read(walkObjects, value);
      expect(counting.stop).toBe(stop);
      expect(counting.sawToJSON).toBe(sawToJSON);
      expect(counting.visits.length).toBe(visits.length);
      counting.visits.forEach(([member, depth], index) => {
        expect(Object.is(member, visits[index]![0])).toBe(true);
        expect(depth).toBe(visits[index]![1]);
      });
      // A count is the serialization's, or none: where a toJSON ran or a boxed value's own
      // methods write it, the renderer serializes it itself.
      if (counting.length !== undefined) expect(counting.length).toBe(serializedLength(value));
      if (stop === undefined && sawToJSON === false && !JSON.stringify(value, boxedMark)?.includes(BOXED))
        expect(counting.length).toBe(serializedLength(value));
    },
  );

  it.each([
    ['a Date', { when: new Date(0) }],
    ['a toJSON', [1, { toJSON: () => 'x' }]],
    ['a boxed number', { n: Object(1) as unknown }],
    ['a boxed string', [Object('s') as unknown]],
    ['a boxed number with a plain object’s prototype', { v: Object.setPrototypeOf(Object(5), Object.prototype) as unknown }],
    ['a boxed number with an array’s prototype', { v: Object.setPrototypeOf(Object(5), Array.prototype) as unknown }],
    ['a boxed string with no prototype', { v: Object.setPrototypeOf(Object('xy'), null) as unknown }],
  ])('counts nothing for data holding %s (the renderer serializes it itself)', (_what, value) => {
    expect(walkObjectsCounting(value, () => {}).length).toBeUndefined();
  });

  it('counts nothing where the visitor leaves members unvisited', () => {
    const value = { a: { b: 'x' } };
    expect(walkObjectsCounting(value, (member) => member !== value.a).length).toBeUndefined();
  });

  it.each([
    ['undefined', undefined],
    ['a function', () => 1],
    ['a symbol', Symbol('s')],
  ])('counts nothing for a root that serializes to nothing (%s)', (_what, value) => {
    expect(walkObjectsCounting(value, () => {}).length).toBeUndefined();
  });

  it.each([
    ['a string with escapes', 'a"b\\c\n\ud800'],
    ['a float', 0.1],
    ['an integer', 12345],
    ['null', null],
    ['false', false],
  ])('counts a primitive root (%s)', (_what, value) => {
    expect(walkObjectsCounting(value, () => {}).length).toBe(JSON.stringify(value).length);
  });

  it.each([
    ['more distinct keys than it remembers', () => Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`key "${i}"\n`, i]))],
    ['long keys with escapes', () => ({ [`${'k'.repeat(300)}"`]: 1, [`${'é'.repeat(400)}\ud800`]: [1], ['\\'.repeat(257)]: { a: 1 } })],
    [
      'long strings, with and without what JSON escapes',
      () =>
        ['a', '"', '\\', '\n', '\u001f', '\u007f', 'é', '\ud800', '\udc00', '\ud83d\ude00'].flatMap((unit) => [
          'x'.repeat(20_000) + unit,
          unit.repeat(20_000),
          `${unit}${'y'.repeat(16 * 1024)}`,
        ]),
    ],
    ['strings past a piece', () => ({ a: 'x'.repeat(700_000), b: ['"'.repeat(300_000), '\u0001'.repeat(200_000)], c: 'y' })],
    [
      'long strings whose slices would end inside a surrogate pair, or at a lone one',
      () =>
        [SLICE - 1, SLICE, SLICE + 1, 2 * SLICE - 1].flatMap((at) => [
          `${'x'.repeat(at)}\ud83d\ude00${'y'.repeat(SLICE)}`,
          `${'x'.repeat(at)}\ud83d${'y'.repeat(SLICE)}`,
          `${'x'.repeat(at)}\ude00${'y'.repeat(SLICE)}`,
          `${'\ud83d\ude00'.repeat(SLICE)}\ud83d`,
          `${'é'.repeat(at)}\ud83d\ude00"`,
        ]),
    ],
    [
      'many values, in many pieces',
      () => Array.from({ length: 60_000 }, (_, i) => ({ i, f: i / 7, s: `r${i}`, t: i % 2 === 0, n: null, u: undefined, h: [i, -i, 2 ** 31 + i] })),
    ],
    ['a chain nested to the bound', () => Array.from({ length: WALK_MAX_DEPTH }).reduce<unknown>((inner) => ({ a: inner, b: 'x' }), 1)],
    ['a tree of small objects', () => tree(10, 4)],
  ])('counts %s exactly', (_what, make) => {
    const value = make();
    expect(walkObjectsCounting(value, () => {}).length).toBe(JSON.stringify(value).length);
  });

  it('serializes no piece much longer than a slice, whatever the strings: many of 16 K characters, one of 4 M', () => {
    const value = { many: Array.from({ length: 9000 }, (_, i) => `${i}${'s'.repeat(16 * 1024)}`), one: 'z'.repeat(4 * 1024 * 1024) };
    const stringify = JSON.stringify.bind(JSON);
    let longest = 0;
    const spy = vi.spyOn(JSON, 'stringify').mockImplementation((...args: Parameters<typeof JSON.stringify>) => {
      const text = stringify(...args);
      longest = Math.max(longest, text?.length ?? 0);
      return text;
    });
    let counted: number | undefined;
    try {
      counted = walkObjectsCounting(value, () => {}).length;
    } finally {
      spy.mockRestore();
    }
    expect(counted).toBe(JSON.stringify(value).length);
    // A piece is what the held strings add to (under a slice) and one more string of a slice.
    expect(longest).toBeLessThanOrEqual(2 * SLICE + 64 * 1024);
  });

  it('counts integers at every change in their digits, each as its own root and member', () => {
    const edges = Array.from({ length: 11 }, (_, power) => 10 ** power).flatMap((ten) => [ten - 1, ten, ten + 1]);
    for (const n of [...edges, 2 ** 31 - 1, 2 ** 31, -(2 ** 31)]) {
      expect([n, walkObjectsCounting({ n }, () => {}).length]).toEqual([n, JSON.stringify({ n }).length]);
      expect([n, walkObjectsCounting([n], () => {}).length]).toEqual([n, JSON.stringify([n]).length]);
    }
  });

  it('stops as the objects-only walk does one level past the bound', () => {
    const value = Array.from({ length: WALK_MAX_DEPTH + 1 }).reduce<unknown>((inner) => ({ a: inner }), 1);
    expect(read(walkObjectsCounting, value).stop).toBe('depth');
    expect(read(walkObjects, value).stop).toBe('depth');
  });
});

/** `fanout` members under each object, `depth` levels down, each leaf `{v: 1}`. */
function tree(fanout: number, depth: number): unknown {
  return depth === 0 ? { v: 1 } : Object.fromEntries(Array.from({ length: fanout }, (_, i) => [`k${i}`, tree(fanout, depth - 1)]));
}

/** A mark no generated string holds, written where serialization meets a boxed value. */
const BOXED = 'a boxed value was here 7f3a';
function boxedMark(_key: string, member: unknown): unknown {
  return typeof member === 'object' && member !== null && isBoxed(member) ? BOXED : member;
}
function isBoxed(value: object): boolean {
  return value instanceof Number || value instanceof String || value instanceof Boolean || value instanceof BigInt;
}
