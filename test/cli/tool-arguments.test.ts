import { describe, expect, it } from 'vitest';
import { SKIP_TEXT } from '../../src/cli/messages.js';
import { deriveArguments, nameWords, planCalls, READ_VERBS, writeReason, WRITE_VERBS, type ListedTool, isAppOnly } from '../../src/cli/tool-arguments.js';

const tool = (overrides: Partial<ListedTool> & { name: string }): ListedTool => ({ inputSchema: { type: 'object', properties: {} }, ...overrides });
const object = (properties: Record<string, unknown>, required = Object.keys(properties)) => ({ type: 'object', properties, required });

describe(deriveArguments.name, () => {
  it.each([
    ['no schema > no arguments', { given: undefined, want: {} }],
    [
      'no required fields > none filled in, so the server defaults apply',
      { given: { type: 'object', properties: { count: { type: 'number', default: 3 } } }, want: {} },
    ],
    ['string > a plain word', { given: object({ message: { type: 'string' } }), want: { message: 'example' } }],
    [
      'string > format uri > a data: uri, which reaches no network',
      { given: object({ data: { type: 'string', format: 'uri' } }), want: { data: 'data:text/plain;charset=utf-8,blockwise%20example' } },
    ],
    ['string > minLength > padded', { given: object({ code: { type: 'string', minLength: 10 } }), want: { code: 'examplexxx' } }],
    ['enum > its first value', { given: object({ kind: { type: 'string', enum: ['error', 'success'] } }), want: { kind: 'error' } }],
    ['const > the constant', { given: object({ v: { const: 2 } }), want: { v: 2 } }],
    ['default > the default', { given: object({ v: { type: 'string', default: 'd' } }), want: { v: 'd' } }],
    [
      'number > 1 within bounds',
      { given: object({ a: { type: 'number' }, b: { type: 'integer', minimum: 5 }, c: { type: 'number', maximum: 0.5 } }), want: { a: 1, b: 5, c: 0.5 } },
    ],
    ['boolean > false', { given: object({ flag: { type: 'boolean' } }), want: { flag: false } }],
    [
      'array > empty unless minItems',
      { given: object({ xs: { type: 'array' }, ys: { type: 'array', minItems: 2, items: { type: 'number' } } }), want: { xs: [], ys: [1, 1] } },
    ],
    ['nested object > its required fields', { given: object({ inner: object({ name: { type: 'string' } }) }), want: { inner: { name: 'example' } } }],
    ['$ref > resolved locally', { given: { ...object({ p: { $ref: '#/$defs/P' } }), $defs: { P: { type: 'boolean' } } }, want: { p: false } }],
    ['anyOf > the first member that derives', { given: object({ v: { anyOf: [{ not: {} }, { type: 'string' }] } }), want: { v: 'example' } }],
    ['type list > the first non-null type', { given: object({ v: { type: ['null', 'integer'] } }), want: { v: 1 } }],
  ])('%s', (_name, { given, want }) => {
    expect(deriveArguments(given)).toEqual({ ok: true, args: want });
  });

  it.each([
    ['a pattern the value does not match', object({ id: { type: 'string', pattern: '^[0-9]{4}$' } }), 'its required argument "id" must match a pattern'],
    ['a field with no type', object({ v: {} }), 'its required argument "v" has no type'],
    ['a required field missing from properties', object({}, ['ghost']), 'its required argument "ghost" has no schema'],
    ['an unsatisfiable number range', object({ n: { type: 'integer', minimum: 3, maximum: 2 } }), 'its required argument "n" has no number'],
  ])('fails with a reason for %s', (_name, given, reason) => {
    const derived = deriveArguments(given);
    expect(derived.ok).toBe(false);
    if (!derived.ok) expect(derived.reason).toContain(reason);
  });
});

describe(writeReason.name, () => {
  it.each([
    ['readOnlyHint true > called, even when its name reads as a write', tool({ name: 'delete_preview', annotations: { readOnlyHint: true } }), undefined],
    ['destructiveHint true > skipped', tool({ name: 'lookup', annotations: { destructiveHint: true } }), SKIP_TEXT.destructive],
    ['readOnlyHint false > skipped', tool({ name: 'lookup', annotations: { readOnlyHint: false, destructiveHint: false } }), SKIP_TEXT.notReadOnly],
    ['no hints > snake_case write verb > skipped', tool({ name: 'delete_file' }), SKIP_TEXT.readsAsWrite('delete')],
    ['no hints > camelCase write verb > skipped', tool({ name: 'sendEmail' }), SKIP_TEXT.readsAsWrite('send')],
    ['no hints > write verb in the title > skipped', tool({ name: 'x1', title: 'Update the record' }), SKIP_TEXT.readsAsWrite('update')],
    ['no hints > a read > called', tool({ name: 'get_sampling_rate' }), undefined],
    ['no hints > a short verb inside a longer word is no verb > called', tool({ name: 'get_user_settings' }), undefined],
    ['no hints > a write verb starting a later word fails safe > skipped', tool({ name: 'list_updates_settings' }), SKIP_TEXT.readsAsWrite('update')],
    [
      'contradictory hints (readOnlyHint and destructiveHint true) > skipped',
      tool({ name: 'wipe_disk', annotations: { readOnlyHint: true, destructiveHint: true } }),
      SKIP_TEXT.destructive,
    ],
    [
      'hints that are no booleans count as absent > by name',
      tool({ name: 'delete_str', annotations: { readOnlyHint: 'false', destructiveHint: 'true' } as never }),
      SKIP_TEXT.readsAsWrite('delete'),
    ],
    ['destructiveHint false alone > by name', tool({ name: 'wipe', annotations: { destructiveHint: false } }), SKIP_TEXT.readsAsWrite('wipe')],
    ['no hints > a Cyrillic look-alike in the name > skipped', tool({ name: 'd\u0435lete_lookalike' }), SKIP_TEXT.nonAsciiName],
    ['no hints > a fullwidth name folds (NFKC) to a write > skipped', tool({ name: '\uff44elete_x' }), SKIP_TEXT.readsAsWrite('delete')],
    ['no hints > an invisible character inside a verb > skipped', tool({ name: 'get_de\u200blete' }), SKIP_TEXT.readsAsWrite('delete')],
    ['no hints > a read, its title a write > skipped', tool({ name: 'get_x', title: 'Delete everything' }), SKIP_TEXT.readsAsWrite('delete')],
    ['no hints > a read after a write > skipped', tool({ name: 'fetch_and_delete_rows' }), SKIP_TEXT.readsAsWrite('delete')],
    ['no hints > a namespaced read > called', tool({ name: 'slack_list_channels' }), undefined],
    ['no hints > an inflected read > called', tool({ name: 'listing_files' }), undefined],
    ['empty annotations > by name', tool({ name: 'create-user', annotations: {} }), SKIP_TEXT.readsAsWrite('create')],
  ])('%s', (_name, given, want) => {
    expect(writeReason(given)).toBe(want);
  });

  it.each([
    ['git_checkout'],
    ['git_init'],
    ['slack_reply_to_thread'],
    ['fork_repository'],
    ['dismiss_notification'],
    ['puppeteer_click'],
    ['puppeteer_evaluate'],
    ['restore_backup'],
    ['truncate_table'],
    ['rollback_migration'],
    ['rerun_workflow_run'],
    ['HTTPDelete'],
    ['deletefile'],
    ['deleting_stuff'],
    ['rm_rf'],
    ['unlink'],
    ['format_drive'],
    ['wipe'],
    ['git_reset_hard'],
    ['drop2table'],
    ['safe'],
  ])('no hints > %s is not called', (name) => {
    expect(writeReason(tool({ name }))).toBeDefined();
  });

  it.each([
    ['HTTPDelete', ['http', 'delete']],
    ['sendEmail', ['send', 'email']],
    ['drop2table', ['drop', 'table']],
  ])('splits %s into words', (name, words) => {
    expect(nameWords(name)).toEqual(words);
  });

  it('reads no word as both a read and a write', () => {
    for (const verb of READ_VERBS) expect(WRITE_VERBS.has(verb)).toBe(false);
  });

  it('names the verbs the issue lists as writes', () => {
    for (const verb of ['create', 'delete', 'update', 'set', 'write', 'remove', 'send']) expect(WRITE_VERBS.has(verb)).toBe(true);
  });
});

describe(planCalls.name, () => {
  const tools = [
    tool({ name: 'echo', inputSchema: object({ message: { type: 'string' } }) }),
    tool({ name: 'wipe', annotations: { destructiveHint: true } }),
    tool({ name: 'set_mode', annotations: { readOnlyHint: false } }),
    tool({ name: 'get_sampling_rate' }),
    tool({ name: 'get_odd', inputSchema: object({ v: {} }) }),
    tool({ name: 'task', execution: { taskSupport: 'required' } }),
  ];

  it('with --all: derives, calls once per given argument set, skips with reasons, and reports given sets for unlisted tools', () => {
    const plan = planCalls(tools, {
      target: { kind: 'all' },
      argumentSets: new Map([
        ['echo', [{ message: 'a' }, { message: 'b' }]],
        ['ghost', [{}]],
      ]),
    });
    expect(plan).toEqual([
      { kind: 'call', tool: 'echo', args: { message: 'a' }, derived: false },
      { kind: 'call', tool: 'echo', args: { message: 'b' }, derived: false },
      { kind: 'skip', tool: 'wipe', reason: SKIP_TEXT.destructive },
      { kind: 'skip', tool: 'set_mode', reason: SKIP_TEXT.notReadOnly },
      { kind: 'call', tool: 'get_sampling_rate', args: {}, derived: true },
      { kind: 'skip', tool: 'get_odd', reason: SKIP_TEXT.underivable('its required argument "v" has no type this command can fill in') },
      { kind: 'skip', tool: 'task', reason: SKIP_TEXT.task },
      { kind: 'skip', tool: 'ghost', reason: SKIP_TEXT.notListed },
    ]);
  });

  it('with --all --include-writes: the tools that may change state are called too', () => {
    const plan = planCalls(tools, { target: { kind: 'all' }, argumentSets: new Map(), includeWrites: true });
    expect(plan.filter((call) => call.tool === 'wipe' || call.tool === 'set_mode')).toEqual([
      { kind: 'call', tool: 'wipe', args: {}, derived: true },
      { kind: 'call', tool: 'set_mode', args: {}, derived: true },
    ]);
  });

  it('with --all: arguments given for a write by name are a request to call it', () => {
    const plan = planCalls(tools, { target: { kind: 'all' }, argumentSets: new Map([['set_mode', [{ mode: 'a' }]]]) });
    expect(plan.find((call) => call.tool === 'set_mode')).toEqual({ kind: 'call', tool: 'set_mode', args: { mode: 'a' }, derived: false });
  });

  it('with --tool: its --args, else derived; it always calls what it names (destructive, task-bound, underivable or unlisted)', () => {
    const one = (tool: string, args?: Record<string, unknown>) =>
      planCalls(tools, { target: { kind: 'one', tool, ...(args === undefined ? {} : { args }) }, argumentSets: new Map() });
    expect(one('echo')).toEqual([{ kind: 'call', tool: 'echo', args: { message: 'example' }, derived: true }]);
    expect(one('echo', { message: 'x' })).toEqual([{ kind: 'call', tool: 'echo', args: { message: 'x' }, derived: false }]);
    expect(one('wipe')).toEqual([{ kind: 'call', tool: 'wipe', args: {}, derived: true }]);
    expect(one('task')).toEqual([{ kind: 'call', tool: 'task', args: {}, derived: true }]);
    expect(one('get_odd')).toEqual([{ kind: 'call', tool: 'get_odd', args: {}, derived: false }]);
    expect(one('nope')).toEqual([{ kind: 'call', tool: 'nope', args: {}, derived: true }]);
  });
});

describe('MCP Apps: a tool only the app calls', () => {
  const appOnly = tool({ name: 'save-allocation', _meta: { ui: { resourceUri: 'ui://budget/app', visibility: ['app'] } } });
  const both = tool({ name: 'get-budget', _meta: { ui: { resourceUri: 'ui://budget/app', visibility: ['model', 'app'] } } });

  it('is skipped by --all with the reason, and called when named', () => {
    expect(planCalls([appOnly, both], { target: { kind: 'all' }, argumentSets: new Map() })).toEqual([
      { kind: 'skip', tool: 'save-allocation', reason: SKIP_TEXT.appOnly },
      { kind: 'call', tool: 'get-budget', args: {}, derived: true },
    ]);
    expect(planCalls([appOnly], { target: { kind: 'one', tool: 'save-allocation' }, argumentSets: new Map() })).toEqual([
      { kind: 'call', tool: 'save-allocation', args: {}, derived: true },
    ]);
  });

  it.each([
    ['only the app', ['app'], true],
    ['the model and the app', ['model', 'app'], false],
    ['an empty list', [], false],
    ['not a list', 'app', false],
  ] as const)('visibility %s', (_name, visibility, expected) => {
    expect(isAppOnly(tool({ name: 't', _meta: { ui: { visibility } } }))).toBe(expected);
  });
});
