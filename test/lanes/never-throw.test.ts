/**
 * Never throw (issue 3, docs/design.md §5.4): whatever stops reading or showing a result becomes one
 * notice in both copies and one log line naming the tool and the first line of the error; the
 * call returns normally.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHost } from '../../src/host.js';
import { renderToolResult } from '../../src/lanes/tool-result.js';
import { UNCHECKED_RESULT_TEXT } from '../../src/text/markers.js';
import { WALK_MAX_DEPTH } from '../../src/walk.js';
import { callResult, imageBlock, textBlock, itProp } from '../support/factories.js';

function render(result: unknown, toolName = 'fragile_tool') {
  const logs: string[] = [];
  const host = createHost({ log: (line) => logs.push(line) });
  const rendered = host.renderToolResult(result, { toolName });
  return { ...rendered, logs };
}

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

function cyclic(): Record<string, unknown> {
  const value: Record<string, unknown> = { name: 'loop' };
  value.self = { back: value };
  return value;
}

const FAILURES: [string, () => unknown][] = [
  ['data > a cycle', () => ({ data: cyclic() })],
  ['data > a BigInt', () => ({ data: { count: 10n } })],
  ['data > a BigInt object', () => ({ data: { count: Object(10n) } })],
  [
    'data > a getter that throws',
    () => ({
      data: {
        get broken() {
          throw new Error('getter failed');
        },
      },
    }),
  ],
  [
    'data > a toJSON that throws',
    () => ({
      data: {
        when: {
          toJSON() {
            throw new Error('toJSON failed');
          },
        },
      },
    }),
  ],
  [
    'data > a toJSON getter that throws',
    () => ({
      data: {
        when: Object.defineProperty({}, 'toJSON', {
          get() {
            throw new Error('no toJSON');
          },
          enumerable: false,
        }),
      },
    }),
  ],
  ['data > nested past the depth bound', () => ({ data: nested(WALK_MAX_DEPTH + 5) })],
  [
    'data > a proxy whose ownKeys throws',
    () => ({
      data: new Proxy(
        {},
        {
          ownKeys() {
            throw new Error('no keys');
          },
        },
      ),
    }),
  ],
  ['structuredContent > a cycle', () => ({ structuredContent: cyclic() })],
  ['structuredContent > a BigInt', () => ({ content: [], structuredContent: { n: 1n } })],
  [
    'content > a text that cannot be read',
    () =>
      callResult([
        {
          type: 'text',
          get text() {
            throw new Error('text failed');
          },
        },
      ]),
  ],
  [
    'content > a type that cannot be read',
    () =>
      callResult([
        {
          get type() {
            throw new Error('type failed');
          },
        },
      ]),
  ],
  [
    'content > the array itself cannot be read',
    () => ({
      get content() {
        throw new Error('content failed');
      },
    }),
  ],
  [
    'result > a proxy that throws on every read',
    () =>
      new Proxy(
        {},
        {
          get() {
            throw new Error('proxy');
          },
          has() {
            throw new Error('proxy');
          },
          ownKeys() {
            throw new Error('proxy');
          },
        },
      ),
  ],
  [
    'result > isError that cannot be read',
    () => ({
      content: [textBlock()],
      get isError() {
        throw new Error('flag failed');
      },
    }),
  ],
];

describe(renderToolResult.name, () => {
  it.each(FAILURES)('never throws: both copies become the notice, one log line, a normal return > %s', (_name, make) => {
    const { stored, live, logs, blocks } = render(make());
    expect(stored).toBe(UNCHECKED_RESULT_TEXT);
    expect(live).toEqual({ kind: 'text', text: UNCHECKED_RESULT_TEXT });
    expect(blocks.map((block) => block.text)).toEqual([UNCHECKED_RESULT_TEXT]);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('fragile_tool');
    expect(logs[0]).not.toContain('\n');
  });

  it("the notice is the issue's words", () => {
    expect(UNCHECKED_RESULT_TEXT).toBe(
      "[Result not shown: the tool ran, but its result couldn't be read through, checked for references and shown, so this host withheld it.]",
    );
  });

  it('data nested exactly to the depth bound is still shown', () => {
    const { stored, logs } = render({ data: nested(WALK_MAX_DEPTH - 1) });
    expect(logs).toEqual([]);
    expect(stored).toBe(JSON.stringify(nested(WALK_MAX_DEPTH - 1)));
  });

  it('a value met twice that is not a cycle is shown, not withheld', () => {
    const shared = { n: 1 };
    const { stored, logs } = render({ data: { a: shared, b: [shared, shared] } });
    expect(logs).toEqual([]);
    expect(stored).toBe('{"a":{"n":1},"b":[{"n":1},{"n":1}]}');
  });

  it('a result that renders logs nothing', () => {
    expect(render(callResult([textBlock(), imageBlock()])).logs).toEqual([]);
  });

  describe('the log line', () => {
    const throwing = (error: unknown) => ({
      content: callResult([
        {
          type: 'text',
          get text(): string {
            throw error;
          },
        },
      ]),
      data: {
        data: {
          field: {
            get value(): string {
              throw error;
            },
          },
        },
      },
      toJSON: {
        data: {
          field: {
            toJSON(): never {
              throw error;
            },
          },
        },
      },
    });

    it.each(['content', 'data', 'toJSON'] as const)('names the tool and the first line of the error, not the rest > %s', (where) => {
      const { logs } = render(throwing(new Error('disk on fire\n    at secret/stack/frame.js:1:1'))[where], 'disk_tool');
      expect(logs).toHaveLength(1);
      expect(logs[0]).toContain('disk_tool');
      expect(logs[0]).toContain('disk on fire');
      expect(logs[0]).not.toContain('secret/stack');
    });

    it.each(['content', 'data'] as const)('says so when the thrown value cannot be read as text > %s', (where) => {
      const unreadable = Object.create(null) as object; // String() of it throws
      const { logs, stored } = render(throwing(unreadable)[where], 'odd_tool');
      expect(stored).toBe(UNCHECKED_RESULT_TEXT);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toContain('odd_tool');
      expect(logs[0]).toMatch(/can(?:no|')t be read as text/);
    });

    it("says so when the thrown Error's own message cannot be read", () => {
      const error = new Error('x');
      Object.defineProperty(error, 'message', {
        get() {
          throw new Error('nope');
        },
      });
      const { logs } = render(throwing(error).content, 'odd_tool');
      expect(logs[0]).toMatch(/can(?:no|')t be read as text/);
    });

    it('names a tool with no name as such, and a long tool name bounded', () => {
      const logs: string[] = [];
      const host = createHost({ log: (line) => logs.push(line) });
      host.renderToolResult(throwing(new Error('boom')).content);
      host.renderToolResult(throwing(new Error('boom')).content, { toolName: 't'.repeat(5000) });
      expect(logs).toHaveLength(2);
      expect(logs[0]).toContain('boom');
      expect(logs[1]!.length).toBeLessThan(1000);
    });
  });

  describe('what the host supplies', () => {
    const unreadable = () =>
      callResult([
        {
          type: 'text',
          get text(): string {
            throw new Error('unreadable');
          },
        },
      ]);

    it('a tool name that is not a string does not make the lane throw', () => {
      const logs: string[] = [];
      const host = createHost({ log: (line) => logs.push(line) });
      const rendered = host.renderToolResult(unreadable(), { toolName: 42 as unknown as string });
      expect(rendered.stored).toBe(UNCHECKED_RESULT_TEXT);
      expect(logs).toHaveLength(1);
    });

    it('a log function that throws does not make the lane throw', () => {
      const host = createHost({
        log: () => {
          throw new Error('log sink down');
        },
      });
      expect(host.renderToolResult(unreadable()).stored).toBe(UNCHECKED_RESULT_TEXT);
      expect(host.convertBlocks(unreadable().content as unknown[])).toEqual([{ type: 'text', text: UNCHECKED_RESULT_TEXT }]);
    });
  });

  itProp(
    [
      fc.anything({
        withBigInt: true,
        withBoxedValues: true,
        withMap: true,
        withSet: true,
        withTypedArray: true,
        withSparseArray: true,
        withNullPrototype: true,
      }),
    ],
    {
      seed: 0x5eed_0001,
      numRuns: 1000,
    },
  )('no input makes the lane throw, as a result, as data or as structuredContent', (value) => {
    const host = createHost({ log: () => {} });
    for (const input of [value, { data: value }, { structuredContent: value }, { content: [value] }]) {
      const rendered = host.renderToolResult(input);
      expect(typeof rendered.stored).toBe('string');
      expect(rendered.stored.isWellFormed()).toBe(true);
    }
  });
});
