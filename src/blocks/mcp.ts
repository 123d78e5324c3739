/**
 * The MCP revision the runtime classifies against, as the blocks layer and everything above it
 * read it: the generated runtime module (`src/generated/mcp-runtime.generated.ts`), which the
 * codegen points at the newest dated revision committed under `schema/mcp/`. Importing a newer
 * revision with the codegen moves it; the compiler then names every table that must learn a new
 * block kind (docs/design.md §3).
 *
 * Why the spec, not the SDK: the spec's `schema.json` is normative and keeps what the SDK's zod
 * schemas lose (integer sizes, formats, open `_meta` objects), and a spec revision is
 * published before an SDK carries it. The SDK-derived schema (`schema/mcp/sdk-<version>.json`)
 * is kept beside it so `codegen --check` notices when an SDK upgrade changes the block shapes,
 * and a type-level test holds the two assignable per block kind.
 */
export * from '../generated/mcp-runtime.generated.js';
