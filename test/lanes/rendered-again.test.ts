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
  const cases: [string, { given: unknown; want: boolean }][] = [
    ['a rendered result', { given: { stored: 's', live: { kind: 'text', text: 's' }, isError: false, blocks: [] }, want: true }],
    ['stored not a string', { given: { stored: 1, live: {}, blocks: [] }, want: false }],
    ['live missing', { given: { stored: 's', blocks: [] }, want: false }],
    ['live null', { given: { stored: 's', live: null, blocks: [] }, want: false }],
    ['blocks not an array', { given: { stored: 's', live: {}, blocks: {} }, want: false }],
    ['a CallToolResult', { given: callResult([textBlock()]), want: false }],
    ['data with a stored field', { given: { stored: 's', count: 2 }, want: false }],
    ['an array', { given: [], want: false }],
    ['null', { given: null, want: false }],
  ];
  for (const [name, { given, want }] of cases) it(`${name} > ${want}`, () => expect(isRenderedToolResult(given)).toBe(want));
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
});
