/**
 * The command line's dispatch: `blockwise render …`, `blockwise call …`, `--help`. Takes its
 * streams as arguments and returns the exit code, so tests run it in process.
 */
import { EXIT, type CliIo } from './io.js';
import { COMMAND_USAGE, USAGE, errorLine } from './messages.js';
import { escapingSink } from './terminal-text.js';
import { packageVersion } from './version.js';
import { runRender } from './render-command.js';

/**
 * The commands, by name. `call` and `list` are loaded when they run, so `render` never loads (or
 * compiles, in the bundled bin) the MCP SDK's client, its zod schemas and ajv; `render` itself is
 * part of the bin's first file (scripts/bundle-cli.ts).
 */
const COMMANDS: Readonly<Record<string, (argv: readonly string[], io: CliIo) => Promise<number>>> = {
  render: runRender,
  call: async (argv, io) => (await import('./call-command.js')).runCall(argv, io),
  list: async (argv, io) => (await import('./list-command.js')).runList(argv, io),
};

/** Runs the command line (`argv` without node and the script); resolves to the exit code. */
export async function main(argv: readonly string[], given: CliIo): Promise<number> {
  // Every line any command prints passes the one escaping step. The rest of `given` is read
  // through, not copied: a copy would read each field now (the bin's are opened on first read).
  const io: CliIo = Object.create(given, {
    stdout: { value: escapingSink(given.stdout), enumerable: true },
    stderr: { value: escapingSink(given.stderr), enumerable: true },
  }) as CliIo;
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-V' || command === 'version') {
    io.stdout.write(`blockwise ${packageVersion()}\n`);
    return EXIT.ok;
  }
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    (command === undefined ? io.stderr : io.stdout).write(USAGE);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (run === undefined) {
    io.stderr.write(errorLine(command.slice(0, 40), `no such command; try "blockwise --help"`));
    return EXIT.usage;
  }
  if (rest.includes('--help') && (rest.indexOf('--') === -1 || rest.indexOf('--help') < rest.indexOf('--'))) {
    io.stdout.write(COMMAND_USAGE[command] ?? USAGE);
    return EXIT.ok;
  }
  return run(rest, io);
}
