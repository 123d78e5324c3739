/**
 * The provider SDKs stay type-only (issue 13): no module under src/ imports one at run time,
 * and none is a runtime dependency, so a host installs only the SDK it uses.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SDKS = ['@anthropic-ai/sdk', 'openai', '@google/genai', 'ai', '@ai-sdk/provider', '@ai-sdk/provider-utils'];
const ROOT = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** Each `import … from '<specifier>'` of a file, with whether it is `import type`. */
function importsOf(text: string): { specifier: string; typeOnly: boolean }[] {
  const found: { specifier: string; typeOnly: boolean }[] = [];
  for (const match of text.matchAll(/^(import|export)\s+(type\s+)?[^;]*?\sfrom\s+'([^']+)'/gms)) {
    found.push({ specifier: match[3] ?? '', typeOnly: match[2] !== undefined });
  }
  return found;
}

function isSdk(specifier: string): boolean {
  return SDKS.some((sdk) => specifier === sdk || specifier.startsWith(`${sdk}/`));
}

describe('provider SDK imports under src/', () => {
  it('are all `import type`', () => {
    const runtime: string[] = [];
    let typeOnly = 0;
    for (const file of sourceFiles(join(ROOT, 'src'))) {
      for (const { specifier, typeOnly: isType } of importsOf(readFileSync(file, 'utf8'))) {
        if (!isSdk(specifier)) continue;
        if (isType) typeOnly += 1;
        else runtime.push(`${file}: ${specifier}`);
      }
    }
    expect(runtime).toEqual([]);
    expect(typeOnly).toBeGreaterThan(0);
  });

  it('name no runtime dependency', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    expect(Object.keys(pkg.dependencies ?? {}).filter(isSdk)).toEqual([]);
  });
});
