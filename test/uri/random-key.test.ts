import { describe, expect, it } from 'vitest';
import { classChangeShare, looksLikeRandomKey, RANDOM_KEY_CHANGES } from '../../src/uri/random-key.js';

describe(classChangeShare.name, () => {
  it.each([
    ['no pair', 'a', 0],
    ['no letter or digit', '--__', 0],
    ['one class throughout', 'abcdef', 0],
    ['every pair a change', 'aB1cD2', 1],
    ['separators passed over', 'a-B_1', 1],
    ['half the pairs', 'aaBB1', 0.5],
  ])('%s', (_name, text, share) => {
    expect(classChangeShare(text)).toBe(share);
  });
});

describe(looksLikeRandomKey.name, () => {
  it.each([
    ['base64url', 'k7Xq2Lm9Wp4Zr8Nv3Bc6Yt1Hs5Jd0Gf4Ka8Pe2Uw6'],
    ['base58 (PrivateBin)', 'DNY42Z6hSNxjmQebLfmnJ1WUpAWDG7vJdJgnL7t5JPPq'],
    ['base64url with separators', 'k7X-q2L_m9Wp4Zr8Nv3Bc6'],
  ])('a key: %s', (_name, run) => {
    expect(looksLikeRandomKey(run)).toBe(true);
  });

  it.each([
    ['one upper-case letter', 'k7xq2lm9wp4zr8nv3bc6yT'],
    ['one lower-case letter', 'K7XQ2LM9WP4ZR8NV3BC6Yt'],
    ['no digit', 'kXqLmWpZrNvBcYtHsJdGfKaPeUw'],
    ['words and a year', 'CITEREFSmithJones2020'],
    ['a heading', 'Step-2-Configure-OAuth-Tokens'],
    ['a camelCase name with a number', 'createPaymentIntentRequest2'],
  ])('no key: %s', (_name, run) => {
    expect(looksLikeRandomKey(run)).toBe(false);
  });

  it('holds at the threshold, and not below it', () => {
    // Ten pairs: four changes (0.4) and three (0.3), mixing two of each case and a digit.
    expect(classChangeShare('AAbbbb1ccBB')).toBe(RANDOM_KEY_CHANGES);
    expect(looksLikeRandomKey('AAbbbb1ccBB')).toBe(true);
    expect(classChangeShare('AAbbbbb1cc')).toBeLessThan(RANDOM_KEY_CHANGES);
    expect(looksLikeRandomKey('AAbbbbbBB1ccc')).toBe(false);
  });

  it('leaves an ordinary name shown though it mixes and changes enough: a file name', () => {
    expect(looksLikeRandomKey('aB1cD2eF3gH4.tar')).toBe(false);
    expect(looksLikeRandomKey('aB1cD2eF3gH4tar')).toBe(true);
  });
});
