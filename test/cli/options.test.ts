import { describe, expect, it } from 'vitest';
import { badProviderText, CALL_TEXT } from '../../src/cli/messages.js';
import { DEFAULT_TIMEOUT_MS, parseCallOptions, parseRenderOptions, UsageError } from '../../src/cli/options.js';
import { projectPath } from './helpers.js';

describe(parseRenderOptions.name, () => {
  it('takes one input, --cap, --json and --server-url', () => {
    expect(parseRenderOptions(['x.json', '--cap', '100', '--json', '--server-url', 'https://a.example/mcp'])).toEqual({
      input: 'x.json',
      cap: 100,
      json: true,
      serverUrl: 'https://a.example/mcp',
      raw: false,
    });
    expect(parseRenderOptions(['-'])).toEqual({ input: '-', json: false, raw: false });
  });

  it('takes --provider naming a profile', () => {
    expect(parseRenderOptions(['x.json', '--provider', 'gemini'])).toEqual({ input: 'x.json', provider: 'gemini', json: false, raw: false });
    expect(() => parseRenderOptions(['x.json', '--provider', 'Gemini'])).toThrow(new UsageError(badProviderText('Gemini')));
  });

  it.each([[['a', 'b']], [['x', '--cap', '-1']], [['x', '--cap', '1.5']], [['x', '--server-url', 'not a url']], [['x', '--provider', '']]])(
    'refuses %j',
    (argv) => {
      expect(() => parseRenderOptions(argv)).toThrow(UsageError);
    },
  );
});

describe(parseCallOptions.name, () => {
  it('reads its own options before "--" and the server command after it, whatever that holds', () => {
    const options = parseCallOptions(['--all', '--timeout', '500', '--env', 'PORT=1', '--', 'srv', '--all', '--json']);
    expect(options).toMatchObject({ target: { kind: 'all' }, command: ['srv', '--all', '--json'], timeoutMs: 500, env: { PORT: '1' }, json: false });
  });

  it('takes --provider naming a profile; absent, none is set', () => {
    expect(parseCallOptions(['--all', '--provider', 'openai-chat', '--', 'srv']).provider).toBe('openai-chat');
    expect(parseCallOptions(['--all', '--', 'srv'])).not.toHaveProperty('provider');
    expect(() => parseCallOptions(['--all', '--provider', 'bedrock', '--', 'srv'])).toThrow(new UsageError(badProviderText('bedrock')));
  });

  it('defaults the timeout to 15 s and takes --tool with --args', () => {
    expect(parseCallOptions(['--tool', 'echo', '--args', '{"message":"hi"}', '--', 'srv'])).toMatchObject({
      target: { kind: 'one', tool: 'echo', args: { message: 'hi' } },
      timeoutMs: DEFAULT_TIMEOUT_MS,
    });
  });

  it('gathers argument sets from --args-file and --args-for, in that order', () => {
    const options = parseCallOptions([
      '--all',
      '--args-file',
      projectPath('examples/server-everything-calls.json'),
      '--args-for',
      'echo={"message":"x"}',
      '--',
      'srv',
    ]);
    expect(options.argumentSets.get('echo')).toEqual([{ message: 'Hello from blockwise' }, { message: 42 }, { message: 'x' }]);
  });

  it("--env NAME passes this shell's value on; an unset name is refused", () => {
    process.env.BLOCKWISE_TEST_VAR = 'v1';
    try {
      expect(parseCallOptions(['--all', '--env', 'BLOCKWISE_TEST_VAR', '--env', 'X=1=2', '--', 'srv']).env).toEqual({ BLOCKWISE_TEST_VAR: 'v1', X: '1=2' });
    } finally {
      delete process.env.BLOCKWISE_TEST_VAR;
    }
    expect(() => parseCallOptions(['--all', '--env', 'BLOCKWISE_TEST_VAR', '--', 'srv'])).toThrow(new UsageError(CALL_TEXT.envNotSet('BLOCKWISE_TEST_VAR')));
  });

  it.each([
    ['no server', ['--all'], CALL_TEXT.noServer],
    ['neither --tool nor --all', ['--', 'srv'], CALL_TEXT.noToolOrAll],
    ['both --tool and --all', ['--all', '--tool', 'x', '--', 'srv'], CALL_TEXT.toolAndAll],
    ['--args without --tool', ['--all', '--args', '{}', '--', 'srv'], CALL_TEXT.argsWithoutTool],
    ['--args that is not an object', ['--tool', 'x', '--args', '[1]', '--', 'srv'], CALL_TEXT.badArgsJson('--args', 'it is an array')],
    ['--args-for without a name', ['--all', '--args-for', '{}', '--', 'srv'], CALL_TEXT.badArgsFor('{}')],
    ['--http that is not http', ['--all', '--http', 'ftp://x/'], CALL_TEXT.badHttpUrl('ftp://x/')],
  ])('refuses %s with its line', (_name, argv, message) => {
    expect(() => parseCallOptions(argv)).toThrow(new UsageError(message));
  });
});
