import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_BLOCK_ROOTS, checkRevisionLabel, importSdkSchema, importSpecSchema, parseCommitted, serializeImported } from '../../codegen/import.js';
import { CodegenError } from '../../codegen/schema-types.js';
import { HAS_SHARED, PROJECT_ROOT, readSharedJson, SKIP_REASON } from '../support/shared.js';

/** A small 2020-12 spec-like document: prose, an unrelated definition, a property named description. */
function specDocument(): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $defs: {
      ContentBlock: { anyOf: [{ $ref: '#/$defs/TextContent' }, { $ref: '#/$defs/ResourceLink' }] },
      TextContent: {
        description: 'prose to strip',
        type: 'object',
        properties: {
          type: { const: 'text', type: 'string', description: 'more prose' },
          text: { type: 'string' },
          annotations: { $ref: '#/$defs/Annotations' },
        },
        required: ['type', 'text'],
      },
      ResourceLink: {
        type: 'object',
        properties: {
          type: { const: 'resource_link', type: 'string' },
          uri: { type: 'string' },
          name: { type: 'string' },
          description: { type: 'string', description: 'a property named description stays' },
        },
        required: ['type', 'uri', 'name'],
      },
      Annotations: { type: 'object', properties: { priority: { type: 'number' } }, $comment: 'gone' },
      Unrelated: { type: 'object', properties: { x: { type: 'string' } } },
    },
  };
}

describe(importSpecSchema.name, () => {
  it('keeps the content-block definitions and what they reference, nothing else', () => {
    const imported = importSpecSchema(specDocument(), '2030-01-01', 'fixture');
    expect(Object.keys(imported.definitions)).toEqual(['ContentBlock', 'TextContent', 'ResourceLink', 'Annotations']);
  });

  it('strips description and $comment keywords but keeps a property named description', () => {
    const imported = importSpecSchema(specDocument(), '2030-01-01', 'fixture');
    const text = JSON.stringify(imported.definitions);
    expect(text).not.toContain('prose');
    expect(text).not.toContain('$comment');
    const link = imported.definitions.ResourceLink as { properties: Record<string, unknown> };
    expect(link.properties.description).toEqual({ type: 'string' });
  });

  it('rewrites 2020-12 $defs references to draft-07 definitions form', () => {
    const imported = importSpecSchema(specDocument(), '2030-01-01', 'fixture');
    expect(JSON.stringify(imported.definitions)).not.toContain('$defs');
    expect(JSON.stringify(imported.definitions)).toContain('#/definitions/Annotations');
  });

  it('reads draft-07 definitions alike', () => {
    const document = specDocument();
    const text = JSON.stringify(document.$defs).replaceAll('#/$defs/', '#/definitions/');
    const draft07 = { $schema: 'http://json-schema.org/draft-07/schema#', definitions: JSON.parse(text) };
    const a = importSpecSchema(draft07, '2030-01-01', 'fixture');
    const b = importSpecSchema(specDocument(), '2030-01-01', 'fixture');
    expect(a.definitions).toEqual(b.definitions);
  });

  it('never mutates its input', () => {
    const document = specDocument();
    const before = JSON.stringify(document);
    importSpecSchema(document, '2030-01-01', 'fixture');
    expect(JSON.stringify(document)).toBe(before);
  });

  it.each([
    ['not an object', [1, 2]],
    ['no definitions', { type: 'object' }],
    ['neither ContentBlock nor CallToolResult', { definitions: { Other: { type: 'object' } } }],
    ['a dangling reference', { definitions: { ContentBlock: { anyOf: [{ $ref: '#/definitions/Gone' }] } } }],
  ])('rejects %s with a CodegenError naming the file', (_name, document) => {
    expect(() => importSpecSchema(document, '2030-01-01', 'in.json')).toThrow(CodegenError);
    expect(() => importSpecSchema(document, '2030-01-01', 'in.json')).toThrow(/^in\.json: /);
  });
});

describe(checkRevisionLabel.name, () => {
  it.each(['2024-11-05', '2026-07-28', 'draft'])('accepts %s', (label) => {
    expect(() => checkRevisionLabel(label)).not.toThrow();
  });
  it.each(['latest', '2025-13-01', '25-11-25', '2025-11-25x', ''])('rejects %j', (label) => {
    expect(() => checkRevisionLabel(label)).toThrow(/is not a date/);
  });
});

describe(importSdkSchema.name, () => {
  it('imports the installed SDK as LATEST_PROTOCOL_VERSION with every content-block root', () => {
    const imported = importSdkSchema();
    expect(imported.revision).toBe('2025-11-25');
    for (const root of CONTENT_BLOCK_ROOTS) expect(imported.definitions).toHaveProperty(root);
  });

  it('registers the schemas with ids, so references come out as named $refs', () => {
    const imported = importSdkSchema();
    const union = imported.definitions.ContentBlock as { anyOf: { $ref: string }[] };
    expect(union.anyOf.map((member) => member.$ref)).toEqual([
      '#/definitions/TextContent',
      '#/definitions/ImageContent',
      '#/definitions/AudioContent',
      '#/definitions/ResourceLink',
      '#/definitions/EmbeddedResource',
    ]);
  });
});

describe('committed MCP schemas', () => {
  it.skipIf(!HAS_SHARED).each(['2025-06-18', '2025-11-25', '2026-07-28'])(
    `equal what the importer produces from ../shared/mcp-schema/%s (${HAS_SHARED ? 'reads ../shared' : SKIP_REASON})`,
    (revision) => {
      const document = readSharedJson('mcp-schema', revision, 'schema.json');
      const imported = importSpecSchema(document, revision, `MCP specification schema.json, revision ${revision}`);
      const committed = readFileSync(join(PROJECT_ROOT, 'schema/mcp', `${revision}.json`), 'utf8');
      expect(serializeImported(imported)).toBe(committed);
    },
  );

  it('read back into the same import-stage value they were written from', () => {
    const imported = importSdkSchema();
    const again = parseCommitted(serializeImported(imported), 'x.json', 'mcp');
    expect(again).toEqual(imported);
  });
});
