/**
 * What the lanes take (issue 3, docs/design.md §5.0–5.1): a ToolResultInput (an object with a `data`
 * key) or a CallToolResult of any revision; which arrays are content.
 */
import { describe, expect, it } from 'vitest';
import { fromCallToolResult, isContentArray, isToolResultInput } from '../../src/inputs.js';
import { incompleteResultText } from '../../src/text/markers.js';
import { audioBlock, embeddedBlob, imageBlock, referenceBlock, resourceLink, textBlock, unknownBlock } from '../support/factories.js';

describe(isContentArray.name, () => {
  it.each<[string, { data: unknown; flag: unknown; want: boolean }]>([
    ['flag true > any array', { data: [1, 'x', null], flag: true, want: true }],
    ['flag truthy > read for its truth', { data: [1], flag: 'yes', want: true }],
    ['flag falsy > non-blocks > data', { data: [1], flag: 0, want: false }],
    [
      'no flag > all five MCP types > content',
      { data: [textBlock(), imageBlock(), audioBlock(), resourceLink(), embeddedBlob()], flag: undefined, want: true },
    ],
    ['no flag > malformed blocks of MCP types still count by type', { data: [textBlock({ text: 5 }), { type: 'image' }], flag: undefined, want: true }],
    ['no flag > an MCPL reference (type resource) counts', { data: [referenceBlock()], flag: undefined, want: true }],
    ['no flag > one unknown type > data', { data: [textBlock(), unknownBlock()], flag: undefined, want: false }],
    ['no flag > one non-object > data', { data: [textBlock(), 'text'], flag: undefined, want: false }],
    ['no flag > type not a string > data', { data: [{ type: ['text'] }], flag: undefined, want: false }],
    ['not an array > never content, flag or not', { data: textBlock(), flag: true, want: false }],
    ['a string > never content', { data: 'text', flag: true, want: false }],
  ])('%s', (_name, { data, flag, want }) => {
    expect(isContentArray(data, flag)).toBe(want);
  });
});

describe(fromCallToolResult.name, () => {
  it('sets dataIsContent: true on its content, whatever the blocks are', () => {
    const content = [unknownBlock(), 5];
    expect(fromCallToolResult({ content })).toEqual({ data: content, isError: false, dataIsContent: true });
  });

  it('carries isError only when it is true', () => {
    expect(fromCallToolResult({ content: [textBlock()], isError: true }).isError).toBe(true);
    expect(fromCallToolResult({ content: [textBlock()], isError: 'true' }).isError).toBe(false);
  });

  it('takes structuredContent only where content is absent or empty', () => {
    expect(fromCallToolResult({ content: [textBlock()], structuredContent: { a: 1 } }).data).toEqual([textBlock()]);
    expect(fromCallToolResult({ content: [], structuredContent: { a: 1 } })).toMatchObject({ data: { a: 1 } });
    expect(fromCallToolResult({ structuredContent: { a: 1 } })).toMatchObject({ data: { a: 1 } });
    expect(fromCallToolResult({ structuredContent: { a: 1 } }).dataIsContent).toBeFalsy();
  });

  it('a result with neither is an empty content array', () => {
    expect(fromCallToolResult({})).toEqual({ data: [], isError: false, dataIsContent: true });
  });

  it.each([
    ['input_required', 'input_required'],
    ['a number', 7],
  ])('a resultType other than complete is one fixed line naming it > %s', (_name, resultType) => {
    const input = fromCallToolResult({ resultType, content: [textBlock()] });
    expect(input.dataIsContent).toBe(true);
    expect(input.data).toEqual([{ type: 'text', text: incompleteResultText(typeof resultType === 'string' ? resultType : 'number') }]);
  });

  it('a resultType of complete, or none, is a complete result', () => {
    expect(fromCallToolResult({ resultType: 'complete', content: [textBlock()] }).data).toEqual([textBlock()]);
    expect(fromCallToolResult({ content: [textBlock()] }).data).toEqual([textBlock()]);
  });
});

describe(isToolResultInput.name, () => {
  it.each([
    ['data key > input', { data: 1 }, true],
    ['data key undefined > input', { data: undefined }, true],
    ['content key > CallToolResult', { content: [] }, false],
    ['empty object > CallToolResult', {}, false],
  ])('%s', (_name, value, want) => {
    expect(isToolResultInput(value)).toBe(want);
  });
});
