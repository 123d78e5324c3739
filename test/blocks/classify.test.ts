/**
 * The one classifier (docs/design.md §5.2): one ShownBlock per block, from the REAL handler table, which
 * is exhaustive both ways against the runtime revision's block types.
 */
import { shownLeftFor } from '../../src/blocks/shown-budget.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLOCK_HANDLERS, isContradiction, toolResultBlocks, type ClassifyContext, type Lane } from '../../src/blocks/classify.js';
import { BLOCK_TYPES } from '../../src/blocks/mcp.js';
import { MCP_IMAGE_LIMITS } from '../../src/blocks/image-check.js';
import { createAddressBook } from '../../src/references/addresses.js';
import { NO_CLAIMS } from '../../src/references/claims.js';
import { createRegistry } from '../../src/references/registry.js';
import { textNotStringMarker, unknownTypeMarker, WITHHELD_TEXT } from '../../src/text/markers.js';
import {
  audioBlock,
  embeddedBlob,
  embeddedText,
  imageBlock,
  PLAIN_URI,
  referenceBlock,
  resourceLink,
  textBlock,
  unknownBlock,
  itProp,
} from '../support/factories.js';

function context(lane: Lane = 'tool-result', maxImageBytes = 5 * 1024 * 1024): ClassifyContext {
  return {
    lane,
    claims: NO_CLAIMS,
    registry: createRegistry(),
    addresses: createAddressBook(),
    now: () => Date.parse('2026-01-01T00:00:00Z'),
    dialLimits: { maxBytes: 25 * 1024 * 1024 },
    imageBytesLeft: maxImageBytes,
    maxImageBytes,
    imageLimits: MCP_IMAGE_LIMITS,
    shownLeft: shownLeftFor(24_000),
  };
}

describe('BLOCK_HANDLERS', () => {
  it('has a handler for every BLOCK_TYPES member', () => {
    for (const type of BLOCK_TYPES) expect(Object.hasOwn(BLOCK_HANDLERS, type), type).toBe(true);
  });

  it('has no handler key but `unknown` that is not a block type', () => {
    const types: readonly string[] = BLOCK_TYPES;
    const extra = Object.keys(BLOCK_HANDLERS).filter((key) => key !== 'unknown' && !types.includes(key));
    expect(extra).toEqual([]);
    expect(Object.hasOwn(BLOCK_HANDLERS, 'unknown')).toBe(true);
  });

  it('every handler is a function', () => {
    for (const handler of Object.values(BLOCK_HANDLERS)) expect(typeof handler).toBe('function');
  });

  it('the runtime revision has the five MCP block types', () => {
    expect([...BLOCK_TYPES].sort()).toEqual(['audio', 'image', 'resource', 'resource_link', 'text']);
  });
});

describe(toolResultBlocks.name, () => {
  it('returns one ShownBlock per block, in order', () => {
    const given = [
      textBlock({ text: 'first' }),
      imageBlock(),
      audioBlock(),
      resourceLink(),
      embeddedText(),
      embeddedBlob(),
      referenceBlock(),
      unknownBlock(),
      imageBlock({ uri: PLAIN_URI }),
      7,
    ];
    const shown = toolResultBlocks(given, context());
    expect(shown.map((block) => block.kind)).toEqual(['text', 'image', 'marker', 'link', 'text', 'marker', 'stub', 'marker', 'withheld', 'marker']);
    expect(shown[0]?.text).toBe('first');
  });

  it('a text block whose text is not a string is a marker, never String() of it', () => {
    const shown = toolResultBlocks([textBlock({ text: { toString: () => 'sneaky' } })], context());
    expect(shown).toEqual([{ kind: 'marker', text: textNotStringMarker(), reason: 'text-not-string' }]);
  });

  it('a text block shows its text made well formed, whatever its optional fields, a text from its prototype included', () => {
    const inherited = Object.assign(Object.create({ text: 'from the prototype' }) as Record<string, unknown>, { type: 'text' });
    const given = [
      textBlock({ text: 'plain' }),
      textBlock({ text: 'meta', _meta: { a: 1 } }),
      textBlock({ text: 'bad annotations', annotations: 'loud' }),
      textBlock({ text: 'null meta', _meta: null }),
      textBlock({ text: 'lone \ud800 surrogate' }),
      inherited,
    ];
    expect(toolResultBlocks(given, context())).toEqual([
      { kind: 'text', text: 'plain' },
      { kind: 'text', text: 'meta' },
      { kind: 'text', text: 'bad annotations' },
      { kind: 'text', text: 'null meta' },
      { kind: 'text', text: 'lone \ufffd surrogate' },
      { kind: 'text', text: 'from the prototype' },
    ]);
  });

  it('an unknown type is its type marker, whatever fields it carries', () => {
    const shown = toolResultBlocks([unknownBlock({ text: 'words', data: 'QUJD', uri: PLAIN_URI, resource: { text: 'x' } })], context());
    expect(shown).toEqual([{ kind: 'marker', text: unknownTypeMarker('hologram'), reason: 'unknown-type' }]);
  });

  it.each(['TEXT', 'text ', ' text', 'tex', 'texts', 'resource_link ', 'resource-link', 'Resource_link', 'resourc', 'resource_links', 'image\u0000', ''])(
    "a type that only resembles a kind's (%j) is no kind: its type marker, never that kind's reading",
    (type) => {
      const shown = toolResultBlocks([{ type, text: 'words', uri: PLAIN_URI, name: 'a.csv', data: 'QUJD', mimeType: 'image/png' }], context());
      expect(shown).toEqual([{ kind: 'marker', text: unknownTypeMarker(type), reason: 'unknown-type' }]);
    },
  );

  it('a kind is found by its literal type in any string holding it (read from JSON, or built)', () => {
    const built = ['resource', '_link'].join('');
    const blocks = JSON.parse(JSON.stringify([textBlock({ text: 'a' }), resourceLink()])) as unknown[];
    blocks.push({ ...resourceLink(), type: built }, { type: ['te', 'xt'].join(''), text: 'b' });
    expect(toolResultBlocks(blocks, context()).map((block) => block.kind)).toEqual(['text', 'link', 'link', 'text']);
  });

  it("spends the context's image budget as it goes", () => {
    const ctx = context('tool-result', 100);
    const shown = toolResultBlocks([imageBlock(), imageBlock()], ctx);
    expect(shown.map((block) => block.kind)).toEqual(['image', 'marker']);
  });

  it('on the push lane a plain link is a stub, not its line', () => {
    expect(toolResultBlocks([resourceLink()], context('push'))[0]?.kind).toBe('stub');
    expect(toolResultBlocks([resourceLink()], context('tool-result'))[0]?.kind).toBe('link');
  });

  const anyBlock = fc.oneof(
    fc.constantFrom(textBlock(), imageBlock(), audioBlock(), resourceLink(), embeddedText(), embeddedBlob(), referenceBlock(), unknownBlock()),
    fc.anything(),
    fc.record({ type: fc.string({ maxLength: 12 }) }, { requiredKeys: [] }),
  );

  itProp([fc.array(anyBlock, { maxLength: 8 })], { seed: 0x5eed_0005, numRuns: 1000 })(
    'any readable content array gives exactly one well-formed ShownBlock per element, without throwing',
    (blocks) => {
      const shown = toolResultBlocks(blocks, context());
      expect(shown).toHaveLength(blocks.length);
      for (const block of shown) {
        expect(['text', 'image', 'marker', 'stub', 'link', 'withheld']).toContain(block.kind);
        expect(block.text.isWellFormed()).toBe(true);
      }
    },
  );
});

describe(isContradiction.name, () => {
  it.each([
    ['image > data + disposition', imageBlock({ disposition: 'ref' }), true],
    ['image > data + non-empty uri', imageBlock({ uri: PLAIN_URI }), true],
    ['image > data + uri ""', imageBlock({ uri: '' }), false],
    ['image > data alone', imageBlock(), false],
    ['image > uri alone (a reference)', { type: 'image', uri: PLAIN_URI }, false],
    ['audio > data + disposition', audioBlock({ disposition: 'never' }), true],
    ['audio > data + non-empty uri', audioBlock({ uri: PLAIN_URI }), true],
    ['audio > data + uri ""', audioBlock({ uri: '' }), false],
    ['resource > embedded content beside a disposition', embeddedBlob({}, { disposition: 'ref' }), true],
    ['resource > embedded content beside a top-level uri', embeddedBlob({}, { uri: PLAIN_URI }), true],
    ['resource > embedded content beside uri ""', embeddedBlob({}, { uri: '' }), false],
    ['unknown type > data + uri', unknownBlock({ data: 'QUJD', uri: PLAIN_URI }), false],
    ['text > uri beside text', textBlock({ uri: PLAIN_URI }), false],
  ])('%s', (_name, block, want) => {
    expect(isContradiction(block)).toBe(want);
  });

  it('its one fixed line is the withheld text', () => {
    expect(toolResultBlocks([imageBlock({ uri: PLAIN_URI })], context())).toEqual([{ kind: 'withheld', text: WITHHELD_TEXT }]);
  });
});
