/**
 * A copy of a value as `JSON.parse(JSON.stringify(value, replacer))` gives it, made without the
 * text: serialization's own steps (`toJSON` with its key, then the replacer, boxed primitives
 * unwrapped, non-finite numbers and holes as `null`, `undefined`, functions and symbols dropped
 * from objects and `null` in arrays, own enumerable string keys in order), each value built
 * where the parse would build it. The script lane's view of data (`src/lanes/script.ts`): the
 * text and its parse cost several times the value's size in time and memory, and a replacer
 * called from native serialization costs a crossing per value.
 *
 * Where a prototype could intercept building the copy (an accessor or a read-only property on
 * `Object.prototype`, an index on `Array.prototype`), the copy is the serialization and its
 * parse themselves, as the parse defines each property whatever a prototype holds.
 */
import { types } from 'node:util';
import { WALK_MAX_DEPTH } from '../walk.js';

/** A replacer as `JSON.stringify` calls it, less its `this`. */
export type CopyReplacer = (key: string, value: unknown) => unknown;

/** What serialization writes nothing for. */
const NOTHING: unique symbol = Symbol('nothing');

/** What one copy keeps as it goes: the objects being copied, by depth. */
interface CopyState {
  readonly replacer: CopyReplacer;
  readonly stack: object[];
  /** Members copied so far: each is at least two characters of the serialization's text. */
  members: number;
}

/**
 * The most members a copy takes: past it the serialization's text would pass the longest string
 * V8 makes (2^29 - 24 characters), where `JSON.stringify` throws. An array whose `length` a getter
 * or a Proxy made 2^32 - 1 is refused here, before its copy is allocated.
 */
const MAX_MEMBERS = 2 ** 28;

/**
 * `JSON.parse(JSON.stringify(value, replacer))`, undefined where the serialization is. Throws
 * where the serialization throws (a cycle, a BigInt, whatever a getter, `toJSON` or the replacer
 * throws), with the same error's first line.
 */
export function jsonCopy(value: unknown, replacer: CopyReplacer): unknown {
  if (prototypesIntercept()) {
    const text = JSON.stringify(value, (key, member: unknown) => replacer(key, member));
    return text === undefined ? undefined : JSON.parse(text);
  }
  const copied = property({ replacer, stack: [], members: 0 }, '', value, 0);
  return copied === NOTHING ? undefined : copied;
}

/**
 * `jsonCopy(value, replacer)`, for a replacer that gives every value `rules` don't leave as the
 * rules do (strings and keys shown, the rest as it is): those values are copied as
 * {@link copyPlainData} copies them, without a call of the replacer each, and a value holding a
 * `toJSON`, one `rules.leaves`, a BigInt, a boxed primitive with keys of its own, or one at
 * {@link WALK_MAX_DEPTH}, with all beneath it, as `jsonCopy` copies it. Throws where it throws.
 */
export function jsonCopyByRules(value: unknown, rules: PlainDataRules, replacer: CopyReplacer): unknown {
  if (prototypesIntercept()) return jsonCopy(value, replacer);
  const copied = ruledValue({ replacer, leave: property, rules, stack: [], members: 0 }, '', value, 0);
  return copied === NOTHING ? undefined : copied;
}

/** What a copy by rules keeps: a copy's state, the rules, and what it does with a value they leave. */
interface RuledState extends CopyState {
  readonly rules: PlainDataRules;
  /** {@link property} where the replacer copies such a value; a stop where the copy answers {@link NOT_PLAIN}. */
  readonly leave: (state: CopyState, key: string, value: unknown, depth: number) => unknown;
}

/**
 * {@link property} for values the rules copy, answering the parsed value or {@link NOTHING};
 * each value they leave goes to `state.leave` with the key serialization would pass. Each object
 * is noted on the stack as {@link property} notes it (an object whose keys change, as the
 * replacer rebuilt it), so a cycle past the depth bound is found as it would be there. One
 * function that calls only itself: split into a function per kind of value, the copy of a tree
 * of small objects took about twice as long.
 */
function ruledValue(state: RuledState, key: string | number, value: unknown, depth: number): unknown {
  switch (typeof value) {
    case 'string':
      return state.rules.string(value);
    case 'number':
      return Number.isFinite(value) ? value + 0 : null;
    case 'boolean':
      return value;
    case 'object':
      break;
    case 'function':
      return typeof (value as { toJSON?: unknown }).toJSON === 'function' ? state.leave(state, String(key), value, depth) : NOTHING;
    case 'bigint':
      return state.leave(state, String(key), value, depth);
    default:
      return NOTHING;
  }
  if (value === null) return null;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function' || state.rules.leaves(value) || depth >= WALK_MAX_DEPTH) {
    return state.leave(state, String(key), value, depth);
  }
  if (Array.isArray(value)) {
    const array = value as readonly unknown[];
    state.stack[depth] = array;
    const length = array.length;
    count(state, length);
    const copy = new Array<unknown>(length);
    for (let index = 0; index < length; index += 1) {
      const member = ruledValue(state, index, array[index], depth + 1);
      copy[index] = member === NOTHING ? null : member;
    }
    return copy;
  }
  if (types.isBoxedPrimitive(value)) {
    if (types.isStringObject(value)) return state.rules.string(String(value));
    if (types.isBigIntObject(value) || Object.keys(value).length > 0) return state.leave(state, String(key), value, depth);
    return unboxed(value);
  }
  let record = value as Record<string, unknown>;
  let keys = Object.keys(record);
  if (!keysKept(state.rules, keys)) {
    record = state.rules.withShownKeys(record);
    keys = Object.keys(record);
  }
  state.stack[depth] = record;
  count(state, keys.length);
  const copy: Record<string, unknown> = {};
  for (let index = 0; index < keys.length; index += 1) {
    const name = keys[index]!;
    const member = ruledValue(state, name, record[name], depth + 1);
    if (member === NOTHING) continue;
    if (name === '__proto__') defineMember(copy, name, member);
    else copy[name] = member;
  }
  return copy;
}

/**
 * Serialization's `SerializeJSONProperty`, answering the parsed value or {@link NOTHING}. One
 * function that calls only itself, as {@link ruledValue} is, for the same reason.
 */
function property(state: CopyState, key: string, raw: unknown, depth: number): unknown {
  let value = raw;
  const type = typeof value;
  if ((type === 'object' && value !== null) || type === 'function' || type === 'bigint') {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') value = (toJSON as (key: string) => unknown).call(value, key);
  }
  value = state.replacer(key, value);
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // The text of -0 is `0`; of a non-finite number, `null`.
      return Number.isFinite(value) ? value + 0 : null;
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'object':
      break;
    default:
      return NOTHING;
  }
  if (value === null) return null;
  if (Array.isArray(value)) {
    const array = value as readonly unknown[];
    enter(state, array, depth);
    const length = array.length;
    count(state, length);
    const copy = new Array<unknown>(length);
    for (let index = 0; index < length; index += 1) {
      const member = property(state, String(index), array[index], depth + 1);
      copy[index] = member === NOTHING ? null : member;
    }
    return copy;
  }
  if (types.isBoxedPrimitive(value)) return unboxed(value);
  const record = value as Record<string, unknown>;
  enter(state, record, depth);
  const keys = Object.keys(record);
  count(state, keys.length);
  const copy: Record<string, unknown> = {};
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index]!;
    const member = property(state, key, record[key], depth + 1);
    if (member === NOTHING) continue;
    if (key === '__proto__') defineMember(copy, key, member);
    else copy[key] = member;
  }
  return copy;
}

/** What {@link copyPlainData} answers for data its rules alone don't copy. */
export const NOT_PLAIN: unique symbol = Symbol('not plain');

/**
 * The replacer a plain-data copy stands for, as rules it applies without a call per value:
 * strings and keys shown by the data rules, and objects the copy must leave to a replacer.
 */
export interface PlainDataRules {
  /** A string as the replacer gives it. */
  readonly string: (text: string) => string;
  /** A key as the replacer would give it in its object (the key itself where it is kept). */
  readonly key: (name: string) => string;
  /** An object whose keys the replacer changes, as the replacer gives it (its keys shown). */
  readonly withShownKeys: (record: Record<string, unknown>) => Record<string, unknown>;
  /**
   * Whether an object or array is one a replacer reads otherwise (a block, a lane's own
   * object): the copy then answers {@link NOT_PLAIN}.
   */
  readonly leaves: (value: object) => boolean;
}

/**
 * Unwinds a plain-data copy that meets what its rules don't cover: one error made once, as
 * nothing reads it but the copy's own catch.
 */
const STOP = new Error('not plain data');

function stop(): never {
  throw STOP;
}

/**
 * `jsonCopy(value, replacer)` for the replacer `rules` stand for — strings and keys shown, every
 * other value as it is — where the data asks nothing more of it: {@link NOT_PLAIN} where it holds a
 * `toJSON`, an object `rules.leaves`, a BigInt or a boxed primitive with keys of its own, nests
 * objects {@link WALK_MAX_DEPTH} deep (a cycle does, however short), where reading it throws, or
 * where a prototype intercepts building a copy. Each value is read once, in serialization's
 * order, as `jsonCopy` reads it; the copy holds no key array of a replacer's beside its own.
 */
export function copyPlainData(value: unknown, rules: PlainDataRules): unknown {
  if (prototypesIntercept()) return NOT_PLAIN;
  try {
    const copied = ruledValue({ replacer: stop, leave: stop, rules, stack: [], members: 0 }, '', value, 0);
    return copied === NOTHING ? undefined : copied;
  } catch {
    // Whatever stopped the copy (its own stop, a getter, a proxy, the engine's stack) is the
    // replacer's and the walk's to meet again and tell.
    return NOT_PLAIN;
  }
}

/** Whether the data rules keep every one of `keys` as it is. */
function keysKept(rules: PlainDataRules, keys: readonly string[]): boolean {
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index]!;
    if (rules.key(key) !== key) return false;
  }
  return true;
}

/** The parse defines `__proto__` as a key like any other; assigning it would set the prototype. */
function defineMember(copy: Record<string, unknown>, key: string, member: unknown): void {
  Object.defineProperty(copy, key, { value: member, writable: true, enumerable: true, configurable: true });
}

/** A boxed primitive as serialization writes it (a boxed symbol is an object with no keys). */
function unboxed(value: object): unknown {
  if (types.isNumberObject(value)) {
    const number = Number(value);
    return Number.isFinite(number) ? number + 0 : null;
  }
  if (types.isStringObject(value)) return String(value);
  if (types.isBooleanObject(value)) return Boolean.prototype.valueOf.call(value);
  if (types.isBigIntObject(value)) throw new TypeError('Do not know how to serialize a BigInt');
  return {};
}

/** Counts `members` more, throwing the serialization's own error past {@link MAX_MEMBERS}. */
function count(state: { members: number }, members: number): void {
  state.members += members;
  if (state.members > MAX_MEMBERS) throw new RangeError('Invalid string length');
}

/**
 * Notes an object being copied. A cycle is serialization's error; the walk that read the data
 * first found none, so only data that changed since can hold one, and it is looked for only past
 * the walk's depth bound, where such data must be.
 */
function enter(state: CopyState, value: object, depth: number): void {
  if (depth >= WALK_MAX_DEPTH) {
    for (let level = 0; level < depth; level += 1) if (state.stack[level] === value) throw new TypeError('Converting circular structure to JSON');
  }
  state.stack[depth] = value;
}

/** The properties `Object.prototype` holds where nothing has changed it: each writable data but `__proto__`. */
const PROTOTYPE_ACCESSOR = '__proto__';

/**
 * Whether building a copy by assignment could differ from the parse's definitions: an accessor
 * or read-only property on `Object.prototype` (but its own `__proto__`), or an index on
 * `Array.prototype` or `Object.prototype` (a hole read, or an element assigned, through it).
 */
function prototypesIntercept(): boolean {
  for (const prototype of [Object.prototype, Array.prototype] as const) {
    for (const name of Object.getOwnPropertyNames(prototype)) {
      if (ARRAY_INDEX.test(name)) return true;
      if (prototype !== Object.prototype || name === PROTOTYPE_ACCESSOR) continue;
      const descriptor = Object.getOwnPropertyDescriptor(prototype, name);
      if (descriptor === undefined || !('value' in descriptor) || descriptor.writable !== true) return true;
    }
  }
  return false;
}

const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;
