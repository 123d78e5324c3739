/**
 * A stand-in for a long `structuredContent` that `blockwise render` shows as data: the value as
 * far as a copy can read it, and a filler of the same JSON length for the rest, so the render
 * never holds the whole value (a parsed tree of records weighs more than its JSON).
 *
 * What the render reads of data that holds no block (the tool-result lane's data path,
 * `src/blocks/at-depth.ts`): whether any object is one a copy shows as a block, the JSON's head
 * — descended into member by member until it passes what a copy keeps, read further (twice as
 * far each time) only where the checked strings came out short — and the whole JSON's length
 * for the cut notice. The stand-in keeps every member whose JSON starts within `keepChars`
 * (`streamed-json.ts`, `DataReading`), so a head read within that is the value's own: a head
 * stops before the first member starting past its reach, and the filler stands in that place.
 * The filler is arrays of numbers (and a last number or string), which hold nothing a walk
 * looks for and which serialize to exactly the length left. Where the value holds an object whose `type` is a block kind, any head could
 * reach further than `keepChars / 4`, or the value can't be counted from the file's order, the
 * caller reads the value whole.
 */
import { isBlockAtDepth } from '../blocks/at-depth.js';
import { checkedJsonHead } from '../blocks/data-strings.js';
import { jsonHead } from '../blocks/json-head.js';
import { KINDS_AT_DEPTH } from '../blocks/kinds/index.js';
import type { DataRead, DataReading } from './streamed-json.js';

/** Characters past the cap a head is checked to: more than the lane's margin past it, so its reach is bounded with room. */
const HEAD_SLACK = 4096;

/** The block kinds a copy shows at depth, whose objects the filler must never stand in for. */
const BLOCK_TYPES: ReadonlySet<string> = new Set(KINDS_AT_DEPTH);

/** The most digits a filler number has: any run of nines that long is an exact integer. */
const FILLER_NUMBER_DIGITS = 15;

/**
 * The number a filler's arrays hold: a small integer, which the lane's counting walk counts by
 * its digits, so the filler's length is counted without serializing any of it. Strings were
 * held by the count and serialized together, as many at once as its run of small values had
 * grown to: the filler of a 56 MB value came to one 56 MB piece, which was the peak.
 */
const FILLER_NUMBER = 999_999_999;

/** How many numbers a filler array holds: one array, repeated, stands in for any length. */
const FILLER_ARRAY_NUMBERS = 4096;

/** The JSON length of a filler array (its brackets, numbers and commas). */
const FILLER_ARRAY_CHARS = 2 + FILLER_ARRAY_NUMBERS * String(FILLER_NUMBER).length + FILLER_ARRAY_NUMBERS - 1;

/** The data reading for a render at `cap`: members kept for the first megabyte, or sixty-four times what a head reads. */
export function dataReading(cap: number): DataReading {
  return { keepChars: Math.max(1 << 20, 64 * (cap + HEAD_SLACK)), isBlockType: (type) => BLOCK_TYPES.has(type) };
}

/**
 * The value the render is given for `read`'s data: the value itself where nothing was cut, else
 * the stand-in (the value as kept, the filler in the first place not kept); undefined where a
 * head at `cap` may read past what was kept.
 */
export function standInFor(read: DataRead, reading: DataReading, cap: number): unknown {
  if (read.cut !== undefined && !headWithin(read.value, reading.keepChars / 4, cap)) return undefined;
  return filledIn(read);
}

/**
 * `read`'s value with the filler in the cut's place: its JSON is as long as the whole value's,
 * and the same up to where the cut stands; undefined where no filler fits (never, for a value
 * read whole).
 */
export function filledIn(read: DataRead): unknown {
  const { value, cut } = read;
  if (cut === undefined) return value;
  // What the stand-in adds in the cut's place: the rest of the value's JSON, less what was kept.
  let fill = read.length - JSON.stringify(value).length - (cut.first ? 0 : 1);
  // Never short: what was cut holds at least its first member's value, which the filler replaces.
  if (fill < 1) return undefined;
  if (Array.isArray(cut.container)) {
    // Elements of its own, so the render's count reads them like any elements.
    for (const member of fillerMembers(fill)) cut.container.push(member);
    return value;
  }
  fill -= JSON.stringify(cut.key).length + 1;
  if (fill < 1) return undefined;
  // Past a number's digits, one array of the filler's values.
  const filler = fill <= FILLER_NUMBER_DIGITS ? fillerMembers(fill)[0] : fillerMembers(fill - 2);
  // As `JSON.parse` sets a member: `__proto__` is an own member like any other.
  Object.defineProperty(cut.container, cut.key, { value: filler, writable: true, enumerable: true, configurable: true });
  return value;
}

/**
 * Whether every head a render at `cap` reads of `value` starts its members within twice `reach`:
 * the head is read as the lane reads it (`jsonHead`) and its strings checked as a copy shows them
 * (`checkedJsonHead`), to more than the lane reads (the cap and {@link HEAD_SLACK}), doubling
 * the reach while the checked text comes out short, up to `reach`; the lane's own reach, doubled
 * from less, stops before twice the one found here.
 */
function headWithin(value: unknown, reach: number, cap: number): boolean {
  const limit = cap + HEAD_SLACK;
  for (let read = limit; read <= reach; read *= 2) {
    const head = jsonHead(value, read, isBlockAtDepth);
    if (head === undefined) return false;
    // A whole head of a cut value reached the cut: the lane would read on into the filler.
    if (head.whole) return false;
    if (checkedJsonHead(head.text, limit).length >= limit) return true;
  }
  return false;
}

/**
 * Values whose JSON, joined by commas, is `length` characters (at least 1): a number of nines
 * where that is short, else one array of numbers repeated (the same array: the filler's memory
 * is one array and its places) and a last value, a number or a string of spaces, for the rest.
 */
function fillerMembers(length: number): unknown[] {
  if (length <= FILLER_NUMBER_DIGITS) return [Number('9'.repeat(length))];
  // `count` arrays and a comma after each; the last value takes the rest, at least 1.
  const count = Math.floor((length - 1) / (FILLER_ARRAY_CHARS + 1));
  const rest = length - count * (FILLER_ARRAY_CHARS + 1);
  const members = new Array<unknown>(count).fill(new Array<number>(FILLER_ARRAY_NUMBERS).fill(FILLER_NUMBER));
  members.push(rest <= FILLER_NUMBER_DIGITS ? Number('9'.repeat(rest)) : ' '.repeat(rest - 2));
  return members;
}
