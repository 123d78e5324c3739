/**
 * The options of `blockwise call` for servers that want authorization, parsed: static headers
 * and a bearer token (read from the environment, never from the command line), or the MCP
 * authorization flow's client (pre-registered, a client ID metadata document, or dynamically
 * registered when neither is given).
 */
import { UsageError } from '../usage-error.js';
import { AUTH_OPTION_TEXT } from './messages.js';
import { MIN_SECRET_LENGTH, SENSITIVE_HEADER } from './redact.js';

/** The `parseArgs` entries of the authorization options (merged into `call`'s own). */
export const AUTH_ARG_OPTIONS = {
  header: { type: 'string', multiple: true },
  'bearer-env': { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret-env': { type: 'string' },
  'client-metadata-url': { type: 'string' },
  'token-cache': { type: 'string' },
  'no-browser': { type: 'boolean' },
  issuer: { type: 'string' },
  'auth-wait': { type: 'string' },
  'allow-insecure-http': { type: 'boolean' },
} as const;

/** The authorization options' raw values, as `parseArgs` gives them. */
export interface AuthArgValues {
  readonly header?: readonly string[] | undefined;
  readonly 'bearer-env'?: string | undefined;
  readonly 'client-id'?: string | undefined;
  readonly 'client-secret-env'?: string | undefined;
  readonly 'client-metadata-url'?: string | undefined;
  readonly 'token-cache'?: string | undefined;
  readonly 'no-browser'?: boolean | undefined;
  readonly issuer?: string | undefined;
  readonly 'auth-wait'?: string | undefined;
  readonly 'allow-insecure-http'?: boolean | undefined;
}

/** A secret's value with where it came from (`$NAME`), which is all any output may name. */
interface EnvSecret {
  readonly source: string;
  readonly value: string;
}

/** How `call` authenticates to a server reached over HTTP. */
export interface HttpAuthOptions {
  /** Headers sent with every request to the server's origin (`--header`), in order. */
  readonly headers: readonly (readonly [name: string, value: string])[];
  /** A static bearer token (`--bearer-env`): no authorization flow runs. */
  readonly bearer?: EnvSecret;
  /** A pre-registered client (`--client-id`, `--client-secret-env`). */
  readonly client?: { readonly id: string; readonly secret?: EnvSecret };
  /** A client ID metadata document's URL, used as the client ID where the server supports it. */
  readonly clientMetadataUrl?: string;
  /** Where tokens are kept between runs; absent, only in memory. */
  readonly tokenCache?: string;
  /** Whether the authorization URL is opened in a browser (it is always printed). */
  readonly openBrowser: boolean;
  /** The only authorization server's issuer the flow may use (`--issuer`). */
  readonly issuer?: string;
  /** How long the user has to authorize in the browser, in ms; 0 refuses at once (CI's default). */
  readonly authWaitMs: number;
  /** Whether credentials may go to a non-loopback server over plain http (`--allow-insecure-http`). */
  readonly allowInsecureHttp: boolean;
}

/** How long the user has to authorize in the browser, unless `--auth-wait` says otherwise. */
export const DEFAULT_AUTH_WAIT_MS = 300_000;

/** True for an http URL whose host is a loopback address or `localhost`. */
function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** True for a URL credentials may travel over: https, or http to a loopback host. */
export function isSecureOrLoopback(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackUrl(url));
}

/** Headers only the transport sets: a user's value would break the protocol or the session. */
const RESERVED_HEADERS = new Set([
  'accept',
  'content-type',
  'content-length',
  'host',
  'mcp-session-id',
  'mcp-protocol-version',
  'last-event-id',
  'transfer-encoding',
  'connection',
]);

/** An HTTP field name (RFC 9110 §5.1: a token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/;

/** A field value without controls (tab allowed), in Latin-1 (what fetch can send), bounded. */
const HEADER_VALUE = /^[^\x00-\x08\x0a-\x1f\x7f\u0100-\uffff]{0,8192}$/;

/** A POSIX-style environment variable name. */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,255}$/;

/** Parses the authorization options; `http` is the server's URL when it is reached over HTTP. */
export function parseHttpAuthOptions(values: AuthArgValues, http: string | undefined, env: NodeJS.ProcessEnv = process.env): HttpAuthOptions {
  const given = (Object.keys(AUTH_ARG_OPTIONS) as (keyof AuthArgValues)[]).filter((name) => name !== 'no-browser' && values[name] !== undefined);
  if (http === undefined && given.length > 0) throw new UsageError(AUTH_OPTION_TEXT.needsHttp(`--${given[0]}`));
  const headers = (values.header ?? []).map(parseHeader);
  const bearerName = values['bearer-env'];
  const bearer = bearerName === undefined ? undefined : readEnvSecret('--bearer-env', bearerName, env);
  if (bearer !== undefined && !HEADER_VALUE.test(bearer.value)) throw new UsageError(AUTH_OPTION_TEXT.badHeaderValue(`Authorization (from ${bearer.source})`));
  const authorizationHeader = headers.some(([name]) => name.toLowerCase() === 'authorization');
  if (bearer !== undefined && authorizationHeader) throw new UsageError(AUTH_OPTION_TEXT.bearerAndAuthorizationHeader);
  const clientId = values['client-id'];
  const secretName = values['client-secret-env'];
  const metadataUrl = values['client-metadata-url'];
  if (bearer !== undefined || authorizationHeader) {
    const flowOption = (['client-id', 'client-secret-env', 'client-metadata-url', 'token-cache'] as const).find((name) => values[name] !== undefined);
    if (flowOption !== undefined) throw new UsageError(AUTH_OPTION_TEXT.staticAndOAuth(`--${flowOption}`));
  }
  if (secretName !== undefined && clientId === undefined) throw new UsageError(AUTH_OPTION_TEXT.secretWithoutId);
  if (clientId !== undefined && metadataUrl !== undefined) throw new UsageError(AUTH_OPTION_TEXT.idAndMetadataUrl);
  if (metadataUrl !== undefined && !isClientMetadataUrl(metadataUrl)) throw new UsageError(AUTH_OPTION_TEXT.badMetadataUrl(metadataUrl));
  const secret = secretName === undefined ? undefined : readEnvSecret('--client-secret-env', secretName, env);
  const issuer = values.issuer;
  if (issuer !== undefined && clientId === undefined) throw new UsageError(AUTH_OPTION_TEXT.issuerWithoutId);
  if (issuer !== undefined && !(URL.canParse(issuer) && isSecureOrLoopback(new URL(issuer)))) throw new UsageError(AUTH_OPTION_TEXT.badIssuer(issuer));
  const allowInsecureHttp = values['allow-insecure-http'] === true;
  const credentialHeader = headers.find(([name]) => SENSITIVE_HEADER.test(name));
  const sent = bearer !== undefined ? '--bearer-env' : credentialHeader === undefined ? undefined : `--header ${credentialHeader[0]}`;
  if (sent !== undefined && http !== undefined && !allowInsecureHttp && !isSecureOrLoopback(new URL(http)))
    throw new UsageError(AUTH_OPTION_TEXT.insecureHttp(sent));
  const waitGiven = values['auth-wait'];
  const authWaitMs = waitGiven === undefined ? (isCi(env) ? 0 : DEFAULT_AUTH_WAIT_MS) : authWait(waitGiven);
  return {
    headers,
    ...(bearer === undefined ? {} : { bearer }),
    ...(clientId === undefined ? {} : { client: { id: clientId, ...(secret === undefined ? {} : { secret }) } }),
    ...(metadataUrl === undefined ? {} : { clientMetadataUrl: metadataUrl }),
    ...(values['token-cache'] === undefined ? {} : { tokenCache: values['token-cache'] }),
    openBrowser: values['no-browser'] !== true && !isCi(env),
    ...(issuer === undefined ? {} : { issuer: new URL(issuer).href }),
    authWaitMs,
    allowInsecureHttp,
  };
}

/** Parses one `--header 'Name: value'` (the value trimmed, as HTTP trims it). */
export function parseHeader(entry: string): [name: string, value: string] {
  const colon = entry.indexOf(':');
  if (colon <= 0) throw new UsageError(AUTH_OPTION_TEXT.badHeader(entry));
  const name = entry.slice(0, colon).trim();
  const value = entry.slice(colon + 1).trim();
  if (!HEADER_NAME.test(name)) throw new UsageError(AUTH_OPTION_TEXT.badHeaderName(name));
  if (RESERVED_HEADERS.has(name.toLowerCase())) throw new UsageError(AUTH_OPTION_TEXT.reservedHeader(name));
  if (!HEADER_VALUE.test(value)) throw new UsageError(AUTH_OPTION_TEXT.badHeaderValue(name));
  return [name, value];
}

/** True when `CI` is set to anything but empty, `0` or `false` (as CI services set it). */
export function isCi(env: NodeJS.ProcessEnv): boolean {
  const value = env.CI;
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/** True when the options ask for no authorization flow: a token or Authorization header is given. */
export function hasStaticAuthorization(options: HttpAuthOptions): boolean {
  return options.bearer !== undefined || options.headers.some(([name]) => name.toLowerCase() === 'authorization');
}

/** The longest `--auth-wait`: an hour. */
const MAX_AUTH_WAIT_MS = 3_600_000;

function authWait(text: string): number {
  const ms = /^\d{1,7}$/.test(text) ? Number(text) : NaN;
  if (!(ms >= 0 && ms <= MAX_AUTH_WAIT_MS)) throw new UsageError(AUTH_OPTION_TEXT.badAuthWait(text));
  return ms;
}

function readEnvSecret(option: string, name: string, env: NodeJS.ProcessEnv): EnvSecret {
  if (!ENV_NAME.test(name)) throw new UsageError(AUTH_OPTION_TEXT.badEnvName(option, name));
  const value = env[name];
  if (value === undefined || value === '') throw new UsageError(AUTH_OPTION_TEXT.envNotSet(option, name));
  // A shorter value would be matched inside ordinary output when it is redacted.
  if (value.length < MIN_SECRET_LENGTH) throw new UsageError(AUTH_OPTION_TEXT.secretTooShort(option, name, MIN_SECRET_LENGTH));
  return { source: `$${name}`, value };
}

/**
 * Whether `value` can name a client ID metadata document: an https URL with a path other than
 * `/`. The same rule as the MCP SDK's `isHttpsUrl` (which decides whether the SDK sends it as a
 * client ID); kept here because importing the SDK's `client/auth.js` loads its zod schemas, and
 * every `render` parses options through this module. A test holds the two in step.
 */
export function isClientMetadataUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' && url.pathname !== '/';
}
