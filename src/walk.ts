/**
 * The serialization-order walk (docs/design.md §8): visits a value exactly as `JSON.stringify` would —
 * `toJSON` first, then own enumerable string keys in order, array holes and
 * `undefined`/functions/symbols as serialization treats them — with a depth bound. It reads a
 * result's data for its claims (`read-claims.ts`) before anything is shown. Rendering doesn't go
 * through it: the JSON rendering of data and the script view are `JSON.stringify` itself, with a
 * replacer (`at-depth.ts`, the script lane) — natively in pieces where a long value needs none
 * (`json-head.ts`) — that is called for the same values in the same order
 * this walk visits them, so every reference the claims reading counted is one the rendering
 * meets, and what is checked is what is shown. Where a `toJSON` ran, the two readings may
 * answer differently, so the renderers check every value then (`WalkSummary.sawToJSON`).
 *
 * It runs on the lane's hot path (a 4.5 MB result must cost well under one `JSON.stringify`),
 * so the happy path carries no per-value try/catch and no cycle set: a cycle shows up as depth
 * past the bound, and is told apart from real depth only once the walk has stopped.
 */

import { types } from 'node:util';

/** How deep the walk goes before it stops (a value nested deeper is not shown). */
export const WALK_MAX_DEPTH = 256;

/** Why a walk stopped. */
export type WalkStop = 'cycle' | 'bigint' | 'getter' | 'to-json' | 'depth';

const WALK_STOP_WORDS: Readonly<Record<WalkStop, string>> = {
  cycle: 'the data holds a cycle',
  bigint: 'the data holds a BigInt, which JSON cannot hold',
  getter: 'reading a property of the data threw',
  'to-json': "a value's toJSON threw",
  depth: `the data is nested deeper than ${WALK_MAX_DEPTH} levels`,
};

/** The walk's typed failure: where serialization would fail or a value can't be read. */
export class WalkError extends Error {
  override readonly name = 'WalkError';
  /** @param code why the walk stopped */
  constructor(
    readonly code: WalkStop,
    options?: { cause?: unknown },
  ) {
    super(WALK_STOP_WORDS[code], options);
  }
}

/**
 * Called for each value the serializer would meet, in its order, with the key it is held
 * under (`''` for the root, an index as a string in an array), its holder and its depth (the
 * root is 0), after `toJSON`. Return `false` to leave an object's members unvisited.
 */
export type WalkVisitor = (key: string, value: unknown, holder: object, depth: number) => boolean | void;

/** Called for each object or array the serializer would descend into (after `toJSON`). */
export type WalkObjectVisitor = (value: object, depth: number) => boolean | void;

/** What a walk noticed on its way. */
export interface WalkSummary {
  /** A `toJSON` was called somewhere: a second reading may answer differently. */
  readonly sawToJSON: boolean;
}

/**
 * Walks `value` in serialization order, calling `visit` for every value. Throws
 * {@link WalkError} where `JSON.stringify` would throw (a cycle, a BigInt), where reading a
 * value throws (a getter, a `toJSON`), or past {@link WALK_MAX_DEPTH}.
 */
export function walk(value: unknown, visit: WalkVisitor): WalkSummary {
  return run(value, { all: visit, objects: undefined });
}

/**
 * The same walk, calling `visit` only for the objects and arrays it descends into: the
 * cheaper form for readers that care about objects alone (the claims reading).
 */
export function walkObjects(value: unknown, visit: WalkObjectVisitor): WalkSummary {
  return run(value, { all: undefined, objects: visit });
}

interface Visitors {
  readonly all: WalkVisitor | undefined;
  readonly objects: WalkObjectVisitor | undefined;
}

interface WalkState extends Visitors {
  /** The objects being serialized, root first; read only once the walk has stopped. */
  readonly stack: object[];
  /**
   * Object.prototype carries an enumerable key (polluted): plain objects need Object.keys too.
   * Read once, as the walk starts: a getter that pollutes it midway makes `for…in` read the
   * inherited keys too, so the walk then reads more than serialization does, never less.
   */
  readonly inheritedKeys: boolean;
  sawToJSON: boolean;
}

function run(value: unknown, visitors: Visitors): WalkSummary {
  const state: WalkState = { ...visitors, stack: [], inheritedKeys: hasInheritedKeys(), sawToJSON: false };
  try {
    member(state, { '': value }, '', value, 0);
  } catch (error) {
    throw asWalkError(state, error);
  }
  return { sawToJSON: state.sawToJSON };
}

/** Visits one member: `raw` as `holder[key]` holds it. */
function member(state: WalkState, holder: object, key: string | number, raw: unknown, depth: number): void {
  let value = raw;
  const type = typeof value;
  // Serialization asks any object (a function included) and a BigInt for its toJSON.
  if ((type === 'object' && value !== null) || type === 'function' || type === 'bigint') {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') value = callToJSON(state, toJSON, value, String(key));
  }
  if (state.all !== undefined && state.all(String(key), value, holder, depth) === false) return;
  if (typeof value !== 'object' || value === null) {
    if (typeof value === 'bigint') throw new WalkError('bigint');
    return;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== Array.prototype && prototype !== null) {
    // Boxed primitives serialize as their primitive: told apart by their internal slot, as
    // serialization tells them, not by prototype or tag (which any object can fake). Plain
    // objects and arrays — nearly all data — skip these checks; a boxed primitive given one of
    // their prototypes is walked as the object it then looks like: its own keys, which
    // serialization never reads (more, never less).
    if (types.isNumberObject(value) || types.isStringObject(value) || types.isBooleanObject(value)) return;
    if (types.isBigIntObject(value)) throw new WalkError('bigint');
  }
  if (state.objects !== undefined && state.objects(value, depth) === false) return;
  if (depth >= WALK_MAX_DEPTH) throw new WalkError('depth');
  state.stack.push(value);
  // When only objects are visited, a primitive other than a BigInt needs no visit: skipping
  // the call for them is most of the walk's speed on real data.
  const all = state.all !== undefined;
  if (Array.isArray(value)) {
    const length = value.length;
    for (let index = 0; index < length; index += 1) {
      const item: unknown = value[index];
      if (all || mayHoldMore(item)) member(state, value, index, item, depth + 1);
    }
  } else if (prototype === Object.prototype && !state.inheritedKeys) {
    // A plain object whose prototype adds no enumerable key: `for…in` reads exactly its own
    // enumerable string keys, in their order, without allocating a key array.
    const record = value as Record<string, unknown>;
    for (const name in record) {
      const item = record[name];
      if (all || mayHoldMore(item)) member(state, record, name, item, depth + 1);
    }
  } else {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    for (let index = 0; index < keys.length; index += 1) {
      const name = keys[index]!;
      const item = record[name];
      if (all || mayHoldMore(item)) member(state, record, name, item, depth + 1);
    }
  }
  state.stack.pop();
}

/** A value the objects-only walk must still visit: an object, a function (its toJSON), a BigInt. */
function mayHoldMore(item: unknown): boolean {
  const type = typeof item;
  return (type === 'object' && item !== null) || type === 'function' || type === 'bigint';
}

function hasInheritedKeys(): boolean {
  for (const _key in {}) return true;
  return false;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- any callable: serialization calls whatever `toJSON` holds
function callToJSON(state: WalkState, toJSON: Function, value: unknown, key: string): unknown {
  state.sawToJSON = true;
  try {
    return toJSON.call(value, key);
  } catch (cause) {
    throw new WalkError('to-json', { cause });
  }
}

/**
 * The typed error for whatever stopped the walk. Depth past the bound with an object on the
 * stack twice is a cycle; anything thrown that isn't already a WalkError came from reading a
 * value (a getter, a proxy, the engine's own stack).
 */
function asWalkError(state: WalkState, error: unknown): WalkError {
  if (error instanceof WalkError) {
    if (error.code === 'depth' && new Set(state.stack).size < state.stack.length) return new WalkError('cycle');
    return error;
  }
  return new WalkError('getter', { cause: error });
}
