/**
 * What the link rules ask of a result's claims (docs/design.md §8): only whether some claim marks
 * `never` a uri a given text can't be told apart from. The claims are read and combined in
 * `src/references/claims.ts` (its `ResultClaims` is one); the uri rules need no more of them.
 */

/** A result's `never` claims, as the uri rules ask them. */
export interface NeverClaims {
  /**
   * True when some claim marks `never` a uri that `uri` can't be told apart from as shown: the
   * same text once sanitized, or the same once normalized by the URL parser.
   */
  withholds(uri: string): boolean;
}
