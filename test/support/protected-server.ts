/**
 * A protected MCP server and its authorization server, both on loopback ports, for the tests of
 * `call`'s authorization: the MCP origin serves Streamable HTTP at `/mcp` (stateless, one tool,
 * `whoami`, that echoes the Authorization header it was called with — a server that leaks) and
 * its protected resource metadata; the authorization server serves its metadata, dynamic
 * registration, an authorization endpoint that consents at once (302 to the redirect with a
 * code), and a token endpoint that checks PKCE (S256).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** What the fake servers saw and issued. */
export interface ProtectedServer {
  readonly mcpUrl: string;
  readonly issuer: string;
  /** Tokens the MCP server accepts: issued by the token endpoint, or added by a test. */
  readonly accepted: Set<string>;
  readonly counts: { authorize: number; token: number; register: number; mcpUnauthorized: number };
  /** The Authorization header of each request the authorization server saw (none should carry the MCP token). */
  readonly asAuthorizations: (string | undefined)[];
  close(): Promise<void>;
}

/** How the authorization server misbehaves, for tests of the bounds. */
export interface ProtectedServerOptions {
  /** The token endpoint takes the request and never answers. */
  readonly tokenHangs?: boolean;
}

/** Starts both servers. */
export async function startProtectedServer(options: ProtectedServerOptions = {}): Promise<ProtectedServer> {
  const accepted = new Set<string>();
  const counts = { authorize: 0, token: 0, register: 0, mcpUnauthorized: 0 };
  const asAuthorizations: (string | undefined)[] = [];
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  let issuer = '';
  let mcpOrigin = '';

  const as = createServer(async (req, res) => {
    asAuthorizations.push(req.headers.authorization);
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/.well-known/oauth-authorization-server') {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        registration_endpoint: `${issuer}/register`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
      });
    }
    if (url.pathname === '/register' && req.method === 'POST') {
      counts.register += 1;
      const body = JSON.parse(await read(req)) as { redirect_uris: string[] };
      return json(res, 201, { client_id: `client-${counts.register}`, redirect_uris: body.redirect_uris, token_endpoint_auth_method: 'none' });
    }
    if (url.pathname === '/authorize') {
      counts.authorize += 1;
      const code = randomBytes(12).toString('hex');
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      codes.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', redirectUri });
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      target.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: target.href });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      counts.token += 1;
      if (options.tokenHangs === true) return;
      const form = new URLSearchParams(await read(req));
      const grant = codes.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      if (grant === undefined || createHash('sha256').update(verifier).digest('base64url') !== grant.challenge)
        return json(res, 400, { error: 'invalid_grant' });
      codes.delete(form.get('code') ?? '');
      const token = `at-${randomBytes(16).toString('hex')}`;
      accepted.add(token);
      return json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
    }
    return json(res, 404, { error: 'not_found' });
  });

  const mcp = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', mcpOrigin);
    if (url.pathname === '/.well-known/oauth-protected-resource/mcp' || url.pathname === '/.well-known/oauth-protected-resource') {
      return json(res, 200, { resource: `${mcpOrigin}/mcp`, authorization_servers: [issuer] });
    }
    if (url.pathname !== '/mcp') return json(res, 404, { error: 'not_found' });
    const authorization = req.headers.authorization ?? '';
    const token = authorization.startsWith('Bearer ') ? authorization.slice(7) : '';
    if (!accepted.has(token)) {
      counts.mcpUnauthorized += 1;
      res.writeHead(401, {
        'content-type': 'application/json',
        'www-authenticate': `Bearer resource_metadata="${mcpOrigin}/.well-known/oauth-protected-resource/mcp"`,
      });
      // A careless server: it echoes what it was sent.
      return res.end(JSON.stringify({ error: 'invalid_token', error_description: `not a token: ${authorization}` }));
    }
    const server = new McpServer({ name: 'protected', version: '1.0.0' });
    server.registerTool('whoami', { description: 'Echoes the Authorization header.' }, async () => ({
      content: [{ type: 'text', text: `you sent ${authorization}` }],
    }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => void transport.close().then(() => server.close()));
    await server.connect(transport);
    const body = req.method === 'POST' ? JSON.parse(await read(req)) : undefined;
    await transport.handleRequest(req, res, body);
  });

  issuer = `http://127.0.0.1:${await listen(as)}`;
  mcpOrigin = `http://127.0.0.1:${await listen(mcp)}`;
  return {
    mcpUrl: `${mcpOrigin}/mcp`,
    issuer,
    accepted,
    counts,
    asAuthorizations,
    close: async () => {
      await Promise.all([as, mcp].map((server) => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())))));
    },
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function read(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}
