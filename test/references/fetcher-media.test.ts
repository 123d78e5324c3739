import { describe, expect, it } from 'vitest';
import {
  extensionFor,
  isTextualMediaType,
  looksLikeText,
  MEDIA_TYPE_EXTENSIONS,
  mediaTypeEssence,
  observedMediaType,
  sniffMediaType,
  UNKNOWN_MEDIA_TYPE,
} from '../../src/references/fetch-media.js';
import { arrivesDecoded } from '../../src/references/fetch-request.js';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)));

describe(sniffMediaType.name, () => {
  it.each([
    ['wav', bytes('RIFF0000WAVEpayload'), 'audio/wav'],
    ['webp', bytes('RIFF0000WEBPVP8 '), 'image/webp'],
    ['avi', bytes('RIFF0000AVI LIST'), 'video/x-msvideo'],
    ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'image/png'],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    ['gif87a', bytes('GIF87a..'), 'image/gif'],
    ['gif89a', bytes('GIF89a..'), 'image/gif'],
    ['bmp', bytes('BM', [1, 2, 3, 4, 0, 0, 0, 0]), 'image/bmp'],
    ['tiff little-endian', bytes([0x49, 0x49, 0x2a, 0x00]), 'image/tiff'],
    ['tiff big-endian', bytes([0x4d, 0x4d, 0x00, 0x2a]), 'image/tiff'],
    ['avif', bytes([0, 0, 0, 0x1c], 'ftypavif'), 'image/avif'],
    ['heic', bytes([0, 0, 0, 0x18], 'ftypheic'), 'image/heic'],
    ['m4a', bytes([0, 0, 0, 0x20], 'ftypM4A '), 'audio/mp4'],
    ['quicktime', bytes([0, 0, 0, 0x14], 'ftypqt  '), 'video/quicktime'],
    ['mp4', bytes([0, 0, 0, 0x18], 'ftypisom'), 'video/mp4'],
    ['pdf', bytes('%PDF-1.7'), 'application/pdf'],
    ['gzip', bytes([0x1f, 0x8b, 0x08, 0]), 'application/gzip'],
    ['zip', bytes([0x50, 0x4b, 0x03, 0x04]), 'application/zip'],
    ['7z', bytes([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]), 'application/x-7z-compressed'],
    ['bzip2', bytes('BZh91AY'), 'application/x-bzip2'],
    ['ogg', bytes('OggS', [0, 2]), 'audio/ogg'],
    ['flac', bytes('fLaC', [0]), 'audio/flac'],
    ['mp3 with ID3', bytes('ID3', [4, 0]), 'audio/mpeg'],
    ['mp3 frame, MPEG-1 Layer III', bytes([0xff, 0xfb, 0x90]), 'audio/mpeg'],
    ['mp3 frame, MPEG-2 Layer III', bytes([0xff, 0xf3, 0x90]), 'audio/mpeg'],
    ['webm', bytes([0x1a, 0x45, 0xdf, 0xa3]), 'video/webm'],
    ['wasm', bytes([0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), 'application/wasm'],
  ])('%s', (_name, given, want) => {
    expect(sniffMediaType(given)).toBe(want);
  });

  it.each([
    ['nothing', bytes()],
    ['RIFF of another form', bytes('RIFF0000XXXX')],
    ['RIFF cut short', bytes('RIFF0000WAV')],
    ['a PNG prefix cut short', bytes([0x89, 0x50, 0x4e, 0x47])],
    ['AAC ADTS (layer bits 00), not MP3', bytes([0xff, 0xf1, 0x50])],
    ['BM without the reserved zeros', bytes('BM', [1, 2, 3, 4, 5, 6, 7, 8])],
    ['text', bytes('hello')],
  ])('names nothing for %s', (_name, given) => {
    expect(sniffMediaType(given)).toBeUndefined();
  });
});

describe(mediaTypeEssence.name, () => {
  it.each([
    ['audio/wav', 'audio/wav'],
    ['Audio/WAV; charset=binary', 'audio/wav'],
    ['  text/plain ;q=1', 'text/plain'],
    ['application/vnd.api+json', 'application/vnd.api+json'],
    ['audio', undefined],
    ['audio/wav/x', undefined],
    ['au dio/wav', undefined],
    ['', undefined],
    [`a/${'x'.repeat(254)}`, undefined],
    [null, undefined],
    [undefined, undefined],
  ])('%j → %j', (given, want) => {
    expect(mediaTypeEssence(given)).toBe(want);
  });
});

describe(isTextualMediaType.name, () => {
  it.each([
    ['text/csv', true],
    ['application/json', true],
    ['application/ld+json', true],
    ['image/svg+xml', true],
    ['application/x-ndjson', true],
    ['image/png', false],
    ['application/octet-stream', false],
    ['audio/wav', false],
  ])('%s → %s', (given, want) => {
    expect(isTextualMediaType(given)).toBe(want);
  });
});

describe(looksLikeText.name, () => {
  it.each([
    ['ASCII with tabs and newlines', bytes('a\tb\r\nc\f'), true],
    ['UTF-8', Uint8Array.from(Buffer.from('naïve ☃')), true],
    ['empty', bytes(), false],
    ['a NUL', bytes('a', [0], 'b'), false],
    ['an escape', bytes('a', [0x1b], 'b'), false],
    ['invalid UTF-8', bytes([0xc3, 0x28]), false],
  ])('%s → %s', (_name, given, want) => {
    expect(looksLikeText(given)).toBe(want);
  });
});

describe(observedMediaType.name, () => {
  const wav = bytes('RIFF0000WAVEpayload');
  const opaque = bytes([0, 1, 2, 0xfe]);
  it.each([
    ['the bytes over the served type and the claim', wav, 'image/png', 'image/png', 'audio/wav'],
    ['the served type where the bytes say nothing', opaque, 'application/x-served', 'application/x-claimed', 'application/x-served'],
    ['the claim where nothing is served', opaque, null, 'application/x-claimed', 'application/x-claimed'],
    ['the claim over a served octet-stream', opaque, 'application/octet-stream', 'application/x-claimed', 'application/x-claimed'],
    ['the claim over a served type that is not one', opaque, 'garbage', 'application/x-claimed', 'application/x-claimed'],
    ['unknown where nothing is declared', opaque, null, undefined, UNKNOWN_MEDIA_TYPE],
    ['unknown where binary bytes are declared text', opaque, 'text/plain', undefined, UNKNOWN_MEDIA_TYPE],
    ['a textual declaration for text', bytes('a,b\n1,2\n'), 'text/csv; charset=utf-8', undefined, 'text/csv'],
    ['text/plain for text declared a binary type', bytes('hello there'), 'image/png', 'image/png', 'text/plain'],
    ['JSON for JSON declared a binary type', bytes('{"a":1}'), null, 'audio/wav', 'application/json'],
    ['the declaration for empty bytes', bytes(), null, 'audio/wav', 'audio/wav'],
    ['unknown for empty bytes with nothing declared', bytes(), null, undefined, UNKNOWN_MEDIA_TYPE],
  ])('%s', (_name, given, served, claimed, want) => {
    expect(observedMediaType(given, served, claimed)).toBe(want);
  });
});

describe(extensionFor.name, () => {
  it('gives each known type its extension, and bin otherwise', () => {
    expect(extensionFor('audio/wav')).toBe('wav');
    expect(extensionFor('image/jpeg')).toBe('jpg');
    expect(extensionFor('application/x-thing')).toBe('bin');
    expect(extensionFor('constructor')).toBe('bin');
  });

  it('gives only extensions that are safe in a file name', () => {
    for (const extension of Object.values(MEDIA_TYPE_EXTENSIONS)) expect(extension).toMatch(/^[a-z0-9]{1,5}$/);
  });
});

describe(arrivesDecoded.name, () => {
  it.each([
    [null, true],
    ['', true],
    ['identity', true],
    ['gzip', true],
    ['x-gzip', true],
    ['GZIP', true],
    ['deflate', true],
    ['br', true],
    ['gzip, br', true],
    ['gzip, identity', false],
    ['zstd', false],
    ['compress', false],
  ])('%j → %s', (given, want) => {
    expect(arrivesDecoded(given)).toBe(want);
  });
});
