/**
 * The memory one parameter scan (`uri-parameters.ts`) keeps of the pieces it tried, so that its
 * cost follows a uri's distinct pieces rather than their occurrences.
 */

/**
 * The pieces of one uri already tried and not held, by their text (`ParameterTests.answersByText`):
 * a hostile uri repeating pieces costs one trial per distinct piece, not one per occurrence. The
 * piece tried last is compared in place first, so a piece repeated back to back (`t=1&t=1&…`)
 * is passed over with no text cut out of the uri. Pieces are kept only once a given number have
 * been tried: a uri of a few pieces is read with no text cut out to keep.
 */
export class TriedPieces {
  // Made with the first piece kept.
  private texts: Set<string> | undefined;
  private last = '';

  /** @param untilKept how many pieces are added (tried) before the pieces added are kept. */
  constructor(private untilKept = 0) {}

  /** Whether `text[start, end)` was tried and didn't hold; where not, it is to be tried and then `add`ed. */
  has(text: string, start: number, end: number): boolean {
    if (this.texts === undefined) return false;
    if (end - start === this.last.length && sameText(text, start, this.last)) return true;
    const piece = text.slice(start, end);
    if (!this.texts.has(piece)) return false;
    this.last = piece;
    return true;
  }

  /** Keeps `text[start, end)` as tried, not held (once `untilKept` pieces have been added). */
  add(text: string, start: number, end: number): void {
    if (this.untilKept > 0) {
      this.untilKept--;
      return;
    }
    this.last = text.slice(start, end);
    (this.texts ??= new Set()).add(this.last);
  }
}

// Whether `text` holds `piece` at `start`.
function sameText(text: string, start: number, piece: string): boolean {
  for (let index = 0; index < piece.length; index++) {
    if (text.charCodeAt(start + index) !== piece.charCodeAt(index)) return false;
  }
  return true;
}
