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
