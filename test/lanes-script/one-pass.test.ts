/**
 * The script lane reads data that holds nothing the claims walk would note in one pass
 * (`copyPlainData`), and anything else by walking then copying. Its view is the same either
 * way: here each result is viewed twice, on two hosts alike, once as the lane reads it and once
 * with the one pass turned off (every value walked, then copied).
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as jsonCopyModule from '../../src/blocks/json-copy.js';
import { createHost } from '../../src/host.js';
import { itProp } from '../support/factories.js';
import { laneData, nested, SIGNED_URI } from '../blocks/json-copy-data.js';

/** Whether `copyPlainData` is turned off, so the lane walks then copies everything. */
const onePass = vi.hoisted(() => ({ off: false, copies: 0 }));

vi.mock('../../src/blocks/json-copy.js', async (importOriginal) => {
  const original = await importOriginal<typeof jsonCopyModule>();
  return {
    ...original,
    copyPlainData: (...args: Parameters<typeof original.copyPlainData>) => {
      if (onePass.off) return original.NOT_PLAIN;
      const copied = original.copyPlainData(...args);
      if (copied !== original.NOT_PLAIN) onePass.copies += 1;
      return copied;
    },
  };
});

const NOW = Date.parse('2030-06-01T00:00:00Z');
const ORIGIN = 'https://files.example.com';

/** A link, a reference that claims `never` for its uri, and a link to that uri: claims in data change what the content shows. */
const CONTENT = [
  { type: 'resource_link', uri: 'https://docs.example.org/a.csv', name: 'a' },
  { type: 'resource_link', uri: `${ORIGIN}/exports/b.csv`, name: 'b' },
  { type: 'text', text: 'words' },
];

/** Results carrying `data` in each place the lane reads it: data alone, structured beside content, and a host input. */
const results = (data: unknown): [string, unknown][] => [
  ['structuredContent alone', { structuredContent: data }],
  ['structuredContent beside content', { content: CONTENT, structuredContent: data }],
  ['structuredContent beside no content', { content: [], structuredContent: data }],
  ['a host input', { data }],
];

/** The view on a fresh host, its ids named by their order of appearance (each host draws its own). */
function viewed(result: unknown, off: boolean): string {
  onePass.off = off;
  const host = createHost({ now: () => NOW, log: () => {} });
  host.setServerAddress('srv', ORIGIN);
  const view = host.scriptView(result, { serverId: 'srv', toolName: 'tool' });
  const ids = new Map<string, string>();
  return JSON.stringify(canonical(view)).replace(/ref-[A-Za-z0-9_-]{16}/g, (id) => {
    if (!ids.has(id)) ids.set(id, `ref#${ids.size}`);
    return ids.get(id)!;
  });
}

/** A value with what JSON text loses kept: -0, undefined, holes, prototypes, own `__proto__` keys. */
function canonical(value: unknown): unknown {
  if (typeof value === 'number') return Object.is(value, -0) ? '(-0)' : Number.isFinite(value) ? value : `(${value})`;
  if (value === undefined) return '(undefined)';
  if (typeof value !== 'object' || value === null)
    return typeof value === 'string' || typeof value === 'boolean' || value === null ? value : `(${typeof value})`;
  if (Array.isArray(value)) return ['array', Array.from({ length: value.length }, (_, index) => (index in value ? canonical(value[index]) : '(hole)'))];
  const prototype: unknown = Object.getPrototypeOf(value);
  const record = value as Record<string, unknown>;
  return [prototype === Object.prototype ? 'object' : 'other', Object.keys(record).map((key) => [key, canonical(record[key])])];
}

afterEach(() => {
  onePass.off = false;
});

describe('Host.scriptView, one pass or walk then copy', () => {
  itProp([laneData], { seed: 0x5c71_9700, numRuns: 400 })('gives the same view either way, wherever the data stands in the result', (data) => {
    for (const [, result] of results(data)) expect(viewed(result, false)).toBe(viewed(result, true));
  });

  it.each<[string, () => unknown]>([
    [
      'a cycle',
      () => {
        const cycle: Record<string, unknown> = { a: 1 };
        cycle.self = [cycle];
        return cycle;
      },
    ],
    ['a BigInt', () => ({ n: [1n] })],
    ['objects past the depth bound', () => nested(300, {})],
    ['objects just short of it', () => nested(255, { at: SIGNED_URI })],
    ['a boxed BigInt', () => ({ n: Object(2n) as object })],
    ['a boxed string holding a signed uri', () => ({ s: new String(SIGNED_URI) })],
    ['a toJSON answering a block', () => ({ later: { toJSON: () => ({ type: 'resource', uri: 'https://docs.example.org/a.csv', disposition: 'never' }) } })],
    [
      'a getter answering a reference',
      () =>
        Object.defineProperty({}, 'ref', { enumerable: true, get: () => ({ type: 'resource', uri: 'https://docs.example.org/a.csv', disposition: 'never' }) }),
    ],
    ['an object naming an id no view issued', () => ({ rows: [{ refId: 'ref-AAAAAAAAAAAAAAAA', name: 'forged' }] })],
    ['a `__proto__` key', () => JSON.parse('{"__proto__":{"type":"image","mimeType":"image/png","size":1},"a":[{"__proto__":1}]}')],
    [
      'a getter that throws',
      () =>
        Object.defineProperty({}, 'x', {
          enumerable: true,
          get: () => {
            throw new Error('no');
          },
        }),
    ],
  ])('gives the same view either way for data holding %s', (_name, make) => {
    for (const [, result] of results(make())) expect(viewed(result, false)).toBe(viewed(result, true));
  });

  it('reads a reference object a view issued the same either way, under the claims of its record', () => {
    for (const off of [false, true]) {
      onePass.off = off;
      const host = createHost({ now: () => NOW, log: () => {} });
      host.setServerAddress('srv', ORIGIN);
      const first = host.scriptView({ content: CONTENT }, { serverId: 'srv', toolName: 'tool' });
      if (!first.ok || first.content === undefined) throw new Error('no view');
      const handedBack = host.scriptView({ structuredContent: { rows: [first.content[1]] } }, { serverId: 'srv', toolName: 'tool' });
      expect(handedBack).toStrictEqual({ ok: true, isError: false, data: { rows: [first.content[1]] } });
    }
  });

  it('withholds a content link’s uri that structuredContent claims `never` for, and shows it beside plain structured data', () => {
    const uri = 'https://docs.example.org/a.csv';
    const linkUri = (structured: unknown): unknown => {
      const host = createHost({ now: () => NOW, log: () => {} });
      const view = host.scriptView({ content: [CONTENT[0]], structuredContent: structured }, { serverId: 'srv', toolName: 'tool' });
      if (!view.ok || view.content === undefined) throw new Error('no view');
      return (view.content[0] as { uri?: unknown }).uri;
    };
    expect(linkUri({ rows: [{ n: 1 }] })).toBe(uri);
    expect(linkUri({ rows: [{ type: 'resource', uri, disposition: 'never' }] })).toBeUndefined();
  });

  it('takes the one pass for much of the data compared here, so the comparison is of both readings', () => {
    onePass.copies = 0;
    for (const data of fc.sample(laneData, { seed: 0x5c71_9700, numRuns: 300 })) viewed({ structuredContent: data }, false);
    expect(onePass.copies).toBeGreaterThan(60);
    expect(onePass.copies).toBeLessThan(240);
  });
});
