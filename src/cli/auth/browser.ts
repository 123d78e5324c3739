/**
 * Opening the authorization URL in the user's browser: `$BROWSER` when set, else the platform's
 * opener. Never awaited and never fatal — the URL is printed either way, and `--no-browser` (the
 * default where `CI` is set) skips this.
 */
import { spawn } from 'node:child_process';
import { isSecureOrLoopback } from './auth-options.js';

/**
 * The variables an opener needs to find the user's display, session and browser; nothing else
 * (no token, no client secret, whatever variable holds them) reaches it.
 */
const OPENER_ENV = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'LANG',
  'LC_ALL',
  'LC_CTYPE',
  'TMPDIR',
  'DISPLAY',
  'WAYLAND_DISPLAY',
  'XAUTHORITY',
  'XDG_RUNTIME_DIR',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'XDG_DATA_DIRS',
  'XDG_CONFIG_DIRS',
  'XDG_CURRENT_DESKTOP',
  'XDG_SESSION_TYPE',
  'DBUS_SESSION_BUS_ADDRESS',
  'BROWSER',
  'SYSTEMROOT',
  'WINDIR',
  'COMSPEC',
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
  'TEMP',
  'TMP',
] as const;

/** True for a URL that may be handed to a browser: https, or http on a loopback host (never `file:`, `javascript:` or a scheme handler). */
export function isOpenableUrl(url: string): boolean {
  return URL.canParse(url) && isSecureOrLoopback(new URL(url));
}

/** The environment an opener is started with: {@link OPENER_ENV} from `env`, minus any name in `exclude` (the secrets' variables). */
export function openerEnvironment(env: NodeJS.ProcessEnv, exclude: readonly string[]): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const name of OPENER_ENV) if (env[name] !== undefined && !exclude.includes(name)) out[name] = env[name];
  return out;
}

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

/** Starts `command` on `url` with `env`, detached; a missing opener is ignored (the URL was printed). */
export function openInBrowser(url: string, command: OpenCommand, env: NodeJS.ProcessEnv): void {
  try {
    const child = spawn(command.file, [...command.args, url], { detached: true, stdio: 'ignore', shell: false, windowsHide: true, env });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // Nothing to open with: the printed URL is the way.
  }
}
