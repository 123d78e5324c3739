/**
 * The walks' bound on array elements: an array whose `length` a getter or a Proxy made far
 * longer than any JSON text could hold (a host builds such values; no server's JSON can) is
 * refused before its elements are read, on every walk and every lane, where serialization would
 * loop over every index before failing.
 */
import { describe, expect, it } from 'vitest';
import { createHost, type Host } from '../src/host.js';
import { walk, WALK_MAX_ELEMENTS, walkObjects, walkObjectsCounting, WalkError } from '../src/walk.js';

/** An array that says it holds `length` elements (each `element`, or a hole), counting each element read. */
function longArray(length: number, element?: unknown): { array: unknown[]; reads: () => number } {
  let reads = 0;
  const array = new Proxy([] as unknown[], {
    get(target, key, receiver) {
      if (key === 'length') return length;
      if (typeof key === 'string' && /^\d+$/.test(key)) {
        reads += 1;
        return element;
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { array, reads: () => reads };
}

const WALKS = [
  ['walk', (value: unknown) => walk(value, () => {})],
  ['walkObjects', (value: unknown) => walkObjects(value, () => {})],
  ['walkObjectsCounting', (value: unknown) => walkObjectsCounting(value, () => {})],
] as const;

describe('the walks’ bound on array elements', () => {
  it.each(WALKS)('%s refuses an array of 2^32 - 1 elements before reading one', (_name, run) => {
    const { array, reads } = longArray(2 ** 32 - 1);
    const thrown = (() => {
      try {
        run({ rows: array });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(WalkError);
    expect((thrown as WalkError).code).toBe('size');
    expect(reads()).toBe(0);
  });

  it.each(WALKS)('%s reads an array at the bound’s edge as serialization would (no refusal below it)', (_name, run) => {
    // Small arrays, many of them: the bound counts elements, not arrays.
    const rows = Array.from({ length: 2000 }, (_, i) => [i, `v${i}`, { k: i }]);
    expect(() => run({ rows })).not.toThrow();
  });

  it('is past the most elements a JSON text can hold (two characters each) and no lower', () => {
    // V8's longest string is 2^29 - 24 characters: 2^28 elements of one character and a comma
    // need 2^29 - 1 of them, so nothing serializable is refused.
    expect(WALK_MAX_ELEMENTS * 2 - 1).toBeGreaterThan(2 ** 29 - 24);
    expect((WALK_MAX_ELEMENTS / 2) * 2 - 1).toBeLessThan(2 ** 29 - 24);
  });
});

describe('the lanes on an array that says it holds 2^32 - 1 elements', () => {
  const origin = { serverId: 's', toolName: 't' };

  it('the tool-result lane withholds the result with its notice and a log line, reading no element', () => {
    const logs: string[] = [];
    const host = createHost({ log: (line) => logs.push(line) });
    const { array, reads } = longArray(2 ** 32 - 1);
    const rendered = host.renderToolResult({ content: [{ type: 'text', text: 'ok' }], structuredContent: { rows: array } }, origin);
    expect(reads()).toBe(0);
    expect(JSON.stringify(rendered)).not.toContain('"rows"');
    expect(logs.some((line) => line.includes('array elements'))).toBe(true);
  });

  it.each([
    ['holes', undefined],
    ['text blocks', { type: 'text', text: 'a block at every index' }],
  ])('the tool-result lane withholds such data given as the whole result (%s), reading no element', (_shape, element) => {
    const logs: string[] = [];
    const host = createHost({ log: (line) => logs.push(line) });
    const { array, reads } = longArray(2 ** 32 - 1, element);
    const rendered = host.renderToolResult({ data: array }, origin);
    expect(reads()).toBe(0);
    expect(JSON.stringify(rendered)).not.toContain('a block at every index');
    expect(logs.some((line) => line.includes('array elements'))).toBe(true);
  });

  it('the script lane answers a withheld view, reading no element', () => {
    const host = createHost({ log: () => {} });
    const { array, reads } = longArray(2 ** 32 - 1);
    const view = host.scriptView({ content: [{ type: 'text', text: 'ok' }], structuredContent: { rows: array } }, origin);
    expect(reads()).toBe(0);
    expect(JSON.stringify(view)).not.toContain('"rows"');
  });

  it.each([
    ['tool-result', (host: Host, array: unknown[]) => host.renderToolResult({ content: array }, origin)],
    ['push', (host: Host, array: unknown[]) => host.convertBlocks(array, origin)],
    ['script', (host: Host, array: unknown[]) => host.scriptView({ content: array }, origin)],
  ])('the %s lane withholds a content array that says so, reading no block', (_lane, render) => {
    const logs: string[] = [];
    const host = createHost({ log: (line) => logs.push(line) });
    const { array, reads } = longArray(2 ** 32 - 1, { type: 'text', text: 'a block at every index' });
    const rendered = render(host, array);
    expect(reads()).toBe(0);
    expect(JSON.stringify(rendered)).not.toContain('a block at every index');
    expect(logs.some((line) => line.includes('array elements'))).toBe(true);
  });
});
