/**
 * The reliability properties the mutation gate's issue asks for, run in npm test (seeded, 1,000
 * runs each): no input makes a lane throw; the copies' texts stay within the cap except by
 * whole blocks other than text and the closing notices; claims don't depend on block order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHost } from '../../src/host.js';
import type { ShownBlock } from '../../src/blocks/shown-block.js';
import { LEFT_OUT_NAMED_MAX } from '../../src/lanes/copies.js';
import { blockCutNotice, omittedTextsNotice } from '../../src/text/markers.js';

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
      return Object.defineProperty({ type: 'text' }, 'text', {
        enumerable: true,
        get: () => {
          throw proxy;
        },
      });
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
      return Object.defineProperty({ type: 'image' }, 'data', {
        enumerable: true,
        get: () => {
          throw new Error('unreadable');
        },
      });
    case 'toJSON':
      return {
        toJSON: () => {
          throw new Error('toJSON failed');
        },
      };
    case 'deep': {
      let value: unknown = { type: 'resource_link', uri: 'https://x.example/a', name: 'a' };
      for (let i = 0; i < 400; i += 1) value = [value];
      return value;
    }
    case 'huge':
      return { type: 'text', text: 'é'.repeat(300_000) };
    default:
      return new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error('no keys');
          },
          get: () => {
            throw new Error('no get');
          },
        },
      );
  }
}

const blockish = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      type: fc.constantFrom('text', 'image', 'audio', 'resource', 'resource_link', 'video'),
      text: fc.anything(),
      data: fc.anything(),
      uri: fc.anything(),
      mimeType: fc.anything(),
      name: fc.anything(),
    },
    { requiredKeys: ['type'] },
  ),
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
          const host = createHost({
            log: () => {
              throw new Error('the log is down');
            },
          });
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

/**
 * What a copy may reach (issue 14): the cap, or — where the blocks other than text, kept whole
 * with their newlines, pass half of it — those blocks and half the cap for the texts; then
 * the closing notices naming the texts left out.
 */
function bound(blocks: readonly ShownBlock[], cap: number): number {
  let fixed = 0;
  for (const block of blocks) if (block.kind !== 'text') fixed += block.text.length + 1;
  const closing = LEFT_OUT_NAMED_MAX * (blockCutNotice(99, 99, 10 ** 6, 0).length + 1) + omittedTextsNotice(99, 10 ** 9).length + 1;
  return Math.max(cap, Math.floor(cap / 2) + fixed) + closing;
}

describe('the copies and the cap', () => {
  it('never pass the cap except by whole blocks other than text (half the cap left to the texts) and the closing notices', () => {
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
        const most = bound(rendered.blocks, cap);
        if (rendered.live.kind === 'text') {
          expect(rendered.live.text.length).toBeLessThanOrEqual(most);
        } else {
          // Native: the texts share the cap with the other blocks; images aside.
          const text = rendered.live.blocks.reduce((sum, live) => sum + (live.type === 'text' ? live.text.length : 0), 0);
          expect(text).toBeLessThanOrEqual(most);
        }
        expect(rendered.stored.length).toBeLessThanOrEqual(most);
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
      fc
        .record({
          uri: fc.constantFrom(...uris),
          disposition: fc.constantFrom(undefined, 'never', 'ref'),
          expiresAt: fc.constantFrom(undefined, '2020-01-01T00:00:00Z', '2040-01-01T00:00:00Z', 'not-a-date'),
        })
        .map((claims) => ({ type: 'resource', name: 'r', ...Object.fromEntries(Object.entries(claims).filter(([, v]) => v !== undefined)) })),
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
