/**
 * A result's claims (docs/design.md §8): every reference in one result is read once, before any block is
 * shown, and the strictest claim wins — a uri any reference marks `never` is withheld from every
 * block naming it, and a uri any reference gives a counting expiry is expired for every block.
 * A reference in the result is the result's word on its uri and decides over what an earlier
 * result left in the registry; where none names the uri (a link alone), the registry's record,
 * as it stood before this result registered anything, decides.
 */
import { shownUriText } from '../uri/shown-uri-text.js';
import { expiryMs } from './expiry.js';
import { mayHoldClaims } from './registry.js';
import type { Testimony } from './testimony.js';

/** What a result (or, for a link alone, the registry) claims about one uri. */
export interface UriClaim {
  /** Some reference marks the uri `never`. */
  readonly never: boolean;
  /** The strictest `expiresAt` claimed (the earliest; one that doesn't parse is earliest of all). */
  readonly expiresAt?: string;
  /** Where the claim comes from. */
  readonly source: 'result' | 'registry';
}

/** A result's claims, read once. */
export interface ResultClaims {
  /** The claim on `uri`, or undefined when nothing claims anything about it. */
  forUri(uri: string): UriClaim | undefined;
  /**
   * True when some claim marks `never` a uri that `uri` can't be told apart from as shown: the
   * same text once sanitized, or the same once normalized by the URL parser (`HTTPS://X:443/` is
   * `https://x/`).
   */
  withholds(uri: string): boolean;
}

/** Claims with nothing in them (a result with no references, and no registry). */
export const NO_CLAIMS: ResultClaims = {
  forUri: () => undefined,
  withholds: () => false,
};

/** Where a link alone reads its uri's earlier testimony: the registry (or a journal of it). */
export interface RecordLookup {
  getByUri(uri: string): { readonly testimony: Testimony } | undefined;
}

interface Collected {
  never: boolean;
  expiresAt?: string;
  /** A reference (not a link, not inline data) names the uri. */
  named: boolean;
}

/** Collects one result's references, then fixes its claims. */
export class ClaimsReader {
  readonly #byUri = new Map<string, Collected>();
  /** Uris links name (duplicates and all): read against the registry only at `finish`. */
  readonly #linked: string[] = [];

  /** A link names its uri and claims nothing else: the registry's earlier record decides for it. */
  addLink(uri: string): void {
    this.#linked.push(uri);
  }

  /** A reference's testimony (a link's counts only as naming the uri). */
  addTestimony(testimony: Testimony): void {
    const entry = this.#entry(testimony.uri);
    if (testimony.fromLink) return;
    entry.named = true;
    if (testimony.disposition === 'never') entry.never = true;
    if (testimony.expiresAt !== undefined) {
      if (entry.expiresAt === undefined || expiryMs(testimony.expiresAt) < expiryMs(entry.expiresAt)) {
        entry.expiresAt = testimony.expiresAt;
      }
    }
  }

  /** Inline data marked `never` beside its data: withholds its uri; its other claims count for nothing. */
  addInlineNever(uri: string): void {
    this.#entry(uri).never = true;
  }

  /**
   * The result's claims. For a uri no reference in the result names, the record `lookup` holds
   * now — before this result registers anything — gives the claim.
   */
  finish(lookup: RecordLookup | undefined): ResultClaims {
    // A uri only links name reads the registry's record: it joins the others here. Where no
    // record the registry holds claims anything (`mayHoldClaims`), none would give a claim, and
    // none is read: a result of many links then reads the registry only as it registers those
    // it shows.
    if (lookup !== undefined && mayHoldClaims(lookup)) {
      for (const uri of this.#linked) {
        if (!this.#byUri.has(uri) && lookup.getByUri(uri) !== undefined) this.#entry(uri);
      }
    }
    const claims = new Map<string, UriClaim>();
    const neverShown = new Set<string>();
    for (const [uri, entry] of this.#byUri) {
      let claim: UriClaim | undefined;
      if (entry.named) {
        claim = { never: entry.never, source: 'result', ...(entry.expiresAt === undefined ? {} : { expiresAt: entry.expiresAt }) };
      } else {
        const earlier = lookup?.getByUri(uri)?.testimony;
        const fromReference = earlier !== undefined && !earlier.fromLink;
        const never = entry.never || (fromReference && earlier.disposition === 'never');
        const expiresAt = fromReference ? earlier.expiresAt : undefined;
        if (never || expiresAt !== undefined) {
          claim = { never, source: 'registry', ...(expiresAt === undefined ? {} : { expiresAt }) };
        }
      }
      if (claim === undefined) continue;
      claims.set(uri, claim);
      if (claim.never) for (const form of shownForms(uri)) neverShown.add(form);
    }
    if (claims.size === 0) return NO_CLAIMS;
    return {
      forUri: (uri) => claims.get(uri),
      withholds: (uri) => neverShown.size > 0 && shownForms(uri).some((form) => neverShown.has(form)),
    };
  }

  #entry(uri: string): Collected {
    let entry = this.#byUri.get(uri);
    if (entry === undefined) {
      entry = { never: false, named: false };
      this.#byUri.set(uri, entry);
    }
    return entry;
  }
}

/** The texts a uri can show as: itself, and its URL-normalized form where it parses. */
function shownForms(uri: string): string[] {
  const text = shownUriText(uri);
  const href = URL.parse(uri)?.href;
  return href === undefined || href === uri ? [text] : [text, shownUriText(href)];
}

/**
 * The testimony a block's decisions read: its own labels, with the result's claims on its uri
 * (the strictest expiry, and `never`) in place of its own.
 */
export function withClaims(testimony: Testimony, claims: ResultClaims): Testimony {
  const claim = claims.forUri(testimony.uri);
  if (claim === undefined) return testimony;
  const { expiresAt: _own, disposition: _disposition, ...rest } = testimony;
  return {
    ...rest,
    ...(claim.expiresAt === undefined ? {} : { expiresAt: claim.expiresAt }),
    ...(claim.never ? { disposition: 'never' as const } : testimony.disposition === 'ref' ? { disposition: 'ref' as const } : {}),
  };
}

/**
 * Claims where both `a` and `b` hold: a uri either marks `never` is `never`, and the earlier
 * expiry of the two is in force.
 */
export function bothClaims(a: ResultClaims, b: ResultClaims): ResultClaims {
  if (a === NO_CLAIMS) return b;
  if (b === NO_CLAIMS) return a;
  return {
    forUri(uri) {
      const first = a.forUri(uri);
      const second = b.forUri(uri);
      if (first === undefined || second === undefined) return first ?? second;
      const expiresAt =
        first.expiresAt === undefined || (second.expiresAt !== undefined && expiryMs(second.expiresAt) < expiryMs(first.expiresAt))
          ? second.expiresAt
          : first.expiresAt;
      return { never: first.never || second.never, source: first.source, ...(expiresAt === undefined ? {} : { expiresAt }) };
    },
    withholds: (uri) => a.withholds(uri) || b.withholds(uri),
  };
}

/**
 * What a record's own testimony claims about its uri (its `never` and its expiry), as a
 * result's claims: for an object read from its record rather than from a block.
 */
export function recordClaims(testimony: Testimony): ResultClaims {
  const reader = new ClaimsReader();
  reader.addTestimony({ ...testimony, fromLink: false });
  return reader.finish(undefined);
}
