/**
 * Stage 3, compile: json-schema-to-typescript, every option pinned here.
 */
import { compile as compileSchema, type Options } from 'json-schema-to-typescript';
import type { CompiledSource, PreparedSchema } from './schema-types.js';
import { ROOT_TYPE_NAME } from './prepare.js';

/**
 * The compiler's options, all of them chosen on purpose:
 * - `additionalProperties: false` — no `[k: string]: unknown` on every object (its default
 *   emits 247 of them on one revision, which breaks exact-key checks); a schema that asks for
 *   extra properties explicitly (`_meta`) still gets its index signature.
 * - `unknownAny` — `unknown`, never `any`, for unconstrained values.
 * - `strictIndexSignatures` — index signatures read as `T | undefined` under strictNullChecks.
 * - `$refOptions` — nothing resolved over http or from files; every `$ref` is local.
 * - `format: true` with `style` pinned — prettier lays the declarations out once; the
 *   transform stage's additions are written already laid out.
 * - `bannerComment: ''` — the print stage writes the header.
 */
export const COMPILE_OPTIONS: Partial<Options> = {
  additionalProperties: false,
  bannerComment: '',
  declareExternallyReferenced: true,
  enableConstEnums: false,
  inferStringEnumKeysFromValues: false,
  format: true,
  style: {
    bracketSpacing: true,
    printWidth: 100,
    semi: true,
    singleQuote: true,
    tabWidth: 2,
    trailingComma: 'all',
    useTabs: false,
  },
  ignoreMinAndMaxItems: true,
  maxItems: -1,
  strictIndexSignatures: true,
  unreachableDefinitions: false,
  unknownAny: true,
  $refOptions: { resolve: { http: false, file: false, external: false } },
};

/** Compiles a prepared schema to TypeScript declarations. */
export async function compile(prepared: PreparedSchema): Promise<CompiledSource> {
  const text = await compileSchema(prepared.root, ROOT_TYPE_NAME, {
    ...COMPILE_OPTIONS,
  });
  return {
    stage: 'compiled',
    family: prepared.family,
    revision: prepared.revision,
    source: prepared.source,
    text,
    definitions: prepared.definitions,
  };
}
