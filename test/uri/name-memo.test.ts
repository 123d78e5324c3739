import { describe, expect, it } from 'vitest';
import { FOLDED_NAME_MAX } from '../../src/uri/fold-name.js';
import { NAME_MEMO_MAX, NameMemo } from '../../src/uri/name-memo.js';

describe(NameMemo.name, () => {
  it('answers as its predicate does, asking it once per name kept', () => {
    const asked: string[] = [];
    const memo = new NameMemo((name) => (asked.push(name), name.endsWith('token')));
    expect([memo.holds('accesstoken'), memo.holds('page'), memo.holds('accesstoken'), memo.holds('page')]).toEqual([true, false, true, false]);
    expect(asked).toEqual(['accesstoken', 'page']);
  });

  it('asks again for a name too long to keep', () => {
    const asked: string[] = [];
    const memo = new NameMemo((name) => (asked.push(name), false));
    const long = 'a'.repeat(FOLDED_NAME_MAX + 1);
    memo.holds(long);
    memo.holds(long);
    expect(asked).toHaveLength(2);
    expect(memo.keptChars()).toBe(0);
  });

  it('holds a bounded number of characters, whatever names it is asked about', () => {
    const memo = new NameMemo(() => true);
    for (let index = 0; index < 10 * NAME_MEMO_MAX; index++) memo.holds(`${index}`.padStart(FOLDED_NAME_MAX, 'n'));
    expect(memo.keptChars()).toBeGreaterThan(0);
    expect(memo.keptChars()).toBeLessThanOrEqual(NAME_MEMO_MAX * FOLDED_NAME_MAX);
  });
});
