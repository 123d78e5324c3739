/**
 * Stage 2, prepare: JSON-level fixes that make json-schema-to-typescript emit the types we
 * want, applied in order before compiling (never as regexes over its output). Each rule's
 * name is its test's name and the prefix of any error it raises.
 */
import { CodegenError, type ImportedSchema, type JsonSchema, type PreparedSchema } from './schema-types.js';
import { cloneJson, isJsonObject, localRefName, mapSchema } from './schema-walk.js';

/** The name of the root type the compile stage wraps every definition in (never emitted). */
export const ROOT_TYPE_NAME = 'BlockwiseSchemaRoot';

/** A prepare rule: a name and a pure function over the definitions. */
export interface PrepareRule {
  readonly name: string;
  readonly run: (definitions: Record<string, JsonSchema>, context: ImportedSchema) => Record<string, JsonSchema>;
}

/** The ordered prepare rules. */
export const PREPARE_RULES: readonly PrepareRule[] = [
  {
    name: 'Unwrap a one-member allOf around a $ref',
    // The SDK's zod conversion writes an optional reference as `allOf: [{ $ref }]`.
    run: (definitions) =>
      mapDefinitions(definitions, (node) => {
        const members = node.allOf;
        if (!Array.isArray(members) || members.length !== 1) return node;
        const [only] = members as unknown[];
        if (!isJsonObject(only) || typeof only.$ref !== 'string' || Object.keys(only).length !== 1) return node;
        const { allOf: _allOf, ...rest } = node;
        return { ...rest, $ref: only.$ref };
      }),
  },
  {
    name: 'Keep bare $ref',
    // A $ref with siblings makes json-schema-to-typescript emit numbered duplicates
    // (Annotations1…5); draft-07 ignores the siblings anyway.
    run: (definitions) => mapDefinitions(definitions, (node) => (typeof node.$ref === 'string' ? { $ref: node.$ref } : node)),
  },
  {
    name: 'Name the content-block union',
    // Revisions before 2025-06-18 have no ContentBlock definition: their union is the item
    // anyOf of CallToolResult.content, which becomes ContentBlock and is referenced from there.
    run: (definitions, context) => {
      if ('ContentBlock' in definitions) return definitions;
      const result = definitions.CallToolResult;
      const content = isJsonObject(result?.properties) ? result.properties.content : undefined;
      const items = isJsonObject(content) ? content.items : undefined;
      if (!isJsonObject(items) || !Array.isArray(items.anyOf)) {
        throw new CodegenError(context.source, 'Name the content-block union: CallToolResult.content has no item anyOf');
      }
      const union: JsonSchema = { anyOf: items.anyOf };
      const rewritten = cloneJson(definitions);
      const callToolResult = rewritten.CallToolResult as { properties: { content: { items: unknown } } };
      callToolResult.properties.content.items = { $ref: '#/definitions/ContentBlock' };
      return { ContentBlock: union, ...rewritten };
    },
  },
  {
    name: 'Read a property-less open object as a record',
    // `{ type: 'object' }` (MCP's MetaObject) is open by the spec; with the compiler's
    // `additionalProperties: false` default it would become `{}`, which no record fits.
    run: (definitions) =>
      mapDefinitions(definitions, (node) =>
        node.type === 'object' && node.properties === undefined && node.additionalProperties === undefined && node.patternProperties === undefined
          ? { ...node, additionalProperties: {} }
          : node,
      ),
  },
  {
    name: 'Check every $ref resolves',
    run: (definitions, context) => {
      mapDefinitions(definitions, (node) => {
        if (typeof node.$ref !== 'string') return node;
        const target = localRefName(node.$ref);
        if (target === undefined || !(target in definitions)) {
          throw new CodegenError(context.source, `Check every $ref resolves: "${node.$ref}" doesn't`);
        }
        return node;
      });
      return definitions;
    },
  },
  {
    name: 'Title each definition with its name',
    // So each becomes a named interface whatever json-schema-to-typescript would infer.
    run: (definitions) => Object.fromEntries(Object.entries(definitions).map(([name, schema]) => [name, { ...schema, title: name }])),
  },
];

/**
 * Applies {@link PREPARE_RULES} in order and wraps the definitions in a root object that
 * references each of them, so every definition is emitted. Never mutates its input.
 */
export function prepare(imported: ImportedSchema): PreparedSchema {
  let definitions = cloneJson(imported.definitions) as Record<string, JsonSchema>;
  for (const rule of PREPARE_RULES) definitions = rule.run(definitions, imported);
  const names = Object.keys(definitions);
  const root: JsonSchema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: ROOT_TYPE_NAME,
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, { $ref: `#/definitions/${name}` }])),
    additionalProperties: false,
    definitions,
  };
  return {
    stage: 'prepared',
    family: imported.family,
    revision: imported.revision,
    source: imported.source,
    root,
    names,
    definitions,
  };
}

/** Rebuilds each definition with `visit` applied to every schema node in it. */
function mapDefinitions(definitions: Record<string, JsonSchema>, visit: (node: JsonSchema) => JsonSchema): Record<string, JsonSchema> {
  return Object.fromEntries(Object.entries(definitions).map(([name, schema]) => [name, mapSchema(schema, visit) as JsonSchema]));
}
