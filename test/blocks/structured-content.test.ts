import { describe, expect, it } from 'vitest';
import type { ShownBlock } from '../../src/blocks/shown-block.js';
import { nestsWithin, structuredStanding } from '../../src/blocks/structured-content.js';
import { appMarker, embeddedHeader, linkLine, WITHHELD_TEXT } from '../../src/text/markers.js';
import { WALK_MAX_DEPTH } from '../../src/walk.js';

const VALUE = { rows: [{ id: 1 }, { id: 2 }], total: 2 };
const text = (words: string): ShownBlock => ({ kind: 'text', text: words });
const LINK: ShownBlock = {
  kind: 'link',
  text: linkLine('a.csv', 'https://files.example.com/a.csv', 'text/csv'),
  refId: 'r1',
  uri: 'https://files.example.com/a.csv',
  why: 'no-server',
};
const APP: ShownBlock = { kind: 'marker', text: appMarker('ui://budget/app'), reason: 'app' };
const WITHHELD: ShownBlock = { kind: 'withheld', text: WITHHELD_TEXT };
const embedded = (body: string): ShownBlock => text(`${embeddedHeader('file:///v.json', 'application/json')}\n${body}`);

describe(structuredStanding.name, () => {
  it.each([
    ['a text that is the value as compact JSON', [text(JSON.stringify(VALUE))], 'carried'],
    ['a text that is the value pretty-printed', [text(JSON.stringify(VALUE, null, 2))], 'carried'],
    ['the value among other texts', [text('Found 2 rows.'), text(`\n${JSON.stringify(VALUE)}\n`)], 'carried'],
    ['an embedded resource (or textual blob) shown as text whose content after its header is the value', [embedded(JSON.stringify(VALUE))], 'carried'],
    ['words of the server that are not the value', [text('Found 2 rows.')], 'content-speaks'],
    ['an embedded resource whose content is words', [embedded('hello')], 'content-speaks'],
    ['JSON that differs from the value', [text(JSON.stringify({ ...VALUE, total: 3 }))], 'content-speaks'],
    ['JSON in a different key order', [text(JSON.stringify({ total: 2, rows: VALUE.rows }))], 'content-speaks'],
    ['a link line only', [LINK], 'shown'],
    ["an MCP App's view shown as its marker", [APP], 'shown'],
    ['a withheld resource', [WITHHELD], 'shown'],
    ['a text of white space only beside a link', [text(' \n '), LINK], 'shown'],
    ['an embedded header with no content after it', [embedded('  ')], 'shown'],
  ] as const)('%s', (_name, shown, expected) => {
    expect(structuredStanding(shown, VALUE)).toBe(expected);
  });

  it('reads only the blocks from `from` on: an error text before them is not the content', () => {
    expect(structuredStanding([text('Error: partial'), LINK], VALUE, 1)).toBe('shown');
    expect(structuredStanding([text('Error: partial'), LINK], VALUE)).toBe('content-speaks');
  });

  it('reads a value with no JSON (a cycle) as not carried, without throwing', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(structuredStanding([text('{}')], cyclic)).toBe('content-speaks');
  });

  describe('parses no text that could not be the value', () => {
    function parses(shown: ShownBlock[], value: unknown): number {
      const parse = JSON.parse;
      let calls = 0;
      JSON.parse = ((source: string) => {
        calls += 1;
        return parse(source);
      }) as typeof JSON.parse;
      try {
        expect(structuredStanding(shown, value)).toBe('content-speaks');
      } finally {
        JSON.parse = parse;
      }
      return calls;
    }

    it.each([
      ['far longer than the value could be written', `[${'0,'.repeat(50_000)}0]`, { a: 1 }],
      ['opening with another bracket than the value', `[${'1,'.repeat(20)}1]`, { s: 'x'.repeat(100) }],
      ['closing with another bracket than the value', `{"s":"${'x'.repeat(10)}"}]`, { s: 'x'.repeat(100) }],
      ['nested deeper than a walk reads, beside a large value', `${'['.repeat(WALK_MAX_DEPTH + 1)}${']'.repeat(WALK_MAX_DEPTH + 1)}`, ['x'.repeat(2_000)]],
      ['objects nested deeper than a walk reads', `${'{"a":'.repeat(WALK_MAX_DEPTH + 1)}1${'}'.repeat(WALK_MAX_DEPTH + 1)}`, { s: 'x'.repeat(10_000) }],
    ])('%s', (_name, words, value) => {
      expect(parses([text(words)], value)).toBe(0);
    });

    it('but does parse a value nested as deep as a walk reads, written with spaces', () => {
      let deep: unknown = 1;
      for (let depth = 0; depth < WALK_MAX_DEPTH; depth += 1) deep = [deep];
      expect(structuredStanding([text(JSON.stringify(deep).replace('1', ' 1 '))], deep)).toBe('carried');
    });
  });
});

describe(nestsWithin.name, () => {
  it.each([
    ['flat', '[1,2,{"a":3}]', 2, true],
    ['one too deep', '[[[1]]]', 2, false],
    ['brackets inside strings are not nesting', '["[[[[", "{{{{"]', 1, true],
    ['an escaped quote does not end a string', '["\\"[[[[", 1]', 1, true],
    ['an escaped backslash ends before the quote', '["\\\\", [[1]]]', 2, false],
    ['siblings do not add up', '[[1],[2],[3]]', 2, true],
  ] as const)('%s', (_name, source, max, want) => {
    expect(nestsWithin(source, max)).toBe(want);
  });
});
