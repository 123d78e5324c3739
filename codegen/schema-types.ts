/**
 * The types that pass between the codegen's stages. Each boundary is a distinct type, so the
 * stages (import → prepare → compile → transform → print) can't be reordered by accident.
 */

/** A JSON Schema node, as plain JSON. */
export type JsonSchema = { [key: string]: unknown };

/** What the import stage hands on: structure only, no prose, draft-07 `definitions`. */
export interface ImportedSchema {
  readonly stage: 'imported';
  /** `mcp` for an MCP revision, `rfc005` for the project's authored RFC-005 schema. */
  readonly family: 'mcp' | 'rfc005';
  /** The MCP revision label (`2025-11-25`, `draft`), or the RFC-005 schema's revision. */
  readonly revision: string;
  /** Where the schema came from, as the generated file's header names it. */
  readonly source: string;
  /** The kept definitions, keyed by name. */
  readonly definitions: Readonly<Record<string, JsonSchema>>;
}

/** What the prepare stage hands on: the schema json-schema-to-typescript compiles. */
export interface PreparedSchema {
  readonly stage: 'prepared';
  readonly family: ImportedSchema['family'];
  readonly revision: string;
  readonly source: string;
  /** A root object whose properties reference every definition, so each is emitted. */
  readonly root: JsonSchema;
  /** Definition names in output order. */
  readonly names: readonly string[];
  /** The prepared definitions, keyed by name (what `root` references). */
  readonly definitions: Readonly<Record<string, JsonSchema>>;
}

/** What the compile stage hands on: json-schema-to-typescript's TypeScript text. */
export interface CompiledSource {
  readonly stage: 'compiled';
  readonly family: ImportedSchema['family'];
  readonly revision: string;
  readonly source: string;
  readonly text: string;
  /** The prepared definitions the text was compiled from: what the declarations can't carry (limits, patterns). */
  readonly definitions: Readonly<Record<string, JsonSchema>>;
}

/** What the transform stage hands on: the library-shaped module body. */
export interface TransformedSource {
  readonly stage: 'transformed';
  readonly family: ImportedSchema['family'];
  readonly revision: string;
  readonly source: string;
  readonly text: string;
}

/** A file the print stage produces: a path relative to the project root and its text. */
export interface PrintedFile {
  readonly stage: 'printed';
  readonly path: string;
  readonly text: string;
}

/** A codegen failure with a reason fit for one line; the CLI exits 2 on it. */
export class CodegenError extends Error {
  override readonly name = 'CodegenError';
  /**
   * @param subject the file (or input) the failure is about
   * @param reason what is wrong, in a few words
   */
  constructor(
    readonly subject: string,
    readonly reason: string,
  ) {
    super(`${subject}: ${reason}`);
  }
}
