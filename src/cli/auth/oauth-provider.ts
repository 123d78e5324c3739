/**
 * The MCP SDK's `OAuthClientProvider` for the command line: the SDK runs the MCP authorization
 * flow (2025-11-25: protected resource metadata, authorization server metadata, client ID
 * metadata documents or dynamic registration, scope selection, PKCE, the token endpoint's auth
 * method); this provider keeps what it obtains in a {@link TokenStore}, registers every token as
 * a secret, and hands the authorization URL to `onRedirect` (which prints it and waits on the
 * loopback redirect).
 */
import { randomBytes } from 'node:crypto';
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { isSecureOrLoopback } from './auth-options.js';
import { AUTH_TEXT } from './messages.js';
import type { SecretSet } from './redact.js';
import type { TokenStore } from './token-store.js';

/** What the provider is built from. */
export interface CliOAuthProviderConfig {
  readonly redirectUrl: string;
  readonly clientName: string;
  /** A pre-registered client (`--client-id`), kept in memory only: its secret is never cached. */
  readonly preRegistered?: OAuthClientInformationMixed;
  /** A client ID metadata document's https URL (`--client-metadata-url`). */
  readonly clientMetadataUrl?: string;
  /** The only authorization server the flow may use (`--issuer`): the pre-registered client is bound to it. */
  readonly issuer?: string;
  readonly store: TokenStore;
  readonly secrets: SecretSet;
  /** Called with each authorization URL and the `state` it carries. */
  readonly onRedirect: (authorizationUrl: URL, state: string) => void;
}

/** The command line's OAuth client, as the SDK's flow drives it. */
export class CliOAuthProvider implements OAuthClientProvider {
  readonly clientMetadataUrl?: string;
  private preRegistered: OAuthClientInformationMixed | undefined;
  private verifier: string | undefined;
  private lastState: string | undefined;
  private discovery: OAuthDiscoveryState | undefined;

  constructor(private readonly config: CliOAuthProviderConfig) {
    // Stamped with the pinned issuer, the SDK never presents the client (and its secret) to another.
    this.preRegistered =
      config.preRegistered === undefined || config.issuer === undefined ? config.preRegistered : { ...config.preRegistered, issuer: config.issuer };
    if (config.clientMetadataUrl !== undefined) this.clientMetadataUrl = config.clientMetadataUrl;
    const { tokens, clientInformation } = config.store.current;
    config.secrets.add(tokens?.access_token);
    config.secrets.add(tokens?.refresh_token);
    config.secrets.add(clientInformation?.client_secret);
    config.secrets.add(config.preRegistered?.client_secret);
  }

  get redirectUrl(): string {
    return this.config.redirectUrl;
  }

  /** A native app's metadata (RFC 8252): a loopback redirect and the code flow with refresh. */
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.config.clientName,
      redirect_uris: [this.config.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  state(): string {
    this.lastState = randomBytes(24).toString('base64url');
    return this.lastState;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    if (this.preRegistered !== undefined) return this.preRegistered;
    const cached = this.config.store.current.clientInformation;
    // A cached client with a secret and no issuer stamp could be presented to any server: register again.
    return cached?.client_secret !== undefined && typeof cached.issuer !== 'string' ? undefined : cached;
  }

  saveClientInformation(clientInformation: OAuthClientInformationMixed): void {
    this.config.secrets.add(clientInformation.client_secret);
    if (this.preRegistered !== undefined) {
      this.preRegistered = clientInformation;
      return;
    }
    this.config.store.current.clientInformation = clientInformation;
    this.config.store.save();
  }

  /**
   * The cached tokens. The SDK stamps each with the issuer that granted it and never sends a
   * refresh token to another; one without a stamp loses its refresh token, which could otherwise
   * go to whatever authorization server the MCP server names next.
   */
  tokens(): OAuthTokens | undefined {
    const tokens = this.config.store.current.tokens;
    if (tokens?.refresh_token === undefined || typeof tokens.issuer === 'string') return tokens;
    const { refresh_token: _dropped, ...rest } = tokens;
    return rest;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.config.secrets.add(tokens.access_token);
    this.config.secrets.add(tokens.refresh_token);
    this.config.store.current.tokens = tokens;
    this.config.store.save();
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    this.config.onRedirect(authorizationUrl, authorizationUrl.searchParams.get('state') ?? this.lastState ?? '');
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (this.verifier === undefined) throw new Error('no PKCE code verifier: no authorization was started');
    return this.verifier;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    const stored = this.config.store.current;
    if (scope === 'all' || scope === 'tokens') delete stored.tokens;
    if ((scope === 'all' || scope === 'client') && this.preRegistered === undefined) delete stored.clientInformation;
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
    if (scope !== 'verifier' && scope !== 'discovery') this.config.store.save();
  }

  /** Refuses an authorization server that isn't https (or loopback http), or isn't the pinned one. */
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    const metadata = state.authorizationServerMetadata as Record<string, unknown> | undefined;
    const named = [state.authorizationServerUrl, metadata?.issuer, metadata?.authorization_endpoint, metadata?.token_endpoint, metadata?.registration_endpoint];
    const unsafe = named.find((url) => url !== undefined && !(typeof url === 'string' && URL.canParse(url) && isSecureOrLoopback(new URL(url))));
    if (unsafe !== undefined) throw new Error(AUTH_TEXT.insecureIssuer(String(state.authorizationServerUrl)));
    const pinned = this.config.issuer;
    if (pinned !== undefined && new URL(state.authorizationServerUrl).href !== new URL(pinned).href) {
      throw new Error(AUTH_TEXT.notTheIssuer(state.authorizationServerUrl, pinned));
    }
    this.discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }
}
