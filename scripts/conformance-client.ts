/**
 * The client under test for the MCP conformance suite's client scenarios: the suite runs this
 * with the scenario's server URL as its one argument (and `MCP_CONFORMANCE_SCENARIO`,
 * `MCP_CONFORMANCE_CONTEXT` in the environment); it runs `blockwise call --all` against that URL
 * in this process, on this Node (the system's), and plays the user at the browser: when blockwise prints an
 * authorization URL, it fetches it and follows the redirects, which lands the code on
 * blockwise's loopback redirect. It never starts a browser.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main as blockwise } from '../src/cli/main.js';

/** The client ID metadata document URL the suite's CIMD scenario expects as the client ID. */
const CIMD_URL = 'https://conformance-test.local/client-metadata.json';

/** The variable the pre-registered client's secret is passed in (never on the command line). */
const SECRET_ENV = 'BLOCKWISE_CONFORMANCE_CLIENT_SECRET';

/** `blockwise call`'s arguments for `scenario`, and the variables it needs. */
export function callArguments(serverUrl: string, scenario: string, context: string | undefined): { args: string[]; env: Record<string, string> } {
  // The suite checks that each of its tools is called (`add_numbers` reads as a write to `--all`).
  const args = ['call', '--all', '--include-writes', '--http', serverUrl, '--no-browser', '--timeout', '10000', '--auth-wait', '60000'];
  if (!scenario.startsWith('auth/')) return { args, env: {} };
  const parsed = context === undefined ? {} : (JSON.parse(context) as { client_id?: string; client_secret?: string });
  if (scenario === 'auth/pre-registration' && parsed.client_id !== undefined) {
    args.push('--client-id', parsed.client_id);
    if (parsed.client_secret === undefined) return { args, env: {} };
    args.push('--client-secret-env', SECRET_ENV);
    return { args, env: { [SECRET_ENV]: parsed.client_secret } };
  }
  // As a well-behaved client would: the document where the server supports it, else registration.
  args.push('--client-metadata-url', CIMD_URL);
  return { args, env: {} };
}

/** Opens an authorization URL the way a browser whose user consents would. */
async function visit(url: string): Promise<void> {
  try {
    const response = await fetch(url, { redirect: 'follow' });
    process.stderr.write(`conformance-client: visited the authorization URL (${response.status} from ${new URL(response.url).origin})\n`);
    await response.body?.cancel();
  } catch (error) {
    process.stderr.write(`conformance-client: visiting the authorization URL failed: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}

async function main(): Promise<number> {
  const serverUrl = process.argv[2];
  if (serverUrl === undefined) {
    process.stderr.write('usage: conformance-client <server-url>\n');
    return 2;
  }
  const { args, env } = callArguments(serverUrl, process.env.MCP_CONFORMANCE_SCENARIO ?? '', process.env.MCP_CONFORMANCE_CONTEXT);
  Object.assign(process.env, env);
  // blockwise runs in this process (one Node start per scenario, not two); its stderr is watched
  // line by line for the authorization URL, as a person reads it.
  let pending = '';
  let urlNext = false;
  const visits: Promise<void>[] = [];
  const stderr = {
    write(text: string) {
      process.stderr.write(text);
      pending += text;
      for (let newline = pending.indexOf('\n'); newline !== -1; newline = pending.indexOf('\n')) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        if (urlNext && /^ {2}https?:\/\/\S+$/.test(line)) visits.push(visit(line.trim()));
        urlNext = line.includes('open this URL in a browser');
      }
      return true;
    },
  };
  const code = await blockwise(args, { stdout: process.stdout, stderr });
  await Promise.all(visits);
  return code;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = await main();
