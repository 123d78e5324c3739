/**
 * Server-supplied labels (a type, a name, a server's id, a path) as the model may see them:
 * no C0/C1 controls, no bidi controls, no line or paragraph separators, well formed, and cut
 * at a display bound with `…` marking the cut (RFC-005: stub size is independent of every
 * server field's length).
 */
import { cutAt, wellFormed } from './well-formed.js';

/** The display bound for one label, in UTF-16 units, `…` included. */
export const LABEL_MAX_CHARS = 120;

/** The mark a cut label ends with. */
export const CUT_MARK = '…';

/**
 * Control characters (C0, DEL, C1: newline and tab included), format characters (the bidi
 * controls, zero-width spaces, the byte-order mark, soft hyphens, tag characters) and
 * U+2028/U+2029 — but not the zero-width joiner and non-joiner, which emoji sequences and
 * several scripts need.
 */
const UNSHOWABLE = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/**
 * The same characters and the two joiners, for a test that allocates nothing: a superset, so
 * a text it turns away has nothing to strip, and without the lookahead it runs several times
 * faster on the long non-ASCII labels it mostly turns away.
 */
const MAY_HAVE_UNSHOWABLE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/** Printable ASCII alone: nothing to strip (most labels; far cheaper to test). */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** True when `text` is printable ASCII alone: nothing in it to strip, hide or fold. */
export function isPrintableAscii(text: string): boolean {
  return PRINTABLE_ASCII.test(text);
}

/** Characters a reader never sees: joiners, variation selectors, fillers (default-ignorable). */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * `text` as a reader reads it, for the rules that judge what is shown (never for display):
 * without the characters no label may carry, without any a reader can't see (the zero-width
 * joiner a label keeps for emoji, variation selectors, Hangul fillers), and with compatibility
 * forms folded (NFKC: a fullwidth `＝` reads as `=`, a no-break space as a space).
 */
export function asRead(text: string): string {
  if (PRINTABLE_ASCII.test(text)) return text;
  return stripUnshowable(text).replace(IGNORABLE, '').normalize('NFKC');
}

/** `text` without the characters no label may carry, made well formed. */
export function stripUnshowable(text: string): string {
  if (PRINTABLE_ASCII.test(text)) return text;
  const formed = wellFormed(text);
  return MAY_HAVE_UNSHOWABLE.test(formed) ? formed.replace(UNSHOWABLE, '') : formed;
}

/**
 * A label fit to show: stripped of controls and separators, well formed, and at most `max`
 * characters, the cut marked with `…`. The input is first cut to a bounded prefix, so the
 * work is independent of the field's length.
 */
export function sanitizeLabel(text: string, max: number = LABEL_MAX_CHARS): string {
  // Most labels are short printable ASCII: shown as they are, with nothing made to say so.
  if (text.length <= max && PRINTABLE_ASCII.test(text)) return text;
  const { shown, cut } = labelCut(text, max);
  return cut ? `${shown}${CUT_MARK}` : shown;
}

/**
 * The part of `text` that its label ({@link sanitizeLabel} with the same `max`) shows, without
 * the cut mark, as a reader reads it (`asRead`): what a rule judging a shown label reads, so that
 * its work is bounded by the label, not by the field (`asRead` of an unbounded field could grow
 * it 18×). A short printable ASCII label, most names, is its own reading, told by one test.
 */
export function shownLabelAsRead(text: string, max: number = LABEL_MAX_CHARS): string {
  if (text.length <= max && PRINTABLE_ASCII.test(text)) return text;
  return asRead(labelCut(text, max).shown);
}

function labelCut(text: string, max: number): { readonly shown: string; readonly cut: boolean } {
  // Read at most a generous prefix: stripping can only shorten, so 4× the bound plus the
  // controls it may drop is enough to decide whether a cut is needed, for any input length.
  const window = text.length > max * 4 + 64 ? text.slice(0, max * 4 + 64) : text;
  const clean = stripUnshowable(window);
  const overLong = clean.length > max || window.length < text.length;
  return overLong ? { shown: cutAt(clean, max - CUT_MARK.length), cut: true } : { shown: clean, cut: false };
}
