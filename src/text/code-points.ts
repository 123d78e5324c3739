/**
 * Field bounds counted as JSON Schema's `maxLength` counts them: in code points, not UTF-16
 * units, so a name of 255 emoji is as valid to blockwise as to the schema it was checked by.
 */

/**
 * True when `text` has at most `max` code points. Reads at most `2 × max` units: a string of
 * `max` units or fewer always fits, and one past twice as many never does.
 */
export function withinCodePoints(text: string, max: number): boolean {
  if (text.length <= max) return true;
  if (text.length > 2 * max) return false;
  let points = 0;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    // A high surrogate followed by a low one is one code point; a lone surrogate is one too.
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index += 1;
    }
    points += 1;
    if (points > max) return false;
  }
  return true;
}
