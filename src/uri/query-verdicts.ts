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

/**
 * Verdicts on queries, by host name and query (`UriParts.hostname`, `UriParts.search`), for each
 * nesting level a reading is at: two bits a level, one for a verdict kept and one for its value.
 * A verdict is asked for and kept only for a uri whose query is all it names parameters in (no
 * fragment, no `=` in its path), with a host and a query of at most
 * {@link QUERY_VERDICT_KEY_MAX_CHARS} characters; the caller keeps only one its reading drew from
 * nothing else (the path read for a rule is something else). Each key kept is a copy, so no
 * uri's text (nor the data it was cut from) is held on to.
 */
export class QueryVerdicts {
  private readonly byHost = new Map<string, Map<string, number>>();
  private size = 0;
  // The pair asked about last, and its verdicts: data's uris come in runs sharing a host and a
  // query, and comparing two short texts costs less than hashing them for the maps.
  private lastHost = '';
  private lastSearch = '';
  private lastBits = 0;

  /** The verdict kept for the query of a uri with these parts at `level`, or `undefined`. */
  get(parts: UriParts, level: number): boolean | undefined {
    if (!isKept(parts)) return undefined;
    let bits: number | undefined;
    if (parts.search === this.lastSearch && parts.hostname === this.lastHost) {
      bits = this.lastBits;
    } else {
      bits = this.byHost.get(parts.hostname)?.get(parts.search);
      if (bits !== undefined) this.remember(parts, bits);
    }
    if (bits === undefined || (bits & (1 << (2 * level))) === 0) return undefined;
    return (bits & (2 << (2 * level))) !== 0;
  }

  /** Keeps `holds` as the verdict on the query of a uri with these parts at `level`, where it may be kept. */
  set(parts: UriParts, level: number, holds: boolean): void {
    if (!isKept(parts)) return;
    let queries = this.byHost.get(parts.hostname);
    const bits = queries?.get(parts.search);
    const kept = (1 << (2 * level)) | (holds ? 2 << (2 * level) : 0);
    if (bits !== undefined) {
      queries!.set(parts.search, bits | kept);
      this.remember(parts, bits | kept);
      return;
    }
    if (this.size >= QUERY_VERDICTS_MAX) {
      this.byHost.clear();
      this.size = 0;
      queries = undefined;
    }
    if (queries === undefined) {
      queries = new Map();
      this.byHost.set(ownCopy(parts.hostname), queries);
    }
    queries.set(ownCopy(parts.search), kept);
    this.size += 1;
    this.remember(parts, kept);
  }

  // Keeps the pair as the last asked about (copies, as the maps' keys are).
  private remember(parts: UriParts, bits: number): void {
    if (parts.hostname !== this.lastHost) this.lastHost = ownCopy(parts.hostname);
    if (parts.search !== this.lastSearch) this.lastSearch = ownCopy(parts.search);
    this.lastBits = bits;
  }

  /** The characters the keys kept hold now: at most `QUERY_VERDICTS_MAX × 2 × QUERY_VERDICT_KEY_MAX_CHARS`. */
  keptChars(): number {
    let chars = 0;
    for (const [host, queries] of this.byHost) {
      chars += host.length;
      for (const query of queries.keys()) chars += query.length;
    }
    return chars;
  }
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
