/**
 * The codegen's command line.
 *
 *   codegen generate                               regenerate every owned file (npm run codegen)
 *   codegen check                                  regenerate in memory, diff, exit 1 on drift
 *   codegen import --from <schema.json> --revision <r>
 *                                                  import an MCP spec schema, then generate
 *
 * Bad input is one line on stderr naming the file and the reason, exit 2, nothing written.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createTwoFilesPatch } from 'diff';
import { checkRevisionLabel, importSpecSchema, serializeImported } from './import.js';
import { committedRevisions, generate, mcpSchemaPath, planAll, runtimeRevision, strayGenerated, type PlannedFile } from './pipeline.js';
import { printRuntime } from './print.js';
import { CodegenError } from './schema-types.js';

const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs the CLI with `argv` (without node and script); resolves to the exit code. */
export async function main(argv: readonly string[], root = PROJECT_ROOT): Promise<number> {
  const [command = 'generate', ...rest] = argv;
  try {
    switch (command) {
      case 'generate':
        return await runGenerate(root);
      case 'check':
      case '--check':
        return await runCheck(root);
      case 'import':
        return await runImport(rest, root);
      default:
        throw new CodegenError('codegen', `unknown command "${command}" (generate, check, import)`);
    }
  } catch (error) {
    if (error instanceof CodegenError) {
      process.stderr.write(`codegen: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

async function runGenerate(root: string): Promise<number> {
  const started = performance.now();
  const planned = await planAll(root);
  writeAll(root, planned);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`codegen: wrote ${planned.length} files in ${seconds} s\n`);
  for (const file of planned) process.stdout.write(`  ${file.path}\n`);
  return 0;
}

async function runCheck(root: string): Promise<number> {
  const planned = await planAll(root);
  const drift: string[] = [];
  for (const file of planned) {
    const absolute = join(root, file.path);
    const current = existsSync(absolute) ? readFileSync(absolute, 'utf8') : '';
    if (current !== file.text) {
      drift.push(createTwoFilesPatch(`${file.path} (committed)`, `${file.path} (regenerated)`, current, file.text));
    }
  }
  for (const stray of strayGenerated(root, planned)) drift.push(`${stray}: no committed schema generates it\n`);
  if (drift.length === 0) {
    process.stdout.write(`codegen --check: ${planned.length} files up to date\n`);
    return 0;
  }
  process.stdout.write(drift.join('\n'));
  process.stdout.write(`codegen --check: ${drift.length} file(s) differ; run \`npm run codegen\` and commit\n`);
  return 1;
}

async function runImport(args: readonly string[], root: string): Promise<number> {
  let values: { from?: string; revision?: string };
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: { from: { type: 'string' }, revision: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    throw new CodegenError('codegen import', (error as Error).message);
  }
  if (values.from === undefined || values.revision === undefined) {
    throw new CodegenError('codegen import', 'needs --from <schema.json> and --revision <YYYY-MM-DD|draft>');
  }
  const from = values.from;
  checkRevisionLabel(values.revision, from);
  let text: string;
  try {
    text = readFileSync(from, 'utf8');
  } catch (error) {
    throw new CodegenError(from, `can't be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new CodegenError(from, `is not JSON (${(error as Error).message.split('\n')[0]})`);
  }
  const source = `MCP specification schema.json, revision ${values.revision}`;
  const imported = importSpecSchema(document, values.revision, source, from);
  const schemaPath = mcpSchemaPath(values.revision);
  const files: PlannedFile[] = [{ path: schemaPath, text: serializeImported(imported) }, await generate(imported, schemaPath)];
  writeAll(root, files);
  // The runtime follows the newest dated revision, the one just imported included.
  const runtime = runtimeRevision([...committedRevisions(root), values.revision]);
  if (runtime !== undefined) {
    const runtimeFile = printRuntime(runtime);
    writeAll(root, [runtimeFile]);
    files.push(runtimeFile);
  }
  for (const file of files) process.stdout.write(`codegen: wrote ${file.path}\n`);
  return 0;
}

function writeAll(root: string, files: readonly PlannedFile[]): void {
  for (const file of files) {
    const absolute = join(root, file.path);
    mkdirSync(dirname(absolute), { recursive: true });
    writeFileSync(absolute, file.text);
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
