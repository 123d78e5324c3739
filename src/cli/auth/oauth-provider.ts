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
    this.preRegistered = config.preRegistered;
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
    return this.preRegistered ?? this.config.store.current.clientInformation;
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

  tokens(): OAuthTokens | undefined {
    return this.config.store.current.tokens;
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

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }
}
