/**
 * The process groups `blockwise call` started and hasn't seen end, apart from the code that
 * starts them: the command line's signal and exit hooks read this at start-up, and so must not
 * load the MCP SDK (`blockwise render` never needs it).
 */

/** How long a group has after SIGTERM before it gets SIGKILL. */
export const TERM_GRACE_MS = 2_000;

/** Process groups started and not yet known to be gone; the last-resort exit hook kills these. */
const liveGroups = new Set<number>();

/** Notes a group as started. */
export function addLiveGroup(pid: number): void {
  liveGroups.add(pid);
}

/** Notes a group as gone. */
export function removeLiveGroup(pid: number): void {
  liveGroups.delete(pid);
}

/** True while a group this process started may still be running. */
export function hasLiveGroups(): boolean {
  return liveGroups.size > 0;
}

/** Kills every group still live, at once (the process is exiting; there is no time for grace). */
export function killLiveGroupsNow(): void {
  for (const pid of liveGroups) signalGroup(pid, 'SIGKILL');
  liveGroups.clear();
}

/** Sends `signal` to every process in the group; a group already gone is fine. */
export function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: nothing left in the group.
  }
}
