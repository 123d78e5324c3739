/**
 * How far `blockwise render` keeps each text of a result of text blocks: only as far as the
 * copies can show it. The copies share the cap among a result's texts (`fairSharesOf`, as
 * `src/lanes/copies.ts` plans them): a text longer than its share is shown as a piece shorter
 * than the share and a notice naming its length, so the rest of it is never read. The shares
 * hang on every text's length, so a first reading ({@link TextSurvey}) keeps each text as far as
 * any share could reach (the cap) while that stays small, and only the lengths past that; where
 * it kept less than some share needs, a second reading ({@link SharedTexts}) keeps each text as
 * far as its own share.
 */
import { textOfTextBlock } from '../blocks/classify.js';
import { fairSharesOf, SHORT_BLOCK_CHARS } from '../lanes/fair-share.js';
import { NoStandIn, type BlockTexts } from './streamed-json.js';

/**
 * Units kept past a text's share: a piece is cut at most at its share, where `cutAt` looks one
 * unit back and `wellFormedUpTo` may change the start's last unit (half of a pair it split).
 */
const SHARE_MARGIN = 16;

/** The most text units the first reading keeps, in all, before it keeps only lengths. */
function retainedMax(cap: number): number {
  return (1 << 20) + 4 * cap;
}

/**
 * The texts' budget in a result of texts only: what `planTexts` (`src/lanes/copies.ts`) shares
 * where no block but text takes any of the cap (each text's need counts its newline; the last
 * has none, so one more than the cap).
 */
function textsBudget(cap: number): number {
  return Math.max(cap + 1, Math.floor(cap / 2) + 1);
}

/** A growable list of numbers in a store the collector never traces. */
class Numbers {
  #values = new Float64Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.#values.length) {
      const grown = new Float64Array(this.#values.length * 2);
      grown.set(this.#values);
      this.#values = grown;
    }
    this.#values[this.length++] = value;
  }
  at(index: number): number {
    return this.#values[index]!;
  }
}

/**
 * The first reading: every content text kept to the largest share and a little more
 * while the texts kept stay under {@link retainedMax}, then to nothing; each text's length noted.
 * A text kept short of its whole is only of use in a result of texts alone: once one is cut
 * beside a block of another kind or beside data ({@link withData}), the reading throws
 * {@link NoStandIn}, there and then, and the caller reads the file whole.
 */
export class TextSurvey implements BlockTexts {
  /** Every element read was a text block (a record of type `text` with a string `text`). */
  onlyTexts = true;
  /** Some text was kept short of its whole. */
  cut = false;
  readonly #cap: number;
  readonly #lengths = new Numbers();
  readonly #kept = new Numbers();
  #retained = 0;
  #withData = false;

  constructor(cap: number) {
    this.#cap = cap;
  }

  keepOf(): number {
    return this.#retained < retainedMax(this.#cap) ? textsBudget(this.#cap) + SHARE_MARGIN : 0;
  }

  noteBlock(index: number, element: unknown, textLength: number | undefined): void {
    if (index !== this.#lengths.length || textLength === undefined || textOfTextBlock(element, 0) === undefined) this.onlyTexts = false;
    else {
      const kept = (element as { text: string }).text.length;
      this.#lengths.push(textLength);
      this.#kept.push(kept);
      this.#retained += kept;
      if (kept < textLength) this.cut = true;
    }
    this.#refuseCut();
  }

  /** Told where the result holds data (a `structuredContent`), as the reading comes to it. */
  withData(): void {
    this.#withData = true;
    this.#refuseCut();
  }

  #refuseCut(): void {
    if (this.cut && (this.#withData || !this.onlyTexts)) throw new NoStandIn('a text cut beside what is not a text');
  }

  /** How many texts were read. */
  get count(): number {
    return this.#lengths.length;
  }

  /**
   * How far each text must be kept for the copies to show what they show of the whole (see
   * {@link keptFor}), or undefined where what this reading kept is enough.
   */
  keepNeeded(): Float64Array | undefined {
    const count = this.count;
    const needs = new Float64Array(count);
    for (let index = 0; index < count; index += 1) needs[index] = this.#lengths.at(index) + 1;
    const shares = fairSharesOf(needs, count, textsBudget(this.#cap), SHORT_BLOCK_CHARS + 1);
    let enough = true;
    for (let index = 0; index < count; index += 1) {
      shares[index] = keptFor(this.#lengths.at(index), shares[index]!);
      if (this.#kept.at(index) < shares[index]!) enough = false;
    }
    return enough ? undefined : shares;
  }

  /** The length of text `index`, as this reading found it. */
  lengthOf(index: number): number {
    return this.#lengths.at(index);
  }
}

/**
 * How far a text `length` long is kept for a share of `share` (its need, `length + 1`, where it is
 * shown whole): whole where the share meets its need; nothing where it has no share; else its
 * share and a margin (a text kept as its start is always cut, as one short of its share is).
 */
function keptFor(length: number, share: number): number {
  if (share >= length + 1) return length;
  if (share === 0) return 0;
  return Math.min(length, share + SHARE_MARGIN);
}

/**
 * The second reading: each text kept as far as its share needs ({@link TextSurvey.keepNeeded}).
 * `same` stays true only while every element is a text as long as the first reading found it (a
 * file changed between the readings isn't rendered from shares of another text).
 */
export class SharedTexts implements BlockTexts {
  same = true;
  readonly #keep: Float64Array;
  readonly #survey: TextSurvey;
  #count = 0;

  constructor(survey: TextSurvey, keep: Float64Array) {
    this.#survey = survey;
    this.#keep = keep;
  }

  keepOf(index: number): number {
    return index < this.#keep.length ? this.#keep[index]! : 0;
  }

  noteBlock(index: number, element: unknown, textLength: number | undefined): void {
    this.#count += 1;
    if (index >= this.#survey.count || textLength !== this.#survey.lengthOf(index) || textOfTextBlock(element, 0) === undefined) this.same = false;
  }

  /** Whether the second reading read the texts the first did, all of them. */
  get matched(): boolean {
    return this.same && this.#count === this.#survey.count;
  }
}
