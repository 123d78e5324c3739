import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { uriMayCarryCredential } from '../../src/uri/credential.js';
import { PROVIDERS } from '../../examples/host/describe.js';
import { longestBase64Run, PNG_BASE64 } from '../support/factories.js';

/** A secret in the example's own environment: its server must never see it, nor its output show it. */
const SECRET = 'sk-proj-BLOCKWISEexampleSECRET0123456789abcdef';

let stdout = '';
let stderr = '';

beforeAll(async () => {
  const run = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'examples/host/main.ts'], {
    env: { ...process.env, OPENAI_API_KEY: SECRET, BLOCKWISE_EXAMPLE_TOKEN: SECRET },
    timeout: 120_000,
    maxBuffer: 8 * 1024 * 1024,
  });
  stdout = run.stdout;
  stderr = run.stderr;
}, 150_000);

/** The output's call sections: a `── tool {args}` header and the lines under it. */
function sections(): { header: string; lines: string[] }[] {
  const found: { header: string; lines: string[] }[] = [];
  for (const line of stdout.split('\n')) {
    if (line.startsWith('── ')) found.push({ header: line, lines: [] });
    else if (line.startsWith('   ') && found.length > 0) found.at(-1)!.lines.push(line);
  }
  return found;
}

describe('examples/host', () => {
  it('runs to the end without an error and says how many calls it rendered for how many providers', () => {
    expect(stderr).toBe('');
    const done = /^done: (\d+) calls rendered for (\d+) providers$/m.exec(stdout);
    expect(done).not.toBeNull();
    expect(Number(done![1])).toBe(sections().filter((section) => !section.header.includes(': skipped')).length);
    expect(Number(done![2])).toBe(PROVIDERS.length);
  });

  it("gives every call one line per provider, in the profiles' order, each saying what its request carries", () => {
    const called = sections().filter((section) => !section.header.includes(': skipped'));
    expect(called.length).toBeGreaterThanOrEqual(10);
    for (const { header, lines } of called) {
      const providerLines = lines.filter((line) => !line.startsWith('   │') && !line.startsWith('   fetch_reference'));
      expect(
        providerLines.map((line) => line.trim().split(/\s+/)[0]),
        header,
      ).toEqual(PROVIDERS);
      for (const line of providerLines) expect(line.trim().length, header).toBeGreaterThan(20);
    }
  });

  it("shows where the images went: native for every provider but the AI SDK's, and after the tool message for Chat Completions", () => {
    const image = sections().find((section) => section.header.startsWith('── get-tiny-image'));
    expect(image).toBeDefined();
    const line = (provider: string) => image!.lines.find((entry) => entry.trim().startsWith(`${provider} `)) ?? '';
    expect(line('anthropic')).toMatch(/image \(image\/png, \d+ bytes\)/);
    expect(line('openai-responses')).toMatch(/input_image \(image\/png, \d+ bytes\)/);
    expect(line('openai-chat')).toMatch(/^ *openai-chat +tool message: text \(\d+ chars\); then a user message .*image_url \(image\/png, \d+ bytes\)$/);
    expect(line('gemini')).toMatch(/inlineData \(image\/png, \d+ bytes\)/);
    // The AI SDK's provider may send a tool output as JSON text, so its profile sends no image.
    expect(line('ai-sdk')).toMatch(/^ *ai-sdk +content: text \(\d+ chars\)$/);
  });

  it('prints no base64 run, no image data, no secret from its environment, and no uri that may carry a credential', () => {
    // The longest legitimate run is the base64 inside the example's own gzip arguments (32 chars).
    expect(longestBase64Run(stdout)).toBeLessThanOrEqual(40);
    expect(stdout).not.toContain(PNG_BASE64.slice(0, 40));
    expect(stdout).not.toContain(SECRET);
    for (const match of stdout.matchAll(/[a-z][a-z0-9+.-]*:\/\/[^\s,;)"]+/g)) expect(uriMayCarryCredential(match[0]), match[0]).toBe(false);
  });
});
