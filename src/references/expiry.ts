/**
 * Reading a reference's `expiresAt` (RFC-005 §4): ISO 8601; one that doesn't parse means the
 * reference has already expired.
 */

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:[Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;

/**
 * The instant `expiresAt` names, in ms since the epoch; `-Infinity` when it doesn't parse (so
 * it reads as long expired), `+Infinity` when there is none.
 */
export function expiryMs(expiresAt: string | undefined): number {
  if (expiresAt === undefined) return Number.POSITIVE_INFINITY;
  if (!ISO_8601.test(expiresAt)) return Number.NEGATIVE_INFINITY;
  const ms = Date.parse(expiresAt.replace(',', '.'));
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** True when `expiresAt` has passed at `nowMs` (an unparseable one always has). */
export function isExpired(expiresAt: string | undefined, nowMs: number): boolean {
  return expiryMs(expiresAt) <= nowMs;
}
