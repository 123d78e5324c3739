import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCase, type CheckInput } from '../../conformance/checks.js';
import { observeVector } from '../../conformance/conformance.js';
import { createAdapter } from '../../conformance/rfc005-adapter.js';
import { expandValue, readVectors } from '../../conformance/vectors.js';
import { HAS_SHARED, SHARED_DIR, SKIP_REASON } from '../support/shared.js';

/** `T` with every `readonly` taken off, all the way down, for tampering with a copy. */
type Draft<T> = T extends readonly (infer U)[] ? Draft<U>[] : T extends object ? { -readonly [K in keyof T]: Draft<T[K]> } : T;

type Tamper = (draft: Draft<CheckInput>) => void;

/** Each check, and a change to an honest observation that must make it fail. */
const TAMPERS: [string, string, string, Tamper][] = [
  ['stub > missing from one push block set', '01-never', 'stub', (d) => void (d.observation.before.push = [{ type: 'text', text: 'no stub' }])],
  [
    'stub > a stub of another id',
    '01-never',
    'stub',
    (d) => void (d.observation.before.history = d.observation.before.history.replace(/^\[[^\]]+\]/, '[ref-other]')),
  ],
  ['stub > no record', '01-never', 'stub', (d) => void (d.observation.records = [])],
  ['hidden > the origin in the wake', '01-never', 'hidden', (d) => void (d.observation.before.wake += ` ${(d.vector.blocks[0] as { uri: string }).uri}`)],
  [
    'hidden > the secret in one push block',
    '06-embedded-server-credential',
    'hidden',
    (d) => void d.observation.before.push.push({ type: 'text', text: 'fixture-secret' }),
  ],
  [
    'hidden > inline data sent as a native image',
    '02-inline-image',
    'hidden',
    (d) => void d.observation.before.push.push({ type: 'image', data: 'U0VDUkVULVBheWxvYWQ=', mimeType: 'image/png' }),
  ],
  [
    'hidden > the payload in the view after a fetch',
    '03-verified-never',
    'hidden',
    (d) => void (d.observation.after!.history += ' UklGRjAwMDBXQVZFcGF5bG9hZA=='),
  ],
  [
    'includes > a word missing from the history',
    '09-signed-never',
    'includes',
    (d) => void (d.observation.before.history = d.observation.before.history.replace('claimed', '')),
  ],
  [
    'includes > the event text missing from the push lane',
    '08-push-size-0',
    'includes',
    (d) => void (d.observation.before.push = d.observation.before.push.slice(1)),
  ],
  [
    'bounded > a push block over the bound',
    '17-oversized-name',
    'bounded',
    (d) => void d.observation.before.push.push({ type: 'text', text: 'x'.repeat(d.maxViewChars + 1) }),
  ],
  [
    'truncationMarked > no … in the wake',
    'schema-name-255',
    'truncationMarked',
    (d) => void (d.observation.before.wake = d.observation.before.wake.replaceAll('…', '')),
  ],
  [
    'truncationMarked > the whole name in one push block, beside the cut stub',
    'schema-name-255',
    'truncationMarked',
    (d) => void d.observation.before.push.push({ type: 'text', text: 'a'.repeat(255) }),
  ],
  [
    'truncationMarked > the whole name in the history, with a … elsewhere',
    'schema-name-255',
    'truncationMarked',
    (d) => void (d.observation.before.history += ` ${'a'.repeat(255)}`),
  ],
  [
    'truncationMarked > … not after a prefix of the name',
    'schema-name-255',
    'truncationMarked',
    (d) => void (d.observation.before.history = d.observation.before.history.replace('a…', 'a …')),
  ],
  [
    'truncationMarked > the whole mimeType in the wake',
    'schema-mimeType-255',
    'truncationMarked',
    (d) => void (d.observation.before.wake += ` ${'a'.repeat(255)}`),
  ],
  [
    'truncationMarked > … after the name but not the mimeType',
    'schema-mimeType-255',
    'truncationMarked',
    (d) => void ((d.observation.after = undefined), (d.observation.before.push = [{ type: 'text', text: 'attachment… audio' }])),
  ],
  ['cleanLabel > a bidi override', '18-label-controls', 'cleanLabel', (d) => void (d.observation.before.history += '\u202e')],
  ['cleanLabel > a newline', '18-label-controls', 'cleanLabel', (d) => void (d.observation.after!.history += '\nmore')],
  ['cleanLabel > a C1 control', '18-label-controls', 'cleanLabel', (d) => void (d.observation.before.history += '\u0085')],
  ['missingFields > truncated into the record', 'field-rule-name', 'missingFields', (d) => void (d.observation.records[0]!.testimony.name = 'aaa…')],
  ['missingFields > kept in the parse', 'field-rule-mimeType', 'missingFields', (d) => void (d.observation.parsed[0]!.testimony!.mimeType = 'a')],
  ['missingFields > disposition lost', 'field-rule-expiresAt', 'missingFields', (d) => void delete d.observation.parsed[0]!.testimony!.disposition],
  ['kind > parsed as a reference', 'schema-uri-4097', 'kind', (d) => void (d.observation.parsed[0]!.kind = 'reference')],
  [
    'kind > a record registered for the invalid uri',
    'schema-uri-4097',
    'kind',
    (d) =>
      void d.observation.records.push({
        refId: 'ref-x',
        testimony: { uri: (d.vector.blocks[0] as { uri: string }).uri, blockType: 'resource', fromLink: false },
      }),
  ],
  [
    'kind > a record registered under a cut uri',
    'schema-uri-4097',
    'kind',
    (d) => void d.observation.records.push({ refId: 'ref-x', testimony: { uri: 'a'.repeat(4096), blockType: 'resource', fromLink: false } }),
  ],
  [
    'kind > a stub line in the history',
    'schema-uri-4097',
    'kind',
    (d) => void (d.observation.before.history += '\n[ref-x] attachment.wav — audio/wav, ~12B claimed'),
  ],
  [
    'kind > a stub line in one push block',
    'schema-uri-4097',
    'kind',
    (d) => void d.observation.before.push.push({ type: 'text', text: '[ref-x] attachment.wav' }),
  ],
  ['ok > a success where a failure is due', '05-digest-mismatch', 'ok', (d) => void (d.observation.outcome = { ok: true, path: '/p' })],
  ['ok > a failure that saved', '05-digest-mismatch', 'ok', (d) => void d.observation.saves!.push({ name: 'x', base64: '', mimeType: 'a/b' })],
  ['ok > a failure that recorded', '16-unparseable-expiry', 'ok', (d) => void (d.observation.records[0]!.fetchedPath = '/p')],
  ['ok > a failure without a code', '11-file-refused', 'ok', (d) => void delete d.observation.outcome!.code],
  ['ok > a success not recorded', '14-path-label', 'ok', (d) => void delete d.observation.records[0]!.fetchedPath],
  ['requests > a dial where none is due', '04-claim-over-ceiling', 'requests', (d) => void d.fixture.requests.push({ method: 'GET', path: '/payload' })],
  ['decodedBase64 > other bytes saved', '03-verified-never', 'decodedBase64', (d) => void (d.observation.saves![0]!.base64 = 'AAAA')],
  ['decodedBase64 > another size recorded', '19-gzip-identity', 'decodedBase64', (d) => void (d.observation.records[0]!.verifiedBytes = 12)],
  ['digestVerified > not recorded', '03-verified-never', 'digestVerified', (d) => void (d.observation.records[0]!.digestVerified = false)],
  ['digest-claim > verified where none was claimed (outcome)', '13-observed-mime', 'digest-claim', (d) => void (d.observation.outcome!.digestVerified = true)],
  ['digest-claim > verified where none was claimed (record)', '14-path-label', 'digest-claim', (d) => void (d.observation.records[0]!.digestVerified = true)],
  ['digest-claim > not said where none was claimed', '18-label-controls', 'digest-claim', (d) => void delete d.observation.outcome!.digestVerified],
  ['digest-claim > not recorded where none was claimed', '18-label-device', 'digest-claim', (d) => void delete d.observation.records[0]!.digestVerified],
  ['digest-claim > unverified where one was claimed', '19-gzip-identity', 'digest-claim', (d) => void (d.observation.outcome!.digestVerified = false)],
  ['savedMime > the claim recorded', '13-observed-mime', 'savedMime', (d) => void (d.observation.records[0]!.verifiedMimeType = 'image/png')],
  ['savedMime > saved under the claim', '13-observed-mime', 'savedMime', (d) => void (d.observation.saves![0]!.mimeType = 'image/png')],
  ['storageFromId > the server’s name', '14-path-label', 'storageFromId', (d) => void (d.observation.saves![0]!.name = '../../.ssh/authorized_keys')],
  [
    'storageFromId > the id with the server’s name',
    '18-label-device',
    'storageFromId',
    (d) => void (d.observation.saves![0]!.name = `${d.observation.records[0]!.refId}-CON.wav`),
  ],
  [
    'storageFromId > a separator',
    '18-label-controls',
    'storageFromId',
    (d) => void (d.observation.saves![0]!.name = `${d.observation.records[0]!.refId}/x.wav`),
  ],
  [
    'storageFromId > a second extension',
    '14-path-label',
    'storageFromId',
    (d) => void (d.observation.saves![0]!.name = `${d.observation.records[0]!.refId}.wav.exe`),
  ],
  [
    'storageFromId > more after the id',
    '14-path-label',
    'storageFromId',
    (d) => void (d.observation.saves![0]!.name = `${d.observation.records[0]!.refId}x.wav`),
  ],
  ['storageFromId > no extension', '14-path-label', 'storageFromId', (d) => void (d.observation.saves![0]!.name = d.observation.records[0]!.refId)],
  [
    'storageFromId > an extension in capitals',
    '14-path-label',
    'storageFromId',
    (d) => void (d.observation.saves![0]!.name = `${d.observation.records[0]!.refId}.WAV`),
  ],
  [
    'storageFromId > an extension longer than 8',
    '14-path-label',
    'storageFromId',
    (d) => void (d.observation.saves![0]!.name = `${d.observation.records[0]!.refId}.authorized`),
  ],
  [
    'storageFromId > a trailing space',
    '18-label-device',
    'storageFromId',
    (d) => void (d.observation.saves![0]!.name = `${d.observation.records[0]!.refId}.wav `),
  ],
  ['abortStream > the stream ran to its end', '10-stream-ceiling', 'abortStream', (d) => void Object.assign(d.fixture, { closedEarly: 0, completed: 1 })],
  [
    'redirectSafe > two redirects followed',
    '12-cross-origin-redirect',
    'redirectSafe',
    (d) => void d.fixture.redirectRequests.push({ method: 'GET', path: '/payload' }, { method: 'GET', path: '/again' }),
  ],
  [
    'redirectSafe > the credential carried',
    '12-cross-origin-redirect',
    'redirectSafe',
    (d) => void (d.fixture.redirectRequests = [{ method: 'GET', path: '/payload', authorization: 'Bearer fixture-secret' }]),
  ],
  ['redirectSafe > never dialed', '12-cross-origin-redirect', 'redirectSafe', (d) => void Object.assign(d.fixture, { requests: [], redirectRequests: [] })],
  ['unchanged > a view changed', '04-claim-over-ceiling', 'unchanged', (d) => void (d.observation.after!.wake += ' ')],
  ['stubOrInlineBase64 > neither', '03-verified-ref', 'stubOrInlineBase64', (d) => void (d.observation.after!.history = 'gone')],
  [
    'stubOrInlineBase64 > inlined unverified',
    '03-verified-ref',
    'stubOrInlineBase64',
    (d) => {
      d.observation.after!.history += ' UklGRjAwMDBXQVZFcGF5bG9hZA==';
      d.observation.outcome!.digestVerified = false;
    },
  ],
  ['no-network > a render that dialed', '01-never', 'no-network', (d) => void d.fixture.requests.push({ method: 'GET', path: '/payload' })],
  ['credential > no credential to the origin', '03-verified-never', 'credential', (d) => void (d.fixture.requests = [{ method: 'GET', path: '/payload' }])],
  [
    'credential > another credential to the origin',
    '03-verified-never',
    'credential',
    (d) => void (d.fixture.requests = [{ method: 'GET', path: '/payload', authorization: 'Bearer other' }]),
  ],
  ['registry > a new id for the same uri', '20-eviction-and-unknown', 'registry', (d) => void (d.observation.stableId = 'ref-other')],
  ['registry > an id reused', '20-eviction-and-unknown', 'registry', (d) => void (d.observation.ids![5] = d.observation.ids![4]!)],
  ['registry > the evicted id resolving', '20-eviction-and-unknown', 'registry', (d) => void (d.observation.evicted = d.observation.fresh!)],
  ['registry > an unknown id resolving', '20-eviction-and-unknown', 'registry', (d) => void (d.observation.unknown = d.observation.fresh!)],
  [
    'registry > another error',
    '20-eviction-and-unknown',
    'registry',
    (d) => void (d.observation.unknownError = { success: false, isError: true, error: 'not found' }),
  ],
  ['registry > the fresh record reusing the old id', '20-eviction-and-unknown', 'registry', (d) => void (d.observation.fresh!.refId = d.observation.firstId!)],
  ['registry > nothing evicted', '20-eviction-and-unknown', 'registry', (d) => void d.observation.ids!.pop()],
];

const observed = new Map<string, CheckInput>();
let root = '';

describe.skipIf(!HAS_SHARED)(`${checkCase.name} (${HAS_SHARED ? 'reads ../shared' : SKIP_REASON})`, () => {
  beforeAll(async () => {
    const vectors = readVectors(SHARED_DIR);
    root = mkdtempSync(join(tmpdir(), 'blockwise-checks-'));
    const adapter = createAdapter(root);
    for (const id of new Set(TAMPERS.map(([, caseId]) => caseId))) {
      const vector = vectors.cases.find((item) => item.id === id);
      if (vector === undefined) throw new Error(`no case ${id}`);
      const result = await observeVector(vector, vectors.fixtures.token, adapter);
      if (result.input === undefined) throw new Error(`case ${id}: ${result.error}`);
      observed.set(id, result.input);
    }
  }, 60_000);

  afterAll(() => {
    if (root !== '') rmSync(root, { recursive: true, force: true });
  });

  it('passes each honest observation the tampering starts from', () => {
    for (const [id, input] of observed) expect([id, checkCase(input)]).toEqual([id, []]);
  });

  it.each(TAMPERS)('%s fails (%s)', (_name, id, key, tamper) => {
    const draft = structuredClone(observed.get(id)!) as Draft<CheckInput>;
    tamper(draft);
    expect(checkCase(draft as CheckInput).map((failure) => failure.key)).toContain(key);
  });

  it('12-cross-origin-redirect: our host refuses the redirect, so the second origin sees no request', () => {
    const { observation, fixture, token } = observed.get('12-cross-origin-redirect')!;
    expect(observation.outcome).toMatchObject({ ok: false, code: 'redirect-refused' });
    expect(observation.saves).toEqual([]);
    expect(fixture.requests).toEqual([{ method: 'GET', path: '/payload', authorization: `Bearer ${token}` }]);
    expect(fixture.redirectRequests).toEqual([]);
  });

  it('redirectSafe passes a host that follows one redirect without the credential, as NOTES words it', () => {
    const draft = structuredClone(observed.get('12-cross-origin-redirect')!) as Draft<CheckInput>;
    draft.fixture.redirectRequests = [{ method: 'GET', path: '/payload' }];
    expect(checkCase(draft as CheckInput)).toEqual([]);
  });

  it('asks no digestVerified of a fetch that failed, and passes a success without a digest that says false', () => {
    const failedFetch = structuredClone(observed.get('05-digest-mismatch')!);
    expect(failedFetch.observation.outcome?.ok).toBe(false);
    expect(checkCase(failedFetch)).toEqual([]);
    const unclaimed = observed.get('13-observed-mime')!;
    expect(unclaimed.observation.outcome).toMatchObject({ ok: true, digestVerified: false });
    expect(unclaimed.observation.records[0]?.digestVerified).toBe(false);
  });

  it('fails a key it has no check for, and asks nothing of a flag set to false', () => {
    const input = observed.get('01-never')!;
    const unknownKey = { ...input, vector: { ...input.vector, expect: { ...input.vector.expect, somethingNew: true } } };
    expect(checkCase(unknownKey).map((failure) => failure.key)).toEqual(['somethingNew']);
    const stubOff = { ...input, observation: { ...input.observation, records: [] }, vector: { ...input.vector, expect: { stub: false } } };
    expect(checkCase(stubOff)).toEqual([]);
  });
});

describe(expandValue.name, () => {
  it('replaces $ORIGIN in every string and expands { $repeat, count }', () => {
    expect(expandValue({ a: ['$ORIGIN/x', { $repeat: 'ab', count: 3 }], b: 1 }, 'http://o')).toEqual({ a: ['http://o/x', 'ababab'], b: 1 });
  });
});
