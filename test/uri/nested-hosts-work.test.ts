/**
 * The work `uriNestedIn` does to find a listed host or a protocol-relative uri in a path built to
 * make it read again and again, counted rather than timed: the characters it reads one by one
 * (`charCodeAt`) and those it maps as a reader reads a host past ASCII (`asRead`) grow linearly
 * with the path, each run of a host's characters read a few times at most.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const counted = vi.hoisted(() => ({ mappedChars: 0 }));

vi.mock('../../src/text/labels.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/text/labels.js')>();
  return {
    ...original,
    asRead: (text: string) => {
      counted.mappedChars += text.length;
      return original.asRead(text);
    },
  };
});

const { uriNestedIn } = await import('../../src/uri/nested-uri.js');

let charReads = 0;
const charCodeAt = String.prototype.charCodeAt;

beforeEach(() => {
  vi.spyOn(String.prototype, 'charCodeAt').mockImplementation(function (this: string, index: number) {
    charReads += 1;
    return charCodeAt.call(this, index);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

function workOn(pathname: string): { charReads: number; mappedChars: number } {
  charReads = 0;
  counted.mappedChars = 0;
  uriNestedIn(pathname);
  return { charReads, mappedChars: counted.mappedChars };
}

const LIMIT = 4096;
const built = (piece: string, length: number) => `/${piece.repeat(Math.ceil(length / piece.length))}`.slice(0, length);

// [name, the piece repeated through the path]: each holds what a listed host's reading looks for.
const PIECES = [
  ['dotted runs naming a listed host, no host ending them', 'hooks.slack.com;'],
  ['one run of listed names', 'hooks.slack.com.'],
  ['runs of a listed host after a user, each ended by `@`', 'u@hooks.slack.com@'],
  ['runs past ASCII with dots, each read as a host', '%C3%A9.a/'],
  ['one run of escaped full stops', 'a%E3%80%82'],
  ['escaped letters and dots', '%61%2E%63/'],
  ['escapes encoded again', '%252E%2561;'],
  ['listed names before a colon', 'slack.com:x'],
  ['protocol-relative uris after escaped openers, each followed by a scheme', '%28//https:/'],
  ['encoded slashes after openers', '(%2F%2F/'],
  ['backslashes, encoded', '=%5C%5C%5C'],
] as const;

describe('work for paths built to be read as host names again and again, at the 4096-character limit', () => {
  it.each(PIECES)('%s: linear in the path', (_name, piece) => {
    const whole = workOn(built(piece, LIMIT));
    const half = workOn(built(piece, LIMIT / 2));
    expect(whole.charReads).toBeLessThanOrEqual(2.2 * half.charReads + 64);
    expect(whole.mappedChars).toBeLessThanOrEqual(2.2 * half.mappedChars + 64);
  });

  it.each(PIECES)('%s: each character read a few times at most', (_name, piece) => {
    const { charReads, mappedChars } = workOn(built(piece, LIMIT));
    expect(charReads).toBeLessThanOrEqual(12 * LIMIT);
    // A run is mapped once, as read from the path.
    expect(mappedChars).toBeLessThanOrEqual(LIMIT);
  });
});
