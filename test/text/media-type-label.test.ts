/**
 * `mediaTypeLabel` keeps the labels of the media types it was last asked about: whatever order
 * types are asked in, and however many others came between, each type's label is the one a
 * fresh module gives it (a credential-bearing or over-long type stays unnamed or cut).
 */
import { randomBytes } from 'node:crypto';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const TYPES = [
  'image/png',
  'text/csv',
  'text/plain; charset=utf-8',
  'application/x-token; sig=ghp_0123456789abcdefghijABCDEFGHIJ012345',
  'https://x.example/a?token=abc',
  'x/ghp_0123456789abcdefghijABCDEFGHIJ012345',
  `application/${'a'.repeat(200)}`,
  `application/vnd.${'b'.repeat(100)}`,
  'not a type',
];

/** Each type's label from a module that was asked about nothing before it. */
async function freshLabels(): Promise<string[]> {
  const labels: string[] = [];
  for (const type of TYPES) {
    vi.resetModules();
    const { mediaTypeLabel } = await import('../../src/text/markers.js');
    labels.push(mediaTypeLabel(type));
  }
  return labels;
}

describe('mediaTypeLabel across the types it keeps', () => {
  it('gives each type its own label in alternation, repeated, and after more types than it keeps', async () => {
    const expected = await freshLabels();
    // The fixture holds both kinds of answer, so a label handed to the wrong type shows.
    expect(new Set(expected).size).toBeGreaterThan(3);
    vi.resetModules();
    const { mediaTypeLabel } = await import('../../src/text/markers.js');
    for (let round = 0; round < 3; round += 1) {
      expect(TYPES.map((type) => mediaTypeLabel(type))).toEqual(expected);
      expect([...TYPES].reverse().map((type) => mediaTypeLabel(type))).toEqual([...expected].reverse());
      // More distinct types than are kept: the first ones are let go and read again.
      for (let other = 0; other < 100; other += 1) expect(mediaTypeLabel(`application/x-${other}`)).toBe(`application/x-${other}`);
    }
  });
});

describe('mediaTypeLabel and the strings it is given', () => {
  it('holds no type cut from a larger string: the larger one is freed while its label is kept', async () => {
    v8.setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    vi.resetModules();
    const { mediaTypeLabel } = await import('../../src/text/markers.js');
    const parentBytes = 16 * 1024 * 1024;
    // A one-byte string of 16 MB whose first 24 characters are a media type; the type asked about
    // is a slice of it. Nothing of it outlives this function but what the module keeps.
    const ask = (): void => {
      const parent = `image/x-held-${'a'.repeat(11)}${randomBytes(parentBytes / 2).toString('hex')}`;
      const type = parent.slice(0, 24);
      expect(mediaTypeLabel(type)).toBe('image/x-held-aaaaaaaaaaa');
    };
    collect();
    const before = process.memoryUsage().heapUsed;
    ask();
    collect();
    const after = process.memoryUsage().heapUsed;
    // Asked again, the type is found kept, under its own copy.
    expect(mediaTypeLabel('image/x-held-aaaaaaaaaaa')).toBe('image/x-held-aaaaaaaaaaa');
    expect(after - before).toBeLessThan(parentBytes / 4);
  });
});
