import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expiryMs } from '../../src/references/expiry.js';
import { classifyReference, isReferenceForm, LINK_FORM, readTestimony, RESOURCE_FORM } from '../../src/references/testimony.js';
import { itProp } from '../support/factories.js';

const URI = 'https://files.example.com/payload';

describe(classifyReference.name, () => {
  it('reads every valid field as testimony', () => {
    const reading = classifyReference({
      type: 'resource',
      uri: URI,
      name: 'a.wav',
      mimeType: 'audio/wav',
      sizeBytes: 12,
      digest: `sha256:${'A'.repeat(43)}`,
      expiresAt: '2030-01-01T00:00:00Z',
      disposition: 'never',
    });
    expect(reading).toEqual({
      kind: 'reference',
      testimony: {
        uri: URI,
        name: 'a.wav',
        mimeType: 'audio/wav',
        sizeBytes: 12,
        digest: `sha256:${'A'.repeat(43)}`,
        expiresAt: '2030-01-01T00:00:00Z',
        disposition: 'never',
        blockType: 'resource',
        fromLink: false,
      },
    });
  });

  it.each([
    ['sizeBytes -1', { sizeBytes: -1 }, 'sizeBytes'],
    ['sizeBytes 3.5', { sizeBytes: 3.5 }, 'sizeBytes'],
    ['sizeBytes 2^53', { sizeBytes: 2 ** 53 }, 'sizeBytes'],
    ['sizeBytes a string', { sizeBytes: '12' }, 'sizeBytes'],
    ['name of 256', { name: 'n'.repeat(256) }, 'name'],
    ['mimeType of 256', { mimeType: 'm'.repeat(256) }, 'mimeType'],
    ['expiresAt of 65', { expiresAt: 'e'.repeat(65) }, 'expiresAt'],
    ['digest without its prefix', { digest: 'A'.repeat(43) }, 'digest'],
    ['digest of 42 characters', { digest: `sha256:${'A'.repeat(42)}` }, 'digest'],
    ['disposition "maybe"', { disposition: 'maybe' }, 'disposition'],
  ])('drops an invalid field (%s): absent, not cut or coerced, disposition kept', (_name, field, key) => {
    const reading = classifyReference({ type: 'resource', uri: URI, disposition: 'never', ...field });
    expect(reading.kind).toBe('reference');
    if (reading.kind !== 'reference') return;
    expect(reading.testimony).not.toHaveProperty(key === 'disposition' ? 'nothing' : key);
    if (key === 'disposition') expect(reading.testimony.disposition).toBeUndefined();
    else expect(reading.testimony.disposition).toBe('never');
  });

  it('keeps fields exactly at their bounds', () => {
    const reading = classifyReference({
      type: 'resource',
      uri: 'u'.repeat(4096),
      name: 'n'.repeat(255),
      mimeType: 'm'.repeat(255),
      expiresAt: 'e'.repeat(64),
      sizeBytes: Number.MAX_SAFE_INTEGER,
    });
    expect(reading.kind === 'reference' && reading.testimony).toMatchObject({
      name: 'n'.repeat(255),
      mimeType: 'm'.repeat(255),
      expiresAt: 'e'.repeat(64),
      sizeBytes: Number.MAX_SAFE_INTEGER,
    });
  });

  it.each([
    ['missing', {}, 'uri-missing'],
    ['not a string', { uri: 7 }, 'uri-not-string'],
    ['empty', { uri: '' }, 'uri-empty'],
    ['over 4096 characters', { uri: 'u'.repeat(4097) }, 'uri-too-long'],
  ])('rejects the block whole when its uri is %s', (_name, field, reason) => {
    expect(classifyReference({ type: 'resource', ...field })).toEqual({ kind: 'invalid', reason });
  });

  it("keeps a uri that doesn't parse: still a reference", () => {
    expect(classifyReference({ type: 'resource', uri: 'http://[::1' }).kind).toBe('reference');
  });

  it('maps a resource_link field for field: size → sizeBytes, no disposition, digest or expiry', () => {
    const reading = classifyReference({
      type: 'resource_link',
      uri: URI,
      name: 'r.csv',
      mimeType: 'text/csv',
      size: 40,
      sizeBytes: 99,
      disposition: 'never',
      digest: `sha256:${'A'.repeat(43)}`,
      expiresAt: '2000-01-01T00:00:00Z',
    });
    expect(reading).toEqual({
      kind: 'reference',
      testimony: { uri: URI, name: 'r.csv', mimeType: 'text/csv', sizeBytes: 40, blockType: 'resource_link', fromLink: true },
    });
  });

  it.each([
    ['size 0 decides over sizeBytes', { size: 0, sizeBytes: 99 }, 0],
    ['sizeBytes counts where it names no size', { sizeBytes: 99 }, 99],
    ['sizeBytes counts where size is null', { size: null, sizeBytes: 99 }, 99],
    ['an invalid size leaves no size', { size: -2, sizeBytes: 99 }, undefined],
  ])("reads a link's size: %s", (_name, fields, want) => {
    const reading = classifyReference({ type: 'resource_link', uri: URI, name: 'n', ...fields });
    expect(reading.kind === 'reference' ? reading.testimony.sizeBytes : 'invalid').toBe(want);
  });
});

describe(isReferenceForm.name, () => {
  it.each([
    ['a resource_link', { type: 'resource_link', uri: URI, name: 'n' }, true],
    ['a resource_link without a uri (still a link: its marker says so)', { type: 'resource_link', name: 'n' }, true],
    ["MCPL's resource with a top-level uri", { type: 'resource', uri: URI }, true],
    ["MCP's embedded resource", { type: 'resource', resource: { uri: URI, text: 't' } }, false],
    ['an image in uri form', { type: 'image', uri: URI }, true],
    ['audio in uri form', { type: 'audio', uri: URI }, true],
    ['an inline image', { type: 'image', data: 'AAAA', mimeType: 'image/png' }, false],
    ['an inline image beside a uri (a contradiction, not a reference)', { type: 'image', data: 'AAAA', uri: URI }, false],
    ['text', { type: 'text', text: 'x', uri: URI }, false],
  ])('%s → %s', (_name, block, want) => {
    expect(isReferenceForm(block)).toBe(want);
  });
});

describe('RFC-005 bounds count code points, as the schema does', () => {
  const EMOJI = '\u{1F600}';

  it('keeps a name of 255 emoji (510 UTF-16 units) and drops one of 256', () => {
    const kept = classifyReference({ type: 'resource_link', uri: URI, name: EMOJI.repeat(255) });
    const dropped = classifyReference({ type: 'resource_link', uri: URI, name: EMOJI.repeat(256) });
    expect(kept.kind === 'reference' && kept.testimony.name).toBe(EMOJI.repeat(255));
    expect(dropped.kind === 'reference' && dropped.testimony.name).toBeUndefined();
  });

  it('keeps an expiresAt of 40 emoji (80 units): it is testimony, read as already expired', () => {
    const reading = classifyReference({ type: 'resource', uri: URI, expiresAt: EMOJI.repeat(40) });
    expect(reading.kind === 'reference' && reading.testimony.expiresAt).toBe(EMOJI.repeat(40));
    expect(expiryMs(EMOJI.repeat(40))).toBe(Number.NEGATIVE_INFINITY);
  });

  it('takes a uri of 4,096 code points that is longer in units, and rejects one of 4,097', () => {
    const base = 'https://files.example.com/';
    const within = base + '\u{1F4C4}'.repeat(4096 - base.length);
    expect(within.length).toBeGreaterThan(4096);
    expect(classifyReference({ type: 'resource_link', uri: within }).kind).toBe('reference');
    expect(classifyReference({ type: 'resource_link', uri: `${within}x` })).toEqual({ kind: 'invalid', reason: 'uri-too-long' });
  });
});

/**
 * Testimony as read field by field, each present field added in its order: the reading a link
 * naming every field is now made in one piece must match, fields and their order alike.
 */
function fieldByField(block: Record<string, unknown>, fromLink: boolean): Record<string, unknown> | string {
  const uri = block.uri;
  if (uri === undefined) return 'uri-missing';
  if (typeof uri !== 'string') return 'uri-not-string';
  if (uri.length === 0) return 'uri-empty';
  if ([...uri].length > 4096) return 'uri-too-long';
  const bounded = (value: unknown, max: number): string | undefined => (typeof value === 'string' && [...value].length <= max ? value : undefined);
  const size = fromLink && block.size !== undefined && block.size !== null ? block.size : block.sizeBytes;
  const out: Record<string, unknown> = { uri, blockType: fromLink ? 'resource_link' : 'resource', fromLink };
  const mimeType = bounded(block.mimeType, 255);
  if (mimeType !== undefined) out.mimeType = mimeType;
  if (typeof size === 'number' && Number.isSafeInteger(size) && size >= 0) out.sizeBytes = size;
  if (!fromLink && typeof block.digest === 'string' && /^sha256:[A-Za-z0-9_-]{43}$/.test(block.digest)) out.digest = block.digest;
  const expiresAt = fromLink ? undefined : bounded(block.expiresAt, 64);
  if (expiresAt !== undefined) out.expiresAt = expiresAt;
  const name = bounded(block.name, 255);
  if (name !== undefined) out.name = name;
  if (!fromLink && (block.disposition === 'never' || block.disposition === 'ref')) out.disposition = block.disposition;
  return out;
}

describe('readTestimony, against a reading field by field', () => {
  const field = <T>(value: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(value, { nil: undefined, freq: 3 });
  const text = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('', 'a.csv', 'text/csv', 'n'.repeat(256), '😀'.repeat(200)));
  const block = fc.record(
    {
      type: fc.constantFrom('resource_link', 'resource'),
      uri: fc.oneof(fc.constantFrom('https://a.test/x', '', 'u'.repeat(4097)), fc.integer(), fc.string({ maxLength: 12 })),
      mimeType: field(fc.oneof(text, fc.integer())),
      name: field(fc.oneof(text, fc.boolean())),
      size: field(fc.oneof(fc.integer({ min: -2, max: 2 ** 53 }), fc.double(), fc.constant(null), fc.string({ maxLength: 3 }))),
      sizeBytes: field(fc.oneof(fc.integer({ min: -2, max: 5000 }), fc.constant(3.5))),
      digest: field(fc.constantFrom(`sha256:${'A'.repeat(43)}`, 'sha256:x')),
      expiresAt: field(fc.constantFrom('2030-01-01T00:00:00Z', 'e'.repeat(65))),
      disposition: field(fc.constantFrom('never', 'ref', 'maybe')),
    },
    { requiredKeys: ['type'] },
  );
  itProp([block], { seed: 2027, numRuns: 3000 })('reads every block as the field-by-field reading does, fields in the same order', (wire) => {
    const fromLink = wire.type === 'resource_link';
    const read = readTestimony(wire, fromLink ? LINK_FORM : RESOURCE_FORM);
    const want = fieldByField(wire, fromLink);
    expect(read).toStrictEqual(want);
    if (typeof read !== 'string') expect(Object.keys(read)).toEqual(Object.keys(want as object));
  });
});
