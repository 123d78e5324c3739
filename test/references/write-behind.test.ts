import { describe, expect, it, vi } from 'vitest';
import { createMemoryStore, type RecordStore } from '../../src/references/record-store.js';
import { createRegistry, type ReferenceRecord } from '../../src/references/registry.js';
import type { Testimony } from '../../src/references/testimony.js';
import { recordBytes } from '../../src/references/write-behind.js';

function reference(uri: string, claims: Partial<Testimony> = {}): Testimony {
  return { uri, blockType: 'resource', fromLink: false, ...claims };
}

/** A shared store in memory whose writes can be made to fail, or to wait until released. */
function fakeStore() {
  const records = new Map<string, ReferenceRecord>();
  const listeners = new Set<(record: ReferenceRecord) => void>();
  const state = { failing: false, writes: 0, held: undefined as Promise<void> | undefined };
  const store: RecordStore = {
    shared: true,
    async write(batch) {
      state.writes += 1;
      await new Promise((resolve) => setImmediate(resolve));
      if (state.held !== undefined) await state.held;
      if (state.failing) throw new Error('store down');
      for (const record of batch) records.set(record.refId, record);
    },
    async read(refId) {
      if (state.failing) throw new Error('store down');
      return records.get(refId);
    },
    watchNever(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => undefined,
  };
  /** Another registry's `never` record, as the store tells it. */
  const publishNever = (record: ReferenceRecord) => {
    for (const listener of listeners) listener(record);
  };
  /** Holds every write until the returned function is called. */
  const hold = () => {
    let release!: () => void;
    state.held = new Promise((resolve) => (release = resolve));
    return () => {
      state.held = undefined;
      release();
    };
  };
  return { store, records, state, publishNever, hold };
}

/** A record another registry wrote, claiming `never` for `uri`. */
function foreignNever(uri: string, refId = `ref-${'F'.repeat(11)}${String(uri.length).padStart(5, '0')}`): ReferenceRecord {
  return { refId, uri, testimony: reference(uri, { disposition: 'never' }), serverId: 'elsewhere' };
}

describe('write-behind (createRegistry with a shared store)', () => {
  it('over the in-memory store writes nothing behind and flushes at once', async () => {
    const registry = createRegistry({ store: createMemoryStore() });
    registry.register(reference('https://a.test/1'), 's');
    expect(registry.pending).toBe(0);
    expect(await registry.flush()).toEqual({ ok: true });
  });

  it('flush resolves once every record registered before it is in the store, each at its latest', async () => {
    const { store, records } = fakeStore();
    const registry = createRegistry({ capacity: 5000, store, log: () => undefined });
    const ids = Array.from({ length: 2500 }, (_, i) => registry.register(reference(`https://a.test/${i}`), 's').refId);
    registry.register(reference('https://a.test/0', { disposition: 'never' }), 's');
    expect(registry.pending).toBe(2501);
    expect(await registry.flush()).toEqual({ ok: true });
    expect(registry.pending).toBe(0);
    for (const refId of ids) expect(records.has(refId)).toBe(true);
    expect(records.get(ids[0]!)?.testimony.disposition).toBe('never');
  });

  it('a failing store never throws out of register; flush answers registry-unavailable and the records stay held', async () => {
    const { store, state, records } = fakeStore();
    const lines: string[] = [];
    const registry = createRegistry({ store, log: (line) => lines.push(line) });
    state.failing = true;
    const held = registry.register(reference('https://a.test/x'), 's');
    expect(await registry.flush()).toEqual({ ok: false, code: 'registry-unavailable', pending: 1 });
    expect(registry.get(held.refId)).toBe(held);
    expect(lines.filter((line) => line.includes('kept in this process only'))).toHaveLength(1);
    // The store comes back: the retry writes the record with nothing from the host.
    state.failing = false;
    await vi.waitFor(() => expect(records.get(held.refId)).toEqual(held), { timeout: 5000 });
    expect(lines.some((line) => line.includes('writes resumed'))).toBe(true);
  });

  it("lookup reads an id this registry never held from the store, and answers unavailable when it can't", async () => {
    const { store, state } = fakeStore();
    const writer = createRegistry({ store, log: () => undefined });
    const reader = createRegistry({ store, log: () => undefined });
    const written = writer.register(reference('https://a.test/shared'), 's');
    await writer.flush();
    expect(reader.get(written.refId)).toBeUndefined();
    expect(await reader.lookup(written.refId, 1000)).toEqual({ kind: 'record', record: written });
    expect(reader.get(written.refId)).toEqual(written);
    state.failing = true;
    expect(await reader.lookup(writer.register(reference('https://a.test/other'), 's').refId, 1000)).toEqual({ kind: 'unavailable' });
    expect(await reader.lookup('ref-AAAAAAAAAAAAAAAA', 1000)).toEqual({ kind: 'unavailable' });
    expect(await reader.lookup('not-an-id', 1000)).toEqual({ kind: 'unknown' });
  });

  describe('the queue bound', () => {
    it('a flush whose records were dropped past the bound reports records-dropped with how many, and the log says they never reach the store', async () => {
      const { store, state } = fakeStore();
      const lines: string[] = [];
      const registry = createRegistry({ capacity: 100, store, log: (line) => lines.push(line), writeBehind: { records: 10 } });
      state.failing = true;
      for (let i = 0; i < 25; i += 1) registry.register(reference(`https://a.test/${i}`), 's');
      expect(registry.pending).toBe(10);
      state.failing = false;
      expect(await registry.flush()).toEqual({ ok: false, code: 'records-dropped', dropped: 15, pending: 0 });
      const line = lines.find((text) => text.includes('dropped'));
      expect(line).toContain("won't reach the store");
      expect(lines.join('\n')).not.toContain('stay in this process');
      // Reported once: a later flush with nothing dropped is ok.
      registry.register(reference('https://a.test/after'), 's');
      expect(await registry.flush()).toEqual({ ok: true });
    });

    it('counts bytes as well as records: long uris are dropped past the byte bound, and what waits stays within it', async () => {
      const { store, state } = fakeStore();
      const long = (i: number) => reference(`https://a.test/${'x'.repeat(2000)}/${i}`);
      const weight = recordBytes({ refId: 'ref-AAAAAAAAAAAAAAAA', uri: long(10).uri, testimony: long(10), serverId: 's' });
      const bound = weight * 5 + weight / 2;
      const registry = createRegistry({ capacity: 100, store, log: () => undefined, writeBehind: { records: 1000, bytes: bound } });
      state.failing = true;
      for (let i = 0; i < 20; i += 1) registry.register(long(i), 's');
      expect(registry.pending).toBe(5);
      expect(registry.pending * weight).toBeLessThanOrEqual(bound);
      state.failing = false;
      expect(await registry.flush()).toMatchObject({ ok: false, code: 'records-dropped', dropped: 15 });
    });

    it('holds the bound while a write is in flight, and a flush waiting then reports what was dropped', async () => {
      const { store, records, hold } = fakeStore();
      const registry = createRegistry({ capacity: 100, store, log: () => undefined, writeBehind: { records: 10 } });
      const release = hold();
      const first = registry.register(reference('https://a.test/first'), 's');
      await new Promise((resolve) => setImmediate(resolve));
      const flushed = registry.flush();
      for (let i = 0; i < 25; i += 1) registry.register(reference(`https://a.test/${i}`), 's');
      expect(registry.pending).toBeLessThanOrEqual(10);
      release();
      // The one write in flight landed; 15 of the 25 queued behind it were dropped.
      expect(await flushed).toEqual({ ok: true });
      expect(records.has(first.refId)).toBe(true);
      expect(await registry.flush()).toEqual({ ok: false, code: 'records-dropped', dropped: 15, pending: 0 });
    });
  });

  describe('never claims from other registries', () => {
    it("are kept apart from the records: adopting more than the capacity evicts none of this registry's own", async () => {
      const { store, publishNever } = fakeStore();
      const registry = createRegistry({ capacity: 5, store, log: () => undefined });
      const own = Array.from({ length: 5 }, (_, i) => registry.register(reference(`https://a.test/own/${i}`), 's'));
      for (let i = 0; i < 20; i += 1) publishNever(foreignNever(`https://cdn.test/private/${i}`, `ref-FFFFFFFFFFF${String(i).padStart(5, '0')}`));
      for (const record of own) expect(registry.get(record.refId)).toBe(record);
      for (let i = 0; i < 20; i += 1) expect(registry.getByUri(`https://cdn.test/private/${i}`)?.testimony.disposition).toBe('never');
      expect(registry.size).toBe(5);
    });

    it('are bounded by foreignNeverBytes: past it the oldest go, and what is kept is within the bound', () => {
      const { store, publishNever } = fakeStore();
      const claims = Array.from({ length: 20 }, (_, i) =>
        foreignNever(`https://cdn.test/private/${String(i).padStart(3, '0')}`, `ref-FFFFFFFFFFF${String(i).padStart(5, '0')}`),
      );
      const weight = recordBytes(claims[0]!);
      const bound = weight * 8;
      const registry = createRegistry({ store, log: () => undefined, foreignNeverBytes: bound });
      for (const claim of claims) publishNever(claim);
      const kept = claims.filter((claim) => registry.getByUri(claim.uri)?.testimony.disposition === 'never');
      expect(kept.length * weight).toBeLessThanOrEqual(bound);
      expect(kept.map((claim) => claim.uri)).toEqual(claims.slice(-8).map((claim) => claim.uri));
    });

    it("a uri another registry marked never, registered here, gets this registry's own id and keeps the never", async () => {
      const { store, records, publishNever } = fakeStore();
      const registry = createRegistry({ store, log: () => undefined });
      const claim = foreignNever('https://cdn.test/private/x');
      publishNever(claim);
      const mine = registry.register(reference(claim.uri), 'other');
      expect(mine.refId).not.toBe(claim.refId);
      expect(mine.testimony.disposition).toBe('never');
      await registry.flush();
      expect(records.has(claim.refId)).toBe(false);
      expect(records.get(mine.refId)?.testimony.disposition).toBe('never');
    });

    it('a fetched copy of a record read from the store keeps a never this registry learned meanwhile', async () => {
      const { store, records, publishNever } = fakeStore();
      const writer = createRegistry({ store, log: () => undefined });
      const reader = createRegistry({ store, log: () => undefined });
      const written = writer.register({ uri: 'https://a.test/doc', blockType: 'resource_link', fromLink: true }, 's');
      await writer.flush();
      const found = await reader.lookup(written.refId, 1000);
      expect(found.kind).toBe('record');
      publishNever(foreignNever(written.uri));
      const copy = { path: '/saved/doc.txt', bytes: 3, mimeType: 'text/plain', digestVerified: false };
      const fetched = reader.markFetched(written.refId, copy, written.testimony, 's');
      expect(fetched.testimony.disposition).toBe('never');
      await reader.flush();
      expect(records.get(written.refId)?.testimony.disposition).toBe('never');
    });
  });
});
