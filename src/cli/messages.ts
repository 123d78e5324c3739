/**
 * Every line the command line words on its own: usage, errors, skip reasons, per-call outcomes.
 * One module, so tests assert the exact texts and no command words one of its own.
 */

import { PROVIDER_NAMES } from '../providers/profiles.js';
import { AUTH_USAGE } from './auth/usage.js';

/** The usage text `blockwise --help` prints. */
export const USAGE = `usage:
  blockwise render <file|-> [--cap N] [--provider NAME] [--json] [--server-url URL]
      Prints a tool result's stored copy, its live copy and one line per block.
      Input: a CallToolResult as JSON, or a bare content array.
  blockwise call [--tool NAME [--args JSON] | --all] [--args-for NAME=JSON]... [--args-file FILE]
                 [--http URL] [--timeout MS] [--cap N] [--provider NAME] [--env NAME[=VALUE]]... [--json]
                 -- <command that starts an MCP server>
      Starts the server (in its own process group, always ended), lists its tools, calls one
      or all of them (each bounded by --timeout, default 15000 ms) and renders each result.
      The server gets only HOME, PATH, SHELL, TERM, USER and LOGNAME unless --env adds more.
${AUTH_USAGE}  --provider renders the live copy for one provider's tool results (default mcp): ${PROVIDER_NAMES.join(', ')}.
  Text output shows control characters as \\u escapes; --json prints the copies exactly, a native image as its placeholder.
`;

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

/** The message of a thrown value, as one line. */
export function errorMessage(error: unknown): string {
  return oneLine(error instanceof Error ? error.message : String(error));
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
  exitedEarly: (exit: string, lastStderr: string | undefined) =>
    `the server exited before it answered (${exit})${lastStderr ? `; its last stderr line: ${JSON.stringify(oneLine(lastStderr, 160))}` : ''}`,
  initTimeout: (ms: number) => `the server didn't answer initialize within ${ms} ms`,
  cantConnect: (url: string, reason: string) => `couldn't connect to ${url}: ${reason}`,
  listTimeout: (ms: number) => `the server didn't list its tools within ${ms} ms`,
  cantList: (reason: string) => `the server's tool list couldn't be read: ${reason}`,
  interrupted: (signal: string) => `interrupted (${signal}); the server was stopped`,
  connectFailed: (reason: string) => `couldn't talk to the server: ${reason}`,
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
  sampling: "it asks the client for sampling (a model's completion), which this command doesn't offer",
  elicitation: "it asks the client for elicitation (input from a user), which this command doesn't offer",
  destructive: 'its annotations mark it destructive; give its arguments with --args-for NAME=JSON to call it',
  notListed: 'the server lists no tool by this name',
  appOnly: "its _meta.ui.visibility is [\"app\"]: only the MCP App's view calls it, never a model; name it to call it anyway",
  underivable: (detail: string) => `its arguments can't be derived from its input schema: ${detail}`,
} as const;

/** How the server ended, as the lines above say it. */
export function exitWords(code: number | null, signal: string | null): string {
  if (signal !== null) return `killed by ${signal}`;
  return code === null ? 'exit code unknown' : `exit code ${code}`;
}
