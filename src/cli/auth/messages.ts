/**
 * Every line `blockwise call` words about authorization: its usage lines, its usage errors and
 * its progress and failure lines. None of them ever holds a token's or a secret's value: they
 * name the environment variable it came from.
 */
import { oneLine } from '../messages.js';

/** Usage errors of the authorization options. */
export const AUTH_OPTION_TEXT = {
  badHeader: (value: string) => `--header wants 'NAME: VALUE', got ${JSON.stringify(oneLine(value, 80))}`,
  badHeaderName: (name: string) => `--header: ${JSON.stringify(oneLine(name, 80))} is not a header name`,
  badHeaderValue: (name: string) => `--header ${oneLine(name, 80)}: a value may not hold line breaks, control characters or characters beyond Latin-1 (U+00FF)`,
  reservedHeader: (name: string) => `--header ${oneLine(name, 80)}: this header is the transport's own and can't be set`,
  envNotSet: (option: string, name: string) => `${option} ${oneLine(name, 80)}: this shell has no such variable, or it is empty`,
  badEnvName: (option: string, name: string) => `${option} wants the name of an environment variable, got ${JSON.stringify(oneLine(name, 80))}`,
  needsHttp: (option: string) => `${option} applies to a server reached with --http URL`,
  bearerAndAuthorizationHeader: '--bearer-env and --header Authorization both set the Authorization header: give one',
  staticAndOAuth: (option: string) => `${option} is for the authorization flow; with --bearer-env or --header Authorization the token is already given`,
  secretWithoutId: '--client-secret-env goes with --client-id',
  idAndMetadataUrl: 'give either --client-id (a pre-registered client) or --client-metadata-url (a client ID metadata document), not both',
  issuerWithoutId: '--issuer pins the authorization server of a pre-registered client: it goes with --client-id',
  badIssuer: (url: string) => `--issuer wants an https URL (http only on a loopback host), got ${JSON.stringify(oneLine(url, 120))}`,
  insecureHttp: (option: string) =>
    `${oneLine(option, 80)} would send a credential in the clear: the server's URL is http on a host that is not loopback (use https, or pass --allow-insecure-http)`,
  badAuthWait: (value: string) => `--auth-wait wants milliseconds from 0 to 3600000, got ${JSON.stringify(oneLine(value, 40))}`,
  secretTooShort: (option: string, name: string, min: number) =>
    `${option} ${oneLine(name, 80)}: the value is shorter than ${min} characters, too short to keep out of the output`,
  badMetadataUrl: (url: string) => `--client-metadata-url wants an https URL with a path, got ${JSON.stringify(oneLine(url, 120))}`,
} as const;

/** Lines printed while authorizing, and the failures of the flow. */
export const AUTH_TEXT = {
  openUrl: (redirectUrl: string, waitSeconds: number) =>
    `blockwise call: the server wants authorization; open this URL in a browser (the answer comes back to ${redirectUrl}, ${waitSeconds === 0 ? 'not waited for: see --auth-wait' : `waited for up to ${waitSeconds} s`}):\n`,
  opening: (command: string) => `blockwise call: opening it with ${oneLine(command, 80)}\n`,
  authorized: 'blockwise call: authorized\n',
  waitTimedOut: (seconds: number) => `no authorization arrived within ${seconds} s (open the printed URL, or pass a token with --bearer-env NAME)`,
  denied: (error: string, description: string | undefined) =>
    `the authorization server refused: ${oneLine(error, 80)}${description === undefined ? '' : ` (${oneLine(description, 160)})`}`,
  exchangeFailed: (reason: string) => `the authorization code couldn't be exchanged for a token: ${oneLine(reason, 200)}`,
  cacheUnreadable: (path: string, reason: string) =>
    `blockwise call: ignoring the token cache ${JSON.stringify(oneLine(path, 120))}: ${oneLine(reason, 160)}\n`,
  cacheUnwritable: (path: string, reason: string) =>
    `blockwise call: couldn't write the token cache ${JSON.stringify(oneLine(path, 120))}: ${oneLine(reason, 160)}\n`,
  flowFailed: (reason: string) =>
    `the server wants authorization, and its authorization flow failed: ${oneLine(reason, 200)} (a server without OAuth metadata may take a token: --bearer-env NAME or --header)`,
  insecureServer: 'the server wants a credential, and its URL is plain http on a host that is not loopback: refused (use https, or pass --allow-insecure-http)',
  insecureAuthorizationServer: (origin: string) =>
    `refused to talk to the authorization server at ${oneLine(origin, 120)}: it is not https (http only on a loopback host)`,
  notTheIssuer: (origin: string, issuer: string) =>
    `refused to talk to ${oneLine(origin, 120)}: --issuer pins the authorization server to ${oneLine(issuer, 120)}`,
  insecureIssuer: (issuer: string) =>
    `refused the authorization server ${oneLine(issuer, 120)}: its issuer or an endpoint is not https (http only on a loopback host)`,
  notOpened: 'blockwise call: not opening it in a browser: the URL is neither https nor http on a loopback host\n',
  nobodyToAuthorize: 'CI is set: no one is here to authorize in a browser (pass a token with --bearer-env NAME, or wait for one with --auth-wait MS)',
  exchangeTimedOut: (seconds: number) => `the authorization server didn't finish the token exchange within ${seconds} s (--timeout)`,
  refused: (source: string) => `the server refused the token from ${oneLine(source, 80)} (401)`,
} as const;

/** The page the loopback redirect answers in the browser, by outcome. */
export const CALLBACK_PAGE = {
  received: 'blockwise: authorization received. You can close this tab.',
  denied: 'blockwise: the authorization was refused. The command line says why.',
  unexpected: 'blockwise: this is not the authorization blockwise is waiting for.',
} as const;
