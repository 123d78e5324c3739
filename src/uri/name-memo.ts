/**
 * A predicate on folded parameter names (`foldName`), remembered for the names met: links repeat
 * a few names endlessly (`page`, `utm_source`), and a remembered answer costs one look-up where
 * the predicate would cost an expression. Pure bookkeeping: what the predicate decides is its
 * caller's.
 */
import { flatCopy, FOLDED_NAME_MAX } from './fold-name.js';

/** The most names a memo keeps: once full, it is emptied and starts again. */
export const NAME_MEMO_MAX = 512;

/**
 * `decide`'s answers, by name. Bounded by bytes as well as count, as `foldName`'s cache is: only
 * names of at most `FOLDED_NAME_MAX` characters are kept, each as a copy of its own, so at most
 * `NAME_MEMO_MAX × FOLDED_NAME_MAX` characters are held, whatever names a result sends, and no
 * link's text is held on to.
 */
export class NameMemo {
  // Replaced, never emptied, when full: a long-lived map lives in the old generation, and
  // emptying it (`clear`) would allocate its next table there, once per `NAME_MEMO_MAX` names a
  // result of distinct names sends; a new map is made young, and dies young when unused.
  private answers = new Map<string, boolean>();

  constructor(private readonly decide: (name: string) => boolean) {}

  /** `decide(name)`, remembered. */
  holds(name: string): boolean {
    let answer = this.answers.get(name);
    if (answer === undefined) {
      answer = this.decide(name);
      if (name.length <= FOLDED_NAME_MAX) {
        if (this.answers.size >= NAME_MEMO_MAX) this.answers = new Map();
        this.answers.set(flatCopy(name), answer);
      }
    }
    return answer;
  }

  /** The characters the names kept hold now: at most `NAME_MEMO_MAX × FOLDED_NAME_MAX`. */
  keptChars(): number {
    let chars = 0;
    for (const name of this.answers.keys()) chars += name.length;
    return chars;
  }
}
