/**
 * Whole images of each native format, built by code at any size (never copied from `../shared`):
 * each is a stream a decoder reads to its end, with the smallest body its format allows, so a
 * test can ask for a 9000×300 image without megabytes of data. No vitest import, so the bench
 * builds its images here too.
 */
import { deflateSync } from 'node:zlib';

/** CRC-32 (ISO 3309, as PNG's chunks use it). */
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** One PNG chunk: length, type, data, CRC over type and data. */
export function pngChunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The PNG signature. */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A whole RGBA PNG of `width`×`height`: red where `noise` is 0, else seeded noise (about
 * incompressible, so a 256×200 one is about 200 KB).
 */
export function makePng(width: number, height: number, noise = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const row = 1 + width * 4;
  const raw = Buffer.alloc(row * height);
  let state = noise;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = y * row + 1 + x * 4;
      if (noise === 0) {
        raw[at] = 0xff;
        raw[at + 3] = 0xff;
      } else {
        // xorshift32: fast, seeded, and as good as random to deflate.
        for (let channel = 0; channel < 4; channel += 1) {
          state ^= state << 13;
          state ^= state >>> 17;
          state ^= state << 5;
          raw[at + channel] = state & 0xff;
        }
      }
    }
  }
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

/**
 * A whole GIF89a whose logical screen is `width`×`height`, holding one black 1×1 image at its
 * origin (an image smaller than its screen is a valid GIF).
 */
export function makeGif(width = 1, height = 1): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen[4] = 0x80; // a global colour table of 2 entries
  return Buffer.concat([
    Buffer.from('GIF89a', 'ascii'),
    screen,
    Buffer.from([0x00, 0x00, 0x00, 0xff, 0xff, 0xff]), // palette
    Buffer.from([0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]), // image descriptor, 1×1
    Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00]), // LZW minimum code size 2, one sub-block
    Buffer.from([0x3b]), // trailer
  ]);
}

/** One JPEG marker segment: FF, marker, a length counting itself, its body. */
function jpegSegment(marker: number, body: readonly number[]): number[] {
  const length = body.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...body];
}

/**
 * A whole baseline greyscale JPEG of `width`×`height`, every pixel mid-grey: one quantisation
 * table, DC and AC Huffman tables of one code each, and per 8×8 block the two one-bit codes
 * "DC difference 0" and "end of block". `app1` adds an APP1 segment of that many bytes before
 * the frame (as EXIF does).
 */
export function makeJpeg(width = 1, height = 1, app1 = 0): Buffer {
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const scan = Buffer.alloc(Math.ceil((blocks * 2) / 8));
  // The bits after the last block are padding, which JPEG fills with 1s.
  const usedBits = blocks * 2;
  if (usedBits % 8 !== 0) scan[scan.length - 1] = 0xff >> (usedBits % 8);
  const oneCodeTable = (tableClass: number) => [tableClass, 1, ...new Array<number>(15).fill(0), 0x00];
  return Buffer.from([
    0xff,
    0xd8,
    ...(app1 > 0 ? jpegSegment(0xe1, new Array<number>(app1).fill(0x20)) : []),
    ...jpegSegment(0xdb, [0x00, ...new Array<number>(64).fill(1)]),
    ...jpegSegment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...jpegSegment(0xc4, oneCodeTable(0x00)),
    ...jpegSegment(0xc4, oneCodeTable(0x10)),
    ...jpegSegment(0xda, [1, 1, 0x00, 0, 63, 0]),
    ...scan,
    0xff,
    0xd9,
  ]);
}

/** Writes bits least significant first, as VP8L reads them. */
class BitWriter {
  private readonly bytes: number[] = [];
  private bit = 0;

  write(value: number, count: number): void {
    for (let index = 0; index < count; index += 1) {
      if (this.bit % 8 === 0) this.bytes.push(0);
      if ((value >>> index) & 1) this.bytes[this.bytes.length - 1]! |= 1 << (this.bit % 8);
      this.bit += 1;
    }
  }

  done(): Buffer {
    return Buffer.from(this.bytes);
  }
}

/**
 * A VP8L (lossless) bitstream of `width`×`height` black pixels: no transform, no colour cache,
 * and five prefix codes of one symbol each, so every pixel takes no bits at all.
 */
function vp8l(width: number, height: number): Buffer {
  const bits = new BitWriter();
  bits.write(0x2f, 8); // signature
  bits.write(width - 1, 14);
  bits.write(height - 1, 14);
  bits.write(0, 1); // alpha unused
  bits.write(0, 3); // version 0
  bits.write(0, 1); // no transform
  bits.write(0, 1); // no colour cache
  bits.write(0, 1); // no meta prefix codes
  for (let code = 0; code < 5; code += 1) {
    bits.write(1, 1); // simple code
    bits.write(0, 1); // one symbol
    bits.write(0, 1); // a 1-bit symbol
    bits.write(0, 1); // symbol 0
  }
  return bits.done();
}

/** A RIFF chunk: its four-letter id, its size, its data, a pad byte where the size is odd. */
function riffChunk(id: string, data: Buffer): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt32LE(data.length);
  return Buffer.concat([Buffer.from(id, 'ascii'), size, data, data.length % 2 === 1 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/** A WebP file around its chunks: `RIFF`, the size of all after it, `WEBP`. */
function webpFile(chunks: readonly Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from('WEBP', 'ascii'), ...chunks]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF', 'ascii'), size, body]);
}

/** A whole lossless WebP (simple format: one VP8L chunk) of `width`×`height`, at most 16384 a side. */
export function makeWebp(width = 1, height = 1): Buffer {
  return webpFile([riffChunk('VP8L', vp8l(width, height))]);
}

/** A whole extended WebP: a VP8X chunk naming the canvas, then the VP8L image of the same size. */
export function makeWebpExtended(width = 1, height = 1): Buffer {
  const header = Buffer.alloc(10);
  header.writeUIntLE(width - 1, 4, 3);
  header.writeUIntLE(height - 1, 7, 3);
  return webpFile([riffChunk('VP8X', header), riffChunk('VP8L', vp8l(width, height))]);
}

/**
 * A lossy WebP's container and VP8 key-frame header (frame tag, start code, 14-bit dimensions)
 * with a zeroed first partition after it: whole as a container, for reading its dimensions,
 * though no decoder would draw it.
 */
export function makeWebpLossyHeader(width: number, height: number): Buffer {
  const frame = Buffer.alloc(30);
  const partition = frame.length - 10;
  frame[0] = (partition << 5) & 0xff; // key frame, version 0, shown: bit 4
  frame[0] |= 0x10;
  frame[1] = (partition >> 3) & 0xff;
  frame[2] = (partition >> 11) & 0xff;
  frame.set([0x9d, 0x01, 0x2a], 3);
  frame.writeUInt16LE(width, 6);
  frame.writeUInt16LE(height, 8);
  return webpFile([riffChunk('VP8 ', frame)]);
}
