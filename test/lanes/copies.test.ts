/**
 * The two copies (issue 3, docs/design.md §5.3): the stored text (joined, cut at the cap with a notice,
 * stubs past the cut kept) and the live copy (native blocks only beside an image whose links
 * and markers fit the cap; else the stored text), both from one classification.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createHost, DEFAULT_CAP, type HostOptions } from '../../src/host.js';
import type { ResultOrigin } from '../../src/inputs.js';
import { buildLiveCopy, buildStoredCopy } from '../../src/lanes/copies.js';
import { createRegistry } from '../../src/references/registry.js';
import { audioMarker, blockCutNotice, imagePlaceholder, linkLine, omittedTextsNotice, WITHHELD_TEXT } from '../../src/text/markers.js';
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
  oneTextAtCap,
} from '../support/factories.js';
import { LEFT_OUT_NAMED_MAX } from '../../src/lanes/copies.js';

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

  it('past the cap, gives long texts equal shares and names each cut after its piece: the cap bounds pieces and notices', () => {
    const { stored } = render(texts('a'.repeat(1_000), 'b'.repeat(1_000)), { cap: 1_000 });
    // 1,001 with the last newline: 500 and 501, each a piece, a blank line and its notice.
    const first = 500 - 3 - blockCutNotice(1, 2, 1_000, 500).length;
    const second = 501 - 3 - blockCutNotice(2, 2, 1_000, 501).length;
    expect(stored).toBe(`${'a'.repeat(first)}\n\n${blockCutNotice(1, 2, 1_000, first)}\n${'b'.repeat(second)}\n\n${blockCutNotice(2, 2, 1_000, second)}`);
    expect(stored).toHaveLength(1_000);
  });

  describe("the cap's exact boundary", () => {
    // 'abc' + '\n' + 'de': 6 characters joined.
    it.each([
      ['cap = length + 1 > whole', 7, 'abc\nde'],
      ['cap = length > whole', 6, 'abc\nde'],
      // Past the cap the shorter text goes first; what is left holds no notice, so the other is left out, named.
      ['cap = length - 1 > the shorter whole, the other named', 5, `de\n${blockCutNotice(1, 2, 3, 0)}`],
      ['cap = 4 > the shorter whole, the other named', 4, `de\n${blockCutNotice(1, 2, 3, 0)}`],
      ['cap = 1 > both named', 1, `${blockCutNotice(1, 2, 3, 0)}\n${blockCutNotice(2, 2, 2, 0)}`],
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
      expect(render(texts('abc', 'de'), origin, options).stored).toBe(`de\n${blockCutNotice(1, 2, 3, 0)}`);
    });

    it('the default cap is 24,000; `cap: undefined` means the default', () => {
      expect(DEFAULT_CAP).toBe(24_000);
      const exact = 'x'.repeat(24_000);
      expect(render(texts(exact), undefined, { cap: undefined }).stored).toBe(exact);
      expect(render(texts(`${exact}y`), undefined, { cap: undefined }).stored).toBe(oneTextAtCap(`${exact}y`, 24_000));
      expect(render(texts(`${exact}y`)).stored).toBe(oneTextAtCap(`${exact}y`, 24_000));
      expect(oneTextAtCap(`${exact}y`, 24_000)).toHaveLength(24_000);
    });
  });

  itProp([fc.array(fc.string({ unit: 'binary-ascii', maxLength: 80 }), { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 240 })], {
    seed: 0x5eed_0003,
    numRuns: 1000,
  })(
    'is the joined texts when they fit; past the cap, each text whole, its start and a notice naming it, or named as left out, within the cap but for the closing notices',
    (words, cap) => {
      const joined = words.join('\n');
      const { stored } = render(texts(...words), { cap });
      if (joined.length <= cap) {
        expect(stored).toBe(joined);
        return;
      }
      const count = words.length;
      let closing = 0;
      let missing = 0;
      let named = 0;
      words.forEach((word, index) => {
        const cut = new RegExp(`\\n\\n\\[block ${index + 1} of ${count} cut: ${word.length} chars, (\\d+) shown\\]`).exec(stored);
        const leftOut = blockCutNotice(index + 1, count, word.length, 0);
        if (cut !== null) expect(stored).toContain(`${word.slice(0, Number(cut[1]))}${cut[0]}`);
        else if (stored.includes(leftOut)) {
          closing += leftOut.length + 1;
          named += 1;
        } else if (!stored.includes(word)) missing += 1;
      });
      // Past the ones named, the texts left out are counted in one closing notice.
      const counted = /\n?\[(\d+) more text blocks? left out: [\d,]+ chars\]$/.exec(stored);
      expect(missing).toBeLessThanOrEqual(counted === null ? 0 : Number(counted[1]));
      if (counted !== null) expect(named).toBe(LEFT_OUT_NAMED_MAX);
      expect(stored.length).toBeLessThanOrEqual(cap + closing + (counted?.[0].length ?? 0));
    },
  );

  it('never splits a surrogate pair at the cut', () => {
    const text = `${'a'.repeat(99)}😀${'b'.repeat(99)}`;
    const pieces = new Set<string>();
    for (let cap = 100; cap <= 200; cap += 1) {
      const stored = render(texts(text), { cap }).stored;
      expect(stored.isWellFormed()).toBe(true);
      pieces.add(stored.slice(0, stored.indexOf('\n')));
    }
    // Where the cut falls between the pair, the pair is dropped whole.
    expect(pieces).toContain('a'.repeat(99));
    expect(pieces).toContain(`${'a'.repeat(99)}😀`);
  });

  it('keeps every reference stub whole, in place, past a long text: they count against the cap first', () => {
    const { stored, blocks } = render(
      callResult([textBlock({ text: 'x'.repeat(100) }), referenceBlock(), referenceBlock({ uri: 'https://files.example.com/other.csv', name: 'other.csv' })]),
      { cap: 50 },
    );
    expect(blocks.map((block) => block.kind)).toEqual(['text', 'stub', 'stub']);
    // The stubs pass the cap: the text keeps half of it (26), too little for its notice and a piece.
    expect(stored).toBe(`${blocks[1]!.text}\n${blocks[2]!.text}\n${blockCutNotice(1, 3, 100, 0)}`);
  });

  it('never splits a stub: it goes whole, and the text before it takes what is left', () => {
    const { stored, blocks } = render(callResult([textBlock({ text: 'x'.repeat(300) }), referenceBlock()]), { cap: 400 });
    const stub = blocks[1]!.text;
    expect(stub).toMatch(BIG_CSV_STUB);
    const share = 401 - (stub.length + 1);
    expect(share).toBeGreaterThan(201);
    const shown = share - 3 - blockCutNotice(1, 2, 300, share).length;
    expect(stored).toBe(`${'x'.repeat(shown)}\n\n${blockCutNotice(1, 2, 300, shown)}\n${stub}`);
    expect(stored).toHaveLength(400);
  });

  it('does not repeat a stub the cut kept whole', () => {
    const { stored, blocks } = render(callResult([referenceBlock(), textBlock({ text: 'y'.repeat(200) })]), { cap: 150 });
    const stub = blocks[0]!.text;
    expect(stored.split(stub)).toHaveLength(2);
  });

  it('keeps link lines and markers whole, in place, past a long text', () => {
    const { stored } = render(callResult([textBlock({ text: 'x'.repeat(100) }), resourceLink(), audioBlock(), unknownBlock()]), { cap: 50 });
    const line = linkLine('report.pdf', PLAIN_URI, 'application/pdf');
    const unknown = '[Content not shown: this host can\'t display "hologram" content.]';
    expect(stored).toBe(`${line}\n${AUDIO_MARKER}\n${unknown}\n${blockCutNotice(1, 4, 100, 0)}`);
  });

  it('keeps stubs found in data (at depth) that the cut dropped, whole after its notice', () => {
    // Under a base64 run's length (200), so the padding is shown as it is.
    const data = { padding: 'p'.repeat(199), attachment: referenceBlock() };
    const { stored } = render({ data }, { cap: 80 });
    const lines = stored.split('\n');
    expect(lines.at(-1)).toMatch(BIG_CSV_STUB);
    const length = JSON.stringify({ padding: 'p'.repeat(199), attachment: lines.at(-1) }).length;
    const shown = 81 - 3 - blockCutNotice(1, 1, length, 81).length;
    expect(stored).toBe(`{"padding":"${'p'.repeat(shown - 12)}\n\n${blockCutNotice(1, 1, length, shown)}\n${lines.at(-1)}`);
  });

  it('(unit) builds from ShownBlocks: texts joined, cut, stubs kept', () => {
    const shown: ShownBlock[] = [
      { kind: 'text', text: 'hello world' },
      { kind: 'link', text: '[link]', refId: 'r1', uri: 'u', why: 'no-address' },
      { kind: 'stub', text: '[stub]', refId: 'r2', fetchable: false },
    ];
    expect(buildStoredCopy(shown, 100)).toBe('hello world\n[link]\n[stub]');
    // The link and stub count first (14): the text keeps half the cap, too little to name its cut there.
    expect(buildStoredCopy(shown, 5)).toBe(`[link]\n[stub]\n${blockCutNotice(1, 3, 11, 0)}`);
    // At 60 the text's share (61 less the link's and stub's 14) holds a piece and its notice.
    const text = 'hello world'.repeat(5);
    const shown47 = 47 - 3 - blockCutNotice(1, 3, 55, 47).length;
    expect(shown47).toBeGreaterThan(0);
    expect(buildStoredCopy([{ kind: 'text', text }, ...shown.slice(1)], 60)).toBe(
      `${text.slice(0, shown47)}\n\n${blockCutNotice(1, 3, 55, shown47)}\n[link]\n[stub]`,
    );
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

  it('shares the cap among the texts beside a native image as the stored copy does: short ones whole, the long one cut and named', () => {
    const { live, stored } = render(
      callResult([textBlock({ text: 'a'.repeat(8) }), textBlock({ text: 'b'.repeat(10) }), textBlock({ text: 'c'.repeat(600) }), imageBlock()]),
      { cap: 300 },
    );
    // The placeholder counts first; the short texts go whole; the long one takes the rest.
    const share = 301 - (PLACEHOLDER.length + 1) - 9 - 11;
    const shown = share - 3 - blockCutNotice(3, 4, 600, share).length;
    const cut = `${'c'.repeat(shown)}\n\n${blockCutNotice(3, 4, 600, shown)}`;
    expect(live).toEqual({
      kind: 'native',
      blocks: [{ type: 'text', text: 'a'.repeat(8) }, { type: 'text', text: 'b'.repeat(10) }, { type: 'text', text: cut }, NATIVE_IMAGE],
    });
    expect(stored).toBe(`${'a'.repeat(8)}\n${'b'.repeat(10)}\n${cut}\n${PLACEHOLDER}`);
    expect(stored).toHaveLength(300);
  });

  it('names the texts it leaves out beside a native image in closing blocks, as the stored copy does', () => {
    const content = [...Array.from({ length: 8 }, () => textBlock({ text: 'w'.repeat(500) })), imageBlock()];
    const { live, stored } = render(callResult(content), { cap: 600 });
    expect(live.kind).toBe('native');
    if (live.kind !== 'native') return;
    const closing = live.blocks.slice(-LEFT_OUT_NAMED_MAX - 1);
    const leftOut = 8 - live.blocks.filter((block) => block.type === 'text' && block.text.startsWith('w')).length;
    expect(leftOut).toBeGreaterThan(LEFT_OUT_NAMED_MAX);
    const first = 8 - leftOut + 1;
    expect(closing).toEqual([
      ...Array.from({ length: LEFT_OUT_NAMED_MAX }, (_, index) => ({ type: 'text', text: blockCutNotice(first + index, 9, 500, 0) })),
      { type: 'text', text: omittedTextsNotice(leftOut - LEFT_OUT_NAMED_MAX, 500 * (leftOut - LEFT_OUT_NAMED_MAX)) },
    ]);
    expect(stored.endsWith(closing.map((block) => (block.type === 'text' ? block.text : '')).join('\n'))).toBe(true);
  });

  it('cuts a text block at what the cap leaves beside its marker, which goes whole', () => {
    const cap = AUDIO_MARKER.length + PLACEHOLDER.length + 200;
    const { live } = render(callResult([textBlock({ text: 'z'.repeat(cap + 50) }), audioBlock(), imageBlock()]), { cap });
    const shown = 199 - 3 - blockCutNotice(1, 3, cap + 50, 199).length;
    expect(live).toEqual({
      kind: 'native',
      blocks: [{ type: 'text', text: `${'z'.repeat(shown)}\n\n${blockCutNotice(1, 3, cap + 50, shown)}` }, { type: 'text', text: AUDIO_MARKER }, NATIVE_IMAGE],
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
    expect(live.blocks).toEqual(
      blocks.map((block) => (block.kind === 'image' ? { type: 'image', data: block.data, mimeType: block.mimeType } : { type: 'text', text: block.text })),
    );
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
