import { describe, expect, it } from 'vitest';
import { compile } from '../../codegen/compile.js';
import { prepare, ROOT_TYPE_NAME } from '../../codegen/prepare.js';
import type { ImportedSchema, JsonSchema } from '../../codegen/schema-types.js';
import { transform, TRANSFORM_PASSES } from '../../codegen/transform.js';
import { loadModule } from '../support/load-generated.js';

const definitions: Record<string, JsonSchema> = {
  ContentBlock: { anyOf: [{ $ref: '#/definitions/TextContent' }, { $ref: '#/definitions/Picture' }] },
  TextContent: {
    type: 'object',
    properties: {
      type: { const: 'text', type: 'string' },
      text: { type: 'string' },
      annotations: { $ref: '#/definitions/Annotations' },
      _meta: { type: 'object' },
    },
    required: ['type', 'text'],
  },
  Picture: {
    type: 'object',
    properties: {
      type: { const: 'picture', type: 'string' },
      data: { type: 'string' },
      tags: { type: 'array', items: { type: 'string' } },
      size: { type: 'integer' },
      nested: { type: 'object', properties: { a: { type: 'boolean' } }, required: ['a'] },
    },
    required: ['type', 'data'],
  },
  Annotations: {
    type: 'object',
    properties: { audience: { type: 'array', items: { enum: ['user', 'assistant'], type: 'string' } } },
  },
};

function fixture(defs = definitions): ImportedSchema {
  return { stage: 'imported', family: 'mcp', revision: '2030-01-01', source: 'fixture', definitions: defs };
}

async function generated(defs = definitions) {
  return transform(await compile(prepare(fixture(defs))));
}

interface Generated {
  BLOCK_TYPES: readonly string[];
  BLOCK_GUARDS: Record<string, (v: unknown) => boolean>;
  isTextContent(v: unknown): boolean;
  isPicture(v: unknown): boolean;
  isContentBlock(v: unknown): boolean;
  visitBlock(block: unknown, handlers: Record<string, (b: unknown, c: unknown) => unknown>, ctx: unknown): unknown;
}

describe('transform passes', () => {
  it('every pass has a case below', () => {
    expect(TRANSFORM_PASSES.map((p) => p.name)).toEqual([
      'Drop the root wrapper',
      'Find each block kind by its literal type',
      'Document every declaration',
      'Export BLOCK_TYPES',
      'Add a shape guard per type',
      'Add the exhaustive visitor',
      'Export the limits and patterns of scalar definitions',
    ]);
  });

  it('Drop the root wrapper', async () => {
    expect((await generated()).text).not.toContain(ROOT_TYPE_NAME);
  });

  it('Find each block kind by its literal type', async () => {
    const broken = structuredClone(definitions);
    (broken.Picture!.properties as JsonSchema).type = { type: 'string' };
    await expect(generated(broken)).rejects.toThrow(/^fixture: Find each block kind by its literal type: Picture has no literal "type"/);
  });

  it('Document every declaration', async () => {
    const { text } = await generated();
    const exported = text.match(/^export (?:interface|type|function|const) \w+/gm) ?? [];
    expect(exported.length).toBeGreaterThan(8);
    for (const declaration of exported) {
      const at = text.indexOf(declaration);
      expect(text.slice(0, at).trimEnd().endsWith('*/'), declaration).toBe(true);
    }
  });

  it('Export BLOCK_TYPES', async () => {
    const module = await loadModule<Generated>((await generated()).text);
    expect(module.BLOCK_TYPES).toEqual(['text', 'picture']);
  });

  it('Add a shape guard per type: checks every declared field, not just type', async () => {
    const m = await loadModule<Generated>((await generated()).text);
    expect(m.isPicture({ type: 'picture', data: 'x', tags: ['a'], size: 1, nested: { a: true } })).toBe(true);
    expect(m.isPicture({ type: 'picture' })).toBe(false);
    expect(m.isPicture({ type: 'picture', data: 1 })).toBe(false);
    expect(m.isPicture({ type: 'picture', data: 'x', tags: [1] })).toBe(false);
    expect(m.isPicture({ type: 'picture', data: 'x', size: '1' })).toBe(false);
    expect(m.isPicture({ type: 'picture', data: 'x', nested: {} })).toBe(false);
    expect(m.isTextContent({ type: 'text', text: 't', annotations: { audience: ['robot'] } })).toBe(false);
    expect(m.isTextContent({ type: 'text', text: 't', _meta: { any: 1 } })).toBe(true);
    expect(m.isTextContent({ type: 'text', text: 't', _meta: 'no' })).toBe(false);
    expect(m.isTextContent(null)).toBe(false);
    expect(m.isTextContent([{ type: 'text', text: 't' }])).toBe(false);
    expect(m.isContentBlock({ type: 'text', text: 't' })).toBe(true);
    expect(m.BLOCK_GUARDS.text!({ type: 'text', text: 't' })).toBe(true);
  });

  it('Add the exhaustive visitor: dispatches a well-formed block, sends anything else to unknown', async () => {
    const m = await loadModule<Generated>((await generated()).text);
    const handlers = {
      text: () => 'text',
      picture: () => 'picture',
      unknown: () => 'unknown',
    };
    expect(m.visitBlock({ type: 'text', text: 'hi' }, handlers, null)).toBe('text');
    expect(m.visitBlock({ type: 'picture', data: 'x' }, handlers, null)).toBe('picture');
    expect(m.visitBlock({ type: 'picture' }, handlers, null)).toBe('unknown');
    expect(m.visitBlock({ type: 'video', uri: 'x' }, handlers, null)).toBe('unknown');
    expect(m.visitBlock({ type: 'toString' }, handlers, null)).toBe('unknown');
    expect(m.visitBlock('text', handlers, null)).toBe('unknown');
    expect(m.visitBlock(null, handlers, null)).toBe('unknown');
  });
});

describe(transform.name, () => {
  it('Export the limits and patterns of scalar definitions: each bound once, as the schema states it; none where it sets none', async () => {
    const bounded = {
      ...definitions,
      Label: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[a-z/]+$' },
      Count: { type: 'integer', minimum: 0, maximum: 10 },
    };
    const m = await loadModule<{ SCHEMA_LIMITS: unknown; SCHEMA_PATTERNS: Record<string, RegExp> }>((await generated(bounded)).text);
    expect(m.SCHEMA_LIMITS).toEqual({ Label: { minLength: 1, maxLength: 64 }, Count: { minimum: 0, maximum: 10 } });
    expect(m.SCHEMA_PATTERNS.Label!.source).toBe(new RegExp('^[a-z/]+$').source);
    expect(m.SCHEMA_PATTERNS.Label!.test('a/b')).toBe(true);
    const plain = (await generated()).text;
    expect(plain).not.toContain('SCHEMA_LIMITS');
    expect(plain).not.toContain('SCHEMA_PATTERNS');
    await expect(generated({ ...definitions, Label: { type: 'string', maxLength: '64' } })).rejects.toThrow(
      /^fixture: Export the limits and patterns of scalar definitions: Label\.maxLength is not a number/,
    );
  });

  it('gives byte-identical output when run twice on the same input', async () => {
    const compiled = await compile(prepare(fixture()));
    expect(transform(compiled).text).toBe(transform(compiled).text);
  });
});
