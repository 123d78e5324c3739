/**
 * Structural helpers over JSON Schema nodes: a map that knows which keys hold schemas (so a
 * property *named* `description` is never mistaken for the `description` keyword), and a
 * deep clone that keeps the input untouched.
 */
import type { JsonSchema } from './schema-types.js';

/** Keywords whose value is one schema. */
const ONE_SCHEMA = new Set([
  'additionalProperties',
  'additionalItems',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
]);
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAP = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas']);

/** True for a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Rebuilds a schema bottom-up: `visit` receives each schema node (children already rebuilt)
 * and returns its replacement. Non-schema values (enums, consts, defaults) are copied as is.
 */
export function mapSchema(node: unknown, visit: (schema: JsonSchema) => JsonSchema): unknown {
  if (!isJsonObject(node)) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (ONE_SCHEMA.has(key)) out[key] = mapSchema(value, visit);
    else if (key === 'items') {
      out[key] = Array.isArray(value) ? value.map((v) => mapSchema(v, visit)) : mapSchema(value, visit);
    } else if (SCHEMA_LIST.has(key) && Array.isArray(value)) out[key] = value.map((v) => mapSchema(v, visit));
    else if (SCHEMA_MAP.has(key) && isJsonObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapSchema(v, visit)]));
    } else out[key] = cloneJson(value);
  }
  return visit(out);
}

/** Every `$ref` string found at a schema position under `node`. */
export function refsOf(node: unknown): string[] {
  const refs: string[] = [];
  mapSchema(node, (schema) => {
    if (typeof schema.$ref === 'string') refs.push(schema.$ref);
    return schema;
  });
  return refs;
}

/** A deep copy of plain JSON. */
export function cloneJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** The definition name a local `$ref` points at (`#/definitions/X` or `#/$defs/X`), if any. */
export function localRefName(ref: string): string | undefined {
  const match = /^#\/(?:definitions|\$defs)\/([^/]+)$/.exec(ref);
  return match?.[1];
}
