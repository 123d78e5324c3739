import { describe, expect, it } from 'vitest';
import { structuredStanding } from '../../src/blocks/structured-content.js';

const LINK = { type: 'resource_link', uri: 'https://files.example.com/a.csv', name: 'a.csv' };
const VALUE = { rows: [{ id: 1 }, { id: 2 }], total: 2 };

describe(structuredStanding.name, () => {
  it.each([
    ['a text block that is the value as compact JSON', [{ type: 'text', text: JSON.stringify(VALUE) }], 'carried'],
    ['a text block that is the value pretty-printed', [{ type: 'text', text: JSON.stringify(VALUE, null, 2) }], 'carried'],
    ['the value among other texts', [{ type: 'text', text: 'Found 2 rows.' }, { type: 'text', text: `\n${JSON.stringify(VALUE)}\n` }], 'carried'],
    ['an embedded text resource that is the value', [{ type: 'resource', resource: { uri: 'x:/v', text: JSON.stringify(VALUE) } }], 'carried'],
    ['words of the server that are not the value', [{ type: 'text', text: 'Found 2 rows.' }], 'content-speaks'],
    ['JSON that differs from the value', [{ type: 'text', text: JSON.stringify({ ...VALUE, total: 3 }) }], 'content-speaks'],
    ['JSON in a different key order', [{ type: 'text', text: JSON.stringify({ total: 2, rows: VALUE.rows }) }], 'content-speaks'],
    ['a link only', [LINK], 'shown'],
    ['a link, an image and an unknown block', [LINK, { type: 'image', data: 'AAAA', mimeType: 'image/png' }, { type: 'video' }], 'shown'],
    ['a text block of white space only', [{ type: 'text', text: ' \n ' }, LINK], 'shown'],
    ['a text block whose text is not a string', [{ type: 'text', text: 42 }], 'shown'],
    ['an embedded blob', [{ type: 'resource', resource: { uri: 'x:/b', blob: 'AAAA' } }], 'shown'],
  ] as const)('%s', (_name, content, expected) => {
    expect(structuredStanding(content, VALUE)).toBe(expected);
  });

  it('reads a value with no JSON (a cycle) as not carried, without throwing', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(structuredStanding([{ type: 'text', text: '{}' }], cyclic)).toBe('content-speaks');
  });

  it('parses no text far longer than the value could be written', () => {
    const parse = JSON.parse;
    let calls = 0;
    JSON.parse = ((text: string) => {
      calls += 1;
      return parse(text);
    }) as typeof JSON.parse;
    try {
      const long = `[${'0,'.repeat(50_000)}0]`;
      expect(structuredStanding([{ type: 'text', text: long }], { a: 1 })).toBe('content-speaks');
    } finally {
      JSON.parse = parse;
    }
    expect(calls).toBe(0);
  });
});
