import { describe, expect, it } from 'vitest';
import type { ShownBlock } from '../../src/blocks/shown-block.js';
import type { RenderedToolResult } from '../../src/lanes/tool-result.js';
import { main } from '../../src/cli/main.js';
import { createHost } from '../../src/host.js';
import { USAGE } from '../../src/cli/messages.js';
import { formatRendered, nativeImagePlaceholder, resultNotes, summarizeAnnotations, summarizeBlock, summarizeRendered, visible } from '../../src/cli/print.js';
import { imagePlaceholder } from '../../src/text/markers.js';
import { formatSize } from '../../src/text/size.js';
import { captureIo } from './helpers.js';

const PNG_DATA = 'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAIUlEQVR4nGP4//+/XNQJCGKQizoB5zNAKAifAa7m////ALUiGvXucUE+AAAAAElFTkSuQmCC';

const SIZE = formatSize(90);
const STORED_IMAGE = imagePlaceholder('image/png', 90, 4, 4);
const image = (): ShownBlock => ({ kind: 'image', text: STORED_IMAGE, data: PNG_DATA, mimeType: 'image/png', bytes: 90, width: 4, height: 4 });

describe(summarizeBlock.name, () => {
  it.each([
    ['text', { kind: 'text', text: 'hello' }, 'text, 5 chars'],
    ['text > with stubs inside', { kind: 'text', text: 'x', stubs: ['[a]', '[b]'] }, 'text, 1 chars, 2 reference stubs inside'],
    ['image > native', image(), `image (image/png, ${SIZE}) — native in the live copy`],
    ['marker > its reason', { kind: 'marker', text: '[Audio not shown…]', reason: 'audio' }, 'marker — audio'],
    ['stub > fetchable', { kind: 'stub', text: '[r1] …', refId: 'r1', fetchable: true }, 'stub r1 — fetchable'],
    [
      'stub > its why',
      { kind: 'stub', text: '[r2] …', refId: 'r2', fetchable: false, why: 'no-address+credential' },
      'stub r2 — not fetchable — no-address+credential',
    ],
    [
      'link',
      { kind: 'link', text: '[resource link …]', refId: 'r3', uri: 'https://example.com/', why: 'no-address' },
      'link r3 — its line shows the uri; not fetchable — no-address',
    ],
    ['withheld', { kind: 'withheld', text: '[Inline data withheld…]' }, 'withheld — inline data beside a reference claim'],
  ] satisfies [string, ShownBlock, string][])('%s', (_name, block, want) => {
    expect(summarizeBlock(block, true).summary).toBe(want);
  });

  it('an image in a live copy that fell back to text is a placeholder only', () => {
    expect(summarizeBlock(image(), false)).toMatchObject({ native: false, summary: `image (image/png, ${SIZE}) — placeholder only: the live copy is text` });
  });
});

describe(formatRendered.name, () => {
  const rendered: RenderedToolResult = {
    stored: `look:\n${STORED_IMAGE}`,
    live: {
      kind: 'native',
      blocks: [
        { type: 'text', text: 'look:' },
        { type: 'image', data: PNG_DATA, mimeType: 'image/png' },
      ],
    },
    isError: false,
    blocks: [{ kind: 'text', text: 'look:' }, image()],
    provider: 'mcp',
  };

  it('prints the stored copy, the live copy with a placeholder for the image, and a line per block — never the data', () => {
    expect(formatRendered(rendered)).toBe(
      [
        `stored copy (${6 + STORED_IMAGE.length} chars):`,
        '│ look:',
        `│ ${STORED_IMAGE}`,
        'live copy: 2 native blocks:',
        '│ look:',
        '├─',
        `│ [native image: image/png, ${SIZE}]`,
        'blocks:',
        '  1. text, 5 chars',
        `  2. image (image/png, ${SIZE}) — native in the live copy`,
        'isError: false',
        '',
      ].join('\n'),
    );
  });

  it('--json: replaces the image data with the placeholder', () => {
    const summary = summarizeRendered(rendered);
    expect(summary.live).toEqual({
      kind: 'native',
      blocks: [
        { type: 'text', text: 'look:' },
        { type: 'image', mimeType: 'image/png', placeholder: nativeImagePlaceholder('image/png', PNG_DATA) },
      ],
    });
    expect(JSON.stringify(summary)).not.toContain(PNG_DATA.slice(0, 20));
  });

  it('pairs annotations from the raw blocks when they pair one for one', () => {
    const raw = { content: [{ type: 'text', text: 'look:', annotations: { audience: ['user'], priority: 0.5 } }, { type: 'image' }] };
    expect(summarizeRendered(rendered, raw).blocks[0]).toMatchObject({
      annotations: { audience: ['user'], priority: 0.5 },
      summary: 'text, 5 chars; annotated: audience user, priority 0.5',
    });
  });
});

describe(visible.name, () => {
  it('shows control characters as escapes (a server must not drive the terminal) and keeps tabs and text', () => {
    expect(visible('a\u001b[31mred\rb\tc\u009bd é')).toBe('a\\u001b[31mred\\u000db\tc\\u009bd é');
  });

  it('the printed copies use it; --json keeps the text exact', () => {
    const rendered: RenderedToolResult = {
      stored: 'x\u001by',
      live: { kind: 'text', text: 'x\u001by' },
      isError: false,
      blocks: [{ kind: 'text', text: 'x\u001by' }],
      provider: 'mcp',
    };
    expect(formatRendered(rendered)).toContain('│ x\\u001by\n');
    expect(summarizeRendered(rendered).stored).toBe('x\u001by');
  });
});

describe(summarizeAnnotations.name, () => {
  it('sanitizes what it reports and ignores what is not annotation-shaped', () => {
    expect(summarizeAnnotations({ annotations: { audience: ['us\u202Eer'] } })).toEqual({ audience: ['user'] });
    expect(summarizeAnnotations({ annotations: 'x' })).toBeUndefined();
    expect(summarizeAnnotations({ annotations: { priority: Number.NaN } })).toBeUndefined();
  });
});

describe(resultNotes.name, () => {
  const app = { type: 'resource', resource: { uri: 'ui://budget/app', mimeType: 'text/html;profile=mcp-app', text: '<html>app</html>' } };
  const link = { type: 'resource_link', uri: 'https://files.example.com/a.csv', name: 'a.csv' };
  it.each([
    [
      'structured content beside content',
      { content: [{ type: 'text', text: '{}' }], structuredContent: {} },
      ['structuredContent: not shown again (the content blocks carry it)'],
    ],
    ['structured content alone', { content: [], structuredContent: { a: 1 } }, ['structuredContent: shown as data (the result has no content blocks)']],
    [
      'structured content beside words of the server that are not it',
      { content: [{ type: 'text', text: 'Found 2 rows.' }], structuredContent: { rows: 2 } },
      ["structuredContent: not shown (the content's own text stands for it; a script receives it)"],
    ],
    [
      'structured content beside a link only',
      { content: [link], structuredContent: { rows: 3 } },
      ['structuredContent: shown as data after the content (the content has no text of its own)'],
    ],
    [
      "structured content beside an MCP App's view, which the copies show as its marker",
      { content: [app], structuredContent: { rows: 3 } },
      ['structuredContent: shown as data after the content (the content has no text of its own)'],
    ],
    [
      'structured content of a result that is not complete',
      { resultType: 'task', content: [link], structuredContent: { rows: 3 } },
      ['structuredContent: not shown (the result is not a complete one)'],
    ],
    ['_meta', { content: [], _meta: { x: 1 } }, ['_meta: not shown (it is for the client, not the model)']],
    ['nothing to note', { content: [] }, []],
  ])('%s', (_name, raw, want) => {
    const rendered = createHost({ log: () => {} }).renderToolResult(raw);
    expect(resultNotes(raw, rendered)).toEqual(want);
    // What the note says the copies do, they do.
    const value = JSON.stringify((raw as { structuredContent?: unknown }).structuredContent);
    if (want[0]?.includes('shown as data')) expect(rendered.stored).toContain(value);
    if (want[0]?.includes('not shown (')) expect(rendered.stored).not.toContain(value);
  });

  it('says nothing of structured content beside content blocks where the render decided nothing (it could not be read)', () => {
    expect(resultNotes({ content: [link], structuredContent: { rows: 3 } }, {})).toEqual([]);
  });
});

describe(main.name, () => {
  it.each([
    ['--help', ['--help'], 0, 'stdout'],
    ['no command', [], 2, 'stderr'],
  ] as const)('%s prints the usage', async (_name, argv, code, stream) => {
    const { io, out, err } = captureIo();
    expect(await main(argv, io)).toBe(code);
    expect(stream === 'stdout' ? out() : err()).toBe(USAGE);
  });

  it('an unknown command is one line on stderr and exit 2', async () => {
    const { io, out, err } = captureIo();
    expect(await main(['frobnicate'], io)).toBe(2);
    expect({ out: out(), err: err() }).toEqual({ out: '', err: 'blockwise frobnicate: no such command; try "blockwise --help"\n' });
  });
});
