/**
 * What every lane of one host reads: its settings, its registry (possibly shared), its own
 * server addresses, its clock and its log; and what each lane makes of it for one result (its
 * cap, its classification context).
 */
import type { ClassifyContext, Lane } from '../blocks/classify.js';
import type { ImageLimits } from '../blocks/image-check.js';
import { shownLeftFor } from '../blocks/shown-budget.js';
import type { ResultOrigin } from '../inputs.js';
import { mediaLeftFor, type ProviderProfile } from '../providers/profiles.js';
import type { MutableAddressBook } from '../references/addresses.js';
import type { ResultClaims } from '../references/claims.js';
import type { FetchHost } from '../references/fetcher.js';
import type { Registry } from '../references/registry.js';

/** One host's state, shared by its lanes (a fetch reads part of it: `FetchHost`). */
export interface HostCore extends FetchHost {
  readonly cap: number;
  readonly maxImageBytes: number;
  /** What the host's provider takes as a native image (its profile's images). */
  readonly imageLimits: ImageLimits;
  /** The host's provider profile: what its tool results may carry natively. */
  readonly provider: ProviderProfile;
  /** The fetch ceiling stubs promise against (a fetch may pass a lower one). */
  readonly fetchMaxBytes: number;
  readonly registry: Registry;
  readonly addresses: MutableAddressBook;
  readonly now: () => number;
  readonly log: (line: string) => void;
}

/** The cap a call uses: its own where it is a positive integer, else the host's. */
export function capFor(core: HostCore, origin: ResultOrigin | undefined): number {
  const cap: unknown = origin?.cap;
  return typeof cap === 'number' && Number.isSafeInteger(cap) && cap > 0 ? cap : core.cap;
}

/** A classification context for one result on `lane`. */
export function classifyContext(core: HostCore, lane: Lane, claims: ResultClaims, origin: ResultOrigin | undefined): ClassifyContext {
  return {
    lane,
    claims,
    registry: core.registry,
    addresses: core.addresses,
    ...(origin?.serverId === undefined ? {} : { serverId: origin.serverId }),
    now: core.now,
    dialLimits: { maxBytes: core.fetchMaxBytes },
    imageBytesLeft: core.maxImageBytes,
    maxImageBytes: core.maxImageBytes,
    imageLimits: core.imageLimits,
    media: mediaLeftFor(core.provider),
    shownLeft: shownLeftFor(capFor(core, origin)),
    // Copies cut every text at the cap; the script lane gives its texts whole.
    ...(lane === 'script' ? {} : { keepChars: capFor(core, origin) }),
  };
}
