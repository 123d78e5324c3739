/**
 * The pieces of one uri's parameters already tried and not held (`uri-parameters.ts`), so a
 * hostile uri repeating a piece costs one trial per distinct piece, not one per occurrence.
 */

/**
 * The pieces of one uri already tried and not held, by their text (`ParameterTests.answersByText`):
 * a hostile uri repeating pieces costs one trial per distinct piece, not one per occurrence. The
 * piece tried last is compared in place first, so a piece repeated back to back (`t=1&t=1&…`)
 * is passed over with no text cut out of the uri.
 */
export class TriedPieces {
  private readonly texts = new Set<string>();
  private last = '';

  /** Whether `text[start, end)` was tried and didn't hold; where not, it is to be tried and then `add`ed. */
  has(text: string, start: number, end: number): boolean {
    if (end - start === this.last.length && sameText(text, start, this.last)) return true;
    const piece = text.slice(start, end);
    if (!this.texts.has(piece)) return false;
    this.last = piece;
    return true;
  }

  /** Keeps `text[start, end)` as tried, not held. */
  add(text: string, start: number, end: number): void {
    this.last = text.slice(start, end);
    this.texts.add(this.last);
  }
}

// Whether `text` holds `piece` at `start`.
function sameText(text: string, start: number, piece: string): boolean {
  for (let index = 0; index < piece.length; index++) {
    if (text.charCodeAt(start + index) !== piece.charCodeAt(index)) return false;
  }
  return true;
}
