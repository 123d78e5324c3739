import { describe, expect, it } from 'vitest';
import { NO_CELL, SlotTable } from '../../src/references/slot-table.js';

/** Every slot filed under `key`, in probe order. */
function slotsUnder(table: SlotTable, key: number): number[] {
  const found: number[] = [];
  for (let cell = table.first(key); cell !== NO_CELL; cell = table.next(cell, key)) found.push(table.slotAt(cell));
  return found;
}

/** A small pseudo-random sequence, so a failing case repeats. */
function* numbers(seed: number): Generator<number> {
  let state = seed;
  for (;;) {
    state = (Math.imul(state, 1103515245) + 12345) | 0;
    yield state;
  }
}

describe(SlotTable.name, () => {
  it('finds every slot filed under a key, repeated keys and all, and none under a key not filed', () => {
    const table = new SlotTable(8);
    table.insert(5, 0);
    table.insert(5, 1);
    table.insert(13, 2);
    table.insert(-7, 3);
    expect(slotsUnder(table, 5).sort()).toEqual([0, 1]);
    expect(slotsUnder(table, 13)).toEqual([2]);
    expect(slotsUnder(table, -7)).toEqual([3]);
    expect(slotsUnder(table, 6)).toEqual([]);
  });

  it('keeps every other slot reachable as slots are removed from runs that collide and wrap around the end', () => {
    // Random churn over a small table: keys crowd a few homes (so runs form, wrap, and shift back).
    const table = new SlotTable(16);
    const held = new Map<number, number>();
    const random = numbers(7);
    for (let step = 0; step < 5000; step += 1) {
      const slot = Math.abs(random.next().value) % 16;
      const known = held.get(slot);
      if (known !== undefined) {
        table.remove(known, slot);
        held.delete(slot);
      } else {
        // Homes at the table's last four cells and its first two (it has 32): a run of up to 16
        // wraps past its end, among keys whose homes are past the wrap.
        const key = (Math.abs(random.next().value) % 6) * 32 + ((28 + (Math.abs(random.next().value) % 6)) % 32);
        table.insert(key, slot);
        held.set(slot, key);
      }
      for (const [other, key] of held) expect(slotsUnder(table, key)).toContain(other);
    }
  });

  it('removes only the slot named, not another filed under the same key', () => {
    const table = new SlotTable(4);
    table.insert(9, 0);
    table.insert(9, 1);
    table.insert(9, 2);
    table.remove(9, 1);
    expect(slotsUnder(table, 9).sort()).toEqual([0, 2]);
    table.remove(9, 3);
    expect(slotsUnder(table, 9).sort()).toEqual([0, 2]);
  });

  it('keeps every slot through growing', () => {
    const table = new SlotTable(2);
    for (let slot = 0; slot < 2; slot += 1) table.insert(slot * 8, slot);
    table.grow(100);
    for (let slot = 2; slot < 100; slot += 1) table.insert(slot * 8, slot);
    for (let slot = 0; slot < 100; slot += 1) expect(slotsUnder(table, slot * 8)).toEqual([slot]);
  });
});
