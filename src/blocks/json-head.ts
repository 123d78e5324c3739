/**
 * Long data as a copy reads it: the start of its JSON text, and the whole text's length, with
 * the whole never held at once. A data result is usually one big member (`{records: [...]}`,
 * an API's answer, a `structuredContent`): its start is read by descending into arrays and plain
 * objects until it passes what a copy can keep, and its length is counted piece by piece, so
 * the work is one native serialization of the value and the memory a few pieces of it.
 *
 * Both read arrays and plain objects (or ones with no prototype) as `JSON.stringify` does —
 * own enumerable keys in order, `undefined`, functions and symbols dropped from objects and
 * `null` in arrays — and serialize anything else whole; they are for values a walk has read
 * and found no `toJSON` in, so no member's text depends on its key.
 */
/** The start of a value's JSON text, and whether it is the whole text. */
export interface JsonHead {
  /** `JSON.stringify(value)`, or its first members, descended into, until they pass the limit. */
  readonly text: string;
  /** True when `text` is the whole serialization. */
  readonly whole: boolean;
}

/**
 * The first `limit` characters (or a few more) of `JSON.stringify(value)` for an array or plain
 * object: arrays and plain objects are descended into, each other member serialized whole, until
 * the text passes `limit`. Undefined for any other value, and wherever the descent meets an
 * object `isBlock` says is shown as a block (cut inside it, its base64 could come before its
 * type): the caller then reads the value another way.
 */
export function jsonHead(value: unknown, limit: number, isBlock: (value: unknown) => boolean): JsonHead | undefined {
  if (!isDescended(value)) return undefined;
  const head = new HeadText(limit, isBlock);
  const whole = writeMember(head, value);
  return whole === undefined ? undefined : { text: head.text, whole };
}

/** The text being built and the length past which no more members are read. */
class HeadText {
  text = '';
  constructor(
    readonly limit: number,
    readonly isBlock: (value: unknown) => boolean,
  ) {}
  get full(): boolean {
    return this.text.length >= this.limit;
  }
}

/** Writes one value; true when written whole, false when stopped at the limit, undefined at a block. */
function writeMember(head: HeadText, value: unknown): boolean | undefined {
  if (Array.isArray(value)) {
    head.text += '[';
    const count = value.length;
    for (let index = 0; index < count; index += 1) {
      if (head.full) return false;
      if (index > 0) head.text += ',';
      const member: unknown = value[index];
      if (isDescended(member)) {
        const whole = writeMember(head, member);
        if (whole !== true) return whole;
      } else head.text += JSON.stringify(member) ?? 'null';
    }
    head.text += ']';
    return true;
  }
  if (head.isBlock(value)) return undefined;
  head.text += '{';
  let first = true;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (head.full) return false;
    const member = record[key];
    if (isDescended(member)) {
      head.text += `${first ? '' : ','}${JSON.stringify(key)}:`;
      first = false;
      const whole = writeMember(head, member);
      if (whole !== true) return whole;
      continue;
    }
    const text = JSON.stringify(member);
    if (text === undefined) continue;
    head.text += `${first ? '' : ','}${JSON.stringify(key)}:${text}`;
    first = false;
  }
  head.text += '}';
  return true;
}

/**
 * `JSON.stringify(value).length` (undefined where it serializes to nothing), counted without
 * building the whole text: an array's elements are serialized in runs whose size adapts to keep
 * each piece near {@link PIECE_CHARS}, an object's members that are arrays or plain objects
 * holding more than a few dozen keys and elements are counted the same way and its others in
 * runs (a very wide object whole). The memory is a piece and the largest element or wide object.
 */
export function jsonLength(value: unknown): number | undefined {
  if (!isDescended(value)) return JSON.stringify(value)?.length;
  return Array.isArray(value) ? arrayLength(value) : recordLength(value as Record<string, unknown>);
}

/** The size a counted piece aims at: small enough to stay in the young generation's reach. */
const PIECE_CHARS = 256 * 1024;
/** The most elements or members serialized as one piece. */
const MAX_RUN = 4096;

/** The next run's size: grown while pieces come out short of the aim, shrunk once one passes it. */
function nextRun(run: number, pieceChars: number): number {
  if (pieceChars > PIECE_CHARS * 2) return Math.max(1, run >> 2);
  if (pieceChars < PIECE_CHARS / 2) return Math.min(MAX_RUN, run * 2);
  return run;
}

/** Brackets, one comma between each two elements, and each element's text. */
function arrayLength(array: readonly unknown[]): number {
  const count = array.length;
  let total = 2 + Math.max(0, count - 1);
  let run = 16;
  for (let start = 0; start < count;) {
    const end = Math.min(count, start + run);
    // Every element serializes to something (`null` at least): a piece's commas are its count less one.
    const piece = JSON.stringify(array.slice(start, end));
    total += piece.length - 2 - (end - start - 1);
    run = nextRun(run, piece.length);
    start = end;
  }
  return total;
}

/**
 * The most keys an object may have for its members to be counted apart: a wider one is data
 * spread over its keys, not one big member, and is serialized whole (copying it key by key into
 * pieces would cost more than the serialization).
 */
const WIDE_RECORD_KEYS = 256;

/** Braces, one comma between each two members written, and each member's key and text. */
function recordLength(record: Readonly<Record<string, unknown>>): number {
  const keys = Object.keys(record);
  if (keys.length > WIDE_RECORD_KEYS) return JSON.stringify(record).length;
  let total = 2;
  let members = 0;
  let run = 16;
  let part: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  let inPart = 0;
  let writtenInPart = 0;
  const flush = (): void => {
    if (inPart === 0) return;
    const piece = JSON.stringify(part);
    if (writtenInPart > 0) {
      total += piece.length - 2 - (writtenInPart - 1);
      members += writtenInPart;
    }
    run = nextRun(run, piece.length);
    part = Object.create(null) as Record<string, unknown>;
    inPart = 0;
    writtenInPart = 0;
  };
  for (const key of keys) {
    const member = record[key];
    // Only a member that may be big is counted apart; small ones join the run, so a tree of
    // small objects costs about one serialization, not one piece per object.
    if (isDescended(member) && !isSmall(member, SMALL_MEMBER_NODES)) {
      flush();
      total += JSON.stringify(key).length + 1 + jsonLength(member)!;
      members += 1;
      continue;
    }
    // With no prototype, `__proto__` is a key like any other.
    part[key] = member;
    inPart += 1;
    if (isWritten(member)) writtenInPart += 1;
    if (inPart >= run) flush();
  }
  flush();
  return total + Math.max(0, members - 1);
}

/**
 * The most keys and elements, in all, a member made of arrays and plain objects may hold to be
 * serialized with its neighbours rather than counted apart: few enough that looking through it
 * costs little beside its serialization, and that its text is bounded as a string member's is.
 */
const SMALL_MEMBER_NODES = 64;
/**
 * What looking into a nested array or object spends of that budget beside its keys: a deep
 * chain of one-key objects is found big within a few levels, so the look at each of its levels
 * costs a few objects, not the budget's worth.
 */
const NESTING_NODES = 4;

/**
 * Whether a value holds at most `budget` keys and elements (each nesting counted as
 * {@link NESTING_NODES} more), looking through arrays and plain objects: the look stops as soon
 * as the budget is spent.
 */
function isSmall(value: object, budget: number): boolean {
  return nodesLeft(value, budget) >= 0;
}

/** `budget` less the keys and elements under `value`; negative once they pass it (the count then stops). */
function nodesLeft(value: object, budget: number): number {
  let left = budget;
  if (Array.isArray(value)) {
    left -= value.length;
    for (let index = 0; index < value.length && left >= 0; index += 1) {
      const member: unknown = value[index];
      if (isDescended(member)) left = nodesLeft(member, left - NESTING_NODES);
    }
    return left;
  }
  const keys = Object.keys(value);
  left -= keys.length;
  for (let index = 0; index < keys.length && left >= 0; index += 1) {
    const member = (value as Record<string, unknown>)[keys[index]!];
    if (isDescended(member)) left = nodesLeft(member, left - NESTING_NODES);
  }
  return left;
}

/** Whether an object member is written (serialization drops `undefined`, functions and symbols). */
function isWritten(member: unknown): boolean {
  const type = typeof member;
  return type !== 'undefined' && type !== 'function' && type !== 'symbol';
}

/** An array with the array prototype, or a plain object (or one with no prototype): read member by member. */
function isDescended(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return Array.isArray(value) ? prototype === Array.prototype : prototype === Object.prototype || prototype === null;
}
