/**
 * The MCP revision the runtime classifies against: the newest published revision's
 * generated types. A new revision is imported with the codegen and this one import line moves
 * to it; the compiler then names every handler table that must learn a new block kind.
 *
 * Why the spec, not the SDK: the spec's `schema.json` is normative and keeps what the SDK's zod
 * schemas lose (integer sizes, formats, open `_meta` objects), and a spec revision is
 * published before an SDK carries it. The SDK-derived schema (`schema/mcp/sdk-<version>.json`)
 * is kept beside it so `codegen --check` notices when an SDK upgrade changes the block shapes,
 * and a type-level test holds the two assignable per block kind.
 */
export * from '../generated/mcp/2026-07-28.generated.js';

/** The revision label of the generated types above. */
export const RUNTIME_MCP_REVISION = '2026-07-28';
