/**
 * One budget, fairly shared (issue 14): the texts share the cap by water-filling, short ones
 * first and whole; every block other than text goes whole; a block cut or left out is named by
 * its position and length; the stored copy names every image the live copy sends.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHost, type HostOptions } from '../../src/host.js';
import type { ResultOrigin } from '../../src/inputs.js';
import { buildStoredCopy, LEFT_OUT_NAMED_MAX, liveBlocks, shareTexts } from '../../src/lanes/copies.js';
import { fairShares, SHORT_BLOCK_CHARS } from '../../src/lanes/fair-share.js';
import type { ShownBlock } from '../../src/blocks/shown-block.js';
import { createRegistry } from '../../src/references/registry.js';
import { audioMarker, blockCutNotice, blocksNotShownNotice, embeddedHeader, imagePlaceholder, linkLine, omittedTextsNotice } from '../../src/text/markers.js';
import {
  audioBlock,
  callResult,
  embeddedText,
  imageBlock,
  PLAIN_URI,
  PNG_BASE64,
  PNG_BYTES,
  resourceLink,
  textBlock,
  WAV_BASE64,
} from '../support/factories.js';

const PLACEHOLDER = imagePlaceholder('image/png', PNG_BYTES.length, 1, 1);
const AUDIO_MARKER = audioMarker('audio/wav', Buffer.from(WAV_BASE64, 'base64').length);
const LINK_LINE = linkLine('report.pdf', PLAIN_URI, 'application/pdf');
const NATIVE_IMAGE = { type: 'image', data: PNG_BASE64, mimeType: 'image/png' } as const;

afterEach(() => {
  vi.restoreAllMocks();
});

function render(result: unknown, origin?: ResultOrigin, options: HostOptions = {}) {
  return createHost({ log: () => {}, ...options }).renderToolResult(result, origin);
}

describe(fairShares.name, () => {
  it.each([
    ['all fit > each its need', { needs: [3, 5, 2], budget: 10, floor: 1, want: [3, 5, 2] }],
    ['one long before a short > the short whole, the long the rest', { needs: [100, 5], budget: 30, floor: 1, want: [25, 5] }],
    ['two long > an equal share each', { needs: [100, 80], budget: 30, floor: 1, want: [15, 15] }],
    ['a middle one under the fair share > whole, the longest the rest', { needs: [100, 8, 50], budget: 40, floor: 1, want: [16, 8, 16] }],
    [
      'more long ones than the budget holds at the floor > shortest first, the last what is left',
      { needs: [90, 70, 80], budget: 25, floor: 10, want: [5, 10, 10] },
    ],
    ['the floor spent > the last nothing', { needs: [90, 70, 80], budget: 20, floor: 10, want: [0, 10, 10] }],
    ['ties > in order', { needs: [50, 50, 50], budget: 25, floor: 10, want: [10, 10, 5] }],
    [
      'the floor keeps short ones whole whatever the count of long ones',
      { needs: [1000, 1000, 1000, 1000, 6, 1000], budget: 20, floor: 7, want: [7, 7, 0, 0, 6, 0] },
    ],
    ['no budget > nothing', { needs: [4, 1], budget: 0, floor: 3, want: [0, 0] }],
    ['a negative budget > nothing', { needs: [4], budget: -5, floor: 3, want: [0] }],
    ['no needs > none', { needs: [], budget: 10, floor: 3, want: [] }],
  ])('%s', (_name, { needs, budget, floor, want }) => {
    expect(fairShares(needs, budget, floor)).toEqual(want);
  });

  it('never shares more than the budget, nor gives one more than it needs', () => {
    const needs = [7, 300, 2, 45, 45, 1000, 0, 201];
    for (const budget of [0, 1, 10, 100, 250, 500, 1000, 5000]) {
      const shares = fairShares(needs, budget, 50);
      expect(shares.reduce((sum, share) => sum + share, 0)).toBeLessThanOrEqual(budget);
      shares.forEach((share, index) => expect(share).toBeLessThanOrEqual(needs[index]!));
    }
  });
});

describe('one budget, fairly shared: the stored copy', () => {
  it('keeps a short summary and the link after a long early text (it vanished behind the first)', () => {
    const long = 'L'.repeat(30_000);
    const summary = 'Summary: 3 files changed, 2 tests added.';
    const { stored } = render(callResult([textBlock({ text: long }), textBlock({ text: summary }), resourceLink()]));
    expect(stored).toContain(`\n${summary}\n`);
    expect(stored).toContain(LINK_LINE);
    const shown = 24_000 + 1 - (summary.length + 1) - (LINK_LINE.length + 1) - 1 - 2 - blockCutNotice(1, 3, 30_000, 30_000).length;
    expect(stored).toBe(`${'L'.repeat(shown)}\n\n${blockCutNotice(1, 3, 30_000, shown)}\n${summary}\n${LINK_LINE}`);
    expect(stored.length).toBeLessThanOrEqual(24_000);
  });

  it('a 218 KB embedded HTML resource is cut to its share and named; the text and link after it are kept', () => {
    const html = `<!doctype html><script>${'var a=1;'.repeat(27_250)}</script>`;
    // A page, not an MCP App's view (which is one marker): its text is content.
    const header = embeddedHeader('https://docs.example.com/budget.html', 'text/html');
    const result = callResult([
      embeddedText({ uri: 'https://docs.example.com/budget.html', mimeType: 'text/html', text: html }),
      textBlock({ text: 'Allocated 3 of 5 budgets.' }),
      resourceLink(),
    ]);
    const { stored, blocks } = render(result);
    const length = blocks[0]!.text.length;
    expect(length).toBeGreaterThan(218_000);
    expect(blocks[0]!.text.startsWith(header)).toBe(true);
    expect(stored).toMatch(new RegExp(`\\n\\n\\[block 1 of 3 cut: ${length.toLocaleString('en-US')} chars, [0-9,]+ shown\\]\\nAllocated 3 of 5 budgets\\.\\n`));
    expect(stored.endsWith(LINK_LINE)).toBe(true);
  });

  it('names every image the live copy sends, and keeps every marker, past a long text', () => {
    const { stored, live } = render(callResult([textBlock({ text: 'x'.repeat(30_000) }), imageBlock(), audioBlock(), imageBlock()]));
    expect(live.kind).toBe('native');
    if (live.kind !== 'native') return;
    const sent = live.blocks.filter((block) => block.type === 'image');
    expect(sent).toHaveLength(2);
    expect(stored.split(PLACEHOLDER)).toHaveLength(3);
    expect(stored).toContain(`\n${AUDIO_MARKER}\n`);
  });

  it('names each block it cuts by position and whole length, in place', () => {
    const { stored } = render(callResult([textBlock({ text: 'a'.repeat(2_000) }), textBlock({ text: 'short one' }), textBlock({ text: 'b'.repeat(5_000) })]), {
      cap: 1_000,
    });
    // Budget 1,001, less the short one (10): the first long one takes half (495), the last the rest.
    const first = 495 - 3 - blockCutNotice(1, 3, 2_000, 495).length;
    const third = 496 - 3 - blockCutNotice(3, 3, 5_000, 496).length;
    expect(stored).toBe(
      `${'a'.repeat(first)}\n\n${blockCutNotice(1, 3, 2_000, first)}\nshort one\n${'b'.repeat(third)}\n\n${blockCutNotice(3, 3, 5_000, third)}`,
    );
    expect(blockCutNotice(2, 5, 218_004, 12_000)).toBe('[block 2 of 5 cut: 218,004 chars, 12,000 shown]');
    expect(blockCutNotice(3, 5, 999, 0)).toBe('[block 3 of 5 left out: 999 chars]');
  });

  it('names the blocks it leaves out, the first four one by one and the rest counted', () => {
    // 30 texts of 1,000 at cap 2,000: the fair share (66) is under the floor, so the first
    // take the floor's 201 each in order, each a piece and its notice, and the rest are left out.
    const content = Array.from({ length: 30 }, (_, index) => textBlock({ text: String.fromCharCode(65 + (index % 26)).repeat(1_000) }));
    const { stored } = render(callResult(content), { cap: 2_000 });
    const lines = stored.split('\n');
    const cut = lines.filter((line) => /^\[block \d+ of 30 cut: 1,000 chars, \d+ shown\]$/.test(line));
    expect(cut.length).toBeGreaterThan(0);
    const leftOut = 30 - cut.length;
    const named = Array.from({ length: LEFT_OUT_NAMED_MAX }, (_, index) => blockCutNotice(cut.length + index + 1, 30, 1_000, 0));
    expect(lines.slice(-LEFT_OUT_NAMED_MAX - 1)).toEqual([...named, omittedTextsNotice(leftOut - LEFT_OUT_NAMED_MAX, 1_000 * (leftOut - LEFT_OUT_NAMED_MAX))]);
    expect(omittedTextsNotice(1, 1_000)).toBe('[1 more text block left out: 1,000 chars]');
    expect(stored.length).toBeLessThanOrEqual(2_000 + 400);
  });

  it('every link line and stub survives a long text at a small cap, and the text keeps half the cap', () => {
    const links = Array.from({ length: 6 }, (_, n) => resourceLink({ name: `doc-${n}`, uri: `https://files.example.com/doc-${n}.pdf` }));
    const { stored, blocks } = render(callResult([textBlock({ text: 'z'.repeat(5_000) }), ...links, textBlock({ text: 'the end' })]), { cap: 300 });
    for (const block of blocks.slice(1)) expect(stored).toContain(block.text);
    const piece = stored.slice(0, stored.indexOf('\n'));
    // The links pass the cap: the texts keep half of it (151 with the last newline), the short one first.
    expect(piece).toBe('z'.repeat(143 - 3 - blockCutNotice(1, 8, 5_000, 143).length));
  });

  it('a data result that carries only its start is cut within that start, its notice naming the whole length', () => {
    const data = { rows: Array.from({ length: 20_000 }, (_, id) => ({ id, name: `row ${id}` })) };
    const whole = JSON.stringify(data);
    const { stored, blocks } = render({ data, isError: true, error: 'Partial: 20,000 rows.' }, { cap: 2_000 });
    expect(blocks[1]).toMatchObject({ kind: 'text', length: whole.length });
    expect(stored.startsWith('Partial: 20,000 rows.\n{"rows":[{"id":0,')).toBe(true);
    expect(stored).toMatch(new RegExp(`\\[block 2 of 2 cut: ${whole.length.toLocaleString('en-US')} chars, [0-9,]+ shown\\]$`));
  });

  it('costs the cap, not the length: no piece of a 5 MB text longer than the cap is copied', () => {
    const slices: number[] = [];
    const original = String.prototype.slice;
    vi.spyOn(String.prototype, 'slice').mockImplementation(function (this: string, start?: number, end?: number) {
      const piece = original.call(this, start, end);
      if (this.length >= 5_000_000) slices.push(piece.length);
      return piece;
    });
    const shown: ShownBlock[] = [
      { kind: 'text', text: 'q'.repeat(5_000_000) },
      { kind: 'text', text: 'tail' },
    ];
    const stored = buildStoredCopy(shown, 1_000);
    expect(stored.endsWith('\ntail')).toBe(true);
    expect(slices.length).toBeGreaterThan(0);
    expect(Math.max(...slices)).toBeLessThanOrEqual(1_000);
    const live = liveBlocks(shown, 1_000);
    expect(live.at(-1)).toEqual({ type: 'text', text: 'tail' });
    expect(Math.max(...slices)).toBeLessThanOrEqual(1_000);
  });

  it('(unit) shares the texts: whole, cut with its stubs kept, or left out', () => {
    const stub = '[ref-abc] big.csv — fetch with fetch_reference';
    const shown: ShownBlock[] = [
      { kind: 'text', text: `{"a":"${'p'.repeat(300)}","b":"${stub}"}`, stubs: [stub] },
      { kind: 'link', text: '[link]', refId: 'r1', uri: 'u', why: 'no-address' },
      { kind: 'text', text: 'ok' },
    ];
    const { texts, closing } = shareTexts(shown, 200);
    expect(texts[1]).toBeUndefined();
    // A text that fits its share is shown whole: no lines of its own are made for it.
    expect(texts[2]).toBeUndefined();
    expect(texts[0]).toHaveLength(2);
    expect(texts[0]![1]).toBe(stub);
    expect(closing).toEqual([]);
  });
});

describe('one budget, fairly shared: past what one result may show', () => {
  /** The review's case: a heading, 115 link lines of about 218 characters, then a summary. */
  const links = Array.from({ length: 115 }, (_, index) =>
    resourceLink({
      name: `quarterly-report-${index}-final-revised.pdf`,
      uri: `https://drive.example.com/teams/finance/shared/2026/reports/quarterly/${index}/quarterly-report-${index}-final-revised-with-appendix-and-notes.pdf`,
    }),
  );
  const heading = 'Search results:';
  const summary = 'Found 115 files; 3 are drafts.';
  const content = [textBlock({ text: heading }), ...links, textBlock({ text: summary }), { type: 'hologram' }, textBlock({ text: 'end.' })];

  it('keeps every text after the spent point in both copies, and counts only the other blocks, after the last kept block', () => {
    const { stored, live, blocks } = render(callResult(content), { serverId: 's' });
    const shownLinks = blocks.filter((block) => block.kind === 'link').length;
    expect(shownLinks).toBeGreaterThan(0);
    expect(shownLinks).toBeLessThan(links.length);
    const notice = blocksNotShownNotice(links.length - shownLinks + 1);
    expect(blocks.slice(-3)).toEqual([
      { kind: 'text', text: summary },
      { kind: 'text', text: 'end.' },
      { kind: 'marker', text: notice, reason: 'blocks-not-shown' },
    ]);
    expect(stored.endsWith(`\n${summary}\nend.\n${notice}`)).toBe(true);
    expect(live.kind === 'text' && live.text).toBe(stored);
  });

  it('the script lane alike: the texts after the spent point given, the rest counted after them', () => {
    const view = createHost({ log: () => {} }).scriptView(callResult(content), { serverId: 's' });
    if (!view.ok) throw new Error('no view');
    const items = view.content!;
    const objects = items.filter((item) => typeof item === 'object').length;
    expect(objects).toBeLessThan(links.length);
    expect(items.slice(-3)).toEqual([summary, 'end.', blocksNotShownNotice(links.length - objects + 1)]);
    expect(items[0]).toBe(heading);
  });

  it('registers nothing past the spent point, however many texts follow it', () => {
    const registry = createRegistry({ capacity: 10_000 });
    const host = createHost({ log: () => {}, registry });
    const { blocks } = host.renderToolResult(callResult([...links, ...links, textBlock({ text: summary })]), { serverId: 's' });
    expect(registry.size).toBe(blocks.filter((block) => block.kind === 'link').length);
    expect(blocks.at(-2)).toEqual({ kind: 'text', text: summary });
  });
});

describe('one budget, fairly shared: the live copy', () => {
  it('beside a native image, a short text after a long one goes whole (it was left out)', () => {
    const { live, stored } = render(callResult([textBlock({ text: 'a'.repeat(500) }), textBlock({ text: 'b'.repeat(10) }), imageBlock()]), { cap: 100 });
    expect(live.kind).toBe('native');
    if (live.kind !== 'native') return;
    const budget = 100 + 1 - (PLACEHOLDER.length + 1) - 11;
    const shown = budget - 3 - blockCutNotice(1, 3, 500, budget).length;
    const cut = `${'a'.repeat(shown)}\n\n${blockCutNotice(1, 3, 500, shown)}`;
    expect(live.blocks).toEqual([{ type: 'text', text: cut }, { type: 'text', text: 'b'.repeat(10) }, NATIVE_IMAGE]);
    expect(stored).toBe(`${cut}\n${'b'.repeat(10)}\n${PLACEHOLDER}`);
  });

  it('the push lane shares the cap alike: a short text after a long one goes whole', () => {
    const live = createHost({ log: () => {} }).convertBlocks([textBlock({ text: 'a'.repeat(5_000) }), textBlock({ text: 'done.' })], { cap: 1_000 });
    expect(live).toHaveLength(2);
    expect(live[1]).toEqual({ type: 'text', text: 'done.' });
    expect(live[0]).toMatchObject({ type: 'text', text: expect.stringMatching(/\[block 1 of 2 cut: 5,000 chars, [0-9,]+ shown\]$/) });
  });

  it(`a short block is one of at most ${SHORT_BLOCK_CHARS} characters`, () => {
    expect(SHORT_BLOCK_CHARS).toBe(200);
  });
});

describe('fairShares: the order it serves needs in', () => {
  /** Water-filling as stated, with a plain comparator sort: what the counted and packed order must equal. */
  function reference(needs: readonly number[], budget: number, floor: number): number[] {
    const order = Array.from(needs.keys()).sort((a, b) => needs[a]! - needs[b]! || a - b);
    const shares = new Array<number>(needs.length).fill(0);
    let unshared = Math.max(0, budget);
    let waiting = needs.length;
    for (const index of order) {
      const share = Math.min(needs[index]!, Math.max(Math.floor(unshared / waiting), floor), unshared);
      shares[index] = share;
      unshared -= share;
      waiting -= 1;
    }
    return shares;
  }

  it('equals water-filling by a comparator sort, short needs (counted) and long ones (sorted) mixed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 200_000 })), { maxLength: 300 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 300 }),
        (needs, budget, floor) => {
          expect(fairShares(needs, budget, floor)).toEqual(reference(needs, budget, floor));
        },
      ),
      { seed: 14, numRuns: 500 },
    );
  });
});
