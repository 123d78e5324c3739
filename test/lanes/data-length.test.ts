/**
 * Long data on the tool-result lane (issues 12 and 15): the claims walk counts the data's JSON
 * length as it reads it, so the cut notice's length comes from one read, not a second
 * serialization. The shortcut answers what the full way answers: a host whose claims reading
 * counts nothing (the renderer then counts by serializing, `jsonLength`) renders every result,
 * data or `structuredContent`, to the same copies, blocks and log lines.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as readClaims from '../../src/blocks/read-claims.js';
import { createHost } from '../../src/host.js';
import { itProp, PNG_BASE64, PRESIGNED_URI } from '../support/factories.js';

type CreateHost = typeof createHost;

/** How often the full way's claims reading ran: a check that the comparison compares something. */
let fullReadings = 0;

/** `createHost` from modules whose claims reading never counts the length. */
async function fullWayHost(): Promise<CreateHost> {
  vi.resetModules();
  vi.doMock('../../src/blocks/read-claims.js', async (importOriginal) => {
    const original = await importOriginal<typeof readClaims>();
    const readDataClaims: typeof readClaims.readDataClaims = (value, lookup, isBlock) => {
      fullReadings += 1;
      return original.readDataClaims(value, lookup, isBlock, false);
    };
    return { ...original, readDataClaims };
  });
  const module = await import('../../src/host.js');
  vi.doUnmock('../../src/blocks/read-claims.js');
  return module.createHost;
}

let fullWay: CreateHost;
beforeAll(async () => {
  fullWay = await fullWayHost();
});

const CAP = 600;

/** Reference ids, drawn at random in each render, whole or cut short (`REF_ID_PATTERN`, unanchored and cut). */
const REF_IDS = /ref-[A-Za-z0-9_-]{1,16}/g;

/** Both ways' renders of `result`, with their log lines (reference ids, drawn at random, marked alike). */
function renderBoth(result: unknown): [unknown, unknown] {
  return [createHost, fullWay].map((create) => {
    const logs: string[] = [];
    const host = create({ log: (line) => logs.push(line), cap: CAP });
    const { stored, live, blocks, isError, structuredStanding } = host.renderToolResult(result, { serverId: 's', toolName: 't' });
    return JSON.parse(JSON.stringify({ stored, live, blocks, isError, structuredStanding, logs }).replace(REF_IDS, (id) => 'x'.repeat(id.length))) as unknown;
  }) as [unknown, unknown];
}

const strings = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 30 }),
  fc.constantFrom(
    '"quoted"',
    'back\\slash',
    'line\nbreak',
    '\u0000\u001f',
    'lone \ud800 surrogate',
    '\ud83d\ude00',
    'https://example.com/a?b=c',
    PRESIGNED_URI,
    PNG_BASE64,
  ),
);
const leaves = fc.oneof(
  strings,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constant(() => 1),
);
/** Blocks met in data: shown as the lane shows them, or (a text) as data. */
const blocks = fc.constantFrom<() => unknown>(
  () => ({ type: 'image', mimeType: 'image/png', data: PNG_BASE64 }),
  () => ({ type: 'resource_link', name: 'r', uri: PRESIGNED_URI }),
  () => ({ type: 'resource_link', name: 'r', uri: 'https://example.com/r' }),
  () => ({ type: 'text', text: 'a text at depth' }),
  () => ({ type: 7 }),
);
/** What only the walk and serialization read: a toJSON, a getter, a boxed value, a BigInt, a cycle. */
const readers = fc.constantFrom<() => unknown>(
  () => new Date(0),
  () => ({ toJSON: () => ({ swapped: 'in' }) }),
  () => Object.defineProperty({ a: 1 }, 'got', { enumerable: true, get: () => 'by a getter' }),
  () => Object(5) as unknown,
  () => 1n,
  () => {
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    return cycle;
  },
);
const { value: data } = fc.letrec<{ value: unknown; array: unknown; object: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: leaves, weight: 4 },
    { arbitrary: tie('array'), weight: 2 },
    { arbitrary: tie('object'), weight: 2 },
    { arbitrary: blocks.map((make) => make()), weight: 1 },
    { arbitrary: readers.map((make) => make()), weight: 1 },
  ),
  array: fc.array(tie('value'), { maxLength: 6 }),
  object: fc.dictionary(fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('type', 'records', 'a"b', '\ud800')), tie('value'), { maxKeys: 6 }),
}));
/** Data long enough to be cut: generated data repeated, as a data result or structured content. */
const results = fc
  .tuple(data, fc.integer({ min: 1, max: 120 }), fc.constantFrom('data', 'alone', 'carried', 'beside words', 'beside a link'))
  .map(([value, times, how]) => {
    const long = { records: Array.from({ length: times }, () => value), total: times };
    if (how === 'data') return { data: long };
    // Structured content is shown where no text of the server's own stands beside it.
    const content = {
      alone: [],
      carried: [{ type: 'text', text: safeJson(long) }],
      'beside words': [{ type: 'text', text: 'the rows' }],
      'beside a link': [{ type: 'resource_link', name: 'r', uri: 'https://example.com/r' }],
    }[how];
    return { structuredContent: long, content };
  });

/** The value's JSON, or a word where it has none. */
function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'none';
  } catch {
    return 'none';
  }
}

describe('the tool-result lane’s data length', () => {
  itProp([results], { seed: 0x5eed_0d01, numRuns: 300 })('renders every data result as the full way does', (result) => {
    const [fast, full] = renderBoth(result);
    expect(fast).toEqual(full);
  });

  itProp([data], { seed: 0x5eed_0d02, numRuns: 300 })('renders every short value, as data or structured content, as the full way does', (value) => {
    for (const result of [{ data: value }, { structuredContent: value, content: [] }]) {
      const [fast, full] = renderBoth(result);
      expect(fast).toEqual(full);
    }
  });

  it.each([
    ['records', () => ({ data: Array.from({ length: 2000 }, (_, id) => ({ id, name: `n${id}`, f: id / 3, tags: ['a', 'b"'] })) })],
    ['a tree of small objects', () => ({ structuredContent: tree(10, 4), content: [] })],
    ['one big member', () => ({ data: { records: Array.from({ length: 3000 }, (_, id) => ({ id, text: 'é\n'.repeat(id % 40) })) } })],
  ])('names the whole length of long data (%s) in its cut notice, as serialized', (_what, make) => {
    const result = make();
    const value = 'data' in result ? result.data : result.structuredContent;
    const [fast, full] = renderBoth(result);
    expect(fast).toEqual(full);
    const host = createHost({ log: () => {}, cap: CAP });
    const shown = host.renderToolResult(result).blocks.at(-1);
    expect(shown).toMatchObject({ kind: 'text', length: JSON.stringify(value).length });
  });

  it('compares with a full way that counted by serializing', () => {
    const before = fullReadings;
    renderBoth({ data: [1, 2, 3] });
    expect(fullReadings).toBe(before + 1);
  });
});

/** `fanout` members under each object, `depth` levels down, each leaf `{v: 1}`. */
function tree(fanout: number, depth: number): unknown {
  return depth === 0 ? { v: 1 } : Object.fromEntries(Array.from({ length: fanout }, (_, i) => [`k${i}`, tree(fanout, depth - 1)]));
}
