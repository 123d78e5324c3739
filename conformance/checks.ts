/**
 * The RFC-005 vectors' `expect` keys, each a check of one observation as
 * `../shared/rfc005/NOTES.md` states it, plus the duties every case of an operation carries
 * (no network on render, the credential only to the fixture origin, the registry's rules).
 * A check answers `undefined` when it passes and the reason when it fails.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FixtureLog } from './fixture.js';
import type { Observation, RecordView, ToolAnswer, Views } from './rfc005-adapter.js';
import type { VectorCase } from './vectors.js';

/** What one case's checks read. */
export interface CheckInput {
  /** The case, expanded. */
  readonly vector: VectorCase;
  readonly observation: Observation;
  readonly fixture: FixtureLog;
  /** The adapter's declared display bound. */
  readonly maxViewChars: number;
  /** The fixture's connection credential. */
  readonly token: string;
}

/** A check: `undefined` when it passes, else why not. */
type Check = (expected: unknown, input: CheckInput) => string | undefined;

/** One failing key and why. */
export interface CheckFailure {
  readonly key: string;
  readonly why: string;
}

/**
 * Keys whose value is a flag: absent or `false` asks nothing (NOTES: "`stub: false` means a
 * stub is not required, not that it must be missing"). Every other key is compared as a value,
 * `ok: false` and `requests: 0` included.
 */
const FLAG_KEYS: ReadonlySet<string> = new Set([
  'stub',
  'bounded',
  'truncationMarked',
  'cleanLabel',
  'digestVerified',
  'storageFromId',
  'abortStream',
  'redirectSafe',
  'unchanged',
]);

/** C0 and C1 controls (newline included) and the Unicode bidi controls. */
const CONTROL_OR_BIDI = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** A view's name and text. */
interface NamedView {
  readonly name: string;
  readonly text: string;
}

/** The texts a model sees in one rendering: history, wake, and each push block (an image as its data). */
function viewTexts(views: Views, label: string): NamedView[] {
  return [
    { name: `${label}.history`, text: views.history },
    { name: `${label}.wake`, text: views.wake },
    ...views.push.map((block, index) => ({ name: `${label}.push[${index}]`, text: block.type === 'text' ? block.text : block.data })),
  ];
}

/** Every view, one push block at a time (for `hidden` and `bounded`). */
function everyView(observation: Observation): NamedView[] {
  return [...viewTexts(observation.before, 'before'), ...(observation.after === undefined ? [] : viewTexts(observation.after, 'after'))];
}

/** Every view with the push lane's blocks read as one (for what must appear: `stub`, `includes`). */
function everyWholeView(observation: Observation): NamedView[] {
  const whole = (views: Views, label: string): NamedView[] => [
    { name: `${label}.history`, text: views.history },
    { name: `${label}.wake`, text: views.wake },
    { name: `${label}.push`, text: views.push.map((block) => (block.type === 'text' ? block.text : block.data)).join('\n') },
  ];
  return [...whole(observation.before, 'before'), ...(observation.after === undefined ? [] : whole(observation.after, 'after'))];
}

/** True when a line of `text` is the stub of `refId`: `[<refId>] …`. */
function hasStubLine(text: string, refId: string): boolean {
  return text.split('\n').some((line) => line.startsWith(`[${refId}] `));
}

/**
 * A line in a stub's shape, whatever id it names: `[`, an id without whitespace, `] `. Markers
 * and placeholders (`[Reference not shown: …]`, `[image: …]`) have words, so spaces, in theirs.
 */
const ANY_STUB_LINE = /^\[[^\s\]]+\] /;

/** The first line of `text` in a stub's shape, if any. */
function anyStubLine(text: string): string | undefined {
  return text.split('\n').find((line) => ANY_STUB_LINE.test(line));
}

/** The string `uri` of each of the case's blocks (undefined where a block has none). */
function blockUris(vector: VectorCase): (string | undefined)[] {
  return vector.blocks.map((block) => {
    const uri = typeof block === 'object' && block !== null ? (block as { uri?: unknown }).uri : undefined;
    return typeof uri === 'string' ? uri : undefined;
  });
}

/** The fields of a block that are never a display label's: the block's form and its address. */
const NOT_LABELS: ReadonlySet<string> = new Set(['type', 'uri', 'disposition', 'data', 'digest']);

/**
 * The label a `truncationMarked` case cuts: the longest string field of its blocks that a stub
 * shows as a label (its `name`, `mimeType`, …), or undefined where the blocks have none.
 */
function longestLabel(vector: VectorCase): string | undefined {
  let longest: string | undefined;
  for (const block of vector.blocks) {
    if (typeof block !== 'object' || block === null) continue;
    for (const [field, value] of Object.entries(block)) {
      if (NOT_LABELS.has(field) || typeof value !== 'string') continue;
      if (longest === undefined || value.length > longest.length) longest = value;
    }
  }
  return longest;
}

/** True when `text` has `…` right after a non-empty prefix of `value` (the cut is marked where it is). */
function marksCutOf(text: string, value: string): boolean {
  for (let at = text.indexOf('…'); at !== -1; at = text.indexOf('…', at + 1)) {
    for (let length = Math.min(at, value.length - 1); length >= 1; length -= 1) {
      if (text.slice(at - length, at) === value.slice(0, length)) return true;
    }
  }
  return false;
}

/** The pattern a digest claim must match to count (NOTES: `sha256:` and 43 base64url characters). */
const DIGEST_CLAIM = /^sha256:[A-Za-z0-9_-]{43}$/;

/** RegExp-escaped `text`. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function stringList(expected: unknown): string[] | undefined {
  return Array.isArray(expected) && expected.every((item) => typeof item === 'string') ? expected : undefined;
}

function fetchedRecord(input: CheckInput): RecordView | undefined {
  return input.observation.records[0];
}

function onlySave(input: CheckInput): { name: string; base64: string; mimeType: string } | string {
  const saves = input.observation.saves;
  if (saves === undefined) return 'no saves observed';
  if (saves.length !== 1) return `save called ${saves.length} times`;
  return saves[0]!;
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** One check per `expect` key. */
const EXPECT_CHECKS: Readonly<Record<string, Check>> = {
  stub: (_expected, { observation }) => {
    if (observation.records.length === 0) return 'no record';
    for (const record of observation.records) {
      const missing = everyWholeView(observation).filter((view) => !hasStubLine(view.text, record.refId));
      if (missing.length > 0) return `no stub of ${record.refId} in ${missing.map((view) => view.name).join(', ')}`;
    }
    return undefined;
  },

  hidden: (expected, { observation }) => {
    const strings = stringList(expected);
    if (strings === undefined) return 'expectation is not a list of strings';
    for (const view of everyView(observation)) {
      const leaked = strings.find((secret) => view.text.includes(secret));
      if (leaked !== undefined) return `${view.name} shows ${shown(leaked)}`;
    }
    return undefined;
  },

  includes: (expected, { observation }) => {
    const strings = stringList(expected);
    if (strings === undefined) return 'expectation is not a list of strings';
    for (const view of everyWholeView(observation)) {
      const missing = strings.find((wanted) => !view.text.includes(wanted));
      if (missing !== undefined) return `${view.name} lacks ${shown(missing)}`;
    }
    return undefined;
  },

  bounded: (_expected, { observation, maxViewChars }) => {
    const over = everyView(observation).find((view) => view.text.length > maxViewChars);
    return over === undefined ? undefined : `${over.name} is ${over.text.length} chars, over ${maxViewChars}`;
  },

  truncationMarked: (_expected, { observation, vector }) => {
    // The label cut is the case's long one: it appears whole in no view, and every view marks
    // its cut with `…` right after a prefix of it.
    const value = longestLabel(vector);
    if (value === undefined || value.length < 2) return 'the case has no label to cut';
    const whole = [...everyView(observation), ...everyWholeView(observation)].find((view) => view.text.includes(value));
    if (whole !== undefined) return `${whole.name} shows the whole ${value.length}-character label`;
    const unmarked = everyWholeView(observation).find((view) => !view.text.includes('…'));
    if (unmarked !== undefined) return `${unmarked.name} has no …`;
    const misplaced = everyWholeView(observation).find((view) => !marksCutOf(view.text, value));
    return misplaced === undefined ? undefined : `${misplaced.name} has no … right after a prefix of the label`;
  },

  cleanLabel: (_expected, { observation }) => {
    const stored = [observation.before.history, ...(observation.after === undefined ? [] : [observation.after.history])];
    const dirty = stored.find((text) => CONTROL_OR_BIDI.test(text));
    if (dirty === undefined) return undefined;
    const char = CONTROL_OR_BIDI.exec(dirty)![0];
    return `stored view carries U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  },

  missingFields: (expected, { observation }) => {
    const fields = stringList(expected);
    if (fields === undefined) return 'expectation is not a list of strings';
    const references = observation.parsed.filter((block) => block.kind === 'reference');
    if (references.length === 0) return 'no block parsed as a reference';
    const testimonies = [
      ...references.map((block, index) => ({ where: `parsed[${index}]`, testimony: block.testimony })),
      ...observation.records.map((record) => ({ where: `record ${record.refId}`, testimony: record.testimony })),
    ];
    for (const { where, testimony } of testimonies) {
      if (testimony === undefined) return `${where} has no testimony`;
      const kept = fields.filter((field) => Object.hasOwn(testimony, field));
      if (kept.length > 0) return `${where} keeps ${kept.join(', ')}`;
      if (testimony.disposition !== 'never') return `${where} has disposition ${shown(testimony.disposition)}, not never`;
    }
    return undefined;
  },

  kind: (expected, { observation, vector }) => {
    if (observation.parsed.length !== vector.blocks.length) return `${observation.parsed.length} parse results for ${vector.blocks.length} blocks`;
    const other = observation.parsed.find((block) => block.kind !== expected);
    if (other !== undefined) return `parsed as ${other.kind}`;
    if (expected !== 'invalid') return undefined;
    // A block rejected whole is no reference: nothing registered for its uri, no stub shown.
    const uris = new Set(blockUris(vector).filter((uri): uri is string => uri !== undefined));
    const registered = observation.records.find((record) => uris.has(record.testimony.uri));
    if (registered !== undefined) return `record ${registered.refId} was registered for the invalid block's uri`;
    if (observation.records.length > 0) return `${observation.records.length} records registered for invalid blocks`;
    for (const view of everyView(observation)) {
      const line = anyStubLine(view.text);
      if (line !== undefined) return `${view.name} shows a stub line ${shown(line)}`;
    }
    return undefined;
  },

  ok: (expected, input) => {
    const { outcome, saves, records } = input.observation;
    if (outcome === undefined) return 'no fetch outcome';
    if (outcome.ok !== expected) return `outcome ok ${outcome.ok}, code ${shown(outcome.code)}`;
    const record = records[0];
    if (outcome.ok) {
      // A success saved exactly once and recorded where it saved.
      if (saves?.length !== 1) return `succeeded with ${saves?.length ?? 0} saves`;
      if (typeof outcome.path !== 'string' || record?.fetchedPath !== outcome.path) return 'success not recorded at its path';
      return undefined;
    }
    // A failure has a code and words, and saved and recorded nothing.
    if (typeof outcome.code !== 'string' || outcome.code === '') return 'failure without a code';
    if (typeof outcome.error !== 'string' || outcome.error === '') return 'failure without an error';
    if ((saves?.length ?? 0) !== 0) return 'failure saved bytes';
    if (records.some((view) => view.fetchedPath !== undefined)) return 'failure recorded a fetch';
    return undefined;
  },

  requests: (expected, { fixture }) => (fixture.requests.length === expected ? undefined : `origin saw ${fixture.requests.length} requests`),

  decodedBase64: (expected, input) => {
    const save = onlySave(input);
    if (typeof save === 'string') return save;
    if (save.base64 !== expected) return `saved ${shown(save.base64)}`;
    const length = Buffer.from(expected, 'base64').byteLength;
    if (input.observation.outcome?.bytes !== length) return `outcome bytes ${shown(input.observation.outcome?.bytes)}, not ${length}`;
    if (fetchedRecord(input)?.verifiedBytes !== length) return `recorded ${shown(fetchedRecord(input)?.verifiedBytes)} bytes, not ${length}`;
    return undefined;
  },

  digestVerified: (expected, input) => {
    if (input.observation.outcome?.digestVerified !== expected) return `outcome digestVerified ${shown(input.observation.outcome?.digestVerified)}`;
    if (fetchedRecord(input)?.digestVerified !== expected) return `record digestVerified ${shown(fetchedRecord(input)?.digestVerified)}`;
    return undefined;
  },

  savedMime: (expected, input) => {
    const save = onlySave(input);
    if (typeof save === 'string') return save;
    if (fetchedRecord(input)?.verifiedMimeType !== expected) return `recorded ${shown(fetchedRecord(input)?.verifiedMimeType)}`;
    if (save.mimeType !== expected) return `saved as ${shown(save.mimeType)}`;
    if (input.observation.outcome?.mimeType !== expected) return `outcome says ${shown(input.observation.outcome?.mimeType)}`;
    return undefined;
  },

  storageFromId: (_expected, input) => {
    const save = onlySave(input);
    if (typeof save === 'string') return save;
    const record = fetchedRecord(input);
    if (record === undefined) return 'no record';
    const { name } = save;
    if (!name.startsWith(record.refId)) return `saved name ${shown(name)} doesn't start with ${record.refId}`;
    // Exactly the id and an extension from the verified type: nothing of the server's between.
    if (!new RegExp(`^${escapeRegExp(record.refId)}\\.[a-z0-9]{1,8}$`).test(name)) return `saved name ${shown(name)} is not ${record.refId}.<ext>`;
    if (/[/\\]/.test(name) || name.includes('..') || /[\u0000-\u001f]/.test(name)) return `saved name ${shown(name)} is not a plain file name`;
    const serverName = (input.vector.blocks[0] as { name?: unknown } | undefined)?.name;
    if (typeof serverName === 'string' && serverName !== '' && name.toLowerCase().includes(serverName.toLowerCase())) {
      return `saved name ${shown(name)} carries the server's name`;
    }
    return undefined;
  },

  abortStream: (_expected, { fixture }) => {
    if (fixture.requests.length === 0) return 'the stream was never requested';
    if (fixture.closedEarly === 0) return 'no connection closed before its stream ended';
    if (fixture.completed > 0) return 'a stream ran to its end';
    return undefined;
  },

  redirectSafe: (_expected, { fixture }) => {
    if (fixture.requests.length === 0) return 'the redirect was never requested';
    if (fixture.redirectRequests.length > 1) return `followed ${fixture.redirectRequests.length} redirects`;
    const credentialed = fixture.redirectRequests.find((request) => request.authorization !== undefined);
    return credentialed === undefined ? undefined : 'the redirect target received an Authorization header';
  },

  unchanged: (_expected, { observation }) => {
    if (observation.after === undefined) return 'no views after the fetch';
    return isDeepStrictEqual(observation.before, observation.after) ? undefined : 'views changed after the refused fetch';
  },

  stubOrInlineBase64: (expected, input) => {
    const { observation } = input;
    if (observation.after === undefined) return 'no views after the fetch';
    const refId = fetchedRecord(input)?.refId;
    if (refId === undefined) return 'no record';
    const after = everyWholeView({ ...observation, after: undefined, before: observation.after });
    for (const view of after) {
      const inlined = view.text.includes(expected as string);
      if (inlined && !(observation.outcome?.ok === true && observation.outcome.digestVerified === true)) {
        return `${view.name} inlines a payload no verified fetch delivered`;
      }
      if (!inlined && !hasStubLine(view.text, refId)) return `${view.name} neither keeps the stub nor inlines the payload`;
    }
    return undefined;
  },
};

/** Duties every case of an operation carries, whatever its `expect` says. */
const OPERATION_CHECKS: Readonly<Record<VectorCase['operation'], Readonly<Record<string, (input: CheckInput) => string | undefined>>>> = {
  render: {
    // NOTES, render: "no network request may happen".
    'no-network': ({ fixture }) => noNetwork(fixture),
  },
  fetch: {
    // NOTES: `digest` is the hash of the decoded identity octets, and `digestVerified` says it
    // was checked. A success that claimed a (valid) digest verified it; one that claimed none
    // verified nothing, and says so in its outcome and its record.
    'digest-claim': (input) => digestClaimRule(input),
    // NOTES: the credential goes to the fixture origin as `Bearer <token>`, never to the redirect target.
    credential: ({ fixture, token }) => {
      const wrong = fixture.requests.find((request) => request.authorization !== `Bearer ${token}`);
      if (wrong !== undefined) return `origin request carried ${wrong.authorization === undefined ? 'no credential' : 'another Authorization'}`;
      if (fixture.redirectRequests.some((request) => request.authorization !== undefined)) return 'the redirect target received an Authorization header';
      return undefined;
    },
  },
  registry: {
    'no-network': ({ fixture }) => noNetwork(fixture),
    registry: (input) => registryRules(input),
  },
};

function digestClaimRule(input: CheckInput): string | undefined {
  const { outcome } = input.observation;
  if (outcome?.ok !== true) return undefined;
  const claim = (input.vector.blocks[0] as { digest?: unknown } | undefined)?.digest;
  const want = typeof claim === 'string' && DIGEST_CLAIM.test(claim);
  if (outcome.digestVerified !== want) return `${want ? 'a' : 'no'} digest claimed, outcome digestVerified ${shown(outcome.digestVerified)}`;
  const recorded = fetchedRecord(input)?.digestVerified;
  if (recorded !== want) return `${want ? 'a' : 'no'} digest claimed, record digestVerified ${shown(recorded)}`;
  return undefined;
}

function noNetwork(fixture: FixtureLog): string | undefined {
  const count = fixture.requests.length + fixture.redirectRequests.length;
  return count === 0 ? undefined : `${count} network requests`;
}

/**
 * NOTES, registry: the first reference registered twice keeps its id; enough distinct
 * references evict it; its uri again gets a new id; the old id and a never-issued one are both
 * the defined unknown-reference error and resolve to no record; every id is distinct.
 */
function registryRules({ vector, observation }: CheckInput): string | undefined {
  const { firstId, stableId, ids, evicted, unknown, evictedError, unknownError, fresh } = observation;
  if (firstId === undefined) return 'no first id';
  if (stableId !== firstId) return `re-registering gave ${shown(stableId)}, not ${firstId}`;
  const registrations = vector.registrations ?? 0;
  if (ids === undefined || ids.length !== registrations + 2) return `${ids?.length ?? 0} ids for ${registrations + 2} registrations`;
  if (new Set(ids).size !== ids.length) return 'an id was reused';
  if (evicted !== null) return `the evicted id resolves to ${shown(evicted?.refId)}`;
  if (unknown !== null) return `the never-issued id resolves to ${shown(unknown?.refId)}`;
  for (const [name, answer] of [
    ['evictedError', evictedError],
    ['unknownError', unknownError],
  ] as [string, ToolAnswer | undefined][]) {
    if (answer === undefined || answer.success !== false || answer.isError !== true || !/unknown reference/i.test(answer.error)) {
      return `${name} is ${shown(answer)}`;
    }
  }
  if (fresh === null || fresh === undefined) return 'no fresh record for the evicted uri';
  if (fresh.refId === firstId || ids.indexOf(fresh.refId) !== ids.length - 1) return `the fresh record reuses ${fresh.refId}`;
  const uri = (vector.blocks[0] as { uri?: unknown }).uri;
  if (fresh.testimony.uri !== uri) return 'the fresh record names another uri';
  return undefined;
}

/** Runs every `expect` key of a case and its operation's duties; returns the failures. */
export function checkCase(input: CheckInput): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const [key, expected] of Object.entries(input.vector.expect)) {
    if (expected === undefined || (FLAG_KEYS.has(key) && expected === false)) continue;
    const check = Object.hasOwn(EXPECT_CHECKS, key) ? EXPECT_CHECKS[key] : undefined;
    if (check === undefined) {
      failures.push({ key, why: 'no check for this key' });
      continue;
    }
    const why = check(expected, input);
    if (why !== undefined) failures.push({ key, why });
  }
  for (const [key, check] of Object.entries(OPERATION_CHECKS[input.vector.operation])) {
    const why = check(input);
    if (why !== undefined) failures.push({ key, why });
  }
  return failures;
}
