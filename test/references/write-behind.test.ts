import { describe, expect, it, vi } from 'vitest';
import { createMemoryStore, type RecordStore } from '../../src/references/record-store.js';
import { createRegistry, type ReferenceRecord } from '../../src/references/registry.js';
import type { Testimony } from '../../src/references/testimony.js';

function reference(uri: string, claims: Partial<Testimony> = {}): Testimony {
  return { uri, blockType: 'resource', fromLink: false, ...claims };
}

/** A shared store in memory whose writes can be made to fail. */
function fakeStore() {
  const records = new Map<string, ReferenceRecord>();
  const state = { failing: false, writes: 0 };
  const store: RecordStore = {
    shared: true,
    async write(batch) {
      state.writes += 1;
      await new Promise((resolve) => setImmediate(resolve));
      if (state.failing) throw new Error('store down');
      for (const record of batch) records.set(record.refId, record);
    },
    async read(refId) {
      if (state.failing) throw new Error('store down');
      return records.get(refId);
    },
    watchNever: () => () => undefined,
    close: async () => undefined,
  };
  return { store, records, state };
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

  it('lookup reads an id this registry never held from the store, and answers unavailable when it can\'t', async () => {
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
});
