/**
 * The tool-result lane's behaviour (issue 3, docs/design.md §5): what each kind of block becomes, which
 * values are content, images a provider would reject, contradictions, errors,
 * structuredContent and labels. The two copies' assembly (cuts, stubs kept, native or text) is
 * in copies.test.ts; failures in never-throw.test.ts; blocks at depth in at-depth.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createHost, DEFAULT_MAX_IMAGE_BYTES, type HostOptions } from '../../src/host.js';
import type { ResultOrigin } from '../../src/inputs.js';
import { renderToolResult } from '../../src/lanes/tool-result.js';
import { LABEL_MAX_CHARS } from '../../src/text/labels.js';
import {
  audioMarker,
  embeddedBlobMarker,
  embeddedUnreadableMarker,
  EMPTY_RESULT_TEXT,
  ERROR_WITHOUT_MESSAGE_TEXT,
  imageBudgetMarker,
  imageMismatchMarker,
  imageMissingMarker,
  imagePlaceholder,
  imageUndecodableMarker,
  imageUnsupportedMarker,
  incompleteResultText,
  invalidReferenceMarker,
  linkLine,
  linkWithoutUriMarker,
  notABlockMarker,
  textNotStringMarker,
  TYPE_LABEL_MAX_CHARS,
  unknownTypeMarker,
  WITHHELD_TEXT,
  type MarkerReason,
} from '../../src/text/markers.js';
import {
  audioBlock,
  callResult,
  embeddedBlob,
  embeddedText,
  GIF_BASE64,
  imageBlock,
  JPEG_BASE64,
  PLAIN_URI,
  PNG_BASE64,
  PNG_BYTES,
  pngOfSize,
  PRESIGNED_URI,
  referenceBlock,
  resourceLink,
  textBlock,
  unknownBlock,
  USERINFO_URI,
  WAV_BASE64,
  WEBP_BASE64,
  oneTextAtCap,
} from '../support/factories.js';

const PNG_SIZE = PNG_BYTES.length;
const WAV_SIZE = Buffer.from(WAV_BASE64, 'base64').length;
const PLACEHOLDER = imagePlaceholder('image/png', PNG_SIZE, 1, 1);

function harness(options: HostOptions = {}) {
  const logs: string[] = [];
  const host = createHost({ log: (line) => logs.push(line), ...options });
  return { host, logs };
}

function render(result: unknown, origin?: ResultOrigin, options?: HostOptions) {
  const { host, logs } = harness(options);
  return { ...host.renderToolResult(result, origin), logs };
}

/** The texts of a native live copy, or the live text as a one-element list. */
function liveTexts(live: ReturnType<typeof render>['live']): string[] {
  return live.kind === 'text' ? [live.text] : live.blocks.map((block) => (block.type === 'text' ? block.text : `<image ${block.mimeType}>`));
}

describe(renderToolResult.name, () => {
  describe('content or data', () => {
    it.each([
      ['flag true > elements that are not blocks are still content', { data: [{ foo: 1 }], dataIsContent: true }, 'content'],
      ['flag truthy (1) > read for its truth > content', { data: [{ foo: 1 }], dataIsContent: 1 }, 'content'],
      ['flag false > every element an MCP block > content', { data: [textBlock(), imageBlock()], dataIsContent: false }, 'content'],
      ['no flag > every element an MCP block > content', { data: [textBlock(), resourceLink(), audioBlock()] }, 'content'],
      ['no flag > one element not a block > data', { data: [textBlock(), { foo: 1 }] }, 'data'],
      ['no flag > an element of an unknown type > data', { data: [textBlock(), unknownBlock()] }, 'data'],
      ['flag 0 > mixed elements > data', { data: [textBlock(), 7], dataIsContent: 0 }, 'data'],
      ['no flag > an object, not an array > data', { data: { type: 'text', text: 'hi' } }, 'data'],
    ] as const)('%s', (_name, given, want) => {
      const { stored, blocks } = render(given);
      if (want === 'data') {
        expect(blocks).toHaveLength(1);
        expect(stored).toBe(JSON.stringify(given.data));
      } else {
        expect(blocks).toHaveLength((given.data as readonly unknown[]).length);
        expect(stored).not.toBe(JSON.stringify(given.data));
      }
    });

    it('an MCP result is content whatever its blocks are: an unknown type is its marker, never JSON', () => {
      const { stored } = render(callResult([unknownBlock({ uri: PLAIN_URI })]));
      expect(stored).toBe(unknownTypeMarker('hologram'));
    });

    it('data is JSON through the walk, never JSON.stringify of a raw array of blocks: an image in it is its placeholder', () => {
      const { stored, live } = render({ data: [imageBlock(), 42] });
      expect(stored).toBe(JSON.stringify([PLACEHOLDER, 42]));
      expect(live).toEqual({ kind: 'text', text: stored });
      expect(stored).not.toContain(PNG_BASE64.slice(0, 16));
    });

    it.each([
      ['string > shown as its text, not quoted', 'plain words', 'plain words'],
      ['number > JSON', 42, '42'],
      ['null > JSON', null, 'null'],
      ['object > JSON in its own key order', { b: 1, a: [true, 'x'] }, '{"b":1,"a":[true,"x"]}'],
    ] as const)('data > %s', (_name, data, want) => {
      expect(render({ data }).stored).toBe(want);
    });

    it('a result with neither data nor content shows a fixed line', () => {
      expect(render({ data: undefined }).stored).toBe(EMPTY_RESULT_TEXT);
      expect(render({ content: [] }).stored).toBe(EMPTY_RESULT_TEXT);
    });
  });

  describe('inputs', () => {
    it('an object with a `data` key and no `content` key is a ToolResultInput', () => {
      expect(render({ data: 'from data' }).stored).toBe('from data');
    });

    it('an object with `content` is a CallToolResult whatever a server puts beside it: `data` and `dataIsContent` from the wire count for nothing', () => {
      const rendered = render({ data: [{ type: 'video', uri: 'https://x.example/v' }], dataIsContent: true, content: [textBlock({ text: 'from content' })] });
      expect(rendered.stored).toBe('from content');
    });

    it('shows structuredContent as JSON, even an array of blocks or a string', () => {
      expect(render({ content: [], structuredContent: 'plain' }).stored).toBe('"plain"');
      const blocks = render({ content: [], structuredContent: [textBlock({ text: 'a' })] });
      expect(blocks.stored).toBe('[{"type":"text","text":"a"}]');
      expect(blocks.live.kind).toBe('text');
    });

    it('any other object is a CallToolResult', () => {
      expect(render(callResult([textBlock({ text: 'from content' })])).stored).toBe('from content');
    });

    it.each([
      ['no resultType > complete', {}, 'shown'],
      ['resultType complete > complete', { resultType: 'complete' }, 'shown'],
      ['resultType input_required > its fixed line', { resultType: 'input_required' }, incompleteResultText('input_required')],
      ['resultType of a later revision > its fixed line', { resultType: 'streaming_partial' }, incompleteResultText('streaming_partial')],
    ] as const)('%s', (_name, extra, want) => {
      const { stored, blocks } = render(callResult([textBlock({ text: 'shown' })], extra));
      expect(stored).toBe(want);
      expect(blocks).toHaveLength(1);
    });

    it('every entry point is synchronous: the rendered result is a value, not a promise', () => {
      const { host } = harness();
      const rendered: unknown = host.renderToolResult(callResult([textBlock()]));
      expect(rendered).not.toBeInstanceOf(Promise);
      expect((rendered as { then?: unknown }).then).toBeUndefined();
      const converted: unknown = host.convertBlocks([textBlock()]);
      expect(Array.isArray(converted)).toBe(true);
    });
  });

  describe('kinds', () => {
    it('text > a lone surrogate becomes U+FFFD, in both copies', () => {
      const { stored, live } = render(callResult([textBlock({ text: 'a\uD800b\uDC00c' }), imageBlock()]));
      expect(stored).toBe(`a\uFFFDb\uFFFDc\n${PLACEHOLDER}`);
      expect(live).toEqual({
        kind: 'native',
        blocks: [
          { type: 'text', text: 'a\uFFFDb\uFFFDc' },
          { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
        ],
      });
    });

    it('text > a well-formed surrogate pair is kept', () => {
      expect(render(callResult([textBlock({ text: 'smile 😀' })])).stored).toBe('smile 😀');
    });

    it('image > stored as its placeholder, sent natively with its data unchanged', () => {
      const { stored, live, blocks } = render(callResult([imageBlock()]));
      expect(stored).toBe(PLACEHOLDER);
      expect(blocks).toEqual([{ kind: 'image', text: PLACEHOLDER, data: PNG_BASE64, mimeType: 'image/png', bytes: PNG_SIZE, width: 1, height: 1 }]);
      expect(live).toEqual({ kind: 'native', blocks: [{ type: 'image', data: PNG_BASE64, mimeType: 'image/png' }] });
      if (live.kind === 'native') expect((live.blocks[0] as { data: string }).data).toBe(PNG_BASE64);
    });

    it.each([
      ['~KB', 3 * 1024],
      ['bytes', PNG_SIZE],
    ])('image > the placeholder reads `[image: <mimeType>, <w>×<h> px, ~<size>]` > %s', (_name, bytes) => {
      const data = bytes === PNG_SIZE ? PNG_BASE64 : pngOfSize(bytes);
      const { stored } = render(callResult([imageBlock({ data })]));
      expect(stored).toMatch(/^\[image: image\/png, 1×1 px, ~\d+(?:\.\d)?(?:B|KB)\]$/);
    });

    /** Every marker a block can become, with the code it carries. */
    const MARKERS: [string, { given: unknown; want: string; reason: MarkerReason }][] = [
      ['audio > inline', { given: audioBlock(), want: audioMarker('audio/wav', WAV_SIZE), reason: 'audio' }],
      ['audio > empty mimeType', { given: audioBlock({ mimeType: '' }), want: audioMarker('', WAV_SIZE), reason: 'audio' }],
      ['image > empty data', { given: imageBlock({ data: '' }), want: imageMissingMarker('data', 'image/png'), reason: 'image-missing-data' }],
      [
        'image > missing data',
        { given: { type: 'image', mimeType: 'image/png' }, want: imageMissingMarker('data', 'image/png'), reason: 'image-missing-data' },
      ],
      ['image > empty mimeType', { given: imageBlock({ mimeType: '' }), want: imageMissingMarker('type', undefined), reason: 'image-missing-type' }],
      ['image > missing mimeType', { given: { type: 'image', data: PNG_BASE64 }, want: imageMissingMarker('type', undefined), reason: 'image-missing-type' }],
      [
        'image > unsupported type',
        { given: imageBlock({ mimeType: 'image/svg+xml' }), want: imageUnsupportedMarker('image/svg+xml', PNG_SIZE), reason: 'image-unsupported-type' },
      ],
      ['image > not base64', { given: imageBlock({ data: 'not base64!' }), want: imageUndecodableMarker('image/png'), reason: 'image-undecodable' }],
      [
        'image > bytes of another format',
        { given: imageBlock({ mimeType: 'image/jpeg' }), want: imageMismatchMarker('image/jpeg', PNG_SIZE), reason: 'image-mismatch' },
      ],
      ['text > text a number', { given: textBlock({ text: 5 }), want: textNotStringMarker(), reason: 'text-not-string' }],
      ['text > text missing', { given: { type: 'text' }, want: textNotStringMarker(), reason: 'text-not-string' }],
      ['unknown type > bare', { given: unknownBlock(), want: unknownTypeMarker('hologram'), reason: 'unknown-type' }],
      [
        'unknown type > named like an Object.prototype member',
        { given: { type: 'constructor' }, want: unknownTypeMarker('constructor'), reason: 'unknown-type' },
      ],
      [
        'unknown type > named __proto__',
        { given: JSON.parse('{"type":"__proto__","uri":"https://x.example/a"}'), want: unknownTypeMarker('__proto__'), reason: 'unknown-type' },
      ],
      ['resource > embedded blob', { given: embeddedBlob(), want: embeddedBlobMarker('application/zip', 10), reason: 'embedded-blob' }],
      [
        'resource > embedded blob without a type',
        { given: embeddedBlob({ mimeType: undefined }), want: embeddedBlobMarker(undefined, 10), reason: 'embedded-blob' },
      ],
      [
        'resource > neither text nor blob',
        { given: { type: 'resource', resource: { uri: 'file:///a' } }, want: embeddedUnreadableMarker(), reason: 'embedded-unreadable' },
      ],
      ['resource_link > no uri', { given: { type: 'resource_link', name: 'n' }, want: linkWithoutUriMarker(), reason: 'link-without-uri' }],
      ['resource_link > empty uri', { given: resourceLink({ uri: '' }), want: linkWithoutUriMarker(), reason: 'link-without-uri' }],
      ['reference > empty uri', { given: referenceBlock({ uri: '' }), want: invalidReferenceMarker('resource'), reason: 'invalid-reference' }],
      [
        'reference > uri over 4096 characters',
        { given: referenceBlock({ uri: `https://x.example/${'a'.repeat(4096)}` }), want: invalidReferenceMarker('resource'), reason: 'invalid-reference' },
      ],
      ['not a block > a number', { given: 7, want: notABlockMarker(), reason: 'not-a-block' }],
      ['not a block > null', { given: null, want: notABlockMarker(), reason: 'not-a-block' }],
      ['not a block > no type', { given: { text: 'orphan' }, want: notABlockMarker(), reason: 'not-a-block' }],
    ];

    it.each(MARKERS)('marker alone > %s', (_name, { given, want, reason }) => {
      const { stored, live, blocks } = render(callResult([given]));
      expect(blocks).toEqual([{ kind: 'marker', text: want, reason }]);
      expect(stored).toBe(want);
      expect(live).toEqual({ kind: 'text', text: want });
    });

    it.each(MARKERS)('marker beside a native image > %s', (_name, { given, want }) => {
      const { stored, live } = render(callResult([given, imageBlock()]));
      expect(stored).toBe(`${want}\n${PLACEHOLDER}`);
      expect(live).toEqual({
        kind: 'native',
        blocks: [
          { type: 'text', text: want },
          { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
        ],
      });
    });

    it('audio > the marker names a bounded type and an approximate size such as ~3KB', () => {
      const { stored } = render(callResult([audioBlock()]));
      expect(stored).toMatch(/^\[Audio not shown: this host's tool results carry only text and images \(audio\/wav, ~3(?:\.0)?KB\)\.\]$/);
      expect(stored).not.toContain(WAV_BASE64.slice(0, 16));
    });

    it("unknown type > the block's uri, data and other fields never appear, whatever it carries", () => {
      const given = unknownBlock({
        uri: PRESIGNED_URI,
        data: PNG_BASE64,
        mimeType: 'image/png',
        name: 'secret-name',
        text: 'secret-text',
        resource: { text: 'x' },
      });
      const { stored, live } = render(callResult([given, imageBlock()]));
      const texts = [stored, ...liveTexts(live)].join('\n');
      for (const field of ['bucket.s3', 'secret-name', 'secret-text', PNG_BASE64.slice(0, 24)]) expect(texts.split(PLACEHOLDER).join('')).not.toContain(field);
      expect(stored).toBe(`${unknownTypeMarker('hologram')}\n${PLACEHOLDER}`);
    });

    it('embedded resource > text is shown as text, bounded by the cap like any text', () => {
      const long = 'w'.repeat(200);
      const { live, blocks } = render(callResult([embeddedText({ text: long }), imageBlock()]), { cap: 100 });
      expect(blocks[0]?.kind).toBe('text');
      expect(blocks[0]?.text).toContain(long);
      const shown = liveTexts(live)[0]!;
      // Cut to its share of the cap (the image's placeholder counts first), named after its piece.
      const whole = blocks[0]!.text;
      const notice = /\n\n\[block 1 of 2 cut: ([\d,]+) chars, (\d+) shown\]$/.exec(shown);
      expect(notice?.[1]).toBe(whole.length.toLocaleString('en-US'));
      expect(shown).toBe(`${whole.slice(0, Number(notice![2]))}${notice![0]}`);
      expect(shown.length).toBeLessThanOrEqual(100);
      expect(shown).not.toContain(long.slice(0, 150));
    });

    it.each([
      ['plain https > shown', 'https://docs.example.com/guide.txt', true],
      ['file > shown', 'file:///notes/readme.txt', true],
      ['presigned S3 > not shown', PRESIGNED_URI, false],
      ['userinfo > not shown', USERINFO_URI, false],
      ['data uri > not shown', 'data:text/plain;base64,aGVsbG8=', false],
    ] as const)('embedded resource > its uri appears only where shownLinkUri allows > %s', (_name, uri, shown) => {
      const { stored } = render(callResult([embeddedText({ uri })]));
      expect(stored).toContain('embedded words');
      if (shown) expect(stored).toContain(uri);
      else {
        expect(stored).not.toContain(uri);
        expect(stored).not.toMatch(/hunter2|X-Amz-Signature|aGVsbG8/);
      }
    });

    it('embedded resource > a blob never shows its bytes or its uri', () => {
      const { stored } = render(callResult([embeddedBlob({ uri: PRESIGNED_URI })]));
      expect(stored).toBe(embeddedBlobMarker('application/zip', 10));
    });
  });

  describe('images the provider would reject', () => {
    it.each([
      ['png', 'image/png', PNG_BASE64],
      ['gif', 'image/gif', GIF_BASE64],
      ['jpeg', 'image/jpeg', JPEG_BASE64],
      ['webp', 'image/webp', WEBP_BASE64],
    ])('goes natively when its base64 decodes and its bytes are its declared type > %s', (_name, mimeType, data) => {
      const { live, blocks } = render(callResult([imageBlock({ data, mimeType })]));
      expect(blocks[0]?.kind).toBe('image');
      expect(live).toEqual({ kind: 'native', blocks: [{ type: 'image', data, mimeType }] });
    });

    it.each([
      ['declared png > gif bytes', 'image/png', GIF_BASE64, imageMismatchMarker('image/png', Buffer.from(GIF_BASE64, 'base64').length)],
      ['declared gif > png bytes', 'image/gif', PNG_BASE64, imageMismatchMarker('image/gif', PNG_SIZE)],
      ['declared webp > png bytes', 'image/webp', PNG_BASE64, imageMismatchMarker('image/webp', PNG_SIZE)],
      ['declared jpeg > webp bytes', 'image/jpeg', WEBP_BASE64, imageMismatchMarker('image/jpeg', Buffer.from(WEBP_BASE64, 'base64').length)],
      ['declared bmp > unsupported', 'image/bmp', PNG_BASE64, imageUnsupportedMarker('image/bmp', PNG_SIZE)],
      ['declared heic > unsupported', 'image/heic', PNG_BASE64, imageUnsupportedMarker('image/heic', PNG_SIZE)],
      ['declared text/plain > unsupported', 'text/plain', PNG_BASE64, imageUnsupportedMarker('text/plain', PNG_SIZE)],
      ['base64url alphabet > undecodable', 'image/png', PNG_BASE64.replaceAll('/', '_'), imageUndecodableMarker('image/png')],
      ['length not a multiple of 4 > undecodable', 'image/png', PNG_BASE64.slice(0, -3), imageUndecodableMarker('image/png')],
      ['whitespace inside > undecodable', 'image/png', `${PNG_BASE64.slice(0, 8)} ${PNG_BASE64.slice(8)}`, imageUndecodableMarker('image/png')],
    ])('otherwise a marker saying what was declared and why > %s', (_name, mimeType, data, want) => {
      const { stored, live } = render(callResult([imageBlock({ data, mimeType })]));
      expect(stored).toBe(want);
      expect(live).toEqual({ kind: 'text', text: want });
    });

    it.each([
      ['image/jpg > JPEG bytes', 'image/jpg', JPEG_BASE64, 'image/jpeg'],
      ['upper case > PNG bytes', 'IMAGE/PNG', PNG_BASE64, 'image/png'],
      ['with parameters > PNG bytes', 'image/png; charset=binary', PNG_BASE64, 'image/png'],
    ])('a type read loosely goes natively under the type a provider accepts > %s', (_name, mimeType, data, sent) => {
      const { live } = render(callResult([imageBlock({ data, mimeType })]));
      expect(live).toEqual({ kind: 'native', blocks: [{ type: 'image', data, mimeType: sent }] });
    });

    it('budget > default 5 MB: an image of exactly the budget goes natively, one more past it is a marker', () => {
      const whole = pngOfSize(DEFAULT_MAX_IMAGE_BYTES);
      const { blocks, live } = render(callResult([imageBlock({ data: whole }), imageBlock()]));
      expect(DEFAULT_MAX_IMAGE_BYTES).toBe(5 * 1024 * 1024);
      expect(blocks.map((block) => block.kind)).toEqual(['image', 'marker']);
      expect(blocks[1]).toEqual({ kind: 'marker', text: imageBudgetMarker('image/png', PNG_SIZE, DEFAULT_MAX_IMAGE_BYTES), reason: 'image-budget' });
      expect(live.kind).toBe('native');
    });

    it.each([
      ['budget = one image > second is a marker', PNG_SIZE, ['image', 'marker']],
      ['budget = two images > both native', PNG_SIZE * 2, ['image', 'image']],
      ['budget one byte short > both markers', PNG_SIZE - 1, ['marker', 'marker']],
      ['budget 0 > both markers', 0, ['marker', 'marker']],
    ] as const)('budget > at most maxImageBytes decoded per result > %s', (_name, maxImageBytes, kinds) => {
      const { blocks, stored } = render(callResult([imageBlock(), imageBlock()]), undefined, { maxImageBytes });
      expect(blocks.map((block) => block.kind)).toEqual(kinds);
      const marker = imageBudgetMarker('image/png', PNG_SIZE, maxImageBytes);
      expect(stored.split('\n')).toEqual(kinds.map((kind) => (kind === 'image' ? PLACEHOLDER : marker)));
    });

    it('budget > is per result: each call starts with the whole budget', () => {
      const { host } = harness({ maxImageBytes: PNG_SIZE });
      expect(host.renderToolResult(callResult([imageBlock()])).blocks[0]?.kind).toBe('image');
      expect(host.renderToolResult(callResult([imageBlock()])).blocks[0]?.kind).toBe('image');
    });

    it('budget > a placeholder past the budget sits beside the native image in the live copy', () => {
      const { live } = render(callResult([imageBlock(), imageBlock()]), undefined, { maxImageBytes: PNG_SIZE });
      expect(live).toEqual({
        kind: 'native',
        blocks: [
          { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
          { type: 'text', text: imageBudgetMarker('image/png', PNG_SIZE, PNG_SIZE) },
        ],
      });
    });
  });

  describe('contradictions', () => {
    it.each([
      ['image > data beside disposition ref', imageBlock({ disposition: 'ref' })],
      ['image > data beside disposition never', imageBlock({ disposition: 'never', uri: PLAIN_URI })],
      ['image > data beside a non-empty uri', imageBlock({ uri: PLAIN_URI })],
      ['audio > data beside a disposition', audioBlock({ disposition: 'ref' })],
      ['audio > data beside a non-empty uri', audioBlock({ uri: PLAIN_URI })],
      ['image > invalid base64 beside a uri', imageBlock({ data: '!!', uri: PLAIN_URI })],
    ])('inline data beside a disposition or a non-empty uri is withheld, one fixed line > %s', (_name, given) => {
      const { stored, live, blocks } = render(callResult([given]));
      expect(blocks).toEqual([{ kind: 'withheld', text: WITHHELD_TEXT }]);
      expect(stored).toBe(WITHHELD_TEXT);
      expect(live).toEqual({ kind: 'text', text: WITHHELD_TEXT });
    });

    it('a withheld line beside a native image goes whole as text, and its data never goes', () => {
      const { live } = render(callResult([imageBlock({ data: GIF_BASE64, mimeType: 'image/gif', uri: PLAIN_URI }), imageBlock()]));
      expect(live).toEqual({
        kind: 'native',
        blocks: [
          { type: 'text', text: WITHHELD_TEXT },
          { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
        ],
      });
    });

    it('image > inline data beside uri "" is plain inline data', () => {
      const { live } = render(callResult([imageBlock({ uri: '' })]));
      expect(live).toEqual({ kind: 'native', blocks: [{ type: 'image', data: PNG_BASE64, mimeType: 'image/png' }] });
    });

    it('audio > inline data beside uri "" is plain inline audio (its marker)', () => {
      expect(render(callResult([audioBlock({ uri: '' })])).stored).toBe(audioMarker('audio/wav', WAV_SIZE));
    });

    it('an unknown type with data and a uri is its type marker, not a contradiction', () => {
      expect(render(callResult([unknownBlock({ data: PNG_BASE64, uri: PLAIN_URI })])).stored).toBe(unknownTypeMarker('hologram'));
    });

    it('inline data marked never withholds its uri from every link in the result, in any order', () => {
      const never = imageBlock({ uri: PLAIN_URI, disposition: 'never' });
      const link = resourceLink({ uri: PLAIN_URI });
      for (const content of [
        [never, link],
        [link, never],
      ]) {
        const { stored } = render(callResult(content));
        expect(stored).not.toContain(PLAIN_URI);
        expect(stored).toContain(WITHHELD_TEXT);
      }
    });
  });

  describe('isError', () => {
    it("an error result's text is shown, with the error flag on the rendered result", () => {
      const { stored, isError, live } = render(callResult([textBlock({ text: 'Error: disk full' })], { isError: true }));
      expect(stored).toBe('Error: disk full');
      expect(live).toEqual({ kind: 'text', text: 'Error: disk full' });
      expect(isError).toBe(true);
    });

    it("a ToolResultInput's error text is shown, before its data", () => {
      expect(render({ data: undefined, isError: true, error: 'bad input' })).toMatchObject({ stored: 'bad input', isError: true });
      expect(render({ data: { partial: 1 }, isError: true, error: 'bad input' }).stored).toBe('bad input\n{"partial":1}');
    });

    it('a result without the flag is not an error', () => {
      expect(render(callResult([textBlock()])).isError).toBe(false);
      expect(render({ data: 'x' }).isError).toBe(false);
    });

    it.each([
      ['CallToolResult > no content', { isError: true }],
      ['CallToolResult > empty content', { isError: true, content: [] }],
      ['ToolResultInput > no error, no data', { data: undefined, isError: true }],
      ['ToolResultInput > error not a string', { data: undefined, isError: true, error: 42 }],
      ['ToolResultInput > error empty', { data: undefined, isError: true, error: '' }],
    ])('an error result with no readable error field and no data shows a fixed line, not an exception > %s', (_name, given) => {
      const { stored, live, isError, logs } = render(given);
      expect(stored).toBe(ERROR_WITHOUT_MESSAGE_TEXT);
      expect(live).toEqual({ kind: 'text', text: ERROR_WITHOUT_MESSAGE_TEXT });
      expect(isError).toBe(true);
      expect(logs).toEqual([]);
    });
  });

  describe('structuredContent', () => {
    const structured = { temperature: 21, conditions: 'sunny-structured-only' };

    it('is not shown beside content (servers duplicate their content into it)', () => {
      const { stored } = render(callResult([textBlock({ text: 'It is sunny' })], { structuredContent: structured }));
      expect(stored).toBe('It is sunny');
    });

    it.each([
      ['content empty', { content: [], structuredContent: structured }],
      ['content absent', { structuredContent: structured }],
    ])('is shown as JSON where content is absent or empty > %s', (_name, given) => {
      expect(render(given).stored).toBe(JSON.stringify(structured));
    });

    it('is shown within the cap', () => {
      const json = JSON.stringify(structured);
      // At 50 the notice naming the cut takes all but 10 characters of the cap.
      const { stored } = render({ structuredContent: structured }, { cap: 50 });
      expect(stored.startsWith(json.slice(0, 10))).toBe(true);
      expect(stored).not.toContain(json.slice(0, 11));
      expect(stored).toBe(oneTextAtCap(json, 50));
      expect(stored.length).toBeLessThanOrEqual(50);
    });

    it('blocks in it are shown as the lane shows them: no base64', () => {
      const { stored } = render({ structuredContent: { content: [imageBlock(), audioBlock()] } });
      expect(stored).toBe(JSON.stringify({ content: [PLACEHOLDER, audioMarker('audio/wav', WAV_SIZE)] }));
    });
  });

  describe('links', () => {
    it('a plain link on a host with no server address shows its line', () => {
      const { stored, blocks } = render(callResult([resourceLink()]));
      expect(stored).toBe(linkLine('report.pdf', PLAIN_URI, 'application/pdf'));
      expect(blocks[0]?.kind).toBe('link');
    });

    it('a plain link from a server dialed over stdio (address null) shows its line', () => {
      const { host } = harness();
      host.setServerAddress('s', null);
      expect(host.renderToolResult(callResult([resourceLink()]), { serverId: 's' }).stored).toBe(linkLine('report.pdf', PLAIN_URI, 'application/pdf'));
    });

    it.each([
      ['presigned S3', PRESIGNED_URI, /X-Amz|AKIAEXAMPLE|0f1e2d3c/],
      ['userinfo', USERINFO_URI, /hunter2|alice/],
    ])('a credential-looking link shows a stub without its uri > %s', (_name, uri, secret) => {
      const { stored, blocks } = render(callResult([resourceLink({ uri })]));
      expect(blocks[0]?.kind).toBe('stub');
      expect(stored).not.toContain(uri);
      expect(stored).not.toMatch(secret);
      expect(stored).toMatch(/^\[ref-[^\]]+\] report\.pdf — application\/pdf, no size claimed — /);
    });

    it.each([
      ['presigned S3', PRESIGNED_URI, /X-Amz|AKIAEXAMPLE|0f1e2d3c/],
      ['userinfo', USERINFO_URI, /hunter2/],
    ])('a credential-looking link shows a stub without its uri, even where the server named the link by its uri > %s', (_name, uri, secret) => {
      const { stored, blocks } = render(callResult([resourceLink({ uri, name: uri })]));
      expect(blocks[0]?.kind).toBe('stub');
      expect(stored).not.toContain(uri);
      expect(stored).not.toMatch(secret);
    });

    it('a link the host can fetch is a stub offering the fetch', () => {
      const { host } = harness();
      host.setServerAddress('files', 'https://files.example.com');
      const { stored, blocks } = host.renderToolResult(callResult([resourceLink()]), { serverId: 'files' });
      expect(blocks[0]).toMatchObject({ kind: 'stub', fetchable: true });
      expect(stored).not.toContain(PLAIN_URI);
      expect(stored).toMatch(/ — fetch with fetch_reference$/);
    });
  });

  describe('labels', () => {
    const DIRTY = '\u202Eev\u0000i\u0007l\u2028\u2029\u0085\u200F\u061C\u2066\u009F-\u001Bx';
    const CLEAN = 'evil-x';
    const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

    it.each([
      ['unknown type marker > type', () => render(callResult([unknownBlock({ type: DIRTY })])).stored],
      ['audio marker > mimeType', () => render(callResult([audioBlock({ mimeType: `audio/${DIRTY}` })])).stored],
      ['image marker > declared mimeType', () => render(callResult([imageBlock({ mimeType: `image/${DIRTY}` })])).stored],
      ['link line > name', () => render(callResult([resourceLink({ name: DIRTY })])).stored],
      ['link line > mimeType', () => render(callResult([resourceLink({ mimeType: `text/${DIRTY}` })])).stored],
      ['stub > name', () => render(callResult([referenceBlock({ name: DIRTY })])).stored],
      ['blob marker > mimeType', () => render(callResult([embeddedBlob({ mimeType: `application/${DIRTY}` })])).stored],
      ['embedded header > mimeType', () => render(callResult([embeddedText({ mimeType: `text/${DIRTY}`, text: 'body' })])).stored.split('\n')[0]!],
      ['incomplete result > resultType', () => render(callResult([], { resultType: DIRTY })).stored],
    ])('every server-supplied label loses C0/C1, bidi controls and U+2028/U+2029 > %s', (_name, shown) => {
      const text = shown();
      expect(text).toContain(CLEAN);
      expect(text).not.toMatch(UNSHOWABLE);
    });

    it.each([
      ['unknown type marker > type', () => render(callResult([unknownBlock({ type: 't'.repeat(500) })])).stored, 't', TYPE_LABEL_MAX_CHARS],
      ['audio marker > mimeType', () => render(callResult([audioBlock({ mimeType: 'a'.repeat(500) })])).stored, 'a', TYPE_LABEL_MAX_CHARS],
      ['link line > name', () => render(callResult([resourceLink({ name: 'n'.repeat(250) })])).stored, 'n', LABEL_MAX_CHARS],
      ['stub > name', () => render(callResult([referenceBlock({ name: 'n'.repeat(250) })])).stored, 'n', LABEL_MAX_CHARS],
    ] as const)('every server-supplied label is bounded, `…` marking the cut > %s', (_name, shown, letter, bound) => {
      const text = shown();
      expect(text).toContain(`${letter.repeat(bound - 1)}…`);
      expect(text).not.toContain(letter.repeat(bound));
    });
  });
});
