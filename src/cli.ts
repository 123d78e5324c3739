#!/usr/bin/env node
/** blockwise's command line: `blockwise render <file|->` and `blockwise call -- <server command>`. */
import { SIGNAL_EXIT_CODES, signalExitCode } from './cli/io.js';
import { main } from './cli/main.js';
import { hasLiveGroups, killLiveGroupsNow, TERM_GRACE_MS } from './cli/live-groups.js';

const interrupt = new AbortController();

function exitNow(code: number): never {
  killLiveGroupsNow();
  process.exit(code);
}

for (const signal of Object.keys(SIGNAL_EXIT_CODES) as (keyof typeof SIGNAL_EXIT_CODES)[]) {
  process.on(signal, () => {
    const code = signalExitCode(signal);
    // With no server running there is nothing to end: exit as the signal would have.
    if (interrupt.signal.aborted || !hasLiveGroups()) exitNow(code);
    // Otherwise the command ends its server's group with grace; should that stall, this doesn't wait.
    interrupt.abort(signal);
    setTimeout(() => exitNow(code), 2 * TERM_GRACE_MS + 1_000).unref();
  });
}
// The last resort: whenever this process exits (an uncaught error included; SIGKILL can't be
// caught), no server group it started outlives it.
process.on('exit', killLiveGroupsNow);
// A reader that went away (`| head`) is no error: stop quietly.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') exitNow(0);
  throw error;
});

// Standard error and input are opened only when used (`render -` reads the process's stdin
// itself): each is a stream node sets up on first touch, a pipe's loading its network code.
process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: { write: (text: string) => process.stderr.write(text) },
  get stderrIsTTY() {
    return process.stderr.isTTY === true;
  },
  interrupt: interrupt.signal,
});
