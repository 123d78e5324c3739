/**
 * A raw result as `--raw` prints it: the server's JSON as it came, but for long `data` and `blob`
 * strings (native media, embedded binaries), shortened to their start and length, and every
 * base64 run in any other string (a `data:` URI in a link, base64 inside a text or
 * structuredContent) shortened alike, so a terminal never fills with base64.
 */
import { replaceBase64Runs } from '../text/base64-run.js';

/** How a base64 run inside another string is printed. */
function runMark(length: number): string {
  return `…base64, ${length.toLocaleString('en-US')} chars…`;
}

/** How many characters of a media string `--raw` keeps. */
export const RAW_DATA_KEEP = 24;

/** Strings under these keys longer than {@link RAW_DATA_KEEP} are shortened. */
const MEDIA_KEYS = new Set(['data', 'blob']);

/** How deep `--raw` walks before it prints a nested value as `…`. */
const MAX_DEPTH = 64;

/** The raw result with each long `data`/`blob` string and each base64 run shortened, as indented JSON. */
export function rawResultJson(raw: unknown): string {
  return JSON.stringify(shorten(raw, 0), null, 2);
}

function shorten(value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.map((item) => shorten(item, depth + 1));
  if (typeof value === 'string') return replaceBase64Runs(value, runMark);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[replaceBase64Runs(key, runMark)] =
      MEDIA_KEYS.has(key) && typeof item === 'string' && item.length > RAW_DATA_KEEP ? shortenedData(item) : shorten(item, depth + 1);
  }
  return out;
}

/** A media string's start and how long it was: `iVBORw0KGgoAAAANSUhEUgAA… (1,234 chars)`. */
export function shortenedData(data: string): string {
  return `${data.slice(0, RAW_DATA_KEEP)}… (${data.length.toLocaleString('en-US')} chars)`;
}
