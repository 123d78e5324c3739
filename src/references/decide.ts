/**
 * One reference's decisions, made once for a block with one clock reading: whether a fetch may
 * dial (the stub's ending and a script object's `unfetchable`), whether it has expired, and —
 * for a link the host can't fetch — whether its uri may be shown. Every lane renders these
 * same decisions; none decides on its own.
 */
import { shownLinkUri, type ShownLinkUri } from '../uri/shown-link-uri.js';
import type { AddressBook } from './addresses.js';
import { withClaims, type ResultClaims } from './claims.js';
import { dialCheck, type DialDecision, type DialLimits } from './dial-check.js';
import { isExpired } from './expiry.js';
import type { ReferenceRecord } from './registry.js';
import type { Testimony } from './testimony.js';

/** What one block's reference decisions came to. */
export interface ReferenceDecision {
  /** The dial check, on the record with the result's claims in force. */
  readonly dial: DialDecision;
  /** The claims' strictest expiry has passed (or doesn't parse). */
  readonly expired: boolean;
  /** For a link whose fetch is refused: whether its uri may be shown. Absent otherwise. */
  readonly linkUri?: ShownLinkUri;
}

/** What deciding reads besides the record: the host's addresses and fetch ceiling. */
export interface DecisionInputs {
  readonly addresses: AddressBook;
  readonly dialLimits: DialLimits;
}

/**
 * Decides for a block whose own claims are `testimony`, as registered in `record`, under
 * `claims`, at `nowMs`: the dial check reads the record's testimony, as the fetch does. Pure:
 * registering and reading the clock are the caller's, once per block.
 */
export function decideReference(record: ReferenceRecord, testimony: Testimony, claims: ResultClaims, inputs: DecisionInputs, nowMs: number): ReferenceDecision {
  const effective = withClaims(record.testimony, claims);
  const dial = dialEffective(record, effective, inputs, nowMs);
  const expired = isExpired(effective.expiresAt, nowMs);
  if (dial.ok || !testimony.fromLink) return { dial, expired };
  return { dial, expired, linkUri: shownLinkUri(testimony, claims, nowMs) };
}

/**
 * The dial check alone, as {@link decideReference} makes it: on the record's testimony, as the
 * fetch will read it (a link after a reference keeps the reference's claims there), with the
 * result's claims in force.
 */
export function dialFor(record: ReferenceRecord, claims: ResultClaims, inputs: DecisionInputs, nowMs: number): DialDecision {
  return dialEffective(record, withClaims(record.testimony, claims), inputs, nowMs);
}

function dialEffective(record: ReferenceRecord, effective: Testimony, inputs: DecisionInputs, nowMs: number): DialDecision {
  const checked = effective === record.testimony ? record : { uri: record.uri, serverId: record.serverId, testimony: effective };
  return dialCheck(checked, inputs.addresses, nowMs, inputs.dialLimits);
}
