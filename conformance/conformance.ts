/**
 * The RFC-005 conformance run (docs/design.md §13): every case of the shared vector file against the
 * strict emitter schema (Ajv, strict mode) and against the host through its adapter, each case
 * with its own loopback fixture. The command line (`run.ts`) and the test both run this.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AjvModule from 'ajv';
import { checkCase, type CheckFailure, type CheckInput } from './checks.js';
import { startFixture } from './fixture.js';
import { createAdapter, type Rfc005Adapter } from './rfc005-adapter.js';
import { expandCase, PROJECT_ROOT, readVectors, sharedDir, type VectorCase } from './vectors.js';

const Ajv = AjvModule.default ?? AjvModule;

/** The largest display bound an adapter may declare. */
const MAX_VIEW_CHARS_BOUND = 100_000;

/** One case's result. */
interface CaseResult {
  readonly id: string;
  /** Indices of blocks whose schema verdict differs from `schemaValid`. */
  readonly schemaMismatches: readonly number[];
  readonly hostFailures: readonly CheckFailure[];
}

/** A whole run's result. */
export interface ConformanceResult {
  readonly identity: string;
  readonly total: number;
  readonly schemaPassed: number;
  readonly hostPassed: number;
  readonly cases: readonly CaseResult[];
}

/** Options for {@link runConformance}. */
export interface ConformanceOptions {
  /** The shared folder (default: `$BLOCKWISE_SHARED`, else `../shared` beside the project). */
  readonly sharedDir?: string;
}

/** Runs every vector; throws `VectorsMissing` when the vector file isn't there. */
export async function runConformance(options: ConformanceOptions = {}): Promise<ConformanceResult> {
  const vectors = readVectors(options.sharedDir ?? sharedDir());
  const schema = JSON.parse(readFileSync(join(PROJECT_ROOT, 'schema', 'rfc005', 'content-block.json'), 'utf8')) as object;
  const validate = new Ajv({ strict: true, allErrors: true }).compile(schema);
  const saves = mkdtempSync(join(tmpdir(), 'blockwise-rfc005-'));
  const adapter = createAdapter(saves);
  if (!Number.isSafeInteger(adapter.maxViewChars) || adapter.maxViewChars < 1 || adapter.maxViewChars > MAX_VIEW_CHARS_BOUND) {
    throw new RangeError(`adapter declares maxViewChars ${adapter.maxViewChars}; it must be 1…${MAX_VIEW_CHARS_BOUND}`);
  }
  const cases: CaseResult[] = [];
  try {
    for (const vector of vectors.cases) cases.push(await runCase(vector, vectors.fixtures.token, validate, adapter));
  } finally {
    rmSync(saves, { recursive: true, force: true });
  }
  return {
    identity: adapter.identity,
    total: cases.length,
    schemaPassed: cases.filter((result) => result.schemaMismatches.length === 0).length,
    hostPassed: cases.filter((result) => result.hostFailures.length === 0).length,
    cases,
  };
}

async function runCase(vector: VectorCase, token: string, validate: (block: unknown) => boolean, adapter: Rfc005Adapter): Promise<CaseResult> {
  const observed = await observeVector(vector, token, adapter);
  const { blocks, schemaValid } = observed.vector;
  const schemaMismatches = blocks.flatMap((block, index) => (validate(block) === schemaValid[index] ? [] : [index]));
  if (schemaValid.length !== blocks.length) schemaMismatches.push(-1);
  const hostFailures = observed.input === undefined ? [{ key: 'observe', why: `the adapter threw: ${observed.error}` }] : checkCase(observed.input);
  return { id: vector.id, schemaMismatches, hostFailures };
}

/** One case observed against its own fixture: what the checks read, or why the adapter failed. */
export interface ObservedVector {
  /** The case, expanded for its fixture's origin. */
  readonly vector: VectorCase;
  readonly input?: CheckInput;
  /** The first line of what the adapter threw. */
  readonly error?: string;
}

/**
 * Starts a fixture for `vector`, expands the case for its origin, has `adapter` observe it and
 * waits for the fixture's responses to end or close, then stops the fixture.
 */
export async function observeVector(vector: VectorCase, token: string, adapter: Rfc005Adapter): Promise<ObservedVector> {
  const fixture = await startFixture(vector.response);
  try {
    const expanded = expandCase(vector, fixture.origin);
    try {
      const observation = await adapter.observe(expanded, { origin: fixture.origin, token });
      await fixture.settle();
      return { vector: expanded, input: { vector: expanded, observation, fixture: fixture.log(), maxViewChars: adapter.maxViewChars, token } };
    } catch (error) {
      return { vector: expanded, error: (error instanceof Error ? error.message : String(error)).split('\n')[0]! };
    }
  } finally {
    await fixture.close();
  }
}

/** The lines a run prints: one per failing case, then the summary. */
export function reportLines(result: ConformanceResult): string[] {
  const lines: string[] = [];
  for (const item of result.cases) {
    const parts: string[] = [];
    if (item.schemaMismatches.length > 0) parts.push(`schema [${item.schemaMismatches.join(', ')}]`);
    for (const failure of item.hostFailures) parts.push(`${failure.key} (${failure.why})`);
    if (parts.length > 0) lines.push(`FAIL ${item.id}: ${parts.join('; ')}`);
  }
  lines.push(`schema ${result.schemaPassed}/${result.total}, host ${result.hostPassed}/${result.total}`);
  return lines;
}
