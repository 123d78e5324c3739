/**
 * What a provider's decoder refuses before drawing a pixel, refused here too (review of issue
 * 13): a provider refuses the whole request for one image it can't decode, so each case below
 * passed the end checks yet would have cost the turn. Every image is made by code.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkImage, MCP_IMAGE_LIMITS } from '../../src/blocks/image-check.js';
import { makeGif, makeJpeg, makePng, makeWebp, makeWebpExtended, makeWebpLossyHeader, pngChunk, PNG_SIGNATURE } from '../support/images.js';

const reasonOf = (bytes: Uint8Array, mimeType: string) => {
  const result = checkImage(Buffer.from(bytes).toString('base64'), mimeType, MCP_IMAGE_LIMITS);
  return result.ok ? 'ok' : result.reason;
};

/** A PNG's chunks from its bytes: type and data, CRCs dropped (rebuilt by {@link pngOf}). */
function chunksOf(png: Buffer): [string, Buffer][] {
  const chunks: [string, Buffer][] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    chunks.push([png.toString('latin1', at + 4, at + 8), png.subarray(at + 8, at + 8 + length)]);
    at += 12 + length;
  }
  return chunks;
}

/** A PNG of `chunks`, each with its CRC made right. */
const pngOf = (chunks: readonly [string, Buffer][]) => Buffer.concat([PNG_SIGNATURE, ...chunks.map(([type, data]) => pngChunk(type, data))]);

/** A 1×1 PNG whose chunks are `edit`ed before it is put back together. */
function editedPng(edit: (chunks: [string, Buffer][]) => void): Buffer {
  const chunks = chunksOf(makePng(1, 1));
  edit(chunks);
  return pngOf(chunks);
}

/** A whole 1×1 palette PNG (colour type 3, 8 bits), with or without its PLTE chunk. */
function palettePng(withPalette: boolean): Buffer {
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 3, 0, 0, 0]);
  const chunks: [string, Buffer][] = [['IHDR', header]];
  if (withPalette) chunks.push(['PLTE', Buffer.from([0xff, 0, 0])]);
  chunks.push(['IDAT', deflateSync(Buffer.from([0, 0]))], ['IEND', Buffer.alloc(0)]);
  return pngOf(chunks);
}

describe('png > what a decoder refuses', () => {
  it('a whole palette PNG goes; one without its palette is refused', () => {
    expect(reasonOf(palettePng(true), 'image/png')).toBe('ok');
    expect(reasonOf(palettePng(false), 'image/png')).toBe('image-malformed');
  });

  it("an ancillary chunk whose CRC is wrong goes (libpng's default drops it; the MCP reference server's sample image has one)", () => {
    const png = editedPng((chunks) => chunks.splice(1, 0, ['tEXt', Buffer.from('a\0b')]));
    png[8 + 25 + 8 + 3]! ^= 1;
    expect(reasonOf(png, 'image/png')).toBe('ok');
  });

  it("an ancillary chunk of any name goes (APNG's acTL, a made-up one)", () => {
    const png = editedPng((chunks) => chunks.splice(1, 0, ['acTL', Buffer.alloc(8)], ['zzZz', Buffer.alloc(3)]));
    expect(reasonOf(png, 'image/png')).toBe('ok');
  });

  it.each([
    [
      'an IDAT whose CRC is wrong',
      (() => {
        const png = makePng(2, 2);
        png[png.length - 13]! ^= 1;
        return png;
      })(),
    ],
    [
      'IHDR of 12 bytes',
      editedPng((chunks) => {
        chunks[0]![1] = chunks[0]![1].subarray(0, 12);
      }),
    ],
    [
      'IHDR bit depth 3',
      editedPng((chunks) => {
        chunks[0]![1] = Buffer.from(chunks[0]![1]);
        chunks[0]![1][8] = 3;
      }),
    ],
    [
      'IHDR colour type 9',
      editedPng((chunks) => {
        chunks[0]![1] = Buffer.from(chunks[0]![1]);
        chunks[0]![1][9] = 9;
      }),
    ],
    [
      'IHDR bit depth 16 on a palette',
      editedPng((chunks) => {
        chunks[0]![1] = Buffer.from(chunks[0]![1]);
        chunks[0]![1][8] = 16;
        chunks[0]![1][9] = 3;
      }),
    ],
    [
      'IHDR interlace 2',
      editedPng((chunks) => {
        chunks[0]![1] = Buffer.from(chunks[0]![1]);
        chunks[0]![1][12] = 2;
      }),
    ],
    [
      'IDAT not zlib',
      editedPng((chunks) => {
        chunks[1]![1] = Buffer.from('garbage!garbage!');
      }),
    ],
    [
      'IDAT empty',
      editedPng((chunks) => {
        chunks[1]![1] = Buffer.alloc(0);
      }),
    ],
    [
      'IDAT with a preset dictionary',
      editedPng((chunks) => {
        chunks[1]![1] = Buffer.from([0x78, 0xbb, 0, 0, 0, 0]);
      }),
    ],
    ['an unknown critical chunk', editedPng((chunks) => chunks.splice(1, 0, ['ABCD', Buffer.alloc(4)]))],
    ['a second IHDR', editedPng((chunks) => chunks.splice(1, 0, chunks[0]!))],
    ['a chunk type that is not letters', editedPng((chunks) => chunks.splice(1, 0, ['a1cd', Buffer.alloc(4)]))],
  ])('%s', (_name, png) => {
    expect(reasonOf(png, 'image/png')).toBe('image-malformed');
  });

  it('an IDAT split after its first byte still has its zlib header read', () => {
    const png = editedPng((chunks) => {
      const data = chunks[1]![1];
      chunks.splice(1, 1, ['IDAT', data.subarray(0, 1)], ['IDAT', data.subarray(1)]);
    });
    expect(reasonOf(png, 'image/png')).toBe('ok');
  });
});

/** One JPEG segment: FF, marker, length, body. */
const segment = (marker: number, body: readonly number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
const DQT = segment(0xdb, [0, ...new Array<number>(64).fill(1)]);
const SOF0 = segment(0xc0, [8, 0, 1, 0, 1, 1, 1, 0x11, 0]);
const SOS = segment(0xda, [1, 1, 0, 0, 63, 0]);
const jpegOf = (...parts: number[][]) => Buffer.from([0xff, 0xd8, ...parts.flat(), 0x00, 0xff, 0xd9]);

describe('jpeg > what a decoder refuses', () => {
  it('a whole JPEG of the segments required goes, with a few fill bytes before a marker', () => {
    expect(reasonOf(jpegOf(DQT, SOF0, SOS), 'image/jpeg')).toBe('ok');
    expect(reasonOf(jpegOf(DQT, [0xff, 0xff], SOF0, SOS), 'image/jpeg')).toBe('ok');
  });

  it.each([
    ['SOF then EOI: no tables, no scan', Buffer.from([0xff, 0xd8, ...SOF0, 0xff, 0xd9])],
    ['SOF then garbage then EOI', Buffer.concat([Buffer.from([0xff, 0xd8, ...DQT, ...SOF0]), Buffer.alloc(1024, 0x41), Buffer.from([0xff, 0xd9])])],
    ['no DQT', jpegOf(SOF0, SOS)],
    ['a scan before the frame', jpegOf(DQT, SOS, SOF0)],
    ['a frame of 0 components', jpegOf(DQT, segment(0xc0, [8, 0, 1, 0, 1, 0]), SOS)],
    ['a frame of 5 components', jpegOf(DQT, segment(0xc0, [8, 0, 1, 0, 1, 5, ...new Array<number>(15).fill(0x11)]), SOS)],
    ['a 12-bit frame (SOF1)', jpegOf(DQT, segment(0xc1, [12, 0, 1, 0, 1, 1, 1, 0x11, 0]), SOS)],
    ['a frame whose length is not its components', jpegOf(DQT, segment(0xc0, [8, 0, 1, 0, 1, 1, 1, 0x11, 0, 0]), SOS)],
    ['two frames', jpegOf(DQT, SOF0, SOF0, SOS)],
    ['a scan of 0 components', jpegOf(DQT, SOF0, segment(0xda, [0, 0, 63, 0]))],
    ['17 fill bytes before a marker', jpegOf(DQT, new Array<number>(17).fill(0xff), SOF0, SOS)],
  ])('%s', (_name, jpeg) => {
    expect(reasonOf(jpeg, 'image/jpeg')).toBe('image-malformed');
  });

  it('50 MB of fill bytes are refused after 16, not walked', () => {
    const fill = Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.alloc(50 * 1024 * 1024, 0xff), Buffer.from([0xd9])]);
    expect(reasonOf(fill, 'image/jpeg')).toBe('image-malformed');
  });

  it('the test image goes', () => {
    expect(reasonOf(makeJpeg(9, 9), 'image/jpeg')).toBe('ok');
  });
});

/** A WebP of `chunks` (id and data; each padded to even). */
function webpOf(chunks: readonly [string, Buffer][]): Buffer {
  const body = Buffer.concat([
    Buffer.from('WEBP'),
    ...chunks.map(([id, data]) => {
      const size = Buffer.alloc(4);
      size.writeUInt32LE(data.length);
      return Buffer.concat([Buffer.from(id, 'latin1'), size, data, Buffer.alloc(data.length % 2)]);
    }),
  ]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF'), size, body]);
}

/** The VP8L chunk data of a whole lossless WebP, from the test builder. */
const VP8L_DATA = makeWebp(1, 1).subarray(20, 20 + makeWebp(1, 1).readUInt32LE(16));
const VP8X_DATA = makeWebpExtended(1, 1).subarray(20, 30);

describe('webp > what a decoder refuses', () => {
  it('an extended WebP with an ICC profile before its bitstream goes', () => {
    expect(
      reasonOf(
        webpOf([
          ['VP8X', VP8X_DATA],
          ['ICCP', Buffer.alloc(5)],
          ['VP8L', VP8L_DATA],
        ]),
        'image/webp',
      ),
    ).toBe('ok');
    expect(reasonOf(makeWebpLossyHeader(4, 4), 'image/webp')).toBe('ok');
  });

  const lossy = makeWebpLossyHeader(4, 4);
  const badStart = Buffer.from(lossy);
  badStart[20 + 3] = 0x00;
  const badSignature = Buffer.from(VP8L_DATA);
  badSignature[0] = 0x2e;
  const badVersion = Buffer.from(VP8L_DATA);
  badVersion[4]! |= 0x20;

  it.each([
    ['VP8X with no bitstream after it', webpOf([['VP8X', VP8X_DATA]])],
    [
      'VP8X then only metadata',
      webpOf([
        ['VP8X', VP8X_DATA],
        ['EXIF', Buffer.alloc(4)],
      ]),
    ],
    ['VP8L without its 0x2F signature', webpOf([['VP8L', badSignature]])],
    ['VP8L of version 1', webpOf([['VP8L', badVersion]])],
    ['VP8L of its header alone', webpOf([['VP8L', VP8L_DATA.subarray(0, 5)]])],
    ['VP8 without its start code', badStart],
    [
      'a first chunk that is no image',
      webpOf([
        ['EXIF', Buffer.alloc(4)],
        ['VP8L', VP8L_DATA],
      ]),
    ],
  ])('%s', (_name, webp) => {
    expect(reasonOf(webp, 'image/webp')).toBe('image-malformed');
  });
});

/** A GIF89a of a `screen` logical screen holding one image descriptor's worth of `image` bytes. */
function gifOf(screen: [number, number], image: readonly number[]): Buffer {
  const header = Buffer.alloc(13);
  header.write('GIF89a', 'latin1');
  header.writeUInt16LE(screen[0], 6);
  header.writeUInt16LE(screen[1], 8);
  return Buffer.concat([header, Buffer.from(image), Buffer.from([0x3b])]);
}
const descriptor = (left: number, top: number, width: number, height: number) => [0x2c, left, 0, top, 0, width, 0, height, 0, 0];

describe('gif > what a decoder refuses', () => {
  it('a frame that fills its screen to the edge goes', () => {
    expect(reasonOf(gifOf([4, 4], [...descriptor(2, 2, 2, 2), 2, 2, 0x4c, 0x01, 0]), 'image/gif')).toBe('ok');
    expect(reasonOf(makeGif(3, 3), 'image/gif')).toBe('ok');
  });

  it.each([
    ['a frame past the screen', gifOf([1, 1], [...descriptor(0, 0, 2, 1), 2, 2, 0x4c, 0x01, 0])],
    ['a frame placed past the screen', gifOf([4, 4], [...descriptor(3, 0, 2, 2), 2, 2, 0x4c, 0x01, 0])],
    ['a frame of 65535×65535 in a 1×1 screen', gifOf([1, 1], [0x2c, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0, 2, 2, 0x4c, 0x01, 0])],
    ['LZW minimum code size 1', gifOf([1, 1], [...descriptor(0, 0, 1, 1), 1, 2, 0x4c, 0x01, 0])],
    ['LZW minimum code size 12', gifOf([1, 1], [...descriptor(0, 0, 1, 1), 12, 2, 0x4c, 0x01, 0])],
    ['an image with no data', gifOf([1, 1], [...descriptor(0, 0, 1, 1), 2, 0])],
  ])('%s', (_name, gif) => {
    expect(reasonOf(gif, 'image/gif')).toBe('image-malformed');
  });
});
