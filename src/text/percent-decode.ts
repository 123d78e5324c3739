/**
 * Lenient percent-decoding: the one decoding every reader of a uri, a label and a base64 run
 * applies (docs/design.md §7). Text mechanics only, so that both the text and the uri layers
 * can read a decoded text.
 */

const ESCAPE_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

/**
 * Percent-decodes `text` once, leniently: every run of `%XX` escapes becomes the UTF-8 text its
 * bytes spell (an invalid sequence becomes U+FFFD), and a stray `%` stays as written. Unlike
 * `decodeURIComponent`, it never throws.
 */
export function percentDecode(text: string): string {
  // Escapes of ASCII bytes, by far the most common, are decoded here one by one: a byte below
  // 0x80 is its own character in UTF-8, wherever it sits in a run. A run holding any other byte
  // is left to the UTF-8 decoder, and then the whole text is.
  let index = text.indexOf('%');
  if (index < 0) return text;
  let decoded = '';
  let start = 0;
  do {
    const byte = hexByteAt(text, index + 1);
    if (byte > 0x7f) return text.replace(ESCAPE_RUN, decodeRun);
    if (byte >= 0) {
      decoded += text.slice(start, index) + String.fromCharCode(byte);
      start = index + 3;
    }
    index = text.indexOf('%', index + 1);
  } while (index >= 0);
  return decoded + text.slice(start);
}

function decodeRun(run: string): string {
  return Buffer.from(run.replaceAll('%', ''), 'hex').toString('utf8');
}

// The byte that the two hex digits at `index` spell, or -1 when there aren't two.
function hexByteAt(text: string, index: number): number {
  const high = hexDigit(text.charCodeAt(index));
  const low = hexDigit(text.charCodeAt(index + 1));
  return high < 0 || low < 0 ? -1 : high * 16 + low;
}

function hexDigit(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}
