/**
 * The command line's options, parsed: `parseRenderOptions` and `parseCallOptions` throw a
 * {@link UsageError} (one line, exit 2) for anything they can't take.
 */
import { readFileSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isProviderName, type ProviderName } from '../providers/profiles.js';
import { AUTH_ARG_OPTIONS, parseHttpAuthOptions, type HttpAuthOptions } from './auth/auth-options.js';
import { badProviderText, CALL_TEXT, RENDER_TEXT, errorMessage } from './messages.js';
import { shownServerUrl } from './shown-server-url.js';
import { UsageError } from './usage-error.js';

export { UsageError } from './usage-error.js';

/** `blockwise render`'s options. */
export interface RenderOptions {
  /** A file path, or `-` for standard input. */
  readonly input: string;
  readonly cap?: number;
  /** The provider the live copy is rendered for (`--provider`); absent, the host's default. */
  readonly provider?: ProviderName;
  readonly json: boolean;
  readonly serverUrl?: string;
  /** Where `--html` writes the report page. */
  readonly html?: string;
  /** `--raw`: print the raw result's JSON too (native media data shortened). */
  readonly raw: boolean;
}

/** The arguments to call tools with, by tool name; a tool named twice is called once per set. */
export type ArgumentSets = ReadonlyMap<string, readonly Record<string, unknown>[]>;

/** `blockwise call`'s options. */
export interface CallOptions {
  /** One tool to call (`--tool`), or every tool (`--all`). */
  readonly target: { readonly kind: 'one'; readonly tool: string; readonly args?: Record<string, unknown> } | { readonly kind: 'all' };
  /** Arguments given for tools by name (`--args-for`, `--args-file`). */
  readonly argumentSets: ArgumentSets;
  /** The server's command and arguments (after `--`); empty with `--http` alone. */
  readonly command: readonly string[];
  readonly http?: string;
  /** Each call's bound, in ms. */
  readonly timeoutMs: number;
  readonly cap?: number;
  /** The provider the live copy is rendered for (`--provider`); absent, the host's default. */
  readonly provider?: ProviderName;
  /** Variables added to the server's environment (otherwise the SDK's default: HOME, PATH, SHELL, TERM, USER, LOGNAME). */
  readonly env: Readonly<Record<string, string>>;
  readonly json: boolean;
  /** Where `--html` writes the report page. */
  readonly html?: string;
  /** `--raw`: print each raw result's JSON too (native media data shortened). */
  readonly raw: boolean;
  /** `--include-writes`: `--all` calls tools that may change state too. */
  readonly includeWrites: boolean;
  /** How the server is authenticated to over HTTP (`--header`, `--bearer-env`, the OAuth flow's options). */
  readonly auth: HttpAuthOptions;
}

/** The default bound on each call, and on connecting and listing. */
export const DEFAULT_TIMEOUT_MS = 15_000;

/** Parses `render`'s arguments (after the word `render`). */
export function parseRenderOptions(argv: readonly string[]): RenderOptions {
  const { values, positionals } = parse(argv, {
    cap: { type: 'string' },
    provider: { type: 'string' },
    json: { type: 'boolean' },
    'server-url': { type: 'string' },
    html: { type: 'string' },
    raw: { type: 'boolean' },
  });
  if (positionals.length === 0) throw new UsageError(RENDER_TEXT.noInput);
  if (positionals.length > 1) throw new UsageError(RENDER_TEXT.tooManyInputs);
  const serverUrl = values['server-url'];
  if (typeof serverUrl === 'string' && !URL.canParse(serverUrl)) throw new UsageError(`--server-url wants a url, got ${JSON.stringify(serverUrl)}`);
  return {
    input: positionals[0] as string,
    ...optionalCap(values.cap),
    ...optionalProvider(values.provider),
    json: values.json === true,
    ...(typeof serverUrl === 'string' ? { serverUrl } : {}),
    ...(typeof values.html === 'string' ? { html: values.html } : {}),
    raw: values.raw === true,
  };
}

/** Parses `call`'s arguments (after the word `call`); the server's command follows `--`. */
export function parseCallOptions(argv: readonly string[]): CallOptions {
  const split = argv.indexOf('--');
  const own = split === -1 ? argv : argv.slice(0, split);
  const command = split === -1 ? [] : argv.slice(split + 1);
  const { values, positionals } = parse(own, {
    tool: { type: 'string' },
    args: { type: 'string' },
    all: { type: 'boolean' },
    'args-for': { type: 'string', multiple: true },
    'args-file': { type: 'string' },
    http: { type: 'string' },
    timeout: { type: 'string' },
    cap: { type: 'string' },
    provider: { type: 'string' },
    env: { type: 'string', multiple: true },
    json: { type: 'boolean' },
    html: { type: 'string' },
    raw: { type: 'boolean' },
    'include-writes': { type: 'boolean' },
    ...AUTH_ARG_OPTIONS,
  });
  if (positionals.length > 0) throw new UsageError(`unexpected ${JSON.stringify(positionals[0])}: put the server's command after "--"`);
  const http = values.http;
  if (typeof http === 'string' && !isHttpUrl(http)) throw new UsageError(CALL_TEXT.badHttpUrl(shownServerUrl(http)));
  if (command.length === 0 && http === undefined) throw new UsageError(CALL_TEXT.noServer);
  const tool = values.tool;
  if (typeof tool === 'string' && values.all === true) throw new UsageError(CALL_TEXT.toolAndAll);
  if (tool === undefined && values.all !== true) throw new UsageError(CALL_TEXT.noToolOrAll);
  if (values.args !== undefined && tool === undefined) throw new UsageError(CALL_TEXT.argsWithoutTool);
  const target: CallOptions['target'] =
    typeof tool === 'string'
      ? { kind: 'one', tool, ...(typeof values.args === 'string' ? { args: parseArgumentsJson(values.args, '--args') } : {}) }
      : { kind: 'all' };
  return {
    target,
    argumentSets: argumentSets(values['args-for'] ?? [], values['args-file']),
    command,
    ...(typeof http === 'string' ? { http } : {}),
    timeoutMs: values.timeout === undefined ? DEFAULT_TIMEOUT_MS : positiveInteger('--timeout', values.timeout),
    ...optionalCap(values.cap),
    ...optionalProvider(values.provider),
    env: environment(values.env ?? []),
    json: values.json === true,
    ...(typeof values.html === 'string' ? { html: values.html } : {}),
    raw: values.raw === true,
    includeWrites: values['include-writes'] === true,
    auth: parseHttpAuthOptions(values, typeof http === 'string' ? http : undefined),
  };
}

function parse<const T extends NonNullable<ParseArgsConfig['options']>>(argv: readonly string[], options: T) {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(errorMessage(error));
  }
}

function optionalCap(value: unknown): { cap?: number } {
  return typeof value === 'string' ? { cap: positiveInteger('--cap', value) } : {};
}

function optionalProvider(value: unknown): { provider?: ProviderName } {
  if (typeof value !== 'string') return {};
  if (!isProviderName(value)) throw new UsageError(badProviderText(value));
  return { provider: value };
}

function positiveInteger(name: string, value: string): number {
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < 1) throw new UsageError(`${name} wants a positive whole number, got ${JSON.stringify(value)}`);
  return number;
}

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

/** A JSON object of tool arguments; anything else is a usage error naming `where`. */
function parseArgumentsJson(text: string, where: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(CALL_TEXT.badArgsJson(where, errorMessage(error)));
  }
  if (!isPlainObject(value)) throw new UsageError(CALL_TEXT.badArgsJson(where, `it is ${describeJson(value)}`));
  return value;
}

function argumentSets(argsFor: readonly string[], argsFile: string | undefined): ArgumentSets {
  const sets = new Map<string, Record<string, unknown>[]>();
  const add = (tool: string, args: Record<string, unknown>) => sets.set(tool, [...(sets.get(tool) ?? []), args]);
  if (argsFile !== undefined) {
    for (const [tool, value] of Object.entries(readArgsFile(argsFile))) {
      const list = Array.isArray(value) ? value : [value];
      for (const [index, args] of list.entries()) {
        if (!isPlainObject(args))
          throw new UsageError(CALL_TEXT.badArgsFile(`${JSON.stringify(tool)}[${index}] is ${describeJson(args)}, not an object of arguments`));
        add(tool, args);
      }
    }
  }
  for (const entry of argsFor) {
    const equals = entry.indexOf('=');
    if (equals <= 0) throw new UsageError(CALL_TEXT.badArgsFor(entry));
    add(entry.slice(0, equals), parseArgumentsJson(entry.slice(equals + 1), `--args-for ${entry.slice(0, equals)}`));
  }
  return sets;
}

function readArgsFile(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(CALL_TEXT.badArgsFile(`can't read ${JSON.stringify(path)}: ${errorMessage(error)}`));
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(CALL_TEXT.badArgsFile(`${JSON.stringify(path)} is not valid JSON: ${errorMessage(error)}`));
  }
  if (!isPlainObject(value)) throw new UsageError(CALL_TEXT.badArgsFile(`${JSON.stringify(path)} should map tool names to arguments`));
  return value;
}

/** `--env NAME=VALUE` sets a variable; `--env NAME` passes this shell's value of it on. */
function environment(entries: readonly string[], from: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const entry of entries) {
    const equals = entry.indexOf('=');
    if (equals === 0 || entry === '') throw new UsageError(CALL_TEXT.badEnv(entry));
    if (equals > 0) {
      env[entry.slice(0, equals)] = entry.slice(equals + 1);
      continue;
    }
    const inherited = from[entry];
    if (inherited === undefined) throw new UsageError(CALL_TEXT.envNotSet(entry));
    env[entry] = inherited;
  }
  return env;
}

/** True for a JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a JSON value is, in words: `an array`, `a string`, `null`. */
export function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return type === 'object' ? 'an object' : `a ${type}`;
}
