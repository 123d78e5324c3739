/**
 * Issue 14's property (seeded): for any result, every block of at most 200 characters appears
 * whole in both copies when the blocks of at most 200 characters, joined by newlines, fit in
 * half the cap — whatever long texts, long link lines or images come before or after them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ShownBlock } from '../../src/blocks/shown-block.js';
import { createHost } from '../../src/host.js';
import { SHORT_BLOCK_CHARS } from '../../src/lanes/fair-share.js';
import { PNG_BASE64 } from '../support/factories.js';

const RUNS = 400;

/** Long texts use letters short ones never hold, so a short one found is the short one itself. */
const longText = fc.record({ length: fc.integer({ min: SHORT_BLOCK_CHARS + 1, max: 40_000 }), letter: fc.constantFrom('x', 'y', 'é', '😀') }).map(({ length, letter }) => ({
  type: 'text',
  text: letter.repeat(Math.ceil(length / letter.length)),
}));

/** A short text, tagged in place with its index so two short ones are never taken for each other. */
const shortText = fc.string({ unit: 'grapheme-ascii', maxLength: SHORT_BLOCK_CHARS - 12, size: 'max' }).map((text) => ({ type: 'text', text }));

const block = fc.oneof(
  { weight: 3, arbitrary: shortText },
  { weight: 3, arbitrary: longText },
  { weight: 1, arbitrary: fc.constant({ type: 'image', data: PNG_BASE64, mimeType: 'image/png' }) },
  { weight: 1, arbitrary: fc.constant({ type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 900 }).map((length) => ({ type: 'resource_link', name: 'doc', uri: `https://files.example.com/${'p'.repeat(length)}` })) },
  { weight: 1, arbitrary: fc.constant({ type: 'resource', uri: 'https://files.example.com/big.csv', name: 'big.csv', mimeType: 'text/csv' }) },
  { weight: 1, arbitrary: fc.constant({ type: 'hologram' }) },
);

/** Tags each short text with its index (`<3>`), so each can be found alone. */
function tagged(content: { type: string; text?: string }[]): unknown[] {
  return content.map((item, index) => (item.type === 'text' && item.text!.length <= SHORT_BLOCK_CHARS - 12 ? { ...item, text: `<${index}>${item.text}` } : item));
}

/** The blocks of at most 200 characters, joined by newlines, as long as they are together. */
function shortTogether(blocks: readonly ShownBlock[]): number {
  const short = blocks.filter((shown) => shown.text.length <= SHORT_BLOCK_CHARS);
  return short.reduce((sum, shown) => sum + shown.text.length, 0) + Math.max(0, short.length - 1);
}

describe('one budget, fairly shared', () => {
  it('every block of at most 200 characters appears whole in both copies when those blocks fit in half the cap together', () => {
    let held = 0;
    fc.assert(
      fc.property(fc.array(block, { maxLength: 20 }), fc.oneof(fc.integer({ min: 200, max: 1_000 }), fc.integer({ min: 200, max: 30_000 })), (content, cap) => {
        const host = createHost({ log: () => {} });
        const rendered = host.renderToolResult({ content: tagged(content) }, { serverId: 's', cap });
        fc.pre(shortTogether(rendered.blocks) <= cap / 2);
        held += 1;
        const live = rendered.live;
        for (const shown of rendered.blocks) {
          if (shown.text.length > SHORT_BLOCK_CHARS) continue;
          expect(rendered.stored).toContain(shown.text);
          if (live.kind === 'text') expect(live.text).toContain(shown.text);
          else if (shown.kind === 'image') expect(live.blocks).toContainEqual({ type: 'image', data: shown.data, mimeType: shown.mimeType });
          else expect(live.blocks).toContainEqual({ type: 'text', text: shown.text });
        }
        // The push lane's texts share the cap alike: its short texts are the result's own.
        const pushed = host.convertBlocks(tagged(content), { serverId: 's', cap });
        for (const item of tagged(content) as { type: string; text?: string }[]) {
          if (item.type === 'text' && item.text!.length <= SHORT_BLOCK_CHARS) expect(pushed).toContainEqual({ type: 'text', text: item.text });
        }
      }),
      { seed: 0x5eed_1401, numRuns: RUNS },
    );
    expect(held).toBeGreaterThan(RUNS / 2);
  });
});
