/**
 * Whether an image can go to a provider natively (issue 3): its base64 decodes and its first
 * bytes match its declared type, among PNG, JPEG, GIF and WebP.
 */
import { describe, expect, it } from 'vitest';
import { checkImage, NATIVE_IMAGE_TYPES } from '../../src/blocks/image-check.js';
import { GIF_BASE64, JPEG_BASE64, PNG_BASE64, PNG_BYTES, WAV_BASE64, WEBP_BASE64 } from '../support/factories.js';

const bytesOf = (base64: string) => Buffer.from(base64, 'base64').length;
const b64 = (...bytes: number[]) => Buffer.from(bytes).toString('base64');

describe(checkImage.name, () => {
  it('takes exactly PNG, JPEG, GIF and WebP', () => {
    expect([...NATIVE_IMAGE_TYPES].sort()).toEqual(['image/gif', 'image/jpeg', 'image/png', 'image/webp']);
  });

  it.each([
    ['png', PNG_BASE64, 'image/png'],
    ['jpeg', JPEG_BASE64, 'image/jpeg'],
    ['gif89a', GIF_BASE64, 'image/gif'],
    ['gif87a', Buffer.from('GIF87a\u0001\u0000\u0001\u0000', 'latin1').toString('base64'), 'image/gif'],
    ['webp', WEBP_BASE64, 'image/webp'],
    ['jpg alias', JPEG_BASE64, 'image/jpg'],
    ['upper case', PNG_BASE64, 'Image/PNG'],
    ['parameters', PNG_BASE64, 'image/png; name=a.png'],
  ])('accepts its own format > %s', (_name, data, mimeType) => {
    expect(checkImage(data, mimeType)).toMatchObject({ ok: true, bytes: bytesOf(data) });
  });

  it.each([
    ['png declared > jpeg bytes', JPEG_BASE64, 'image/png', 'image-mismatch'],
    ['jpeg declared > png bytes', PNG_BASE64, 'image/jpeg', 'image-mismatch'],
    ['gif declared > GIF88a (no such version)', Buffer.from('GIF88a\u0001\u0000', 'latin1').toString('base64'), 'image/gif', 'image-mismatch'],
    ['gif declared > GIF89b', Buffer.from('GIF89b\u0001\u0000', 'latin1').toString('base64'), 'image/gif', 'image-mismatch'],
    ['webp declared > RIFF WAVE (audio in the same container)', WAV_BASE64, 'image/webp', 'image-mismatch'],
    ['png declared > signature one byte off', b64(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b), 'image/png', 'image-mismatch'],
    ['png declared > signature cut short', b64(0x89, 0x50, 0x4e), 'image/png', 'image-mismatch'],
    ['jpeg declared > FF D8 then not FF', b64(0xff, 0xd8, 0x00), 'image/jpeg', 'image-mismatch'],
    ['svg > unsupported', PNG_BASE64, 'image/svg+xml', 'image-unsupported-type'],
    ['bmp > unsupported', PNG_BASE64, 'image/bmp', 'image-unsupported-type'],
    ['no type > unsupported', PNG_BASE64, '', 'image-unsupported-type'],
    ['not base64 > undecodable', '%%%%', 'image/png', 'image-undecodable'],
    ['base64url > undecodable', PNG_BASE64.replaceAll('+', '-').replaceAll('/', '_'), 'image/png', 'image-undecodable'],
    ['unpadded length > undecodable', PNG_BASE64.replace(/=+$/, ''), 'image/png', 'image-undecodable'],
    ['three pads > undecodable', 'QUI===', 'image/png', 'image-undecodable'],
    ['empty > undecodable', '', 'image/png', 'image-undecodable'],
  ])('turns away the rest > %s', (_name, data, mimeType, reason) => {
    const check = checkImage(data, mimeType);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toBe(reason);
  });

  it('reports the decoded size', () => {
    expect(checkImage(PNG_BASE64, 'image/png')).toMatchObject({ ok: true, bytes: PNG_BYTES.length });
  });

  it('checks an 8 MB image well within a second', () => {
    const big = Buffer.alloc(8 * 1024 * 1024);
    PNG_BYTES.copy(big);
    const data = big.toString('base64');
    const started = performance.now();
    expect(checkImage(data, 'image/png').ok).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
