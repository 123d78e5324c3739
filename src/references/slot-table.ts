/**
 * The registry's tables of slots (a held record's place) by a 32-bit key — an id's random bits
 * (`refIdKey`), or a uri's hash (`uriHash`): open addressing over two typed arrays, with linear
 * probing and backward-shift deletion (no tombstones). Keys may repeat; a caller walks the cells
 * holding its key and tells its record by comparing the record itself. Every store and delete
 * writes numbers only, so a table is never the garbage collector's concern, where a `Map` of
 * records costs a store barrier, a remembered slot and (for a uri) a hash of its text per link
 * on the lane's hot path.
 */

/** No cell: the end of a key's cells. */
export const NO_CELL = -1;
/** Cells per slot a table holds: at most half full, so a probe run stays short. */
const CELLS_PER_SLOT = 2;

/** A table of slot numbers by key. */
export class SlotTable {
  /** Each cell's key (meaningful only where its slot cell is set). */
  #keys: Int32Array;
  /** Each cell's slot plus one; 0 for an empty cell. */
  #slots: Int32Array;
  #mask: number;

  /** @param slots how many slots the table must hold at once */
  constructor(slots: number) {
    const cells = cellsFor(slots);
    this.#keys = new Int32Array(cells);
    this.#slots = new Int32Array(cells);
    this.#mask = cells - 1;
  }

  /** The first cell holding `key`, or {@link NO_CELL}. */
  first(key: number): number {
    return this.#from(key & this.#mask, key);
  }

  /** The next cell after `cell` (one holding `key`) that holds `key`, or {@link NO_CELL}. */
  next(cell: number, key: number): number {
    return this.#from((cell + 1) & this.#mask, key);
  }

  /** The slot a cell {@link first} or {@link next} gave holds. */
  slotAt(cell: number): number {
    return this.#slots[cell]! - 1;
  }

  #from(start: number, key: number): number {
    const keys = this.#keys;
    const slots = this.#slots;
    const mask = this.#mask;
    for (let cell = start; slots[cell] !== 0; cell = (cell + 1) & mask) if (keys[cell] === key) return cell;
    return NO_CELL;
  }

  /** Files `slot` under `key`. */
  insert(key: number, slot: number): void {
    const slots = this.#slots;
    const mask = this.#mask;
    let cell = key & mask;
    while (slots[cell] !== 0) cell = (cell + 1) & mask;
    this.#keys[cell] = key;
    slots[cell] = slot + 1;
  }

  /** Forgets `slot`, filed under `key` (a slot not filed there is left alone). */
  remove(key: number, slot: number): void {
    const keys = this.#keys;
    const slots = this.#slots;
    const mask = this.#mask;
    let hole = key & mask;
    while (slots[hole] !== 0 && (keys[hole] !== key || slots[hole] !== slot + 1)) hole = (hole + 1) & mask;
    if (slots[hole] === 0) return;
    // Backward shift: each later cell of the run whose home is not between the hole and itself
    // moves into the hole, so every key held stays reachable from its home without tombstones.
    for (let cell = (hole + 1) & mask; slots[cell] !== 0; cell = (cell + 1) & mask) {
      const home = keys[cell]! & mask;
      const reachable = hole <= cell ? home > hole && home <= cell : home > hole || home <= cell;
      if (reachable) continue;
      keys[hole] = keys[cell]!;
      slots[hole] = slots[cell]!;
      hole = cell;
    }
    slots[hole] = 0;
  }

  /** Forgets every slot filed. */
  clear(): void {
    this.#slots.fill(0);
  }

  /** Makes room for `slots` slots at once, keeping every one held. */
  grow(slots: number): void {
    const cells = cellsFor(slots);
    if (cells <= this.#slots.length) return;
    const keys = this.#keys;
    const held = this.#slots;
    this.#keys = new Int32Array(cells);
    this.#slots = new Int32Array(cells);
    this.#mask = cells - 1;
    for (let cell = 0; cell < held.length; cell += 1) if (held[cell] !== 0) this.insert(keys[cell]!, held[cell]! - 1);
  }
}

/** The power of two at least {@link CELLS_PER_SLOT} times `slots` (and at least 8). */
function cellsFor(slots: number): number {
  let cells = 8;
  while (cells < slots * CELLS_PER_SLOT) cells *= 2;
  return cells;
}
