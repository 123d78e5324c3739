/**
 * Which calls `blockwise call` makes: each listed tool once with arguments derived from its input
 * schema (required fields only, so the server's defaults apply to the rest), once per argument
 * set given for it, or skipped with a reason where it can't be called from here.
 */
import { SKIP_TEXT } from './messages.js';
import type { ArgumentSets, CallOptions } from './options.js';
import { isPlainObject } from './options.js';
import { asRead } from '../text/labels.js';

/** What `call` reads of a listed tool. */
export interface ListedTool {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema?: unknown;
  readonly annotations?: { readonly readOnlyHint?: boolean; readonly destructiveHint?: boolean };
  readonly execution?: { readonly taskSupport?: string };
  /** MCP Apps read `_meta.ui.visibility` (who may call the tool: the model, the app). */
  readonly _meta?: unknown;
}

/** One planned call, or a skip with its reason. */
export type PlannedCall =
  | { readonly kind: 'call'; readonly tool: string; readonly args: Record<string, unknown>; readonly derived: boolean }
  | { readonly kind: 'skip'; readonly tool: string; readonly reason: string };

/** Arguments derived from an input schema, or why they can't be. */
export type DerivedArguments = { readonly ok: true; readonly args: Record<string, unknown> } | { readonly ok: false; readonly reason: string };

/** How `planCalls` chooses: the target, the arguments given by name, and whether writes are asked for. */
export interface PlanOptions {
  readonly target: CallOptions['target'];
  readonly argumentSets: ArgumentSets;
  /** `--include-writes`: `--all` calls tools that may change state too. */
  readonly includeWrites?: boolean;
}

/**
 * The calls to make, in the server's order. `--tool` always calls what it names (a tool the
 * server doesn't list too: the server answers for it). `--all` calls each listed tool, but skips
 * with a reason the tools it can't call from here and those that may change state (see
 * {@link writeReason}) unless writes are asked for; argument sets for unlisted tools become skips.
 * Sampling and elicitation are never judged here, by a name: a call that asks for them is told
 * this client offers neither, and its output says it asked.
 */
export function planCalls(tools: readonly ListedTool[], options: PlanOptions): PlannedCall[] {
  const { target, argumentSets } = options;
  if (target.kind === 'one') {
    const tool = tools.find((listed) => listed.name === target.tool) ?? { name: target.tool };
    const given = target.args === undefined ? argumentSets.get(tool.name) : [target.args];
    if (given !== undefined && given.length > 0) return given.map((args) => ({ kind: 'call', tool: tool.name, args, derived: false }));
    const derived = deriveArguments(tool.inputSchema);
    return [{ kind: 'call', tool: tool.name, args: derived.ok ? derived.args : {}, derived: derived.ok }];
  }
  const planned = tools.flatMap((tool) => planTool(tool, argumentSets.get(tool.name), options.includeWrites === true));
  const listed = new Set(tools.map((tool) => tool.name));
  for (const name of argumentSets.keys()) if (!listed.has(name)) planned.push({ kind: 'skip', tool: name, reason: SKIP_TEXT.notListed });
  return planned;
}

function planTool(tool: ListedTool, given: readonly Record<string, unknown>[] | undefined, includeWrites: boolean): PlannedCall[] {
  if (tool.execution?.taskSupport === 'required') return [{ kind: 'skip', tool: tool.name, reason: SKIP_TEXT.task }];
  // Arguments given for a tool by name are a request to call it, whatever it may change.
  if (given !== undefined && given.length > 0) return given.map((args) => ({ kind: 'call', tool: tool.name, args, derived: false }));
  // An app-only tool is the app's to call, never the model's: `--all` leaves it, a named call doesn't.
  if (isAppOnly(tool)) return [{ kind: 'skip', tool: tool.name, reason: SKIP_TEXT.appOnly }];
  const writes = includeWrites ? undefined : writeReason(tool);
  if (writes !== undefined) return [{ kind: 'skip', tool: tool.name, reason: writes }];
  const derived = deriveArguments(tool.inputSchema);
  return derived.ok
    ? [{ kind: 'call', tool: tool.name, args: derived.args, derived: true }]
    : [{ kind: 'skip', tool: tool.name, reason: SKIP_TEXT.underivable(derived.reason) }];
}

/**
 * Verbs (and a few verb-like nouns) that, as a word of a tool's name or title, say the tool
 * changes something or acts on the world. A word counts when it is one of them, an inflection of
 * one (`deleting`, `added`), or, for verbs of four letters or more, starts with one (`deletefile`,
 * `updates`). Read only where its annotations say nothing either way.
 */
export const WRITE_VERBS: ReadonlySet<string> = new Set([
  'add',
  'append',
  'apply',
  'approve',
  'ban',
  'buy',
  'cancel',
  'checkout',
  'chmod',
  'chown',
  'clear',
  'click',
  'clone',
  'commit',
  'create',
  'delete',
  'deploy',
  'destroy',
  'detach',
  'disable',
  'disconnect',
  'dismiss',
  'drag',
  'edit',
  'enable',
  'erase',
  'evaluate',
  'execute',
  'fill',
  'hover',
  'import',
  'insert',
  'invoke',
  'kill',
  'lock',
  'login',
  'logout',
  'migrate',
  'mkdir',
  'modify',
  'move',
  'mute',
  'navigate',
  'notify',
  'pay',
  'press',
  'publish',
  'purge',
  'push',
  'put',
  'reboot',
  'rebase',
  'redo',
  'reject',
  'remove',
  'rename',
  'reopen',
  'reply',
  'replace',
  'rerun',
  'reset',
  'restart',
  'restore',
  'revert',
  'revoke',
  'rm',
  'rmdir',
  'rollback',
  'run',
  'save',
  'sell',
  'send',
  'set',
  'shutdown',
  'signup',
  'spawn',
  'start',
  'stop',
  'submit',
  'subscribe',
  'suspend',
  'sync',
  'terminate',
  'toggle',
  'transfer',
  'truncate',
  'undo',
  'uninstall',
  'unlink',
  'unlock',
  'unsubscribe',
  'update',
  'upgrade',
  'upload',
  'upsert',
  'wipe',
  'write',
]);

/**
 * Verbs (and verb-like nouns) that, as a word of a tool's name or title, say it reads: with no
 * annotations, `--all` calls a tool only when a word of its name reads as one of these (or an
 * inflection: `listing`, `gets`) and none reads as a write.
 */
export const READ_VERBS: ReadonlySet<string> = new Set([
  'analyze',
  'browse',
  'calculate',
  'cat',
  'check',
  'compare',
  'compute',
  'count',
  'describe',
  'diff',
  'echo',
  'estimate',
  'explain',
  'explore',
  'fetch',
  'find',
  'get',
  'glob',
  'grep',
  'head',
  'health',
  'help',
  'info',
  'inspect',
  'list',
  'lookup',
  'ls',
  'peek',
  'ping',
  'preview',
  'query',
  'read',
  'retrieve',
  'scan',
  'search',
  'show',
  'stat',
  'stats',
  'status',
  'summarize',
  'tail',
  'validate',
  'verify',
  'version',
  'view',
  'whoami',
]);

/** The most characters of a name or title the rule reads (the words that decide come first). */
const NAME_READ_CHARS = 400;

/**
 * Why `--all` leaves a tool that may change state, or undefined for one it calls. MCP's default
 * for a missing `readOnlyHint` is "may write", so the rule fails safe:
 * - the hints decide when present: `destructiveHint: true` is skipped (even beside
 *   `readOnlyHint: true`, a contradiction read the safe way); `readOnlyHint: true` is called;
 *   `readOnlyHint: false` is skipped (a hint that is no boolean counts as absent);
 * - with no `readOnlyHint`, a tool is called only when its name and title read as a read: a word
 *   is in {@link READ_VERBS} and none reads as a write ({@link WRITE_VERBS}); one whose name or
 *   title holds letters outside ASCII (after NFKC folding: a Cyrillic `е` in `dеlete`) is skipped,
 *   since its words can't be judged.
 */
export function writeReason(tool: ListedTool): string | undefined {
  const hints = isPlainObject(tool.annotations) ? tool.annotations : {};
  if (hints.destructiveHint === true) return SKIP_TEXT.destructive;
  if (hints.readOnlyHint === true) return undefined;
  if (hints.readOnlyHint === false) return SKIP_TEXT.notReadOnly;
  const text = `${typeof tool.name === 'string' ? tool.name.slice(0, NAME_READ_CHARS) : ''} ${typeof tool.title === 'string' ? tool.title.slice(0, NAME_READ_CHARS) : ''}`;
  const read = asRead(text);
  if (NON_ASCII_LETTER.test(read)) return SKIP_TEXT.nonAsciiName;
  const words = nameWords(read);
  const verb = words.map(writeVerbOf).find((each) => each !== undefined);
  if (verb !== undefined) return SKIP_TEXT.readsAsWrite(verb);
  return words.some(isReadVerb) ? undefined : SKIP_TEXT.notARead;
}

/** A letter or mark outside ASCII: what a look-alike name is made of. */
const NON_ASCII_LETTER = /(?![A-Za-z])[\p{L}\p{M}]/u;

/**
 * A name's words, lower case: split at case changes (`sendEmail`, `HTTPDelete`), between letters
 * and digits, and at anything not a letter.
 */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word !== '');
}

/** The suffixes an inflection adds: `deletes`, `deleted`, `deleting`. */
const INFLECTIONS = ['ing', 'ed', 'es', 's', 'd'] as const;

/** The base forms `word` may be an inflection of (`deleting` → `delet`, `delete`; `running` → `run`). */
function baseForms(word: string): string[] {
  const forms = [word];
  for (const suffix of INFLECTIONS) {
    if (!word.endsWith(suffix) || word.length - suffix.length < 2) continue;
    const stem = word.slice(0, -suffix.length);
    forms.push(stem, `${stem}e`);
    if (stem.length > 2 && stem.at(-1) === stem.at(-2)) forms.push(stem.slice(0, -1));
  }
  return forms;
}

/** The write verb `word` reads as: itself, an inflection, or (four letters or more) its start. */
function writeVerbOf(word: string): string | undefined {
  const base = baseForms(word).find((form) => WRITE_VERBS.has(form));
  if (base !== undefined) return base;
  for (let end = Math.min(word.length - 1, 12); end >= 4; end -= 1) {
    const head = word.slice(0, end);
    if (WRITE_VERBS.has(head)) return head;
  }
  return undefined;
}

function isReadVerb(word: string): boolean {
  return baseForms(word).some((form) => READ_VERBS.has(form));
}

/** True when an MCP Apps tool's `_meta.ui.visibility` names the app and nothing else. */
export function isAppOnly(tool: ListedTool): boolean {
  const ui = isPlainObject(tool._meta) ? tool._meta.ui : undefined;
  const visibility = isPlainObject(ui) ? ui.visibility : undefined;
  return Array.isArray(visibility) && visibility.length > 0 && visibility.every((who) => who === 'app');
}

/** How deep a schema may nest before derivation gives up. */
const MAX_DEPTH = 6;

/** Values for a string field of a known format; none of them reaches the network. */
const STRING_FORMATS: Readonly<Record<string, string>> = {
  uri: 'data:text/plain;charset=utf-8,blockwise%20example',
  'uri-reference': 'data:text/plain;charset=utf-8,blockwise%20example',
  url: 'data:text/plain;charset=utf-8,blockwise%20example',
  email: 'someone@example.com',
  'date-time': '2026-01-01T00:00:00Z',
  date: '2026-01-01',
  time: '00:00:00Z',
  uuid: '00000000-0000-4000-8000-000000000000',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
};

/** Arguments for a tool's required fields, derived from its input schema. */
export function deriveArguments(inputSchema: unknown): DerivedArguments {
  if (inputSchema === undefined) return { ok: true, args: {} };
  const value = deriveObject(inputSchema, inputSchema, 0, 'the input schema');
  return value.ok ? { ok: true, args: value.value as Record<string, unknown> } : value;
}

type Derived = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly reason: string };

function deriveObject(schema: unknown, root: unknown, depth: number, where: string): Derived {
  if (!isPlainObject(schema)) return { ok: false, reason: `${where} is not a schema object` };
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === 'string') : [];
  const value: Record<string, unknown> = {};
  for (const key of required) {
    const field = deriveValue(properties[key], root, depth + 1, `its required argument "${key}"`);
    if (!field.ok) return field;
    value[key] = field.value;
  }
  return { ok: true, value };
}

function deriveValue(schema: unknown, root: unknown, depth: number, where: string): Derived {
  if (depth > MAX_DEPTH) return { ok: false, reason: `${where} nests too deep` };
  if (schema === true || schema === undefined) return { ok: false, reason: `${where} has no schema` };
  if (!isPlainObject(schema)) return { ok: false, reason: `${where} has no usable schema` };
  if (typeof schema.$ref === 'string') return deriveValue(resolveRef(schema.$ref, root), root, depth + 1, where);
  if (Object.hasOwn(schema, 'const')) return { ok: true, value: schema.const };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return { ok: true, value: schema.enum[0] };
  if (Object.hasOwn(schema, 'default')) return { ok: true, value: schema.default };
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return { ok: true, value: schema.examples[0] };
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = schema[key];
    if (Array.isArray(members)) {
      for (const member of members) {
        const value = deriveValue(member, root, depth + 1, where);
        if (value.ok) return value;
      }
      return { ok: false, reason: `none of ${where}'s ${key} choices can be derived` };
    }
  }
  const type: unknown = Array.isArray(schema.type) ? (schema.type.find((each) => each !== 'null') ?? schema.type[0]) : schema.type;
  switch (type) {
    case 'string':
      return deriveString(schema, where);
    case 'number':
    case 'integer':
      return deriveNumber(schema, type === 'integer', where);
    case 'boolean':
      return { ok: true, value: false };
    case 'null':
      return { ok: true, value: null };
    case 'array': {
      const count = typeof schema.minItems === 'number' ? schema.minItems : 0;
      if (count === 0) return { ok: true, value: [] };
      const item = deriveValue(schema.items, root, depth + 1, `${where}'s items`);
      return item.ok ? { ok: true, value: Array.from({ length: count }, () => item.value) } : item;
    }
    case 'object':
      return deriveObject(schema, root, depth, where);
    default:
      if (isPlainObject(schema.properties)) return deriveObject(schema, root, depth, where);
      return { ok: false, reason: `${where} has no type this command can fill in` };
  }
}

function deriveString(schema: Readonly<Record<string, unknown>>, where: string): Derived {
  const format = typeof schema.format === 'string' ? STRING_FORMATS[schema.format] : undefined;
  let value = format ?? 'example';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  if (value.length < min) value = value.padEnd(min, 'x');
  if (value.length > max) value = value.slice(0, max);
  if (typeof schema.pattern === 'string' && !matches(schema.pattern, value)) {
    return { ok: false, reason: `${where} must match a pattern (${schema.pattern.slice(0, 60)})` };
  }
  return { ok: true, value };
}

function deriveNumber(schema: Readonly<Record<string, unknown>>, integer: boolean, where: string): Derived {
  const min = numberOr(schema.minimum, numberOr(schema.exclusiveMinimum, Number.NEGATIVE_INFINITY, 1), 0);
  const max = numberOr(schema.maximum, numberOr(schema.exclusiveMaximum, Number.POSITIVE_INFINITY, -1), 0);
  let value = Math.min(Math.max(1, min), max);
  if (integer) value = Math.ceil(value);
  if (value < min || value > max) return { ok: false, reason: `${where} has no number this command can pick` };
  return { ok: true, value };
}

function numberOr(value: unknown, fallback: number, step: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value + step : fallback;
}

function matches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return false;
  }
}

/** A local `$ref` (`#/$defs/x`, `#/definitions/x`) resolved against the root schema. */
function resolveRef(ref: string, root: unknown): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    if (!isPlainObject(node)) return undefined;
    node = node[decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return node;
}
