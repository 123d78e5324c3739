/**
 * Where the authorization flow keeps what it obtains for one server: its tokens and, for a
 * client it registered, the client's information. In memory only, unless `--token-cache FILE`:
 * then one JSON file, keyed by the server's URL, written whole (a temporary file with a random name, created
 * exclusively, renamed over it) with mode 0600 from its creation on. A cache that can't be read is ignored with a line
 * that says so, never a failure.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { errorMessage } from '../messages.js';
import { AUTH_TEXT } from './messages.js';

/** What is kept for one server. */
interface StoredAuth {
  tokens?: OAuthTokens;
  /** Kept only for a client this command registered or named by its metadata document. */
  clientInformation?: OAuthClientInformationMixed;
}

/** The cache file's shape. */
interface CacheFile {
  readonly blockwiseTokenCache: 1;
  readonly servers: Record<string, StoredAuth>;
}

/** One server's stored authorization, saved on every change when it has a file. */
export interface TokenStore {
  readonly current: StoredAuth;
  save(): void;
}

/** A store that lives as long as the run. */
export function memoryStore(): TokenStore {
  return { current: {}, save: () => undefined };
}

/** A store in `path` for `serverUrl`; `warn` gets the line for a file that can't be read or written. */
export function fileStore(path: string, serverUrl: string, warn: (line: string) => void): TokenStore {
  const servers = readCache(path, warn);
  const current: StoredAuth = isRecord(servers[serverUrl]) ? servers[serverUrl] : {};
  return {
    current,
    save() {
      const latest = readCache(path, () => undefined);
      latest[serverUrl] = current;
      const file: CacheFile = { blockwiseTokenCache: 1, servers: latest };
      // A name no one can guess, created only if absent: a file or link planted there is never written through.
      const temporary = `${path}.${randomBytes(12).toString('hex')}.tmp`;
      let created = false;
      try {
        const fd = openSync(temporary, 'wx', 0o600);
        created = true;
        try {
          // The mode given at creation is masked by the umask; 0600 is what the file must have.
          chmodSync(temporary, 0o600);
          writeFileSync(fd, `${JSON.stringify(file, null, 2)}\n`);
        } finally {
          closeSync(fd);
        }
        renameSync(temporary, path);
      } catch (error) {
        if (created) unlinkQuietly(temporary);
        warn(AUTH_TEXT.cacheUnwritable(path, errorMessage(error)));
      }
    },
  };
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

function readCache(path: string, warn: (line: string) => void): Record<string, StoredAuth> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') warn(AUTH_TEXT.cacheUnreadable(path, errorMessage(error)));
    return {};
  }
  try {
    const value: unknown = JSON.parse(text);
    if (isRecord(value) && value.blockwiseTokenCache === 1 && isRecord(value.servers)) return { ...(value.servers as Record<string, StoredAuth>) };
    warn(AUTH_TEXT.cacheUnreadable(path, 'it is not a blockwise token cache'));
  } catch {
    // The parser's message quotes the text, which holds tokens: say only what is wrong.
    warn(AUTH_TEXT.cacheUnreadable(path, 'it is not valid JSON'));
  }
  return {};
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
