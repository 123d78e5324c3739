/**
 * The two copies of a result, both from its one classification (SPEC §5.3): the stored text the
 * history keeps, and the live copy the model reads this turn.
 */
import { shownLength, type LiveBlock, type ShownBlock, type ShownMedia } from '../blocks/shown-block.js';
import { omittedTextsNotice, stubsNotKeptNotice, truncationNotice } from '../text/markers.js';
import { cutAt } from '../text/well-formed.js';
import { shownBudget } from '../blocks/shown-budget.js';
import { goesNative } from './goes-native.js';

/** The live copy: native blocks, or text. */
export type LiveCopy = { readonly kind: 'native'; readonly blocks: LiveBlock[] } | { readonly kind: 'text'; readonly text: string };

/**
 * A block's text cut at `cap` with the truncation notice (naming the whole text's length) after
 * the cut, or whole when it fits.
 */
export function cutText(block: ShownBlock, cap: number): string {
  const length = shownLength(block);
  return length <= cap ? block.text : `${cutAt(block.text, cap)}${truncationNotice(length)}`;
}

/**
 * The stored copy: the blocks' texts joined by newlines, cut at `cap` with a notice naming the
 * original length; the reference stubs the cut dropped (whole or in part) are kept after the
 * notice, so a truncated result doesn't lose its references — within a second budget
 * (`shownBudget`: the cap, or eight stubs' worth where the cap is smaller), which they share —
 * then its link lines, within a budget of the same size; any past those are counted in one
 * notice, and so are blocks past what the result may show. Every reference a render registers
 * is shown (the classifier stops at the same budgets). Other markers aren't kept.
 */
export function buildStoredCopy(shown: readonly ShownBlock[], cap: number): string {
  let total = shown.length === 0 ? 0 : shown.length - 1;
  for (const block of shown) total += shownLength(block);
  if (total <= cap) return joinTexts(shown, shown.length, undefined);
  // Only the part before the cut is joined: a long result costs its cap, not its length.
  const past = new KeptPastTheCut(shownBudget(cap));
  const notices: string[] = [];
  let kept = 0;
  let last: string | undefined;
  let offset = 0;
  for (const block of shown) {
    const start = offset;
    const end = start + shownLength(block);
    // A block's piece begins at its joining newline, one before the block itself.
    if (start === 0 || start - 1 < cap) {
      kept += 1;
      // Only what the cut can keep is copied: a 5 MB text costs its cap, not its length.
      last = end > cap ? block.text.slice(0, cap - start + 1) : undefined;
    }
    if (end > cap) {
      if (block.kind === 'stub') past.stub(block.text);
      if (block.kind === 'link') past.line(block.text);
      if (block.kind === 'text' && block.stubs !== undefined) {
        const tail = start >= cap ? '' : block.text.slice(0, cap - start);
        for (const stub of block.stubs) if (!tail.includes(JSON.stringify(stub).slice(1, -1))) past.stub(stub);
      }
      if (block.kind === 'marker' && block.reason === 'blocks-not-shown') notices.push(block.text);
    }
    offset = end + 1;
  }
  const cut = cutAt(joinTexts(shown, kept, last), cap);
  if (past.dropped > 0) notices.unshift(stubsNotKeptNotice(past.dropped));
  return `${cut}${truncationNotice(total)}${[...past.kept, ...notices].map((line) => `\n${line}`).join('')}`;
}

/**
 * The references kept past the cut, in order: stubs while those before them leave some of the
 * stubs' budget, link lines likewise of their own, the rest counted. A render's classification
 * stops once its stubs (or its lines and markers) pass the same budgets, so every reference it
 * registered is kept; stubs found in data share the stubs' budget too.
 */
class KeptPastTheCut {
  readonly kept: string[] = [];
  dropped = 0;
  #stubsLeft: number;
  #linesLeft: number;

  constructor(budget: number) {
    this.#stubsLeft = budget;
    this.#linesLeft = budget;
  }

  stub(text: string): void {
    if (this.#stubsLeft < 0) this.dropped += 1;
    else {
      this.kept.push(text);
      this.#stubsLeft -= text.length;
    }
  }

  line(text: string): void {
    if (this.#linesLeft < 0) this.dropped += 1;
    else {
      this.kept.push(text);
      this.#linesLeft -= text.length;
    }
  }
}
/** The first `count` blocks' texts joined by newlines, the last one replaced by `last` if given. */
function joinTexts(shown: readonly ShownBlock[], count: number, last: string | undefined): string {
  const texts = new Array<string>(count);
  for (let index = 0; index < count; index += 1) texts[index] = shown[index]!.text;
  if (last !== undefined && count > 0) texts[count - 1] = last;
  return texts.join('\n');
}


/**
 * The live copy, from the stored pass's blocks (never classified again): native blocks when
 * {@link goesNative} — images, PDF documents and audio native, stubs and withheld lines whole, links and markers whole
 * (they fit the cap together), and the texts sharing what is left of the cap one by one, in
 * order: the text that passes it is cut with the notice, and texts after it are left out, as
 * the stored copy's cut leaves them out, and counted in one notice at the end — else the
 * stored text.
 */
export function buildLiveCopy(shown: readonly ShownBlock[], stored: string, cap: number): LiveCopy {
  if (!goesNative(shown, cap)) return { kind: 'text', text: stored };
  let budget = cap;
  for (const block of shown) if (block.kind === 'link' || block.kind === 'marker') budget -= block.text.length;
  return { kind: 'native', blocks: liveBlocks(shown, budget) };
}

/** A PDF document or audio clip as the live block that carries it natively. */
function liveMedia(block: ShownMedia): LiveBlock {
  return block.media === 'document'
    ? { type: 'document', data: block.data, mimeType: block.mimeType }
    : { type: 'audio', data: block.data, mimeType: block.mimeType };
}

/**
 * Classified blocks as live blocks: images, PDF documents and audio native, every other block but text whole, and the
 * texts sharing `textBudget` one by one in order — the text that passes it cut with the notice,
 * those after it counted in one notice at the end, never dropped silently.
 */
export function liveBlocks(shown: Iterable<ShownBlock>, textBudget: number): LiveBlock[] {
  let budget = textBudget;
  const blocks: LiveBlock[] = [];
  let omitted = 0;
  for (const block of shown) {
    if (block.kind === 'image') blocks.push({ type: 'image', data: block.data, mimeType: block.mimeType });
    else if (block.kind === 'media') blocks.push(liveMedia(block));
    else if (block.kind !== 'text') blocks.push({ type: 'text', text: block.text });
    else if (budget > 0) {
      blocks.push({ type: 'text', text: cutText(block, budget) });
      budget -= shownLength(block);
    } else omitted += 1;
  }
  if (omitted > 0) blocks.push({ type: 'text', text: omittedTextsNotice(omitted) });
  return blocks;
}
