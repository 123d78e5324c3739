/**
 * Issue 12's property: generated hostile shapes (long runs of uri separators and escapes, names
 * NFKC grows, `{?` pieces, zeros, tiny and long blocks, huge labels) complete on every lane, and
 * each lane's output stays within the cap plus the bounded budgets and their notices; a render
 * registers only references its copies show. Seeded; no clock.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shownBudget } from '../../src/blocks/shown-budget.js';
import { createHost } from '../../src/host.js';
import { createRegistry } from '../../src/references/registry.js';
import { REFERENCE_STUB_MAX_CHARS } from '../../src/references/stub.js';

const RUNS = 150;

/** The longest line a reference past the cut can be: a link line's name, uri (cut at 1,024) and type. */
const LINE_MAX = 1024 + 2 * REFERENCE_STUB_MAX_CHARS;
/** The notices a copy may end with (truncation, blocks not shown, references not kept, texts omitted). */
const NOTICES_MAX = 400;

const UNITS = ['{?', '%25', '=', '&', '/', '\ufdfa', '~', 'a.', '%7B%3F', 'a1', ';', 'eyJ', '\u200b'];

const run = fc.record({ unit: fc.constantFrom(...UNITS), count: fc.integer({ min: 1, max: 3000 }) }).map(({ unit, count }) => unit.repeat(count));

const block = fc.oneof(
  fc.record({ name: run, tail: run, scheme: fc.constantFrom('https://example.com/', '#', '?', '', 'https://h.example/?u=') }).map(({ name, tail, scheme }) => ({
    type: 'resource_link',
    name: name.slice(0, 255),
    uri: `${scheme}${tail}`.slice(0, 4096),
  })),
  run.map((tail) => ({ type: 'resource', resource: { uri: `https://example.com/${tail}`, text: 'body' } })),
  run.map((tail) => ({ type: 'resource', uri: `https://example.com/r?${tail}`.slice(0, 4096), name: tail.slice(0, 200) })),
  fc.constant(0),
  fc.constant({ type: 'text', text: 'a' }),
  run.map((text) => ({ type: 'text', text })),
  run.map((label) => ({ type: 'audio', data: 'AAAA', mimeType: label })),
  run.map((label) => ({ type: label })),
);

const shape = fc.record({
  blocks: fc.array(block, { maxLength: 400 }),
  repeat: fc.integer({ min: 1, max: 40 }),
  cap: fc.constantFrom(50, 500, 5_000, 24_000),
});

describe('hostile shapes, every lane', () => {
  it('complete within the cap, the bounded budgets and their notices; register only what is shown', () => {
    fc.assert(
      fc.property(shape, ({ blocks, repeat, cap }) => {
        const content = Array.from({ length: repeat }, () => blocks).flat();
        const budget = shownBudget(cap);
        const registry = createRegistry({ capacity: 1_000_000 });
        const host = createHost({ log: () => {}, registry });

        const rendered = host.renderToolResult({ content }, { serverId: 's', cap });
        expect(rendered.stored.length).toBeLessThanOrEqual(cap + 2 * (budget + LINE_MAX) + NOTICES_MAX);
        const references = rendered.blocks.filter((shown) => shown.kind === 'stub' || shown.kind === 'link');
        expect(registry.size).toBeLessThanOrEqual(references.length);
        for (const reference of references) expect(rendered.stored).toContain(reference.text);

        const live = host.convertBlocks(content, { serverId: 's', cap });
        const pushed = live.reduce((sum, item) => sum + (item.type === 'text' ? item.text.length : 0), 0);
        expect(pushed).toBeLessThanOrEqual(cap + 2 * (budget + LINE_MAX) + NOTICES_MAX);

        const before = registry.size;
        const view = host.scriptView({ content }, { serverId: 's', cap });
        expect(view.ok).toBe(true);
        if (view.ok) {
          const objects = (view.content ?? []).filter((item) => typeof item === 'object' && 'refId' in item);
          expect(registry.size - before).toBeLessThanOrEqual(objects.length);
        }
      }),
      { seed: 1212, numRuns: RUNS },
    );
  }, 120_000);
});
