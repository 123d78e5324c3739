/**
 * Reading a uri's path by its segments (docs/design.md §7): whether a segment matches one of a list
 * of words, and what the segments after such a marker hold, read at most a span each.
 */

/**
 * A global, case-insensitive expression matching any of `words` as a whole path segment, with
 * its leading `/`, each `-` in a word written `-`, `_` or not at all (`reset-password`,
 * `reset_password`, `ResetPassword`). For `someSegmentAfter` and `hasSegment`.
 */
export function segmentPattern(words: readonly string[]): RegExp {
  return new RegExp(`/(?:${words.map((word) => word.replaceAll('-', '[-_]?')).join('|')})(?=/|$)`, 'gi');
}

/** Whether `pathname` has a segment `pattern` (`segmentPattern`) matches. */
export function hasSegment(pathname: string, pattern: RegExp): boolean {
  pattern.lastIndex = 0;
  return pattern.test(pathname);
}

/** What is asked of a path segment (`someSegmentAfter`). */
export interface SegmentTest {
  /** Whether the segment, as written (never empty), holds. */
  segment(text: string): boolean;
}

/**
 * Whether, in `pathname`, one of the `span` segments that follow a segment `marker` matches
 * (`segmentPattern`) holds (`tests`); empty segments are passed over and not counted, so
 * `/reset//a/t` reads as `/reset/a/t` does on a server that merges slashes. Each marker reads
 * at most `span` segments, so the cost stays linear in the segments.
 */
export function someSegmentAfter(pathname: string, marker: RegExp, span: number, tests: SegmentTest): boolean {
  // A segment after a marker needs a `/` after the marker's own: a path of one segment (most
  // links' `/file.csv`) is turned away with no expression tried. Most other paths hold no
  // marker: a test, which builds no match, turns them away.
  if (pathname.indexOf('/', pathname.indexOf('/') + 1) < 0 || !hasSegment(pathname, marker)) return false;
  marker.lastIndex = 0;
  for (let match = marker.exec(pathname); match !== null; match = marker.exec(pathname)) {
    let start = marker.lastIndex + 1;
    for (let read = 0; read < span && start < pathname.length;) {
      const end = indexOr(pathname, '/', start);
      if (end > start) {
        if (tests.segment(pathname.slice(start, end))) return true;
        read++;
      }
      start = end + 1;
    }
  }
  return false;
}

// Where `char` first occurs in `text` from `from` on, or the length of `text`.
function indexOr(text: string, char: string, from: number): number {
  const index = text.indexOf(char, from);
  return index < 0 ? text.length : index;
}
