/**
 * A block kind a new MCP revision adds is a compile error in the kinds table, and nowhere else.
 * The newest MCP revision's schema under `../shared/mcp-schema` is read in memory, given one
 * more kind (`video`, shaped as `image`) in `ContentBlock`'s `anyOf`, and run through the
 * project's codegen; the module it generates takes the place of the runtime revision's in a
 * copy of `src/` in a temp folder, which is then type-checked as `tsc --noEmit` would (the
 * project's compiler options, one `ts.Program`). Without the extra kind the same copy compiles
 * clean.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { importSpecSchema } from '../../codegen/import.js';
import { generate, mcpSchemaPath } from '../../codegen/pipeline.js';
import { generatedPath } from '../../codegen/print.js';
import { RUNTIME_MCP_REVISION } from '../../src/blocks/mcp.js';
import { HAS_SHARED, PROJECT_ROOT, readSharedJson, sharedPath, SKIP_REASON } from '../support/shared.js';

/** The one file that must learn a new kind: the kinds table. */
const KINDS_TABLE = 'src/blocks/kinds/index.ts';

/** The newest dated revision folder under `../shared/mcp-schema` (a draft is not published). */
function newestRevision(): string {
  const revisions = readdirSync(sharedPath('mcp-schema')).filter((name) => /^\d{4}-\d{2}-\d{2}$/.test(name));
  const newest = revisions.sort().at(-1);
  if (newest === undefined) throw new Error(`no dated MCP revision under ${sharedPath('mcp-schema')}`);
  return newest;
}

type Definitions = Record<string, Record<string, unknown>>;

/** The schema document with `video` (a copy of `image` under another literal type) added. */
function withVideo(document: Record<string, unknown>): Record<string, unknown> {
  const key = '$defs' in document ? '$defs' : 'definitions';
  const definitions = structuredClone(document[key]) as Definitions;
  const image = definitions.ImageContent as { properties: Record<string, unknown> };
  definitions.VideoContent = { ...image, properties: { ...image.properties, type: { const: 'video', type: 'string' } } };
  const union = definitions.ContentBlock as { anyOf: unknown[] };
  definitions.ContentBlock = { ...union, anyOf: [...union.anyOf, { $ref: `#/${key}/VideoContent` }] };
  return { ...document, [key]: definitions };
}

/** The project's compiler options, as `tsconfig.json` sets them. */
function projectOptions(): ts.CompilerOptions {
  const config = ts.readConfigFile(join(PROJECT_ROOT, 'tsconfig.json'), ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config.config, ts.sys, PROJECT_ROOT).options;
}

/**
 * What is type-checked: the kinds table and the modules that read it, with everything they
 * import (the whole of `src/` takes minutes on a busy machine; these are where a kind is read).
 */
const CHECKED = [KINDS_TABLE, 'src/blocks/classify.ts', 'src/blocks/at-depth.ts', 'src/blocks/read-claims.ts'];

/** A copy of `src/` in a temp folder, type-checked against one generated module after another. */
class SourceCopy {
  readonly folder = mkdtempSync(join(tmpdir(), 'blockwise-kinds-'));
  readonly #options = { ...projectOptions(), noEmit: true };
  readonly #host = ts.createCompilerHost(this.#options);
  /** Parsed files outside the generated module, kept across checks (lib and node_modules typings). */
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

  /**
   * Generates the runtime revision's module from `document` with the project's codegen, puts it
   * in place of the committed one (`src/blocks/mcp.ts` imports it), and type-checks. Resolves to
   * each error as `<path relative to the copy>: <message>`.
   */
  async check(document: Record<string, unknown>, revision: string): Promise<string[]> {
    const imported = importSpecSchema(document, revision, `MCP specification schema.json, revision ${revision} (in memory)`);
    const generated = await generate(imported, mcpSchemaPath(revision));
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

describe.skipIf(!HAS_SHARED)(`a new MCP block kind (${HAS_SHARED ? 'reads ../shared' : SKIP_REASON})`, () => {
  // A generous limit, not a measurement: two type-checks on a shared, busy machine.
  it('is a compile error in the kinds table alone, naming the kind; without it the same copy compiles clean', { timeout: 240_000 }, async () => {
    const revision = newestRevision();
    const document = readSharedJson<Record<string, unknown>>('mcp-schema', revision, 'schema.json');
    const copy = new SourceCopy();
    copies.push(copy);
    expect(await copy.check(document, revision)).toEqual([]);
    const errors = await copy.check(withVideo(document), revision);
    expect(errors.length).toBeGreaterThan(0);
    expect(new Set(errors.map((error) => error.slice(0, error.indexOf(':'))))).toEqual(new Set([KINDS_TABLE]));
    expect(errors.join('\n')).toContain("'video'");
  });
});
