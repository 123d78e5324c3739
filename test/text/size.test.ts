/** Sizes as markers show them (issue 3: "a size such as `~3KB`") and base64's decoded length. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64DecodedLength, formatSize } from '../../src/text/size.js';
import { itProp } from '../support/factories.js';

describe(formatSize.name, () => {
  it.each([
    ['3 KiB > ~3KB', 3 * 1024, /^~3(?:\.0)?KB$/],
    ['just under 1 KiB > bytes', 1023, /^~?1023B$/],
    ['1 KiB > ~1KB', 1024, /^~1(?:\.0)?KB$/],
    ['1.5 MiB > ~1.5MB', 1.5 * 1024 * 1024, /^~1\.5MB$/],
    ['5 MiB > ~5MB', 5 * 1024 * 1024, /^~5(?:\.0)?MB$/],
    ['12 GiB > ~12GB', 12 * 1024 ** 3, /^~12GB$/],
  ])('%s', (_name, bytes, want) => {
    expect(formatSize(bytes)).toMatch(want);
  });

  it.each([
    ['NaN', Number.NaN],
    ['negative', -1],
    ['infinite', Number.POSITIVE_INFINITY],
  ])('an unreadable count is an unknown size, never a number > %s', (_name, bytes) => {
    expect(formatSize(bytes)).toBe('unknown size');
  });

  itProp([fc.nat()], { seed: 0x5eed_0008, numRuns: 1000 })('is short: at most eight characters', (bytes) => {
    expect(formatSize(bytes).length).toBeLessThanOrEqual(8);
  });
});

describe(base64DecodedLength.name, () => {
  it.each([
    ['empty', '', 0],
    ['one byte, padded', 'QQ==', 1],
    ['two bytes, padded', 'QUI=', 2],
    ['three bytes', 'QUJD', 3],
    ['two bytes, unpadded', 'QUI', 2],
  ])('%s', (_name, base64, want) => {
    expect(base64DecodedLength(base64)).toBe(want);
  });

  itProp([fc.uint8Array({ maxLength: 200 })], { seed: 0x5eed_0009, numRuns: 1000 })('is the length Node decodes base64 to', (bytes) => {
    const base64 = Buffer.from(bytes).toString('base64');
    expect(base64DecodedLength(base64)).toBe(bytes.length);
    expect(base64DecodedLength(base64.replace(/=+$/, ''))).toBe(bytes.length);
  });
});
