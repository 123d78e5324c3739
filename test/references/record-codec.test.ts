import { describe, expect, it } from 'vitest';
import { decodeRecord, encodeRecord, encodeRecordParts, joinRecordParts } from '../../src/references/record-codec.js';
import { newRefId } from '../../src/references/ref-ids.js';
import type { ReferenceRecord } from '../../src/references/registry.js';

function record(overrides: Partial<ReferenceRecord> = {}): ReferenceRecord {
  const refId = newRefId().refId;
  return {
    refId,
    uri: 'https://files.example.com/a.pdf',
    testimony: { uri: 'https://files.example.com/a.pdf', blockType: 'resource', fromLink: false, disposition: 'never', sizeBytes: 10, expiresAt: '2030-01-01' },
    serverId: 'files',
    fetched: { path: '/saved/x.pdf', bytes: 10, mimeType: 'application/pdf', digestVerified: false },
    ...overrides,
  };
}

describe(decodeRecord.name, () => {
  it('reads back what encodeRecord wrote, field for field', () => {
    const written = record();
    expect(decodeRecord(encodeRecord(written), written.refId)).toEqual(written);
    const bare = record({ serverId: undefined, fetched: undefined });
    expect(decodeRecord(encodeRecord(bare))).toEqual({ refId: bare.refId, uri: bare.uri, testimony: bare.testimony });
  });

  it('reads no record from a value cut short at any point', () => {
    const text = encodeRecord(record());
    for (let end = 0; end < text.length; end += 1) expect(decodeRecord(text.slice(0, end))).toBeUndefined();
  });

  it.each<[string, (value: Record<string, any>) => void]>([
    ['another version', (v) => (v.v = 2)],
    ['an id not of the registry form', (v) => (v.refId = 'ref-short')],
    ['a testimony without a uri', (v) => delete v.testimony.uri],
    ['an unknown block type', (v) => (v.testimony.blockType = 'video')],
    ['a disposition RFC-005 has not', (v) => (v.testimony.disposition = 'always')],
    [
      'a link claiming a digest',
      (v) => ((v.testimony.blockType = 'resource_link'), (v.testimony.fromLink = true), (v.testimony.digest = `sha256:${'a'.repeat(43)}`)),
    ],
    ['a negative size', (v) => (v.testimony.sizeBytes = -1)],
    ['a malformed digest', (v) => (v.testimony.digest = 'sha256:short')],
    ['a fetched copy without a path', (v) => delete v.fetched.path],
    ['a server id that is not a string', (v) => (v.serverId = 7)],
  ])('reads no record from a value with %s', (_name, spoil) => {
    const value = JSON.parse(encodeRecord(record()));
    spoil(value);
    expect(decodeRecord(JSON.stringify(value))).toBeUndefined();
  });

  it.each([
    ['image', true],
    ['audio', true],
    ['resource', true],
    ['resource_link', true],
    ['text', false],
    ['__proto__', false],
  ])("reads back a testimony of block type %s only if a reference arrives as it (%s): testimony's kinds", (blockType, read) => {
    const value = JSON.parse(encodeRecord(record()));
    value.testimony.blockType = blockType;
    expect(decodeRecord(JSON.stringify(value))?.testimony.blockType).toBe(read ? blockType : undefined);
  });

  it("reads a link's record that carries its result's claims (a never, an expiry), as the registry holds it", () => {
    const written = record({
      testimony: { uri: 'https://files.example.com/a.pdf', blockType: 'resource_link', fromLink: true, disposition: 'never', expiresAt: '2030-01-01' },
    });
    expect(decodeRecord(encodeRecord(written))).toEqual(written);
  });

  it('reads no record stored under another id than the one asked for', () => {
    const written = record();
    expect(decodeRecord(encodeRecord(written), newRefId().refId)).toBeUndefined();
  });
});

describe(encodeRecordParts.name, () => {
  it('joins into the text encodeRecord writes: the claims last in the testimony, then the expiry in ms as x, which reading ignores', () => {
    const written = record();
    const parts = encodeRecordParts(written);
    expect(parts).toMatchObject({ disposition: 'never', expiresAt: '"2030-01-01"', expiryMs: String(Date.UTC(2030, 0, 1)) });
    expect(parts.open).not.toContain('disposition');
    expect(joinRecordParts(parts)).toBe(encodeRecord(written));
    expect(JSON.parse(encodeRecord(written)).x).toBe(Date.UTC(2030, 0, 1));
    expect(decodeRecord(encodeRecord(written))).toEqual(written);
  });

  it('gives an expiry that does not parse the earliest instant, so it compares as the strictest', () => {
    const parts = encodeRecordParts(
      record({ testimony: { uri: 'https://files.example.com/a.pdf', blockType: 'resource', fromLink: false, expiresAt: 'soon' } }),
    );
    expect(Number(parts.expiryMs)).toBe(-8.64e15);
  });
});
