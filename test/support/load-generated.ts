/**
 * Loads a generated TypeScript module's text as a live module (transpiled by the TypeScript
 * compiler, imported from a data: URL), so tests can run guards and visitors the codegen
 * produced in memory.
 */
import ts from 'typescript';

/** Transpiles `source` and imports it. */
export async function loadModule<T = Record<string, unknown>>(source: string): Promise<T> {
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  return (await import(`data:text/javascript;base64,${Buffer.from(outputText).toString('base64')}`)) as T;
}
