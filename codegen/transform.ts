/**
 * Stage 4, transform: ts-morph passes, in order, over the compiled declarations. They give the
 * library its shape: one interface per block kind with a literal `type`, `ContentBlock` their
 * union, `BLOCK_TYPES`, a shape-checking guard per type, and the exhaustive
 * `BlockHandlers`/`visitBlock` visitor. Each pass's name is its test's name and the prefix of
 * any error it raises.
 */
import { Node, Project, SyntaxKind, type InterfaceDeclaration, type PropertySignature, type SourceFile, type TypeNode } from 'ts-morph';
import { ROOT_TYPE_NAME } from './prepare.js';
import { CodegenError, type CompiledSource, type JsonSchema, type TransformedSource } from './schema-types.js';

/** What the passes learn about the module as they go. */
interface TransformState {
  readonly file: SourceFile;
  readonly subject: string;
  readonly family: CompiledSource['family'];
  readonly revision: string;
  /** Block kind (the literal `type`) → the interfaces that carry it, in union order. */
  kinds: Map<string, string[]>;
  /** The prepared definitions, for what the declarations don't carry. */
  readonly definitions: Readonly<Record<string, JsonSchema>>;
}

/** A transform pass: a name and an in-place edit of the module. */
export interface TransformPass {
  readonly name: string;
  readonly run: (state: TransformState) => void;
}

/** The name of the content-block union every schema defines (or prepare names). */
const UNION = 'ContentBlock';

/** The ordered transform passes. */
export const TRANSFORM_PASSES: readonly TransformPass[] = [
  {
    name: 'Drop the root wrapper',
    run: ({ file }) => file.getInterface(ROOT_TYPE_NAME)?.remove(),
  },
  {
    name: 'Find each block kind by its literal type',
    run: (state) => {
      const union = state.file.getTypeAlias(UNION);
      if (union === undefined) throw passError(state, 'Find each block kind by its literal type', `no ${UNION} type`);
      const kinds = new Map<string, string[]>();
      for (const name of interfacesOf(state, union.getTypeNodeOrThrow())) {
        const kind = literalTypeOf(state.file.getInterfaceOrThrow(name));
        if (kind === undefined) {
          throw passError(state, 'Find each block kind by its literal type', `${name} has no literal "type"`);
        }
        kinds.set(kind, [...(kinds.get(kind) ?? []), name]);
      }
      state.kinds = kinds;
    },
  },
  {
    name: 'Document every declaration',
    run: ({ file, family, revision }) => {
      const origin = family === 'mcp' ? `MCP revision ${revision}` : `the RFC-005 content-block schema (${revision})`;
      for (const declaration of [...file.getInterfaces(), ...file.getTypeAliases()]) {
        if (declaration.getJsDocs().length === 0) {
          declaration.addJsDoc(`\`${declaration.getName()}\`, as ${origin} defines it.`);
        }
      }
    },
  },
  {
    name: 'Export BLOCK_TYPES',
    run: ({ file, kinds }) => {
      const members = [...kinds.keys()].map(quote).join(', ');
      file.addStatements(`
/** Every block kind this schema defines, by its literal \`type\`. */
export const BLOCK_TYPES = [${members}] as const;

/** A block kind's literal \`type\`. */
export type BlockType = (typeof BLOCK_TYPES)[number];

/** The block type(s) whose \`type\` is \`K\`. */
export type BlockOf<K extends BlockType> = Extract<${UNION}, { type: K }>;
`);
    },
  },
  {
    name: 'Add a shape guard per type',
    run: (state) => {
      const { file } = state;
      file.addStatements(`
/** True for a non-null, non-array object. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when \`value\` is an object that passes \`test\`. */
function hasShape(value: unknown, test: (object: Record<string, unknown>) => boolean): boolean {
  return isRecord(value) && test(value);
}
`);
      for (const declaration of file.getInterfaces()) {
        if (declaration.getExtends().length > 0) {
          throw passError(state, 'Add a shape guard per type', `${declaration.getName()} extends another interface`);
        }
        const name = declaration.getName();
        const checks = declaration.getProperties().flatMap((property) => propertyCheck(state, property, 'o', 0) ?? []);
        const body = checks.length === 0 ? 'true' : checks.join(' &&\n    ');
        file.addStatements(`
/** True when \`value\` has the shape of {@link ${name}}: every field it declares is checked, not just \`type\` (wire values are untrusted). */
export function is${name}(value: unknown): value is ${name} {
  if (!isRecord(value)) return false;
  const o = value;
  return ${body};
}
`);
      }
      for (const alias of file.getTypeAliases()) {
        const name = alias.getName();
        if (name === 'BlockType' || name === 'BlockOf') continue;
        file.addStatements(`
/** True when \`value\` has the shape of {@link ${name}}. */
export function is${name}(value: unknown): value is ${name} {
  return ${guardExpression(state, alias.getTypeNodeOrThrow(), 'value', 0)};
}
`);
      }
      const entries = [...state.kinds].map(([kind, names]) =>
        names.length === 1
          ? `${propertyKey(kind)}: is${names[0]}`
          : `${propertyKey(kind)}: (value: unknown): value is BlockOf<${quote(kind)}> => ${names.map((n) => `is${n}(value)`).join(' || ')}`,
      );
      file.addStatements(`
/** The shape guard for each block kind. */
export const BLOCK_GUARDS: { readonly [K in BlockType]: (value: unknown) => value is BlockOf<K> } = {
  ${entries.join(',\n  ')},
};
`);
    },
  },
  {
    name: 'Add the exhaustive visitor',
    run: ({ file }) => {
      file.addStatements(`
/**
 * One handler per block kind plus \`unknown\`. A kind added by a new revision is a compile
 * error in every table until it is handled.
 */
export type BlockHandlers<R, C> = { readonly [K in BlockType]: (block: BlockOf<K>, ctx: C) => R } & {
  /** A value whose \`type\` is no kind of this schema, or which fails its kind's shape guard. */
  readonly unknown: (block: unknown, ctx: C) => R;
};

/**
 * Calls the handler for \`block\`'s kind when its \`type\` names a kind and its shape passes that
 * kind's guard; anything else, never a throw, goes to \`unknown\`.
 */
export function visitBlock<R, C>(block: unknown, handlers: BlockHandlers<R, C>, ctx: C): R {
  if (isRecord(block) && typeof block.type === 'string' && Object.hasOwn(BLOCK_GUARDS, block.type)) {
    const kind = block.type as BlockType;
    if (BLOCK_GUARDS[kind](block)) {
      return (handlers[kind] as (block: ${UNION}, ctx: C) => R)(block, ctx);
    }
  }
  return handlers.unknown(block, ctx);
}
`);
    },
  },
  {
    name: 'Export the limits and patterns of scalar definitions',
    // A type can't carry `maxLength` or `pattern`: code that enforces them reads these, so the
    // schema states each bound once. Nothing is emitted for a schema that sets none.
    run: (state) => {
      const limits: string[] = [];
      const patterns: string[] = [];
      for (const [name, schema] of Object.entries(state.definitions)) {
        if (schema.properties !== undefined) continue;
        const bounds = LIMIT_KEYWORDS.flatMap((keyword) => {
          const value = schema[keyword];
          if (value === undefined) return [];
          if (typeof value !== 'number' || !Number.isFinite(value)) {
            throw passError(state, 'Export the limits and patterns of scalar definitions', `${name}.${keyword} is not a number`);
          }
          return [`${keyword}: ${value}`];
        });
        if (bounds.length > 0) limits.push(`${propertyKey(name)}: { ${bounds.join(', ')} }`);
        const pattern = schema.pattern;
        if (pattern === undefined) continue;
        if (typeof pattern !== 'string') {
          throw passError(state, 'Export the limits and patterns of scalar definitions', `${name}.pattern is not a string`);
        }
        patterns.push(`${propertyKey(name)}: new RegExp(${JSON.stringify(pattern)})`);
      }
      if (limits.length > 0) {
        state.file.addStatements(`
/** The numeric and length bounds the schema sets on its scalar definitions, by definition name. */
export const SCHEMA_LIMITS = {
  ${limits.join(',\n  ')},
} as const;
`);
      }
      if (patterns.length > 0) {
        state.file.addStatements(`
/** The patterns the schema sets on its scalar definitions, by definition name (ECMA-262, as JSON Schema's). */
export const SCHEMA_PATTERNS = {
  ${patterns.join(',\n  ')},
} as const;
`);
      }
    },
  },
];

/** The bound keywords exported as constants, in output order. */
const LIMIT_KEYWORDS = ['minLength', 'maxLength', 'minimum', 'maximum'] as const;

/** Runs every pass over the compiled text; pure (a fresh in-memory project each call). */
export function transform(compiled: CompiledSource): TransformedSource {
  const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { strict: true } });
  const file = project.createSourceFile('generated.ts', compiled.text);
  const state: TransformState = {
    file,
    subject: compiled.source,
    family: compiled.family,
    revision: compiled.revision,
    kinds: new Map(),
    definitions: compiled.definitions,
  };
  for (const pass of TRANSFORM_PASSES) pass.run(state);
  return {
    stage: 'transformed',
    family: compiled.family,
    revision: compiled.revision,
    source: compiled.source,
    text: file.getFullText(),
  };
}

/** A single-quoted TypeScript string literal. */
function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** `key` as an object literal's property name. */
function propertyKey(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : quote(key);
}

/** `object.key` where `key` is an identifier, else `object['key']`. */
function access(object: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${object}.${key}` : `${object}[${quote(key)}]`;
}

function passError(state: TransformState, pass: string, reason: string): CodegenError {
  return new CodegenError(state.subject, `${pass}: ${reason}`);
}

/** The interface names a union type reaches, through type aliases and parentheses. */
function interfacesOf(state: TransformState, node: TypeNode): string[] {
  if (Node.isParenthesizedTypeNode(node)) return interfacesOf(state, node.getTypeNode());
  if (Node.isUnionTypeNode(node)) return node.getTypeNodes().flatMap((member) => interfacesOf(state, member));
  if (Node.isTypeReference(node)) {
    const name = node.getTypeName().getText();
    if (state.file.getInterface(name)) return [name];
    const alias = state.file.getTypeAlias(name);
    if (alias) return interfacesOf(state, alias.getTypeNodeOrThrow());
  }
  throw passError(state, 'Find each block kind by its literal type', `unexpected union member ${node.getText()}`);
}

/** The string literal of an interface's `type` property, if it has one. */
function literalTypeOf(declaration: InterfaceDeclaration): string | undefined {
  const node = declaration.getProperty('type')?.getTypeNode();
  if (node === undefined || !Node.isLiteralTypeNode(node)) return undefined;
  const literal = node.getLiteral();
  return Node.isStringLiteral(literal) ? literal.getLiteralValue() : undefined;
}

/** The check for one property of an object bound to `object` (none for an optional `unknown`). */
function propertyCheck(state: TransformState, property: PropertySignature, object: string, depth: number): string | undefined {
  const key = property.getName().replace(/^["']|["']$/g, '');
  const field = access(object, key);
  const check = guardExpression(state, property.getTypeNodeOrThrow(), field, depth);
  if (property.hasQuestionToken()) {
    if (check === 'true') return undefined;
    return check === 'false' ? `${field} === undefined` : `(${field} === undefined || ${check})`;
  }
  const present = `Object.hasOwn(${object}, ${quote(key)})`;
  return check === 'true' ? present : `${present} && ${check}`;
}

/** A boolean expression that is true when `value` fits the type `node`. */
function guardExpression(state: TransformState, node: TypeNode, value: string, depth: number): string {
  switch (node.getKind()) {
    case SyntaxKind.StringKeyword:
      return `typeof ${value} === 'string'`;
    case SyntaxKind.NumberKeyword:
      return `typeof ${value} === 'number'`;
    case SyntaxKind.BooleanKeyword:
      return `typeof ${value} === 'boolean'`;
    case SyntaxKind.UnknownKeyword:
    case SyntaxKind.AnyKeyword:
      return 'true';
    case SyntaxKind.NeverKeyword:
      return 'false';
    case SyntaxKind.UndefinedKeyword:
      return `${value} === undefined`;
    default:
      break;
  }
  if (Node.isLiteralTypeNode(node)) return `${value} === ${node.getLiteral().getText()}`;
  if (Node.isParenthesizedTypeNode(node)) return guardExpression(state, node.getTypeNode(), value, depth);
  if (Node.isUnionTypeNode(node)) {
    const members = node.getTypeNodes().map((member) => guardExpression(state, member, value, depth));
    return members.includes('true') ? 'true' : `(${members.join(' || ')})`;
  }
  if (Node.isIntersectionTypeNode(node)) {
    return `(${node
      .getTypeNodes()
      .map((member) => guardExpression(state, member, value, depth))
      .join(' && ')})`;
  }
  if (Node.isArrayTypeNode(node)) {
    const item = `item${depth}`;
    return `(Array.isArray(${value}) && ${value}.every((${item}: unknown) => ${guardExpression(state, node.getElementTypeNode(), item, depth + 1)}))`;
  }
  if (Node.isTypeReference(node)) {
    const name = node.getTypeName().getText();
    if (state.file.getInterface(name) || state.file.getTypeAlias(name)) return `is${name}(${value})`;
  }
  if (Node.isTypeLiteral(node)) {
    const object = `o${depth + 1}`;
    const checks = node.getMembers().flatMap((member) => {
      if (Node.isPropertySignature(member)) return [propertyCheck(state, member, object, depth + 1) ?? []].flat();
      if (Node.isIndexSignatureDeclaration(member)) {
        const valueType = member.getReturnTypeNode();
        const item = `entry${depth}`;
        const each = valueType === undefined ? 'true' : guardExpression(state, valueType, item, depth + 1);
        return each === 'true' ? [] : [`Object.values(${object}).every((${item}: unknown) => ${each})`];
      }
      throw passError(state, 'Add a shape guard per type', `unsupported member ${member.getText()}`);
    });
    return `hasShape(${value}, (${object}) => ${checks.length === 0 ? 'true' : checks.join(' && ')})`;
  }
  throw passError(state, 'Add a shape guard per type', `unsupported type ${node.getText()}`);
}
