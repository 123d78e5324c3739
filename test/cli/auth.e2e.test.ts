/**
 * `blockwise call --http` against a protected server (a loopback MCP server and its fake
 * authorization server): a token from the environment, the authorization flow with the test as
 * the user at the browser, the token cache, and no secret in any line the command prints.
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { REDACTED } from '../../src/cli/auth/redact.js';
import { AUTH_TEXT } from '../../src/cli/auth/messages.js';
import { startProtectedServer, type ProtectedServer } from '../support/protected-server.js';

const TOKEN_ENV = 'BLOCKWISE_TEST_TOKEN';

let server: ProtectedServer;
beforeEach(async () => {
  server = await startProtectedServer();
});
afterEach(async () => {
  delete process.env[TOKEN_ENV];
  await server.close();
});

/** Runs `call` with streams that record everything; when `browse`, it opens each authorization URL printed, as a user would. */
async function call(args: string[], browse = false): Promise<{ code: number; out: string; err: string; visited: string[] }> {
  let out = '';
  let err = '';
  const visited: string[] = [];
  const visits: Promise<unknown>[] = [];
  const io: CliIo = {
    stdout: { write: (text: string) => (out += text) },
    stderr: {
      write: (text: string) => {
        err += text;
        const url = /^ {2}(http:\/\/\S+)$/m.exec(text)?.[1];
        if (browse && url !== undefined) {
          visited.push(url);
          visits.push(fetch(url).then((response) => response.text()));
        }
      },
    },
  };
  const code = await main(['call', '--tool', 'whoami', '--http', server.mcpUrl, '--no-browser', '--timeout', '10000', '--auth-wait', '60000', ...args], io);
  await Promise.all(visits);
  return { code, out, err, visited };
}

describe('call --bearer-env', () => {
  it('sends the token from the environment, and shows it nowhere, even where the server echoes it', async () => {
    const token = 'secret-token-from-the-environment-1234';
    server.accepted.add(token);
    process.env[TOKEN_ENV] = token;
    const { code, out, err } = await call(['--bearer-env', TOKEN_ENV]);
    expect(code).toBe(0);
    expect(out).toContain(`you sent Bearer ${REDACTED}`);
    expect(`${out}${err}`).not.toContain(token);
    expect(server.counts.authorize).toBe(0);
  });

  it('keeps the echoed token out of the --html report as well', async () => {
    const token = 'secret-token-for-the-html-report-1234';
    server.accepted.add(token);
    process.env[TOKEN_ENV] = token;
    const page = join(mkdtempSync(join(tmpdir(), 'blockwise-auth-html-')), 'report.html');
    const { code } = await call(['--bearer-env', TOKEN_ENV, '--html', page]);
    expect(code).toBe(0);
    const html = readFileSync(page, 'utf8');
    expect(html).toContain('you sent Bearer');
    expect(html).toContain(REDACTED);
    expect(html).not.toContain(token);
  });

  it('names the variable, never its value, when the server refuses the token', async () => {
    const token = 'a-token-the-server-refuses-5678';
    process.env[TOKEN_ENV] = token;
    const { code, out, err } = await call(['--bearer-env', TOKEN_ENV]);
    expect(code).toBe(1);
    expect(err).toContain(AUTH_TEXT.refused(`$${TOKEN_ENV}`));
    expect(`${out}${err}`).not.toContain(token);
  });

  it('is a usage error when the variable is unset, naming the variable', async () => {
    const { code, err } = await call(['--bearer-env', TOKEN_ENV]);
    expect(code).toBe(2);
    expect(err).toContain(`--bearer-env ${TOKEN_ENV}`);
  });
});

describe('call --header', () => {
  it('sends the header to the MCP server and redacts a credential-named value', async () => {
    const token = 'header-token-9999-abcdef';
    server.accepted.add(token);
    const { code, out, err } = await call(['--header', `Authorization: Bearer ${token}`]);
    expect(code).toBe(0);
    expect(`${out}${err}`).not.toContain(token);
  });
});

describe('call: the authorization flow', () => {
  it('registers, sends the user to authorize, takes the code on the loopback redirect, and calls with the token', async () => {
    const { code, out, err, visited } = await call([], true);
    expect(code, err).toBe(0);
    expect(visited).toHaveLength(1);
    const authorization = new URL(visited[0] as string);
    expect(authorization.origin).toBe(server.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(authorization.searchParams.get('resource')).toBe(server.mcpUrl);
    expect(err).toContain(AUTH_TEXT.authorized);
    expect(out).toContain(`you sent Bearer ${REDACTED}`);
    for (const token of server.accepted) expect(`${out}${err}`).not.toContain(token);
    // The MCP server's credentials never go to the authorization server.
    expect(server.asAuthorizations.filter((header) => header?.startsWith('Bearer '))).toEqual([]);
  });

  it('keeps tokens only in memory by default: a second run authorizes again', async () => {
    await call([], true);
    await call([], true);
    expect(server.counts.authorize).toBe(2);
  });

  it('with --token-cache writes the file 0600 and the next run uses its token without authorizing', async () => {
    const cache = join(mkdtempSync(join(tmpdir(), 'blockwise-auth-')), 'tokens.json');
    const first = await call(['--token-cache', cache], true);
    expect(first.code, first.err).toBe(0);
    expect(statSync(cache).mode & 0o777).toBe(0o600);
    const cached = JSON.parse(readFileSync(cache, 'utf8')) as { servers: Record<string, { tokens?: { access_token?: string } }> };
    expect(server.accepted.has(cached.servers[server.mcpUrl]?.tokens?.access_token ?? '')).toBe(true);
    const second = await call(['--token-cache', cache], true);
    expect(second.code, second.err).toBe(0);
    expect({ authorize: server.counts.authorize, visited: second.visited }).toEqual({ authorize: 1, visited: [] });
  });

  it('ignores a token cache that is not JSON, without quoting it', async () => {
    const cache = join(mkdtempSync(join(tmpdir(), 'blockwise-auth-')), 'tokens.json');
    writeFileSync(cache, 'at-quoted-secret-0000 {', { mode: 0o600 });
    const { code, err } = await call(['--token-cache', cache], true);
    expect(code, err).toBe(0);
    expect(err).toContain(AUTH_TEXT.cacheUnreadable(cache, 'it is not valid JSON'));
    expect(err).not.toContain('at-quoted-secret-0000');
  });

  it('fails with one line when the code never comes (interrupted while waiting)', async () => {
    const controller = new AbortController();
    let err = '';
    const io: CliIo = {
      stdout: { write: () => true },
      stderr: {
        write: (text: string) => {
          err += text;
          if (text.startsWith('  http')) controller.abort('SIGINT');
        },
      },
      interrupt: controller.signal,
    };
    const code = await main(['call', '--tool', 'whoami', '--http', server.mcpUrl, '--no-browser', '--auth-wait', '60000'], io);
    expect(code).toBe(130);
    expect(server.counts.token).toBe(0);
    expect(err).toMatch(/interrupted \(SIGINT\)/);
  });

  it('gives up on a token endpoint that never answers, within --timeout, with one line', async () => {
    await server.close();
    server = await startProtectedServer({ tokenHangs: true });
    const { code, err } = await call(['--timeout', '1500'], true);
    expect(code).toBe(1);
    expect(server.counts.token).toBe(1);
    expect(err).toContain("the authorization code couldn't be exchanged for a token");
  });

  it('refuses at once, with one line, where CI is set and no --auth-wait is given: no one is there to authorize', async () => {
    const was = process.env.CI;
    process.env.CI = 'true';
    try {
      let err = '';
      const io: CliIo = { stdout: { write: () => true }, stderr: { write: (text: string) => (err += text) } };
      const code = await main(['call', '--tool', 'whoami', '--http', server.mcpUrl, '--timeout', '10000'], io);
      expect(code).toBe(1);
      expect(err).toContain(AUTH_TEXT.nobodyToAuthorize);
      expect(server.counts.token).toBe(0);
    } finally {
      if (was === undefined) delete process.env.CI;
      else process.env.CI = was;
    }
  });

  it('says the flow failed, and how to give a token, for a server that answers 401 without OAuth metadata', async () => {
    const bare = createServer((_req, res) => {
      res.writeHead(401, { 'content-type': 'text/plain' });
      res.end('no');
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/mcp`;
      const { io, err } = (() => {
        let text = '';
        return { io: { stdout: { write: () => true }, stderr: { write: (chunk: string) => (text += chunk) } } satisfies CliIo, err: () => text };
      })();
      const code = await main(['call', '--all', '--http', url, '--no-browser'], io);
      expect(code).toBe(1);
      const [before, after] = AUTH_TEXT.flowFailed('REASON').split('REASON');
      expect(err()).toContain(before);
      expect(err()).toContain(after);
    } finally {
      bare.closeAllConnections();
      await new Promise((resolve) => bare.close(resolve));
    }
  });
});
