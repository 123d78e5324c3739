// The layers the build enforces (docs/design.md §2), checked by `npm run lint:deps`. Each layer
// imports only from the layers listed before it (type-only imports included), no module is in
// a cycle, the generated MCP types are read only through the module that names the runtime's
// revision, generated modules import nothing hand-written, and src/ never imports the tooling
// beside it (codegen, tests, benches, scripts) or the build output.
//
// A layer is a list of paths, mostly whole folders. Three files sit apart from their folder,
// where what they import and who imports them places them: the marker texts read the uri rules
// (a server's type label is checked before a marker shows it); the provider profiles are data the
// classification reads; the fetch_reference tool answers with a rendered result.

/** @typedef {{ name: string, paths: string[] }} Layer */

/** @type {Layer[]} lowest first */
const LAYERS = [
  { name: 'text', paths: ['^src/text/(?!markers[.]ts$)', '^src/walk[.]ts$'] },
  { name: 'uri', paths: ['^src/uri/'] },
  { name: 'markers', paths: ['^src/text/markers[.]ts$'] },
  { name: 'references', paths: ['^src/references/(?!fetch-reference-tool[.]ts$)'] },
  { name: 'blocks', paths: ['^src/blocks/', '^src/inputs[.]ts$', '^src/providers/profiles[.]ts$'] },
  { name: 'lanes', paths: ['^src/lanes/'] },
  { name: 'providers', paths: ['^src/providers/(?!profiles[.]ts$)'] },
  { name: 'host', paths: ['^src/host[.]ts$', '^src/references/fetch-reference-tool[.]ts$'] },
  { name: 'clients', paths: ['^src/mcp-client/'] },
  { name: 'cli', paths: ['^src/cli/', '^src/cli[.]ts$'] },
  { name: 'package root', paths: ['^src/index[.]ts$'] },
];

/** One rule per layer: nothing it holds imports a layer above it. */
const upwardRules = LAYERS.slice(0, -1).map((layer, index) => {
  const above = LAYERS.slice(index + 1);
  return {
    name: `layer-${layer.name.replaceAll(' ', '-')}`,
    comment: `The ${layer.name} layer imports only from the layers below it (${
      LAYERS.slice(0, index)
        .map((l) => l.name)
        .join(', ') || 'none'
    }), never from ${above.map((l) => l.name).join(', ')} (docs/design.md §2).`,
    severity: 'error',
    from: { path: layer.paths },
    to: { path: above.flatMap((l) => l.paths) },
  };
});

/** The type-only provider SDKs: `src/` names their types, never loads them. */
const PROVIDER_SDKS = ['^@anthropic-ai/sdk(/|$)', '^openai(/|$)', '^@google/genai(/|$)', '^ai$', '^@ai-sdk/mcp(/|$)'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'A module never reaches itself through its imports (type-only ones included).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...upwardRules,
    {
      name: 'lanes-apart',
      comment: 'The three lanes share what they share through modules below them (host-core, copies, inputs), never through each other.',
      severity: 'error',
      from: { path: '^src/lanes/(tool-result|push|script)[.]ts$' },
      to: { path: '^src/lanes/(tool-result|push|script)[.]ts$' },
    },
    {
      name: 'src-outside-layers',
      comment: 'Every module under src/ belongs to a layer: a new folder is placed in LAYERS (and docs/design.md §2) first.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/generated/', ...LAYERS.flatMap((l) => l.paths)] },
      to: {},
    },
    {
      name: 'generated-mcp-through-the-runtime-module',
      comment:
        'A dated MCP revision (src/generated/mcp/) is read only through src/generated/mcp-runtime.generated.ts, which the codegen points at the revision the runtime classifies against, never by its date (docs/design.md §3).',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/generated/' },
      to: { path: '^src/generated/mcp/' },
    },
    {
      name: 'runtime-revision-through-blocks-mcp',
      comment:
        'The runtime revision is read from the blocks layer up through src/blocks/mcp.ts; below it only RFC-005 testimony (src/references/) reads the generated runtime module, for the kinds a reference arrives as (docs/design.md §2).',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/generated/', '^src/blocks/mcp[.]ts$', '^src/references/'] },
      to: { path: '^src/generated/mcp-runtime[.]generated[.]ts$' },
    },
    {
      name: 'generated-imports-only-generated',
      comment:
        'Generated modules sit under every layer: they import nothing written by hand (no module of src/, no package, no build tool), only each other (docs/design.md §2).',
      severity: 'error',
      from: { path: '^src/generated/' },
      to: { pathNot: '^src/generated/' },
    },
    {
      name: 'src-not-to-tooling',
      comment:
        'The runtime never imports the build and test tooling (the codegen, tests, benches, scripts) or the build output: those sit beside src/, not under it (docs/design.md §2).',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(codegen|test|bench|scripts|dist)/' },
    },
    {
      name: 'provider-sdks-type-only',
      comment: 'The provider SDKs are devDependencies: src/ imports them with `import type` only.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: PROVIDER_SDKS, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are edges too: a type from a layer above is a dependency on it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
