/**
 * The two copies (issue 3, SPEC §5.3): the stored text (joined, cut at the cap with a notice,
 * stubs past the cut kept) and the live copy (native blocks only beside an image whose links
 * and markers fit the cap; else the stored text), both from one classification.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createHost, DEFAULT_CAP, type HostOptions } from '../../src/host.js';
import type { ResultOrigin } from '../../src/inputs.js';
import { buildLiveCopy, buildStoredCopy } from '../../src/lanes/copies.js';
import { createRegistry } from '../../src/references/registry.js';
import { audioMarker, imagePlaceholder, linkLine, omittedTextsNotice, truncationNotice, WITHHELD_TEXT } from '../../src/text/markers.js';
import { formatSize } from '../../src/text/size.js';
import type { ShownBlock } from '../../src/blocks/shown-block.js';
import {
  audioBlock,
  callResult,
  imageBlock,
  PLAIN_URI,
  PNG_BASE64,
  PNG_BYTES,
  referenceBlock,
  resourceLink,
  textBlock,
  unknownBlock,
  WAV_BASE64,
  itProp,
} from '../support/factories.js';

const PLACEHOLDER = imagePlaceholder('image/png', PNG_BYTES.length, 1, 1);
const AUDIO_MARKER = audioMarker('audio/wav', Buffer.from(WAV_BASE64, 'base64').length);
const NATIVE_IMAGE = { type: 'image', data: PNG_BASE64, mimeType: 'image/png' } as const;

function render(result: unknown, origin?: ResultOrigin, options: HostOptions = {}) {
  const logs: string[] = [];
  const host = createHost({ log: (line) => logs.push(line), ...options });
  return { ...host.renderToolResult(result, origin), logs };
}

/** The stub line a `referenceBlock()` shows on a host with no server, up to its ending. */
const BIG_CSV_STUB = new RegExp(`^\\[ref-[^\\]]+\\] big\\.csv — text/csv, ${formatSize(4096).replace('.', '\\.')} claimed — made by this host — `);

const texts = (...words: string[]) => callResult(words.map((text) => textBlock({ text })));

describe(buildStoredCopy.name, () => {
  it("joins the blocks' texts with newlines", () => {
    expect(render(texts('one', 'two', 'three')).stored).toBe('one\ntwo\nthree');
    expect(render(callResult([textBlock({ text: 'see' }), imageBlock(), audioBlock()])).stored).toBe(`see\n${PLACEHOLDER}\n${AUDIO_MARKER}`);
  });

  it('cuts at the cap and appends the notice after the cut: the cap bounds the content', () => {
    const { stored } = render(texts('a'.repeat(30), 'b'.repeat(30)), { cap: 40 });
    const joined = `${'a'.repeat(30)}\n${'b'.repeat(30)}`;
    expect(stored).toBe(`${joined.slice(0, 40)}${truncationNotice(61)}`);
    expect(truncationNotice(61)).toBe('\n\n[truncated — original was 61 chars]');
  });

  describe("the cap's exact boundary", () => {
    // 'abc' + '\n' + 'de': 6 characters joined.
    it.each([
      ['cap = length + 1 > whole', 7, 'abc\nde'],
      ['cap = length > whole', 6, 'abc\nde'],
      ['cap = length - 1 > cut', 5, `abc\nd${truncationNotice(6)}`],
      ['cap = 4 > cut just after the newline', 4, `abc\n${truncationNotice(6)}`],
      ['cap = 1 > one character', 1, `a${truncationNotice(6)}`],
    ])('%s', (_name, cap, want) => {
      const { stored, live } = render(texts('abc', 'de'), { cap });
      expect(stored).toBe(want);
      expect(live).toEqual({ kind: 'text', text: want });
    });

    it.each([
      ['per call > origin.cap', { cap: 5 }, {}],
      ['per host > createHost({ cap })', {}, { cap: 5 }],
      ['per call wins over per host', { cap: 5 }, { cap: 100 }],
    ])('%s', (_name, origin, options) => {
      expect(render(texts('abc', 'de'), origin, options).stored).toBe(`abc\nd${truncationNotice(6)}`);
    });

    it('the default cap is 24,000; `cap: undefined` means the default', () => {
      expect(DEFAULT_CAP).toBe(24_000);
      const exact = 'x'.repeat(24_000);
      expect(render(texts(exact), undefined, { cap: undefined }).stored).toBe(exact);
      expect(render(texts(`${exact}y`), undefined, { cap: undefined }).stored).toBe(`${exact}${truncationNotice(24_001)}`);
      expect(render(texts(`${exact}y`)).stored).toBe(`${exact}${truncationNotice(24_001)}`);
    });
  });

  itProp([fc.array(fc.string({ unit: 'binary-ascii', maxLength: 40 }), { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 120 })], { seed: 0x5eed_0003, numRuns: 1000 })(
    'is the first `cap` characters of the joined texts and the notice, or the whole when it fits',
    (words, cap) => {
      const joined = words.join('\n');
      const want = joined.length <= cap ? joined : `${joined.slice(0, cap)}${truncationNotice(joined.length)}`;
      expect(render(texts(...words), { cap }).stored).toBe(want);
    },
  );

  it('never splits a surrogate pair at the cut', () => {
    const { stored } = render(texts('ab😀cd'), { cap: 3 });
    expect(stored).toBe(`ab${truncationNotice(6)}`);
    expect(stored.isWellFormed()).toBe(true);
  });

  it('keeps every reference stub past the cut, after the notice', () => {
    const { stored, blocks } = render(callResult([textBlock({ text: 'x'.repeat(100) }), referenceBlock(), referenceBlock({ uri: 'https://files.example.com/other.csv', name: 'other.csv' })]), { cap: 50 });
    const joinedLength = blocks.map((block) => block.text).join('\n').length;
    expect(blocks.map((block) => block.kind)).toEqual(['text', 'stub', 'stub']);
    expect(stored).toBe(`${'x'.repeat(50)}${truncationNotice(joinedLength)}\n${blocks[1]!.text}\n${blocks[2]!.text}`);
  });

  it('keeps a stub the cut splits, whole, after the notice', () => {
    const { stored, blocks } = render(callResult([textBlock({ text: 'x'.repeat(20) }), referenceBlock()]), { cap: 31 });
    const stub = blocks[1]!.text;
    expect(stub).toMatch(BIG_CSV_STUB);
    expect(stored).toBe(`${'x'.repeat(20)}\n${stub.slice(0, 10)}${truncationNotice(21 + stub.length)}\n${stub}`);
  });

  it('does not repeat a stub the cut kept whole', () => {
    const { stored, blocks } = render(callResult([referenceBlock(), textBlock({ text: 'y'.repeat(200) })]), { cap: 150 });
    const stub = blocks[0]!.text;
    expect(stored.split(stub)).toHaveLength(2);
  });

  it('keeps link lines past the cut (each registers a reference) but not markers', () => {
    const { stored } = render(callResult([textBlock({ text: 'x'.repeat(100) }), resourceLink(), audioBlock(), unknownBlock()]), { cap: 50 });
    const line = linkLine('report.pdf', PLAIN_URI, 'application/pdf');
    const joined = ['x'.repeat(100), line, AUDIO_MARKER, '[Content not shown: this host can\'t display "hologram" content.]'].join('\n');
    expect(stored).toBe(`${'x'.repeat(50)}${truncationNotice(joined.length)}\n${line}`);
  });

  it('keeps stubs found in data (at depth) that the cut dropped', () => {
    // Under a base64 run's length (200), so the padding is shown as it is.
    const data = { padding: 'p'.repeat(199), attachment: referenceBlock() };
    const { stored } = render({ data }, { cap: 50 });
    expect(stored.startsWith(`{"padding":"${'p'.repeat(38)}`)).toBe(true);
    const lines = stored.split('\n');
    expect(lines.at(-1)).toMatch(BIG_CSV_STUB);
    expect(stored).toContain(truncationNotice(JSON.stringify({ padding: 'p'.repeat(199), attachment: lines.at(-1) }).length));
  });

  it('(unit) builds from ShownBlocks: texts joined, cut, stubs kept', () => {
    const shown: ShownBlock[] = [
      { kind: 'text', text: 'hello world' },
      { kind: 'link', text: '[link]', refId: 'r1', uri: 'u', why: 'no-address' },
      { kind: 'stub', text: '[stub]', refId: 'r2', fetchable: false },
    ];
    expect(buildStoredCopy(shown, 100)).toBe('hello world\n[link]\n[stub]');
    expect(buildStoredCopy(shown, 5)).toBe(`hello${truncationNotice(25)}\n[link]\n[stub]`);
  });
});

describe(buildLiveCopy.name, () => {
  it('is the stored text when the result holds no image', () => {
    const { stored, live } = render(callResult([textBlock(), resourceLink(), audioBlock()]));
    expect(live).toEqual({ kind: 'text', text: stored });
  });

  it('is native blocks beside an image: texts, markers and links as text blocks, the image native', () => {
    const { live } = render(callResult([textBlock({ text: 'look' }), resourceLink(), audioBlock(), imageBlock()]));
    expect(live).toEqual({
      kind: 'native',
      blocks: [
        { type: 'text', text: 'look' },
        { type: 'text', text: linkLine('report.pdf', PLAIN_URI, 'application/pdf') },
        { type: 'text', text: AUDIO_MARKER },
        NATIVE_IMAGE,
      ],
    });
  });

  it('cuts the texts at the cap one by one beside a native image: they share one budget, and texts past it are left out', () => {
    const { live, stored } = render(callResult([textBlock({ text: 'a'.repeat(8) }), textBlock({ text: 'b'.repeat(10) }), textBlock({ text: 'c'.repeat(31) }), imageBlock()]), { cap: 20 });
    expect(live).toEqual({
      kind: 'native',
      blocks: [
        { type: 'text', text: 'a'.repeat(8) },
        { type: 'text', text: 'b'.repeat(10) },
        { type: 'text', text: `${'c'.repeat(2)}${truncationNotice(31)}` },
        NATIVE_IMAGE,
      ],
    });
    expect(stored).toBe(`${'a'.repeat(8)}\n${'b'.repeat(10)}\n${truncationNotice(8 + 1 + 10 + 1 + 31 + 1 + PLACEHOLDER.length)}`);
    const past = render(callResult([textBlock({ text: 'a'.repeat(30) }), textBlock({ text: 'b'.repeat(10) }), imageBlock()]), { cap: 20 }).live;
    expect(past).toEqual({
      kind: 'native',
      blocks: [{ type: 'text', text: `${'a'.repeat(20)}${truncationNotice(30)}` }, NATIVE_IMAGE, { type: 'text', text: omittedTextsNotice(1) }],
    });
  });

  it('cuts a text block at what the cap leaves beside its marker, which goes whole', () => {
    const cap = AUDIO_MARKER.length + 40;
    const { live } = render(callResult([textBlock({ text: 'z'.repeat(cap + 50) }), audioBlock(), imageBlock()]), { cap });
    expect(live).toEqual({
      kind: 'native',
      blocks: [{ type: 'text', text: `${'z'.repeat(40)}${truncationNotice(cap + 50)}` }, { type: 'text', text: AUDIO_MARKER }, NATIVE_IMAGE],
    });
  });

  describe('links and markers must fit the cap together', () => {
    const link = (n: number) => resourceLink({ name: `doc-${n}`, uri: `https://files.example.com/doc-${n}.pdf` });
    const linkText = (n: number) => linkLine(`doc-${n}`, `https://files.example.com/doc-${n}.pdf`, 'application/pdf');

    it('an image beside plain link lines that pass the cap together: the live copy is the stored text', () => {
      const cap = linkText(1).length + linkText(2).length - 1;
      const { live, stored } = render(callResult([link(1), link(2), imageBlock()]), { cap });
      expect(live).toEqual({ kind: 'text', text: stored });
      expect(stored).not.toContain(PNG_BASE64.slice(0, 16));
    });

    it('an image beside audio markers that pass the cap together: the live copy is the stored text', () => {
      const cap = AUDIO_MARKER.length * 2 - 1;
      const { live, stored } = render(callResult([audioBlock(), audioBlock(), imageBlock()]), { cap });
      expect(live).toEqual({ kind: 'text', text: stored });
    });

    it.each([
      ['links + marker = cap > native', 0, 'native'],
      ['links + marker = cap + 1 > text', -1, 'text'],
      ['links + marker = cap - 1 > native', 1, 'native'],
    ] as const)("the cap's exact boundary > %s", (_name, slack, kind) => {
      const cap = linkText(1).length + linkText(2).length + AUDIO_MARKER.length + slack;
      const { live } = render(callResult([link(1), audioBlock(), link(2), imageBlock()]), { cap });
      expect(live.kind).toBe(kind);
    });
  });

  it('stubs and withheld lines go whole beside an image and are not counted against the cap', () => {
    const refs = [1, 2, 3].map((n) => referenceBlock({ uri: `https://files.example.com/r${n}.csv`, name: `r${n}.csv` }));
    const withheld = imageBlock({ uri: PLAIN_URI });
    const { live, blocks } = render(callResult([...refs, withheld, imageBlock()]), { cap: 20 });
    expect(live.kind).toBe('native');
    if (live.kind !== 'native') return;
    expect(live.blocks.slice(0, 3)).toEqual(blocks.slice(0, 3).map((block) => ({ type: 'text', text: block.text })));
    expect(blocks[0]!.text.length).toBeGreaterThan(20);
    expect(live.blocks[3]).toEqual({ type: 'text', text: WITHHELD_TEXT });
    expect(live.blocks[4]).toEqual(NATIVE_IMAGE);
  });

  it('goes 1:1 with the classification: each live block is its ShownBlock', () => {
    const { live, blocks } = render(callResult([resourceLink(), referenceBlock(), audioBlock(), imageBlock(), textBlock()]));
    expect(live.kind).toBe('native');
    if (live.kind !== 'native') return;
    expect(live.blocks).toEqual(blocks.map((block) => (block.kind === 'image' ? { type: 'image', data: block.data, mimeType: block.mimeType } : { type: 'text', text: block.text })));
  });

  it('is built from the stored pass, never classified again: one registration and one clock reading per link', () => {
    const registry = createRegistry();
    const register = vi.spyOn(registry, 'register');
    const now = vi.fn(() => Date.parse('2026-01-01T00:00:00Z'));
    const { live, blocks } = render(callResult([resourceLink(), imageBlock()]), undefined, { registry, now });
    expect(live.kind).toBe('native');
    expect(blocks[0]?.kind).toBe('link');
    expect(register).toHaveBeenCalledTimes(1);
    expect(now).toHaveBeenCalledTimes(1);
  });

  it("a clock that moves between readings can't make the copies disagree about an expiry", () => {
    let t = Date.parse('2026-01-01T00:00:00Z');
    const now = () => (t += 60_000);
    const host = createHost({ now, log: () => {} });
    host.setServerAddress('files', 'https://files.example.com');
    const reference = referenceBlock({ expiresAt: '2026-01-01T00:01:30Z' });
    const { live, stored, blocks } = host.renderToolResult(callResult([reference, imageBlock()]), { serverId: 'files' });
    expect(live.kind).toBe('native');
    if (live.kind !== 'native') return;
    expect(stored.startsWith(blocks[0]!.text)).toBe(true);
    expect(live.blocks[0]).toEqual({ type: 'text', text: blocks[0]!.text });
  });
});
