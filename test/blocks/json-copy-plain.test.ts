/**
 * The script lane's one-pass copy of data (`copyPlainData`): wherever it answers a copy, that
 * copy is the one the lane's replacer gives (`jsonCopy` with the data rules), and the claims
 * walk it spares would have found nothing — no claim, no block, no `toJSON`, no stop. Wherever
 * the walk would find something, it answers `NOT_PLAIN`, and the lane walks then copies.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBlockAtDepth } from '../../src/blocks/at-depth.js';
import { dataChecker, dataCopyChecks } from '../../src/blocks/data-strings.js';
import { copyPlainData, jsonCopy, jsonCopyByRules, NOT_PLAIN, type CopyReplacer, type PlainDataRules } from '../../src/blocks/json-copy.js';
import { readDataClaims } from '../../src/blocks/read-claims.js';
import { NO_CLAIMS } from '../../src/references/claims.js';
import { createRegistry } from '../../src/references/registry.js';
import { WALK_MAX_DEPTH } from '../../src/walk.js';
import { itProp } from '../support/factories.js';
import { BASE64_RUN, laneData, nested, plainData, PNG, SIGNED_URI } from './json-copy-data.js';

/** The records the script lane reads itself: any with a string `type` or `refId`. */
const leaves = (value: object): boolean => {
  const fields = value as { refId?: unknown; type?: unknown };
  return typeof fields.refId === 'string' || typeof fields.type === 'string';
};

const rules = (): PlainDataRules => ({ ...dataCopyChecks(), leaves });

/** The copy the lane's replacer gives data no record of which it reads: every member through the data checker. */
function replacerCopy(value: unknown): unknown {
  const checked = dataChecker();
  return jsonCopy(value, (_key, member) => checked(member));
}

/** What the walk the one pass spares reports, or what stopped it. */
function walkReport(value: unknown): string {
  try {
    const scan = readDataClaims(value, createRegistry(), isBlockAtDepth);
    return scan.claims === NO_CLAIMS && !scan.foundBlock && !scan.sawToJSON ? 'nothing' : 'claims, a block or a toJSON';
  } catch (error) {
    return `stopped: ${(error as Error).message}`;
  }
}

describe(copyPlainData.name, () => {
  itProp([laneData], { seed: 0x0c0b_9a55, numRuns: 1500 })(
    'answers the replacer’s copy only where the walk would find nothing, and NOT_PLAIN wherever it would',
    (value) => {
      const got = copyPlainData(value, rules());
      const report = walkReport(value);
      if (report !== 'nothing') {
        expect(got).toBe(NOT_PLAIN);
        return;
      }
      if (got === NOT_PLAIN) return;
      const want = replacerCopy(value);
      expect(got).toStrictEqual(want);
      expect(JSON.stringify(got)).toBe(JSON.stringify(want));
    },
  );

  itProp([plainData], { seed: 0x9a55_0c0b, numRuns: 500 })('copies plain JSON itself, strings and keys shown as the data rules show them', (value) => {
    const got = copyPlainData(value, rules());
    expect(got).not.toBe(NOT_PLAIN);
    expect(got).toStrictEqual(replacerCopy(value));
  });

  it('answers NOT_PLAIN, in the lane’s sample of them, for data with and without what the walk reports', () => {
    // Not a vacuous property: the generated data holds both kinds in good number.
    const samples = fc.sample(laneData, { seed: 7, numRuns: 2000 });
    const plain = samples.filter((value) => copyPlainData(value, rules()) !== NOT_PLAIN).length;
    expect(plain).toBeGreaterThan(200);
    expect(samples.length - plain).toBeGreaterThan(200);
  });

  it.each<[string, () => unknown, boolean]>([
    ['a block', () => ({ rows: [{ type: 'image', data: PNG, mimeType: 'image/png' }] }), true],
    ['a reference claiming never', () => ({ rows: [{ type: 'resource', uri: 'https://docs.example.org/a', disposition: 'never' }] }), true],
    ['a text block', () => ({ rows: [{ type: 'text', text: 'a' }] }), false],
    ['a record with any string type', () => ({ rows: [{ type: 'row' }] }), false],
    ['an array with a string type', () => [Object.assign([1], { type: 'text' })], false],
    ['an object naming an id', () => ({ a: { refId: 'ref-AAAAAAAAAAAAAAAA' } }), false],
    ['a toJSON', () => ({ when: new Date(0) }), true],
    ['a function with a toJSON', () => ({ f: Object.assign(() => 0, { toJSON: () => 1 }) }), true],
    ['a BigInt', () => ({ n: 1n }), true],
    ['a boxed BigInt', () => ({ n: Object(1n) as object }), true],
    ['a boxed number with keys of its own', () => ({ n: Object.assign(new Number(1), { own: 1 }) }), false],
    [
      'a getter that throws',
      () =>
        Object.defineProperty({}, 'x', {
          enumerable: true,
          get: () => {
            throw new Error('no');
          },
        }),
      true,
    ],
    [
      'a cycle',
      () => {
        const cycle: Record<string, unknown> = {};
        cycle.self = { back: cycle };
        return cycle;
      },
      true,
    ],
    ['an object at the walk’s depth bound', () => nested(WALK_MAX_DEPTH, {}), true],
    ['an array at the walk’s depth bound', () => nested(WALK_MAX_DEPTH, []), true],
    [
      'a revoked proxy',
      () => {
        const { proxy, revoke } = Proxy.revocable({}, {});
        revoke();
        return { proxy };
      },
      true,
    ],
  ])('leaves to the walk, then the lane’s replacer, data holding %s', (_name, make, walkReports) => {
    // Some the walk reports; the others only the lane's replacer reads otherwise than plain data.
    expect(walkReport(make()) !== 'nothing').toBe(walkReports);
    expect(copyPlainData(make(), rules())).toBe(NOT_PLAIN);
  });

  it('copies objects just short of the walk’s depth bound, and a primitive at it', () => {
    for (const value of [nested(WALK_MAX_DEPTH - 1, {}), nested(WALK_MAX_DEPTH, 1)]) {
      expect(walkReport(value)).toBe('nothing');
      expect(copyPlainData(value, rules())).toStrictEqual(replacerCopy(value));
    }
  });

  it('copies boxed primitives, functions, symbols and undefined as serialization writes them', () => {
    const value = {
      n: new Number(-0),
      s: new String(SIGNED_URI),
      b: new Boolean(false),
      y: Object(Symbol('s')) as object,
      f: () => 0,
      u: undefined,
      a: [undefined, Symbol('s')],
    };
    expect(walkReport(value)).toBe('nothing');
    const got = copyPlainData(value, rules());
    expect(got).toStrictEqual(replacerCopy(value));
    expect(got).toStrictEqual({ n: 0, s: replacerCopy(SIGNED_URI), b: false, y: {}, a: [null, null] });
  });

  it('numbers keys two shown keys would share, and replaces a base64 run in a key, as the replacer does', () => {
    const value = { [SIGNED_URI]: 1, [`${SIGNED_URI}&b=1`]: 2, [BASE64_RUN]: { kept: 3 } };
    const got = copyPlainData(value, rules()) as Record<string, unknown>;
    expect(got).toStrictEqual(replacerCopy(value));
    expect(Object.keys(got)).toHaveLength(3);
    expect(Object.keys(got).join()).not.toContain('Signature');
    expect(Object.keys(got).join()).not.toContain('QUJDRA'.repeat(10));
  });

  it('keeps a `__proto__` key a key, at any depth, its copy’s prototype untouched', () => {
    const value = JSON.parse('{"__proto__":{"x":1},"rows":[{"__proto__":[2]}]}') as object;
    const got = copyPlainData(value, rules()) as Record<string, unknown>;
    expect(got).toStrictEqual(replacerCopy(value));
    expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    expect(Object.keys(got)).toEqual(['__proto__', 'rows']);
    expect(Object.hasOwn((got.rows as object[])[0]!, '__proto__')).toBe(true);
  });

  it('reads a getter once, and a getter answering alike on every read as its value', () => {
    let reads = 0;
    const value = Object.defineProperty({ a: 1 }, 'b', { enumerable: true, get: () => ((reads += 1), { c: 2 }) });
    expect(copyPlainData(value, rules())).toStrictEqual({ a: 1, b: { c: 2 } });
    expect(reads).toBe(1);
  });

  it('answers NOT_PLAIN where a prototype could intercept building the copy', () => {
    Object.defineProperty(Object.prototype, 'planted', { set: () => undefined, configurable: true });
    try {
      expect(copyPlainData({ planted: 1 }, rules())).toBe(NOT_PLAIN);
    } finally {
      delete (Object.prototype as Record<string, unknown>).planted;
    }
  });
});

/**
 * A replacer as the script lane's: the data checker's for everything the rules don't leave, and
 * for what they leave something of its own, naming the key it was given (so a wrong key shows).
 */
function laneLikeReplacer(): CopyReplacer {
  const checked = dataChecker();
  return (key, member) => {
    if (typeof member !== 'object' || member === null || !leaves(member)) return checked(member);
    return Array.isArray(member) ? ['array at', key] : { at: key, type: (member as { type?: unknown }).type, ...member };
  };
}

/** The copy, or the first line of what it threw. */
function outcome(copy: () => unknown): unknown {
  try {
    return { copied: copy() };
  } catch (error) {
    return { threw: `${(error as Error).name}: ${(error as Error).message.split('\n')[0]}` };
  }
}

describe(jsonCopyByRules.name, () => {
  itProp([laneData], { seed: 0x7e1e_c0b1, numRuns: 1500 })('is jsonCopy with the replacer the rules stand for, whatever the data holds', (value) => {
    const want = outcome(() => jsonCopy(value, laneLikeReplacer()));
    const got = outcome(() => jsonCopyByRules(value, rules(), laneLikeReplacer()));
    expect(got).toStrictEqual(want);
    expect(JSON.stringify(got)).toBe(JSON.stringify(want));
  });

  it.each<[string, () => unknown]>([
    [
      'a cycle past the depth bound through objects whose keys change',
      () => {
        const cycle: Record<string, unknown> = {};
        cycle[SIGNED_URI] = [cycle];
        return nested(WALK_MAX_DEPTH, cycle);
      },
    ],
    [
      'an object met twice, once past the depth bound, on no cycle',
      () => {
        // Copied first under records the rules leave (at depths 2 and 3), then at the end of a
        // chain of arrays and objects past the bound: only a stale path would call it a cycle.
        const shared = { n: 1 };
        return [{ type: 'row', a: { b: shared } }, { type: 'row', a: shared }, nested(WALK_MAX_DEPTH + 10, shared)];
      },
    ],
    ['a toJSON deep down, given its key', () => nested(300, { at: { toJSON: (key: string) => `key ${key}` } })],
    ['records the rules leave, in arrays and objects', () => ({ rows: [{ type: 'row', n: [{ refId: 'x' }] }], [BASE64_RUN]: { type: 'kept' } })],
  ])('is jsonCopy with the same replacer for %s', (_name, make) => {
    expect(outcome(() => jsonCopyByRules(make(), rules(), laneLikeReplacer()))).toStrictEqual(outcome(() => jsonCopy(make(), laneLikeReplacer())));
  });
});
