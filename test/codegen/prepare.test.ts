import { describe, expect, it } from 'vitest';
import { prepare, PREPARE_RULES, ROOT_TYPE_NAME } from '../../codegen/prepare.js';
import type { ImportedSchema, JsonSchema } from '../../codegen/schema-types.js';

function imported(definitions: Record<string, JsonSchema>): ImportedSchema {
  return { stage: 'imported', family: 'mcp', revision: '2030-01-01', source: 'fixture', definitions };
}

function rule(name: string) {
  const found = PREPARE_RULES.find((r) => r.name === name);
  if (!found) throw new Error(`no rule ${name}`);
  return (definitions: Record<string, JsonSchema>) => found.run(structuredClone(definitions), imported(definitions));
}

const text: JsonSchema = {
  type: 'object',
  properties: { type: { const: 'text', type: 'string' }, text: { type: 'string' } },
  required: ['type', 'text'],
};

describe('prepare rules', () => {
  it('every rule has a case below', () => {
    expect(PREPARE_RULES.map((r) => r.name)).toEqual([
      'Unwrap a one-member allOf around a $ref',
      'Keep bare $ref',
      'Name the content-block union',
      'Read a property-less open object as a record',
      'Check every $ref resolves',
      'Title each definition with its name',
    ]);
  });

  it('Unwrap a one-member allOf around a $ref', () => {
    const out = rule('Unwrap a one-member allOf around a $ref')({
      A: { type: 'object', properties: { x: { allOf: [{ $ref: '#/definitions/B' }] }, y: { allOf: [{ type: 'string' }] } } },
    });
    expect(out.A!.properties).toEqual({ x: { $ref: '#/definitions/B' }, y: { allOf: [{ type: 'string' }] } });
  });

  it('Keep bare $ref', () => {
    const out = rule('Keep bare $ref')({ A: { type: 'object', properties: { x: { $ref: '#/definitions/B', default: 1 } } } });
    expect(out.A!.properties).toEqual({ x: { $ref: '#/definitions/B' } });
  });

  it('Name the content-block union', () => {
    const out = rule('Name the content-block union')({
      TextContent: text,
      CallToolResult: {
        type: 'object',
        properties: { content: { type: 'array', items: { anyOf: [{ $ref: '#/definitions/TextContent' }] } } },
      },
    });
    expect(out.ContentBlock).toEqual({ anyOf: [{ $ref: '#/definitions/TextContent' }] });
    expect((out.CallToolResult!.properties as JsonSchema).content).toEqual({
      type: 'array',
      items: { $ref: '#/definitions/ContentBlock' },
    });
  });

  it('Name the content-block union leaves an existing ContentBlock alone', () => {
    const definitions = { ContentBlock: { anyOf: [{ $ref: '#/definitions/TextContent' }] }, TextContent: text };
    expect(rule('Name the content-block union')(definitions)).toEqual(definitions);
  });

  it('Name the content-block union fails when CallToolResult has no item anyOf', () => {
    expect(() => rule('Name the content-block union')({ CallToolResult: { type: 'object' } })).toThrow(/^fixture: Name the content-block union/);
  });

  it('Read a property-less open object as a record', () => {
    const out = rule('Read a property-less open object as a record')({
      MetaObject: { type: 'object' },
      Closed: { type: 'object', additionalProperties: false },
      WithProps: { type: 'object', properties: { a: { type: 'string' } } },
    });
    expect(out.MetaObject).toEqual({ type: 'object', additionalProperties: {} });
    expect(out.Closed).toEqual({ type: 'object', additionalProperties: false });
    expect(out.WithProps).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
  });

  it('Check every $ref resolves', () => {
    expect(() => rule('Check every $ref resolves')({ A: { $ref: '#/definitions/Missing' } })).toThrow(
      /Check every \$ref resolves: "#\/definitions\/Missing" doesn't/,
    );
    expect(() => rule('Check every $ref resolves')({ A: { $ref: '#/definitions/A' } })).not.toThrow();
  });

  it('Title each definition with its name', () => {
    expect(rule('Title each definition with its name')({ A: { type: 'string' } })).toEqual({
      A: { type: 'string', title: 'A' },
    });
  });
});

describe(prepare.name, () => {
  it('wraps the definitions in a root that references each of them', () => {
    const prepared = prepare(imported({ ContentBlock: { anyOf: [{ $ref: '#/definitions/TextContent' }] }, TextContent: text }));
    expect(prepared.names).toEqual(['ContentBlock', 'TextContent']);
    expect(prepared.root.title).toBe(ROOT_TYPE_NAME);
    expect(prepared.root.properties).toEqual({
      ContentBlock: { $ref: '#/definitions/ContentBlock' },
      TextContent: { $ref: '#/definitions/TextContent' },
    });
  });

  it('never mutates its input', () => {
    const input = imported({
      CallToolResult: {
        type: 'object',
        properties: { content: { type: 'array', items: { anyOf: [{ $ref: '#/definitions/TextContent' }] } } },
      },
      TextContent: text,
    });
    const before = JSON.stringify(input);
    prepare(input);
    expect(JSON.stringify(input)).toBe(before);
  });
});
