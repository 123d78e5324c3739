/**
 * The registry's tables of slots (a held record's place) by a 32-bit key — an id's random bits
 * (`refIdKey`), or a uri's hash (`uriHash`): open addressing over one typed array, with linear
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
  /**
   * Two numbers per cell, side by side so a probe reads one cache line where two arrays would
   * cost two: at `2 × cell` the cell's slot plus one (0 for an empty cell), at `2 × cell + 1`
   * its key (meaningful only where the slot is set).
   */
  #cells: Int32Array;
  #mask: number;

  /** @param slots how many slots the table must hold at once */
  constructor(slots: number) {
    const cells = cellsFor(slots);
    this.#cells = new Int32Array(cells * 2);
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
    return this.#cells[cell * 2]! - 1;
  }

  #from(start: number, key: number): number {
    const cells = this.#cells;
    const mask = this.#mask;
    for (let cell = start; cells[cell * 2] !== 0; cell = (cell + 1) & mask) if (cells[cell * 2 + 1] === key) return cell;
    return NO_CELL;
  }

  /** Files `slot` under `key`. */
  insert(key: number, slot: number): void {
    const cells = this.#cells;
    const mask = this.#mask;
    let cell = key & mask;
    while (cells[cell * 2] !== 0) cell = (cell + 1) & mask;
    cells[cell * 2] = slot + 1;
    cells[cell * 2 + 1] = key;
  }

  /** Forgets `slot`, filed under `key` (a slot not filed there is left alone). */
  remove(key: number, slot: number): void {
    const cells = this.#cells;
    const mask = this.#mask;
    let hole = key & mask;
    while (cells[hole * 2] !== 0 && (cells[hole * 2 + 1] !== key || cells[hole * 2] !== slot + 1)) hole = (hole + 1) & mask;
    if (cells[hole * 2] === 0) return;
    // Backward shift: each later cell of the run whose home is not between the hole and itself
    // moves into the hole, so every key held stays reachable from its home without tombstones.
    for (let cell = (hole + 1) & mask; cells[cell * 2] !== 0; cell = (cell + 1) & mask) {
      const home = cells[cell * 2 + 1]! & mask;
      const reachable = hole <= cell ? home > hole && home <= cell : home > hole || home <= cell;
      if (reachable) continue;
      cells[hole * 2] = cells[cell * 2]!;
      cells[hole * 2 + 1] = cells[cell * 2 + 1]!;
      hole = cell;
    }
    cells[hole * 2] = 0;
  }

  /** Forgets every slot filed. */
  clear(): void {
    this.#cells.fill(0);
  }

  /** Makes room for `slots` slots at once, keeping every one held. */
  grow(slots: number): void {
    const cells = cellsFor(slots);
    if (cells * 2 <= this.#cells.length) return;
    const held = this.#cells;
    this.#cells = new Int32Array(cells * 2);
    this.#mask = cells - 1;
    for (let cell = 0; cell < held.length; cell += 2) if (held[cell] !== 0) this.insert(held[cell + 1]!, held[cell]! - 1);
  }
}

/** The power of two at least {@link CELLS_PER_SLOT} times `slots` (and at least 8). */
function cellsFor(slots: number): number {
  let cells = 8;
  while (cells < slots * CELLS_PER_SLOT) cells *= 2;
  return cells;
}
