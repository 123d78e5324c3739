/**
 * The one place the command line makes text safe for a terminal: every line it prints passes
 * through {@link escapingSink}, so no server's text, file's bytes or error message can move the
 * cursor, retitle the window or recolour the terminal of whoever reads the output.
 */
import type { TextSink } from './io.js';

/**
 * What a terminal would act on or a reader can't see, but tab and newline: the characters the
 * library's labels never carry (`src/text/labels.ts`: C0 and C1 controls, DEL, format characters
 * such as the bidi controls U+202A–202E and U+2066–2069, U+200E/F, zero-width spaces, the
 * byte-order mark and tag characters, and the line and paragraph separators U+2028/9) — the
 * zero-width joiner and non-joiner aside, which emoji sequences and several scripts need.
 */
const TERMINAL_CONTROLS = /(?![\t\n\u200c\u200d])[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/** The same, newline included: for a value that must stay on one line. */
const LINE_CONTROLS = /(?![\t\u200c\u200d])[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/** Tab, newline and printable ASCII alone: nothing to escape (most output; far cheaper to test). */
const PLAIN = /^[\t\n\x20-\x7e]*$/;

/** A character as `\uXXXX` escapes (two for one outside the BMP): valid inside a JSON string too. */
function escapeControl(char: string): string {
  let out = '';
  for (let at = 0; at < char.length; at += 1) out += `\\u${char.charCodeAt(at).toString(16).padStart(4, '0')}`;
  return out;
}

/** `text` with every character of {@link TERMINAL_CONTROLS} written as `\\uXXXX` escapes. */
export function terminalSafe(text: string): string {
  return PLAIN.test(text) ? text : text.replace(TERMINAL_CONTROLS, escapeControl);
}

/** `text` on one line: the characters of {@link LINE_CONTROLS} written as `\\uXXXX` escapes. */
export function visible(text: string): string {
  return PLAIN.test(text) && !text.includes('\n') ? text : text.replace(LINE_CONTROLS, escapeControl);
}

/**
 * A sink that escapes what is written to `sink` with {@link terminalSafe}. JSON output stays
 * JSON: a control character can only stand inside a JSON string, where `\uXXXX` is its escape.
 */
export function escapingSink(sink: TextSink): TextSink {
  return { write: (text: string) => sink.write(terminalSafe(text)) };
}
