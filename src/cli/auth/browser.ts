/**
 * Opening the authorization URL in the user's browser: `$BROWSER` when set, else the platform's
 * opener. Never awaited and never fatal — the URL is printed either way, and `--no-browser` (the
 * default where `CI` is set) skips this.
 */
import { spawn } from 'node:child_process';

/** The command that opens a URL, with its arguments before the URL. */
export interface OpenCommand {
  readonly file: string;
  readonly args: readonly string[];
}

/** How `url` is opened on `platform` with `env` (`$BROWSER` first, as xdg-utils and Python honour it). */
export function browserCommand(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): OpenCommand {
  const browser = env.BROWSER?.trim();
  if (browser !== undefined && browser !== '') return { file: browser, args: [] };
  if (platform === 'darwin') return { file: 'open', args: [] };
  // `start` would read `&` in the URL as a command separator; the URL handler takes it whole.
  if (platform === 'win32') return { file: 'rundll32', args: ['url.dll,FileProtocolHandler'] };
  return { file: 'xdg-open', args: [] };
}

/** Starts `command` on `url`, detached; a missing opener is ignored (the URL was printed). */
export function openInBrowser(url: string, command: OpenCommand): void {
  try {
    const child = spawn(command.file, [...command.args, url], { detached: true, stdio: 'ignore', shell: false, windowsHide: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // Nothing to open with: the printed URL is the way.
  }
}
