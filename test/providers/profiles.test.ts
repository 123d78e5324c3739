/**
 * Provider profiles (issue 13): each profile renders a server-everything-like result — text, a
 * PNG, a WAV clip, an embedded PDF — with natively only what that provider takes in a tool
 * result; a GIF under Gemini and images past a profile's count are markers naming the limit;
 * PDFs and audio stay within their own budgets; `'mcp'` is today's rendering exactly.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { IMAGE_BOMB_GUARD } from '../../src/blocks/image-check.js';
import { toolResultBlocks, type ClassifyContext } from '../../src/blocks/classify.js';
import { isBase64 } from '../../src/blocks/media-check.js';
import type { LiveBlock, ShownBlock } from '../../src/blocks/shown-block.js';
import { shownLeftFor } from '../../src/blocks/shown-budget.js';
import { createHost, DEFAULT_MAX_IMAGE_BYTES } from '../../src/host.js';
import { toAnthropic, toOpenAIResponses } from '../../src/providers/index.js';
import {
  getProviderProfile,
  getProviderProfileOrThrow,
  mediaLeftFor,
  PROVIDER_NAMES,
  PROVIDER_PROFILES,
  type ProviderName,
  type ProviderProfile,
} from '../../src/providers/profiles.js';
import { createAddressBook } from '../../src/references/addresses.js';
import { NO_CLAIMS } from '../../src/references/claims.js';
import { createRegistry } from '../../src/references/registry.js';
import {
  aiSdkMediaMarker,
  audioBudgetMarker,
  audioMarker,
  audioPlaceholder,
  audioUndecodableMarker,
  documentBudgetMarker,
  documentNotPdfMarker,
  documentPlaceholder,
  embeddedBlobMarker,
  imagesPerRequestMarker,
  imageTypeNotTakenMarker,
} from '../../src/text/markers.js';
import { base64DecodedLength } from '../../src/text/size.js';
import { pngChunk, PNG_SIGNATURE } from '../support/images.js';
import { audioBlock, callResult, embeddedBlob, GIF_BASE64, imageBlock, PNG_BASE64, textBlock, WAV_BASE64 } from '../support/factories.js';

/** Base64 of a PDF-headed file of `padding` bytes past its header. */
function pdfBase64(padding = 64): string {
  return Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), Buffer.alloc(padding, 0x20), Buffer.from('\n%%EOF\n', 'latin1')]).toString('base64');
}

const PDF = pdfBase64();
const PDF_URI = 'file:///docs/report.pdf';
const pdfBlock = (blob = PDF) => embeddedBlob({ uri: PDF_URI, mimeType: 'application/pdf', blob });

/** A server-everything-like result: text, a PNG, a WAV clip, an embedded PDF, text. */
const EVERYTHING = callResult([textBlock({ text: 'tiny image:' }), imageBlock(), audioBlock(), pdfBlock(), textBlock({ text: 'done' })]);

const kinds = (blocks: readonly ShownBlock[]) =>
  blocks.map((block) => (block.kind === 'marker' ? `marker:${block.reason}` : block.kind === 'media' ? `media:${block.media}` : block.kind));
const liveTypes = (blocks: readonly LiveBlock[]) => blocks.map((block) => block.type);

describe('PROVIDER_PROFILES', () => {
  it('has one profile per provider name, each naming itself', () => {
    expect(PROVIDER_NAMES).toEqual(['mcp', 'anthropic', 'openai-responses', 'openai-chat', 'gemini', 'ai-sdk']);
    for (const name of PROVIDER_NAMES) expect(PROVIDER_PROFILES[name].name).toBe(name);
  });

  it("ai-sdk sends no media natively: its provider package may send a tool output's media as JSON text", () => {
    const aiSdk = PROVIDER_PROFILES['ai-sdk'];
    expect(aiSdk.images.types).toEqual([]);
    expect(aiSdk.maxImagesPerRequest).toBe(0);
    expect(aiSdk.documents).toBeUndefined();
    expect(aiSdk.audio).toBeUndefined();
  });

  it("mcp is the four formats with only blockwise's bomb guard, no PDF, no audio", () => {
    expect(PROVIDER_PROFILES.mcp).toEqual({
      name: 'mcp',
      label: 'this host',
      images: { types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'], maxPixels: 100_000_000, maxDimension: 32_768 },
    });
  });

  it.each(PROVIDER_NAMES)("%s > a PNG of a few bytes declaring 2^31 - 1 × 1 px is refused: a provider's limit or blockwise's bomb guard", (name) => {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(0x7fffffff, 0);
    header.writeUInt32BE(1, 4);
    header.set([8, 0], 8);
    const png = Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(Buffer.alloc(2))), pngChunk('IEND', Buffer.alloc(0))]);
    const rendered = createHost({ provider: name }).renderToolResult(callResult([imageBlock({ data: png.toString('base64'), mimeType: 'image/png' })]));
    const types = PROVIDER_PROFILES[name].images.types;
    const want = types.includes('image/png') ? 'marker:image-dimensions' : types.length === 0 ? 'marker:media-not-carried' : 'marker:image-type-not-taken';
    expect(kinds(rendered.blocks)).toEqual([want]);
  });

  it.each(PROVIDER_NAMES.filter((name) => PROVIDER_PROFILES[name].images.types.length > 0))('%s > every image limit is at most the bomb guard', (name) => {
    const images = PROVIDER_PROFILES[name].images;
    expect(images.maxDimension).toBeLessThanOrEqual(IMAGE_BOMB_GUARD.maxDimension);
    expect(images.maxPixels ?? images.maxDimension! ** 2).toBeLessThanOrEqual(IMAGE_BOMB_GUARD.maxPixels);
  });
});

describe("a result's PDFs and images within the provider's request size", () => {
  /** A PDF of `bytes` decoded bytes, its header and its end in place. */
  const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(bytes - 16, 0x20), Buffer.from('\n%%EOF\n')]);
  /** A whole PNG of `bytes` decoded bytes: a 1×1 image with an ancillary chunk making up the rest. */
  const pngOf = (bytes: number) => {
    const small = Buffer.from(PNG_BASE64, 'base64');
    const padding = pngChunk('zzTx', Buffer.alloc(bytes - small.length - 12));
    return Buffer.concat([small.subarray(0, 33), padding, small.subarray(33)]);
  };

  it.each<[ProviderName, (rendered: unknown) => unknown]>([
    ['anthropic', toAnthropic],
    ['openai-responses', (rendered) => toOpenAIResponses(rendered, { callId: 'call_1' })],
  ])("%s > a PDF at the documents budget and images at the host's default budget fit the 32 MB request as base64, the 1 MB reserve left", (name, adapt) => {
    const profile = PROVIDER_PROFILES[name];
    // The default image budget spent whole, in images each within the profile's limit per image.
    const perImage = Math.min(DEFAULT_MAX_IMAGE_BYTES, profile.images.maxBytes!);
    const images = [pngOf(perImage), ...(perImage < DEFAULT_MAX_IMAGE_BYTES ? [pngOf(DEFAULT_MAX_IMAGE_BYTES - perImage)] : [])];
    const rendered = createHost({ provider: name }).renderToolResult(
      callResult([
        pdfBlock(pdfOf(profile.documents!.maxBytes).toString('base64')),
        ...images.map((image) => imageBlock({ data: image.toString('base64') })),
        textBlock({ text: 'done' }),
      ]),
    );
    expect(kinds(rendered.blocks)).toEqual(['media:document', ...images.map(() => 'image'), 'text']);
    // The JSON around the base64 is a few hundred bytes of the reserve.
    expect(JSON.stringify(adapt(rendered)).length).toBeLessThanOrEqual(31_010_000);
  });
});

describe('PROVIDER_PROFILES > frozen, since every host shares them', () => {
  it.each(PROVIDER_NAMES)('%s > the profile, its limits and their type lists refuse a change', (name) => {
    const profile = PROVIDER_PROFILES[name];
    expect(Object.isFrozen(PROVIDER_PROFILES)).toBe(true);
    for (const part of [profile, profile.images, profile.images.types, profile.documents, profile.documents?.types, profile.audio, profile.audio?.types]) {
      if (part !== undefined) expect(Object.isFrozen(part)).toBe(true);
    }
    expect(() => (profile.images.types as string[]).push('image/bmp')).toThrow(TypeError);
    expect(() => ((profile.images as { maxBytes?: number }).maxBytes = 1)).toThrow(TypeError);
  });

  it("a push onto one profile's types can't make another host send a GIF", () => {
    expect(() => (PROVIDER_PROFILES.gemini.images.types as string[]).push('image/gif')).toThrow(TypeError);
    const rendered = createHost({ provider: 'openai-chat' }).renderToolResult(callResult([imageBlock({ data: GIF_BASE64, mimeType: 'image/gif' })]));
    expect(kinds(rendered.blocks)).toEqual(['marker:image-type-not-taken']);
  });
});

describe(getProviderProfileOrThrow.name, () => {
  it.each<[string, unknown]>([
    ['unknown name', 'claude'],
    ['wrong case', 'Anthropic'],
    ['not a string', 42],
    ['an inherited key', 'toString'],
  ])('%s > RangeError naming every allowed provider', (_name, given) => {
    expect(() => getProviderProfileOrThrow(given)).toThrow(RangeError);
    try {
      getProviderProfileOrThrow(given);
    } catch (error) {
      for (const name of PROVIDER_NAMES) expect((error as Error).message).toContain(`'${name}'`);
    }
    expect(getProviderProfile(String(given))).toBeUndefined();
  });

  it('answers each named profile', () => {
    for (const name of PROVIDER_NAMES) expect(getProviderProfileOrThrow(name)).toBe(PROVIDER_PROFILES[name]);
  });
});

describe(createHost.name, () => {
  it('rejects an unknown provider with a RangeError that names the allowed ones', () => {
    expect(() => createHost({ provider: 'bedrock' as ProviderName })).toThrow(
      /^createHost: provider must be one of 'mcp', 'anthropic', 'openai-responses', 'openai-chat', 'gemini', 'ai-sdk'; got "bedrock"$/,
    );
    expect(() => createHost({ provider: null as unknown as ProviderName })).toThrow(RangeError);
  });

  it('defaults to mcp, and marks each rendered result with its provider', () => {
    expect(createHost({ log: () => undefined }).renderToolResult(EVERYTHING).provider).toBe('mcp');
    for (const name of PROVIDER_NAMES) expect(createHost({ provider: name, log: () => undefined }).renderToolResult(EVERYTHING).provider).toBe(name);
  });

  it("'mcp' renders exactly as a host with no provider does", () => {
    const results = [
      EVERYTHING,
      callResult([imageBlock({ data: GIF_BASE64, mimeType: 'image/gif' }), pdfBlock('not base64!')]),
      callResult(Array.from({ length: 30 }, () => imageBlock())),
    ];
    for (const result of results) {
      expect(createHost({ provider: 'mcp', now: () => 0 }).renderToolResult(result)).toEqual(createHost({ now: () => 0 }).renderToolResult(result));
    }
  });
});

/** What each provider's rendering of {@link EVERYTHING} holds: the classification's kinds and the live copy's block types. */
const WANT: { readonly [N in ProviderName]: { readonly shown: string[]; readonly live: string[] } } = {
  mcp: { shown: ['text', 'image', 'marker:audio', 'marker:embedded-blob', 'text'], live: ['text', 'image', 'text', 'text', 'text'] },
  anthropic: { shown: ['text', 'image', 'marker:audio', 'media:document', 'text'], live: ['text', 'image', 'text', 'document', 'text'] },
  'openai-responses': { shown: ['text', 'image', 'marker:audio', 'media:document', 'text'], live: ['text', 'image', 'text', 'document', 'text'] },
  'openai-chat': { shown: ['text', 'image', 'marker:audio', 'marker:embedded-blob', 'text'], live: ['text', 'image', 'text', 'text', 'text'] },
  gemini: { shown: ['text', 'image', 'marker:audio', 'media:document', 'text'], live: ['text', 'image', 'text', 'document', 'text'] },
  // No native media, so its live copy is the stored text.
  'ai-sdk': { shown: ['text', 'marker:media-not-carried', 'marker:audio', 'marker:media-not-carried', 'text'], live: [] },
};

describe('renderToolResult under each provider', () => {
  it.each(PROVIDER_NAMES)('%s > a server-everything-like result carries natively only what the profile takes', (name) => {
    const rendered = createHost({ provider: name }).renderToolResult(EVERYTHING);
    expect(kinds(rendered.blocks)).toEqual(WANT[name].shown);
    if (WANT[name].live.length === 0) expect(rendered.live).toEqual({ kind: 'text', text: rendered.stored });
    else if (rendered.live.kind !== 'native') throw new Error('live copy is not native');
    else expect(liveTypes(rendered.live.blocks)).toEqual(WANT[name].live);
    // The PDF's and the image's data go to the live copy as sent, never to the stored copy.
    if (rendered.live.kind === 'native')
      for (const block of rendered.live.blocks)
        if (block.type === 'document') expect(block).toEqual({ type: 'document', data: PDF, mimeType: 'application/pdf' });
    expect(rendered.stored).not.toContain(PDF.slice(0, 40));
    expect(rendered.stored).not.toContain(PNG_BASE64.slice(0, 40));
  });

  it.each(PROVIDER_NAMES.filter((name) => PROVIDER_PROFILES[name].documents !== undefined))(
    '%s > the stored copy shows a native PDF as its placeholder, uri and size',
    (name) => {
      const rendered = createHost({ provider: name }).renderToolResult(callResult([pdfBlock()]));
      expect(rendered.stored).toBe(documentPlaceholder(PDF_URI, base64DecodedLength(PDF)));
      expect(rendered.live).toEqual({ kind: 'native', blocks: [{ type: 'document', data: PDF, mimeType: 'application/pdf' }] });
    },
  );

  it.each(PROVIDER_NAMES.filter((name) => PROVIDER_PROFILES[name].documents === undefined && name !== 'ai-sdk'))(
    '%s > an embedded PDF stays the marker it is today, and a result with no other media stays text',
    (name) => {
      const rendered = createHost({ provider: name }).renderToolResult(callResult([pdfBlock()]));
      expect(rendered.stored).toBe(embeddedBlobMarker('application/pdf', base64DecodedLength(PDF)));
      expect(rendered.live.kind).toBe('text');
    },
  );

  it("ai-sdk > an image and an embedded PDF are markers saying the AI SDK's provider may not carry them", () => {
    const rendered = createHost({ provider: 'ai-sdk' }).renderToolResult(callResult([imageBlock(), pdfBlock()]));
    expect(rendered.blocks).toEqual([
      { kind: 'marker', reason: 'media-not-carried', text: aiSdkMediaMarker('image', 'image/png', base64DecodedLength(PNG_BASE64)) },
      { kind: 'marker', reason: 'media-not-carried', text: aiSdkMediaMarker('document', 'application/pdf', base64DecodedLength(PDF)) },
    ]);
    expect(rendered.blocks[0]!.text).toBe(
      `[Image not shown: the AI SDK's provider may not carry images in a tool result (image/png, ~${base64DecodedLength(PNG_BASE64)}B).]`,
    );
    expect(rendered.live).toEqual({ kind: 'text', text: rendered.stored });
    expect(rendered.stored).not.toContain(PNG_BASE64.slice(0, 40));
  });

  it('gemini > a whole GIF is a marker naming Gemini and the types it takes', () => {
    const rendered = createHost({ provider: 'gemini' }).renderToolResult(callResult([imageBlock({ data: GIF_BASE64, mimeType: 'image/gif' })]));
    const bytes = base64DecodedLength(GIF_BASE64);
    expect(rendered.blocks).toEqual([
      {
        kind: 'marker',
        reason: 'image-type-not-taken',
        text: imageTypeNotTakenMarker('image/gif', bytes, 'Gemini', ['image/png', 'image/jpeg', 'image/webp']),
      },
    ]);
    expect(rendered.stored).toBe(`[Image not shown: image/gif isn't an image type Gemini takes in a tool result (PNG, JPEG and WebP only; ~${bytes}B).]`);
    expect(rendered.live.kind).toBe('text');
  });

  it.each(PROVIDER_NAMES.map((name) => [name, PROVIDER_PROFILES[name].images.types.includes('image/gif')] as const))(
    '%s > a GIF goes native: %s',
    (name, takes) => {
      const rendered = createHost({ provider: name }).renderToolResult(callResult([imageBlock({ data: GIF_BASE64, mimeType: 'image/gif' })]));
      expect(rendered.live.kind === 'native').toBe(takes);
      expect(kinds(rendered.blocks)).toEqual([takes ? 'image' : name === 'ai-sdk' ? 'marker:media-not-carried' : 'marker:image-type-not-taken']);
    },
  );

  it.each(
    PROVIDER_NAMES.filter(
      (name) =>
        PROVIDER_PROFILES[name].maxImagesPerRequest !== undefined &&
        PROVIDER_PROFILES[name].maxImagesPerRequest > 0 &&
        PROVIDER_PROFILES[name].maxImagesPerRequest <= 20,
    ),
  )('%s > images past the images per request are markers naming the limit; those before it go native', (name) => {
    const profile = PROVIDER_PROFILES[name];
    const max = profile.maxImagesPerRequest!;
    const rendered = createHost({ provider: name }).renderToolResult(callResult(Array.from({ length: max + 2 }, () => imageBlock())));
    expect(kinds(rendered.blocks)).toEqual([...Array<string>(max).fill('image'), 'marker:images-per-request', 'marker:images-per-request']);
    const marker = rendered.blocks[max]!;
    expect(marker.text).toBe(imagesPerRequestMarker('image/png', base64DecodedLength(PNG_BASE64), profile.label, max));
    expect(marker.text).toContain(`limit of ${max} images per request`);
    if (rendered.live.kind !== 'native') throw new Error('live copy is not native');
    expect(rendered.live.blocks.filter((block) => block.type === 'image')).toHaveLength(max);
  });

  it('mcp > no count: 30 images all go native', () => {
    const rendered = createHost().renderToolResult(callResult(Array.from({ length: 30 }, () => imageBlock())));
    expect(rendered.blocks.every((block) => block.kind === 'image')).toBe(true);
  });

  it('an image past the count is its marker before it is decoded: one that is not even base64 is the count marker too', () => {
    const rendered = createHost({ provider: 'anthropic' }).renderToolResult(
      callResult([
        ...Array.from({ length: 20 }, () => imageBlock()),
        imageBlock({ data: '%%%%not base64' }),
        imageBlock({ data: PNG_BASE64.slice(0, 40) }),
        imageBlock({ mimeType: 'image/bmp' }),
      ]),
    );
    expect(kinds(rendered.blocks).slice(20)).toEqual(['marker:images-per-request', 'marker:images-per-request', 'marker:image-unsupported-type']);
  });

  it('an image refused for its count spends nothing of the image byte budget', () => {
    const host = createHost({ provider: 'anthropic', maxImageBytes: 21 * base64DecodedLength(PNG_BASE64) });
    const rendered = host.renderToolResult(callResult(Array.from({ length: 21 }, () => imageBlock())));
    expect(kinds(rendered.blocks).filter((kind) => kind === 'image')).toHaveLength(20);
  });

  it('push lane > an embedded PDF goes native where the profile takes it', () => {
    expect(createHost({ provider: 'anthropic' }).convertBlocks([pdfBlock()])).toEqual([{ type: 'document', data: PDF, mimeType: 'application/pdf' }]);
    expect(liveTypes(createHost({ provider: 'openai-chat' }).convertBlocks([pdfBlock()]))).toEqual(['text']);
  });
});

describe('embedded PDFs under a profile that takes them', () => {
  const gemini = PROVIDER_PROFILES.gemini;
  const budget = gemini.documents!.maxBytes;

  it('a PDF past the budget is a marker naming the provider and the limit, measured before any decoding', () => {
    // Not base64 at all: were it decoded first, it would be the malformed marker instead.
    const huge = '%'.repeat(Math.ceil((budget + 3) / 3) * 4);
    const rendered = createHost({ provider: 'gemini' }).renderToolResult(callResult([pdfBlock(huge)]));
    expect(rendered.blocks).toEqual([{ kind: 'marker', reason: 'document-budget', text: documentBudgetMarker(base64DecodedLength(huge), 'Gemini', budget) }]);
  });

  it('PDFs share one budget per result: the one that passes what is left is a marker, the next that fits goes', () => {
    const big = pdfBase64(Math.floor(budget * 0.6));
    const rendered = createHost({ provider: 'gemini', maxImageBytes: 1 }).renderToolResult(callResult([pdfBlock(big), pdfBlock(big), pdfBlock()]));
    expect(kinds(rendered.blocks)).toEqual(['media:document', 'marker:document-budget', 'media:document']);
  });

  it.each<[string, string]>([
    ['not base64', '%PDF-1.7 raw bytes'],
    ['base64 of something else', Buffer.from('PK\u0003\u0004zip').toString('base64')],
    ['a PDF header but a bad character later', `${PDF.slice(0, 12)}*${PDF.slice(13)}`],
    ['empty', ''],
  ])('%s > the not-a-PDF marker', (_name, blob) => {
    const rendered = createHost({ provider: 'anthropic' }).renderToolResult(callResult([pdfBlock(blob)]));
    expect(rendered.blocks).toEqual([{ kind: 'marker', reason: 'document-not-pdf', text: documentNotPdfMarker(base64DecodedLength(blob)) }]);
  });

  it.each<[string, Buffer, string]>([
    ['a PDF cut before its end (no %%EOF)', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20)]), 'marker:document-not-pdf'],
    ['%%EOF more than 1,024 bytes before the end', Buffer.concat([Buffer.from('%PDF-1.7\n%%EOF'), Buffer.alloc(1025, 0x20)]), 'marker:document-not-pdf'],
    ['%PDF- and nothing else', Buffer.from('%PDF-'), 'marker:document-not-pdf'],
    [
      '%%EOF in the last 1,024 bytes, line ends after it',
      Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 0x20), Buffer.from('%%EOF'), Buffer.alloc(1019, 0x0a)]),
      'media:document',
    ],
  ])('%s', (_name, pdf, want) => {
    const rendered = createHost({ provider: 'anthropic' }).renderToolResult(callResult([pdfBlock(pdf.toString('base64'))]));
    expect(kinds(rendered.blocks)).toEqual([want]);
  });

  it('reads the declared type loosely (case, parameters), and only application/pdf', () => {
    const host = createHost({ provider: 'anthropic' });
    expect(kinds(host.renderToolResult(callResult([embeddedBlob({ mimeType: 'Application/PDF; version=1.7', blob: PDF })])).blocks)).toEqual([
      'media:document',
    ]);
    expect(kinds(host.renderToolResult(callResult([embeddedBlob({ mimeType: 'application/zip', blob: PDF })])).blocks)).toEqual(['marker:embedded-blob']);
    expect(kinds(host.renderToolResult(callResult([embeddedBlob({ mimeType: undefined, blob: PDF })])).blocks)).toEqual(['marker:embedded-blob']);
  });

  it('a PDF at depth (inside data) is never sent natively', () => {
    const rendered = createHost({ provider: 'anthropic' }).renderToolResult({ structuredContent: { attachment: pdfBlock() } });
    expect(rendered.live.kind).toBe('text');
    expect(rendered.stored).not.toContain(PDF.slice(0, 40));
  });
});

/** A classification context under `provider`, as a lane makes one. */
function context(provider: ProviderProfile): ClassifyContext {
  return {
    lane: 'tool-result',
    claims: NO_CLAIMS,
    registry: createRegistry(),
    addresses: createAddressBook(),
    now: () => 0,
    dialLimits: { maxBytes: 1024 },
    imageBytesLeft: 5 * 1024 * 1024,
    maxImageBytes: 5 * 1024 * 1024,
    imageLimits: provider.images,
    media: mediaLeftFor(provider),
    shownLeft: shownLeftFor(24_000),
  };
}

describe('audio under a profile that takes it', () => {
  // No provider takes audio in a tool result today; the rule is held for one that would.
  const wavBytes = base64DecodedLength(WAV_BASE64);
  const takesWav: ProviderProfile = { ...PROVIDER_PROFILES.gemini, label: 'Listener', audio: { types: ['audio/wav'], maxBytes: wavBytes * 2 } };

  it('goes native within its budget, as a placeholder in the stored copy; past it, a marker naming the limit', () => {
    const shown = toolResultBlocks([audioBlock(), audioBlock({ mimeType: 'Audio/WAV' }), audioBlock()], context(takesWav));
    expect(shown[0]).toEqual({
      kind: 'media',
      media: 'audio',
      text: audioPlaceholder('audio/wav', wavBytes),
      data: WAV_BASE64,
      mimeType: 'audio/wav',
      bytes: wavBytes,
    });
    expect(kinds(shown)).toEqual(['media:audio', 'media:audio', 'marker:audio-budget']);
    expect(shown[2]!.text).toBe(audioBudgetMarker('audio/wav', wavBytes, 'Listener', wavBytes * 2));
  });

  it('a type it does not take stays the audio marker; malformed data is its own marker', () => {
    const shown = toolResultBlocks([audioBlock({ mimeType: 'audio/mpeg' }), audioBlock({ data: 'not base64!' })], context(takesWav));
    expect(shown).toEqual([
      { kind: 'marker', reason: 'audio', text: audioMarker('audio/mpeg', wavBytes) },
      { kind: 'marker', reason: 'audio-undecodable', text: audioUndecodableMarker('audio/wav') },
    ]);
  });

  it.each(PROVIDER_NAMES)('%s > audio stays its marker (no provider takes it in a tool result)', (name) => {
    const rendered = createHost({ provider: name }).renderToolResult(callResult([audioBlock()]));
    expect(rendered.blocks).toEqual([{ kind: 'marker', reason: 'audio', text: audioMarker('audio/wav', wavBytes) }]);
  });
});

describe(isBase64.name, () => {
  it.each<[string, string, boolean]>([
    ['empty', '', false],
    ['whole groups', 'QUJD', true],
    ['one pad', 'QUI=', true],
    ['two pads', 'QQ==', true],
    ['three pads', 'Q===', false],
    ['pad inside', 'QQ==QUJD', false],
    ['partial group', 'QUJDR', false],
    ['url-safe alphabet', 'QU-_', false],
    ['every class', 'Az09+/==', true],
    ['a character past z', 'QUJ{', false],
    ['a character before A', 'QUJ@', false],
    ['a character past 9', 'QUJ:', false],
    ['a wide character', 'QUJ\u0141', false],
    ['whitespace', 'QU D', false],
  ])('%s > %s', (_name, given, want) => {
    expect(isBase64(given)).toBe(want);
  });
});
