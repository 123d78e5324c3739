/**
 * The serialization-order walk (docs/design.md §8): visits a value exactly as `JSON.stringify` would —
 * `toJSON` first, then own enumerable string keys in order, array holes and
 * `undefined`/functions/symbols as serialization treats them — with a depth bound. It reads a
 * result's data for its claims (`read-claims.ts`) before anything is shown. Rendering doesn't go
 * through it: the JSON rendering of data is `JSON.stringify` itself, with a replacer
 * (`at-depth.ts`) — natively in pieces where a long value needs none (`json-head.ts`) — and the
 * script view is the copy `JSON.parse` of that text would give, built directly with the same
 * replacer (`json-copy.ts`). The replacer is called for the same values in the same order
 * this walk visits them, so every reference the claims reading counted is one the rendering
 * meets, and what is checked is what is shown. Where a `toJSON` ran, the two readings may
 * answer differently, so the renderers check every value then (`WalkSummary.sawToJSON`). The
 * tool-result lane's walk also counts the JSON text's length as it goes
 * (`walkObjectsCounting`), so data too long to show whole is serialized only as far as a copy
 * keeps it.
 *
 * It runs on the lane's hot path (a 4.5 MB result must cost well under one `JSON.stringify`),
 * so the happy path carries no per-value try/catch and no cycle set: a cycle shows up as depth
 * past the bound, and is told apart from real depth only once the walk has stopped.
 */

import { types } from 'node:util';

/** How deep the walk goes before it stops (a value nested deeper is not shown). */
export const WALK_MAX_DEPTH = 256;

/** Why a walk stopped. */
export type WalkStop = 'cycle' | 'bigint' | 'getter' | 'to-json' | 'depth' | 'size';

const WALK_STOP_WORDS: Readonly<Record<WalkStop, string>> = {
  cycle: 'the data holds a cycle',
  bigint: 'the data holds a BigInt, which JSON cannot hold',
  getter: 'reading a property of the data threw',
  'to-json': "a value's toJSON threw",
  depth: `the data is nested deeper than ${WALK_MAX_DEPTH} levels`,
  size: 'the data holds more array elements than a JSON text can',
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
  return run(value, visit);
}

/**
 * The same walk, calling `visit` only for the objects and arrays it descends into: the
 * cheaper form for readers that care about objects alone (the claims reading).
 */
export function walkObjects(value: unknown, visit: WalkObjectVisitor): WalkSummary {
  const state: ObjectsWalkState = { visit, stack: [], inheritedKeys: hasInheritedKeys(), sawToJSON: false, elements: 0 };
  try {
    if (mayHoldMore(value)) objectMember(state, '', value, 0);
  } catch (error) {
    throw asWalkError(state, error);
  }
  return { sawToJSON: state.sawToJSON };
}

interface ObjectsWalkState extends WalkStateBase {
  readonly visit: WalkObjectVisitor;
}

/**
 * The objects-only walk's visit of one member that {@link mayHoldMore}: `raw` as its holder
 * holds it under `key` (an index in an array). Its own function, not {@link member} with a
 * flag: it runs for every object of a multi-megabyte result, and skips the primitives around
 * them without a call.
 */
function objectMember(state: ObjectsWalkState, key: string | number, raw: unknown, depth: number): void {
  let value = raw;
  // Serialization asks any object (a function included) and a BigInt for its toJSON.
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') value = callToJSON(state, toJSON, value, String(key));
  if (typeof value !== 'object' || value === null) {
    if (typeof value === 'bigint') throw new WalkError('bigint');
    return;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== Array.prototype && prototype !== null && isBoxedPrimitive(value)) return;
  if (state.visit(value, depth) === false) return;
  if (depth >= WALK_MAX_DEPTH) throw new WalkError('depth');
  // By depth, not pushed and popped: when the depth bound stops the walk, the entries up to it
  // are exactly the path from the root.
  state.stack[depth] = value;
  if (Array.isArray(value)) {
    const length = countElements(state, value.length);
    for (let index = 0; index < length; index += 1) {
      const item: unknown = value[index];
      if (mayHoldMore(item)) objectMember(state, index, item, depth + 1);
    }
  } else if (prototype === Object.prototype && !state.inheritedKeys) {
    // As in `member`: `for…in` reads exactly the own enumerable string keys, in order.
    const record = value as Record<string, unknown>;
    for (const name in record) {
      const item = record[name];
      if (mayHoldMore(item)) objectMember(state, name, item, depth + 1);
    }
  } else {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    for (let index = 0; index < keys.length; index += 1) {
      const name = keys[index]!;
      const item = record[name];
      if (mayHoldMore(item)) objectMember(state, name, item, depth + 1);
    }
  }
}

/**
 * The most array elements, in all, a walk reads: past them the serialization's text (at least
 * two characters an element, the element and a comma) would pass the longest string V8 makes
 * (2^29 - 24 characters), so `JSON.stringify` would throw. An array whose `length` a getter or a
 * Proxy made 2^32 - 1 is refused here before its elements are read, not looped over for tens of
 * seconds.
 */
export const WALK_MAX_ELEMENTS = 2 ** 28;

/**
 * A content array's length, throwing the walk's `size` error past {@link WALK_MAX_ELEMENTS}: a
 * lane reads each block of a content array, so one whose `length` a host's Proxy made 2^32 - 1 is
 * refused before the first, as its data would be.
 */
export function contentLength(blocks: readonly unknown[]): number {
  const length = blocks.length;
  if (length > WALK_MAX_ELEMENTS) throw new WalkError('size');
  return length;
}

/** Counts an array's `length` into the walk's elements, throwing past {@link WALK_MAX_ELEMENTS}; answers the length. */
function countElements(state: WalkStateBase, length: number): number {
  state.elements += length;
  if (state.elements > WALK_MAX_ELEMENTS) throw new WalkError('size');
  return length;
}

/**
 * What a counting walk found: the walk's summary, and the length of the value's JSON text
 * (`JSON.stringify(value).length`), counted as it went. Undefined where the text isn't the one
 * the walk read: a `toJSON` ran (serialization may then answer differently), or the visitor
 * left some members unvisited.
 */
export interface CountedWalkSummary extends WalkSummary {
  readonly length: number | undefined;
}

/**
 * The objects-only walk that also counts the value's JSON length, so a reader that needs both
 * the claims and the length of data too long to show whole reads it once, not twice. The count
 * is exact by construction: every key and every value the walk doesn't descend into is
 * counted as serialization writes it, most by `JSON.stringify` itself, many at a time (see
 * {@link TextCount}); the walk adds the brackets, braces, colons and commas around them. A boxed
 * value (serialized by calling its own methods) leaves the length undefined. Throws as
 * {@link walkObjects} does.
 */
export function walkObjectsCounting(value: unknown, visit: WalkObjectVisitor): CountedWalkSummary {
  const count = new TextCount();
  const state: CountingWalkState = { visit, count, stack: [], inheritedKeys: hasInheritedKeys(), sawToJSON: false, skipped: false, elements: 0 };
  try {
    if (mayHoldMore(value)) {
      countedMember(state, '', value, 0);
      // A function at the root serializes to nothing.
      if (typeof value === 'function' && !state.sawToJSON) return { sawToJSON: false, length: undefined };
    } else {
      // A primitive root: its text is the whole count (undefined and symbols have none).
      if (value === undefined || typeof value === 'symbol') return { sawToJSON: false, length: undefined };
      count.value(value);
    }
  } catch (error) {
    throw asWalkError(state, error);
  }
  const counted = state.sawToJSON || state.skipped ? undefined : count.finish();
  return { sawToJSON: state.sawToJSON, length: counted };
}

/** The characters a counted piece aims at: small enough to stay in the young generation's reach. */
const PIECE_CHARS = 256 * 1024;
/** The most values held to be serialized as one piece. */
const MAX_HELD = 8192;
/** The most keys whose lengths a count remembers: past them, a new key is held as a value is. */
const MAX_KEYS = 4096;
/** The longest key a count remembers: a longer one is held as a value is. */
const MAX_KEY_CHARS = 256;

/**
 * A JSON length counted as a walk goes. The walk adds the punctuation; what a value or key
 * writes is counted here: a key by its serialized length, remembered per short key (data
 * repeats its keys); a small integer, a boolean or `null` by its digits or word; anything else (a
 * string, whose escapes only serialization finds cheaply, any other number) is held and serialized natively as the elements of one array once there are a run of them, each element's
 * text being the text serialization writes for it, the array's brackets and commas taken off.
 * The run adapts so each piece stays near {@link PIECE_CHARS}: the memory is one piece and the
 * largest value.
 */
class TextCount {
  /** Characters counted so far, beside the values still held. */
  chars = 0;
  /** The count can't be known here (a boxed value; a piece serialization refused). */
  unknown = false;
  readonly #keys = new Map<string, number>();
  #held: unknown[] = [];
  /** The characters of the strings held. */
  #heldChars = 0;
  #run = 256;

  /** Counts a member's key, its quotes and escapes. */
  key(name: string): void {
    const known = this.#keys.get(name);
    if (known !== undefined) this.chars += known;
    else if (this.#keys.size < MAX_KEYS && name.length <= MAX_KEY_CHARS) {
      const length = JSON.stringify(name).length;
      this.#keys.set(name, length);
      this.chars += length;
    } else this.hold(name);
  }

  /**
   * Counts a value the walk doesn't descend into, as an array element (`undefined` and symbols
   * write `null`; an object's member holding one is dropped by the walk before it comes here).
   */
  value(item: unknown): void {
    if (typeof item === 'number') {
      // Integers up to 2^31 (and -0, written 0) by their digits; others by serialization.
      if ((item | 0) === item && item >= 0) this.chars += digitsOf(item);
      else this.hold(item);
    } else if (typeof item === 'boolean') this.chars += item ? 4 : 5;
    else if (item === null || item === undefined || typeof item === 'symbol') this.chars += 4;
    else this.hold(item);
  }

  /**
   * Holds a value to be counted with others by its serialization, until a run of them or
   * {@link PIECE_CHARS} characters of strings are held; a longer string is counted alone, in
   * slices (see {@link stringLength}).
   */
  hold(token: unknown): void {
    if (typeof token === 'string') {
      if (token.length > PIECE_CHARS) {
        this.chars += stringLength(token);
        return;
      }
      this.#heldChars += token.length;
    }
    const held = this.#held;
    held.push(token);
    if (held.length >= this.#run || this.#heldChars >= PIECE_CHARS) this.#flush();
  }

  /** The whole count, what was added and the values still held; undefined where it is {@link unknown}. */
  finish(): number | undefined {
    this.#flush();
    return this.unknown ? undefined : this.chars;
  }

  #flush(): void {
    const held = this.#held.length;
    if (held === 0) return;
    let piece: string;
    try {
      piece = JSON.stringify(this.#held);
    } catch {
      // Past the longest string the engine makes: not the walk's failure but the rendering's,
      // which meets it where it serializes the value itself.
      this.unknown = true;
      this.#held = [];
      this.#heldChars = 0;
      return;
    }
    // Every element serializes to something (`null` at least): the commas are the count less one.
    this.chars += piece.length - 2 - (held - 1);
    if (piece.length > PIECE_CHARS * 2) this.#run = Math.max(16, this.#run >> 2);
    else if (piece.length < PIECE_CHARS / 2) this.#run = Math.min(MAX_HELD, this.#run * 2);
    this.#held = [];
    this.#heldChars = 0;
  }
}

/**
 * A long string's JSON length, serialized a slice of {@link PIECE_CHARS} at a time, so no piece
 * is longer than six times a slice (every character escaped): the quotes, and each slice's text
 * without its own. A slice never ends between the two halves of a surrogate pair, which the
 * whole string writes as they are and a cut would write as two escapes; a lone surrogate is
 * escaped alone either way.
 */
function stringLength(text: string): number {
  let chars = 2;
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + PIECE_CHARS);
    const before = text.charCodeAt(end - 1);
    if (end < text.length && before >= 0xd800 && before <= 0xdbff) {
      const after = text.charCodeAt(end);
      if (after >= 0xdc00 && after <= 0xdfff) end += 1;
    }
    chars += JSON.stringify(text.slice(start, end)).length - 2;
    start = end;
  }
  return chars;
}

/** The decimal digits of a non-negative integer below 2^31. */
function digitsOf(n: number): number {
  if (n < 10) return 1;
  if (n < 100) return 2;
  if (n < 1000) return 3;
  if (n < 10_000) return 4;
  if (n < 100_000) return 5;
  if (n < 1_000_000) return 6;
  if (n < 10_000_000) return 7;
  if (n < 100_000_000) return 8;
  return n < 1_000_000_000 ? 9 : 10;
}

interface CountingWalkState extends WalkStateBase {
  readonly visit: WalkObjectVisitor;
  readonly count: TextCount;
  /** The visitor left some object's members unvisited: the count is not the text's. */
  skipped: boolean;
}

/**
 * The counting walk's visit of one member that {@link mayHoldMore}, as {@link objectMember}
 * visits it, adding to the count what serialization writes for it, but for a function's
 * `null` or nothing (its holder knows which). Its own function, for the same reason as
 * {@link objectMember}: the one walk a long data result takes.
 */
function countedMember(state: CountingWalkState, key: string | number, raw: unknown, depth: number): void {
  let value = raw;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') value = callToJSON(state, toJSON, value, String(key));
  if (typeof value !== 'object' || value === null) {
    if (typeof value === 'bigint') throw new WalkError('bigint');
    return;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  const count = state.count;
  if (!Array.isArray(value) && isBoxedPrimitive(value)) {
    // Serialized as the primitive it holds, read by calling its own methods: left to the
    // serialization that shows it, which reads it then. Asked whatever its prototype: one set to
    // a plain object's (or none) is still serialized as a primitive (or throws).
    count.unknown = true;
    return;
  }
  if (state.visit(value, depth) === false) {
    state.skipped = true;
    return;
  }
  if (depth >= WALK_MAX_DEPTH) throw new WalkError('depth');
  state.stack[depth] = value;
  if (Array.isArray(value)) {
    const length = countElements(state, value.length);
    // Brackets, and a comma between each two elements.
    count.chars += length === 0 ? 2 : length + 1;
    for (let index = 0; index < length; index += 1) {
      const item: unknown = value[index];
      if (!mayHoldMore(item)) count.value(item);
      else {
        countedMember(state, index, item, depth + 1);
        // A function in an array is written `null`.
        if (typeof item === 'function') count.chars += 4;
      }
    }
    return;
  }
  let members = 0;
  if (prototype === Object.prototype && !state.inheritedKeys) {
    const record = value as Record<string, unknown>;
    for (const name in record) {
      const item = record[name];
      if (mayHoldMore(item)) {
        countedMember(state, name, item, depth + 1);
        // A function member is dropped, key and all.
        if (typeof item === 'function') continue;
      } else if (item === undefined || typeof item === 'symbol') continue;
      else count.value(item);
      count.key(name);
      members += 1;
    }
  } else {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    for (let index = 0; index < keys.length; index += 1) {
      const name = keys[index]!;
      const item = record[name];
      if (mayHoldMore(item)) {
        countedMember(state, name, item, depth + 1);
        if (typeof item === 'function') continue;
      } else if (item === undefined || typeof item === 'symbol') continue;
      else count.value(item);
      count.key(name);
      members += 1;
    }
  }
  // Braces, a colon per member and a comma between each two.
  count.chars += members === 0 ? 2 : 2 * members + 1;
}

/** What every walk keeps as it goes. */
interface WalkStateBase {
  /** The objects being serialized, by depth (the root's at 0): read only once the walk has stopped. */
  readonly stack: object[];
  /**
   * Object.prototype carries an enumerable key (polluted): plain objects need Object.keys too.
   * Read once, as the walk starts: a getter that pollutes it midway makes `for…in` read the
   * inherited keys too, so the walk then reads more than serialization does, never less.
   */
  readonly inheritedKeys: boolean;
  sawToJSON: boolean;
  /** Array elements met so far (see {@link WALK_MAX_ELEMENTS}). */
  elements: number;
}

interface WalkState extends WalkStateBase {
  readonly visit: WalkVisitor;
}

function run(value: unknown, visit: WalkVisitor): WalkSummary {
  const state: WalkState = { visit, stack: [], inheritedKeys: hasInheritedKeys(), sawToJSON: false, elements: 0 };
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
  if (state.visit(String(key), value, holder, depth) === false) return;
  if (typeof value !== 'object' || value === null) {
    if (typeof value === 'bigint') throw new WalkError('bigint');
    return;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== Array.prototype && prototype !== null && isBoxedPrimitive(value)) return;
  if (depth >= WALK_MAX_DEPTH) throw new WalkError('depth');
  // By depth, not pushed and popped: when the depth bound stops the walk, the entries up to it
  // are exactly the path from the root.
  state.stack[depth] = value;
  if (Array.isArray(value)) {
    const length = countElements(state, value.length);
    for (let index = 0; index < length; index += 1) member(state, value, index, value[index], depth + 1);
  } else if (prototype === Object.prototype && !state.inheritedKeys) {
    // A plain object whose prototype adds no enumerable key: `for…in` reads exactly its own
    // enumerable string keys, in their order, without allocating a key array.
    const record = value as Record<string, unknown>;
    for (const name in record) member(state, record, name, record[name], depth + 1);
  } else {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    for (let index = 0; index < keys.length; index += 1) {
      const name = keys[index]!;
      member(state, record, name, record[name], depth + 1);
    }
  }
}

/**
 * Whether an object past the common prototypes serializes as a primitive (a boxed number,
 * string or boolean); throws the walk's error for a boxed BigInt, which serialization can't
 * write. Boxed primitives are told apart by their internal slot, as serialization tells them,
 * not by prototype or tag (which any object can fake). Plain objects and arrays — nearly all
 * data — skip these checks; a boxed primitive given one of their prototypes is walked as the
 * object it then looks like: its own keys, which serialization never reads (more, never less).
 */
function isBoxedPrimitive(value: object): boolean {
  if (types.isNumberObject(value) || types.isStringObject(value) || types.isBooleanObject(value)) return true;
  if (types.isBigIntObject(value)) throw new WalkError('bigint');
  return false;
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
function callToJSON(state: WalkStateBase, toJSON: Function, value: unknown, key: string): unknown {
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
function asWalkError(state: WalkStateBase, error: unknown): WalkError {
  if (error instanceof WalkError) {
    if (error.code === 'depth' && new Set(state.stack).size < state.stack.length) return new WalkError('cycle');
    return error;
  }
  return new WalkError('getter', { cause: error });
}
