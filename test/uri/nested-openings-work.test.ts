/**
 * The work the credential rule does for uris nested where `uriNestedIn` finds them past a
 * segment's opening (after other text, with escaped scheme letters, inside a script, a listed
 * host read as `https://`), counted rather than timed: each reading of a uri is counted with its
 * length, and a chain built to be read again at every level stays within the nested budget,
 * linear in the uri's length.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const counted = vi.hoisted(() => ({ readings: 0, charsRead: 0 }));

vi.mock('../../src/uri/uri-parts.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/uri/uri-parts.js')>();
  return {
    ...original,
    readUri: (uri: string, base: string) => {
      counted.readings += 1;
      counted.charsRead += typeof uri === 'string' ? uri.length : 0;
      return original.readUri(uri, base);
    },
  };
});

const { NESTED_BUDGET_PER_CHAR, uriMayCarryCredential } = await import('../../src/uri/credential.js');

beforeEach(() => {
  counted.readings = 0;
  counted.charsRead = 0;
});

function workOn(uri: string): { readings: number; charsRead: number } {
  counted.readings = 0;
  counted.charsRead = 0;
  uriMayCarryCredential(uri);
  return { readings: counted.readings, charsRead: counted.charsRead };
}

const LIMIT = 4096;
const built = (head: string, piece: string, length: number) => `${head}${piece.repeat(Math.ceil(length / piece.length))}`.slice(0, length);

// [name, head, the piece repeated to the limit]: each piece opens a nested uri at every level.
const CHAINS = [
  ['a scheme after other text', 'https://p.example/', 'url=https://'],
  ['a special scheme ending a word', 'https://p.example/', 'go-https:h.example/'],
  ['escaped scheme letters', 'https://p.example/', '%68ttps://'],
  ['escaped letters, colon and slashes', 'https://p.example/', '%68%74%74%70%73%3A%2F%2F'],
  ['a listed host read as https', 'https://p.example/', 'hooks.slack.com/'],
  ['a password before a host', 'https://p.example/', 'u:p@h.example/'],
  ['a script', 'javascript:', 'fetch("https://'],
  ['protocol-relative uris after an opener', 'https://p.example/', 'u=//h.example/'],
  ['protocol-relative uris after an escaped opener', 'https://p.example/', '%28//h.example/'],
  ['protocol-relative uris, their slashes escaped', 'https://p.example/', '(%2F%2Fh.example/'],
  ['a special scheme with escaped backslashes', 'https://p.example/', 'https:%5C%5Ch.example/'],
  ['a listed host after another segment', 'https://p.example/', 'x/hooks.slack.com/'],
  ['a listed host with escaped dots', 'https://p.example/', 'x/hooks%2Eslack%2Ecom/'],
] as const;

describe('work for chains of uris nested past a segment opening, at the 4096-character limit', () => {
  it.each(CHAINS)('%s: the nested readings stay within the budget', (_name, head, piece) => {
    const uri = built(head, piece, LIMIT);
    const { readings, charsRead } = workOn(uri);
    // The outer reading, then the nested ones and their decoded readings, each within the budget.
    expect(charsRead).toBeLessThanOrEqual((1 + 2 * NESTED_BUDGET_PER_CHAR) * uri.length);
    // The chain is read nested, not passed over.
    expect(readings).toBeGreaterThanOrEqual(2);
  });

  it.each(CHAINS)('%s: the work grows linearly with the uri', (_name, head, piece) => {
    const whole = workOn(built(head, piece, LIMIT));
    const half = workOn(built(head, piece, LIMIT / 2));
    expect(whole.charsRead).toBeLessThanOrEqual(2.2 * half.charsRead + 64);
  });

  // Colons that open nothing: the path is read once, and no nested uri with it.
  it.each([
    ['scheme-like words', 'ab:c/'],
    ['escaped scheme-like words', '%61b%3Ac/'],
    ['times', '12:30/'],
    ['dotted names no list holds', 'a.example/'],
    ['double slashes after a segment', 'a//'],
    ['listed names no host ends', 'x.slack.com;y/'],
  ])('%s repeated: one reading', (_name, piece) => {
    expect(workOn(built('https://p.example/', piece, LIMIT))).toEqual({ readings: 1, charsRead: LIMIT });
  });
});
