/**
 * The credential rule's verdicts on uris' queries, remembered by host and query (docs/design.md
 * §7): data holds thousands of uris that differ in their paths alone (`https://s.example.com/<id>?sig=x`),
 * and their queries' readings come out alike. Pure bookkeeping: which readings may be
 * remembered, and what they decide, is `credential.ts`'s.
 */
import { ownCopy } from '../text/own-copy.js';
import type { UriParts } from './uri-parts.js';

/**
 * The longest host name, and the longest query, whose verdicts are kept: every key is short, so
 * the memory held is bounded by {@link QUERY_VERDICTS_MAX} entries of these, whatever uris pass.
 */
export const QUERY_VERDICT_KEY_MAX_CHARS = 128;

/** The most (host, query) pairs kept: once full, the memory is emptied and starts again. */
export const QUERY_VERDICTS_MAX = 512;

// Whether verdicts are asked for and kept now: only while data is read (`rememberingQueryVerdicts`).
let remembering = false;

/**
 * Runs `read` with verdicts on queries remembered (see {@link QueryVerdicts}). Data is where
 * thousands of uris share a host and a query (`https://s.example.com/<id>?sig=x`); links' uris
 * seldom do, and there every uri paid for a miss (about 10 % of a render of many new links), so
 * the memory is consulted only for what `read` reads. Nested calls stay within the outer one.
 */
export function rememberingQueryVerdicts<T>(read: () => T): T {
  if (remembering) return read();
  remembering = true;
  try {
    return read();
  } finally {
    remembering = false;
  }
}

/**
 * Verdicts on queries of uris read at the top level (not nested in another), by host name and
 * query (`UriParts.hostname`, `UriParts.search`), while data is read ({@link rememberingQueryVerdicts}). A verdict is asked for and kept only for a uri
 * whose query is all it names parameters in (no fragment, no `=` in its path), with a host and a
 * query of at most {@link QUERY_VERDICT_KEY_MAX_CHARS} characters; the caller keeps only one its
 * reading drew from nothing else (the path read for a rule is something else). A nested reading
 * is never kept: its uris seldom repeat, and asking cost every one of them a miss. Each key kept
 * is an own copy (`ownCopy`), so no uri's text (nor the data it was cut from) is held on to.
 */
export class QueryVerdicts {
  // By `hostname + " " + search` (a host name holds no space): one map, one lookup a uri.
  private readonly verdicts = new Map<string, boolean>();
  // The pair asked about last, and its verdict: data's uris come in runs sharing a host and a
  // query, and comparing two short texts costs less than hashing one for the map.
  private lastKey = '';
  private lastVerdict: boolean | undefined;

  /** The verdict kept for the query of a uri with these parts at `level`, or `undefined`. */
  get(parts: UriParts, level: number): boolean | undefined {
    if (!remembering || level !== 0 || !isKept(parts)) return undefined;
    const key = keyOf(parts);
    if (key === this.lastKey) return this.lastVerdict;
    return this.verdicts.get(key);
  }

  /** Keeps `holds` as the verdict on the query of a uri with these parts at `level`, where it may be kept. */
  set(parts: UriParts, level: number, holds: boolean): void {
    if (!remembering || level !== 0 || !isKept(parts)) return;
    if (this.verdicts.size >= QUERY_VERDICTS_MAX) this.verdicts.clear();
    const key = ownCopy(keyOf(parts));
    this.verdicts.set(key, holds);
    this.lastKey = key;
    this.lastVerdict = holds;
  }

  /** The characters the keys kept hold now: at most `QUERY_VERDICTS_MAX × (2 × QUERY_VERDICT_KEY_MAX_CHARS + 1)`. */
  keptChars(): number {
    let chars = 0;
    for (const key of this.verdicts.keys()) chars += key.length;
    return chars;
  }
}

function keyOf(parts: UriParts): string {
  return `${parts.hostname} ${parts.search}`;
}

// Whether a verdict on the query of a uri with these parts may be asked for and kept: the query
// names every parameter the uri has (no fragment and no `=` in the path, so no other part
// adds a name beside a bare value's), and both keys are short.
function isKept(parts: UriParts): boolean {
  return (
    parts.search.length > 1 &&
    parts.search.length <= QUERY_VERDICT_KEY_MAX_CHARS &&
    parts.hostname.length <= QUERY_VERDICT_KEY_MAX_CHARS &&
    parts.hash === '' &&
    !parts.pathname.includes('=')
  );
}
