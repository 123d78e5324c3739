/**
 * `renderToolResult` given a result it rendered already (issue 13): one marker saying so in both
 * copies and a log line, never its copies shown as data.
 */
import { describe, expect, it } from 'vitest';
import { createHost } from '../../src/host.js';
import { isRenderedToolResult } from '../../src/lanes/rendered-shape.js';
import { renderedAgainLogLine } from '../../src/lanes/tool-result.js';
import { RENDERED_RESULT_TEXT } from '../../src/text/markers.js';
import { callResult, imageBlock, textBlock } from '../support/factories.js';

describe(isRenderedToolResult.name, () => {
  const host = createHost({ log: () => {} });
  const real = host.renderToolResult(callResult([textBlock()]));
  const cases: [string, { given: unknown; want: boolean }][] = [
    ['a result the host rendered', { given: real, want: true }],
    [
      'a result the host could not read',
      {
        given: host.renderToolResult({
          get content(): never {
            throw new Error('boom');
          },
        }),
        want: true,
      },
    ],
    ['a copy of a rendered result', { given: { ...real }, want: false }],
    ['a rendered result through JSON', { given: JSON.parse(JSON.stringify(real)), want: false }],
    [
      "an object with a rendered result's shape",
      { given: { stored: 's', live: { kind: 'text', text: 's' }, isError: false, blocks: [], provider: 'mcp' }, want: false },
    ],
    ['a CallToolResult', { given: callResult([textBlock()]), want: false }],
    ['an array', { given: [], want: false }],
    ['null', { given: null, want: false }],
  ];
  for (const [name, { given, want }] of cases) it(`${name} > ${want}`, () => expect(isRenderedToolResult(given)).toBe(want));

  it('a rendered result is frozen, so what was checked is what an adapter reads', () => {
    const rendered = host.renderToolResult(callResult([textBlock({ text: 'words' }), imageBlock()]));
    expect(Object.isFrozen(rendered)).toBe(true);
    expect(Object.isFrozen(rendered.live)).toBe(true);
    expect(rendered.live.kind === 'native' && Object.isFrozen(rendered.live.blocks)).toBe(true);
  });
});

describe('renderToolResult given a rendered result', () => {
  it('answers one marker saying so in both copies, flagged as an error, and logs a line', () => {
    const lines: string[] = [];
    const host = createHost({ log: (line) => lines.push(line) });
    const first = host.renderToolResult(callResult([textBlock({ text: 'words' }), imageBlock()]));
    const again = host.renderToolResult(first, { toolName: 'search' });
    expect(again).toEqual({
      stored: RENDERED_RESULT_TEXT,
      live: { kind: 'text', text: RENDERED_RESULT_TEXT },
      isError: true,
      blocks: [{ kind: 'marker', text: RENDERED_RESULT_TEXT, reason: 'rendered-result' }],
      provider: 'mcp',
    });
    expect(lines).toEqual([renderedAgainLogLine('search')]);
  });

  it('still renders data that has stored and live fields but no blocks as data', () => {
    const host = createHost({ log: () => {} });
    const rendered = host.renderToolResult({ data: { stored: 'yes', live: { kind: 'text' } } });
    expect(rendered.stored).not.toBe(RENDERED_RESULT_TEXT);
    expect(rendered.stored).toContain('"stored"');
  });

  it("renders a server's raw result with a rendered result's keys as the tool's own result, not as rendered already", () => {
    const lines: string[] = [];
    const host = createHost({ log: (line) => lines.push(line) });
    // The MCP SDK's loose ResultSchema keeps unknown keys, so a server can send these.
    const lookAlike = { content: [textBlock({ text: 'the answer' })], stored: 'x', blocks: [], live: { kind: 'text', text: 'x' } };
    const rendered = host.renderToolResult(lookAlike, { toolName: 'search' });
    expect(rendered.stored).toBe('the answer');
    expect(rendered.isError).toBe(false);
    expect(lines).toEqual([]);
  });
});
