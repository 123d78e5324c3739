import { describe, expect, it } from 'vitest';
import { BASE64_RUN_MIN_CHARS, findBase64Run, holdsBase64Run, holdsBase64RunDecoded, replaceBase64Runs } from '../../src/text/base64-run.js';

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
});
