/**
 * `blockwise list -- <server command>`: starts the server (or reaches it with `--http`), prints
 * each tool it lists — its name, title, description, annotations and input schema — and ends it.
 * It takes `call`'s server options; those that choose or shape calls have no meaning here.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { sanitizeLabel } from '../text/labels.js';
import { runWithServer } from './call-command.js';
import { EXIT, type CliIo } from './io.js';
import { LIST_TEXT } from './messages.js';
import { parseCallOptions, UsageError, type CallOptions } from './options.js';
import type { ListedTool } from './tool-arguments.js';

/** `call`'s options that choose or shape calls: `list` refuses them. */
const CALL_ONLY_OPTIONS = ['--tool', '--all', '--args', '--args-for', '--args-file', '--include-writes', '--html', '--raw', '--cap', '--provider'];

/** Runs `list`; returns the exit code. */
export async function runList(argv: readonly string[], io: CliIo): Promise<number> {
  return runWithServer('list', () => parseListOptions(argv), io, printTools);
}

/** `list`'s options: `call`'s server options, with every tool as the (unused) target. */
export function parseListOptions(argv: readonly string[]): CallOptions {
  const split = argv.indexOf('--');
  const own = split === -1 ? argv : argv.slice(0, split);
  const callOnly = own.find((arg) => CALL_ONLY_OPTIONS.includes(arg.split('=', 1)[0] ?? arg));
  if (callOnly !== undefined) throw new UsageError(LIST_TEXT.callOnly(callOnly.split('=', 1)[0] ?? callOnly));
  return parseCallOptions(['--all', ...argv]);
}

async function printTools(options: CallOptions, io: CliIo, client: Client, tools: ListedTool[]): Promise<number> {
  const info = client.getServerVersion();
  if (options.json) {
    for (const tool of tools) io.stdout.write(`${JSON.stringify(listedToolJson(tool))}\n`);
    return EXIT.ok;
  }
  const name = info === undefined ? 'an unnamed server' : sanitizeLabel(`${info.name} ${info.version}`, 80);
  io.stdout.write(`server: ${name}; ${tools.length} tool${tools.length === 1 ? '' : 's'} listed\n`);
  for (const tool of tools) io.stdout.write(formatTool(tool));
  return EXIT.ok;
}

/** What `list --json` prints of a tool: what the server listed, as it listed it. */
function listedToolJson(tool: ListedTool): Record<string, unknown> {
  return {
    name: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    ...(tool.description === undefined ? {} : { description: tool.description }),
    ...(tool.annotations === undefined ? {} : { annotations: tool.annotations }),
    inputSchema: tool.inputSchema ?? null,
  };
}

/** One tool as text: its name and title, description, annotations and input schema (indented JSON). */
export function formatTool(tool: ListedTool): string {
  const lines = [`\ntool: ${sanitizeLabel(tool.name, 120)}${tool.title === undefined ? '' : ` (${sanitizeLabel(String(tool.title), 120)})`}`];
  if (typeof tool.description === 'string' && tool.description.trim() !== '') {
    for (const line of tool.description.trim().split('\n').slice(0, 12)) lines.push(`  ${line}`);
  }
  if (tool.annotations !== undefined) lines.push(`annotations: ${JSON.stringify(tool.annotations)}`);
  lines.push('input schema:');
  for (const line of JSON.stringify(tool.inputSchema ?? null, null, 2).split('\n')) lines.push(`  ${line}`);
  return `${lines.join('\n')}\n`;
}
