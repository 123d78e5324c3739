/**
 * Stage 1, import: reads MCP content-block schemas from a spec `schema.json` (draft-07
 * `definitions` or 2020-12 `$defs`) or from the installed MCP SDK's zod schemas, and keeps only
 * the content-block definitions and what they reference, with all prose stripped. The result
 * is the project's own file, `schema/mcp/<revision>.json`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as z from 'zod/v4';
import * as sdkTypes from '@modelcontextprotocol/sdk/types.js';
import { CodegenError, type ImportedSchema, type JsonSchema } from './schema-types.js';
import { isJsonObject, localRefName, mapSchema, refsOf } from './schema-walk.js';

/** The definitions an import keeps (with everything they reference), in output order. */
export const CONTENT_BLOCK_ROOTS = [
  'ContentBlock',
  'TextContent',
  'ImageContent',
  'AudioContent',
  'ResourceLink',
  'EmbeddedResource',
  'TextResourceContents',
  'BlobResourceContents',
  'Annotations',
  'CallToolResult',
] as const;

/** Annotation keywords that carry prose, removed from every schema node. */
const PROSE_KEYWORDS = ['description', '$comment', 'markdownDescription'] as const;

/** A revision label: a date (`2025-11-25`) or `draft`. */
const REVISION_LABEL = /^(?:\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])|draft)$/;

/** Throws a CodegenError unless `revision` is a date label or `draft`. */
export function checkRevisionLabel(revision: string, subject = 'revision'): void {
  if (!REVISION_LABEL.test(revision)) {
    throw new CodegenError(subject, `revision label "${revision}" is not a date (YYYY-MM-DD) or "draft"`);
  }
}

/**
 * Imports an MCP spec schema document.
 *
 * @param document the parsed `schema.json`
 * @param revision its revision label (a date or `draft`)
 * @param source how the generated header names it
 * @param subject how an error names the input (the file's path); defaults to `source`
 */
export function importSpecSchema(document: unknown, revision: string, source: string, subject: string = source): ImportedSchema {
  checkRevisionLabel(revision, subject);
  if (!isJsonObject(document)) throw new CodegenError(subject, 'is not a JSON Schema object');
  const all = document.definitions ?? document.$defs;
  if (!isJsonObject(all)) throw new CodegenError(subject, 'has neither "definitions" nor "$defs"');
  if (!('ContentBlock' in all) && !('CallToolResult' in all)) {
    throw new CodegenError(subject, 'defines neither ContentBlock nor CallToolResult');
  }
  return {
    stage: 'imported',
    family: 'mcp',
    revision,
    source,
    definitions: keepContentBlocks(all, subject),
  };
}

/** The installed SDK's package version, read from its own package.json. */
export function sdkVersion(): string {
  const require = createRequire(import.meta.url);
  // The SDK's export map hides its package.json; find it from a module it does export.
  let dir = dirname(require.resolve('@modelcontextprotocol/sdk/types.js'));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (parsed.name === '@modelcontextprotocol/sdk' && parsed.version !== undefined) return parsed.version;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new CodegenError('@modelcontextprotocol/sdk', 'its package.json was not found');
    dir = parent;
  }
}

/** The schema names the SDK exports, as `<Name>Schema`, for the content-block roots. */
const SDK_SCHEMAS: Readonly<Record<(typeof CONTENT_BLOCK_ROOTS)[number], z.ZodType>> = {
  ContentBlock: sdkTypes.ContentBlockSchema,
  TextContent: sdkTypes.TextContentSchema,
  ImageContent: sdkTypes.ImageContentSchema,
  AudioContent: sdkTypes.AudioContentSchema,
  ResourceLink: sdkTypes.ResourceLinkSchema,
  EmbeddedResource: sdkTypes.EmbeddedResourceSchema,
  TextResourceContents: sdkTypes.TextResourceContentsSchema,
  BlobResourceContents: sdkTypes.BlobResourceContentsSchema,
  Annotations: sdkTypes.AnnotationsSchema,
  CallToolResult: sdkTypes.CallToolResultSchema,
};

/**
 * Imports the content-block schemas of the installed `@modelcontextprotocol/sdk`, as revision
 * `LATEST_PROTOCOL_VERSION`. Each zod schema is registered with its id, so references between
 * them come out as `$ref`s to named definitions rather than anonymous inline copies.
 */
export function importSdkSchema(): ImportedSchema {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(SDK_SCHEMAS)) registry.add(schema, { id });
  const converted = z.toJSONSchema(registry, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
    uri: (id: string) => `#/definitions/${id}`,
  }) as { schemas: Record<string, JsonSchema> };
  const definitions: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(converted.schemas)) {
    const { $schema: _dialect, $id: _id, ...rest } = schema;
    definitions[id] = rest;
  }
  const source = `@modelcontextprotocol/sdk@${sdkVersion()}`;
  return {
    stage: 'imported',
    family: 'mcp',
    revision: sdkTypes.LATEST_PROTOCOL_VERSION,
    source,
    definitions: keepContentBlocks(definitions, source),
  };
}

/**
 * The content-block definitions and every definition they reach through `$ref`, prose
 * stripped and references rewritten to draft-07 `#/definitions/…` form. Roots come first in
 * {@link CONTENT_BLOCK_ROOTS} order, then what they reference by name.
 */
function keepContentBlocks(all: Readonly<Record<string, unknown>>, source: string): Record<string, JsonSchema> {
  const kept = new Set<string>();
  const pending: string[] = CONTENT_BLOCK_ROOTS.filter((name) => name in all);
  while (pending.length > 0) {
    const name = pending.shift()!;
    if (kept.has(name)) continue;
    const schema = all[name];
    if (schema === undefined) throw new CodegenError(source, `references "${name}", which it doesn't define`);
    kept.add(name);
    for (const ref of refsOf(schema)) {
      const target = localRefName(ref);
      if (target === undefined) throw new CodegenError(source, `has a non-local $ref "${ref}"`);
      if (!kept.has(target)) pending.push(target);
    }
  }
  const roots = CONTENT_BLOCK_ROOTS.filter((name) => kept.has(name));
  const referenced = [...kept].filter((name) => !(CONTENT_BLOCK_ROOTS as readonly string[]).includes(name)).sort();
  const out: Record<string, JsonSchema> = {};
  for (const name of [...roots, ...referenced]) out[name] = stripProse(all[name]);
  return out;
}

/** A copy of a schema with prose keywords removed and `$defs` refs rewritten. */
function stripProse(schema: unknown): JsonSchema {
  return mapSchema(schema, (node) => {
    for (const keyword of PROSE_KEYWORDS) delete node[keyword];
    if (typeof node.$ref === 'string') {
      const target = localRefName(node.$ref);
      if (target !== undefined) node.$ref = `#/definitions/${target}`;
    }
    return node;
  }) as JsonSchema;
}

/** The committed form of an imported schema: `schema/mcp/<revision>.json`'s content. */
export function serializeImported(imported: ImportedSchema): string {
  const document = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    'x-blockwise': { revision: imported.revision, source: imported.source },
    definitions: imported.definitions,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Reads a committed `schema/mcp/*.json` (or the authored RFC-005 schema) back into a stage value. */
export function parseCommitted(text: string, path: string, family: ImportedSchema['family']): ImportedSchema {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new CodegenError(path, `is not JSON (${(error as Error).message.split('\n')[0]})`);
  }
  if (!isJsonObject(document) || !isJsonObject(document.definitions)) {
    throw new CodegenError(path, 'has no "definitions" object');
  }
  const meta = document['x-blockwise'];
  if (!isJsonObject(meta) || typeof meta.revision !== 'string' || typeof meta.source !== 'string') {
    throw new CodegenError(path, 'has no "x-blockwise" { revision, source } header');
  }
  return {
    stage: 'imported',
    family,
    revision: meta.revision,
    source: meta.source,
    definitions: document.definitions as Record<string, JsonSchema>,
  };
}
