/**
 * Every line the command line words on its own: usage, errors, skip reasons, per-call outcomes.
 * One module, so tests assert the exact texts and no command words one of its own.
 */

import { PROVIDER_NAMES } from '../providers/profiles.js';
import { AUTH_USAGE } from './auth/usage.js';

/** `blockwise render --help`: its synopsis and options. */
export const RENDER_USAGE = `  blockwise render <file|-> [--cap N] [--provider NAME] [--json] [--raw] [--server-url URL] [--html FILE]
      Prints a tool result's stored copy, its live copy and one line per block.
      Input: a CallToolResult as JSON, or a bare content array.
      --cap N            the copies' length bound, in characters
      --provider NAME    render the live copy for one provider's tool results (default mcp)
      --json             one JSON object instead of text (a native image as its placeholder)
      --raw              print the raw result's JSON too (media data shortened)
      --server-url URL   render as if from a server at URL (its same-origin links become fetchable)
      --html FILE        write a self-contained report page to FILE
`;

/** `blockwise call --help`: its synopsis and options. */
export const CALL_USAGE = `  blockwise call [--tool NAME [--args JSON] | --all [--include-writes]] [--args-for NAME=JSON]... [--args-file FILE]
                 [--http URL] [--timeout MS] [--cap N] [--provider NAME] [--env NAME[=VALUE]]...
                 [--json] [--raw] [--html FILE] -- <command that starts an MCP server>
      Starts the server (in its own process group, always ended), lists its tools, calls one
      or all of them (each bounded by --timeout, default 15000 ms) and renders each result.
      The server gets only HOME, PATH, SHELL, TERM, USER and LOGNAME unless --env adds more.
      --tool NAME        call this tool (always, whatever its annotations say)
      --all              call every listed tool that doesn't change state: the hints decide
                         when present (destructiveHint: true or readOnlyHint: false is skipped,
                         readOnlyHint: true is called); with none, a tool is called only when
                         its name reads as a read (get, list, search, …) with no write verb
                         (create, delete, set, send, …) and only ASCII letters
      --include-writes   with --all, call the tools that may change state too
      --args-for NAME=JSON, --args-file FILE
                         arguments for a tool by name (a tool given arguments is called even
                         when it may change state); otherwise they are derived from its schema
      --http URL         reach a Streamable HTTP server at URL (started by the command, if given)
      --json             one JSON object per call; --raw prints each raw result's JSON too
      --html FILE        write a self-contained report page to FILE
${AUTH_USAGE}`;

/** `blockwise list --help`: its synopsis and options. */
export const LIST_USAGE = `  blockwise list [--http URL] [--timeout MS] [--env NAME[=VALUE]]... [--json] -- <command that starts an MCP server>
      Starts the server, lists its tools with their annotations and input schemas, and ends it.
      Takes call's authorization options (with --http).
`;

/** The usage text `blockwise --help` prints. */
export const USAGE = `usage:
${RENDER_USAGE}${CALL_USAGE}${LIST_USAGE}  blockwise --version
  --provider names: ${PROVIDER_NAMES.join(', ')}.
  Text output shows control characters as \\u escapes; --json prints the copies exactly, a native image as its placeholder.
`;

/** Each command's own usage, for `blockwise <command> --help`. */
export const COMMAND_USAGE: Readonly<Record<string, string>> = {
  render: `usage:\n${RENDER_USAGE}`,
  call: `usage:\n${CALL_USAGE}`,
  list: `usage:\n${LIST_USAGE}`,
};

/** Why `--provider` was refused: it names the providers there are. */
export function badProviderText(name: string): string {
  return `--provider wants one of ${PROVIDER_NAMES.join(', ')}, got ${JSON.stringify(name)}`;
}

/** The prefix of every error line a command prints. */
export function errorLine(command: string, detail: string): string {
  return `blockwise ${command}: ${oneLine(detail)}\n`;
}

/** A value's first line, trimmed, bounded: what an error line may quote. */
export function oneLine(text: string, max = 300): string {
  const first = (text.split(/\r?\n/, 1)[0] ?? '').trim();
  return first.length <= max ? first : `${first.slice(0, max - 1)}…`;
}

/** The most characters of a message read as a list of validation issues. */
const MAX_ISSUES_CHARS = 64_000;

/**
 * The message of a thrown value, as one line. A validation error (the SDK's schemas throw one
 * whose message is its issues as indented JSON, so its first line is `[`) is summarized as its
 * first issue's path and message, and how many more there are.
 */
export function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const issues = validationIssues(error, message);
  return issues === undefined ? oneLine(message) : oneLine(issuesSummary(issues));
}

interface Issue {
  readonly path?: unknown;
  readonly message?: unknown;
}

/** A validation error's issues: its `issues`, or its message read as a JSON list of them. */
function validationIssues(error: unknown, message: string): readonly Issue[] | undefined {
  const own = typeof error === 'object' && error !== null ? (error as { issues?: unknown }).issues : undefined;
  if (isIssueList(own)) return own;
  // An error that wraps one (`MCP error -32603: [`) keeps the list after its prefix.
  const start = message.indexOf('[');
  if (start === -1 || message.length > MAX_ISSUES_CHARS || !/^\[\s*\{/.test(message.slice(start, start + 40))) return undefined;
  try {
    const parsed: unknown = JSON.parse(message.slice(start));
    return isIssueList(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function isIssueList(value: unknown): value is readonly Issue[] {
  return Array.isArray(value) && value.length > 0 && value.every((issue) => typeof issue === 'object' && issue !== null && 'message' in issue);
}

function issuesSummary(issues: readonly Issue[]): string {
  const first = issues[0] as Issue;
  const path = Array.isArray(first.path) && first.path.length > 0 ? `${first.path.slice(0, 12).map(String).join('.')}: ` : '';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more issue${issues.length === 2 ? '' : 's'})` : '';
  return `invalid ${path}${oneLine(String(first.message), 160)}${more}`;
}

/** A render input as error lines name it: a quoted path, or standard input for `-`. */
export function inputName(input: string): string {
  return input === '-' ? 'standard input' : JSON.stringify(input);
}

/** `render`'s error lines. */
export const RENDER_TEXT = {
  noInput: 'no input: give a file, or - to read standard input',
  tooManyInputs: 'give one input file (or -)',
  cantRead: (input: string, reason: string) => `can't read ${inputName(input)}: ${reason}`,
  notJson: (input: string, reason: string) => `${inputName(input)} is not valid JSON: ${reason}`,
  notAResult: (input: string, kind: string) => `${inputName(input)} holds ${kind}; expected a CallToolResult object or a content array`,
  cantWriteHtml: (path: string, reason: string) => `couldn't write the report ${JSON.stringify(path)}: ${reason}`,
} as const;

/** `call`'s usage and connection error lines. */
export const CALL_TEXT = {
  noServer: 'no server to call: give its command after "--", or --http URL',
  toolAndAll: 'give either --tool NAME or --all, not both',
  noToolOrAll: 'say which tool to call: --tool NAME, or --all',
  argsWithoutTool: '--args goes with --tool; with --all use --args-for NAME=JSON or --args-file FILE',
  badArgsJson: (where: string, reason: string) => `${where} is not a JSON object: ${reason}`,
  badArgsFor: (value: string) => `--args-for wants NAME=JSON, got ${JSON.stringify(oneLine(value, 80))}`,
  badArgsFile: (reason: string) => `--args-file: ${reason}`,
  badEnv: (value: string) => `--env wants NAME=VALUE or NAME, got ${JSON.stringify(oneLine(value, 80))}`,
  envNotSet: (name: string) => `--env ${oneLine(name, 80)}: this shell has no such variable to pass on`,
  badHttpUrl: (url: string) => `--http wants an http or https url, got ${JSON.stringify(oneLine(url, 120))}`,
  notFound: (command: string) => `couldn't start the server: ${JSON.stringify(command)} was not found`,
  cantStart: (command: string, reason: string) => `couldn't start the server ${JSON.stringify(command)}: ${reason}`,
  exitedEarly: (exit: string, lastStderr: readonly string[]) =>
    `the server exited before it answered (${exit})${lastStderr.length === 0 ? '' : `; its last stderr line${lastStderr.length === 1 ? '' : 's'}: ${lastStderr.map((line) => JSON.stringify(oneLine(line, 160))).join(' / ')}`}`,
  initTimeout: (ms: number) => `the server didn't answer initialize within ${ms} ms`,
  cantConnect: (url: string, reason: string) => `couldn't connect to ${url}: ${reason}`,
  listTimeout: (ms: number) => `the server didn't list its tools within ${ms} ms`,
  cantList: (reason: string) => `the server's tool list couldn't be read: ${reason}`,
  interrupted: (signal: string) => `interrupted (${signal}); the server was stopped`,
  connectFailed: (reason: string) => `couldn't talk to the server: ${reason}`,
  cantWriteHtml: (path: string, reason: string) => `couldn't write the report ${JSON.stringify(path)}: ${reason}`,
  unframed: (reason: string) => `stopped reading the server: it wrote ${reason}`,
  notMcp: (firstBytes: string) => `not an MCP server on stdout: it wrote ${JSON.stringify(firstBytes)}, which isn't JSON-RPC`,
} as const;

/** `list`'s usage error lines. */
export const LIST_TEXT = {
  callOnly: (option: string) => `${option} chooses or shapes calls; list only lists (use blockwise call)`,
} as const;

/** The outcome line of a call that didn't return a result. */
export const CALL_OUTCOME_TEXT = {
  timedOut: (ms: number) => `timed out: no answer within ${ms} ms; the call was cancelled`,
  failed: (reason: string) => `failed: ${oneLine(reason)}`,
  serverGone: (exit: string) => `failed: the server is gone (${exit}), so this call wasn't made`,
  interrupted: (signal: string) => `interrupted (${signal}) before this call returned`,
} as const;

/** Why `call` skipped a tool, in words (the header line's reason). */
export const SKIP_TEXT = {
  task: "it needs task-based execution (execution.taskSupport: required), which this command doesn't run",
  destructive: 'its annotations mark it destructive (destructiveHint: true); give --include-writes, or its arguments with --args-for NAME=JSON, to call it',
  notReadOnly: 'its annotations say it may change state (readOnlyHint: false); give --include-writes, or its arguments with --args-for NAME=JSON, to call it',
  readsAsWrite: (verb: string) =>
    `it has no readOnlyHint and its name reads as a write ("${verb}"); give --include-writes, or its arguments with --args-for NAME=JSON, to call it`,
  notARead:
    "it has no readOnlyHint and its name doesn't read as a read (get, list, search, …); give --include-writes, or its arguments with --args-for NAME=JSON, to call it",
  nonAsciiName:
    'it has no readOnlyHint and its name or title holds letters outside ASCII, which could hide a write; give --include-writes, or its arguments with --args-for NAME=JSON, to call it',
  notListed: 'the server lists no tool by this name',
  appOnly: 'its _meta.ui.visibility is ["app"]: only the MCP App\'s view calls it, never a model; name it to call it anyway',
  underivable: (detail: string) => `its arguments can't be derived from its input schema: ${detail}`,
} as const;

/** What the server asked of this client during a call, which it doesn't offer (and refused). */
export const ASKED_TEXT = {
  'sampling/createMessage': "during the call the server asked for sampling (a model's completion); this command offers none, so it was refused",
  'elicitation/create': 'during the call the server asked for elicitation (input from a user); this command offers none, so it was refused',
  other: (method: string) =>
    `during the call the server sent a ${JSON.stringify(oneLine(method, 60))} request; this command doesn't answer it, so it was refused`,
} as const;

/** How the server ended, as the lines above say it. */
export function exitWords(code: number | null, signal: string | null): string {
  if (signal !== null) return `killed by ${signal}`;
  return code === null ? 'exit code unknown' : `exit code ${code}`;
}
