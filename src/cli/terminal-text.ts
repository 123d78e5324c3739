/**
 * The one place the command line makes text safe for a terminal: every line it prints passes
 * through {@link escapingSink}, so no server's text, file's bytes or error message can move the
 * cursor, retitle the window or recolour the terminal of whoever reads the output.
 */
import type { TextSink } from './io.js';

/** C0 and C1 controls and DEL, but tab and newline: what a terminal would act on. */
const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Every C0 and C1 control (newline included) but tab: for a value that must stay on one line. */
const LINE_CONTROLS = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;

function escapeControl(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** `text` with every control character but tab and newline written as a `\uXXXX` escape. */
export function terminalSafe(text: string): string {
  return text.replace(TERMINAL_CONTROLS, escapeControl);
}

/** `text` on one line: C0 and C1 controls (newline included) but tab written as `\uXXXX` escapes. */
export function visible(text: string): string {
  return text.replace(LINE_CONTROLS, escapeControl);
}

/**
 * A sink that escapes what is written to `sink` with {@link terminalSafe}. JSON output stays
 * JSON: a control character can only stand inside a JSON string, where `\uXXXX` is its escape.
 */
export function escapingSink(sink: TextSink): TextSink {
  return { write: (text: string) => sink.write(terminalSafe(text)) };
}
