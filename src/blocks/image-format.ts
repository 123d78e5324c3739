/**
 * Whether decoded bytes are a whole image of their declared format, and its size in pixels. A
 * provider refuses the whole request for one image it can't decode, so an image goes natively
 * only when its signature is its type's, its header gives its dimensions, and its stream ends
 * where its format says it ends.
 *
 * The dimensions of GIF (logical screen) and WebP (VP8, VP8L, VP8X) are read by `image-size`;
 * a PNG's are IHDR's width and height, which the chunk walk checks anyway (where `image-size`
 * reads them too, once IHDR is first: its detector and readers cost a small image's render more
 * than its CRCs). `image-size` reads a header only, never where a stream ends, so the end checks are ours:
 * PNG's chunks walked to IEND, GIF's blocks walked to its trailer (a last byte of 0x3B alone is
 * one cut in 256), WebP's RIFF size against the data's length, JPEG's EOI. Each walk steps over
 * whole chunks or sub-blocks by their lengths, never byte by byte. Past the ends, the walks
 * check what a decoder refuses before drawing a pixel (PNG's critical CRCs, IHDR and zlib header; JPEG's
 * tables, frame and scan; WebP's bitstream header; GIF's frames and code sizes): a provider
 * refuses the whole request for one image it can't decode. The pixels themselves aren't
 * decoded, so an image whose compressed data is corrupt past its first bytes still passes.
 * JPEG's size is ours too: `image-size` 2.1.0 walks JPEG segments by stepping one byte at a time
 * over any byte that isn't a marker, with a new `DataView` and subarray per byte (~0.1–0.4 µs a
 * byte: a 1 MB JPEG of zeros takes 100–400 ms), so a hostile JPEG's cost would not be linear
 * with a small constant; a strict segment walk is a few lines and refuses such data at once.
 */
import { createRequire } from 'node:module';
import { crc32Of } from './chunk-crc.js';
import type { NativeImageType } from './shown-block.js';

/** What the bytes of a declared image turned out to be. */
export type ImageReading =
  | { readonly kind: 'whole'; readonly width: number; readonly height: number }
  /** Its first bytes are not its declared format's. */
  | { readonly kind: 'mismatch' }
  /** Its data ends before its header or its stream does. */
  | { readonly kind: 'truncated' }
  /** Its header or its end isn't its format's (zero pixels, data past its end, an unread header). */
  | { readonly kind: 'malformed' };

/** Reads `bytes` as a whole image of `type`. Never throws. */
export function readImage(bytes: Uint8Array, type: NativeImageType): ImageReading {
  const format = FORMATS[type];
  if (!format.signature(bytes)) return MISMATCH;
  try {
    return sized(format.read(bytes));
  } catch {
    // `image-size` throws on a header it can't read; the bounds checks above it make that rare.
    return MALFORMED;
  }
}

interface Format {
  /** Whether the bytes open as this format does (the part of a header a short image may cut). */
  readonly signature: (bytes: Uint8Array) => boolean;
  /** The dimensions of a whole image, or why it isn't one; may throw (`image-size`). */
  readonly read: (bytes: Uint8Array) => ImageReading;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
/** `IHDR` right after the signature: PNG requires it first (Apple's `CgBI` files aren't PNG a provider decodes). */
const PNG_IHDR = [0x49, 0x48, 0x44, 0x52] as const;
const PNG_IEND = [0x49, 0x45, 0x4e, 0x44] as const;
const PNG_IDAT = [0x49, 0x44, 0x41, 0x54] as const;
const PNG_PLTE = [0x50, 0x4c, 0x54, 0x45] as const;
/** Signature, the IHDR chunk (25 bytes), and IEND: no whole PNG is shorter. */
const PNG_MIN_BYTES = 8 + 25 + 12;
/** GIF's header (6) and logical screen descriptor (7), and the trailer. */
const GIF_MIN_BYTES = 13 + 1;
const GIF_TRAILER = 0x3b;
const GIF_EXTENSION = 0x21;
const GIF_IMAGE = 0x2c;
/**
 * Up to the last header byte `image-size` reads of a WebP: its first chunk's header (20 bytes),
 * then VP8L's signature and 4 bytes of dimensions, or 10 bytes of VP8's or VP8X's header.
 */
const WEBP_HEADER_BYTES = 30;
const WEBP_LOSSLESS_HEADER_BYTES = 25;
const VP8L = [0x56, 0x50, 0x38, 0x4c] as const;

const FORMATS: Readonly<Record<NativeImageType, Format>> = {
  'image/png': {
    signature: (b) => startsWith(b, PNG_SIGNATURE, 0),
    read: (b) => {
      if (b.length < PNG_MIN_BYTES) return TRUNCATED;
      if (!startsWith(b, PNG_IHDR, 12)) return MALFORMED;
      const end = readPngEnd(b);
      return end === WHOLE_STREAM ? { kind: 'whole', width: uint32At(b, 16), height: uint32At(b, 20) } : end;
    },
  },
  'image/jpeg': {
    signature: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
    read: (b) => {
      const frame = readJpegFrame(b);
      if (frame.kind !== 'whole') return frame;
      // EOI (FF D9) closes every JPEG stream.
      return b[b.length - 2] === 0xff && b[b.length - 1] === 0xd9 ? frame : TRUNCATED;
    },
  },
  'image/gif': {
    signature: (b) => startsWith(b, GIF_OPENING, 0) && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61,
    read: (b) => {
      if (b.length < GIF_MIN_BYTES) return TRUNCATED;
      const end = readGifEnd(b);
      return end === WHOLE_STREAM ? measured(b, 13, 'gif') : end;
    },
  },
  'image/webp': {
    signature: (b) => startsWith(b, RIFF, 0) && startsWith(b, WEBP, 8),
    read: (b) => {
      const headerBytes = startsWith(b, VP8L, 12) ? WEBP_LOSSLESS_HEADER_BYTES : WEBP_HEADER_BYTES;
      if (b.length < headerBytes) return TRUNCATED;
      // The RIFF size counts every byte after its own 8: the data is the whole file exactly then.
      const riffBytes = 8 + (b[4]! | (b[5]! << 8) | (b[6]! << 16)) + b[7]! * 0x1000000;
      if (riffBytes > b.length) return TRUNCATED;
      if (riffBytes < b.length) return MALFORMED;
      const bitstream = readWebpBitstream(b);
      return bitstream === WHOLE_STREAM ? measured(b, headerBytes, 'webp') : bitstream;
    },
  },
};

const GIF_OPENING = [0x47, 0x49, 0x46, 0x38] as const;
const RIFF = [0x52, 0x49, 0x46, 0x46] as const;
const WEBP = [0x57, 0x45, 0x42, 0x50] as const;

/**
 * `image-size`'s reader, loaded the first time an image is measured: it loads a module per
 * format, and a render with no image (the command line's start-up) shouldn't pay for them.
 */
let imageSizeReader: ImageSizeReader | undefined;
type ImageSizeReader = (typeof import('image-size'))['imageSize'];

function imageSize(bytes: Uint8Array): ReturnType<ImageSizeReader> {
  imageSizeReader ??= (createRequire(import.meta.url)('image-size') as typeof import('image-size')).imageSize;
  return imageSizeReader(bytes);
}

/** A stream that ends where its format ends it; its dimensions are read next. */
const WHOLE_STREAM = 'whole-stream';

const MISMATCH: ImageReading = { kind: 'mismatch' };
const TRUNCATED: ImageReading = { kind: 'truncated' };
const MALFORMED: ImageReading = { kind: 'malformed' };

/**
 * The dimensions `image-size` reads from the first `headerBytes` bytes, given as a copy: it reads
 * through a `DataView` over the whole underlying buffer, past the view it was given, so a short
 * header in a shared buffer would be read from someone else's bytes rather than refused.
 */
function measured(bytes: Uint8Array, headerBytes: number, type: 'gif' | 'webp'): ImageReading {
  const size = imageSize(bytes.slice(0, headerBytes));
  if (size.type !== type) return MALFORMED;
  return { kind: 'whole', width: size.width, height: size.height };
}

/** The big-endian unsigned 32-bit number at `at` (PNG's lengths, CRCs and dimensions). */
function uint32At(b: Uint8Array, at: number): number {
  return b[at]! * 0x1000000 + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);
}

/** A reading whose image has no pixels is no image. */
function sized(reading: ImageReading): ImageReading {
  return reading.kind === 'whole' && (!(reading.width > 0) || !(reading.height > 0)) ? MALFORMED : reading;
}

/**
 * Where a PNG's chunks end: walked chunk by chunk (each its length plus 12 bytes) from the
 * signature, it is whole when an IEND chunk ends exactly at the data's end after at least one
 * IDAT. A chunk past the data is a cut; bytes after IEND, or no image data, are malformed. Each
 * critical chunk's CRC is checked (`crc32Of`: natively for a long chunk, one pass over its
 * data), since a decoder refuses a critical chunk whose CRC is wrong; so are IHDR's fields, the zlib header that opens
 * the image data, a palette before the data of a palette image, and chunk types: a critical
 * chunk (upper-case first letter) that PNG doesn't define is one a decoder must refuse.
 */
function readPngEnd(b: Uint8Array): ImageReading | typeof WHOLE_STREAM {
  if (!pngHeaderValid(b)) return MALFORMED;
  const palette = b[8 + 8 + 9] === 3;
  let at = 8;
  let paletteSeen = false;
  let imageData = false;
  /** The first two bytes of the image data, across IDAT chunks: its zlib header. */
  const zlibHead: number[] = [];
  for (;;) {
    if (at + 12 > b.length) return TRUNCATED;
    const length = uint32At(b, at);
    // PNG bounds a chunk's length at 2^31 - 1.
    if (length > 0x7fffffff) return MALFORMED;
    const end = at + 12 + length;
    if (end > b.length) return TRUNCATED;
    // A critical chunk's CRC only (upper-case first letter): a decoder refuses one of those,
    // while libpng's default warns and drops an ancillary chunk whose CRC is wrong; the MCP
    // reference server's own sample image has an iCCP chunk whose CRC is wrong.
    if ((b[at + 4]! & 0x20) === 0) {
      const stored = uint32At(b, end - 4);
      if (crc32Of(b, at + 4, end - 4) !== stored) return MALFORMED;
    }
    if (startsWith(b, PNG_IEND, at + 4)) return end === b.length && imageData && zlibHeaderValid(zlibHead) ? WHOLE_STREAM : MALFORMED;
    if (startsWith(b, PNG_IDAT, at + 4)) {
      if (palette && !paletteSeen) return MALFORMED;
      imageData = true;
      for (let index = at + 8; index < end - 4 && zlibHead.length < 2; index += 1) zlibHead.push(b[index]!);
    } else if (startsWith(b, PNG_PLTE, at + 4)) {
      paletteSeen = true;
    } else if (at !== 8 && !ancillaryOrKnown(b, at + 4)) {
      return MALFORMED;
    }
    at = end;
  }
}

/**
 * Whether the IHDR chunk (checked to be first) is 13 bytes of a header a decoder reads: width
 * and height from 1 to 2^31 - 1, a bit depth its colour type allows, compression and filter
 * method 0, interlace 0 or 1.
 */
function pngHeaderValid(b: Uint8Array): boolean {
  if (b[8] !== 0 || b[9] !== 0 || b[10] !== 0 || b[11] !== 13) return false;
  const at = 16;
  const width = uint32At(b, at);
  const height = uint32At(b, at + 4);
  if (width < 1 || width > 0x7fffffff || height < 1 || height > 0x7fffffff) return false;
  const depths = PNG_BIT_DEPTHS[b[at + 9]!];
  return depths !== undefined && depths.includes(b[at + 8]!) && b[at + 10] === 0 && b[at + 11] === 0 && b[at + 12]! <= 1;
}

/** The bit depths each PNG colour type allows (PNG §11.2.2, Table 11.1). */
const PNG_BIT_DEPTHS: Readonly<Record<number, readonly number[]>> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

/**
 * Whether a zlib stream's two header bytes are one a PNG decoder inflates (RFC 1950 §2.2):
 * deflate (CM 8), a window of at most 32 KB, a check that makes them a multiple of 31, and no
 * preset dictionary (PNG forbids one).
 */
function zlibHeaderValid(head: readonly number[]): boolean {
  if (head.length < 2) return false;
  const [cmf, flg] = head as [number, number];
  return (cmf & 0x0f) === 8 && cmf >> 4 <= 7 && (cmf * 256 + flg) % 31 === 0 && (flg & 0x20) === 0;
}

/**
 * Whether the chunk type at `at` is four letters and, where critical (an upper-case first
 * letter), one PNG defines; IHDR past the first chunk is a second header, refused too.
 */
function ancillaryOrKnown(b: Uint8Array, at: number): boolean {
  for (let index = at; index < at + 4; index += 1) {
    const letter = b[index]! | 0x20;
    if (letter < 0x61 || letter > 0x7a) return false;
  }
  // Bit 5 of the first byte set: ancillary, which a decoder may skip.
  return (b[at]! & 0x20) !== 0;
}

/**
 * Where a GIF's blocks end: walked from after the logical screen (and its colour table), each
 * extension and image (descriptor, local colour table, code size) followed by its data
 * sub-blocks up to a zero-length one, it is whole when its trailer is the data's last byte after
 * at least one image. Each image must lie inside the logical screen, open its data with an LZW
 * minimum code size of 2 to 8 (GIF89a's appendix F), and have data: a decoder refuses anything
 * else. One step per sub-block (at most 256 bytes), so linear.
 */
function readGifEnd(b: Uint8Array): ImageReading | typeof WHOLE_STREAM {
  const screenWidth = b[6]! | (b[7]! << 8);
  const screenHeight = b[8]! | (b[9]! << 8);
  let at = 13 + colourTableBytes(b[10]!);
  let image = false;
  for (;;) {
    if (at >= b.length) return TRUNCATED;
    const introducer = b[at]!;
    if (introducer === GIF_TRAILER) return at === b.length - 1 && image ? WHOLE_STREAM : MALFORMED;
    let imageData = false;
    if (introducer === GIF_EXTENSION) {
      at += 2;
    } else if (introducer === GIF_IMAGE) {
      if (at + 10 > b.length) return TRUNCATED;
      const left = b[at + 1]! | (b[at + 2]! << 8);
      const top = b[at + 3]! | (b[at + 4]! << 8);
      const width = b[at + 5]! | (b[at + 6]! << 8);
      const height = b[at + 7]! | (b[at + 8]! << 8);
      if (width < 1 || height < 1 || left + width > screenWidth || top + height > screenHeight) return MALFORMED;
      at += 10 + colourTableBytes(b[at + 9]!);
      if (at >= b.length) return TRUNCATED;
      const codeSize = b[at]!;
      if (codeSize < 2 || codeSize > 8) return MALFORMED;
      at += 1;
      imageData = true;
      image = true;
    } else {
      return MALFORMED;
    }
    let first = true;
    for (;;) {
      if (at >= b.length) return TRUNCATED;
      const size = b[at]!;
      // An image whose data is no sub-block at all has no pixels to draw.
      if (size === 0 && first && imageData) return MALFORMED;
      first = false;
      at += 1 + size;
      if (size === 0) break;
    }
  }
}

/** The bytes of the colour table a GIF's packed field announces (its top bit, and 2^(n+1) RGB entries). */
function colourTableBytes(packed: number): number {
  return packed & 0x80 ? 3 * (2 << (packed & 0x07)) : 0;
}

/**
 * The frame size of a JPEG from its SOF0–SOF2 segment (baseline, extended, progressive: the
 * frames providers decode), walking the marker segments from SOI to the first scan (SOS): each
 * segment must be followed by a marker, so the walk takes one step per segment and stops at the
 * first byte out of place. Whole when a quantisation table (DQT), an 8-bit frame of 1 to 4
 * components and then a scan of 1 to 4 components came before the entropy-coded data; a
 * decoder can draw nothing without each. More than {@link JPEG_MAX_FILL} fill bytes (0xFF)
 * before a marker are refused rather than walked: no encoder writes a run of them.
 */
function readJpegFrame(b: Uint8Array): ImageReading {
  let at = 2;
  let tables = false;
  let frame: ImageReading | undefined;
  for (;;) {
    if (at >= b.length) return TRUNCATED;
    if (b[at] !== 0xff) return MALFORMED;
    const markerAt = at;
    while (at < b.length && b[at] === 0xff) {
      at += 1;
      if (at - markerAt > JPEG_MAX_FILL + 1) return MALFORMED;
    }
    if (at >= b.length) return TRUNCATED;
    const marker = b[at]!;
    at += 1;
    // TEM and RST0–7 stand alone, with no length.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xd8 || marker === 0xd9 || marker === 0x00) return MALFORMED;
    if (at + 2 > b.length) return TRUNCATED;
    const length = (b[at]! << 8) | b[at + 1]!;
    if (length < 2) return MALFORMED;
    // The whole segment, and at least EOI after it.
    if (at + length + 2 > b.length) return TRUNCATED;
    if (marker === 0xda) {
      const components = b[at + 2]!;
      if (frame === undefined || !tables || components < 1 || components > 4 || length !== 6 + 2 * components) return MALFORMED;
      return frame;
    }
    if (marker === 0xdb) tables = true;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      // Any other frame (lossless, hierarchical, arithmetic-coded) is one providers don't decode;
      // so is a second frame, or one of other than 8 bits a sample (SOF1's 12-bit form).
      if (marker > 0xc2 || frame !== undefined) return MALFORMED;
      const components = b[at + 7]!;
      if (b[at + 2] !== 8 || components < 1 || components > 4 || length !== 8 + 3 * components) return MALFORMED;
      frame = { kind: 'whole', height: (b[at + 3]! << 8) | b[at + 4]!, width: (b[at + 5]! << 8) | b[at + 6]! };
    }
    at += length;
  }
}

/** Fill bytes (0xFF) allowed before a JPEG marker: encoders write none or a few. */
const JPEG_MAX_FILL = 16;

/**
 * Whether a WebP's chunks hold a bitstream a decoder opens: walked chunk by chunk (each its
 * 8-byte header, its size, a pad byte where odd) to the RIFF's end, the first VP8, VP8L or ANMF
 * chunk must come, at once in the simple format or after VP8X (and the chunks the extended
 * format puts before it) in the extended one. A VP8L chunk must open with its signature byte
 * (0x2F), version 0, and be long enough for its header and the least of its prefix codes; a VP8
 * chunk with a key frame's tag and start code (9D 01 2A).
 */
function readWebpBitstream(b: Uint8Array): ImageReading | typeof WHOLE_STREAM {
  let at = 12;
  let first = true;
  while (at + 8 <= b.length) {
    const size = b[at + 4]! | (b[at + 5]! << 8) | (b[at + 6]! << 16) | (b[at + 7]! * 0x1000000);
    const data = at + 8;
    if (data + size > b.length) return TRUNCATED;
    if (startsWith(b, VP8L, at)) return size >= VP8L_MIN_BYTES && b[data] === 0x2f && b[data + 4]! >> 5 === 0 ? WHOLE_STREAM : MALFORMED;
    if (startsWith(b, VP8, at)) {
      // Frame tag: bit 0 clear for a key frame; then the start code.
      return size >= 10 && (b[data]! & 1) === 0 && startsWith(b, VP8_START_CODE, data + 3) ? WHOLE_STREAM : MALFORMED;
    }
    if (startsWith(b, ANMF, at)) return first ? MALFORMED : WHOLE_STREAM;
    if (first && !startsWith(b, VP8X, at)) return MALFORMED;
    first = false;
    at = data + size + (size % 2);
  }
  return MALFORMED;
}

/** VP8L's 5-byte header, then at least 3 flag bits and 5 one-symbol prefix codes of 4 bits: 8 bytes. */
const VP8L_MIN_BYTES = 8;
const VP8 = [0x56, 0x50, 0x38, 0x20] as const;
const VP8X = [0x56, 0x50, 0x38, 0x58] as const;
const ANMF = [0x41, 0x4e, 0x4d, 0x46] as const;
const VP8_START_CODE = [0x9d, 0x01, 0x2a] as const;

function startsWith(bytes: Uint8Array, prefix: readonly number[], offset: number): boolean {
  if (offset < 0 || offset + prefix.length > bytes.length) return false;
  for (let index = 0; index < prefix.length; index += 1) if (bytes[offset + index] !== prefix[index]) return false;
  return true;
}
