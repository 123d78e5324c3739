// ESLint for blockwise: typescript-eslint's type-aware recommended rules over every TypeScript
// file the type check covers, and the project's own rules (no literal MCP kind check outside
// the kind tables). Formatting is Prettier's (`npm run format:check`), never ESLint's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** The MCP content block kinds whose meaning lives in `src/blocks/kinds/**` alone. */
const MCP_KINDS = ['text', 'image', 'audio', 'resource_link', 'resource'];

const KIND = `/^(${MCP_KINDS.join('|')})$/`;
const MESSAGE =
  "A literal MCP kind check belongs in the kind's table under src/blocks/kinds/ (issue 17: there a new kind is a compile error, here a silent miss).";

/** A comparison (`===`, `!==`, `==`, `!=`) whose other side isn't a `kind` (blockwise's own `ShownBlock`/`LiveBlock` discriminant). */
const COMPARISON =
  "BinaryExpression[operator=/^[!=]==?$/]:not([left.property.name='kind']):not([right.property.name='kind']):not([left.name='kind']):not([right.name='kind'])";
/** A template literal with no expressions spelling a kind (`` `image` ``). */
const KIND_TEMPLATE = `TemplateLiteral[expressions.length=0][quasis.0.value.cooked=${KIND}]`;

/**
 * A kind's literal compared with anything (`b.type === 'image'`, `'audio' === b['type']`,
 * `c?.type !== 'text'`, a destructured `type === 'resource_link'`, a template literal), a switch
 * case on one (unless the switch reads a `kind`), or an array of them asked `includes`.
 */
const LITERAL_KIND_CHECKS = [
  { selector: `${COMPARISON} > Literal[value=${KIND}]`, message: MESSAGE },
  { selector: `${COMPARISON} > ${KIND_TEMPLATE}`, message: MESSAGE },
  {
    selector: `SwitchStatement:not([discriminant.property.name='kind']):not([discriminant.name='kind']) > SwitchCase > Literal.test[value=${KIND}]`,
    message: MESSAGE,
  },
  { selector: `CallExpression[callee.property.name='includes'] > MemberExpression.callee > ArrayExpression.object > Literal[value=${KIND}]`, message: MESSAGE },
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'reports/**', '.stryker-tmp*/**', 'node_modules/**', 'src/generated/**', 'schema/**', '**/fixtures/**'],
  },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: {
          // Config files outside tsconfig.json's include, linted with its options.
          allowDefaultProject: ['vitest.gate.config.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: {
      reportUnusedDisableDirectives: 'error',
    },
    rules: {
      // Unused locals and parameters are errors; `_`-prefixed names are deliberate (a handler
      // table's signature, an ignored tuple member).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'all',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrors: 'all',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // `async` without `await` is deliberate here: an async API whose synchronous throw must
      // become a rejection, and stubs that implement an async interface.
      '@typescript-eslint/require-await': 'off',
      // Control characters in patterns are the point: terminal text, labels and uris are
      // checked for exactly those characters.
      'no-control-regex': 'off',
      // The MCP SDK types `McpError.code` as a number and its `ErrorCode` as an enum of the same
      // numbers; comparing them is how the SDK itself does it.
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
      // `'SUCCESS' | 'FAILURE' | string` names the known members of an open set, and
      // `Promise<unknown> | unknown` says a callback may be async: documentation, not redundancy.
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      // Passing on what was caught (an `unknown`) as a rejection keeps the original, Error or not.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      '@typescript-eslint/only-throw-error': ['error', { allowThrowingUnknown: true }],
      // Comments about the uri rules show the invisible characters they remove (`to<ZWSP>ken=`).
      'no-irregular-whitespace': ['error', { skipComments: true }],
    },
  },
  {
    // Tests poke at parsed JSON, spies and deliberately odd values: the assertion is the check.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // `expect(spy.method)` and `vi.spyOn` pass methods around unbound on purpose.
      '@typescript-eslint/unbound-method': 'off',
      // A fetch stub's `String(input)` and throwing a non-Error are what some tests exercise.
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/only-throw-error': 'off',
      // The README's code samples are run as written, through `new Function`.
      '@typescript-eslint/no-implied-eval': 'off',
      // Test servers take async request handlers (node:http ignores the promise; errors are asserted).
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
  {
    // The runtime: a literal MCP kind check lives in the kind tables only.
    files: ['src/**/*.ts'],
    ignores: ['src/blocks/kinds/**'],
    rules: {
      'no-restricted-syntax': ['error', ...LITERAL_KIND_CHECKS],
    },
  },
);
