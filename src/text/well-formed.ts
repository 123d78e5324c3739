/**
 * Well-formed UTF-16: a lone surrogate becomes U+FFFD, so the copy sent and the copy stored
 * carry the same text (a provider's JSON encoder would otherwise reject or mangle it).
 */

/** `text` with every lone UTF-16 surrogate replaced by U+FFFD. */
export function wellFormed(text: string): string {
  return text.isWellFormed() ? text : text.toWellFormed();
}

/**
 * `text` made well formed as far as a copy can show it: its first `keep` UTF-16 units (less a
 * high surrogate the bound would split from its pair); past them it is left as it is, since no
 * copy shows it. So a text's check costs what a copy keeps of it, not its length. With no
 * `keep` (a lane that gives texts whole), the whole text.
 */
export function wellFormedUpTo(text: string, keep: number | undefined): string {
  if (keep === undefined || text.length <= keep) return wellFormed(text);
  const end = keep > 0 && isHighSurrogate(text.charCodeAt(keep - 1)) ? keep - 1 : keep;
  const head = text.slice(0, end);
  return head.isWellFormed() ? text : head.toWellFormed() + text.slice(end);
}

/**
 * `text` cut to at most `max` UTF-16 units without splitting a surrogate pair (a pair the cut
 * would split is dropped whole).
 */
export function cutAt(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = max > 0 && isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
