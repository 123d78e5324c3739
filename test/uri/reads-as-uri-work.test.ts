/**
 * The work `stringMayCarryCredential` does on strings of slashes and backslashes built to open a
 * uri again and again, counted rather than timed: the characters of the uris it hands the
 * credential rule stay within a few times the string's length, however the pairs are written.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const counted = vi.hoisted(() => ({ uris: 0, chars: 0 }));

vi.mock('../../src/uri/credential.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/uri/credential.js')>();
  return {
    ...original,
    uriMayCarryCredential: (uri: string) => {
      counted.uris += 1;
      counted.chars += uri.length;
      // Judged shown, so every uri a string holds is read.
      return false;
    },
  };
});

const { stringMayCarryCredential } = await import('../../src/uri/reads-as-uri.js');

beforeEach(() => {
  counted.uris = 0;
  counted.chars = 0;
});

const LENGTH = 4000;
const built = (piece: string, length: number) => piece.repeat(Math.ceil(length / piece.length)).slice(0, length);

describe('work for strings of pairs of slashes', () => {
  it.each([
    ['backslash pairs after openers, no break', '(\\\\a'],
    ['a run of backslashes', '\\'],
    ['backslashes and slashes', '\\/'],
    ['backslash pairs after a word', 'a\\\\'],
    ['schemes with backslashes', 'x=https:\\\\h/'],
    ['written pairs after openers, no break', '(//a'],
  ])('%s: the uris read hold a few times the string’s characters at most', (_name, piece) => {
    stringMayCarryCredential(built(piece, LENGTH));
    expect(counted.chars).toBeLessThanOrEqual(3 * LENGTH);
  });
});

describe('work for strings of bare host names', () => {
  const MB = 1 << 20;
  it.each([
    ['listed hosts before a path, each opening a uri', 'hooks.slack.com/a '],
    ['listed hosts with no break between them', 'hooks.slack.com/'],
    ['runs of labels ending in a listed host’s last label', `${'a.'.repeat(60)}com/ `],
    ['one run of labels naming no listed host', 'a.'],
    ['listed hosts after a slash, no host of their own', '/slack.com/'],
  ])('%s: the uris read hold the string’s characters at most, on 1 and 2 MB', (_name, piece) => {
    const work = (length: number) => {
      counted.uris = 0;
      counted.chars = 0;
      stringMayCarryCredential(built(piece, length));
      return { uris: counted.uris, chars: counted.chars };
    };
    const half = work(MB);
    const whole = work(2 * MB);
    expect(whole.chars).toBeLessThanOrEqual(2 * MB + 8 * whole.uris);
    expect(whole.chars).toBeLessThanOrEqual(2.2 * half.chars + 64);
  });
});
