/**
 * `createHost`: one agent host's view of blockwise — its cap, its image budget, its clock and
 * log, its own server addresses, and a registry it may share with other hosts.
 */
import type { LiveBlock } from './blocks/shown-block.js';
import type { ResultOrigin, ToolResultInput } from './inputs.js';
import { DEFAULT_MAX_IMAGE_BYTES } from './blocks/image-check.js';
import { getProviderProfileOrThrow, PROVIDER_PROFILES, type ProviderName, type ProviderProfile } from './providers/profiles.js';
import { createAddressBook } from './references/addresses.js';
import { createRegistry, type FlushOutcome, type Registry } from './references/registry.js';
import { type HostCore } from './lanes/host-core.js';
import { convertBlocks } from './lanes/push.js';
import { scriptView, scriptViewFetched, type ScriptView } from './lanes/script.js';
import { renderToolResult, type RenderedToolResult } from './lanes/tool-result.js';
import { fetchReference, type FetchOptions, type FetchOutcome } from './references/fetcher.js';
import { createFetchReferenceTool, type FetchReferenceTool, type FetchReferenceToolOptions } from './references/fetch-reference-tool.js';

/** The default text cap, in UTF-16 units. */
export const DEFAULT_CAP = 24_000;
/** The default budget of decoded image bytes one result may send natively (profiles size their PDF budgets by it). */
export { DEFAULT_MAX_IMAGE_BYTES };
/** The default fetch ceiling stubs promise against. */
export const DEFAULT_FETCH_MAX_BYTES = 25 * 1024 * 1024;

/** Options for {@link createHost}. */
export interface HostOptions {
  /** The text cap (default 24,000; `undefined` means the default). */
  readonly cap?: number;
  /** Decoded image bytes one result may send natively (default 5 MB). */
  readonly maxImageBytes?: number;
  /** The fetch ceiling a stub promises against (default 25 MB). */
  readonly fetchMaxBytes?: number;
  /** The clock, in ms since the epoch (default `Date.now`). */
  readonly now?: () => number;
  /** Where log lines go (default: stderr). */
  readonly log?: (line: string) => void;
  /**
   * A registry shared with other hosts (default: this host's own, in memory). To share records
   * with workers in other processes, give one over a shared store:
   * `createRegistry({ store: createRedisStore({ url }) })`, and await {@link Host.flush} before
   * each turn goes to the model.
   */
  readonly registry?: Registry;
  /**
   * The provider the live copy is rendered for (default `'mcp'`: today's MCP-shaped blocks): its
   * profile says which images, PDFs and audio a tool result may carry natively, and their limits.
   */
  readonly provider?: ProviderName;
  /** How `scriptViewFetched` fetches (`save` above all); without it, the demand fetch fetches nothing. */
  readonly fetch?: FetchOptions;
}

/** Options for {@link Host.setServerAddress}. */
export interface ServerAddressOptions {
  /** The connection's bearer token, sent only to the origin the server is dialed at. */
  readonly credential?: string;
}

/** A host. Every entry point is synchronous except fetching. */
export interface Host {
  /** Both copies of a tool result, from one classification (docs/design.md §5). Never throws. */
  renderToolResult(result: unknown, origin?: ResultOrigin): RenderedToolResult;
  /** The push lane: pushed blocks as live blocks, never a uri (docs/design.md §9). Never throws. */
  convertBlocks(blocks: readonly unknown[], origin?: ResultOrigin): LiveBlock[];
  /**
   * Fetches a reference on explicit request (RFC-005 §7): the dial check first, the
   * connection's credential only to the origin it was dialed at, at most one redirect and never
   * with a credential across origins, the stream aborted once decoded bytes pass `maxBytes`,
   * the digest checked over decoded identity octets, the media type sniffed, `save` called once
   * with a host-made name; with `fromServer`, only a reference that server delivered. Nothing is
   * saved or recorded on any failure. Never rejects.
   */
  fetchReference(refId: string, options: FetchOptions): Promise<FetchOutcome>;
  /**
   * The `fetch_reference` tool to hand the model: its name, description and input schema, and a
   * `call` that fetches through {@link Host.fetchReference} with `options` and answers a rendered
   * result — what was fetched, shown as a tool result is, or the refusal in the stub's own words.
   */
  fetchReferenceTool(options: FetchReferenceToolOptions): FetchReferenceTool;
  /**
   * The script lane (docs/design.md §9): what a code-execution script receives. A link's object carries
   * its uri only where the model's line shows it; a view that can't be read is a typed failure
   * naming the tool. Synchronous; never throws.
   */
  scriptView(result: unknown, origin?: ResultOrigin): ScriptView;
  /**
   * The script lane's demand fetch: fetches the references the view offers (never links, nor
   * anything the claims mark expired or `never`), then returns the view.
   */
  scriptViewFetched(result: unknown, origin?: ResultOrigin, options?: FetchOptions): Promise<ScriptView>;
  /** Records where `serverId` is dialed (`null`: stdio, no address) and its connection's credential. */
  setServerAddress(serverId: string, url: string | null, options?: ServerAddressOptions): void;
  /** Forgets this host's address for `serverId`. */
  removeServer(serverId: string): void;
  /** Forgets every address this host recorded. */
  close(): void;
  /**
   * Resolves once every record of the results rendered so far is in the registry's shared store,
   * so a `fetchReference` on any worker sharing it finds them: await it before sending the turn
   * to the model. At once over the in-memory store. Where the store doesn't take them within its
   * bound, resolves `registry-unavailable` (the records stay queued here, and are written when
   * the store answers again); where any of them was dropped past the write queue's bound, resolves
   * `records-dropped` with how many (those never reach the store). Never rejects.
   */
  flush(): Promise<FlushOutcome>;
  /** The registry this host records references in. */
  readonly registry: Registry;
}

/** The input types `renderToolResult` takes, for typed callers. */
export type ToolResultLike = ToolResultInput | Readonly<Record<string, unknown>>;

/**
 * Creates a host. Throws a RangeError for a cap or budget that isn't a positive integer, or a
 * provider this library has no profile for (naming the ones it has).
 */
export function createHost(options: HostOptions = {}): Host {
  const provider = options.provider === undefined ? PROVIDER_PROFILES.mcp : providerSetting(options.provider);
  const core: HostCore = {
    cap: setting('cap', options.cap, DEFAULT_CAP, 1),
    maxImageBytes: setting('maxImageBytes', options.maxImageBytes, DEFAULT_MAX_IMAGE_BYTES, 0),
    imageLimits: provider.images,
    provider,
    fetchMaxBytes: setting('fetchMaxBytes', options.fetchMaxBytes, DEFAULT_FETCH_MAX_BYTES, 1),
    registry: options.registry ?? createRegistry(options.log === undefined ? {} : { log: options.log }),
    addresses: createAddressBook(),
    now: options.now ?? Date.now,
    log: options.log ?? ((line) => process.stderr.write(`${line}\n`)),
  };
  const host: Host = {
    registry: core.registry,
    renderToolResult: (result, origin) => renderToolResult(core, result, origin),
    convertBlocks: (blocks, origin) => convertBlocks(core, blocks, origin),
    fetchReference: (refId, fetchOptions) => fetchReference(core, refId, fetchOptions),
    fetchReferenceTool: (toolOptions) => createFetchReferenceTool(host, toolOptions),
    scriptView: (result, origin) => scriptView(core, result, origin),
    scriptViewFetched: (result, origin, fetchOptions) => scriptViewFetched(core, result, origin, fetchOptions ?? options.fetch),
    setServerAddress(serverId, url, addressOptions = {}) {
      core.addresses.set(
        serverId,
        url === null ? null : { url, ...(addressOptions.credential === undefined ? {} : { credential: addressOptions.credential }) },
      );
    },
    removeServer: (serverId) => core.addresses.delete(serverId),
    close: () => core.addresses.clear(),
    flush: () => core.registry.flush(),
  };
  return host;
}

/** A numeric setting: its default when undefined, else an integer of at least `least`. */
function setting(name: string, value: number | undefined, fallback: number, least: 0 | 1): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < least) {
    throw new RangeError(`createHost: ${name} must be an integer of at least ${least}, got ${String(value)}`);
  }
  return value;
}

/** The profile a `provider` option names; a RangeError naming the allowed ones for any other value. */
function providerSetting(value: unknown): ProviderProfile {
  try {
    return getProviderProfileOrThrow(value);
  } catch (error) {
    throw new RangeError(`createHost: ${(error as Error).message}`, { cause: error });
  }
}
