/**
 * How `blockwise call` authenticates over Streamable HTTP, assembled from its options: static
 * headers and a bearer token scoped to the server's origin, or — when neither gives an
 * Authorization header — the MCP SDK's authorization flow with a loopback redirect, ready for a
 * server that answers 401 (or 403 `insufficient_scope`, to step up).
 */
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import {
  StreamableHTTPError,
  type StreamableHTTPClientTransport,
  type StreamableHTTPClientTransportOptions,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CliIo } from '../io.js';
import { errorMessage } from '../messages.js';
import { browserCommand, isOpenableUrl, openerEnvironment, openInBrowser } from './browser.js';
import { hasStaticAuthorization, isSecureOrLoopback, type HttpAuthOptions } from './auth-options.js';
import { guardedFetch } from './guarded-fetch.js';
import { AuthorizationError, startLoopbackRedirect, type LoopbackRedirect } from './loopback-redirect.js';
import { AUTH_TEXT } from './messages.js';
import { CliOAuthProvider } from './oauth-provider.js';
import type { SecretSet } from './redact.js';
import { originScopedFetch } from './scoped-fetch.js';
import { fileStore, memoryStore, type TokenStore } from './token-store.js';

/** The client name the flow registers under. */
const CLIENT_NAME = 'blockwise';

/** The authorization of one run against one HTTP server. */
export interface HttpAuth {
  /** The transport's options: the scoped fetch, and the SDK's auth provider when the flow applies. */
  readonly transportOptions: StreamableHTTPClientTransportOptions;
  /**
   * After a request failed: when it failed because the flow sent the user to authorize, waits for
   * the code on the loopback redirect, exchanges it on `transport`, and resolves true (the request
   * may be made again). Resolves false for any other failure; rejects when the authorization fails.
   */
  authorizeAfter(error: unknown, transport: StreamableHTTPClientTransport, signal?: AbortSignal): Promise<boolean>;
  /** For a 401 to a token given with `--bearer-env`: the line naming where it came from. */
  explainRefusal(error: unknown): string | undefined;
  /** Stops the loopback redirect. */
  close(): Promise<void>;
}

/**
 * Sets up authorization for `serverUrl`: starts the loopback redirect when the flow may run.
 * `timeoutMs` bounds each request to the authorization server, and the whole token exchange.
 */
export async function startHttpAuth(serverUrl: URL, options: HttpAuthOptions, io: CliIo, secrets: SecretSet, timeoutMs: number): Promise<HttpAuth> {
  for (const [name, value] of options.headers) secrets.addHeader(name, value);
  secrets.add(options.bearer?.value);
  secrets.add(options.client?.secret?.value);
  const headers: (readonly [string, string])[] = [...options.headers];
  if (options.bearer !== undefined) headers.push(['Authorization', `Bearer ${options.bearer.value}`]);
  let refused = false;
  const guard = { serverUrl, timeoutMs, allowInsecureHttp: options.allowInsecureHttp, ...(options.issuer === undefined ? {} : { issuer: options.issuer }) };
  const scoped = guardedFetch(guard, originScopedFetch(serverUrl.origin, headers));
  // Whether the server itself ever answered 401: what makes a later failure an authorization one.
  const fetch: typeof scoped = async (url, init) => {
    const response = await scoped(url, init);
    if (response.status === 401 && String(url) === serverUrl.href) refused = true;
    return response;
  };
  if (hasStaticAuthorization(options)) {
    return {
      transportOptions: { fetch },
      authorizeAfter: async () => false,
      explainRefusal: (error) =>
        options.bearer !== undefined && error instanceof StreamableHTTPError && error.code === 401 ? AUTH_TEXT.refused(options.bearer.source) : undefined,
      close: async () => undefined,
    };
  }
  const warn = (line: string) => io.stderr.write(line);
  const store = options.tokenCache === undefined ? memoryStore() : fileStore(options.tokenCache, serverUrl.href, warn);
  const redirect = await startLoopbackRedirect(registeredPort(store));
  if (registeredPort(store) !== undefined && registeredPort(store) !== Number(new URL(redirect.redirectUrl).port)) {
    // The registered client's redirect names a port this run couldn't have: register again.
    delete store.current.clientInformation;
  }
  const opener = browserCommand(process.platform, process.env);
  const openerEnv = openerEnvironment(
    process.env,
    [options.bearer?.source, options.client?.secret?.source].flatMap((source) => (source === undefined ? [] : [source.slice(1)])),
  );
  let unsafeEndpoint = false;
  const provider = new CliOAuthProvider({
    redirectUrl: redirect.redirectUrl,
    clientName: CLIENT_NAME,
    ...(options.client === undefined
      ? {}
      : { preRegistered: { client_id: options.client.id, ...(options.client.secret === undefined ? {} : { client_secret: options.client.secret.value }) } }),
    ...(options.clientMetadataUrl === undefined ? {} : { clientMetadataUrl: options.clientMetadataUrl }),
    ...(options.issuer === undefined ? {} : { issuer: options.issuer }),
    store,
    secrets,
    onRedirect: (authorizationUrl, state) => {
      redirect.expect(state);
      unsafeEndpoint = !isSecureOrLoopback(authorizationUrl);
      io.stderr.write(AUTH_TEXT.openUrl(redirect.redirectUrl, Math.round(options.authWaitMs / 1000)));
      io.stderr.write(`  ${authorizationUrl.href}\n`);
      if (!isOpenableUrl(authorizationUrl.href)) io.stderr.write(AUTH_TEXT.notOpened);
      else if (options.openBrowser) {
        io.stderr.write(AUTH_TEXT.opening(opener.file));
        openInBrowser(authorizationUrl.href, opener, openerEnv);
      }
    },
  });
  const bounds = { waitMs: options.authWaitMs, exchangeMs: timeoutMs, unsafeEndpoint: () => unsafeEndpoint };
  return {
    transportOptions: { fetch, authProvider: provider },
    authorizeAfter: (error, transport, signal) => authorizeAfter(redirect, bounds, error, transport, io, secrets, signal),
    explainRefusal: (error) =>
      refused && !(error instanceof AuthorizationError) && !(error instanceof StreamableHTTPError) ? AUTH_TEXT.flowFailed(errorMessage(error)) : undefined,
    close: () => redirect.close(),
  };
}

/** How long the user may take in the browser, and the token exchange may take, in ms. */
interface AuthorizeBounds {
  readonly waitMs: number;
  readonly exchangeMs: number;
  /** True when the authorization endpoint the user was sent to is neither https nor loopback http. */
  unsafeEndpoint(): boolean;
}

async function authorizeAfter(
  redirect: LoopbackRedirect,
  bounds: AuthorizeBounds,
  error: unknown,
  transport: StreamableHTTPClientTransport,
  io: CliIo,
  secrets: SecretSet,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  if (!(error instanceof UnauthorizedError) || !redirect.pending()) return false;
  if (bounds.unsafeEndpoint()) throw new AuthorizationError(AUTH_TEXT.insecureAuthorizationServer('its authorization endpoint'));
  // With no one at a browser (CI), waiting would only hold the run until the bound.
  if (bounds.waitMs === 0) throw new AuthorizationError(AUTH_TEXT.nobodyToAuthorize);
  const code = await redirect.code(bounds.waitMs, signal);
  secrets.add(code);
  let timer: NodeJS.Timeout | undefined;
  try {
    // Each request is bounded by the guarded fetch; the whole exchange is bounded here as well.
    await Promise.race([
      transport.finishAuth(code),
      new Promise<never>(
        (_, reject) => (timer = setTimeout(() => reject(new Error(AUTH_TEXT.exchangeTimedOut(Math.round(bounds.exchangeMs / 1000)))), bounds.exchangeMs)),
      ),
    ]);
  } catch (failure) {
    throw new AuthorizationError(AUTH_TEXT.exchangeFailed(errorMessage(failure)));
  } finally {
    clearTimeout(timer);
  }
  io.stderr.write(AUTH_TEXT.authorized);
  return true;
}

/** The loopback port a client registered by an earlier run named in its redirect URI. */
function registeredPort(store: TokenStore): number | undefined {
  const uri = (store.current.clientInformation as { redirect_uris?: unknown } | undefined)?.redirect_uris;
  const first: unknown = Array.isArray(uri) ? uri[0] : undefined;
  if (typeof first !== 'string' || !URL.canParse(first)) return undefined;
  const url = new URL(first);
  return url.hostname === '127.0.0.1' && url.port !== '' ? Number(url.port) : undefined;
}
