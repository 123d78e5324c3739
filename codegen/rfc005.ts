/**
 * The project's authored RFC-005 content-block schema (`schema/rfc005/content-block.json`,
 * JSON Schema draft-07, no `format` keywords) as an import-stage value: its definitions plus
 * `ContentBlock`, the root's `anyOf`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CodegenError, type ImportedSchema, type JsonSchema } from './schema-types.js';
import { isJsonObject } from './schema-walk.js';

/** The authored schema's path, relative to the project root. */
export const RFC005_SCHEMA_PATH = 'schema/rfc005/content-block.json';

/** Reads the authored schema from the project at `root`. */
export function loadRfc005Schema(root: string): ImportedSchema {
  return rfc005FromDocument(readJson(join(root, RFC005_SCHEMA_PATH), RFC005_SCHEMA_PATH), RFC005_SCHEMA_PATH);
}

/** The import-stage value of a parsed RFC-005 schema document. */
export function rfc005FromDocument(document: unknown, path: string): ImportedSchema {
  if (!isJsonObject(document) || !isJsonObject(document.definitions) || !Array.isArray(document.anyOf)) {
    throw new CodegenError(path, 'needs a root "anyOf" of blocks and "definitions"');
  }
  const revision = /revision (\d+)/.exec(String(document.title))?.[1];
  if (revision === undefined) throw new CodegenError(path, 'its "title" names no RFC-005 revision');
  return {
    stage: 'imported',
    family: 'rfc005',
    revision: `revision ${revision}`,
    source: path,
    definitions: { ContentBlock: { anyOf: document.anyOf }, ...(document.definitions as Record<string, JsonSchema>) },
  };
}

function readJson(absolute: string, path: string): unknown {
  try {
    return JSON.parse(readFileSync(absolute, 'utf8'));
  } catch (error) {
    throw new CodegenError(path, (error as Error).message.split('\n')[0] ?? 'unreadable');
  }
}
