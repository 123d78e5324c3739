/**
 * blockwise's adapter for the RFC-005 conformance vectors: one fresh host per case, configured
 * with the fixture's origin and connection credential, rendering the case's blocks as a tool
 * result (and on the push lane) from that server, and reporting what every model-facing view
 * shows, what the host recorded, and what a fetch did. It observes; the runner judges.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { LiveBlock, ShownBlock, ShownKind } from '../src/blocks/shown-block.js';
import { createHost, DEFAULT_CAP, type Host } from '../src/host.js';
import type { FetchOutcome, SaveRequest } from '../src/references/fetcher.js';
import type { ReferenceRecord, Registry } from '../src/references/registry.js';
import type { Testimony } from '../src/references/testimony.js';
import { PROJECT_ROOT, type VectorCase } from './vectors.js';

/** The server id the fixture's origin is configured under. */
const FIXTURE_SERVER_ID = 'rfc005-fixture';

/** The id the registry case looks up as one never issued. */
const NEVER_ISSUED_ID = 'ref-000000-never-issued';

/**
 * How one block parses, as the host showed it: a reference (a stub or link, with the testimony
 * of the record it names), an invalid one (the invalid-reference marker), or the lane's kind.
 */
export interface ParsedBlock {
  readonly kind: 'reference' | 'invalid' | ShownKind;
  readonly testimony?: Testimony;
}

/**
 * A record the case registered, as the host holds it: each record a shown block names, and the
 * record the registry holds for each block's `uri`, whether or not any block names it.
 */
export interface RecordView {
  readonly refId: string;
  readonly testimony: Testimony;
  readonly fetchedPath?: string;
  readonly verifiedBytes?: number;
  readonly verifiedMimeType?: string;
  readonly digestVerified?: boolean;
}

/** Every model-facing view of one rendering. */
export interface Views {
  /** The stored copy (history). */
  readonly history: string;
  /**
   * The live copy: its text, or its native blocks joined by newlines — a text block as its
   * text, an image block as its base64 data, which reaches the model too.
   */
  readonly wake: string;
  /** The push lane's blocks. */
  readonly push: readonly LiveBlock[];
}

/** A fetch's outcome, as the host answered it. */
interface OutcomeView {
  readonly ok: boolean;
  readonly code?: string;
  readonly error?: string;
  readonly bytes?: number;
  readonly path?: string;
  readonly mimeType?: string;
  readonly digestVerified?: boolean;
}

/** What `save` received. */
interface SaveView {
  readonly name: string;
  readonly base64: string;
  readonly mimeType: string;
}

/** A fetch_reference tool answer. */
export type ToolAnswer =
  { readonly success: false; readonly isError: true; readonly error: string } | { readonly success: true; readonly isError: false; readonly path: string };

/** What the adapter saw for one case. */
export interface Observation {
  readonly parsed: readonly ParsedBlock[];
  readonly records: readonly RecordView[];
  readonly before: Views;
  /** Fetch cases: the views rendered again after the fetch. */
  readonly after?: Views;
  /** Fetch cases. */
  readonly outcome?: OutcomeView;
  /** Fetch cases. */
  readonly saves?: readonly SaveView[];
  /** Registry case: the first reference's id. */
  readonly firstId?: string;
  /** Registry case: its id when the same uri is registered again. */
  readonly stableId?: string;
  /** Registry case: every id a registration of a new uri made, in order. */
  readonly ids?: readonly string[];
  /** Registry case: the evicted id's lookup. */
  readonly evicted?: RecordView | null;
  /** Registry case: a never-issued id's lookup. */
  readonly unknown?: RecordView | null;
  readonly evictedError?: ToolAnswer;
  readonly unknownError?: ToolAnswer;
  /** Registry case: the record made when the evicted uri comes again. */
  readonly fresh?: RecordView | null;
}

/** The fixture a case runs against. */
interface CaseContext {
  readonly origin: string;
  readonly token: string;
}

/** An RFC-005 conformance adapter. */
export interface Rfc005Adapter {
  readonly identity: string;
  /** The display bound every view of every case must keep (`bounded`). */
  readonly maxViewChars: number;
  observe(vector: VectorCase, context: CaseContext): Promise<Observation>;
}

/**
 * The adapter. `root` is the folder a fetch's `save` writes its copies into (the runner gives a
 * fresh one per run); a name that isn't a plain file name is recorded and then refused.
 */
export function createAdapter(root: string): Rfc005Adapter {
  return {
    identity: `blockwise ${packageVersion()} (host, RFC-005 adapter)`,
    // The host's cap: a stub of an unbounded label could not fit it, every honest view does.
    maxViewChars: DEFAULT_CAP,
    observe: (vector, context) => observeCase(vector, context, root),
  };
}

async function observeCase(vector: VectorCase, context: CaseContext, root: string): Promise<Observation> {
  const host = createHost({ cap: DEFAULT_CAP, log: () => undefined });
  host.setServerAddress(FIXTURE_SERVER_ID, context.origin, { credential: context.token });
  const blocks = vector.blocks;
  if (vector.operation === 'registry') return observeRegistry(host, vector, context);

  const first = show(host, blocks, vector.id);
  const observation = {
    // Read now, from what the host showed and the records it named as it showed them.
    parsed: parseShown(blocks, first.shown, host.registry),
    before: first.views,
  };
  if (vector.operation !== 'fetch') return { ...observation, records: recordsOf(host, blocks, first.shown) };

  const saves: SaveView[] = [];
  const save = (request: SaveRequest): string => {
    saves.push({ name: request.name, base64: Buffer.from(request.bytes).toString('base64'), mimeType: request.mimeType });
    if (basename(request.name) !== request.name || request.name.includes('..') || request.name.includes('\\')) {
      throw new Error('refused: not a plain file name');
    }
    const path = join(root, request.name);
    writeFileSync(path, request.bytes);
    return path;
  };
  const refId = first.shown.find((block): block is ShownBlock & { refId: string } => 'refId' in block)?.refId;
  const outcome: OutcomeView =
    refId === undefined
      ? { ok: false, code: 'no-reference', error: 'the case rendered no reference to fetch' }
      : outcomeView(await host.fetchReference(refId, { ...(vector.maxBytes === undefined ? {} : { maxBytes: vector.maxBytes }), save }));
  const again = show(host, blocks, vector.id);
  return { ...observation, records: recordsOf(host, blocks, first.shown), after: again.views, outcome, saves };
}

/**
 * The registry case (RFC-005 vector 20): the first reference registered twice, then
 * `registrations` distinct references, then the first uri again; then the evicted id and a
 * never-issued one looked up and fetched.
 */
async function observeRegistry(host: Host, vector: VectorCase, context: CaseContext): Promise<Observation> {
  const block = vector.blocks[0] as Record<string, unknown>;
  const first = show(host, [block], vector.id);
  const parsed = parseShown([block], first.shown, host.registry);
  const records = recordsOf(host, [block], first.shown);
  const firstId = idOf(first.shown);
  const stableId = idOf(show(host, [block], vector.id).shown);
  const ids: string[] = [];
  if (firstId !== undefined) ids.push(firstId);
  for (let index = 0; index < (vector.registrations ?? 0); index += 1) {
    const filler = { ...block, uri: `${context.origin}/filler/${index}` };
    const id = idOf(host.renderToolResult({ content: [filler] }, { serverId: FIXTURE_SERVER_ID }).blocks);
    if (id !== undefined) ids.push(id);
  }
  const freshId = idOf(host.renderToolResult({ content: [block] }, { serverId: FIXTURE_SERVER_ID }).blocks);
  if (freshId !== undefined) ids.push(freshId);
  const refuse = (): string => {
    throw new Error('an unknown reference was saved');
  };
  return {
    parsed,
    records,
    before: first.views,
    ...(firstId === undefined ? {} : { firstId }),
    ...(stableId === undefined ? {} : { stableId }),
    ids,
    evicted: firstId === undefined ? null : recordView(host.registry.get(firstId)),
    unknown: recordView(host.registry.get(NEVER_ISSUED_ID)),
    ...(firstId === undefined ? {} : { evictedError: toolAnswer(await host.fetchReference(firstId, { save: refuse })) }),
    unknownError: toolAnswer(await host.fetchReference(NEVER_ISSUED_ID, { save: refuse })),
    fresh: freshId === undefined ? null : recordView(host.registry.get(freshId)),
  };
}

/** Renders `blocks` on the tool-result lane and the push lane, from the fixture's server. */
function show(host: Host, blocks: readonly unknown[], toolName: string): { shown: readonly ShownBlock[]; views: Views } {
  const rendered = host.renderToolResult({ content: blocks }, { serverId: FIXTURE_SERVER_ID, toolName });
  const live = rendered.live;
  const wake = live.kind === 'text' ? live.text : live.blocks.map((block) => (block.type === 'text' ? block.text : block.data)).join('\n');
  const push = host.convertBlocks(blocks, { serverId: FIXTURE_SERVER_ID, toolName });
  return { shown: rendered.blocks, views: { history: rendered.stored, wake, push } };
}

/**
 * How each block parses, read from what the host showed — never from a classification the
 * adapter makes itself, so a host that showed a block otherwise than it parsed it can't pass:
 * a marker whose reason is `invalid-reference` is an invalid reference; a stub or a link is a
 * reference, whose testimony is the one the record its `refId` names holds (none where the id
 * names no record); any other block is its lane kind. One shown block per content block (a
 * content array with no error text); otherwise (a withheld result's one notice) every block
 * reads as a marker.
 */
export function parseShown(blocks: readonly unknown[], shown: readonly ShownBlock[], registry: Pick<Registry, 'get'>): ParsedBlock[] {
  return blocks.map((_block, index) => {
    if (shown.length !== blocks.length) return { kind: 'marker' };
    const block = shown[index]!;
    if (block.kind === 'marker' && block.reason === 'invalid-reference') return { kind: 'invalid' };
    if (block.kind === 'stub' || block.kind === 'link') {
      const testimony = registry.get(block.refId)?.testimony;
      return testimony === undefined ? { kind: 'reference' } : { kind: 'reference', testimony };
    }
    return { kind: block.kind };
  });
}

/**
 * The records the case registered, each once: those the shown blocks name, in order, then the
 * record the registry holds for each block's string `uri` that no shown block named (a host that
 * registered a block it showed as invalid shows here).
 */
function recordsOf(host: Host, blocks: readonly unknown[], shown: readonly ShownBlock[]): RecordView[] {
  const named = shown.flatMap((block) => ('refId' in block ? [host.registry.get(block.refId)] : []));
  const byUri = blocks.map((block) => {
    const uri = typeof block === 'object' && block !== null ? (block as { uri?: unknown }).uri : undefined;
    return typeof uri === 'string' ? host.registry.getByUri(uri) : undefined;
  });
  const seen = new Set<string>();
  return [...named, ...byUri].flatMap((record) => {
    if (record === undefined || seen.has(record.refId)) return [];
    seen.add(record.refId);
    const view = recordView(record);
    return view === null ? [] : [view];
  });
}

function recordView(record: ReferenceRecord | undefined): RecordView | null {
  if (record === undefined) return null;
  const fetched = record.fetched;
  return {
    refId: record.refId,
    testimony: record.testimony,
    ...(fetched === undefined
      ? {}
      : { fetchedPath: fetched.path, verifiedBytes: fetched.bytes, verifiedMimeType: fetched.mimeType, digestVerified: fetched.digestVerified }),
  };
}

function idOf(shown: readonly ShownBlock[]): string | undefined {
  const block = shown[0];
  return block !== undefined && 'refId' in block ? block.refId : undefined;
}

function outcomeView(outcome: FetchOutcome): OutcomeView {
  return Object.fromEntries(Object.entries(outcome).filter(([, value]) => value !== undefined)) as unknown as OutcomeView;
}

/** A fetch's outcome as the fetch_reference tool answers it. */
function toolAnswer(outcome: FetchOutcome): ToolAnswer {
  return outcome.ok ? { success: true, isError: false, path: outcome.path } : { success: false, isError: true, error: outcome.error };
}

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}
