/**
 * The work of reading a credential spelled as a server or a reader takes it, counted rather than
 * timed, on uris and paths of 1 and 2 MB built to make each reading search again: a path's
 * shapes read on the path decoded at most twice (`PathShapes`), a password before a host in a
 * later segment (`passwordHostIn`), a host opening a value (`hostOpeningValue`). The characters
 * read one by one (`charCodeAt`), those native searches pass over (`indexOf`, `lastIndexOf`)
 * and those percent-decoded grow linearly with the input.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const counted = vi.hoisted(() => ({ decodedChars: 0 }));

vi.mock('../../src/text/percent-decode.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/text/percent-decode.js')>();
  return {
    ...original,
    percentDecode: (text: string) => {
      counted.decodedChars += text.length;
      return original.percentDecode(text);
    },
  };
});

const { uriMayCarryCredential } = await import('../../src/uri/credential.js');
const { passwordHostIn } = await import('../../src/uri/nested-uri.js');

let charReads = 0;
let searched = 0;
const { charCodeAt, indexOf, lastIndexOf } = String.prototype;

// The searches are wrapped by hand, not spied on: a spy keeps every call's arguments, millions here.
beforeEach(() => {
  String.prototype.charCodeAt = function (this: string, index: number) {
    charReads += 1;
    return charCodeAt.call(this, index);
  };
  String.prototype.indexOf = function (this: string, search: string, from = 0) {
    const found = indexOf.call(this, search, from);
    searched += (found < 0 ? this.length : found) - Math.max(0, from);
    return found;
  };
  String.prototype.lastIndexOf = function (this: string, search: string, from = Number.POSITIVE_INFINITY) {
    const found = lastIndexOf.call(this, search, from);
    searched += Math.min(from, this.length) - Math.max(0, found);
    return found;
  };
});

afterEach(() => {
  Object.assign(String.prototype, { charCodeAt, indexOf, lastIndexOf });
});

interface Work {
  readonly verdict: boolean;
  readonly charReads: number;
  readonly searched: number;
  readonly decodedChars: number;
}

function workOf(read: () => boolean): Work {
  charReads = 0;
  searched = 0;
  counted.decodedChars = 0;
  const verdict = read();
  return { verdict, charReads, searched, decodedChars: counted.decodedChars };
}

const MB = 1 << 20;
const built = (piece: string, length: number) => piece.repeat(Math.ceil(length / piece.length)).slice(0, length);

// `perChar`: the most work per character of the input, each reading of it a few passes.
function expectLinear(whole: Work, half: Work, length: number, perChar: number): void {
  expect(whole.verdict).toBe(half.verdict);
  for (const key of ['charReads', 'searched', 'decodedChars'] as const) {
    expect(whole[key]).toBeLessThanOrEqual(2.2 * half[key] + 64);
    expect(whole[key]).toBeLessThanOrEqual(perChar * length);
  }
}

describe('work for a password before a host in a path, on paths of 2 MB', () => {
  it.each([
    ['colons, then one @ and labels', ':'],
    ['a user and password before each @, no host after', 'a:b@'],
    ['a password before a run of labels no path ends', 'u:p@a.b.c.'],
    ['colons and @ alternating', ':@'],
    ['encoded passwords before labels', 'a%3Ab%40x.y.'],
    ['long dotted runs between @', `a:b@${'x.'.repeat(200)}@`],
  ])('%s: linear in the path', (_name, piece) => {
    const path = (length: number) => `/${built(piece, length)}@${'a.'.repeat(300)}`;
    const whole = workOf(() => passwordHostIn(path(2 * MB)));
    const half = workOf(() => passwordHostIn(path(MB)));
    // The path read written and decoded, each character back once and forward once.
    expectLinear(whole, half, 2 * MB, 6);
  });
});

describe('work for credentials spelled in uris of 2 MB', () => {
  it.each([
    ['a webhook host’s path of escapes encoded again', 'https://hooks.slack.com/', '%2525'],
    ['a webhook host’s path of encoded slashes encoded again', 'https://hooks.slack.com/services/', 'T%252F'],
    ['a path of escaped webhook words', 'https://files.example.com/', 'webhoo%256Bb2%252F'],
    ['query values each opening with a listed host', 'https://r.example/x?', 'u=hooks.slack.com/s&'],
    ['query values each opening with a password before a host', 'https://r.example/x?', 'u=a:b@c.example/x&'],
    ['a fragment of listed hosts', 'https://r.example/x#', 'hooks.slack.com/'],
    ['path segments each a password before a host', 'https://r.example/', 'a:b@c.example/'],
  ])('%s: linear in the uri', (_name, opening, piece) => {
    const whole = workOf(() => uriMayCarryCredential(opening + built(piece, 2 * MB)));
    const half = workOf(() => uriMayCarryCredential(opening + built(piece, MB)));
    // Each level of nesting (`MAX_NESTING_LEVEL`) reads what it holds again, written and decoded.
    expectLinear(whole, half, 2 * MB, 24);
  });
});
