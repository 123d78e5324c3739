/**
 * One budget, fairly shared (issue 14): how a result's texts share the cap, so that a short
 * text is never lost to a long one before it. Both copies take their texts' shares from here.
 */

/** A block this long or shorter is short: served first, and whole wherever the short ones fit together. */
export const SHORT_BLOCK_CHARS = 200;

/**
 * Shares `budget` among `needs` by water-filling, shortest need first (ties in order): each is
 * given what it needs up to a fair share of what is still unshared — that divided by the needs
 * not yet served, but never less than `floor`. So every need up to `floor` is met whole while
 * the needs up to `floor` fit the budget together; the longer ones share the rest equally (each
 * shorter than that share is met whole and leaves the rest to the longer); and where the budget
 * is too small for `floor` each, the shortest take `floor` in turn and the last get nothing.
 * Returns each need's share (at most the need), in the order of `needs`, never more than
 * `budget` in all. Costs at most a sort of the needs (none where they all fit): their count,
 * never their size.
 */
export function fairShares(needs: readonly number[], budget: number, floor: number): number[] {
  return Array.from(fairSharesOf(needs, needs.length, budget, floor));
}

/**
 * {@link fairShares} of the first `count` of `needs`, as a typed array: the copies share a
 * result's texts through here, so a result of many blocks costs no list of numbers that grows,
 * nor one the collector must trace.
 */
export function fairSharesOf(needs: ArrayLike<number>, count: number, budget: number, floor: number): Float64Array {
  const shares = new Float64Array(count);
  let unshared = Math.max(0, budget);
  let total = 0;
  for (let index = 0; index < count; index += 1) total += needs[index]!;
  // Where every need fits, water-filling meets each whole: no order is needed.
  if (total <= unshared) {
    for (let index = 0; index < count; index += 1) shares[index] = needs[index]!;
    return shares;
  }
  let waiting = count;
  const order = byNeed(needs, count);
  for (let at = 0; at < count; at += 1) {
    const index = order[at]!;
    const fair = Math.max(Math.floor(unshared / waiting), floor);
    const share = Math.min(needs[index]!, fair, unshared);
    shares[index] = share;
    unshared -= share;
    waiting -= 1;
  }
  return shares;
}

/** Needs below this are ordered by counting (one pass), the longer ones by a sort. */
const COUNTED_NEEDS = 512;
/** Indexes below this fit beside a need in one packed sort key. */
const INDEX_SPAN = 2 ** 22;
/** Needs below this fit, times {@link INDEX_SPAN}, in a double's exact integers. */
const NEED_SPAN = 2 ** 30;

/**
 * The indexes of `needs`, shortest need first, ties in order. Short needs (most blocks of a
 * result of many blocks) are placed by counting, in one pass; the long ones — at most one per
 * {@link COUNTED_NEEDS} characters of the result — are packed with their needs into numbers
 * and sorted natively. A comparator called per pair, or an object per block, would cost a
 * result of many small blocks more than its size.
 */
function byNeed(needs: ArrayLike<number>, count: number): ArrayLike<number> {
  const order = new Uint32Array(count);
  const starts = new Uint32Array(COUNTED_NEEDS + 1);
  let long = 0;
  for (let index = 0; index < count; index += 1) {
    const need = needs[index]!;
    if (need < COUNTED_NEEDS) starts[need + 1]! += 1;
    else long += 1;
  }
  for (let need = 1; need <= COUNTED_NEEDS; need += 1) starts[need]! += starts[need - 1]!;
  const longs = long === 0 ? undefined : new Float64Array(long);
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    const need = needs[index]!;
    if (need < COUNTED_NEEDS) order[starts[need]!++] = index;
    else longs![at++] = Math.min(need, NEED_SPAN - 1) * INDEX_SPAN + index;
  }
  if (longs === undefined) return order;
  if (count >= INDEX_SPAN) return Array.from({ length: count }, (_, index) => index).sort((a, b) => needs[a]! - needs[b]! || a - b);
  // A need clamped below NEED_SPAN only ties with others as long: no string is that long.
  longs.sort();
  const first = count - long;
  for (let place = 0; place < long; place += 1) order[first + place] = longs[place]! % INDEX_SPAN;
  return order;
}
