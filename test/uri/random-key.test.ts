import { describe, expect, it } from 'vitest';
import { FRAGMENT_KEY_ROUTE_EXAMPLES } from '../../src/uri/credential-lists.js';
import { classChangeShare, fragmentHoldsKey, looksLikeRandomKey, RANDOM_KEY_CHANGES } from '../../src/uri/random-key.js';
import { runGuarded, SRC_DIR } from '../support/hang-guard.js';

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
    ['twenty characters with no digit', 'kXqLmWpZrNvBcYtHsJdG'],
  ])('a key: %s', (_name, run) => {
    expect(looksLikeRandomKey(run)).toBe(true);
  });

  it.each([
    ['one upper-case letter', 'k7xq2lm9wp4zr8nv3bc6yT'],
    ['one lower-case letter', 'K7XQ2LM9WP4ZR8NV3BC6Yt'],
    ['no digit, under twenty characters', 'kXqLmWpZrNvBcYtHsJd'],
    ['words and a year', 'CITEREFSmithJones2020'],
    ['a heading', 'Step-2-Configure-OAuth-Tokens'],
    ['a camelCase name with a number', 'createPaymentIntentRequest2'],
  ])('no key: %s', (_name, run) => {
    expect(looksLikeRandomKey(run)).toBe(false);
  });

  it('holds at the threshold, and not below it', () => {
    // Twenty pairs: seven changes (0.35) and six (0.3), mixing two of each case and a digit.
    expect(classChangeShare('AAAbbb1ccBBBdddEEEfgg')).toBe(RANDOM_KEY_CHANGES);
    expect(looksLikeRandomKey('AAAbbb1ccBBBdddEEEfgg')).toBe(true);
    expect(classChangeShare('AAAbbbbb1ccBBBddddEEE')).toBeLessThan(RANDOM_KEY_CHANGES);
    expect(looksLikeRandomKey('AAAbbbbb1ccBBBddddEEE')).toBe(false);
  });

  it('leaves an ordinary name shown though it mixes and changes enough: a file name', () => {
    expect(looksLikeRandomKey('aB1cD2eF3gH4.tar')).toBe(false);
    expect(looksLikeRandomKey('aB1cD2eF3gH4tar')).toBe(true);
  });
});

describe(fragmentHoldsKey.name, () => {
  it.each(FRAGMENT_KEY_ROUTE_EXAMPLES.map((entry) => [entry.family, entry.example] as const))('a key route: %s', (_name, example) => {
    const url = new URL(example);
    expect(fragmentHoldsKey(url.hash, url.hostname)).toBe(true);
    expect(fragmentHoldsKey(url.hash, 'app.example.com')).toBe(true);
  });

  it.each([
    ['a bare MEGA key', '#EXAMPLEk7Xq2Lm9Wp4Zr8Nv3Bc6Yt1Hs5Jd0Gf4Ka'],
    ['a Bitwarden Send id and key', '#EXAMPLEsendID012345/EXAMPLEk7Xq2Lm9Wp4Zr8Nv3Bc6'],
    ['a MEGA key before a folder and a file in it', '#EXAMPLEk7Xq2Lm9Wp4Zr8Nv3/folder/AbCd/file/EfGh'],
    ['a MEGA legacy link', '#!EXAMPLE0!EXAMPLEk7Xq2Lm9Wp4Zr8Nv3Bc6Yt1Hs5'],
    ['a key with no digit', '#kXqLmWpZrNvBcYtHsJdGfK'],
    ['a key with a percent-escaped letter', '#EXAMPLEk7Xq2Lm9Wp4Zr8Nv3Bc6Yt1Hs5Jd0Gf4K%61'],
  ])('a key on any host: %s', (_name, hash) => {
    expect(fragmentHoldsKey(hash, 'files.example.com')).toBe(true);
  });

  it.each([
    ['MEGA', 'mega.nz'],
    ['MEGA, a trailing dot', 'mega.nz.'],
    ['Bitwarden Send', 'send.bitwarden.com'],
  ])('a key that changes class seldom, on a share host: %s', (_name, host) => {
    // Upper case in runs, one digit: no random key by its mix, but the host's fragment is a key.
    const hash = '#KXQLMWPzrnvbcyTHSJDgfk1';
    expect(fragmentHoldsKey(hash, host)).toBe(true);
    expect(fragmentHoldsKey(hash, 'files.example.com')).toBe(false);
    expect(fragmentHoldsKey(hash, `${host}.example.com`)).toBe(false);
    expect(fragmentHoldsKey('#getting-started-guide-part', host)).toBe(false);
  });

  it.each([
    ['the TypeScript playground', '#code/PTAEHUFMBsGMHsC2lQBd5oBYoCoEYA0oAWAJg'],
    ['a diagram (longer than a key)', '#R7VxZc9s4Ev41fpwq3pIeDR-2M5PYjjOx7H1JUSIkckISLpCSJf36bZAACRKkJPsoJSkRZRIGjgQ46P'],
    ['a Keep note', '#NOTE/1Xk29fLq83mZp0Rt5Wv7YbNcQ2dE4fG6hJk8LmN'],
    ['a Drive folder', '#folders/0B7Xk29fLq83mZp0Rt5Wv7YbNc2'],
    ['a hash route', '#items/Xk29fLq83mZp0Rt5Wv7Y'],
    ['a capitalised route word', '#Items/Xk29fLq83mZp0Rt5Wv7Y'],
    ['a notebook cell', '#cell-Xk29fLq83mZp0Rt5Wv7Y'],
    ['a route from the root', '#/EXAMPLEsendID0/k7Xq2Lm9Wp4Zr8Nv3Bc6Yt1Hs5'],
    ['a Send route with an ordinary last segment', '#/send/new/GettingStartedGuide'],
    ['an anchor', '#CITEREFSmithJones2020'],
    ['no fragment', ''],
  ])('no key: %s', (_name, hash) => {
    expect(fragmentHoldsKey(hash, 'app.example.com')).toBe(false);
  });

  it('reads a 4 KB hostile fragment, and finds no key', () => {
    expect(fragmentHoldsKey(`#${'a/'.repeat(1000)}${'Ab1-'.repeat(512)}!`, 'mega.nz')).toBe(false);
  });

  it('reads a hostile fragment in linear time (1 MB of it, where a quadratic match would hang)', () => {
    // The fragment's expressions do this work, which no counter sees from outside the engine: so
    // the fragment is a megabyte, read in a child killed at a limit only a hang reaches
    // (`runGuarded`: a linear match takes milliseconds, a quadratic one minutes). A hang guard,
    // not a measure of speed.
    const guarded = runGuarded(`
      import { fragmentHoldsKey } from ${JSON.stringify(`${SRC_DIR}uri/random-key.ts`)};
      const hostile = '#' + 'a/'.repeat(256_000) + 'Ab1-'.repeat(128_000) + '!';
      console.log(JSON.stringify([fragmentHoldsKey(hostile, 'mega.nz'), fragmentHoldsKey(hostile, 'app.example.com')]));
    `);
    expect(guarded.stderr).toBe('');
    expect(guarded.ended).toBe(true);
    expect(guarded.printed).toEqual([false, false]);
  });
});
