/**
 * Which reference ids this host's script lane handed out, and in a view of a result from which
 * origin (server and tool). A script may hand a view back, but a server can send an object of
 * the same shape naming any id it has seen, with any name or saved path: an object is read as
 * one of this lane's own only where a view of a result from the same origin issued its id, and
 * then from its record, never from its own fields.
 */
import type { ResultOrigin } from '../inputs.js';
import type { HostCore } from './host-core.js';

/** Each host's issued ids, oldest first: a `Set` keeps insertion order, so the oldest go first. */
const issuedByHost = new WeakMap<HostCore, Set<string>>();

/** One id as issued for one origin: unambiguous whatever characters the names hold. */
function issueKey(refId: string, origin: ResultOrigin | undefined): string {
  const serverId: unknown = origin?.serverId;
  const toolName: unknown = origin?.toolName;
  return JSON.stringify([refId, typeof serverId === 'string' ? serverId : null, typeof toolName === 'string' ? toolName : null]);
}

/**
 * Records that a view of a result from `origin` handed out `refIds`. Bounded by the registry's
 * capacity (an id outlives no record anyway): past it the oldest issue is forgotten, and an
 * object naming it reads as a server's would.
 */
export function recordIssued(core: HostCore, origin: ResultOrigin | undefined, refIds: Iterable<string>): void {
  let issued = issuedByHost.get(core);
  if (issued === undefined) {
    issued = new Set();
    issuedByHost.set(core, issued);
  }
  for (const refId of refIds) {
    const key = issueKey(refId, origin);
    // Issued again: now the most recent.
    issued.delete(key);
    issued.add(key);
  }
  const bound = core.registry.capacity;
  for (const key of issued) {
    if (issued.size <= bound) break;
    issued.delete(key);
  }
}

/** True when a view of a result from `origin` issued `refId` (before the view now being built). */
export function wasIssued(core: HostCore, refId: string, origin: ResultOrigin | undefined): boolean {
  return issuedByHost.get(core)?.has(issueKey(refId, origin)) === true;
}
