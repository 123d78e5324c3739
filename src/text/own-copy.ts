/**
 * A string's own copy, for a cache key that outlives the call. V8 may represent a slice of a
 * larger string as a view into it, so a 20-character key cut from a 10 MB string keeps all
 * 10 MB alive for as long as the cache holds it: a cache bounded in entries would not be bounded
 * in bytes. The copy is a fresh sequential string of the same characters.
 */
export function ownCopy(text: string): string {
  // Joined to a character, the text is a pair of strings; slicing the pair flattens it into one
  // new string first, and the slice is cut from that, so nothing of the original is kept.
  return ` ${text}`.slice(1);
}
