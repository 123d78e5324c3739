import { describe, expect, it } from 'vitest';
import { uriHash } from '../../src/references/uri-hash.js';

describe(uriHash.name, () => {
  it('gives one text one hash under one seed, and reads every character of it', () => {
    const uri = `https://bucket.s3.amazonaws.com/exports/file.csv?X-Amz-Signature=${'ab'.repeat(32)}`;
    expect(uriHash(uri, 42)).toBe(uriHash(`${uri.slice(0, 20)}${uri.slice(20)}`, 42));
    const hashes = new Set<number>();
    // Each one-character change, at every position (the first, the last, a word's every byte).
    for (let at = 0; at < uri.length; at += 1) hashes.add(uriHash(`${uri.slice(0, at)}~${uri.slice(at + 1)}`, 42));
    expect(hashes.size).toBe(uri.length);
    expect(hashes.has(uriHash(uri, 42))).toBe(false);
  });

  it('tells apart texts that differ only past ASCII, or only in trailing NULs or length', () => {
    const texts = [
      'https://a.test/é',
      'https://a.test/è',
      'https://a.test/\ud800',
      'https://a.test/\ud801',
      'https://a.test/\ufffd',
      'a',
      'a\0',
      'a\0\0\0\0',
      '',
    ];
    expect(new Set(texts.map((text) => uriHash(text, 7))).size).toBe(texts.length);
  });

  it('hashes a text past the buffered length by character, still reading all of it', () => {
    const long = 'x'.repeat(5000);
    expect(uriHash(long, 3)).toBe(uriHash('x'.repeat(5000), 3));
    expect(uriHash(long, 3)).not.toBe(uriHash(`${'x'.repeat(4999)}y`, 3));
    expect(uriHash(long, 3)).not.toBe(uriHash(`y${'x'.repeat(4999)}`, 3));
  });

  it('depends on the seed', () => {
    const seeds = [1, 2, 3, 4, 5].map((seed) => uriHash('https://a.test/x', seed));
    expect(new Set(seeds).size).toBe(5);
  });
});
