/**
 * Strings in data as a copy shows them (a data result, `structuredContent`, a script's data):
 * one that reads as a uri which may carry a credential (`src/uri/reads-as-uri.ts`) is replaced
 * whole by {@link DATA_URI_NOT_SHOWN}; in any other, each base64 run (`src/text/base64-run.ts`)
 * is replaced by a marker naming its length. Keys are strings too, and are checked alike. Every
 * replacement is a string, so the data stays valid JSON.
 */
import { types } from 'node:util';
import { holdsBase64Run, replaceBase64Runs } from '../text/base64-run.js';
import { base64RunMarker, DATA_NOT_READ, DATA_URI_NOT_SHOWN } from '../text/markers.js';
import { rememberingQueryVerdicts } from '../uri/query-verdicts.js';
import { mayReadAsUri, stringMayCarryCredential } from '../uri/reads-as-uri.js';
import type { PlainDataRules } from './json-copy.js';

/** A string of data as a copy shows it. */
export function shownDataString(text: string): string {
  // Data's uris share hosts and queries by the thousand: their queries' verdicts are remembered.
  if (rememberingQueryVerdicts(() => stringMayCarryCredential(text))) return DATA_URI_NOT_SHOWN;
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
 * A `JSON.stringify` replacer's check of data members: a string (or a boxed one) as
 * {@link shownDataString} shows it; an object whose keys the check would change, rebuilt with
 * its keys shown (a key that two shown keys would share is numbered, so no member is lost);
 * anything else as it is. Once the text it has shown passes `readChars` (what a copy can show),
 * the text is past every cut: a later string the check might change is {@link DATA_NOT_READ}
 * unread, and any other is kept, so the work past the cut is one cheap test per string. The
 * count is of shown strings, and of an object member's key (pass the replacer's `key`) as the
 * serialization reaches it, so it never runs ahead of the text; an object's keys are checked
 * before its members are reached, each only while the keys before it leave the text short of
 * `readChars`.
 */
export function dataChecker(readChars: number = Number.POSITIVE_INFINITY): (member: unknown, key?: string) => unknown {
  let seen = 0;
  const shown = (text: string): string => {
    if (seen > readChars) return mayNeedDataCheck(text) ? DATA_NOT_READ : text;
    const checked = shownDataString(text);
    // What the text shows is the replacement, not the string replaced.
    seen += checked.length;
    return checked;
  };
  const shownKey = keyChecker();
  return (member, key) => {
    if (key !== undefined && !ARRAY_INDEX.test(key)) seen += key.length;
    if (typeof member === 'string') return shown(member);
    if (typeof member !== 'object' || member === null || Array.isArray(member)) return member;
    if (types.isStringObject(member)) return shown(String(member));
    // Keys ahead of this object's members: counted here only to bound which are checked (the
    // serialization counts each as it reaches it).
    let ahead = seen;
    return withShownKeys(member as Record<string, unknown>, (name) => {
      if (ahead > readChars) return mayNeedDataCheck(name) ? DATA_NOT_READ : name;
      const checked = shownKey(name);
      ahead += checked.length;
      return checked;
    });
  };
}

/**
 * The check of data for a copy that reads all of it (the script lane's, `json-copy.ts`'s
 * `copyPlainData`): what {@link dataChecker} with no cut does to strings and to an object's
 * keys, as functions the copy calls where it meets them.
 */
export function dataCopyChecks(): Omit<PlainDataRules, 'leaves'> {
  const key = keyChecker();
  return { string: shownDataString, key, withShownKeys: (record) => withShownKeys(record, key) };
}

/** {@link shownDataString} for keys: they repeat from object to object, so each short one is checked once. */
function keyChecker(): (name: string) => string {
  const shownKeys = new Map<string, string>();
  return (name) => {
    if (name.length > REMEMBERED_KEY_CHARS) return shownDataString(name);
    let checked = shownKeys.get(name);
    if (checked === undefined) {
      checked = shownDataString(name);
      if (shownKeys.size < REMEMBERED_KEYS) shownKeys.set(name, checked);
    }
    return checked;
  };
}

/** The longest key a checker remembers the check of, and how many it remembers: a few MB at most. */
const REMEMBERED_KEY_CHARS = 256;
const REMEMBERED_KEYS = 4096;

/** An array element's key (`JSON.stringify` passes its index): not in the text, so not counted. */
const ARRAY_INDEX = /^(?:0|[1-9][0-9]{0,15})$/;

/**
 * `record` with each key as `shownKey` shows it (the record itself where none changes). A shown
 * key an earlier one already took is numbered `name (2)`, `name (3)`, …; each name's next number
 * is kept, so numbering many keys that share a name costs one step each, not one per earlier key.
 */
function withShownKeys(record: Record<string, unknown>, shownKey: (key: string) => string): Record<string, unknown> {
  const keys = Object.keys(record);
  // Each key is checked once, in order; most objects show all theirs as they are, and no list of
  // names is made for them.
  let same = 0;
  let first = '';
  for (; same < keys.length; same += 1) {
    first = shownKey(keys[same]!);
    if (first !== keys[same]) break;
  }
  if (same === keys.length) return record;
  const names = keys.slice(0, same);
  names.push(first);
  for (let index = same + 1; index < keys.length; index += 1) names.push(shownKey(keys[index]!));
  const shown: Record<string, unknown> = {};
  const nextCount = new Map<string, number>();
  names.forEach((base, index) => {
    let name = base;
    let count = nextCount.get(base) ?? 2;
    // A number already taken (by a key sent as `name (2)`) is passed over.
    if (Object.hasOwn(shown, name)) {
      for (name = `${base} (${count})`; Object.hasOwn(shown, name); name = `${base} (${count})`) count += 1;
      nextCount.set(base, count + 1);
    }
    // Defined, not assigned: assigning `__proto__` would set the copy's prototype and drop the member.
    if (name === '__proto__') Object.defineProperty(shown, name, { value: record[keys[index]!], writable: true, enumerable: true, configurable: true });
    else shown[name] = record[keys[index]!];
  });
  return shown;
}

/**
 * The first `readChars` characters (or a few more) of JSON text as a copy shows them: every
 * string literal that starts within them as {@link shownDataString} shows its string (keys
 * alike), the text cut after the literal that reaches past `readChars`, or at it. One pass over
 * no more than it shows (and the literals it replaces); for text a copy shows only the start of,
 * so nothing is closed, and a key two replacements would share is not numbered here.
 */
export function checkedJsonHead(json: string, readChars: number): string {
  let shown = '';
  let kept = 0;
  // The output so far is `shown` and then `json` from `kept`: a place's output position is
  // `shown.length + (place - kept)`.
  for (let index = json.indexOf('"'); index >= 0 && shown.length + (index - kept) < readChars;) {
    const end = stringLiteralEnd(json, index);
    const literal = json.slice(index, end);
    // The test spares a short literal its parse; a long one is read by the check itself, which
    // tests the same, so testing it first would read it twice.
    if (literal.length > PRETESTED_LITERAL_MAX || mayNeedDataCheck(literal)) {
      const value = JSON.parse(literal) as string;
      const checked = shownDataString(value);
      if (checked !== value) {
        shown += json.slice(kept, index) + JSON.stringify(checked);
        kept = end;
      }
    }
    if (shown.length + (end - kept) >= readChars) return shown + json.slice(kept, end);
    index = json.indexOf('"', end);
  }
  return shown + json.slice(kept, kept + Math.max(0, readChars - shown.length));
}

/** The longest literal `checkedJsonHead` tests before parsing it. */
const PRETESTED_LITERAL_MAX = 256;

/**
 * Where the JSON string literal opening at `start` ends (after its closing quote): the first
 * quote after it preceded by an even run of backslashes. Quotes are found with `indexOf`, and
 * each backslash is counted for the one quote it precedes, so the work is linear.
 */
function stringLiteralEnd(json: string, start: number): number {
  for (let quote = json.indexOf('"', start + 1); quote >= 0; quote = json.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (json.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
  }
  return json.length;
}
