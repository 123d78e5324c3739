import { describe, expect, it } from 'vitest';
import { REF_ID_PATTERN } from '../../src/references/ref-ids.js';
import { createRegistry, UnknownReference } from '../../src/references/registry.js';
import type { Testimony } from '../../src/references/testimony.js';

function reference(uri: string, claims: Partial<Testimony> = {}): Testimony {
  return { uri, blockType: 'resource', fromLink: false, ...claims };
}
function link(uri: string, claims: Partial<Testimony> = {}): Testimony {
  return { uri, blockType: 'resource_link', fromLink: true, ...claims };
}

describe(createRegistry.name, () => {
  it('keys records by uri: the same uri keeps its id', () => {
    const registry = createRegistry();
    const first = registry.register(reference('https://a.test/1'), 's');
    expect(registry.register(reference('https://a.test/1'), 's').refId).toBe(first.refId);
    expect(registry.register(reference('https://a.test/2'), 's').refId).not.toBe(first.refId);
    expect(registry.size).toBe(2);
  });

  it('evicts the least recently used first, and a touch makes a record recent', () => {
    const registry = createRegistry({ capacity: 2 });
    const a = registry.register(reference('https://a.test/a'));
    const b = registry.register(reference('https://a.test/b'));
    registry.register(reference('https://a.test/a'));
    registry.register(reference('https://a.test/c'));
    expect(registry.get(a.refId)).toBeDefined();
    expect(registry.get(b.refId)).toBeUndefined();
    expect(registry.size).toBe(2);
  });

  it('never reuses an id: an evicted uri registered again gets a new one, and the old id stays unknown', () => {
    const registry = createRegistry({ capacity: 1 });
    const first = registry.register(reference('https://a.test/a'));
    registry.register(reference('https://a.test/b'));
    const again = registry.register(reference('https://a.test/a'));
    expect(again.refId).not.toBe(first.refId);
    expect(registry.get(first.refId)).toBeUndefined();
    const ids = new Set<string>();
    const big = createRegistry({ capacity: 3 });
    for (let i = 0; i < 50; i += 1) ids.add(big.register(reference(`https://a.test/${i % 7}/${i}`)).refId);
    expect(ids.size).toBe(50);
  });

  it('makes ids that differ between registries', () => {
    expect(createRegistry().register(reference('https://a.test/a')).refId).not.toBe(createRegistry().register(reference('https://a.test/a')).refId);
  });

  it('answers a stale or unknown id with the typed "unknown reference" error, never another record', () => {
    const registry = createRegistry({ capacity: 1 });
    const first = registry.register(reference('https://a.test/a'));
    registry.register(reference('https://a.test/b'));
    expect(() => registry.getOrThrow(first.refId)).toThrow(UnknownReference);
    expect(() => registry.getOrThrow('ref-nope')).toThrow(/unknown reference/);
    try {
      registry.getOrThrow('ref-nope');
    } catch (error) {
      expect((error as UnknownReference).code).toBe('unknown-reference');
      expect((error as UnknownReference).refId).toBe('ref-nope');
    }
  });

  it("names a record by its exact id alone: no other spelling of it, and no other registry's id", () => {
    const registry = createRegistry();
    let record = registry.register(reference('https://a.test/0'));
    for (let i = 1; i <= 50; i += 1) record = registry.register(reference(`https://a.test/${i}`));
    const id = record.refId;
    expect(registry.get(id)).toBe(record);
    const body = id.slice('ref-'.length);
    // The last character changed: the same table key, another id.
    const sameKey = `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`;
    for (const spelling of [
      sameKey,
      `${id} `,
      ` ${id}`,
      `${id}x`,
      id.slice(0, -1),
      id.toUpperCase(),
      id.toLowerCase(),
      `ref-${body}-1`,
      `ref--${body}`,
      body,
      'ref-',
      `[${id}]`,
    ]) {
      if (spelling === id) continue;
      expect(registry.get(spelling)).toBeUndefined();
      expect(() => registry.getOrThrow(spelling)).toThrow(UnknownReference);
    }
    const other = createRegistry();
    const theirs = other.register(reference('https://a.test/40'));
    expect(registry.get(theirs.refId)).toBeUndefined();
    expect(registry.get(undefined as unknown as string)).toBeUndefined();
  });

  it('gives every id 96 bits of its own randomness: `ref-` and 16 base64url characters, no part shared with the id before it', () => {
    const registry = createRegistry({ capacity: 3 });
    const ids = Array.from({ length: 2000 }, (_, i) => registry.register(link(`https://a.test/${i}`)).refId);
    for (const id of ids) expect(id).toMatch(REF_ID_PATTERN);
    expect(REF_ID_PATTERN.source).toBe('^ref-[A-Za-z0-9_-]{16}$');
    expect(new Set(ids).size).toBe(ids.length);
    // Every one of the 96 bits is set in about half the ids: no bit is a counter's or a fixed prefix's.
    const bytes = ids.map((id) => Buffer.from(id.slice('ref-'.length), 'base64url'));
    for (let bit = 0; bit < 96; bit += 1) {
      const set = bytes.filter((b) => (b[bit >> 3]! >> (bit & 7)) & 1).length;
      expect(set / ids.length, `bit ${bit}`).toBeGreaterThan(0.4);
      expect(set / ids.length, `bit ${bit}`).toBeLessThan(0.6);
    }
    // Consecutive ids agree on a character about one time in 64; a shared prefix or counter would not.
    const agreeing = ids.slice(1).reduce((sum, id, i) => sum + [...id].filter((c, k) => k >= 4 && ids[i]![k] === c).length, 0);
    expect(agreeing / ((ids.length - 1) * 16)).toBeLessThan(0.03);
  });

  it('derives no held id from one seen: the ids a counter, a shared head or one edited character would give name nothing', () => {
    const registry = createRegistry();
    const seen = registry.register(reference('https://a.test/weather.pdf'), 'weather');
    const next = Array.from({ length: 20 }, (_, i) => registry.register(reference(`https://a.test/payroll-${i}.csv`), 'payroll'));
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const guesses = new Set<string>();
    const cut = seen.refId.lastIndexOf('-');
    const counter = Number.parseInt(seen.refId.slice(cut + 1), 36);
    for (let n = 1; n <= 40; n += 1) {
      guesses.add(`${seen.refId.slice(0, cut + 1)}${(counter + n).toString(36)}`);
      guesses.add(`${seen.refId}-${n}`);
    }
    for (let k = 4; k < seen.refId.length; k += 1) {
      for (const c of alphabet) guesses.add(`${seen.refId.slice(0, k)}${c}${seen.refId.slice(k + 1)}`);
    }
    guesses.delete(seen.refId);
    const held = new Set(next.map((record) => record.refId));
    expect([...guesses].filter((guess) => held.has(guess) || registry.get(guess) !== undefined)).toEqual([]);
  });

  it('stays exact when full: each new uri evicts the oldest alone, and every held id names its own uri', () => {
    const registry = createRegistry({ capacity: 3 });
    const records = Array.from({ length: 12 }, (_, i) => registry.register(link(`https://a.test/${i}`)));
    expect(registry.size).toBe(3);
    records.forEach((record, i) => {
      if (i < 9) expect(registry.get(record.refId)).toBeUndefined();
      else expect(registry.get(record.refId)).toEqual(record);
      expect(registry.getByUri(`https://a.test/${i}`)).toBe(i < 9 ? undefined : record);
    });
    // A touch in a full registry moves a record without evicting any.
    registry.register(link('https://a.test/9'));
    const next = registry.register(link('https://a.test/12'));
    expect(registry.get(records[9]!.refId)?.uri).toBe('https://a.test/9');
    expect(registry.get(records[10]!.refId)).toBeUndefined();
    expect(registry.get(next.refId)?.uri).toBe('https://a.test/12');
  });

  it('names every held record by its id, and no evicted one, however lookups and registrations interleave', () => {
    // Lookups after every registration, after a few, and after more than the registry holds.
    const registry = createRegistry({ capacity: 40 });
    const issued: { readonly refId: string; readonly uri: string }[] = [];
    const gaps = [1, 1, 3, 7, 0, 2, 55, 1, 120, 4, 39, 41];
    let next = 0;
    for (const gap of gaps) {
      for (let i = 0; i < gap; i += 1) {
        // Some uris come back (a touch, keeping the id); most are new (an eviction once full).
        const uri = next % 5 === 4 ? issued[Math.max(0, issued.length - 3)]!.uri : `https://a.test/${next}`;
        const record = registry.register(link(uri));
        if (!issued.some((held) => held.refId === record.refId)) issued.push(record);
        next += 1;
      }
      for (const { refId, uri } of issued) {
        const held = registry.getByUri(uri);
        expect(registry.get(refId)).toBe(held?.refId === refId ? held : undefined);
      }
    }
    expect(issued.filter(({ refId }) => registry.get(refId) !== undefined)).toHaveLength(40);
  });

  it.each([1, null, undefined, {}, Symbol('id'), 1n, Object('ref-x')])('answers a non-string id (%s) with the typed error, never another', (value) => {
    const registry = createRegistry();
    registry.register(reference('https://a.test/a'));
    expect(registry.get(value as unknown as string)).toBeUndefined();
    expect(() => registry.getOrThrow(value as unknown as string)).toThrow(UnknownReference);
  });

  it("never lets a link's testimony replace a reference's digest, expiry or disposition", () => {
    const registry = createRegistry();
    const claims = { digest: `sha256:${'A'.repeat(43)}`, expiresAt: '2030-01-01T00:00:00Z', disposition: 'never' as const };
    registry.register(reference('https://a.test/a', claims), 's');
    const after = registry.register(link('https://a.test/a', { name: 'later link' }), 's');
    expect(after.testimony).toMatchObject(claims);
    expect(after.testimony.fromLink).toBe(false);
  });

  it("lets a re-issued reference's newer claims replace an unfetched record's", () => {
    const registry = createRegistry();
    registry.register(reference('https://a.test/a', { expiresAt: '2020-01-01T00:00:00Z' }));
    const after = registry.register(reference('https://a.test/a', { expiresAt: '2040-01-01T00:00:00Z' }));
    expect(after.testimony.expiresAt).toBe('2040-01-01T00:00:00Z');
    const linked = createRegistry();
    linked.register(link('https://a.test/a'));
    expect(linked.register(reference('https://a.test/a', { disposition: 'never' })).testimony.disposition).toBe('never');
  });

  it('keeps, for a fetched record, the testimony its bytes were verified against', () => {
    const registry = createRegistry();
    const first = registry.register(reference('https://a.test/a', { digest: `sha256:${'A'.repeat(43)}` }), 's');
    registry.markFetched(first.refId, { path: '/saved/x.bin', bytes: 3, mimeType: 'application/octet-stream', digestVerified: true }, first.testimony, 's');
    const after = registry.register(reference('https://a.test/a', { digest: `sha256:${'B'.repeat(43)}` }), 's');
    expect(after.testimony.digest).toBe(`sha256:${'A'.repeat(43)}`);
    expect(after.fetched?.path).toBe('/saved/x.bin');
  });

  it("narrows a fetched record's testimony by a later reference's stricter expiry and never, and nothing else", () => {
    const registry = createRegistry();
    const first = registry.register(reference('https://a.test/f', { mimeType: 'audio/wav', expiresAt: '2999-01-01T00:00:00Z' }), 's');
    const copy = { path: '/saved/x.wav', bytes: 3, mimeType: 'audio/wav', digestVerified: false };
    registry.markFetched(first.refId, copy, first.testimony, 's');
    const later = registry.register(reference('https://a.test/f', { mimeType: 'text/plain', expiresAt: '2001-01-01T00:00:00Z', disposition: 'never' }), 's');
    expect(later.testimony).toEqual({
      uri: 'https://a.test/f',
      blockType: 'resource',
      fromLink: false,
      mimeType: 'audio/wav',
      expiresAt: '2001-01-01T00:00:00Z',
      disposition: 'never',
    });
    expect(later.fetched).toEqual(copy);
    // A looser expiry, a link, or no claim changes nothing.
    for (const looser of [reference('https://a.test/f', { expiresAt: '3999-01-01T00:00:00Z' }), link('https://a.test/f'), reference('https://a.test/f')]) {
      expect(registry.register(looser, 's').testimony).toEqual(later.testimony);
    }
  });

  it('binds a record to the server that sent it last; the host re-registering it keeps the binding', () => {
    const registry = createRegistry();
    registry.register(reference('https://a.test/a'), 'one');
    expect(registry.register(reference('https://a.test/a'), 'two').serverId).toBe('two');
    expect(registry.register(reference('https://a.test/a')).serverId).toBe('two');
  });

  it("keeps a reference's server binding when a link from another server names its uri", () => {
    const registry = createRegistry();
    registry.register(reference('https://a.test/a', { digest: `sha256:${'A'.repeat(43)}` }), 'files');
    expect(registry.register(link('https://a.test/a'), 'evil').serverId).toBe('files');
  });

  it('records a fetch against the testimony it verified, even when the reference was re-issued or evicted meanwhile', () => {
    const registry = createRegistry({ capacity: 1 });
    const verified = reference('https://a.test/a', { digest: `sha256:${'A'.repeat(43)}` });
    const first = registry.register(verified, 's');
    registry.register(reference('https://a.test/a', { digest: `sha256:${'B'.repeat(43)}` }), 's');
    const copy = { path: '/saved/a.bin', bytes: 1, mimeType: 'application/octet-stream', digestVerified: true };
    expect(registry.markFetched(first.refId, copy, verified, 's').testimony.digest).toBe(`sha256:${'A'.repeat(43)}`);
    registry.register(reference('https://a.test/b'), 's');
    const again = registry.markFetched(first.refId, copy, verified, 's');
    expect(again.refId).not.toBe(first.refId);
    expect(registry.getByUri('https://a.test/a')?.fetched?.path).toBe('/saved/a.bin');
  });

  it('rejects a capacity that is not a positive integer', () => {
    expect(() => createRegistry({ capacity: 0 })).toThrow(RangeError);
    expect(() => createRegistry({ capacity: 1.5 })).toThrow(RangeError);
  });
});

describe('Registry.openJournal', () => {
  it('reads each record as it stood when the journal opened, through a change of testimony and an eviction', () => {
    const registry = createRegistry({ capacity: 2 });
    registry.register(reference('https://a.test/a', { disposition: 'never' }), 's');
    const journal = registry.openJournal();
    registry.register(reference('https://a.test/a'), 'other');
    expect(journal.getByUri('https://a.test/a')?.testimony.disposition).toBe('never');
    expect(journal.getByUri('https://a.test/a')?.serverId).toBe('s');
    registry.register(reference('https://a.test/b'));
    registry.register(reference('https://a.test/c'));
    expect(registry.getByUri('https://a.test/a')).toBeUndefined();
    expect(journal.getByUri('https://a.test/a')?.testimony.disposition).toBe('never');
    expect(journal.getByUri('https://a.test/b')).toBeUndefined();
    journal.close();
  });

  it('keeps each journal its own copies, and a closed one copies nothing more', () => {
    const registry = createRegistry();
    registry.register(reference('https://a.test/a', { expiresAt: '2001-01-01T00:00:00Z' }));
    const early = registry.openJournal();
    registry.register(reference('https://a.test/a', { expiresAt: '2002-01-01T00:00:00Z' }));
    const late = registry.openJournal();
    registry.register(reference('https://a.test/a', { expiresAt: '2003-01-01T00:00:00Z' }));
    expect(early.getByUri('https://a.test/a')?.testimony.expiresAt).toBe('2001-01-01T00:00:00Z');
    expect(late.getByUri('https://a.test/a')?.testimony.expiresAt).toBe('2002-01-01T00:00:00Z');
    expect(registry.openJournals).toBe(2);
    early.close();
    late.close();
    expect(registry.openJournals).toBe(0);
    expect(early.getByUri('https://a.test/a')?.testimony.expiresAt).toBe('2003-01-01T00:00:00Z');
  });
});
