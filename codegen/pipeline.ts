/**
 * The codegen, top-down: import → prepare → compile → transform → print. Every function here
 * works in memory; only the CLI writes files.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from './compile.js';
import { importSdkSchema, parseCommitted, sdkVersion, serializeImported } from './import.js';
import { prepare } from './prepare.js';
import { generatedPath, print, printRuntime } from './print.js';
import { loadRfc005Schema, RFC005_SCHEMA_PATH } from './rfc005.js';
import type { ImportedSchema, PrintedFile } from './schema-types.js';
import { transform } from './transform.js';

/** Where committed MCP schemas live, relative to the project root. */
export const MCP_SCHEMA_DIR = 'schema/mcp';

/** A file the codegen owns: its project-relative path and the text it must hold. */
export interface PlannedFile {
  readonly path: string;
  readonly text: string;
}

/** Runs the pipeline for one imported schema and returns the generated module. */
export async function generate(imported: ImportedSchema, schemaPath: string): Promise<PrintedFile> {
  return print(transform(await compile(prepare(imported))), schemaPath);
}

/** The committed path of an MCP revision's imported schema. */
export function mcpSchemaPath(revision: string): string {
  return `${MCP_SCHEMA_DIR}/${revision}.json`;
}

/** The committed path of the SDK-derived schema. */
export function sdkSchemaPath(version = sdkVersion()): string {
  return `${MCP_SCHEMA_DIR}/sdk-${version}.json`;
}

/**
 * Every file the codegen owns, regenerated from the committed `schema/` and the installed
 * SDK only (never from `../shared`): the SDK-derived schema, one module per committed MCP
 * revision, the module naming the runtime's revision, and the RFC-005 module.
 */
export async function planAll(root: string): Promise<PlannedFile[]> {
  const planned: PlannedFile[] = [{ path: sdkSchemaPath(), text: serializeImported(importSdkSchema()) }];
  const revisions = committedRevisions(root);
  for (const revision of revisions) {
    const path = mcpSchemaPath(revision);
    const imported = parseCommitted(readFileSync(join(root, path), 'utf8'), path, 'mcp');
    planned.push(await generate(imported, path));
  }
  const runtime = runtimeRevision(revisions);
  if (runtime !== undefined) planned.push(printRuntime(runtime));
  planned.push(await generate(loadRfc005Schema(root), RFC005_SCHEMA_PATH));
  return planned;
}

/** A published revision's label: a date (a draft is not published). */
const DATED = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The revision the runtime classifies against: the newest dated one of `revisions`, or
 * undefined where none is. Importing a newer revision moves the runtime to it, so the compiler
 * names every table that must learn a kind it adds (docs/design.md §3).
 */
export function runtimeRevision(revisions: readonly string[]): string | undefined {
  return revisions
    .filter((revision) => DATED.test(revision))
    .sort()
    .at(-1);
}

/** The revisions with a committed `schema/mcp/<revision>.json` (the SDK's file excluded). */
export function committedRevisions(root: string): string[] {
  const dir = join(root, MCP_SCHEMA_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.startsWith('sdk-'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

/** Generated files on disk that no committed schema accounts for (a schema was removed). */
export function strayGenerated(root: string, planned: readonly PlannedFile[]): string[] {
  const owned = new Set(planned.map((file) => file.path));
  const found: string[] = [];
  for (const dir of ['src/generated', 'src/generated/mcp']) {
    if (!existsSync(join(root, dir))) continue;
    for (const name of readdirSync(join(root, dir))) {
      const path = `${dir}/${name}`;
      if (name.endsWith('.generated.ts') && !owned.has(path)) found.push(path);
    }
  }
  for (const name of existsSync(join(root, MCP_SCHEMA_DIR)) ? readdirSync(join(root, MCP_SCHEMA_DIR)) : []) {
    const path = `${MCP_SCHEMA_DIR}/${name}`;
    if (name.startsWith('sdk-') && !owned.has(path)) found.push(path);
  }
  return found;
}

export { generatedPath };
