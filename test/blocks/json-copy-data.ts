/**
 * Data for the tests of the script lane's one-pass copy (`copyPlainData`): plain JSON beside
 * everything that must send the lane back to walking then copying — blocks and other records
 * with a string `type`, objects naming a `refId`, `toJSON`, getters (answering alike on every
 * read, or throwing), cycles, BigInts, nesting around the walk's depth bound, boxed primitives,
 * `__proto__` keys — and strings and keys the data rules change.
 */
import fc from 'fast-check';

/** A uri the data rules replace whole, as a value or a key. */
export const SIGNED_URI = `https://bucket.s3.amazonaws.com/k.csv?X-Amz-Signature=${'ab'.repeat(32)}`;
/** Text holding a base64 run the data rules replace. */
export const BASE64_RUN = `id:${'QUJDRA'.repeat(40)}`;

export const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Keys as data carries them: plain, ones the rules change (two that show alike), and ones serialization or the lane reads. */
const key = fc.oneof(
  { weight: 6, arbitrary: fc.string({ maxLength: 4 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('__proto__', 'toJSON', '0', '10', '', 'type', 'refId', SIGNED_URI, `${SIGNED_URI}&b=1`, BASE64_RUN, 'uri', 'data'),
  },
);

/** Records a lane reads: blocks of each kind (one naming a claim), this lane's own shapes, and data that merely has a `type`. */
const laneRecord = fc.constantFrom<() => object>(
  () => ({ type: 'text', text: 'words' }),
  () => ({ type: 'image', data: PNG, mimeType: 'image/png' }),
  () => ({ type: 'resource_link', uri: 'https://docs.example.org/a.csv', name: 'a' }),
  () => ({ type: 'resource_link', uri: SIGNED_URI, name: 'signed' }),
  () => ({ type: 'resource', uri: 'https://docs.example.org/a.csv', disposition: 'never', name: 'never' }),
  () => ({ type: 'resource', resource: { uri: 'https://docs.example.org/b.txt', text: 'inside' } }),
  () => ({ type: 'image', mimeType: 'image/png', size: 3 }),
  () => ({ type: 'row', n: 1 }),
  () => ({ refId: 'ref-AAAAAAAAAAAAAAAA' }),
  () => ({ refId: 'not an id', type: 3 }),
  () => Object.assign([1, 2], { type: 'text' }),
);

/** Any value data may hold, nested (sometimes around the walk's depth bound, sometimes in a cycle). */
export const { value: laneData } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.constantFrom(SIGNED_URI, BASE64_RUN, 'https://docs.example.org/plain', '\ud800'),
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constantFrom(null, undefined, -0, Number.NaN, Number.POSITIVE_INFINITY),
      fc.constant(() => 'fn'),
      fc.constant(Symbol('s')),
      fc.bigInt({ min: -9n, max: 9n }),
      fc
        .constantFrom<() => unknown>(
          () => new Number(1),
          () => new Number(-0),
          () => new String('s'),
          () => new String(SIGNED_URI),
          () => new Boolean(false),
          () => Object(1n),
          () => Object(Symbol('boxed')),
          () => Object.assign(new Number(2), { own: 1 }),
          () => new Date(0),
        )
        .map((make) => make()),
    ),
    fc.sparseArray(tie('value'), { maxLength: 4 }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 3 }).map((record) => Object.assign(Object.create(null) as object, record)),
    fc.tuple(laneRecord, tie('value')).map(([make, inner]) => Object.assign(make(), { inner })),
    // `toJSON` answering from its key alone; a function with one.
    tie('value').map((inner) => ({ toJSON: (name: string) => ({ name, inner }) })),
    tie('value').map((inner) => Object.assign(() => 0, { toJSON: () => inner })),
    // Getters answering alike on every read, and one that throws.
    tie('value').map((inner) => Object.defineProperty({ plain: 1 }, 'got', { enumerable: true, get: () => inner })),
    fc.constant(null).map(() =>
      Object.defineProperty({}, 'thrown', {
        enumerable: true,
        get: () => {
          throw new Error('getter');
        },
      }),
    ),
    // A cycle; a chain around the walk's depth bound.
    tie('value').map((inner) => {
      const cycle: Record<string, unknown> = { inner };
      cycle.again = [cycle];
      return cycle;
    }),
    fc.tuple(fc.integer({ min: 250, max: 258 }), tie('value')).map(([depth, inner]) => nested(depth, inner)),
    // A `__proto__` key as the parse makes it.
    tie('value').map((inner) => Object.assign(JSON.parse('{"__proto__":{"x":1}}') as object, { inner })),
  ),
}));

/** Plain JSON only (strings the rules change included): what the one pass must copy itself, never leave to the walk. */
export const { value: plainData } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom(SIGNED_URI, BASE64_RUN), fc.double(), fc.boolean(), fc.constant(null)),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      key.filter((name) => name !== 'toJSON' && name !== 'type' && name !== 'refId'),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
}));

/** `inner` under `depth` levels of one-key objects and arrays: at `depth` levels, `inner` sits at that depth. */
export function nested(depth: number, inner: unknown): unknown {
  let value = inner;
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? { down: value } : [value];
  return value;
}
