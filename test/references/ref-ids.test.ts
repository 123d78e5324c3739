import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { IDS_PER_DRAW, newRefId, REF_ID_PATTERN, refIdKey } from '../../src/references/ref-ids.js';

describe(newRefId.name, () => {
  it('makes distinct ids of the one form across draws of randomness, each with the key its text reads as', () => {
    const issued = Array.from({ length: IDS_PER_DRAW * 3 + 7 }, () => newRefId());
    expect(new Set(issued.map((id) => id.refId)).size).toBe(issued.length);
    for (const { refId, key } of issued) {
      expect(refId).toMatch(REF_ID_PATTERN);
      expect(refIdKey(refId)).toBe(key);
      expect(Number.isSafeInteger(key) && key >= 0 && key < 2 ** 30).toBe(true);
    }
  });
});

describe(refIdKey.name, () => {
  it('reads a key only from an id of the one form', () => {
    const { refId } = newRefId();
    for (const other of [
      refId.slice(1),
      `${refId}A`,
      refId.slice(0, -1),
      `REF-${refId.slice(4)}`,
      `ref-${'%'.repeat(16)}`,
      `ref-${'é'.repeat(16)}`,
      `ref-+${refId.slice(5)}`,
      '',
    ]) {
      expect(refIdKey(other)).toBeUndefined();
    }
    // Only the first 5 random characters make the key: a lookup must still compare the whole id.
    expect(refIdKey(`${refId.slice(0, -1)}${refId.endsWith('A') ? 'B' : 'A'}`)).toBe(refIdKey(refId));
  });
});

describe('ids held past their draw', () => {
  it('keep their own characters alive, never the draw they came from', () => {
    v8.setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    // One id kept from each of 300 draws: were each a slice of its draw's text, each would keep
    // that text (20 characters × IDS_PER_DRAW) alive, some 12 MB in all; on their own, 6 KB.
    const draws = 300;
    collect();
    const before = process.memoryUsage().heapUsed;
    const kept: string[] = [];
    for (let draw = 0; draw < draws; draw += 1) {
      for (let id = 0; id < IDS_PER_DRAW; id += 1) {
        const { refId } = newRefId();
        if (id === 0) kept.push(refId);
      }
    }
    collect();
    const held = process.memoryUsage().heapUsed - before;
    expect(new Set(kept).size).toBe(draws);
    expect(held).toBeLessThan((draws * 20 * IDS_PER_DRAW) / 8);
  });
});
