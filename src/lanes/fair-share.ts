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
 * `budget` in all. Costs a sort of the needs: their count, never their size.
 */
export function fairShares(needs: readonly number[], budget: number, floor: number): number[] {
  const order = Array.from(needs.keys()).sort((a, b) => needs[a]! - needs[b]! || a - b);
  const shares = new Array<number>(needs.length).fill(0);
  let unshared = Math.max(0, budget);
  let waiting = needs.length;
  for (const index of order) {
    const fair = Math.max(Math.floor(unshared / waiting), floor);
    const share = Math.min(needs[index]!, fair, unshared);
    shares[index] = share;
    unshared -= share;
    waiting -= 1;
  }
  return shares;
}
