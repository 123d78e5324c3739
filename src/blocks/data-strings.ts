/**
 * Strings in data as a copy shows them (a data result, `structuredContent`, a script's data):
 * one that reads as a uri which may carry a credential (`src/uri/reads-as-uri.ts`) is replaced
 * whole by {@link DATA_URI_NOT_SHOWN}; in any other, each base64 run (`src/text/base64-run.ts`)
 * is replaced by a marker naming its length. Keys are strings too, and are checked alike. Every
 * replacement is a string, so the data stays valid JSON.
 */
import { types } from 'node:util';
import { holdsBase64Run, replaceBase64Runs } from '../text/base64-run.js';
import { base64RunMarker, DATA_URI_NOT_SHOWN } from '../text/markers.js';
import { mayReadAsUri, stringMayCarryCredential } from '../uri/reads-as-uri.js';

/** A string of data as a copy shows it. */
export function shownDataString(text: string): string {
  if (stringMayCarryCredential(text)) return DATA_URI_NOT_SHOWN;
  return replaceBase64Runs(text, base64RunMarker);
}

/**
 * Whether any string in `json` (JSON text, or a string) may be changed by
 * {@link shownDataString}: false only where none can be, so text that passes is shown as it is.
 * Linear in its length.
 */
export function mayNeedDataCheck(json: string): boolean {
  return mayReadAsUri(json) || holdsBase64Run(json);
}

/**
 * A member of data as a `JSON.stringify` replacer returns it: a string (or a boxed one) as
 * {@link shownDataString} shows it; an object whose keys the check would change, rebuilt with
 * its keys shown (a key that two shown keys would share is numbered, so no member is lost);
 * anything else as it is.
 */
export function checkedMember(member: unknown): unknown {
  if (typeof member === 'string') return shownDataString(member);
  if (typeof member !== 'object' || member === null || Array.isArray(member)) return member;
  if (types.isStringObject(member)) return shownDataString(String(member));
  return withShownKeys(member as Record<string, unknown>);
}

function withShownKeys(record: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(record);
  if (!keys.some((key) => shownDataString(key) !== key)) return record;
  const shown: Record<string, unknown> = {};
  for (const key of keys) {
    const base = shownDataString(key);
    let name = base;
    for (let count = 2; Object.hasOwn(shown, name); count += 1) name = `${base} (${count})`;
    shown[name] = record[key];
  }
  return shown;
}
