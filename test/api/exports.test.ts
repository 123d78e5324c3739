/**
 * The package root's exports, names and kinds, against a committed list
 * (`exports.snapshot.txt`): a change to what the package exports is a reviewed diff. After a
 * deliberate change, `npx vitest run test/api -u` rewrites the list.
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as root from '../../src/index.js';

const INDEX = fileURLToPath(new URL('../../src/index.ts', import.meta.url));

/** What a declaration is, in the words a reader of the API uses. */
function kindOf(symbol: ts.Symbol, checker: ts.TypeChecker): string {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const flags = target.flags;
  if (flags & ts.SymbolFlags.Class) return 'class';
  if (flags & ts.SymbolFlags.Function) return 'function';
  if (flags & ts.SymbolFlags.Variable) return 'const';
  if (flags & ts.SymbolFlags.ValueModule) return 'namespace';
  if (flags & ts.SymbolFlags.NamespaceModule) return 'namespace (types)';
  if (flags & ts.SymbolFlags.Interface) return 'interface';
  if (flags & ts.SymbolFlags.TypeAlias) return 'type';
  return `flags ${flags}`;
}

/** Every export of the root as `name kind`, sorted; a type-only export of a value reads `type-only`. */
function rootExports(): { readonly lines: string[]; readonly values: string[] } {
  const program = ts.createProgram([INDEX], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(INDEX)!;
  const lines: string[] = [];
  const values: string[] = [];
  for (const symbol of checker.getExportsOfModule(checker.getSymbolAtLocation(file)!)) {
    const typeOnly = symbol.declarations?.some((declaration) => ts.isTypeOnlyExportDeclaration(declaration)) ?? false;
    const kind = kindOf(symbol, checker);
    const value = !typeOnly && ['class', 'function', 'const', 'namespace'].includes(kind);
    if (value) values.push(symbol.name);
    lines.push(`${symbol.name} ${kind}${typeOnly && kind !== 'interface' && kind !== 'type' ? ' (type-only)' : ''}`);
  }
  return { lines: lines.sort(), values: values.sort() };
}

describe('package root', () => {
  const { lines, values } = rootExports();

  it('exports exactly the committed names and kinds', async () => {
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./exports.snapshot.txt');
  });

  it('has at run time exactly the value exports its declarations name', () => {
    expect(Object.keys(root).sort()).toEqual(values);
  });
});
