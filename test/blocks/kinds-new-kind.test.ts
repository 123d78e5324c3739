/**
 * A block kind a new MCP revision adds is a compile error exactly where a kind must be learnt,
 * and nowhere else: the kinds table, and RFC-005 testimony's reference forms. The schema of the
 * revision the runtime is pointed at (`RUNTIME_MCP_REVISION`, which the codegen names in
 * `src/generated/mcp-runtime.generated.ts`) is read from `schema/mcp/`, given one more kind
 * (`video`, shaped as `image`) in `ContentBlock`'s `anyOf`, and run through the project's
 * codegen; the module it generates takes the place of the runtime revision's in a copy of
 * `src/` in a temp folder, which is then type-checked as `tsc --noEmit` would (the project's
 * compiler options, one `ts.Program`). Without the extra kind the same copy compiles clean.
 *
 * The record codec reads its kinds from testimony, so it must compile throughout: once
 * testimony lists the new kind it is read back with no edit of its own. Testimony's entry is
 * checked against the kind's generated shape: a kind whose block can name a location must be
 * given a reference form, and listing it without one stays an error.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCommitted } from '../../codegen/import.js';
import { generate, mcpSchemaPath } from '../../codegen/pipeline.js';
import { generatedPath } from '../../codegen/print.js';
import type { ImportedSchema, JsonSchema } from '../../codegen/schema-types.js';
import { RUNTIME_MCP_REVISION } from '../../src/generated/mcp-runtime.generated.js';
import { PROJECT_ROOT } from '../support/shared.js';

/** The files that must learn a new kind: the kinds table and testimony's reference forms. */
const KINDS_TABLE = 'src/blocks/kinds/index.ts';
const TESTIMONY = 'src/references/testimony.ts';
/** A file that reads the kinds testimony lists, and must never need its own edit. */
const RECORD_CODEC = 'src/references/record-codec.ts';

/** The committed schema of the revision the runtime classifies against. */
function runtimeSchema(): ImportedSchema {
  const path = mcpSchemaPath(RUNTIME_MCP_REVISION);
  return parseCommitted(readFileSync(join(PROJECT_ROOT, path), 'utf8'), path, 'mcp');
}

/**
 * The schema with `video` (a copy of `image` under another literal type) added to `ContentBlock`;
 * with `locating`, its block also requires a `uri`, so it can name a location.
 */
function withVideo(schema: ImportedSchema, locating = false): ImportedSchema {
  const definitions = structuredClone(schema.definitions) as Record<string, JsonSchema>;
  const image = definitions.ImageContent as { properties: JsonSchema; required: string[] };
  const properties = { ...image.properties, type: { const: 'video', type: 'string' }, ...(locating ? { uri: { type: 'string' } } : {}) };
  definitions.VideoContent = { ...image, properties, required: locating ? [...image.required, 'uri'] : image.required };
  const union = definitions.ContentBlock as { anyOf: unknown[] };
  definitions.ContentBlock = { ...union, anyOf: [...union.anyOf, { $ref: '#/definitions/VideoContent' }] };
  return { ...schema, definitions };
}

/** The project's compiler options, as `tsconfig.json` sets them. */
function projectOptions(): ts.CompilerOptions {
  const config = ts.readConfigFile(join(PROJECT_ROOT, 'tsconfig.json'), ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config.config, ts.sys, PROJECT_ROOT).options;
}

/**
 * What is type-checked: the tables a kind is listed in and the modules that read them, with
 * everything they import (the whole of `src/` takes minutes on a busy machine; these are where a
 * kind is read).
 */
const CHECKED = [KINDS_TABLE, 'src/blocks/classify.ts', 'src/blocks/at-depth.ts', 'src/blocks/read-claims.ts', 'src/inputs.ts', TESTIMONY, RECORD_CODEC];

/** The file each error is in, relative to the copy. */
function filesOf(errors: readonly string[]): Set<string> {
  return new Set(errors.map((error) => error.slice(0, error.indexOf(':'))));
}

/** A copy of `src/` in a temp folder, type-checked against one generated module after another. */
class SourceCopy {
  readonly folder = mkdtempSync(join(tmpdir(), 'blockwise-kinds-'));
  readonly #options = { ...projectOptions(), noEmit: true };
  readonly #host = ts.createCompilerHost(this.#options);
  /** Parsed files outside the generated module and edited files, kept across checks (lib and node_modules typings). */
  readonly #parsed = new Map<string, ts.SourceFile | undefined>();
  #program: ts.Program | undefined;

  constructor() {
    cpSync(join(PROJECT_ROOT, 'src'), join(this.folder, 'src'), { recursive: true });
    symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(this.folder, 'node_modules'), 'dir');
    writeFileSync(join(this.folder, 'package.json'), JSON.stringify({ type: 'module' }));
    const read = this.#host.getSourceFile.bind(this.#host);
    this.#host.getSourceFile = (fileName, language, onError, fresh) => {
      if (fileName.includes('/src/generated/')) return read(fileName, language, onError, fresh);
      if (!this.#parsed.has(fileName)) this.#parsed.set(fileName, read(fileName, language, onError, fresh));
      return this.#parsed.get(fileName);
    };
  }

  /** Replaces `from` (which must occur once) with `to` in the copy's `path`. */
  edit(path: string, from: string, to: string): void {
    const absolute = join(this.folder, path);
    const text = readFileSync(absolute, 'utf8');
    expect(text.split(from).length, `${path} holds ${JSON.stringify(from)} once`).toBe(2);
    writeFileSync(absolute, text.replace(from, to));
    this.#parsed.delete(resolve(absolute).replaceAll('\\', '/'));
    this.#parsed.delete(absolute);
  }

  /**
   * Generates the runtime revision's module from `schema` with the project's codegen, puts it in
   * place of the committed one (the generated runtime module re-exports it), and type-checks.
   * Resolves to each error as `<path relative to the copy>: <message>`.
   */
  async check(schema: ImportedSchema): Promise<string[]> {
    const generated = await generate(schema, mcpSchemaPath(RUNTIME_MCP_REVISION));
    writeFileSync(join(this.folder, generatedPath('mcp', RUNTIME_MCP_REVISION)), generated.text);
    const rootNames = CHECKED.map((path) => join(this.folder, path));
    this.#program = ts.createProgram({ rootNames, options: this.#options, host: this.#host, oldProgram: this.#program });
    return ts.getPreEmitDiagnostics(this.#program).map((diagnostic) => {
      const where = diagnostic.file === undefined ? '(no file)' : relative(this.folder, resolve(diagnostic.file.fileName)).replaceAll('\\', '/');
      return `${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
    });
  }
}

const copies: SourceCopy[] = [];
afterAll(() => {
  for (const copy of copies) rmSync(copy.folder, { recursive: true, force: true });
});

/** Testimony's entry for a kind whose blocks are never references (the one `text` has). */
const TEXT_ENTRY = '  text: undefined,\n';

describe(`a new block kind in MCP revision ${RUNTIME_MCP_REVISION} (the runtime's)`, () => {
  // A generous limit, not a measurement: four type-checks on a shared, busy machine.
  it('is a compile error in the kinds table and testimony alone, naming the kind; the record codec follows testimony', { timeout: 600_000 }, async () => {
    const schema = runtimeSchema();
    expect(schema.revision).toBe(RUNTIME_MCP_REVISION);
    const copy = new SourceCopy();
    copies.push(copy);
    expect(await copy.check(schema)).toEqual([]);

    const unlearnt = await copy.check(withVideo(schema));
    expect(filesOf(unlearnt)).toEqual(new Set([KINDS_TABLE, TESTIMONY]));
    for (const file of [KINDS_TABLE, TESTIMONY]) {
      expect(unlearnt.filter((error) => error.startsWith(`${file}:`)).join('\n'), file).toContain("'video'");
    }

    // Testimony learns the kind (never a reference: its block names no location); only the
    // kinds table is left, and the record codec compiles with no edit of its own.
    copy.edit(TESTIMONY, TEXT_ENTRY, `${TEXT_ENTRY}  video: undefined,\n`);
    expect(filesOf(await copy.check(withVideo(schema)))).toEqual(new Set([KINDS_TABLE]));

    // A kind whose block can name a location must have a reference form: listing it without one
    // is still an error in testimony.
    const locating = await copy.check(withVideo(schema, true));
    expect(filesOf(locating)).toEqual(new Set([KINDS_TABLE, TESTIMONY]));
    expect(locating.filter((error) => error.startsWith(`${TESTIMONY}:`)).join('\n')).toContain('video');
  });
});
