/**
 * Reading a reference's `expiresAt` (RFC-005 §4): an ISO 8601 date or date-time; one that
 * doesn't parse — or names a day no calendar has — means the reference has already expired. A
 * time with no offset is read as UTC, never as this machine's local time.
 */

const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?)?$/;

/**
 * The instant `expiresAt` names, in ms since the epoch; `-Infinity` when it doesn't parse (so
 * it reads as long expired), `+Infinity` when there is none.
 */
export function expiryMs(expiresAt: string | undefined): number {
  if (expiresAt === undefined) return Number.POSITIVE_INFINITY;
  const match = ISO_8601.exec(expiresAt);
  if (match === null) return Number.NEGATIVE_INFINITY;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', , sign, oh = '0', om = '0'] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  const offsetMinutes = sign === undefined ? 0 : (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
  const valid =
    month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month) && hour <= 23 && minute <= 59 && second <= 59 && Number(oh) <= 23 && Number(om) <= 59;
  if (!valid) return Number.NEGATIVE_INFINITY;
  const ms = Number(`0.${fraction || '0'}`) * 1000;
  return Date.UTC(year, month - 1, day, hour, minute, second) + ms - offsetMinutes * 60_000;
}

/** True when `expiresAt` has passed at `nowMs` (an unparseable one always has). */
export function isExpired(expiresAt: string | undefined, nowMs: number): boolean {
  return expiryMs(expiresAt) <= nowMs;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
