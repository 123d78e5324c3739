/**
 * Long data as a copy reads it: the start of its JSON text, and the whole text's length, with
 * the whole never held at once. A data result is usually one big member (`{records: [...]}`,
 * an API's answer, a `structuredContent`): its start is read by descending into arrays and plain
 * objects until it passes what a copy can keep, and its length is counted piece by piece, so
 * the work is one native serialization of the value and the memory a few pieces of it. (The
 * tool-result lane's claims walk counts the length as it reads, `walkObjectsCounting`; this
 * count is for data read without it.)
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
 * each piece near {@link PIECE_CHARS}; an object's members that are large arrays or plain objects
 * are counted the same way, and its other members join one running batch of pieces, shared by
 * the whole count (a very wide object is serialized whole). Which members are large is found by
 * looking through each as far as {@link SMALL_MEMBER_NODES} keys and elements. The memory is a
 * piece and the largest element or wide object.
 */
export function jsonLength(value: unknown): number | undefined {
  if (!isDescended(value)) return JSON.stringify(value)?.length;
  const count = new Count();
  const length = Array.isArray(value) ? arrayLength(value) : recordLength(count, value as Record<string, unknown>);
  return length + count.finish();
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
 * A count's running batch: values whose texts are counted together, serialized as the elements
 * of one array once there are a run of them. An object's member joins it as two elements, its
 * key and its value (the comma between them standing for the colon), so no object is built to
 * hold a run of members.
 */
class Count {
  #batch: unknown[] = [];
  #run = 16;
  /** Characters counted so far, beyond what `finish` returns of the batch still held. */
  #counted = 0;

  /** Whether a member made of arrays and plain objects is counted apart rather than in the batch. */
  isLarge(member: object): boolean {
    return !isSmall(member, SMALL_MEMBER_NODES);
  }

  /** Adds an object's member that serializes to something: its key and its value. */
  addMember(key: string, member: unknown): void {
    this.#batch.push(key, member);
    if (this.#batch.length >= this.#run) this.#flush();
  }

  /** The characters of what the batch held: each member's key, colon and value. */
  finish(): number {
    this.#flush();
    return this.#counted;
  }

  #flush(): void {
    const held = this.#batch.length;
    if (held === 0) return;
    const piece = JSON.stringify(this.#batch);
    // The piece's text less its brackets is its elements and the commas between them: one per
    // member between key and value (its colon), one between members (counted by the caller).
    this.#counted += piece.length - 2 - (held / 2 - 1);
    this.#run = nextRun(this.#run, piece.length);
    this.#batch = [];
  }
}

/**
 * The most keys an object may have for its members to be counted apart: a wider one is data
 * spread over its keys, not one big member, and is serialized whole (copying it key by key into
 * pieces would cost more than the serialization).
 */
const WIDE_RECORD_KEYS = 256;

/**
 * Braces, one comma between each two members written, and each large member's key and text;
 * every other member written is added to the count's batch.
 */
function recordLength(count: Count, record: Readonly<Record<string, unknown>>): number {
  const keys = Object.keys(record);
  if (keys.length > WIDE_RECORD_KEYS) return JSON.stringify(record).length;
  let total = 2;
  let members = 0;
  for (const key of keys) {
    const member = record[key];
    // Only a member that may be big is counted apart; small ones join the batch, so a tree of
    // small objects costs about one serialization, not one piece per object.
    if (isDescended(member) && count.isLarge(member)) {
      total += JSON.stringify(key).length + 1 + (Array.isArray(member) ? arrayLength(member) : recordLength(count, member as Record<string, unknown>));
      members += 1;
    } else if (isWritten(member)) {
      count.addMember(key, member);
      members += 1;
    }
  }
  return total + Math.max(0, members - 1);
}

/**
 * The most keys and elements, in all, a member made of arrays and plain objects may hold to be
 * serialized with its neighbours rather than counted apart: few enough that serializing it with
 * them costs little, and that its text is bounded as a string member's is.
 */
const SMALL_MEMBER_NODES = 64;

/**
 * What each nested array or object counts for in a member's size, beside its own keys and
 * elements: a deep chain of one-key objects is large within a few levels.
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
