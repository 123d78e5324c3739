import { describe, expect, it } from 'vitest';
import { expiryMs, isExpired } from '../../src/references/expiry.js';

describe(expiryMs.name, () => {
  it.each([
    ['a UTC date-time', '2030-01-02T03:04:05Z', Date.UTC(2030, 0, 2, 3, 4, 5)],
    ['fractional seconds', '2030-01-02T03:04:05.250Z', Date.UTC(2030, 0, 2, 3, 4, 5, 250)],
    ['a positive offset', '2030-01-02T03:04:05+02:00', Date.UTC(2030, 0, 2, 1, 4, 5)],
    ['a negative offset without a colon', '2030-01-02T03:04:05-0130', Date.UTC(2030, 0, 2, 4, 34, 5)],
    ['a date alone, as UTC midnight', '2030-01-02', Date.UTC(2030, 0, 2)],
    ['a time with no offset, as UTC (never local time)', '2030-01-02T03:04', Date.UTC(2030, 0, 2, 3, 4)],
    ['29 February of a leap year', '2028-02-29T00:00:00Z', Date.UTC(2028, 1, 29)],
  ])('reads %s', (_name, text, want) => {
    expect(expiryMs(text)).toBe(want);
  });

  it.each([
    ['not a date', 'not-a-date'],
    ['30 February', '2030-02-30T00:00:00Z'],
    ['29 February of a common year', '2030-02-29'],
    ['month 13', '2030-13-01'],
    ['hour 24', '2030-01-01T24:00:00Z'],
    ['minute 60', '2030-01-01T10:60:00Z'],
    ['a human date', 'March 7, 2030'],
    ['an empty string', ''],
  ])("reads %s as long expired (it doesn't parse)", (_name, text) => {
    expect(expiryMs(text)).toBe(Number.NEGATIVE_INFINITY);
  });

  it('reads no expiry as never expiring', () => {
    expect(expiryMs(undefined)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe(isExpired.name, () => {
  it('has passed at and after its instant, not before', () => {
    const at = Date.UTC(2030, 0, 1);
    expect(isExpired('2030-01-01T00:00:00Z', at - 1)).toBe(false);
    expect(isExpired('2030-01-01T00:00:00Z', at)).toBe(true);
    expect(isExpired(undefined, at)).toBe(false);
    expect(isExpired('garbage', at)).toBe(true);
  });
});
