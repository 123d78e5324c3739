import { describe, expect, it } from 'vitest';
import { buildReferenceStub, FETCHABLE_ENDING, REFERENCE_STUB_MAX_CHARS, savedEnding } from '../../src/references/stub.js';

describe(buildReferenceStub.name, () => {
  it('reads [id] name — type, size claimed — provenance — ending', () => {
    expect(buildReferenceStub('ref-1', { name: 'a.wav', mimeType: 'audio/wav', sizeBytes: 3000 }, { serverId: 'srv' }, FETCHABLE_ENDING)).toBe(
      '[ref-1] a.wav — audio/wav, ~3KB claimed — from server "srv" — fetch with fetch_reference',
    );
  });

  it('names what is missing, and a reference the host made itself', () => {
    expect(buildReferenceStub('ref-2', {}, {}, 'not fetchable: no server delivered it')).toBe(
      '[ref-2] unnamed — unknown type, no size claimed — made by this host — not fetchable: no server delivered it',
    );
  });

  it('cuts a 255-character name at the display bound and marks the cut with …', () => {
    const stub = buildReferenceStub('ref-3', { name: 'a'.repeat(255) }, {}, FETCHABLE_ENDING);
    expect(stub).toContain(`${'a'.repeat(119)}… —`);
    expect(stub).not.toContain('a'.repeat(121));
  });

  it('strips controls, bidi controls and line separators from every label', () => {
    const stub = buildReferenceStub(
      'ref-4',
      { name: 'bad\u0000\u0007\u0085\u202ename\n', mimeType: 'audio/\u2028wav' },
      { serverId: 'srv\u2029\u200f' },
      savedEnding('/tmp/x\ny'),
    );
    expect(stub).toBe('[ref-4] badname — audio/wav, no size claimed — from server "srv" — saved: /tmp/xy');
    expect(stub).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/);
  });

  it('gives each stub its own type, provenance and ending, however those of the stubs before it ran', () => {
    const runs: [string | undefined, string | undefined, string][] = [
      ['text/csv', 'a', FETCHABLE_ENDING],
      ['text/csv', 'a', FETCHABLE_ENDING],
      ['text/csv', 'b', FETCHABLE_ENDING],
      ['text/csv', 'b', 'not fetchable: it has expired'],
      ['audio/wav', 'b', 'not fetchable: it has expired'],
      [undefined, undefined, 'not fetchable: it has expired'],
      ['text/csv', 'a', FETCHABLE_ENDING],
      ['text/csv', undefined, FETCHABLE_ENDING],
    ];
    for (const [at, [mimeType, serverId, ending]] of runs.entries()) {
      const stub = buildReferenceStub(`ref-${at}`, { name: `f${at}`, mimeType, sizeBytes: 2048 }, serverId === undefined ? {} : { serverId }, ending);
      const from = serverId === undefined ? 'made by this host' : `from server "${serverId}"`;
      expect(stub).toBe(`[ref-${at}] f${at} — ${mimeType ?? 'unknown type'}, ~2KB claimed — ${from} — ${ending}`);
    }
  });

  it('stays within REFERENCE_STUB_MAX_CHARS whatever its fields, a megabyte each', () => {
    const huge = 'x'.repeat(1 << 20);
    const stub = buildReferenceStub(`ref-${huge}`, { name: huge, mimeType: huge, sizeBytes: Number.MAX_SAFE_INTEGER }, { serverId: huge }, savedEnding(huge));
    expect(stub.length).toBeLessThanOrEqual(REFERENCE_STUB_MAX_CHARS);
  });
});
