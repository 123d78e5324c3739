import { describe, expect, it, vi } from 'vitest';
import {
  BASE64_LINE_MIN_CHARS,
  BASE64_RUN_MIN_CHARS,
  findBase64Run,
  holdsBase64Run,
  holdsBase64RunDecoded,
  replaceBase64Runs,
} from '../../src/text/base64-run.js';

const RUN = 'A'.repeat(BASE64_RUN_MIN_CHARS);
const mark = (length: number) => `<${length}>`;

describe(findBase64Run.name, () => {
  it('finds a run of exactly the bound, and not one a character shorter', () => {
    expect(findBase64Run(RUN)).toEqual({ start: 0, end: BASE64_RUN_MIN_CHARS });
    expect(findBase64Run(RUN.slice(1))).toBeUndefined();
  });

  it('reads both alphabets (+ / - _) and the padding after a run', () => {
    const run = `${'aZ09+/-_'.repeat(25)}==`;
    expect(findBase64Run(`x ${run} y`)).toEqual({ start: 2, end: 2 + run.length });
  });

  it('is broken by any other character, so two short runs are no run', () => {
    const half = 'A'.repeat(BASE64_RUN_MIN_CHARS / 2);
    for (const breaker of ['.', ' ', '%', '"', ':', '=x', 'é']) expect(findBase64Run(`${half}${breaker}${half}`)).toBeUndefined();
  });

  it('starts a run at once after padding, and finds a run after a short one', () => {
    expect(findBase64Run(`ab==${RUN}`)).toEqual({ start: 4, end: 4 + BASE64_RUN_MIN_CHARS });
    expect(findBase64Run(`short ${RUN}`, 0)).toEqual({ start: 6, end: 6 + BASE64_RUN_MIN_CHARS });
    expect(findBase64Run(`${RUN} ${RUN}`, 1)).toEqual({ start: BASE64_RUN_MIN_CHARS + 1, end: 2 * BASE64_RUN_MIN_CHARS + 1 });
  });
});

describe(holdsBase64Run.name, () => {
  it('is true for a text holding a run and false otherwise', () => {
    expect(holdsBase64Run(`see ${RUN}.`)).toBe(true);
    expect(holdsBase64Run('a short text')).toBe(false);
    expect(holdsBase64Run('word '.repeat(100))).toBe(false);
  });
});

describe(replaceBase64Runs.name, () => {
  it('replaces each run by the marker of its length, and keeps the rest', () => {
    expect(replaceBase64Runs(`a ${RUN}== b ${RUN}x c`, mark)).toBe(`a <${BASE64_RUN_MIN_CHARS + 2}> b <${BASE64_RUN_MIN_CHARS + 1}> c`);
  });

  it('returns the text itself where it holds no run', () => {
    const text = 'plain text '.repeat(40);
    expect(replaceBase64Runs(text, mark)).toBe(text);
    expect(replaceBase64Runs('short', mark)).toBe('short');
  });
});

describe(holdsBase64RunDecoded.name, () => {
  it('finds a run that percent-encoding broke up, and none where decoding leaves it short', () => {
    expect(holdsBase64RunDecoded(`x=${'ab%2Bcd%2F'.repeat(40)}`)).toBe(true);
    expect(holdsBase64RunDecoded(`x=${'ab%2Bcd%2F'.repeat(20)}`)).toBe(false);
    expect(holdsBase64RunDecoded(`x=${'ab%20cd%2F'.repeat(40)}`)).toBe(false);
    expect(holdsBase64RunDecoded('a&b'.repeat(200))).toBe(false);
  });

  // A uri with no run is answered without reading its runs: each case below sits on an edge of
  // that shortcut, and must be answered as the full reading answers it.
  const query = (run: string) => `https://files.example.com/a/b?page=2&${'x=1&'.repeat(60)}v=${run}&w=3`;

  it('finds a run of exactly the bound in a long uri, and none a character shorter', () => {
    expect(holdsBase64RunDecoded(query(RUN))).toBe(true);
    expect(holdsBase64RunDecoded(query(RUN.slice(1)))).toBe(false);
    expect(holdsBase64RunDecoded(RUN)).toBe(true);
    expect(holdsBase64RunDecoded(RUN.slice(1))).toBe(false);
  });

  it('finds a run at the very end of a uri, after spans that fall just short of one', () => {
    const short = `${'A'.repeat(BASE64_RUN_MIN_CHARS - 1)}.`;
    expect(holdsBase64RunDecoded(`${short.repeat(3)}${RUN}`)).toBe(true);
    expect(holdsBase64RunDecoded(short.repeat(4))).toBe(false);
  });

  it('finds a run that what an encoding puts inside it keeps whole', () => {
    const half = 'A'.repeat(BASE64_RUN_MIN_CHARS / 2);
    for (const inside of ['\u200b', '\u{e0041}', '\\/', '\n']) {
      expect(holdsBase64RunDecoded(query(`${half}${inside}${half}`))).toBe(true);
    }
    expect(holdsBase64RunDecoded(query(`${half}%0A${half}`))).toBe(true);
    expect(holdsBase64RunDecoded(query(`${half}.${half}`))).toBe(false);
  });

  it('finds a short run after a PEM armour line, in a short uri and a long one', () => {
    const pem = `-----BEGIN KEY-----\n${'A'.repeat(BASE64_LINE_MIN_CHARS)}`;
    expect(holdsBase64RunDecoded(pem)).toBe(true);
    expect(holdsBase64RunDecoded(`x=${'a&'.repeat(200)}${pem}`)).toBe(true);
    expect(holdsBase64RunDecoded(`-----BEGIN KEY-----\n${'A'.repeat(BASE64_LINE_MIN_CHARS - 1)}`)).toBe(false);
  });
});

describe('what an encoding puts inside a run', () => {
  const B = Buffer.from(Array.from({ length: 600 }, (_, i) => i % 256)).toString('base64');
  const lines = (width: number) => B.match(new RegExp(`.{1,${width}}`, 'g'))!;

  it.each([
    ['PEM lines (64, LF)', lines(64).join('\n')],
    ['MIME lines (76, CRLF)', lines(76).join('\r\n')],
    ['JSON-escaped lines', JSON.stringify(lines(64).join('\r\n')).slice(1, -1)],
    ['escaped slashes (PHP json_encode)', B.replaceAll('/', '\\/')],
    ...['\u200b', '\u00ad', '\u2060', '\u200d', '\ufeff', '\u{e0041}'].map(
      (char) => [`invisible U+${char.codePointAt(0)!.toString(16)}`, lines(100).join(char)] as [string, string],
    ),
  ])('continues a run through %s', (_name, text) => {
    const run = findBase64Run(text);
    expect(run).toBeDefined();
    expect(run!.end - run!.start).toBeGreaterThanOrEqual(B.length - 76);
  });

  it('glues no lines shorter than a line of base64, nor lines of prose', () => {
    expect(findBase64Run(Array.from({ length: 20 }, () => 'A'.repeat(BASE64_LINE_MIN_CHARS - 1)).join('\n'))).toBeUndefined();
    expect(findBase64Run(Array.from({ length: 20 }, () => 'The quick brown fox jumps over the lazy dog and then rests.').join('\n'))).toBeUndefined();
    expect(findBase64Run(`${'A'.repeat(150)}\n\n${'A'.repeat(150)}`)).toBeUndefined();
  });

  it('counts a PEM body after its armour line from one full line', () => {
    const key = 'MHcCAQEEIBfV3'.padEnd(64, 'A');
    const pem = `-----BEGIN EC PRIVATE KEY-----\n${key}\n${key}\n-----END EC PRIVATE KEY-----`;
    expect(replaceBase64Runs(pem, mark)).toBe(`-----BEGIN EC PRIVATE KEY-----\n<${2 * 64 + 1}>\n-----END EC PRIVATE KEY-----`);
    expect(findBase64Run(`not armour\n${key}\n${key}`)).toBeUndefined();
  });

  it('reads a text of many breaks and escapes in one pass (each character a bounded number of times)', () => {
    const text = `${'A'.repeat(BASE64_LINE_MIN_CHARS)}\n${'B'.repeat(BASE64_LINE_MIN_CHARS - 1)}.`.repeat(5000) + '\\'.repeat(10_000);
    const charCodeAt = vi.spyOn(String.prototype, 'charCodeAt');
    try {
      expect(findBase64Run(text)).toBeUndefined();
      expect(charCodeAt.mock.calls.length).toBeLessThan(8 * text.length);
    } finally {
      charCodeAt.mockRestore();
    }
  });

  // Pieces a run can't pass but that end none, over and over: the span ahead is read back once, not once a piece.
  it.each([
    ['a control character as JSON escapes it', JSON.stringify('\u0001'.repeat(20_000))],
    ['line breaks as JSON escapes them', JSON.stringify('\n'.repeat(20_000))],
    ['line breaks', '\n'.repeat(20_000)],
    ['zero-width spaces', '\u200b'.repeat(20_000)],
  ])('reads %s each character a bounded number of times', (_what, text) => {
    const charCodeAt = vi.spyOn(String.prototype, 'charCodeAt');
    try {
      expect(findBase64Run(text)).toBeUndefined();
      // Read back once a span, it was 17–43 reads a character.
      expect(charCodeAt.mock.calls.length).toBeLessThan(8 * text.length);
    } finally {
      charCodeAt.mockRestore();
    }
  });
});
