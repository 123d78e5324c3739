/**
 * The work `uriNestedIn` does to find a listed host or a protocol-relative uri in a path built to
 * make it read again and again, counted rather than timed: the characters it reads one by one
 * (`charCodeAt`), those its native searches pass over (`indexOf`, `lastIndexOf`, from where each
 * starts to where it stops) and those it maps as a reader reads a host past ASCII (`asRead`)
 * grow linearly with the path, each run of a host's characters read a few times at most.
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
let searched = 0;
const { charCodeAt, indexOf, lastIndexOf } = String.prototype;

beforeEach(() => {
  vi.spyOn(String.prototype, 'charCodeAt').mockImplementation(function (this: string, index: number) {
    charReads += 1;
    return charCodeAt.call(this, index);
  });
  vi.spyOn(String.prototype, 'indexOf').mockImplementation(function (this: string, search: string, from = 0) {
    const found = indexOf.call(this, search, from);
    searched += (found < 0 ? this.length : found) - Math.max(0, from);
    return found;
  });
  vi.spyOn(String.prototype, 'lastIndexOf').mockImplementation(function (this: string, search: string, from = Number.POSITIVE_INFINITY) {
    const found = lastIndexOf.call(this, search, from);
    searched += Math.min(from, this.length) - Math.max(0, found);
    return found;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

function workOn(pathname: string): { charReads: number; searched: number; mappedChars: number } {
  charReads = 0;
  searched = 0;
  counted.mappedChars = 0;
  uriNestedIn(pathname);
  return { charReads, searched, mappedChars: counted.mappedChars };
}

const LIMIT = 4096;
const built = (piece: string, length: number) => `/${piece.repeat(Math.ceil(length / piece.length))}`.slice(0, length);

// [name, the piece repeated through the path]: each holds what a listed host's reading looks for.
const PIECES = [
  ['dotted runs naming a listed host, no host ending them', 'hooks.slack.com;'],
  ['host names ending a listed host’s last label, none listed', 'x.com/'],
  ['host names past ASCII, none listed', '%C3%A9.aaaaa/'],
  ['one run of listed names', 'hooks.slack.com.'],
  ['runs of a listed host after a user, each ended by `@`', 'u@hooks.slack.com@'],
  ['runs past ASCII with dots, each read as a host', '%C3%A9.a/'],
  ['one run of escaped full stops', 'a%E3%80%82'],
  ['escaped letters and dots', '%61%2E%63/'],
  ['escapes encoded again', '%252E%2561;'],
  ['listed names before a colon', 'slack.com:x'],
  ['protocol-relative uris after escaped openers, each followed by a scheme', '%28//https:/'],
  ['encoded slashes after openers', '(%2F%2F/'],
  ['encoded slashes after an opener, no slash written', '(%2F%2F%2F'],
  ['escapes of other characters between slashes', '%20%41/'],
  ['backslashes, encoded', '=%5C%5C%5C'],
] as const;

describe('work for paths built to be read as host names again and again, at the 4096-character limit', () => {
  it.each(PIECES)('%s: linear in the path', (_name, piece) => {
    const whole = workOn(built(piece, LIMIT));
    const half = workOn(built(piece, LIMIT / 2));
    expect(whole.charReads).toBeLessThanOrEqual(2.2 * half.charReads + 64);
    expect(whole.searched).toBeLessThanOrEqual(2.2 * half.searched + 64);
    expect(whole.mappedChars).toBeLessThanOrEqual(2.2 * half.mappedChars + 64);
  });

  it.each(PIECES)('%s: each character read a few times at most', (_name, piece) => {
    const { charReads, searched, mappedChars } = workOn(built(piece, LIMIT));
    expect(charReads).toBeLessThanOrEqual(12 * LIMIT);
    expect(searched).toBeLessThanOrEqual(12 * LIMIT);
    // A run is mapped once, as read from the path.
    expect(mappedChars).toBeLessThanOrEqual(LIMIT);
  });
});
