/**
 * Approximate sizes as markers and stubs show them (`~3KB`), and the decoded size of base64.
 */

/** A byte count as a short approximate label: `~512B`, `~3KB`, `~4.5MB`, `~1.2GB`. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return 'unknown size';
  if (bytes < 1024) return `~${Math.round(bytes)}B`;
  const units = ['KB', 'MB', 'GB', 'TB', 'PB'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value >= 10 || unit === 0 ? String(Math.round(value)) : value.toFixed(1);
  return `~${shown}${units[unit]}`;
}

/** The byte length base64 text decodes to (padding and a trailing partial group allowed for). */
export function base64DecodedLength(base64: string): number {
  let length = base64.length;
  while (length > 0 && base64.charCodeAt(length - 1) === 0x3d /* = */) length -= 1;
  return Math.floor((length * 3) / 4);
}
