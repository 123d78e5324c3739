/**
 * Whether a fetch of a reference may dial, and where (docs/design.md §6). One pure function: a stub asks
 * it to decide what it offers, and the fetcher asks it before dialing, so a stub promises only
 * a fetch that can happen.
 */
import type { AddressBook } from './addresses.js';
import { isExpired } from './expiry.js';
import type { ReferenceRecord } from './registry.js';

/** Why a fetch may not dial. */
export type DialRefusal =
  'no-server' | 'unknown-server' | 'no-address' | 'bad-server-url' | 'bad-uri' | 'login' | 'scheme' | 'off-origin' | 'expired' | 'over-ceiling';

/** The refusal's clause, in words that never name the uri, its origin or its scheme, and no remedy. */
export const DIAL_REFUSAL_CLAUSES: Readonly<Record<DialRefusal, string>> = {
  'no-server': 'not fetchable: no server delivered it',
  'unknown-server': 'not fetchable: its server is not one this host knows',
  'no-address': 'not fetchable: its server has no address this host can dial',
  'bad-server-url': "not fetchable: its server's address doesn't parse",
  'bad-uri': "not fetchable: its uri doesn't parse",
  login: "not fetchable: it carries a login this host won't send",
  scheme: "not fetchable: its scheme isn't one this host fetches from that server",
  'off-origin': "not fetchable: it points off its server's origin",
  expired: 'not fetchable: it has expired',
  'over-ceiling': "not fetchable: its claimed size is over this host's fetch limit",
};

/** The decision: dial `origin` of `serverId`, or refuse with a code and its clause. */
export type DialDecision =
  { readonly ok: true; readonly serverId: string; readonly origin: string } | { readonly ok: false; readonly code: DialRefusal; readonly clause: string };

/** The limits a dial is checked against. */
export interface DialLimits {
  /** The byte ceiling; a claimed size over it is refused before dialing. */
  readonly maxBytes: number;
}

/**
 * Decides whether a fetch of `record` may dial: its server must be known and dialed by url;
 * the uri must parse, carry no login, be `https` (or `http` only from a server dialed over `http`), and sit on
 * that server's origin; its expiry must not have passed at `nowMs` (an expiry that doesn't
 * parse has); its claimed size must not pass `limits.maxBytes`.
 */
export function dialCheck(
  record: Pick<ReferenceRecord, 'uri' | 'serverId' | 'testimony'>,
  addresses: AddressBook,
  nowMs: number,
  limits: DialLimits,
): DialDecision {
  if (record.serverId === undefined) return refuse('no-server');
  const address = addresses.get(record.serverId);
  if (address === undefined) return refuse('unknown-server');
  if (address === null) return refuse('no-address');
  const server = URL.parse(address.url);
  if (server === null) return refuse('bad-server-url');
  const target = URL.parse(record.uri);
  if (target === null) return refuse('bad-uri');
  // A login in the uri is a credential this host never sends (nor can its fetch).
  if (target.username !== '' || target.password !== '') return refuse('login');
  const allowed = target.protocol === 'https:' || (target.protocol === 'http:' && server.protocol === 'http:');
  if (!allowed) return refuse('scheme');
  if (target.origin !== server.origin) return refuse('off-origin');
  const { expiresAt, sizeBytes } = record.testimony;
  if (isExpired(expiresAt, nowMs)) return refuse('expired');
  if (sizeBytes !== undefined && sizeBytes > limits.maxBytes) return refuse('over-ceiling');
  return { ok: true, serverId: record.serverId, origin: target.origin };
}

/** One decision per refusal, made once: a refusal is a value, and the lane asks often. */
const REFUSALS = Object.fromEntries(
  (Object.keys(DIAL_REFUSAL_CLAUSES) as DialRefusal[]).map((code) => [code, Object.freeze({ ok: false as const, code, clause: DIAL_REFUSAL_CLAUSES[code] })]),
) as Readonly<Record<DialRefusal, DialDecision>>;

function refuse(code: DialRefusal): DialDecision {
  return REFUSALS[code];
}
