/**
 * The registry's table of slots by id key (`refIdKey`), brought up to date only when an id is
 * looked up. Registering a new uri changes its slot's id; most hosts look ids up far more
 * rarely (a fetch, a script handing an object back) than they register links (hundreds a
 * result), so each change is only noted — one number in a list, the id not even read — and the
 * table takes in the changes noted since the last lookup when the next one comes: each slot
 * refiled once, under the key of the id it holds then, however often its id changed meanwhile, and the whole table made anew where most slots changed. A
 * lookup's answer is the one a table kept up to date at every change would give.
 */
import { SlotTable } from './slot-table.js';

/** No key: a slot not filed in the table. */
const UNFILED = -1;

/** A table of slots by id key that takes in its changes at the next lookup. */
export class IdIndex {
  readonly #table: SlotTable;
  /** The key of the id a slot holds now. */
  readonly #keyOf: (slot: number) => number;
  /** Each slot's key as the table files it, or {@link UNFILED}. */
  #filed: Int32Array;
  /** 1 for each slot in {@link #changed}. */
  #marked: Uint8Array;
  /** The slots whose id changed since the table last took changes in, each once. */
  #changed: Int32Array;
  #changes = 0;
  /** How many slots hold an id (slots are filled in order, from 0, and never emptied). */
  #held = 0;

  /**
   * @param slots how many slots the index must hold at once
   * @param keyOf the key of the id a slot holds now: read only when the table takes the slot in
   */
  constructor(slots: number, keyOf: (slot: number) => number) {
    this.#table = new SlotTable(slots);
    this.#keyOf = keyOf;
    this.#filed = new Int32Array(slots).fill(UNFILED);
    this.#marked = new Uint8Array(slots);
    this.#changed = new Int32Array(slots);
  }

  /** Notes that `slot` holds a record under a new id. */
  refile(slot: number): void {
    if (slot >= this.#held) this.#held = slot + 1;
    if (this.#marked[slot] === 1) return;
    this.#marked[slot] = 1;
    this.#changed[this.#changes++] = slot;
  }

  /** The table of slots by key, every change noted so far taken in. */
  table(): SlotTable {
    const changes = this.#changes;
    if (changes === 0) return this.#table;
    const table = this.#table;
    const keyOf = this.#keyOf;
    const filed = this.#filed;
    // Where most slots changed, the table is made anew: one insert per slot, no removal.
    if (changes * 2 > this.#held) {
      table.clear();
      for (let slot = 0; slot < this.#held; slot += 1) {
        const key = keyOf(slot);
        table.insert(key, slot);
        filed[slot] = key;
      }
    } else {
      for (let change = 0; change < changes; change += 1) {
        const slot = this.#changed[change]!;
        if (filed[slot] !== UNFILED) table.remove(filed[slot]!, slot);
        const key = keyOf(slot);
        table.insert(key, slot);
        filed[slot] = key;
      }
    }
    for (let change = 0; change < changes; change += 1) this.#marked[this.#changed[change]!] = 0;
    this.#changes = 0;
    return table;
  }

  /** Makes room for `slots` slots at once, keeping every one held and every change noted. */
  grow(slots: number): void {
    if (slots <= this.#filed.length) return;
    this.#table.grow(slots);
    const filed = new Int32Array(slots).fill(UNFILED);
    filed.set(this.#filed);
    this.#filed = filed;
    const marked = new Uint8Array(slots);
    marked.set(this.#marked);
    this.#marked = marked;
    this.#changed = grown(this.#changed, slots);
  }
}

/** `array` copied into a new one of `length` numbers (the rest 0). */
function grown(array: Int32Array, length: number): Int32Array {
  const larger = new Int32Array(length);
  larger.set(array);
  return larger;
}
