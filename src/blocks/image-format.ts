/**
 * Whether decoded bytes are a whole image of their declared format, and its size in pixels. A
 * provider refuses the whole request for one image it can't decode, so an image goes natively
 * only when its signature is its type's, its header gives its dimensions, and its stream ends
 * where its format says it ends.
 *
 * The dimensions of PNG (IHDR), GIF (logical screen) and WebP (VP8, VP8L, VP8X) are read by
 * `image-size`. It reads a header only, never where a stream ends, so the end checks are ours:
 * PNG's chunks walked to IEND, GIF's blocks walked to its trailer (a last byte of 0x3B alone is
 * one cut in 256), WebP's RIFF size against the data's length, JPEG's EOI. Each walk steps over
 * whole chunks or sub-blocks by their lengths, never byte by byte, and checks no CRC.
 * JPEG's size is ours too: `image-size` 2.1.0 walks JPEG segments by stepping one byte at a time
 * over any byte that isn't a marker, with a new `DataView` and subarray per byte (~0.1–0.4 µs a
 * byte: a 1 MB JPEG of zeros takes 100–400 ms), so a hostile JPEG's cost would not be linear
 * with a small constant; a strict segment walk is a few lines and refuses such data at once.
 */
import { imageSize } from 'image-size';
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
      return end === WHOLE_STREAM ? measured(b, 8 + 25, 'png') : end;
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
      return measured(b, headerBytes, 'webp');
    },
  },
};

const GIF_OPENING = [0x47, 0x49, 0x46, 0x38] as const;
const RIFF = [0x52, 0x49, 0x46, 0x46] as const;
const WEBP = [0x57, 0x45, 0x42, 0x50] as const;

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
function measured(bytes: Uint8Array, headerBytes: number, type: 'png' | 'gif' | 'webp'): ImageReading {
  const size = imageSize(bytes.slice(0, headerBytes));
  if (size.type !== type) return MALFORMED;
  return { kind: 'whole', width: size.width, height: size.height };
}

/** A reading whose image has no pixels is no image. */
function sized(reading: ImageReading): ImageReading {
  return reading.kind === 'whole' && (!(reading.width > 0) || !(reading.height > 0)) ? MALFORMED : reading;
}

/**
 * Where a PNG's chunks end: walked chunk by chunk (each its length plus 12 bytes) from the
 * signature, it is whole when an IEND chunk ends exactly at the data's end after at least one
 * IDAT. A chunk past the data is a cut; bytes after IEND, or no image data, are malformed.
 * CRCs aren't checked: a cut shows in the lengths, and a CRC would cost a pass over the data.
 */
function readPngEnd(b: Uint8Array): ImageReading | typeof WHOLE_STREAM {
  let at = 8;
  let imageData = false;
  for (;;) {
    if (at + 12 > b.length) return TRUNCATED;
    const length = b[at]! * 0x1000000 + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);
    // PNG bounds a chunk's length at 2^31 - 1.
    if (length > 0x7fffffff) return MALFORMED;
    const end = at + 12 + length;
    if (end > b.length) return TRUNCATED;
    if (startsWith(b, PNG_IEND, at + 4)) return end === b.length && imageData ? WHOLE_STREAM : MALFORMED;
    imageData ||= startsWith(b, PNG_IDAT, at + 4);
    at = end;
  }
}

/**
 * Where a GIF's blocks end: walked from after the logical screen (and its colour table), each
 * extension and image (descriptor, local colour table, code size) followed by its data
 * sub-blocks up to a zero-length one, it is whole when its trailer is the data's last byte after
 * at least one image. One step per sub-block (at most 256 bytes), so linear.
 */
function readGifEnd(b: Uint8Array): ImageReading | typeof WHOLE_STREAM {
  let at = 13 + colourTableBytes(b[10]!);
  let image = false;
  for (;;) {
    if (at >= b.length) return TRUNCATED;
    const introducer = b[at]!;
    if (introducer === GIF_TRAILER) return at === b.length - 1 && image ? WHOLE_STREAM : MALFORMED;
    if (introducer === GIF_EXTENSION) {
      at += 2;
    } else if (introducer === GIF_IMAGE) {
      if (at + 10 > b.length) return TRUNCATED;
      at += 10 + colourTableBytes(b[at + 9]!) + 1;
      image = true;
    } else {
      return MALFORMED;
    }
    for (;;) {
      if (at >= b.length) return TRUNCATED;
      const size = b[at]!;
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
 * frames providers decode), walking the marker segments from SOI: each segment must be followed
 * by a marker (0xFF, fill bytes allowed), so the walk takes one step per segment and stops at the
 * first byte out of place. A frame before the scan (SOS) or never: malformed.
 */
function readJpegFrame(b: Uint8Array): ImageReading {
  let at = 2;
  for (;;) {
    if (at >= b.length) return TRUNCATED;
    if (b[at] !== 0xff) return MALFORMED;
    while (at < b.length && b[at] === 0xff) at += 1;
    if (at >= b.length) return TRUNCATED;
    const marker = b[at]!;
    at += 1;
    // TEM and RST0–7 stand alone, with no length.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda || marker === 0x00) return MALFORMED;
    if (at + 2 > b.length) return TRUNCATED;
    const length = (b[at]! << 8) | b[at + 1]!;
    if (length < 2) return MALFORMED;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      // Any other frame (lossless, hierarchical, arithmetic-coded) is one providers don't decode.
      if (marker > 0xc2) return MALFORMED;
      // The whole frame header, and at least EOI after it.
      if (length < 8) return MALFORMED;
      if (at + length + 2 > b.length) return TRUNCATED;
      return { kind: 'whole', height: (b[at + 3]! << 8) | b[at + 4]!, width: (b[at + 5]! << 8) | b[at + 6]! };
    }
    at += length;
  }
}

function startsWith(bytes: Uint8Array, prefix: readonly number[], offset: number): boolean {
  if (offset < 0 || offset + prefix.length > bytes.length) return false;
  for (let index = 0; index < prefix.length; index += 1) if (bytes[offset + index] !== prefix[index]) return false;
  return true;
}
