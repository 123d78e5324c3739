/**
 * The push lane, `host.convertBlocks` (issue 3, docs/design.md §9): the tool-result lane's classifier —
 * text as text, images natively only where the tool-result lane would send them (same checks,
 * same withheld line), every other block its marker — and links and references become stubs:
 * this lane never shows a uri.
 */
import { describe, expect, it } from 'vitest';
import { createHost, type HostOptions } from '../../src/host.js';
import { convertBlocks } from '../../src/lanes/push.js';
import { audioMarker, UNCHECKED_RESULT_TEXT, unknownTypeMarker, WITHHELD_TEXT } from '../../src/text/markers.js';
import {
  audioBlock,
  embeddedBlob,
  embeddedText,
  GIF_BASE64,
  imageBlock,
  JPEG_BASE64,
  PLAIN_URI,
  PNG_BASE64,
  PNG_BYTES,
  PRESIGNED_URI,
  referenceBlock,
  resourceLink,
  textBlock,
  unknownBlock,
  USERINFO_URI,
  WAV_BASE64,
  WEBP_BASE64,
} from '../support/factories.js';

function harness(options: HostOptions = {}) {
  const logs: string[] = [];
  return { host: createHost({ log: (line) => logs.push(line), ...options }), logs };
}

/**
 * Every kind of block, and the near misses the image checks turn away. An embedded text
 * resource is the one whose words differ between lanes: its header may name its uri only on
 * the tool-result lane.
 */
const BLOCKS: [string, unknown, ('same text' | 'uri differs')?][] = [
  ['text', textBlock({ text: 'pushed words' })],
  ['text > lone surrogate', textBlock({ text: 'a\uD800' })],
  ['text > not a string', textBlock({ text: 5 })],
  ['image > png', imageBlock()],
  ['image > gif', imageBlock({ data: GIF_BASE64, mimeType: 'image/gif' })],
  ['image > jpeg', imageBlock({ data: JPEG_BASE64, mimeType: 'image/jpeg' })],
  ['image > webp', imageBlock({ data: WEBP_BASE64, mimeType: 'image/webp' })],
  ['image > mismatch', imageBlock({ mimeType: 'image/gif' })],
  ['image > unsupported', imageBlock({ mimeType: 'image/tiff' })],
  ['image > undecodable', imageBlock({ data: '%%%%' })],
  ['image > empty data', imageBlock({ data: '' })],
  ['image > no mimeType', { type: 'image', data: PNG_BASE64 }],
  ['image > beside a uri (contradiction)', imageBlock({ uri: PLAIN_URI })],
  ['image > beside a disposition (contradiction)', imageBlock({ disposition: 'ref' })],
  ['image > beside uri ""', imageBlock({ uri: '' })],
  ['audio', audioBlock()],
  ['audio > beside a uri (contradiction)', audioBlock({ uri: PLAIN_URI })],
  ['resource > embedded text', embeddedText(), 'uri differs'],
  ['resource > embedded blob', embeddedBlob()],
  ['unknown type', unknownBlock({ uri: PLAIN_URI })],
  ['not a block', 42],
];

describe(convertBlocks.name, () => {
  it.each(BLOCKS)('classifies as the tool-result lane does: native exactly where it would be > %s', (_name, block, words = 'same text') => {
    const { host } = harness();
    const rendered = host.renderToolResult({ content: [block] });
    const [pushed, ...rest] = host.convertBlocks([block]);
    expect(rest).toEqual([]);
    const shown = rendered.blocks[0]!;
    if (shown.kind === 'image') expect(pushed).toEqual({ type: 'image', data: shown.data, mimeType: shown.mimeType });
    else expect(pushed).toEqual({ type: 'text', text: words === 'same text' ? shown.text : expect.any(String) });
  });

  it('keeps the order and count of the blocks it is given', () => {
    const { host } = harness();
    const pushed = host.convertBlocks([textBlock({ text: 'one' }), imageBlock(), audioBlock(), unknownBlock(), imageBlock({ uri: PLAIN_URI })]);
    expect(pushed).toEqual([
      { type: 'text', text: 'one' },
      { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
      { type: 'text', text: audioMarker('audio/wav', Buffer.from(WAV_BASE64, 'base64').length) },
      { type: 'text', text: unknownTypeMarker('hologram') },
      { type: 'text', text: WITHHELD_TEXT },
    ]);
  });

  it('spends the same image budget: images past it are markers', () => {
    const { host } = harness({ maxImageBytes: PNG_BYTES.length });
    const pushed = host.convertBlocks([imageBlock(), imageBlock()]);
    expect(pushed.map((block) => block.type)).toEqual(['image', 'text']);
  });

  describe('never shows a uri', () => {
    const LINKS: [string, unknown, HostOptions?, string?][] = [
      ['resource_link > plain, no server address', resourceLink()],
      ['resource_link > presigned', resourceLink({ uri: PRESIGNED_URI })],
      ['resource_link > userinfo', resourceLink({ uri: USERINFO_URI })],
      ['resource_link > data uri', resourceLink({ uri: 'data:text/plain;base64,aGVsbG8=' })],
      ['reference > plain', referenceBlock({ uri: PLAIN_URI })],
      ['reference > never', referenceBlock({ uri: PLAIN_URI, disposition: 'never' })],
      ['image reference (uri form)', { type: 'image', uri: PLAIN_URI, mimeType: 'image/png' }],
      ['resource_link > presigned, named by its uri', resourceLink({ uri: PRESIGNED_URI, name: PRESIGNED_URI })],
    ];

    it.each(LINKS)('links and references become stubs > %s', (_name, block) => {
      const { host } = harness();
      const [pushed] = host.convertBlocks([block]);
      expect(pushed?.type).toBe('text');
      const text = (pushed as { text: string }).text;
      expect(text).toMatch(/^\[ref-[^\]]+\] /);
      expect(text).not.toContain((block as { uri: string }).uri);
      expect(text).not.toMatch(/files\.example\.com|bucket\.s3|hunter2|aGVsbG8/);
    });

    it('a link the host can fetch is a stub offering the fetch, still without its uri', () => {
      const { host } = harness();
      host.setServerAddress('files', 'https://files.example.com');
      const [pushed] = host.convertBlocks([resourceLink()], { serverId: 'files' });
      expect((pushed as { text: string }).text).toMatch(/^\[ref-[^\]]+\] report\.pdf — .* — fetch with fetch_reference$/);
      expect((pushed as { text: string }).text).not.toContain(PLAIN_URI);
    });

    it('a link the tool-result lane would show as its line is a stub here', () => {
      const { host } = harness();
      expect(host.renderToolResult({ content: [resourceLink()] }).blocks[0]?.kind).toBe('link');
      expect((host.convertBlocks([resourceLink()])[0] as { text: string }).text).not.toContain(PLAIN_URI);
    });

    it("an embedded resource's text is shown without its uri", () => {
      const { host } = harness();
      const [pushed] = host.convertBlocks([embeddedText({ uri: 'https://docs.example.com/guide.txt' })]);
      expect((pushed as { text: string }).text).toContain('embedded words');
      expect((pushed as { text: string }).text).not.toContain('docs.example.com');
    });
  });

  it('never throws: a block that cannot be read becomes the notice and one log line', () => {
    const { host, logs } = harness();
    const pushed = host.convertBlocks(
      [
        {
          type: 'text',
          get text(): string {
            throw new Error('unreadable');
          },
        },
      ],
      { toolName: 'pusher' },
    );
    expect(pushed).toEqual([{ type: 'text', text: UNCHECKED_RESULT_TEXT }]);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('pusher');
  });

  it('an empty push is no blocks', () => {
    expect(harness().host.convertBlocks([])).toEqual([]);
  });
});
