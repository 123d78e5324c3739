import { describe, expect, it } from 'vitest';
import { createHost } from '../../src/host.js';
import { DATA_URI_NOT_SHOWN } from '../../src/text/markers.js';

/**
 * Data no replacement touches is given back as its own JSON read again (the view's fast way);
 * anything the data rules or the lane's own objects read must still take the replacer.
 */
describe('Host.scriptView, data without blocks', () => {
  const view = (data: unknown) => {
    const shown = createHost({ log: () => {} }).scriptView({ data }, { serverId: 'srv' });
    if (!shown.ok) throw new Error(shown.reason);
    return shown.data;
  };

  it('gives plain data as JSON would carry it: members in order, numbers, flags, null, holes and undefined as serialization has them', () => {
    // eslint-disable-next-line no-sparse-arrays -- a hole is what this test is about
    const data = { b: [1, , undefined, -0, Number.NaN], a: { n: 2.5, t: true, z: null, u: undefined }, s: 'plain words' };
    const shown = view(data);
    expect(shown).toEqual(JSON.parse(JSON.stringify(data)));
    expect(Object.keys(shown as object)).toEqual(['b', 'a', 's']);
  });

  it('replaces a credential-bearing uri in data and in a key, deep in plain rows', () => {
    const signed = `https://bucket.s3.amazonaws.com/k.csv?X-Amz-Signature=${'ab'.repeat(32)}`;
    const shown = view({ rows: [{ id: 1, at: signed }], [signed]: 1 });
    expect(JSON.stringify(shown)).not.toContain('X-Amz-Signature');
    expect((shown as { rows: [{ at: string }] }).rows[0].at).toBe(DATA_URI_NOT_SHOWN);
  });

  it("reads a nested object shaped like the lane's own media object as its own, never passing its other fields", () => {
    const shown = view({ a: [{ type: 'image', mimeType: 'image/png', size: 3, extra: 'x' }] });
    expect(shown).toEqual({ a: [{ type: 'image', mimeType: 'image/png', size: 3 }] });
  });
});
