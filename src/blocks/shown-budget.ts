/**
 * What one render may show of blocks other than text, the budgets that bound a result's output
 * and work whatever its shape (issue 12): its stubs (with withheld lines) share one budget, and
 * its link lines, markers and image placeholders another. Once either is spent, the rest of the
 * result's blocks are counted in one notice and never classified, so a render registers only
 * references it shows. The copies keep every such block whole (they share the cap with the
 * texts first); text is bounded by the copies' share of the cap, and image bytes by the image
 * byte budget.
 */
import { REFERENCE_STUB_MAX_CHARS } from '../references/stub.js';
import type { ShownKind } from './shown-block.js';

/** Each budget's floor, whatever the cap: eight stubs at their longest. */
const SHOWN_BUDGET_FLOOR = 8 * REFERENCE_STUB_MAX_CHARS;

/**
 * The characters one render's stubs and withheld lines may take — and apart, its link lines,
 * markers and image placeholders: the cap, or the floor where the cap is smaller. The copies
 * keep stubs found in a text they cut within the same budget, so every stub a render
 * classifies is kept.
 */
export function shownBudget(cap: number): number {
  return Math.max(cap, SHOWN_BUDGET_FLOOR);
}

/** What a render has left of its two budgets; spent as blocks are classified. */
export interface ShownLeft {
  /** Characters left for stubs and withheld lines. */
  stubs: number;
  /** Characters left for link lines, markers and image placeholders. */
  lines: number;
}

/** Both budgets, whole, for a render at `cap`. */
export function shownLeftFor(cap: number): ShownLeft {
  const budget = shownBudget(cap);
  return { stubs: budget, lines: budget };
}

/** Whether either budget is spent: the blocks after this point are only counted. */
export function isSpent(left: ShownLeft): boolean {
  return left.stubs < 0 || left.lines < 0;
}

/**
 * Spends what a classified block of `kind` shows, `chars` long; text spends nothing here. An
 * image spends its placeholder: the stored copy names every image the live copy sends.
 */
export function spend(left: ShownLeft, kind: ShownKind, chars: number): void {
  if (kind === 'stub' || kind === 'withheld') left.stubs -= chars;
  else if (kind === 'link' || kind === 'marker' || kind === 'image') left.lines -= chars;
}
