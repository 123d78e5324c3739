/**
 * The reliability properties the mutation gate's issue asks for, run in npm test (seeded, 1,000
 * runs each): no input makes a lane throw; the live copy's text stays within the cap except by
 * whole stubs, withheld lines and the truncation notice; claims don't depend on block order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHost } from '../../src/host.js';
import type { ShownBlock } from '../../src/blocks/shown-block.js';
import { omittedTextsNotice, truncationNotice } from '../../src/text/markers.js';

const RUNS = 1000;
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Values serialization can't hold or a reader can't read, mixed into ordinary JSON. */
const hostile = fc.oneof(
  fc.constant('revoked'),
  fc.constant('sparse'),
  fc.constant('cycle'),
  fc.constant('bigint'),
  fc.constant('getter'),
  fc.constant('toJSON'),
  fc.constant('deep'),
  fc.constant('huge'),
  fc.constant('proxy'),
);

function make(kind: string): unknown {
  switch (kind) {
    case 'revoked': {
      // A getter that throws a revoked proxy: even reading what was thrown throws.
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return Object.defineProperty({ type: 'text' }, 'text', { enumerable: true, get: () => { throw proxy; } });
    }
    case 'sparse': {
      const holes: unknown[] = [];
      holes[3] = { type: 'text', text: 'after holes' };
      return holes;
    }
    case 'cycle': {
      const value: Record<string, unknown> = { type: 'text', text: 'x' };
      value.self = [value];
      return value;
    }
    case 'bigint':
      return { count: 10n };
    case 'getter':
      return Object.defineProperty({ type: 'image' }, 'data', { enumerable: true, get: () => { throw new Error('unreadable'); } });
    case 'toJSON':
      return { toJSON: () => { throw new Error('toJSON failed'); } };
    case 'deep': {
      let value: unknown = { type: 'resource_link', uri: 'https://x.example/a', name: 'a' };
      for (let i = 0; i < 400; i += 1) value = [value];
      return value;
    }
    case 'huge':
      return { type: 'text', text: 'é'.repeat(300_000) };
    default:
      return new Proxy({}, { ownKeys: () => { throw new Error('no keys'); }, get: () => { throw new Error('no get'); } });
  }
}

const blockish = fc.oneof(
  fc.jsonValue(),
  fc.record({ type: fc.constantFrom('text', 'image', 'audio', 'resource', 'resource_link', 'video'), text: fc.anything(), data: fc.anything(), uri: fc.anything(), mimeType: fc.anything(), name: fc.anything() }, { requiredKeys: ['type'] }),
  hostile.map(make),
);

describe('no input makes a lane throw', () => {
  it('renderToolResult, convertBlocks and scriptView return normally for anything', () => {
    fc.assert(
      fc.property(
        fc.array(blockish, { maxLength: 6 }),
        fc.anything({ withBigInt: true, withSparseArray: true, withNullPrototype: true }),
        fc.anything(),
        (blocks, other, toolName) => {
        const host = createHost({ log: () => { throw new Error('the log is down'); } });
        const origin = { serverId: 's', toolName: toolName as string, cap: 5000 };
        for (const input of [{ content: blocks }, { data: blocks }, { data: other }, other, { structuredContent: blocks, content: [] }]) {
          const rendered = host.renderToolResult(input, origin);
          expect(typeof rendered.stored).toBe('string');
          expect(Array.isArray(host.convertBlocks(blocks, origin))).toBe(true);
          expect(typeof host.scriptView(input, origin).ok).toBe('boolean');
        }
        expect(host.registry.openJournals).toBe(0);
        },
      ),
      { seed: 0x5eed_0101, numRuns: RUNS },
    );
  });
});

/** What the cap may be passed by in a live text: whole stubs, withheld lines, the notices of a cut. */
function allowance(blocks: readonly ShownBlock[], original: number): number {
  let extra = truncationNotice(original).length + omittedTextsNotice(blocks.length).length;
  // References past the cut are kept whole (stubs and link lines), and so is the notice
  // counting blocks past the render's budgets.
  for (const block of blocks) {
    if (block.kind === 'stub' || block.kind === 'withheld' || block.kind === 'link') extra += block.text.length + 1;
    if (block.kind === 'marker' && block.reason === 'blocks-not-shown') extra += block.text.length + 1;
  }
  return extra;
}

describe('the live copy and the cap', () => {
  it('never passes the cap except by whole stubs, link lines past the cut, withheld lines and the notices', () => {
    const block = fc.oneof(
      fc.string({ maxLength: 400 }).map((text) => ({ type: 'text', text })),
      fc.constant({ type: 'image', data: PNG, mimeType: 'image/png' }),
      fc.constant({ type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' }),
      fc.webUrl().map((uri) => ({ type: 'resource_link', uri, name: 'n' })),
      fc.webUrl().map((uri) => ({ type: 'resource', uri, name: 'r' })),
      fc.constant({ type: 'video', uri: 'https://x.example/v' }),
      fc.constant({ type: 'image', data: PNG, mimeType: 'image/png', disposition: 'never' }),
    );
    fc.assert(
      fc.property(fc.array(block, { maxLength: 12 }), fc.integer({ min: 1, max: 2000 }), (content, cap) => {
        const rendered = createHost({ log: () => {} }).renderToolResult({ content }, { cap });
        const original = rendered.blocks.reduce((sum, b) => sum + b.text.length + 1, 0);
        const bound = cap + allowance(rendered.blocks, original);
        if (rendered.live.kind === 'text') {
          expect(rendered.live.text.length).toBeLessThanOrEqual(bound);
        } else {
          // Native: the texts share the cap with the links and markers; images aside.
          const text = rendered.live.blocks.reduce((sum, live) => sum + (live.type === 'text' ? live.text.length : 0), 0);
          expect(text).toBeLessThanOrEqual(bound);
        }
        expect(rendered.stored.length).toBeLessThanOrEqual(bound);
      }),
      { seed: 0x5eed_0102, numRuns: RUNS },
    );
  });
});

describe('claims and block order', () => {
  it('never and expiry claims read the same whatever the order of the blocks', () => {
    const uris = ['https://files.example.com/a', 'https://files.example.com/b', 'https://docs.example.org/c'];
    const block = fc.oneof(
      fc.constantFrom(...uris).map((uri) => ({ type: 'resource_link', uri, name: 'n' })),
      fc.record({
        uri: fc.constantFrom(...uris),
        disposition: fc.constantFrom(undefined, 'never', 'ref'),
        expiresAt: fc.constantFrom(undefined, '2020-01-01T00:00:00Z', '2040-01-01T00:00:00Z', 'not-a-date'),
      }).map((claims) => ({ type: 'resource', name: 'r', ...Object.fromEntries(Object.entries(claims).filter(([, v]) => v !== undefined)) })),
      fc.constant({ type: 'text', text: 't' }),
    );
    /** A block's decision with its id left out (each id is random). */
    const decision = (shown: ShownBlock): string => `${shown.kind}:${shown.text.replace(/^\[ref-[A-Za-z0-9_-]{16}\] /, '')}`;
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 6 }), fc.integer(), (content, seed) => {
        const order = content.map((item, index) => ({ item, index, key: Math.sin(seed + index) }));
        order.sort((a, b) => a.key - b.key);
        const render = (blocks: unknown[]) => {
          const host = createHost({ log: () => {}, now: () => Date.parse('2030-01-01T00:00:00Z') });
          host.setServerAddress('s', 'https://files.example.com');
          return host.renderToolResult({ content: blocks }, { serverId: 's' }).blocks;
        };
        const first = render(content);
        const shuffled = render(order.map((o) => o.item));
        order.forEach((o, position) => expect(decision(shuffled[position]!)).toBe(decision(first[o.index]!)));
      }),
      { seed: 0x5eed_0103, numRuns: RUNS },
    );
  });
});
