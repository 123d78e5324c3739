/**
 * Blocks at depth (issue 3): wherever data is rendered as JSON (a data result,
 * structuredContent), a nested value that is an MCP block is shown as the lane shows that
 * block — marker, placeholder, stub or line — and base64 never reaches either copy at any depth.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBlockAtDepth } from '../../src/blocks/at-depth.js';
import { createHost } from '../../src/host.js';
import {
  audioMarker,
  embeddedBlobMarker,
  imagePlaceholder,
  imageUndecodableMarker,
  linkLine,
  unknownTypeMarker,
  WITHHELD_TEXT,
} from '../../src/text/markers.js';
import {
  audioBlock,
  embeddedBlob,
  embeddedText,
  imageBlock,
  longestBase64Run,
  PLAIN_URI,
  PNG_BASE64,
  PNG_BYTES,
  PRESIGNED_URI,
  referenceBlock,
  resourceLink,
  textBlock,
  unknownBlock,
  WAV_BASE64,
  itProp,
} from '../support/factories.js';

const PLACEHOLDER = imagePlaceholder('image/png', PNG_BYTES.length, 1, 1);
const WAV_SIZE = Buffer.from(WAV_BASE64, 'base64').length;

function render(result: unknown) {
  const logs: string[] = [];
  const host = createHost({ log: (line) => logs.push(line) });
  return { ...host.renderToolResult(result), logs };
}

function liveText(live: ReturnType<typeof render>['live']): string {
  return live.kind === 'text' ? live.text : live.blocks.map((block) => (block.type === 'text' ? block.text : block.data)).join('\n');
}

describe(isBlockAtDepth.name, () => {
  it.each([
    ['image > inline', imageBlock(), true],
    ['image > uri form', { type: 'image', uri: PLAIN_URI }, true],
    ['image > data not a string', { type: 'image', data: { nested: PNG_BASE64 } }, true],
    ['audio > inline', audioBlock(), true],
    ['resource > embedded', embeddedBlob(), true],
    ['resource > reference form', referenceBlock(), true],
    ['resource_link > with a uri', resourceLink(), true],
    ['resource_link > without a uri', { type: 'resource_link', name: 'n' }, false],
    ['text > shown as JSON', textBlock(), false],
    ['image > neither data nor uri', { type: 'image', mimeType: 'image/png' }, false],
    ['unknown type', unknownBlock({ data: PNG_BASE64 }), false],
    ['an array', [imageBlock()], false],
    ['a string', 'image', false],
    ['null', null, false],
  ])('%s', (_name, value, want) => {
    expect(isBlockAtDepth(value)).toBe(want);
  });
});

describe('blocks at depth, as the lane shows them', () => {
  const wrap = (value: unknown) => ({ report: { items: [{ note: 'n', value }] } });

  it.each([
    ['image > its placeholder', imageBlock(), PLACEHOLDER],
    ['image > undecodable > its marker', imageBlock({ data: 'not base64!' }), imageUndecodableMarker('image/png')],
    ['image > data beside a uri > withheld', imageBlock({ uri: PLAIN_URI }), WITHHELD_TEXT],
    ['audio > its marker', audioBlock(), audioMarker('audio/wav', WAV_SIZE)],
    ['resource > embedded blob > its marker', embeddedBlob(), embeddedBlobMarker('application/zip', 10)],
    ['resource_link > plain > its line', resourceLink(), linkLine('report.pdf', PLAIN_URI, 'application/pdf')],
  ])('%s', (_name, block, want) => {
    for (const result of [{ data: wrap(block) }, { structuredContent: wrap(block) }]) {
      const { stored, live } = render(result);
      expect(stored).toBe(JSON.stringify(wrap(want)));
      expect(live).toEqual({ kind: 'text', text: stored });
    }
  });

  it.each([
    ['resource_link > presigned > a stub without its uri', resourceLink({ uri: PRESIGNED_URI })],
    ['resource > reference > a stub', referenceBlock({ uri: PRESIGNED_URI })],
  ])('%s', (_name, block) => {
    const { stored } = render({ data: wrap(block) });
    expect(stored).toMatch(/^\{"report":\{"items":\[\{"note":"n","value":"\[ref-[^\]]+\] [^"]+"\}\]\}\}$/);
    expect(stored).not.toContain('X-Amz');
    expect(stored).not.toContain('bucket.s3');
  });

  it('an embedded text resource at depth shows its text', () => {
    const { stored } = render({ data: wrap(embeddedText()) });
    expect(stored).toContain('embedded words');
  });

  it('a text block or an unknown type at depth is plain data (it holds nothing to withhold)', () => {
    expect(render({ data: wrap(textBlock()) }).stored).toBe(JSON.stringify(wrap(textBlock())));
    expect(render({ data: wrap(unknownBlock()) }).stored).toBe(JSON.stringify(wrap(unknownBlock())));
    expect(unknownTypeMarker('hologram')).not.toBe(JSON.stringify(unknownBlock()));
  });

  it('an image 100 levels deep is its placeholder', () => {
    let value: unknown = imageBlock();
    for (let level = 0; level < 100; level += 1) value = level % 2 === 0 ? [value] : { level: value };
    const { stored } = render({ data: value });
    expect(stored).toContain(JSON.stringify(PLACEHOLDER));
    expect(stored).not.toContain(PNG_BASE64.slice(0, 16));
  });

  it('a block reached through toJSON is shown as a block', () => {
    const { stored } = render({ data: { when: { toJSON: () => imageBlock() } } });
    expect(stored).toBe(JSON.stringify({ when: PLACEHOLDER }));
  });

  it('a toJSON that answers with a block only on its second call never lets base64 through', () => {
    let calls = 0;
    const sneaky = { toJSON: () => (calls++ === 0 ? 'harmless' : imageBlock()) };
    const { stored, live } = render({ data: { sneaky } });
    expect(stored).not.toContain(PNG_BASE64.slice(0, 16));
    expect(liveText(live)).not.toContain(PNG_BASE64.slice(0, 16));
  });

  it('a getter that answers with a block only on its second read never lets base64 through', () => {
    let reads = 0;
    const sneaky = {
      get value(): unknown {
        reads += 1;
        return reads === 1 ? 'harmless' : imageBlock();
      },
    };
    const { stored, live } = render({ data: sneaky });
    expect(stored).not.toContain(PNG_BASE64.slice(0, 16));
    expect(liveText(live)).not.toContain(PNG_BASE64.slice(0, 16));
  });

  it("the filesystem server's structuredContent (the whole media block repeated) shows no base64", () => {
    const structuredContent = { content: [imageBlock(), audioBlock(), embeddedBlob()] };
    const { stored } = render({ content: [], structuredContent });
    expect(longestBase64Run(stored)).toBeLessThanOrEqual(64);
    expect(stored).toBe(JSON.stringify({ content: [PLACEHOLDER, audioMarker('audio/wav', WAV_SIZE), embeddedBlobMarker('application/zip', 10)] }));
  });

  /** JSON-shaped data with base64-carrying blocks planted anywhere, some behind `toJSON`. */
  const plantedBlock = fc.constantFrom(
    imageBlock(),
    imageBlock({ mimeType: 'image/gif' }),
    imageBlock({ uri: PLAIN_URI }),
    audioBlock(),
    embeddedBlob({ blob: PNG_BASE64 }),
    { type: 'image', data: PNG_BASE64 },
    { type: 'audio', data: WAV_BASE64, mimeType: '' },
  );
  const { tree } = fc.letrec((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null)),
      plantedBlock,
      plantedBlock.map((block) => ({ toJSON: () => block })),
      fc.array(tie('tree'), { maxLength: 4 }),
      fc.dictionary(fc.string({ maxLength: 6 }), tie('tree'), { maxKeys: 4 }),
    ),
  }));

  itProp([tree, fc.constantFrom('data', 'structuredContent')], { seed: 0x5eed_0002, numRuns: 1000 })(
    'base64 never reaches either copy at any depth',
    (value, where) => {
      const { stored, live, logs } = render(where === 'data' ? { data: value } : { content: [], structuredContent: value });
      expect(logs).toEqual([]);
      for (const text of [stored, liveText(live)]) {
        expect(text).not.toContain(PNG_BASE64.slice(0, 24));
        expect(text).not.toContain(WAV_BASE64.slice(0, 24));
        expect(longestBase64Run(text)).toBeLessThanOrEqual(64);
      }
    },
  );
});
