/**
 * PNG's chunk CRC, read two ways by length (a table under `NATIVE_CRC_MIN_BYTES`, `zlib.crc32`
 * from it): both give the CRC-32 of exactly the range asked for, wherever the bytes sit in
 * their buffer, and an image whose critical chunk is spoiled on either side of that length is
 * refused as it always was.
 */
import fc from 'fast-check';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Of, NATIVE_CRC_MIN_BYTES } from '../../src/blocks/chunk-crc.js';
import { checkImage, MCP_IMAGE_LIMITS } from '../../src/blocks/image-check.js';
import { itProp } from '../support/factories.js';
import { pngChunk, PNG_SIGNATURE } from '../support/images.js';

/** The CRC of a copy of the range: what `crc32Of` must give without copying. */
const crcOfCopy = (bytes: Uint8Array, from: number, to: number) => crc32(Buffer.from(bytes.slice(from, to)));

describe(crc32Of.name, () => {
  it('gives the check value of CRC-32 for "123456789" (0xCBF43926), and 0 for no bytes', () => {
    expect(crc32Of(Buffer.from('123456789', 'latin1'), 0, 9)).toBe(0xcbf43926);
    expect(crc32Of(Buffer.from('1234567890123456789', 'latin1'), 10, 19)).toBe(0xcbf43926);
    expect(crc32Of(new Uint8Array(4), 2, 2)).toBe(0);
  });

  itProp([fc.uint8Array({ minLength: 1, maxLength: 3 * NATIVE_CRC_MIN_BYTES, size: 'max' }), fc.nat(), fc.nat(), fc.nat({ max: 16 })], {
    seed: 26,
    numRuns: 3_000,
  })('gives the CRC of exactly the range, on both sides of the native length, in a view at any offset', (data, a, b, offset) => {
    // A view that starts `offset` bytes into its buffer, as a decoded image's scratch does.
    const backing = new Uint8Array(offset + data.length + 3).fill(0xa5);
    backing.set(data, offset);
    const view = backing.subarray(offset, offset + data.length);
    const from = a % (data.length + 1);
    const to = from + (b % (data.length - from + 1));
    expect(crc32Of(view, from, to)).toBe(crcOfCopy(view, from, to));
  });

  it('reads ranges of every length from 0 to past the native length alike', () => {
    const data = Uint8Array.from({ length: NATIVE_CRC_MIN_BYTES + 8 }, (_, index) => (index * 37 + 11) & 0xff);
    for (let length = 0; length <= data.length; length += 1) expect(crc32Of(data, 0, length)).toBe(crcOfCopy(data, 0, length));
  });
});

/** A 1×1 RGBA PNG whose image data is `idatBytes` long (a zlib header, then filler: the pixels aren't decoded). */
function pngWithImageData(idatBytes: number): Buffer {
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
  const data = Buffer.alloc(idatBytes, 0x5a);
  data[0] = 0x78;
  data[1] = 0x9c;
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', data), pngChunk('IEND', Buffer.alloc(0))]);
}

const reasonOf = (png: Buffer) => {
  const result = checkImage(png.toString('base64'), 'image/png', MCP_IMAGE_LIMITS);
  return result.ok ? 'ok' : result.reason;
};

/** A copy of `png` with bit 0 of the byte at `at` flipped. */
function flipped(png: Buffer, at: number): Buffer {
  const copy = Buffer.from(png);
  copy[at]! ^= 1;
  return copy;
}

describe('png > critical chunk CRCs, read by the table or natively', () => {
  /** IDAT lengths whose CRC range (type and data) falls just under, at and past the native length. */
  const lengths = [2, NATIVE_CRC_MIN_BYTES - 5, NATIVE_CRC_MIN_BYTES - 4, NATIVE_CRC_MIN_BYTES - 3, 4 * NATIVE_CRC_MIN_BYTES, 70_000];
  /** Where IDAT starts: signature, then IHDR's 25 bytes. */
  const IDAT_AT = 8 + 25;

  for (const length of lengths) {
    const png = pngWithImageData(length);
    const idatEnd = IDAT_AT + 12 + length;
    it(`IDAT of ${length} bytes > whole: goes`, () => expect(reasonOf(png)).toBe('ok'));
    it(`IDAT of ${length} bytes > a bit of its type, its data or its CRC flipped: refused as malformed`, () => {
      expect(reasonOf(flipped(png, IDAT_AT + 4 + 3))).toBe('image-malformed');
      expect(reasonOf(flipped(png, IDAT_AT + 8 + length - 1))).toBe('image-malformed');
      expect(reasonOf(flipped(png, idatEnd - 1))).toBe('image-malformed');
      expect(reasonOf(flipped(png, idatEnd - 4))).toBe('image-malformed');
    });
  }

  it("IHDR's and IEND's CRCs are checked: a bit flipped in either is refused", () => {
    const png = pngWithImageData(40);
    expect(reasonOf(flipped(png, 8 + 25 - 1))).toBe('image-malformed');
    expect(reasonOf(flipped(png, png.length - 1))).toBe('image-malformed');
    expect(reasonOf(flipped(png, png.length - 4))).toBe('image-malformed');
  });
});
