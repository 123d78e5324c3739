#!/usr/bin/env node
/** blockwise's command line: `blockwise render <file|->` and `blockwise call -- <server command>`. */
import { setFlagsFromString } from 'node:v8';
import { SIGNAL_EXIT_CODES, signalExitCode } from './cli/io.js';
import { main } from './cli/main.js';
import { hasLiveGroups, killLiveGroupsNow, TERM_GRACE_MS } from './cli/live-groups.js';

// A short-lived command: the young generation stays at its first size (a megabyte or so) rather
// than doubling up to V8's sixteen. Reading a large file leaves garbage at the rate it reads,
// and the young generation holds up to three times its size of it: with growth, a third of the
// peak of `render` of a 60 MB file. (The size itself is fixed once the heap is set up; the
// growth is read as it grows.)
setFlagsFromString('--semi-space-growth-factor=1');

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

process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  stderrIsTTY: process.stderr.isTTY === true,
  interrupt: interrupt.signal,
});
