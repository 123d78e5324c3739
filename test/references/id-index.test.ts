import { describe, expect, it } from 'vitest';
import { IdIndex } from '../../src/references/id-index.js';
import { NO_CELL, type SlotTable } from '../../src/references/slot-table.js';

/** Every slot filed under `key`, sorted. */
function slotsUnder(table: SlotTable, key: number): number[] {
  const found: number[] = [];
  for (let cell = table.first(key); cell !== NO_CELL; cell = table.next(cell, key)) found.push(table.slotAt(cell));
  return found.sort((a, b) => a - b);
}

/** A small pseudo-random sequence, so a failing case repeats. */
function* numbers(seed: number): Generator<number> {
  let state = seed;
  for (;;) {
    state = (Math.imul(state, 1103515245) + 12345) | 0;
    yield Math.abs(state);
  }
}

/** The slots each key names in `model` (slot → key), sorted. */
function modelSlots(model: ReadonlyMap<number, number>, key: number): number[] {
  return [...model]
    .filter(([, held]) => held === key)
    .map(([slot]) => slot)
    .sort((a, b) => a - b);
}

describe(IdIndex.name, () => {
  it('answers every lookup as a table refiled at every change would, however many changes come between lookups', () => {
    // Slots are taken in order from 0 (as the registry takes them) and then refiled at random,
    // under keys that crowd a few homes; lookups come after 0 to 3 changes (each refiled in
    // place), or after runs longer than the slots held (the table made anew).
    const random = numbers(11);
    const model = new Map<number, number>();
    const index = new IdIndex(4, (slot) => model.get(slot)!);
    let slots = 0;
    for (let round = 0; round < 400; round += 1) {
      const changes = round % 10 === 9 ? 80 : random.next().value % 4;
      for (let change = 0; change < changes; change += 1) {
        const grow = slots < 64 && random.next().value % 3 === 0;
        const slot = grow || slots === 0 ? slots++ : random.next().value % slots;
        if (slots > 4) index.grow(Math.max(slots, 4));
        const key = (random.next().value % 12) * 64 + (random.next().value % 3);
        model.set(slot, key);
        index.refile(slot);
      }
      const table = index.table();
      for (const key of new Set(model.values())) expect(slotsUnder(table, key)).toEqual(modelSlots(model, key));
      expect(slotsUnder(table, 5)).toEqual(modelSlots(model, 5));
    }
  });

  it('files a slot once, under the key it holds at the lookup, whichever keys it had between lookups', () => {
    const keys = [3, 4];
    const index = new IdIndex(8, (slot) => keys[slot]!);
    index.refile(0);
    index.refile(1);
    expect(slotsUnder(index.table(), 3)).toEqual([0]);
    for (const key of [5, 6, 4]) {
      keys[0] = key;
      index.refile(0);
    }
    const table = index.table();
    expect(slotsUnder(table, 3)).toEqual([]);
    expect(slotsUnder(table, 5)).toEqual([]);
    expect(slotsUnder(table, 6)).toEqual([]);
    expect(slotsUnder(table, 4)).toEqual([0, 1]);
  });
});
