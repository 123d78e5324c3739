/**
 * `blockwise call -- <server command>` (docs/design.md §10): starts an MCP server in its own process group
 * (or reaches one over HTTP), lists its tools, calls one or every one, and renders each result
 * with a host that records the server's address. Every call is bounded in time; the server's
 * group is ended on every exit path.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, ListRootsRequestSchema, McpError, ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { createHost, type Host } from '../host.js';
import { fromCallToolResult } from '../inputs.js';
import { sanitizeLabel } from '../text/labels.js';
import { EXIT, signalExitCode, type CliIo } from './io.js';
import { writeHtmlReport, type ReportEntry } from './html-report.js';
import { ASKED_TEXT, CALL_OUTCOME_TEXT, CALL_TEXT, errorLine, errorMessage, exitWords } from './messages.js';
import { parseCallOptions, type CallOptions } from './options.js';
import { boundedArgumentsJson, formatRendered, summarizeRendered, visible } from './print.js';
import { rawResultJson } from './raw-json.js';
import { ChildStdioTransport, ServerStartError, startServer, type ServerProcess } from './server-process.js';
import { serverUrlSecrets, shownServerUrl } from './shown-server-url.js';
import { startHttpAuth, type HttpAuth } from './auth/http-auth.js';
import { AuthorizationError } from './auth/loopback-redirect.js';
import { redactDeep, redactingIo, SecretSet } from './auth/redact.js';
import { planCalls, type ListedTool, type PlannedCall } from './tool-arguments.js';
import { packageVersion } from './version.js';

/** The server id results of `call` are attributed to. */
export const CALL_SERVER_ID = 'cli';

/** The most characters of a call's arguments its `arguments:` line shows. */
const LINE_ARGUMENTS_MAX = 300;

/** The most pages of `tools/list` read before the list counts as complete. */
const MAX_TOOL_PAGES = 100;

/** How a call ended when it didn't return a result. */
export type CallOutcome =
  | { readonly kind: 'result'; readonly raw: Record<string, unknown> }
  | { readonly kind: 'timedOut' }
  | { readonly kind: 'failed'; readonly reason: string }
  | { readonly kind: 'serverGone'; readonly exit: string }
  | { readonly kind: 'interrupted'; readonly signal: string };

/** How many times one request may send the user to authorize before it fails. */
const MAX_AUTHORIZATIONS = 2;

/** What one run holds that must be let go on every exit path. */
export interface Session {
  server?: ServerProcess;
  client?: Client;
  /** What the server asked of this client during the current call, in words. */
  asked?: string[];
  /** The stdio transport, which knows whether the server wrote anything but JSON-RPC. */
  transport?: ChildStdioTransport;
  /** Over HTTP: the headers, token or authorization flow (its loopback redirect is closed at the end). */
  auth?: HttpAuth;
  /** Over HTTP: the Streamable HTTP transport, which an authorization retries through. */
  httpTransport?: StreamableHTTPClientTransport;
  /** Every secret this run holds; no output line shows one. */
  readonly secrets: SecretSet;
}

/** A failure before any tool was called, tagged with the step it happened in. */
class StepError extends Error {
  constructor(
    readonly step: 'initialize' | 'list' | 'http',
    override readonly cause: unknown,
  ) {
    super(errorMessage(cause));
    this.name = 'StepError';
  }
}

/** Runs `call`; returns the exit code. */
export async function runCall(argv: readonly string[], io: CliIo): Promise<number> {
  return runWithServer('call', () => parseCallOptions(argv), io, callTools);
}

/** What a command does with a server it reached and the tools it listed; resolves to the exit code. */
export type ServerBody = (options: CallOptions, io: CliIo, client: Client, tools: ListedTool[], session: Session) => Promise<number>;

/**
 * Parses the options, starts the server (or reaches it over HTTP), lists its tools and runs
 * `body`; every failure is one error line naming `command`, and the server's group is ended on
 * every exit path.
 */
export async function runWithServer(command: 'call' | 'list', parseOptions: () => CallOptions, rawIo: CliIo, body: ServerBody): Promise<number> {
  let options: CallOptions;
  try {
    options = parseOptions();
  } catch (error) {
    rawIo.stderr.write(errorLine(command, errorMessage(error)));
    return EXIT.usage;
  }
  // From here on every line is redacted: a server may echo a token back in an error or a result.
  const session: Session = { secrets: new SecretSet() };
  if (options.http !== undefined) for (const secret of serverUrlSecrets(options.http)) session.secrets.add(secret);
  const io = redactingIo(rawIo, session.secrets);
  try {
    if (options.command.length > 0) {
      session.server = await startServer(options.command, {
        // The SDK's safe default environment: the server doesn't get this shell's secrets.
        env: { ...getDefaultEnvironment(), ...options.env },
        stdin: options.http === undefined ? 'pipe' : 'ignore',
      });
    }
    const client = await connect(options, io, session);
    const tools = await listTools(client, options, io, session);
    return await body(options, io, client, tools, session);
  } catch (error) {
    if (io.interrupt?.aborted) {
      io.stderr.write(errorLine(command, CALL_TEXT.interrupted(String(io.interrupt.reason))));
      return signalExitCode(io.interrupt.reason);
    }
    io.stderr.write(errorLine(command, await describeFailure(error, session, options)));
    return EXIT.failed;
  } finally {
    await closeQuietly(session.client);
    await session.auth?.close();
    await session.server?.end();
  }
}

async function callTools(options: CallOptions, io: CliIo, client: Client, tools: ListedTool[], session: Session): Promise<number> {
  const startedAt = new Date();
  const started = performance.now();
  const host = createHost({ log: (line) => io.stderr.write(`${line}\n`), ...(options.provider === undefined ? {} : { provider: options.provider }) });
  // Over stdio the server has no address, so no link is a fetchable stub; over HTTP, its origin's are.
  host.setServerAddress(CALL_SERVER_ID, options.http ?? null);
  const plan = planCalls(tools, { target: options.target, argumentSets: options.argumentSets, includeWrites: options.includeWrites });
  const server = serverLine(client, options, tools.length);
  if (!options.json) io.stdout.write(`${server}\n`);
  const tally = { rendered: 0, skipped: 0, failed: 0, timedOut: 0 };
  const entries: ReportEntry[] = [];
  for (const [index, planned] of plan.entries()) {
    if (io.interrupt?.aborted) break;
    if (planned.kind === 'skip') {
      tally.skipped += 1;
      entries.push({ kind: 'skipped', tool: planned.tool, reason: planned.reason });
      io.stdout.write(
        options.json
          ? jsonLine({ tool: planned.tool, skipped: true, reason: planned.reason })
          : `\ntool: ${shownName(planned.tool)} — skipped: ${sanitizeLabel(planned.reason, 400)}\n`,
      );
      continue;
    }
    if (io.stderrIsTTY) io.stderr.write(`[${index + 1}/${plan.length}] calling ${shownName(planned.tool)}…\n`);
    session.asked = [];
    const callStarted = performance.now();
    const outcome = await callTool(client, planned, options, io, session);
    const ms = performance.now() - callStarted;
    const asked = session.asked;
    if (outcome.kind === 'result') tally.rendered += 1;
    else if (outcome.kind === 'timedOut') tally.timedOut += 1;
    else if (outcome.kind !== 'interrupted') tally.failed += 1;
    const printed = printCall(planned, outcome, host, options, asked);
    io.stdout.write(printed.text);
    entries.push(printed.entry(ms));
  }
  if (io.interrupt?.aborted) {
    io.stderr.write(errorLine('call', CALL_TEXT.interrupted(String(io.interrupt.reason))));
    return signalExitCode(io.interrupt.reason);
  }
  if (!options.json) {
    io.stdout.write(`\ndone: ${tally.rendered} rendered, ${tally.skipped} skipped, ${tally.failed} failed, ${tally.timedOut} timed out\n`);
    const skipped = entries.filter((entry) => entry.kind === 'skipped');
    if (skipped.length > 0)
      io.stdout.write(`skipped:\n${skipped.map((entry) => `  ${shownName(entry.tool)}: ${sanitizeLabel(entry.reason, 400)}\n`).join('')}`);
  }
  if (options.html !== undefined) {
    // The page holds what the server sent: redacted as every printed line is, before it is escaped.
    const failed = await writeHtmlReport(
      options.html,
      redactDeep({ title: 'blockwise call', source: server, entries, startedAt, totalMs: performance.now() - started }, session.secrets),
    );
    if (failed !== undefined) {
      io.stderr.write(errorLine('call', CALL_TEXT.cantWriteHtml(options.html, failed)));
      return EXIT.failed;
    }
    if (!options.json) io.stdout.write(`report: ${sanitizeLabel(options.html, 200)}\n`);
  }
  return tally.failed + tally.timedOut > 0 ? EXIT.failed : EXIT.ok;
}

function newClient(session: Session): Client {
  const client = new Client({ name: 'blockwise', version: packageVersion() }, { capabilities: { roots: {} } });
  // This command exposes no workspace: it says so rather than leave the server's request unanswered.
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [] }));
  // Sampling, elicitation and any other request this client doesn't serve: refused, and recorded
  // against the call that caused it, so a tool is judged by what its call asks, not by its name.
  client.fallbackRequestHandler = async (request) => {
    const method = request.method;
    session.asked?.push(method === 'sampling/createMessage' || method === 'elicitation/create' ? ASKED_TEXT[method] : ASKED_TEXT.other(method));
    throw new McpError(ErrorCode.MethodNotFound, `blockwise call doesn't offer ${method}`);
  };
  client.onerror = () => {
    // Transport errors surface as the failed request's error; nothing else to report here.
  };
  return client;
}

async function connect(options: CallOptions, io: CliIo, session: Session): Promise<Client> {
  const server = session.server;
  if (options.http === undefined) {
    if (server === undefined) throw new Error('no server');
    const client = newClient(session);
    session.client = client;
    const transport = new ChildStdioTransport(server);
    session.transport = transport;
    await step(
      'initialize',
      bounded(options.timeoutMs, io, (request) => client.connect(transport, request)),
    );
    return client;
  }
  const url = new URL(options.http);
  const auth = (session.auth ??= await startHttpAuth(url, options.auth, io, session.secrets, options.timeoutMs));
  let deadline = Date.now() + options.timeoutMs;
  for (let authorizations = 0; ;) {
    const client = newClient(session);
    const transport = new StreamableHTTPClientTransport(url, auth.transportOptions);
    try {
      await bounded(Math.max(1, deadline - Date.now()), io, (request) => client.connect(transport, request));
      session.client = client;
      session.httpTransport = transport;
      return client;
    } catch (error) {
      await closeQuietly(client);
      if (authorizations < MAX_AUTHORIZATIONS && (await auth.authorizeAfter(error, transport, io.interrupt))) {
        authorizations += 1;
        // The user's time in the browser doesn't count against connecting.
        deadline = Date.now() + options.timeoutMs;
        continue;
      }
      // A server this command started may still be coming up: try again until the bound.
      const retry = server !== undefined && server.exit() === undefined && isConnectionRefused(error) && Date.now() < deadline && !io.interrupt?.aborted;
      if (!retry) throw new StepError(isTimeout(error) ? 'initialize' : 'http', error);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
}

async function listTools(client: Client, options: CallOptions, io: CliIo, session: Session): Promise<ListedTool[]> {
  const tools: ListedTool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_TOOL_PAGES; page += 1) {
    const params = cursor === undefined ? {} : { cursor };
    const result = await step(
      'list',
      authorized(session, io, () => bounded(options.timeoutMs, io, (request) => client.listTools(params, request))),
    );
    for (const tool of result.tools as ListedTool[]) tools.push(tool);
    cursor = result.nextCursor;
    if (cursor === undefined) break;
  }
  return tools;
}

/**
 * One call, bounded by the timeout. The raw result is read with the SDK's loose result schema, so
 * blocks the SDK's strict schema would reject (a newer or stranger kind) reach the renderer, as
 * they would reach a host.
 */
async function callTool(
  client: Client,
  planned: Extract<PlannedCall, { kind: 'call' }>,
  options: CallOptions,
  io: CliIo,
  session: Session,
): Promise<CallOutcome> {
  const gone = session.server?.exit();
  if (gone !== undefined) return { kind: 'serverGone', exit: exitWords(gone.code, gone.signal) };
  try {
    const params = { name: planned.tool, arguments: planned.args };
    const raw = await authorized(session, io, () =>
      bounded(options.timeoutMs, io, (request) => client.request({ method: 'tools/call', params }, ResultSchema, request)),
    );
    return { kind: 'result', raw };
  } catch (error) {
    if (io.interrupt?.aborted) return { kind: 'interrupted', signal: String(io.interrupt.reason) };
    if (isTimeout(error)) return { kind: 'timedOut' };
    const framing = session.transport?.framingError();
    if (framing !== undefined) return { kind: 'failed', reason: CALL_TEXT.unframed(framing) };
    const exit = await exitSoon(session.server);
    if (exit !== undefined && session.server?.exitedOnItsOwn() === true)
      return { kind: 'failed', reason: `the server exited during the call (${exitWords(exit.code, exit.signal)})` };
    return { kind: 'failed', reason: errorMessage(error) };
  }
}

/** A call as printed, and as the report's entry once its time is known. */
interface PrintedCall {
  readonly text: string;
  readonly entry: (ms: number) => ReportEntry;
}

function printCall(
  planned: Extract<PlannedCall, { kind: 'call' }>,
  outcome: CallOutcome,
  host: Host,
  options: CallOptions,
  asked: readonly string[],
): PrintedCall {
  const head = { tool: planned.tool, arguments: planned.args, ...(planned.derived ? { derivedArguments: true } : {}) };
  const reportHead = { tool: planned.tool, args: planned.args, derived: planned.derived, ...(asked.length === 0 ? {} : { asked }) };
  const lines = [
    `\ntool: ${shownName(planned.tool)}`,
    `arguments: ${visible(boundedArgumentsJson(planned.args, LINE_ARGUMENTS_MAX))}${planned.derived ? ' (derived from its input schema)' : ''}`,
  ];
  const askedLines = asked.map((line) => `asked: ${line}\n`).join('');
  if (outcome.kind === 'result') {
    const rendered = host.renderToolResult(fromCallToolResult(outcome.raw), {
      serverId: CALL_SERVER_ID,
      toolName: planned.tool,
      ...(options.cap === undefined ? {} : { cap: options.cap }),
    });
    const entry = (ms: number): ReportEntry => ({ kind: 'rendered', ...reportHead, rendered, raw: outcome.raw, ms });
    if (options.json)
      return {
        text: jsonLine({
          ...head,
          ...summarizeRendered(rendered, outcome.raw),
          ...(asked.length === 0 ? {} : { asked }),
          ...(options.raw ? { raw: JSON.parse(rawResultJson(outcome.raw)) as unknown } : {}),
        }),
        entry,
      };
    const raw = options.raw ? `raw result:\n${rawResultJson(outcome.raw)}\n` : '';
    return { text: `${lines.join('\n')}\n${formatRendered(rendered, outcome.raw)}${askedLines}${raw}`, entry };
  }
  const line = outcomeLine(outcome, options.timeoutMs);
  const entry = (ms: number): ReportEntry => ({ kind: 'failed', ...reportHead, error: line, ms });
  if (options.json)
    return {
      text: jsonLine({ ...head, error: line, ...(outcome.kind === 'timedOut' ? { timedOut: true } : {}), ...(asked.length === 0 ? {} : { asked }) }),
      entry,
    };
  return { text: `${[...lines, line].join('\n')}\n${askedLines}`, entry };
}

function outcomeLine(outcome: Exclude<CallOutcome, { kind: 'result' }>, timeoutMs: number): string {
  switch (outcome.kind) {
    case 'timedOut':
      return CALL_OUTCOME_TEXT.timedOut(timeoutMs);
    case 'failed':
      return CALL_OUTCOME_TEXT.failed(outcome.reason);
    case 'serverGone':
      return CALL_OUTCOME_TEXT.serverGone(outcome.exit);
    case 'interrupted':
      return CALL_OUTCOME_TEXT.interrupted(outcome.signal);
  }
}

/** A server-chosen tool name as the text output shows it: sanitized and bounded. */
function shownName(name: string): string {
  return sanitizeLabel(name, 120);
}

function serverLine(client: Client, options: CallOptions, toolCount: number): string {
  const info = client.getServerVersion();
  const name = info === undefined ? 'an unnamed server' : sanitizeLabel(`${info.name} ${info.version}`, 80);
  const via = options.http === undefined ? 'over stdio (no address: no link is fetchable)' : `over HTTP at ${shownServerUrl(options.http)}`;
  return `server: ${name}, ${via}; ${toolCount} tool${toolCount === 1 ? '' : 's'} listed`;
}

/** One line naming what stopped the run before any tool was called. */
async function describeFailure(error: unknown, session: Session, options: CallOptions): Promise<string> {
  if (error instanceof ServerStartError) {
    return error.code === 'ENOENT' ? CALL_TEXT.notFound(error.command) : CALL_TEXT.cantStart(error.command, error.message);
  }
  const notMcp = session.transport?.notMcpOutput();
  if (notMcp !== undefined) return CALL_TEXT.notMcp(notMcp);
  const framing = session.transport?.framingError();
  if (framing !== undefined) return CALL_TEXT.unframed(framing);
  const cause = error instanceof StepError ? error.cause : error;
  if (cause instanceof AuthorizationError) return CALL_TEXT.connectFailed(cause.message);
  const refused = session.auth?.explainRefusal(cause);
  if (refused !== undefined) return CALL_TEXT.connectFailed(refused);
  const server = session.server;
  // A validation error is this side's finding about what the server sent, whatever became of it.
  if (server !== undefined && !isTimeout(cause) && !isValidationError(cause)) {
    const exit = await exitSoon(server);
    // An exit this side caused (the SDK closes the transport on a bad answer) is no reason.
    if (exit !== undefined && server.exitedOnItsOwn()) return CALL_TEXT.exitedEarly(exitWords(exit.code, exit.signal), server.lastStderrLines(3));
  }
  if (!(error instanceof StepError)) return CALL_TEXT.connectFailed(errorMessage(error));
  if (error.step === 'http') return CALL_TEXT.cantConnect(shownServerUrl(options.http ?? ''), causeMessage(cause));
  if (error.step === 'initialize') return isTimeout(cause) ? CALL_TEXT.initTimeout(options.timeoutMs) : CALL_TEXT.connectFailed(errorMessage(cause));
  return isTimeout(cause) ? CALL_TEXT.listTimeout(options.timeoutMs) : CALL_TEXT.cantList(errorMessage(cause));
}

/** How the server ended, waiting briefly: its stdout may close a moment before its exit is seen. */
async function exitSoon(server: ServerProcess | undefined): Promise<{ code: number | null; signal: string | null } | undefined> {
  if (server === undefined) return undefined;
  const known = server.exit();
  if (known !== undefined) return known;
  let timer: NodeJS.Timeout | undefined;
  const exit = await Promise.race([server.exited, new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), 500)))]);
  clearTimeout(timer);
  return exit;
}

/**
 * Runs one request over an established session; when it fails because the server asked for
 * authorization (a 401, or a 403 to step up its scopes), waits for the user's authorization and
 * makes it again, a bounded number of times.
 */
async function authorized<T>(session: Session, io: CliIo, run: () => Promise<T>): Promise<T> {
  for (let authorizations = 0; ; authorizations += 1) {
    try {
      return await run();
    } catch (error) {
      const { auth, httpTransport: transport } = session;
      if (auth === undefined || transport === undefined || authorizations >= MAX_AUTHORIZATIONS) throw error;
      if (!(await auth.authorizeAfter(error, transport, io.interrupt))) throw error;
    }
  }
}

async function step<T>(name: StepError['step'], promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    throw new StepError(name, error);
  }
}

/**
 * Runs one SDK request bounded by `timeoutMs` and cancelled by the interrupt. Each request gets its
 * own signal: the SDK leaves its listener on the signal it is given, and one run makes many requests.
 */
async function bounded<T>(timeoutMs: number, io: CliIo, run: (options: RequestOptions) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const interrupt = io.interrupt;
  const forward = () => controller.abort(interrupt?.reason);
  if (interrupt?.aborted) forward();
  else interrupt?.addEventListener('abort', forward, { once: true });
  try {
    return await run({ timeout: timeoutMs, maxTotalTimeout: timeoutMs, signal: controller.signal });
  } finally {
    interrupt?.removeEventListener('abort', forward);
  }
}

function isValidationError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && Array.isArray((error as { issues?: unknown }).issues);
}

function isTimeout(error: unknown): boolean {
  return error instanceof McpError && error.code === ErrorCode.RequestTimeout;
}

function isConnectionRefused(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as NodeJS.ErrnoException).code;
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || /fetch failed|ECONNREFUSED/.test(current.message)) return true;
  }
  return false;
}

/** An error's message with its cause's (fetch puts the real reason there). */
function causeMessage(error: unknown): string {
  const message = errorMessage(error);
  const cause = error instanceof Error ? error.cause : undefined;
  return cause instanceof Error && !message.includes(cause.message) ? `${message} (${errorMessage(cause)})` : message;
}

/** How long an HTTP server gets to acknowledge the end of its session. */
const END_SESSION_MS = 1_000;

async function closeQuietly(client: Client | undefined): Promise<void> {
  try {
    const transport = client?.transport;
    // Over HTTP the session outlives the connection unless it is ended (a bounded courtesy).
    if (transport instanceof StreamableHTTPClientTransport && transport.sessionId !== undefined) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([transport.terminateSession().catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, END_SESSION_MS)))]);
      clearTimeout(timer);
    }
    await client?.close();
  } catch {
    // Closing is best effort; the server's group is ended separately.
  }
}

function jsonLine(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}
