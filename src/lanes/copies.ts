/**
 * The two copies of a result, both from its one classification (docs/design.md §5.3): the stored text the
 * history keeps, and the live copy the model reads this turn.
 */
import { isPartText, shownLength, type LiveBlock, type ShownBlock, type ShownMedia } from '../blocks/shown-block.js';
import { blockCutNotice, omittedTextsNotice, stubsNotKeptNotice } from '../text/markers.js';
import { cutAt } from '../text/well-formed.js';
import { shownBudget } from '../blocks/shown-budget.js';
import { fairSharesOf, SHORT_BLOCK_CHARS } from './fair-share.js';
import { goesNative } from './goes-native.js';

/** The live copy: native blocks, or text. */
export type LiveCopy = { readonly kind: 'native'; readonly blocks: LiveBlock[] } | { readonly kind: 'text'; readonly text: string };

/** The length of the shortest cut notice (every number one digit). */
const SHORTEST_CUT_NOTICE = blockCutNotice(1, 1, 0, 0).length;

/** The most text blocks left out that the copies name one by one; those past it are counted. */
export const LEFT_OUT_NAMED_MAX = 4;

/**
 * What both copies show of a result past the cap, block by block: each text block's lines (its
 * text whole, or its piece and cut notice, then any stubs in it the piece dropped; none where
 * it is left out), and the notices that close the copy. Blocks other than text are shown whole.
 */
export interface SharedTexts {
  /** By block index: a text block's lines where it isn't whole; `undefined` for a block shown whole (any other kind, or a text that fits its share). */
  readonly texts: readonly (readonly string[] | undefined)[];
  /** The left-out texts' notices, and the count of stubs past their budget. */
  readonly closing: readonly string[];
}

/**
 * Shares the cap among a result's blocks (issue 14, one budget fairly shared): blocks other than
 * text (stubs, link lines, markers, withheld lines, image placeholders) go whole — the
 * classifier's budgets bound them (`shownBudget`) — and count against the cap first, each with
 * its newline; the texts share what they leave, but never less than half the cap, by
 * {@link fairSharesOf}: each needs its length and its newline, short ones (up to
 * {@link SHORT_BLOCK_CHARS}) come first and whole, the long ones share the rest. A text whose
 * share is short of its need is cut, its piece and its notice ({@link blockCutNotice}) within
 * its share; where its share can't hold the notice and a character, it is left out, named in a
 * closing notice (the first {@link LEFT_OUT_NAMED_MAX}, the rest counted). Stubs found in a cut
 * text that its piece dropped are kept whole after its notice, within the stubs' budget. Only
 * what a piece keeps is copied: a 5 MB text costs its share, not its length.
 */
export function shareTexts(shown: readonly ShownBlock[], cap: number): SharedTexts {
  const plan = planTexts(shown, cap);
  const texts: (readonly string[] | undefined)[] = new Array<readonly string[] | undefined>(shown.length).fill(undefined);
  for (let index = 0; index < shown.length; index += 1) if (plan.notWhole[index] === 1) texts[index] = linesOf(plan, index);
  return { texts, closing: plan.closing };
}

/**
 * How {@link shareTexts} shares the cap, kept compact for a result of many blocks: a flag per
 * block, and lines only for the texts that show some (at most one per few characters of the
 * cap, and the texts whose stubs are kept).
 */
interface TextPlan {
  /** By block index: 1 where the block is a text not shown whole (cut, or left out). */
  readonly notWhole: Uint8Array;
  /** The lines of a text not shown whole, where it shows any; absent, it shows none. */
  readonly lines: ReadonlyMap<number, readonly string[]>;
  readonly closing: readonly string[];
}

/** The lines a text not shown whole shows (none where it is left out with no stub kept). */
function linesOf(plan: TextPlan, index: number): readonly string[] {
  return plan.lines.size === 0 ? NO_LINES : (plan.lines.get(index) ?? NO_LINES);
}

/** {@link shareTexts}'s work: per block a flag, not a list (see {@link TextPlan}). */
function planTexts(shown: readonly ShownBlock[], cap: number): TextPlan {
  const count = shown.length;
  let fixed = 0;
  // Typed, and sized once: one number per text, in a store the collector never traces.
  const needs = new Float64Array(count);
  let texts = 0;
  for (let index = 0; index < count; index += 1) {
    const block = shown[index]!;
    if (block.kind === 'text') needs[texts++] = shownLength(block) + 1;
    else fixed += block.text.length + 1;
  }
  // The last block has no newline after it: the budget holds one more than the cap.
  const budget = Math.max(cap + 1 - fixed, Math.floor(cap / 2) + 1);
  const shares = fairSharesOf(needs, texts, budget, SHORT_BLOCK_CHARS + 1);
  const stubs = new KeptStubs(shownBudget(cap));
  const notWhole = new Uint8Array(count);
  const lines = new Map<number, readonly string[]>();
  // The first left-out texts are named; the rest only counted, so no record is kept per block.
  const closing: string[] = [];
  let leftOutCount = 0;
  let leftOutChars = 0;
  let nth = 0;
  for (let index = 0; index < count; index += 1) {
    const block = shown[index]!;
    if (block.kind !== 'text') continue;
    const need = needs[nth]!;
    const share = shares[nth]!;
    nth += 1;
    // A text that is only a start is always cut: its notice says what was left out.
    if (share >= need && !isPartText(block)) continue;
    notWhole[index] = 1;
    const length = need - 1;
    // The piece, the blank line before its notice and the notice fit the share, less its newline.
    // A share no notice fits in is left out without making one (a notice is never shorter than
    // the one with the fewest digits).
    const room = share - 3 <= SHORTEST_CUT_NOTICE ? 0 : share - 3 - blockCutNotice(index + 1, count, length, share).length;
    const piece = room > 0 ? cutAt(block.text, room) : '';
    if (piece === '') {
      leftOutCount += 1;
      if (leftOutCount <= LEFT_OUT_NAMED_MAX) closing.push(blockCutNotice(index + 1, count, length, 0));
      else leftOutChars += length;
    }
    // A text left out with no stubs to keep (most blocks of a result of many tiny ones) gets no
    // lines: no list is made per block.
    const found = block.stubs;
    if (piece === '' && (found === undefined || found.length === 0)) continue;
    const own = piece === '' ? [] : [`${piece}\n\n${blockCutNotice(index + 1, count, length, piece.length)}`];
    if (found !== undefined) for (const stub of found) if (!piece.includes(JSON.stringify(stub).slice(1, -1))) stubs.keep(stub, own);
    if (own.length > 0) lines.set(index, own);
  }
  if (leftOutCount > LEFT_OUT_NAMED_MAX) closing.push(omittedTextsNotice(leftOutCount - LEFT_OUT_NAMED_MAX, leftOutChars));
  if (stubs.dropped > 0) closing.push(stubsNotKeptNotice(stubs.dropped));
  return { notWhole, lines, closing };
}

/** The lines of a text left out with no stubs to keep: one frozen empty list for every such block. */
const NO_LINES: readonly string[] = Object.freeze([]);

/**
 * The stored copy: the blocks' texts joined by newlines, whole where they fit the cap together;
 * past it, as {@link shareTexts} shares the cap — every block other than text whole, in place,
 * the texts whole or cut with a notice naming each, and the closing notices after.
 */
export function buildStoredCopy(shown: readonly ShownBlock[], cap: number): string {
  if (fitsWhole(shown, cap)) return shown.map((block) => block.text).join('\n');
  const plan = planTexts(shown, cap);
  const { notWhole, closing } = plan;
  // One list of lines, filled in place: a list per block and the spreads that join them would
  // cost allocations per block of a large result.
  const lines: string[] = [];
  for (let index = 0; index < shown.length; index += 1) {
    if (notWhole[index] === 0) {
      lines.push(shown[index]!.text);
      continue;
    }
    const own = linesOf(plan, index);
    for (let line = 0; line < own.length; line += 1) lines.push(own[line]!);
  }
  for (let line = 0; line < closing.length; line += 1) lines.push(closing[line]!);
  return lines.join('\n');
}

/**
 * Whether the blocks' texts, joined by newlines (an image as its placeholder), fit `cap` and
 * each is whole: both copies then show every block as it is. Read only until they pass the cap.
 */
function fitsWhole(shown: readonly ShownBlock[], cap: number): boolean {
  let total = shown.length - 1;
  if (total > cap) return false;
  for (let index = 0; index < shown.length; index += 1) {
    const block = shown[index]!;
    if (isPartText(block)) return false;
    total += shownLength(block);
    if (total > cap) return false;
  }
  return true;
}

/**
 * The stubs found in texts that their pieces dropped, kept in order while those before them
 * leave some of the stubs' budget, the rest counted. A render's classification stops once its
 * stubs pass the same budget, so every stub it registered is kept.
 */
class KeptStubs {
  dropped = 0;
  #left: number;

  constructor(budget: number) {
    this.#left = budget;
  }

  keep(stub: string, lines: string[]): void {
    if (this.#left < 0) this.dropped += 1;
    else {
      lines.push(stub);
      this.#left -= stub.length;
    }
  }
}

/**
 * The live copy, from the stored pass's blocks (never classified again): native blocks when
 * {@link goesNative} — images, PDF documents and audio native, every other block as the stored
 * copy shows it (the texts as {@link shareTexts} shares the cap) — else the stored text.
 */
export function buildLiveCopy(shown: readonly ShownBlock[], stored: string, cap: number): LiveCopy {
  if (!goesNative(shown, cap)) return { kind: 'text', text: stored };
  return { kind: 'native', blocks: liveBlocks(shown, cap) };
}

/** A PDF document or audio clip as the live block that carries it natively. */
function liveMedia(block: ShownMedia): LiveBlock {
  return block.media === 'document'
    ? { type: 'document', data: block.data, mimeType: block.mimeType }
    : { type: 'audio', data: block.data, mimeType: block.mimeType };
}

/**
 * Classified blocks as live blocks: images, PDF documents and audio native, every other block
 * but text whole, and the texts as {@link shareTexts} shares the cap — whole where they fit
 * together, else each whole or cut with its notice, those left out named in the closing notices,
 * never dropped silently.
 */
export function liveBlocks(shown: readonly ShownBlock[], cap: number): LiveBlock[] {
  const plan = fitsWhole(shown, cap) ? undefined : planTexts(shown, cap);
  const blocks: LiveBlock[] = [];
  for (let index = 0; index < shown.length; index += 1) {
    const block = shown[index]!;
    if (block.kind === 'image') blocks.push({ type: 'image', data: block.data, mimeType: block.mimeType });
    else if (block.kind === 'media') blocks.push(liveMedia(block));
    else if (plan === undefined || plan.notWhole[index] === 0) blocks.push({ type: 'text', text: block.text });
    else {
      const lines = linesOf(plan, index);
      if (lines.length > 0) blocks.push({ type: 'text', text: lines.length === 1 ? lines[0]! : lines.join('\n') });
    }
  }
  if (plan !== undefined) for (const text of plan.closing) blocks.push({ type: 'text', text });
  return blocks;
}
