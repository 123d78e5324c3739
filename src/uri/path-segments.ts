/**
 * Reading a uri's path by its segments (docs/design.md §7): whether a segment matches one of a list
 * of words, and what the segments after such a marker hold, read at most a span each. Written for
 * speed, since every link's path is asked about several lists: a path (`SegmentedPath`) is first
 * tried once against every list's words together, and most paths, which hold none, are answered
 * for each list from that one search.
 */

// The words of every list (`SegmentWords`), and an expression matching any of them as a segment,
// made again once a list is added: where it finds no segment, no list's expression would.
const WORDS: string[] = [];
let anyWord: RegExp | undefined;

/**
 * A list of words matched as whole path segments (`segmentWords`), each `-` in a word written
 * `-`, `_` or not at all (`reset-password`, `reset_password`, `ResetPassword`). Every list made
 * joins the search of every list's words together (`SegmentedPath`).
 */
export class SegmentWords {
  /** A global, case-insensitive expression matching any of the words as a whole segment, with its leading `/`. */
  readonly pattern: RegExp;

  constructor(words: readonly string[]) {
    this.pattern = new RegExp(`/(?:${words.map(wordSource).join('|')})(?=/|$)`, 'gi');
    WORDS.push(...words);
    anyWord = undefined;
  }
}

// A word as its list's expression reads it: each `-` written `-`, `_` or not at all.
function wordSource(word: string): string {
  return word.replaceAll('-', '[-_]?');
}

// A word of letters, digits, `-` and `/` alone, whose characters an expression reads as written.
const PLAIN_WORD = /^[a-z0-9/-]+$/i;

/**
 * The words as one alternation that an expression with the `i` flag reads as it reads the words
 * joined by `|`, written as a tree of their shared openings (`hook(?:s|)`), which a search tries
 * far faster than dozens of words one after another at each `/`. Words with any other character
 * are joined as they are.
 */
function wordsSource(words: readonly string[]): string {
  if (!words.every((word) => PLAIN_WORD.test(word))) return words.map(wordSource).join('|');
  interface Node {
    readonly next: Map<string, Node>;
    ends: boolean;
  }
  const root: Node = { next: new Map(), ends: false };
  for (const word of words) {
    let node = root;
    // Each character a piece of the source, upper case read as lower case (as `i` reads it).
    for (const char of word.toLowerCase()) {
      const piece = char === '-' ? '[-_]?' : char;
      let child = node.next.get(piece);
      if (child === undefined) node.next.set(piece, (child = { next: new Map(), ends: false }));
      node = child;
    }
    node.ends = true;
  }
  const source = (node: Node): string => {
    const branches = [...node.next].map(([piece, child]) => piece + source(child));
    if (node.ends) branches.push('');
    return branches.length === 1 ? branches[0]! : `(?:${branches.join('|')})`;
  };
  return source(root);
}

/** The words `words` as whole path segments (`SegmentWords`), for `someSegmentAfter` and `hasSegment`. */
export function segmentWords(words: readonly string[]): SegmentWords {
  return new SegmentWords(words);
}

/**
 * A path as `someSegmentAfter` and `hasSegment` read it: whether any list's word is a segment
 * of it is found once, on the first question, so a path asked about several lists (most paths,
 * which hold no such word) is searched once.
 */
export class SegmentedPath {
  // Whether some segment matches a word of some list (`segmentWords`), and the expression that
  // searched, once searched: a list made since makes the expression again, and the search too.
  private anyWord = false;
  private searchedBy: RegExp | undefined;

  constructor(readonly pathname: string) {}

  /**
   * Whether some segment may match one of the words of a list (`SegmentWords`): false only where
   * no segment matches a word of any list made.
   */
  mayMatch(): boolean {
    anyWord ??= new RegExp(`/(?:${wordsSource(WORDS)})(?=/|$)`, 'i');
    if (this.searchedBy !== anyWord) {
      this.anyWord = anyWord.test(this.pathname);
      this.searchedBy = anyWord;
    }
    return this.anyWord;
  }
}

/** Whether `path` has a segment one of `words` (`segmentWords`) matches. */
export function hasSegment(path: SegmentedPath, words: SegmentWords): boolean {
  if (!path.mayMatch()) return false;
  words.pattern.lastIndex = 0;
  return words.pattern.test(path.pathname);
}

/** What is asked of a path segment (`someSegmentAfter`). */
export interface SegmentTest {
  /** Whether the segment, as written (never empty), holds. */
  segment(text: string): boolean;
}

/**
 * Whether, in `path`, one of the `span` segments that follow a segment one of `words` matches
 * (`segmentWords`) holds (`tests`); empty segments are passed over and not counted, so
 * `/reset//a/t` reads as `/reset/a/t` does on a server that merges slashes. Each marker reads
 * at most `span` segments, so the cost stays linear in the segments.
 */
export function someSegmentAfter(path: SegmentedPath, words: SegmentWords, span: number, tests: SegmentTest): boolean {
  const { pathname } = path;
  // Most paths hold no list's word, which the path's one search has found. A segment after a
  // marker needs a `/` after the marker's own: a path of one segment (most links' `/file.csv`)
  // is turned away with no expression tried. A test, which builds no match, turns away the rest
  // that hold no marker.
  if (!path.mayMatch() || pathname.indexOf('/', pathname.indexOf('/') + 1) < 0 || !hasSegment(path, words)) return false;
  const marker = words.pattern;
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
