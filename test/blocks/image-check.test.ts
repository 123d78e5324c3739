/**
 * Whether an image can go to a provider natively (issues 3 and 13): a type the provider takes,
 * a size within its limit and the result's budget (read before decoding), strict base64, and a
 * whole image of its declared type (dimensions from its header, its stream's end present)
 * within the provider's dimensions.
 */
import { PROVIDER_PROFILES } from '../../src/providers/profiles.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkImage, MCP_IMAGE_LIMITS, NATIVE_IMAGE_TYPES, type ImageLimits } from '../../src/blocks/image-check.js';
import { createHost, DEFAULT_MAX_IMAGE_BYTES } from '../../src/host.js';
import type { HostCore } from '../../src/lanes/host-core.js';
import { renderToolResult } from '../../src/lanes/tool-result.js';
import { createAddressBook } from '../../src/references/addresses.js';
import { createRegistry } from '../../src/references/registry.js';
import { imageDimensionsMarker, imageTruncatedMarker } from '../../src/text/markers.js';
import { GIF_BASE64, JPEG_BASE64, PNG_BASE64, PNG_BYTES, WAV_BASE64, WEBP_BASE64 } from '../support/factories.js';
import { makeGif, makeJpeg, makePng, makeWebp, makeWebpExtended, makeWebpLossyHeader, pngChunk, PNG_SIGNATURE } from '../support/images.js';

const bytesOf = (base64: string) => Buffer.from(base64, 'base64').length;
const b64 = (bytes: Uint8Array | number[]) => Buffer.from(bytes).toString('base64');
const check = (bytes: Uint8Array, mimeType: string, limits: ImageLimits = MCP_IMAGE_LIMITS) => checkImage(b64(bytes), mimeType, limits);
const reasonOf = (bytes: Uint8Array, mimeType: string, limits?: ImageLimits) => {
  const result = check(bytes, mimeType, limits);
  return result.ok ? 'ok' : result.reason;
};

/** A 1×1 PNG whose IHDR says `width`×`height` (its CRC made right), for a header no encoder writes. */
function pngWithHeader(width: number, height: number, ihdrType = 'IHDR'): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([PNG_SIGNATURE, pngChunk(ihdrType, header), PNG_BYTES.subarray(33)]);
}

/** A GIF cut inside its image's data sub-block right after a 0x3B byte: its last byte reads as a trailer. */
function gifCutAtTrailerByte(): Buffer {
  const gif = makeGif(2, 2);
  // Header, screen, 2-colour table (19 bytes), descriptor (10), code size, sub-block length 2, then data.
  const data = Buffer.concat([gif.subarray(0, 30), Buffer.from([0x04, 0x11, 0x3b, 0x22, 0x33, 0x00, 0x3b])]);
  return data.subarray(0, 33);
}

/** One whole image per format and header variant, with the size it was made at. */
const WHOLE: [string, { bytes: Buffer; mimeType: string; width: number; height: number }][] = [
  ['png', { bytes: makePng(3, 2), mimeType: 'image/png', width: 3, height: 2 }],
  ['jpeg > SOF0', { bytes: makeJpeg(17, 9), mimeType: 'image/jpeg', width: 17, height: 9 }],
  ['jpeg > SOF0 after an APP1 of 300 bytes', { bytes: makeJpeg(5, 7, 300), mimeType: 'image/jpeg', width: 5, height: 7 }],
  ['gif89a > logical screen', { bytes: makeGif(5, 4), mimeType: 'image/gif', width: 5, height: 4 }],
  ['gif87a > logical screen', { bytes: Buffer.concat([Buffer.from('GIF87a'), makeGif(6, 2).subarray(6)]), mimeType: 'image/gif', width: 6, height: 2 }],
  ['webp > VP8L', { bytes: makeWebp(3, 5), mimeType: 'image/webp', width: 3, height: 5 }],
  ['webp > VP8X', { bytes: makeWebpExtended(300, 20), mimeType: 'image/webp', width: 300, height: 20 }],
  ['webp > VP8 (lossy frame header)', { bytes: makeWebpLossyHeader(640, 480), mimeType: 'image/webp', width: 640, height: 480 }],
];

describe(checkImage.name, () => {
  it('takes exactly PNG, JPEG, GIF and WebP under MCP', () => {
    expect([...NATIVE_IMAGE_TYPES].sort()).toEqual(['image/gif', 'image/jpeg', 'image/png', 'image/webp']);
    expect(MCP_IMAGE_LIMITS.types).toBe(NATIVE_IMAGE_TYPES);
  });

  it.each(WHOLE)('a whole image goes, with the dimensions its header gives > %s', (_name, { bytes, mimeType, width, height }) => {
    expect(check(bytes, mimeType)).toEqual({ ok: true, bytes: bytes.length, mimeType, width, height });
  });

  it.each([
    ['png', PNG_BASE64, 'image/png'],
    ['jpeg', JPEG_BASE64, 'image/jpeg'],
    ['gif', GIF_BASE64, 'image/gif'],
    ['webp', WEBP_BASE64, 'image/webp'],
    ['jpg alias', JPEG_BASE64, 'image/jpg'],
    ['upper case', PNG_BASE64, 'Image/PNG'],
    ['parameters', PNG_BASE64, 'image/png; name=a.png'],
  ])('the fixtures are whole images of their type > %s', (_name, data, mimeType) => {
    expect(checkImage(data, mimeType, MCP_IMAGE_LIMITS)).toMatchObject({ ok: true, bytes: bytesOf(data), width: 1, height: 1 });
  });

  describe('truncated', () => {
    it.each(WHOLE)('every cut of a whole image is refused > %s', (_name, { bytes, mimeType }) => {
      for (let length = 0; length < bytes.length; length += 1) {
        expect({ length, ok: check(bytes.subarray(0, length), mimeType).ok }).toEqual({ length, ok: false });
      }
    });

    it.each([
      ['gif > a 6-byte GIF89a', Buffer.from('GIF89a'), 'image/gif'],
      ['gif > header and screen, no trailer', makeGif(4, 4).subarray(0, 13), 'image/gif'],
      ['gif > all but the trailer', makeGif(4, 4).subarray(0, -1), 'image/gif'],
      ['png > the 8-byte signature', PNG_SIGNATURE, 'image/png'],
      ['png > cut before IEND', PNG_BYTES.subarray(0, -12), 'image/png'],
      ['png > IEND cut by a byte', PNG_BYTES.subarray(0, -1), 'image/png'],
      ['gif > cut inside its image data, at a byte that reads as the trailer', gifCutAtTrailerByte(), 'image/gif'],
      ['jpeg > without EOI', makeJpeg(8, 8).subarray(0, -2), 'image/jpeg'],
      ['jpeg > SOI and a marker only', Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg'],
      ['jpeg > cut inside the APP1 segment', makeJpeg(8, 8, 300).subarray(0, 100), 'image/jpeg'],
      ['webp > RIFF size past the data', makeWebp(2, 2).subarray(0, -2), 'image/webp'],
      ['webp > container header only', makeWebp(2, 2).subarray(0, 16), 'image/webp'],
    ])('%s', (_name, bytes, mimeType) => {
      expect(reasonOf(bytes, mimeType)).toBe('image-truncated');
    });
  });

  describe('malformed', () => {
    const jpeg = makeJpeg(8, 8);
    const progressive = Buffer.from(jpeg);
    progressive[progressive.indexOf(Buffer.from([0xff, 0xc0])) + 1] = 0xc2;
    const lossless = Buffer.from(jpeg);
    lossless[lossless.indexOf(Buffer.from([0xff, 0xc0])) + 1] = 0xc3;
    // After SOI and the 69-byte DQT segment, where the frame's marker should follow.
    const junkBeforeFrame = Buffer.concat([jpeg.subarray(0, 71), Buffer.alloc(64), jpeg.subarray(71)]);

    it('jpeg > a progressive frame (SOF2) is one providers take', () => {
      expect(reasonOf(progressive, 'image/jpeg')).toBe('ok');
    });

    it.each([
      ['png > zero width', pngWithHeader(0, 5), 'image/png'],
      ['png > zero height', pngWithHeader(5, 0), 'image/png'],
      ["png > Apple's CgBI chunk first", pngWithHeader(1, 1, 'CgBI'), 'image/png'],
      ['gif > zero-sized screen', makeGif(0, 0), 'image/gif'],
      ['gif > data past the trailer', Buffer.concat([makeGif(2, 2), Buffer.from([0x00])]), 'image/gif'],
      ['gif > no image before the trailer', Buffer.concat([makeGif(2, 2).subarray(0, 19), Buffer.from([0x3b])]), 'image/gif'],
      ['gif > an unknown block', Buffer.concat([makeGif(2, 2).subarray(0, 19), Buffer.from([0x99, 0x3b])]), 'image/gif'],
      ['png > data past IEND', Buffer.concat([PNG_BYTES, Buffer.alloc(4)]), 'image/png'],
      ['png > no IDAT', Buffer.concat([PNG_BYTES.subarray(0, 33), PNG_BYTES.subarray(-12)]), 'image/png'],
      ['jpeg > a lossless frame (SOF3)', lossless, 'image/jpeg'],
      ['jpeg > bytes where a marker should be', junkBeforeFrame, 'image/jpeg'],
      ['jpeg > a scan before any frame', Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9]), 'image/jpeg'],
      ['jpeg > EOI before any frame', Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg'],
      ['webp > data past the RIFF size', Buffer.concat([makeWebp(2, 2), Buffer.alloc(2)]), 'image/webp'],
      [
        'webp > a chunk image-size does not read as a frame',
        Buffer.concat([makeWebpExtended(2, 2).subarray(0, 12), Buffer.from('ALPH'), makeWebpExtended(2, 2).subarray(16)]),
        'image/webp',
      ],
    ])('%s', (_name, bytes, mimeType) => {
      expect(reasonOf(bytes, mimeType)).toBe('image-malformed');
    });

    it('jpeg > a megabyte of zeros after SOI is refused at its first byte, in one step', () => {
      const zeros = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00]), Buffer.alloc(1024 * 1024), Buffer.from([0xff, 0xd9])]);
      expect(reasonOf(zeros, 'image/jpeg')).toBe('image-malformed');
    });
  });

  describe('past the provider dimensions', () => {
    it.each([
      ['png', makePng(9000, 3), 'image/png', 9000, 3],
      ['jpeg', makeJpeg(300, 9000), 'image/jpeg', 300, 9000],
      ['gif', makeGif(8001, 2), 'image/gif', 8001, 2],
      ['webp > VP8L', makeWebp(2, 8001), 'image/webp', 2, 8001],
      ['webp > VP8X', makeWebpExtended(9000, 1), 'image/webp', 9000, 1],
    ])('longer side past maxDimension > %s', (_name, bytes, mimeType, width, height) => {
      const limits: ImageLimits = { types: NATIVE_IMAGE_TYPES, maxDimension: 8000 };
      expect(check(bytes, mimeType, limits)).toEqual({ ok: false, reason: 'image-dimensions', bytes: bytes.length, width, height });
    });

    it('a side exactly at maxDimension goes', () => {
      expect(check(makePng(8000, 1), 'image/png', { types: NATIVE_IMAGE_TYPES, maxDimension: 8000 }).ok).toBe(true);
    });

    it.each([
      ['one pixel past', 1001, 1000, 'image-pixels'],
      ['exactly at the limit', 1000, 1000, 'ok'],
    ])('width × height against maxPixels > %s', (_name, width, height, want) => {
      expect(reasonOf(makeGif(width, height), 'image/gif', { types: NATIVE_IMAGE_TYPES, maxPixels: 1_000_000 })).toBe(want);
    });

    it("under MCP, only blockwise's bomb guard: 32,768 px a side and 100 million pixels", () => {
      expect(check(makeWebpExtended(32_768, 3000), 'image/webp')).toMatchObject({ ok: true, width: 32_768, height: 3000 });
      expect(check(makeWebpExtended(32_769, 1), 'image/webp')).toMatchObject({ ok: false, reason: 'image-dimensions' });
      expect(check(makeWebpExtended(10_000, 10_000), 'image/webp')).toMatchObject({ ok: true });
      expect(check(makeWebpExtended(10_000, 10_001), 'image/webp')).toMatchObject({ ok: false, reason: 'image-pixels' });
      expect(check(makeWebpExtended(100_000, 100_000), 'image/webp')).toMatchObject({ ok: false, reason: 'image-dimensions' });
    });
  });

  it.each([
    ['png declared > jpeg bytes', JPEG_BASE64, 'image/png', 'image-mismatch'],
    ['jpeg declared > png bytes', PNG_BASE64, 'image/jpeg', 'image-mismatch'],
    ['gif declared > GIF88a (no such version)', b64(Buffer.from('GIF88a\u0001\u0000', 'latin1')), 'image/gif', 'image-mismatch'],
    ['gif declared > GIF89b', b64(Buffer.from('GIF89b\u0001\u0000', 'latin1')), 'image/gif', 'image-mismatch'],
    ['webp declared > RIFF WAVE (audio in the same container)', WAV_BASE64, 'image/webp', 'image-mismatch'],
    ['png declared > signature one byte off', b64([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b]), 'image/png', 'image-mismatch'],
    ['png declared > signature cut short', b64([0x89, 0x50, 0x4e]), 'image/png', 'image-mismatch'],
    ['jpeg declared > FF D8 then not FF', b64([0xff, 0xd8, 0x00]), 'image/jpeg', 'image-mismatch'],
    ['svg > unsupported', PNG_BASE64, 'image/svg+xml', 'image-unsupported-type'],
    ['bmp > unsupported', PNG_BASE64, 'image/bmp', 'image-unsupported-type'],
    ['no type > unsupported', PNG_BASE64, '', 'image-unsupported-type'],
  ])('turns away the rest > %s', (_name, data, mimeType, reason) => {
    expect(checkImage(data, mimeType, MCP_IMAGE_LIMITS)).toMatchObject({ ok: false, reason });
  });

  it('one of the four formats the profile leaves out is not taken, though the image is whole; any other type is unsupported', () => {
    expect(checkImage(GIF_BASE64, 'image/gif', { types: ['image/png', 'image/jpeg'] })).toMatchObject({ ok: false, reason: 'image-type-not-taken' });
    expect(checkImage(GIF_BASE64, 'image/bmp', { types: ['image/png', 'image/jpeg'] })).toMatchObject({ ok: false, reason: 'image-unsupported-type' });
  });

  describe('bad base64', () => {
    const inside = (char: string) => `${PNG_BASE64.slice(0, 20)}${char}${PNG_BASE64.slice(21)}`;
    it.each([
      ['not base64 at all', '%%%%'],
      [
        'base64url alphabet',
        PNG_BASE64.replaceAll('+', '-')
          .replaceAll('/', '_')
          .replace(/^(.{10})./, '$1-'),
      ],
      ['unpadded length', PNG_BASE64.replace(/=+$/, '')],
      ['length not a multiple of 4', `${PNG_BASE64}AAAA`.slice(0, -1)],
      ['three pads', 'QUI===' + 'A'.repeat(2)],
      ['only pads', '===='],
      ['a pad inside the data', inside('=')],
      ['a space inside', inside(' ')],
      ['a line break inside (MIME wrapping)', `${PNG_BASE64.slice(0, 40)}\n${PNG_BASE64.slice(40, -1)}`],
      ['a dot inside', inside('.')],
      ['a character past U+00FF whose low byte is a base64 letter (U+0141)', inside('\u0141')],
      ['a Latin-1 letter', inside('\u00c1')],
      ['empty', ''],
    ])('%s', (_name, data) => {
      expect(checkImage(data, 'image/png', MCP_IMAGE_LIMITS)).toMatchObject({ ok: false, reason: 'image-undecodable' });
    });
  });

  describe('size, read before decoding', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });
    // Node decodes base64 through Buffer#write and counts it with Buffer.byteLength: neither is
    // called for an image refused by its size.
    const spies = () => [vi.spyOn(Buffer.prototype, 'write'), vi.spyOn(Buffer, 'byteLength')];

    it.each([
      ['past limits.maxBytes', { types: NATIVE_IMAGE_TYPES, maxBytes: PNG_BYTES.length - 1 }, Number.POSITIVE_INFINITY, 'image-too-large'],
      ["past the result's budget", MCP_IMAGE_LIMITS, PNG_BYTES.length - 1, 'image-budget'],
    ] as const)('%s > refused by its base64 length, never decoded', (_name, limits, bytesLeft, reason) => {
      const calls = spies();
      expect(checkImage(PNG_BASE64, 'image/png', limits, bytesLeft)).toEqual({ ok: false, reason, bytes: PNG_BYTES.length });
      // Not even checked as base64: data that isn't any is refused by its size alike.
      expect(checkImage('%'.repeat(PNG_BASE64.length), 'image/png', limits, bytesLeft)).toMatchObject({ ok: false, reason });
      for (const spy of calls) expect(spy).not.toHaveBeenCalled();
    });

    it('at the limit and the budget exactly, it is decoded (once) and goes', () => {
      const [write] = spies();
      expect(checkImage(PNG_BASE64, 'image/png', { types: NATIVE_IMAGE_TYPES, maxBytes: PNG_BYTES.length }, PNG_BYTES.length).ok).toBe(true);
      expect(write).toHaveBeenCalledTimes(1);
    });
  });
});

/** The tool-result lane under a host core whose image limits are `imageLimits`, as a provider profile sets them. */
function renderUnder(imageLimits: ImageLimits, result: unknown) {
  const core: HostCore = {
    cap: 24_000,
    maxImageBytes: DEFAULT_MAX_IMAGE_BYTES,
    imageLimits,
    provider: PROVIDER_PROFILES.mcp,
    fetchMaxBytes: 1024 * 1024,
    registry: createRegistry(),
    addresses: createAddressBook(),
    now: Date.now,
    log: () => undefined,
  };
  return renderToolResult(core, result);
}

describe('renderToolResult > an image that is not whole', () => {
  it('is the truncated marker in both copies, never its data', () => {
    const host = createHost({ log: () => undefined });
    const cut = PNG_BYTES.subarray(0, -12).toString('base64');
    const rendered = host.renderToolResult({ content: [{ type: 'image', data: cut, mimeType: 'image/png' }] });
    const want = imageTruncatedMarker('image/png', PNG_BYTES.length - 12);
    expect(rendered.stored).toBe(want);
    expect(rendered.live).toEqual({ kind: 'text', text: want });
  });

  it("is the dimensions marker in both copies under a provider's limit", () => {
    const wide = makePng(9000, 3);
    const rendered = renderUnder(
      { types: NATIVE_IMAGE_TYPES, maxDimension: 8000 },
      { content: [{ type: 'image', data: wide.toString('base64'), mimeType: 'image/png' }] },
    );
    const want = imageDimensionsMarker(9000, 3, 8000, 'image/png');
    expect(rendered.stored).toBe(want);
    expect(rendered.live).toEqual({ kind: 'text', text: want });
  });
});
