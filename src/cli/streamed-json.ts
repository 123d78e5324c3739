/**
 * A JSON file read piece by piece, so its whole text and its whole value are never held at once
 * (issue 15: `blockwise render` of a 50 MB file). The file is decoded a megabyte at a time; a
 * value whose text is short (a record, a block) is handed to `JSON.parse` whole, and only the
 * containers and strings longer than that are read here, member by member. Every scalar, key and
 * string piece is decoded by `JSON.parse` itself, so what is built is what `JSON.parse` of the
 * whole text builds. The reader never explains bad JSON: anything it doesn't accept throws
 * {@link NotStreamed}, and the caller reads the file whole, so an error is the one `JSON.parse`
 * gives.
 *
 * One shape is read lossily, on request: the `text` of a content block (`content[i].text`, or
 * `[i].text` for a bare content array) is kept only as far as the caller asks (`BlockTexts`),
 * and where that is less than the whole, the whole text's length is set on the block under
 * `TEXT_LENGTH`, so the renderer shows it as a part text.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { TEXT_LENGTH } from '../blocks/kinds/text.js';

/** Thrown where the reader stops: the text isn't JSON it reads (the caller reads it whole). */
class NotStreamed extends Error {}

/**
 * How far each content block's `text` is kept, and what the caller learns of each block: asked
 * of every element of the result's content array (`content`, or the bare array), in order.
 */
export interface BlockTexts {
  /** The most UTF-16 units of element `index`'s `text` kept: a longer text is kept as its start. */
  keepOf(index: number): number;
  /**
   * Told of element `index` once it is read: the element (its `text` kept as far as asked, and
   * where that is short of the whole, `TEXT_LENGTH` set to the whole's length), and its text's
   * whole length, or undefined where it is no object with a string `text`.
   */
  noteBlock(index: number, element: unknown, textLength: number | undefined): void;
}

/**
 * How the root's `structuredContent` is read, on request: its members whose JSON starts
 * `keepChars` into the value's JSON, or further, are read and counted but not kept, and the
 * reader answers where it stopped keeping and how long the whole value's JSON is
 * (`JSON.stringify` of what `JSON.parse` builds), for the caller to stand a filler in for them
 * (`data-stand-in.ts`). Where the value holds what the filler could change the render of (an
 * object whose `type` is a kind shown at depth), or what its JSON can't be counted from the
 * file's order (a duplicate key, an array-index key, in an object read member by member), or
 * nests deeper than {@link DATA_MAX_DEPTH}, the reader throws {@link NoStandIn}.
 */
export interface DataReading {
  /** Where in the value's JSON members stop being kept. */
  readonly keepChars: number;
  /** True for a `type` whose object the render might show as a block (`KINDS_AT_DEPTH`). */
  isBlockType(type: string): boolean;
  /** Told as the value begins to be read; throws {@link NoStandIn} where the caller would read the file whole whatever it holds. */
  begin?(): void;
}

/** Where a data reading stopped keeping: the container, and the key or index of the first member not kept. */
interface DataCut {
  readonly container: Record<string, unknown> | unknown[];
  readonly key: string | number;
  /** True where it is the container's first member (no comma stands before it). */
  readonly first: boolean;
}

/** What a data reading found: the value as kept, where it stopped keeping, and its whole JSON's length. */
export interface DataRead {
  readonly value: unknown;
  readonly cut: DataCut | undefined;
  readonly length: number;
}

/**
 * Thrown where a reading of shortened values can't stand in for the whole: data the stand-in
 * can't stand for (see {@link DataReading}), or anything a caller's {@link BlockTexts} or
 * `begin` refuses. The caller reads the file whole.
 */
export class NoStandIn extends Error {}

/** The deepest nesting a data reading accepts: far short of where the render's walk stops. */
const DATA_MAX_DEPTH = 128;

/** The value read. */
interface StreamedJson {
  readonly value: unknown;
  /** The root's `structuredContent` as a data reading read it, where one was asked for and met. */
  readonly data?: DataRead;
  /** Characters the short-container scans read, together (at most the file's, plus one scan's). */
  readonly scanned: number;
}

/** How the reader reads: the defaults, or small sizes in tests so every way is taken on small files. */
export interface ReadSizes {
  /** Bytes read from the file at a time. */
  readonly chunkBytes: number;
  /**
   * Values whose text is at most this long are parsed whole by `JSON.parse`; longer containers
   * are read member by member, longer strings in pieces of about this size.
   */
  readonly wholeValueChars: number;
}

/** The longest number or literal read: a longer run is read whole, where `JSON.parse` judges it. */
const MAX_WORD_CHARS = 1 << 20;

// Both small enough that a window and a piece are young objects (under 128 KiB), which the
// collector frees as it goes: megabyte windows went to the large-object space, where the
// garbage of a 50 MB read waited for a full collection and raised the peak by half the file.
const DEFAULT_SIZES: ReadSizes = { chunkBytes: 48 * 1024, wholeValueChars: 16 * 1024 };

/** Where a value sits, as far as the elision cares: only a content block's `text` is elided. */
type Place = 'root' | 'content' | 'block' | 'block-text' | 'data' | 'other';

/** The member of a content block that may be elided (whether the block is a text block is the renderer's to say). */
const TEXT_KEY = 'text';

/** The root's member a data reading reads. */
const DATA_KEY = 'structuredContent';

/**
 * Reads the JSON file at `path`. Throws {@link NotStreamed} where the text isn't JSON this reader
 * reads, and the file system's error where the file can't be read.
 */
export function readJsonFile(path: string, texts?: BlockTexts, sizes: ReadSizes = DEFAULT_SIZES, data?: DataReading): StreamedJson {
  const fd = openSync(path, 'r');
  try {
    return new Reader(new Source(fd, sizes.chunkBytes), texts, sizes.wholeValueChars, data).read();
  } finally {
    closeSync(fd);
  }
}

/**
 * The file's text as a window: what was decoded from `mark` (or `pos`, with no mark) on. The
 * window is re-based on each refill, so positions are only `pos` and `mark`.
 */
class Source {
  text = '';
  pos = 0;
  /** Where the value being read began; -1 where none is held. */
  mark = -1;
  /** How many times the window was re-based: positions found in it before then are stale. */
  refills = 0;
  /** Where `text` begins in the whole decoded file, so a position outlives a re-basing. */
  base = 0;
  #done = false;
  readonly #fd: number;
  readonly #bytes: Buffer;
  // `ignoreBOM`: a byte-order mark stays in the text, as `readFileSync(path, 'utf8')` keeps it.
  readonly #decoder = new TextDecoder('utf-8', { ignoreBOM: true });

  constructor(fd: number, chunkBytes: number) {
    this.#fd = fd;
    this.#bytes = Buffer.allocUnsafe(chunkBytes);
  }

  /** True when a character stands at `pos + ahead` (reading more as needed). */
  has(ahead = 0): boolean {
    while (this.pos + ahead >= this.text.length) if (!this.#refill()) return false;
    return true;
  }

  /** The character code at `pos + ahead`; throws at the end of the file. */
  at(ahead = 0): number {
    if (!this.has(ahead)) throw new NotStreamed('end of file');
    return this.text.charCodeAt(this.pos + ahead);
  }

  #refill(): boolean {
    while (!this.#done) {
      const read = readSync(this.#fd, this.#bytes, 0, this.#bytes.length, null);
      let decoded: string;
      if (read === 0) {
        this.#done = true;
        decoded = this.#decoder.decode();
      } else decoded = this.#decoder.decode(this.#bytes.subarray(0, read), { stream: true });
      if (decoded === '') continue;
      const from = this.mark >= 0 ? this.mark : this.pos;
      this.text = this.text.slice(from) + decoded;
      this.base += from;
      this.pos -= from;
      if (this.mark >= 0) this.mark = 0;
      this.refills += 1;
      return true;
    }
    return false;
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

function isWhiteSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** Characters a number or a literal (`true`, `false`, `null`) is made of; `JSON.parse` judges the word. */
function isWordChar(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x2b || code === 0x2d || code === 0x2e;
}

class Reader {
  readonly #source: Source;
  readonly #texts: BlockTexts | undefined;
  /** The content element being read (its index), while one is. */
  #blockIndex = -1;
  /** The whole length of the element's `text` where a long one was kept as its start, while it is the element's. */
  #elidedLength: number | undefined;
  /** Whether the root's `content` was read already: a second one would be noted over the first's indexes. */
  #sawContent = false;
  readonly #whole: number;
  readonly #dataReading: DataReading | undefined;
  /** The data reading under way: its position in the value's JSON, and where it stopped keeping. */
  #data: { pos: number; cut: DataCut | undefined } | undefined;
  #dataRead: DataRead | undefined;
  /** How deep the last short container's scan nested (1 for a flat one). */
  #scanDepth = 0;
  /**
   * Where the last scan that found a long container stopped, in the whole file's text. A
   * container that opens before it is read member by member without a scan of its own: scanned,
   * each level of a long nested chain (and each of many sibling chains) would read the same
   * `wholeValueChars` again. So scans never overlap, and together read the file at most once.
   */
  #scannedTo = 0;
  /** Characters read by those scans, together. */
  #scanned = 0;

  constructor(source: Source, texts: BlockTexts | undefined, wholeValueChars: number, data: DataReading | undefined) {
    this.#source = source;
    this.#texts = texts;
    this.#whole = wholeValueChars;
    this.#dataReading = data;
  }

  read(): StreamedJson {
    const value = this.#value('root');
    this.#skipWhiteSpace();
    if (this.#source.has()) throw new NotStreamed('text after the value');
    return this.#dataRead === undefined ? { value, scanned: this.#scanned } : { value, scanned: this.#scanned, data: this.#dataRead };
  }

  #skipWhiteSpace(): void {
    const source = this.#source;
    while (source.has() && isWhiteSpace(source.text.charCodeAt(source.pos))) source.pos += 1;
  }

  #value(place: Place): unknown {
    if (place === 'data' && this.#dataReading !== undefined) return this.#standIn();
    this.#skipWhiteSpace();
    const code = this.#source.at();
    if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      const whole = this.#source.base + this.#source.pos < this.#scannedTo ? undefined : this.#shortContainer();
      if (whole !== undefined) return JSON.parse(whole) as unknown;
      return code === OPEN_BRACE ? this.#object(place) : this.#array(place);
    }
    if (code === QUOTE) return this.#string(place === 'block-text');
    return this.#word();
  }

  /**
   * A container's text where it closes within `wholeValueChars`; else undefined, `pos` left at its
   * start and where the scan stopped noted (`#scannedTo`), so no later scan reads it again. The
   * levels of nesting read member by member are as many as the stack holds (past it, a
   * `RangeError`: the caller reads the file whole).
   */
  #shortContainer(): string | undefined {
    const source = this.#source;
    source.mark = source.pos;
    let depth = 0;
    let deepest = 0;
    let inString = false;
    // The scan runs on locals, written back to `pos` only to read further.
    let text = source.text;
    let index = source.pos;
    const from = source.base + index;
    try {
      while (index - source.mark <= this.#whole) {
        if (index >= text.length) {
          source.pos = index;
          if (!source.has()) throw new NotStreamed('end of file');
          text = source.text;
          index = source.pos;
        }
        const code = text.charCodeAt(index);
        index += 1;
        if (inString) {
          if (code === BACKSLASH) index += 1;
          else if (code === QUOTE) inString = false;
        } else if (code === QUOTE) inString = true;
        else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
          depth += 1;
          if (depth > deepest) deepest = depth;
        } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
          depth -= 1;
          if (depth === 0) {
            source.pos = index;
            this.#scanDepth = deepest;
            return text.slice(source.mark, index);
          }
        }
      }
      this.#scannedTo = source.base + index;
      source.pos = source.mark;
      return undefined;
    } finally {
      this.#scanned += source.base + index - from;
      source.mark = -1;
    }
  }

  #object(place: Place): Record<string, unknown> {
    const record: Record<string, unknown> = {};
    if (this.#opensEmpty(CLOSE_BRACE)) return record;
    for (;;) {
      const key = this.#key();
      const memberAt = memberPlace(place, key);
      if (memberAt === 'content' && this.#texts !== undefined) {
        if (this.#sawContent) throw new NotStreamed('a second content');
        this.#sawContent = true;
      }
      const member = this.#value(memberAt);
      if (memberAt === 'block-text') this.#noteText(record, member);
      else setMember(record, key, member);
      if (this.#closes(CLOSE_BRACE)) return record;
    }
  }

  /** Steps past a container's opening; true (and past its close) where it closes at once. */
  #opensEmpty(close: number): boolean {
    const source = this.#source;
    source.pos += 1;
    this.#skipWhiteSpace();
    if (source.at() !== close) return false;
    source.pos += 1;
    return true;
  }

  /** Steps past what follows a member: true for the container's close, false for a comma. */
  #closes(close: number): boolean {
    this.#skipWhiteSpace();
    const next = this.#source.at();
    this.#source.pos += 1;
    if (next === close) return true;
    if (next !== COMMA) throw new NotStreamed('expected a comma');
    return false;
  }

  /** A member's key and its colon, `pos` left past the colon. */
  #key(): string {
    const source = this.#source;
    this.#skipWhiteSpace();
    if (source.at() !== QUOTE) throw new NotStreamed('expected a key');
    const key = this.#string(false) as string;
    this.#skipWhiteSpace();
    if (source.at() !== COLON) throw new NotStreamed('expected a colon');
    source.pos += 1;
    return key;
  }

  #array(place: Place): unknown[] {
    const array: unknown[] = [];
    if (this.#opensEmpty(CLOSE_BRACKET)) return array;
    const elementPlace = place === 'root' || place === 'content' ? 'block' : 'other';
    for (;;) {
      if (elementPlace === 'block' && this.#texts !== undefined) array.push(this.#block(this.#texts, array.length));
      else array.push(this.#value(elementPlace));
      if (this.#closes(CLOSE_BRACKET)) return array;
    }
  }

  /** Sets a block's `text`, noting (or forgetting) where it is a start: the last `text` member is the block's. */
  #noteText(block: Record<string, unknown>, text: unknown): void {
    if (text instanceof ElidedStart) {
      block.text = text.start;
      this.#elidedLength = text.length;
    } else {
      block.text = text;
      this.#elidedLength = undefined;
    }
  }

  /**
   * Content element `index`: read (a long `text` kept as its start as it is read), a short text
   * longer than asked cut to its start, its whole length set where it is only a start, and the
   * caller told.
   */
  #block(texts: BlockTexts, index: number): unknown {
    this.#blockIndex = index;
    this.#elidedLength = undefined;
    const element = this.#value('block');
    this.#blockIndex = -1;
    if (typeof element !== 'object' || element === null || Array.isArray(element)) {
      texts.noteBlock(index, element, undefined);
      return element;
    }
    const block = element as Record<string, unknown>;
    const text = block.text;
    // Set by `#noteText` as the element was read (the narrowing from the reset above doesn't hold).
    let length = this.#elidedLength as number | undefined;
    if (length === undefined && typeof text === 'string') {
      length = text.length;
      const keep = texts.keepOf(index);
      if (length > keep) block.text = startOf(text, keep);
    }
    if (length !== undefined && length > (block.text as string).length) Object.defineProperty(block, TEXT_LENGTH, { value: length });
    texts.noteBlock(index, block, length);
    return block;
  }

  /** The root's `structuredContent`, read as a {@link DataReading} asks. */
  #standIn(): unknown {
    // A second one would replace the first, which the answer is about.
    if (this.#dataRead !== undefined) throw new NoStandIn('a second structuredContent');
    this.#dataReading!.begin?.();
    const data = { pos: 0, cut: undefined };
    this.#data = data;
    const value = this.#dataValue(0);
    this.#data = undefined;
    this.#dataRead = { value, cut: data.cut, length: data.pos };
    return value;
  }

  /**
   * A value of the data at `depth`, its JSON's length added to the position. Past the cut the
   * value is still read (to count it and look for block kinds), but long containers keep nothing.
   */
  #dataValue(depth: number): unknown {
    const data = this.#data!;
    this.#skipWhiteSpace();
    const source = this.#source;
    const code = source.at();
    if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      const whole = source.base + source.pos < this.#scannedTo ? undefined : this.#shortContainer();
      if (whole !== undefined) {
        if (depth + this.#scanDepth > DATA_MAX_DEPTH) throw new NoStandIn('nested too deep');
        const value = JSON.parse(whole) as unknown;
        // Only a text naming `type` (or escaping a character, which could spell it) can hold one.
        if ((whole.includes('"type"') || whole.includes('\\u')) && this.#holdsBlockType(value, 0)) throw new NoStandIn('a block kind');
        data.pos += JSON.stringify(value).length;
        return value;
      }
      if (depth >= DATA_MAX_DEPTH) throw new NoStandIn('nested too deep');
      return code === OPEN_BRACE ? this.#dataObject(depth) : this.#dataArray(depth);
    }
    if (code === QUOTE) return this.#dataString();
    const word = this.#word();
    data.pos += JSON.stringify(word).length;
    return word;
  }

  /** Whether a parsed value holds an object whose `type` is a block kind's (its nesting is bounded by the scan's). */
  #holdsBlockType(value: unknown, depth: number): boolean {
    if (typeof value !== 'object' || value === null) return false;
    if (Array.isArray(value)) return value.some((item) => this.#holdsBlockType(item, depth + 1));
    const record = value as Record<string, unknown>;
    if (typeof record.type === 'string' && this.#dataReading!.isBlockType(record.type)) return true;
    for (const key in record) if (this.#holdsBlockType(record[key], depth + 1)) return true;
    return false;
  }

  /** Marks the cut where a member starts at or past `keepChars` of the value's JSON. */
  #cutAt(container: Record<string, unknown> | unknown[], key: string | number, first: boolean): void {
    const data = this.#data!;
    if (data.cut === undefined && data.pos >= this.#dataReading!.keepChars) data.cut = { container, key, first };
  }

  #dataArray(depth: number): unknown[] {
    const data = this.#data!;
    const array: unknown[] = [];
    data.pos += 1;
    if (this.#opensEmpty(CLOSE_BRACKET)) {
      data.pos += 1;
      return array;
    }
    for (let index = 0; ; index += 1) {
      // The cut is judged before the comma, where a head that reads member by member judges it.
      this.#cutAt(array, array.length, array.length === 0);
      if (index > 0) data.pos += 1;
      const kept = data.cut === undefined;
      const value = this.#dataValue(depth + 1);
      if (kept) array.push(value);
      if (this.#closes(CLOSE_BRACKET)) {
        data.pos += 1;
        return array;
      }
    }
  }

  #dataObject(depth: number): Record<string, unknown> {
    const data = this.#data!;
    const record: Record<string, unknown> = {};
    // Every key, so a duplicate (the last value in the first place) is caught.
    const keys = new Set<string>();
    data.pos += 1;
    if (this.#opensEmpty(CLOSE_BRACE)) {
      data.pos += 1;
      return record;
    }
    for (;;) {
      const key = this.#key();
      // An index key is serialized before the others, whatever its place in the file.
      if (keys.has(key) || ARRAY_INDEX_KEY.test(key)) throw new NoStandIn('a key out of order');
      this.#cutAt(record, key, keys.size === 0);
      if (keys.size > 0) data.pos += 1;
      keys.add(key);
      data.pos += JSON.stringify(key).length + 1;
      const kept = data.cut === undefined;
      const value = this.#dataValue(depth + 1);
      if (key === 'type' && typeof value === 'string' && this.#dataReading!.isBlockType(value)) throw new NoStandIn('a block kind');
      if (kept) setMember(record, key, value);
      if (this.#closes(CLOSE_BRACE)) {
        data.pos += 1;
        return record;
      }
    }
  }

  /** A string of the data: kept whole before the cut; past it only its JSON's length is counted. */
  #dataString(): string {
    const data = this.#data!;
    const source = this.#source;
    source.mark = source.pos;
    source.pos += 1;
    try {
      let text: string;
      if (this.#scanString()) text = JSON.parse(source.text.slice(source.mark, source.pos)) as string;
      else if (data.cut === undefined) {
        text = this.#longString(false) as string;
        data.pos += jsonStringLength(text);
        return text;
      } else {
        data.pos += this.#longStringJsonLength();
        return '';
      }
      data.pos += JSON.stringify(text).length;
      return text;
    } finally {
      source.mark = -1;
    }
  }

  /**
   * The JSON length of the rest of a long string (as `#longString` reads it), counted piece by
   * piece: a surrogate pair split between two pieces is carried into the next, since
   * `JSON.stringify` escapes a lone surrogate but writes a pair as it is.
   */
  #longStringJsonLength(): number {
    const source = this.#source;
    let length = 2;
    let carry = '';
    let pieceFrom = 1;
    const flush = (end: number): void => {
      let piece = carry + (JSON.parse(`"${source.text.slice(source.mark + pieceFrom, end)}"`) as string);
      pieceFrom = 0;
      source.mark = source.pos;
      carry = '';
      const last = piece.charCodeAt(piece.length - 1);
      if (last >= 0xd800 && last <= 0xdbff) {
        carry = piece.slice(-1);
        piece = piece.slice(0, -1);
      }
      length += JSON.stringify(piece).length - 2;
    };
    flush(source.pos);
    for (;;) {
      if (this.#scanString()) {
        flush(source.pos - 1);
        return length + (carry === '' ? 0 : JSON.stringify(carry).length - 2);
      }
      flush(source.pos);
    }
  }

  /** A string, `pos` at its opening quote: parsed whole where short, else decoded in pieces. */
  #string(mayElide: boolean): string | ElidedStart {
    const source = this.#source;
    source.mark = source.pos;
    source.pos += 1;
    try {
      if (this.#scanString()) return JSON.parse(source.text.slice(source.mark, source.pos)) as string;
      return this.#longString(mayElide);
    } finally {
      source.mark = -1;
    }
  }

  /**
   * Moves `pos` through a string's text (`mark` at a point between escapes): past its closing
   * quote (true), or to a point between escapes past `wholeValueChars` from `mark` (false). The
   * next quote and backslash are found by `indexOf` and kept while `pos` is short of them, so
   * the scan is linear however the two are spread.
   */
  #scanString(): boolean {
    const source = this.#source;
    let window = -1;
    let text = '';
    let quote = -1;
    let slash = -1;
    for (;;) {
      if (source.pos - source.mark > this.#whole) return false;
      if (!source.has()) throw new NotStreamed('end of file');
      if (source.refills !== window) {
        window = source.refills;
        text = source.text;
        quote = -1;
        slash = -1;
      }
      if (quote < source.pos) quote = indexOrEnd(text, '"', source.pos);
      if (slash < source.pos) slash = indexOrEnd(text, '\\', source.pos);
      const stop = Math.min(text.length, source.mark + this.#whole + 1);
      if (quote < slash && quote < stop) {
        source.pos = quote + 1;
        return true;
      }
      if (slash < stop) {
        source.pos = slash;
        // Read before `pos` moves: reading ahead may re-base the window.
        const step = escapeLength(source, BACKSLASH);
        source.pos += step;
      } else source.pos = stop;
    }
  }

  /**
   * The rest of a long string, `mark` at its opening quote and `pos` past what was scanned (never
   * inside an escape). Pieces end only between escapes, so each decodes alone; a surrogate pair
   * escaped as two `\u` escapes decodes to the same two units in two pieces.
   */
  #longString(mayElide: boolean): string | ElidedStart {
    const source = this.#source;
    const keep = mayElide && this.#texts !== undefined ? this.#texts.keepOf(this.#blockIndex) : undefined;
    const pieces: string[] = [];
    let length = 0;
    let start: string | undefined;
    let pieceFrom = 1;
    const flush = (end: number): void => {
      const piece = JSON.parse(`"${source.text.slice(source.mark + pieceFrom, end)}"`) as string;
      pieceFrom = 0;
      source.mark = source.pos;
      length += piece.length;
      if (start !== undefined) return;
      pieces.push(piece);
      if (keep !== undefined && length > keep) {
        start = startOf(pieces.join(''), keep);
        pieces.length = 0;
      }
    };
    flush(source.pos);
    for (;;) {
      if (this.#scanString()) {
        flush(source.pos - 1);
        return start === undefined ? pieces.join('') : new ElidedStart(start, length);
      }
      flush(source.pos);
    }
  }

  /** A number or a literal: its run of word characters, judged by `JSON.parse`. */
  #word(): unknown {
    const source = this.#source;
    // Held as the mark, so a refill in the middle of the word keeps its start.
    source.mark = source.pos;
    try {
      while (source.has() && isWordChar(source.text.charCodeAt(source.pos))) {
        source.pos += 1;
        if (source.pos - source.mark > MAX_WORD_CHARS) throw new NotStreamed('a word too long');
      }
      if (source.pos === source.mark) throw new NotStreamed('expected a value');
      return JSON.parse(source.text.slice(source.mark, source.pos)) as unknown;
    } finally {
      source.mark = -1;
    }
  }
}

/** A key JavaScript orders before the others: an array index (0 to 2^32 - 2, as written canonically). */
const ARRAY_INDEX_KEY = /^(?:0|[1-9][0-9]{0,9})$/;

/** A long text kept as its start, and the whole text's length. */
class ElidedStart {
  constructor(
    readonly start: string,
    readonly length: number,
  ) {}
}

/**
 * The first `keep` units of `text`, as a string of their own: a slice would hold on to the whole
 * text (the engine's sliced strings point into their parent), which is what the cut is to free.
 */
function startOf(text: string, keep: number): string {
  return keep <= 0 ? '' : (JSON.parse(JSON.stringify(text.slice(0, keep))) as string);
}

/** Where `search` next stands in `text` from `from`, or past its end. */
function indexOrEnd(text: string, search: string, from: number): number {
  const index = text.indexOf(search, from);
  return index < 0 ? Number.POSITIVE_INFINITY : index;
}

/** How far the character at `pos` and its escape reach (1 for a plain character); reads ahead as needed. */
function escapeLength(source: Source, code: number): number {
  if (code !== BACKSLASH) return 1;
  if (source.at(1) !== 0x75 /* u */) return 2;
  source.at(5);
  return 6;
}

function memberPlace(place: Place, key: string): Place {
  if (place === 'root') return key === 'content' ? 'content' : key === DATA_KEY ? 'data' : 'other';
  if (place === 'block') return key === TEXT_KEY ? 'block-text' : 'other';
  return 'other';
}

/** Sets a member as `JSON.parse` does: `__proto__` is an own member like any other. */
function setMember(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
  else record[key] = value;
}

function jsonStringLength(text: string): number {
  let length = 2;
  const step = 1 << 16;
  for (let at = 0; at < text.length;) {
    let end = Math.min(text.length, at + step);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end += 1;
    length += JSON.stringify(text.slice(at, end)).length - 2;
    at = end;
  }
  return length;
}
