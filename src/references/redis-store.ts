/**
 * A record store on Redis, shared by every registry (in any process) given the same url and
 * prefix. Each record is one key holding one JSON text, written with its TTL by one Lua script
 * per batch (so a batch lands whole or not at all) and read back only when it decodes as a whole
 * record ({@link decodeRecord}). The store is bounded: an index of ids by write time evicts the
 * oldest past `maxRecords`. Records marked `never` are also indexed and published, so every
 * registry sharing the store withholds their uris.
 *
 * Every command is bounded by `timeoutMs`, and none waits in a queue while the connection is
 * down: a write or read fails fast, the registry keeps its records, and the client reconnects on
 * its own. `ioredis` is an optional peer dependency, loaded on first use.
 */
import type { Redis as RedisClient } from 'ioredis';
import { decodeRecord, encodeRecordParts } from './record-codec.js';
import type { RecordStore } from './record-store.js';
import { REF_ID_PATTERN } from './ref-ids.js';
import type { ReferenceRecord } from './reference-record.js';

/** The default key prefix. */
export const DEFAULT_REDIS_PREFIX = 'blockwise:';
/** The default time a record lives in the store, in seconds: one day. */
export const DEFAULT_REDIS_TTL_SECONDS = 86_400;
/** The default bound on records one store holds. */
export const DEFAULT_REDIS_MAX_RECORDS = 100_000;
/** The default bound on one command (connecting included), in ms. */
export const DEFAULT_REDIS_TIMEOUT_MS = 2_000;
/** Records one script call writes at most (the rest go in further calls on the same connection). */
const SCRIPT_BATCH = 1000;
/** `never` records read per round trip when a registry (re)connects (all of them are read, in pages). */
const NEVER_PAGE = 1000;
/** How long after a failed subscription it is tried again, in ms. */
const SUBSCRIBE_RETRY_MS = 1000;

/** Options for {@link createRedisStore}. */
export interface RedisStoreOptions {
  /** The server's url: `redis://[user:password@]host:port[/db]` or `rediss://…` (never logged). */
  readonly url: string;
  /**
   * Prefixed to every key and the channel (default `blockwise:`). On a Redis Cluster give it a
   * hash tag (`{tenant-a}:blockwise:`) so a store's keys hash to one slot, as its scripts need.
   */
  readonly prefix?: string;
  /** How long a record lives after its last write, in seconds (default one day). */
  readonly ttlSeconds?: number;
  /** The most records the store holds; the least recently written go first (default 100,000). */
  readonly maxRecords?: number;
  /** The bound on connecting and on each write and read, in ms (default 2,000). */
  readonly timeoutMs?: number;
  /** Where connection losses and recoveries are logged (default: stderr). */
  readonly log?: (line: string) => void;
}

/**
 * One batch: each record's key set with its TTL and its id (re)indexed by write time (ms × 1024
 * plus its place in the batch, so records of one batch keep their order and every score stays an
 * exact integer below 2^53); a `never` record also indexed by expiry and published. Past `max`,
 * the oldest ids and their keys go.
 *
 * Claims never weaken: where the value stored under an id claims `never` or an earlier expiry
 * than the record written, the written one keeps the stored claim (a link, which claims neither,
 * leaves the stored value as it is, its TTL renewed). The record arrives in parts (see
 * `encodeRecordParts`) so the claims are joined in without re-encoding the rest.
 * KEYS: index, never-index, then one key per record. ARGV: now (ms), ttl (s), max, channel,
 * key prefix, then per record: id, open text, disposition, expiry as JSON, expiry ms, link flag.
 */
const PUT_SCRIPT = `
local now = tonumber(ARGV[1])
local ttl = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', (now - ttl * 1000) * 1024)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
for i = 3, #KEYS do
  local a = 6 + (i - 3) * 6
  local disposition, expiresAt, expiry = ARGV[a + 2], ARGV[a + 3], ARGV[a + 4]
  local keep = false
  local old = redis.call('GET', KEYS[i])
  if old then
    local ok, stored = pcall(cjson.decode, old)
    if ok and type(stored) == 'table' and type(stored.testimony) == 'table' then
      local claims = stored.testimony
      local never = claims.disposition == 'never' and disposition ~= 'never'
      local earlier = type(claims.expiresAt) == 'string' and type(stored.x) == 'number' and (expiry == '' or stored.x < tonumber(expiry))
      if (never or earlier) and ARGV[a + 5] == '1' then
        keep = true
        if claims.disposition == 'never' then disposition = 'never' end
      else
        if never then disposition = 'never' end
        if earlier then
          expiresAt = cjson.encode(claims.expiresAt)
          expiry = string.format('%.0f', stored.x)
        end
      end
    end
  end
  local text
  if keep then
    text = old
    redis.call('EXPIRE', KEYS[i], ttl)
  else
    text = ARGV[a + 1]
    if disposition ~= '' then text = text .. ',"disposition":"' .. disposition .. '"' end
    if expiresAt ~= '' then
      text = text .. ',"expiresAt":' .. expiresAt .. '},"x":' .. expiry .. '}'
    else
      text = text .. '}}'
    end
    redis.call('SET', KEYS[i], text, 'EX', ttl)
  end
  redis.call('ZADD', KEYS[1], now * 1024 + i, ARGV[a])
  if disposition == 'never' then
    redis.call('ZADD', KEYS[2], now + ttl * 1000, ARGV[a])
    redis.call('PUBLISH', ARGV[4], text)
  end
end
local over = redis.call('ZCARD', KEYS[1]) - max
if over > 0 then
  local gone = redis.call('ZPOPMIN', KEYS[1], over)
  for j = 1, #gone, 2 do
    redis.call('DEL', ARGV[5] .. gone[j])
    redis.call('ZREM', KEYS[2], gone[j])
  end
end
return #KEYS - 2
`;

interface Settings {
  readonly url: string;
  readonly prefix: string;
  readonly ttlSeconds: number;
  readonly maxRecords: number;
  readonly timeoutMs: number;
  readonly log: (line: string) => void;
}

/** A record store on Redis (see {@link createRedisStore}). */
export interface RedisStore extends RecordStore {
  /** The connection's state as ioredis names it (`ready` while commands can be sent; `connecting` before the client loads). */
  readonly status: string;
}

/**
 * Creates a store on the Redis at `options.url` (see {@link RedisStoreOptions}); connects in the
 * background. Throws a RangeError for options out of range or a url that isn't `redis:` or
 * `rediss:`. Give it to `createRegistry({ store })`; `close()` it when the process is done.
 */
export function createRedisStore(options: RedisStoreOptions): RedisStore {
  const settings = readSettings(options);
  const { prefix, timeoutMs } = settings;
  const indexKey = `${prefix}index`;
  const neverKey = `${prefix}never`;
  const channel = `${prefix}never`;
  const recordPrefix = `${prefix}r:`;
  const listeners = new Set<(record: ReferenceRecord) => void>();
  let closed = false;
  let down = false;

  function say(line: string): void {
    try {
      settings.log(line);
    } catch {
      // The host's log failed; the store stands.
    }
  }

  const client: Promise<RedisClient | undefined> = openClient(settings).then(
    (redis) => {
      redis.on('error', (error: Error) => {
        if (!down) say(`blockwise: redis store: connection lost (${error.message.slice(0, 200)}); reconnecting`);
        down = true;
      });
      redis.on('ready', () => {
        if (down) say('blockwise: redis store: reconnected');
        down = false;
      });
      redis.defineCommand('blockwisePut', { lua: PUT_SCRIPT });
      return redis;
    },
    (error: unknown) => {
      say(`blockwise: redis store: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    },
  );
  let subscriber: Promise<RedisClient | undefined> | undefined;
  let current: RedisClient | undefined;
  void client.then((redis) => {
    current = redis;
    if (closed) redis?.disconnect();
  });

  /** The client once it is ready, within `ms`; rejects otherwise. */
  async function ready(ms: number): Promise<RedisClient> {
    const redis = await client;
    if (redis === undefined) throw new Error('redis store: no client (is ioredis installed?)');
    if (closed) throw new Error('redis store: closed');
    if (redis.status !== 'ready') await whenReady(redis, ms);
    return redis;
  }

  /** Tells every `never` record the store holds, oldest written first (so a bounded listener keeps the newest). */
  async function loadNever(): Promise<void> {
    const redis = await ready(timeoutMs);
    const now = Date.now();
    for (let offset = 0; !closed; offset += NEVER_PAGE) {
      const ids = await withTimeout(redis.zrangebyscore(neverKey, now, '+inf', 'LIMIT', offset, NEVER_PAGE), timeoutMs);
      if (ids.length === 0) return;
      const texts = await withTimeout(redis.mget(ids.map((id) => recordPrefix + id)), timeoutMs);
      texts.forEach((text, i) => {
        const record = decodeRecord(text, ids[i]);
        if (record !== undefined && record.testimony.disposition === 'never') tell(record);
      });
      if (ids.length < NEVER_PAGE) return;
    }
  }

  function tell(record: ReferenceRecord): void {
    for (const listener of listeners) {
      try {
        listener(record);
      } catch {
        // One registry's failure doesn't keep the claim from the others.
      }
    }
  }

  function subscribe(): Promise<RedisClient | undefined> {
    return client.then((redis) => {
      if (redis === undefined || closed) return undefined;
      const sub = redis.duplicate();
      sub.on('error', () => undefined);
      sub.on('message', (_channel: string, text: string) => {
        const record = decodeRecord(text);
        if (record !== undefined && record.testimony.disposition === 'never') tell(record);
      });
      // On every (re)connection, once the connection is up (no command is queued while it is
      // down, so one sent before would fail): subscribe, then read what was published while
      // this one wasn't subscribed from the index. A failure is tried again while it stays up.
      const join = (): void => {
        if (closed || sub.status !== 'ready') return;
        sub
          .subscribe(channel)
          .then(() => loadNever())
          .catch(() => {
            if (!closed) setTimeout(join, SUBSCRIBE_RETRY_MS).unref();
          });
      };
      sub.on('ready', join);
      if (closed) sub.disconnect();
      return sub;
    });
  }

  const store: RedisStore = {
    shared: true,
    get status() {
      return current?.status ?? 'connecting';
    },
    async write(records) {
      if (records.length === 0) return;
      const redis = await ready(timeoutMs);
      const now = Date.now();
      const calls: Promise<unknown>[] = [];
      for (let start = 0; start < records.length; start += SCRIPT_BATCH) {
        const batch = records.slice(start, start + SCRIPT_BATCH);
        const keys = [indexKey, neverKey, ...batch.map((record) => recordPrefix + record.refId)];
        const args: (string | number)[] = [now, settings.ttlSeconds, settings.maxRecords, channel, recordPrefix];
        for (const record of batch) {
          const parts = encodeRecordParts(record);
          args.push(record.refId, parts.open, parts.disposition, parts.expiresAt, parts.expiryMs, record.testimony.fromLink ? '1' : '0');
        }
        const put = (redis as unknown as PutCommand).blockwisePut(keys.length, ...keys, ...args);
        calls.push(put);
      }
      await withTimeout(Promise.all(calls), timeoutMs);
    },
    async read(refId, ms) {
      if (typeof refId !== 'string' || !REF_ID_PATTERN.test(refId)) return undefined;
      // One bound for the whole read, connecting included.
      const bound = Math.min(ms, timeoutMs);
      const text = withTimeout(
        ready(bound).then((redis) => redis.get(recordPrefix + refId)),
        bound,
      );
      return decodeRecord(await text, refId);
    },
    watchNever(listener) {
      listeners.add(listener);
      subscriber ??= subscribe();
      return () => listeners.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      const [redis, sub] = await Promise.all([client, subscriber]);
      sub?.disconnect();
      if (redis !== undefined) {
        try {
          await withTimeout(redis.quit(), timeoutMs);
        } catch {
          redis.disconnect();
        }
      }
    },
  };
  return store;
}

interface PutCommand {
  blockwisePut(numKeys: number, ...keysAndArgs: (string | number)[]): Promise<number>;
}

/** Loads ioredis (an optional peer) and opens a client that never queues a command while down. */
async function openClient(settings: Settings): Promise<RedisClient> {
  let Redis: typeof import('ioredis').Redis;
  try {
    ({ Redis } = await import('ioredis'));
  } catch {
    throw new Error('the Redis store needs the ioredis package: npm install ioredis@6.0.0');
  }
  return new Redis(settings.url, {
    // A command issued while the connection is down fails at once rather than waiting in a
    // queue: the registry keeps its records and writes them on a later drain.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: settings.timeoutMs,
    commandTimeout: settings.timeoutMs,
    // Reconnects forever, backing off to one try a second.
    retryStrategy: (times: number) => Math.min(50 * times, 1000),
    lazyConnect: false,
  });
}

/** Resolves when `redis` is ready, within `ms`. */
function whenReady(redis: RedisClient, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      reject(new Error(`redis store: not connected within ${ms} ms`));
    }, ms);
    function onReady(): void {
      clearTimeout(timer);
      resolve();
    }
    redis.once('ready', onReady);
  });
}

/** `promise`, or a rejection once `ms` have passed (the command itself is bounded by the client too). */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis store: no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function readSettings(options: RedisStoreOptions): Settings {
  if (typeof options !== 'object' || options === null) throw new RangeError('createRedisStore: options must be an object');
  const { url } = options;
  const parsed = typeof url === 'string' ? URL.parse(url) : null;
  if (parsed === null || (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')) {
    throw new RangeError('createRedisStore: url must be a redis:// or rediss:// url');
  }
  const prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
  if (typeof prefix !== 'string' || prefix.length > 200) throw new RangeError('createRedisStore: prefix must be a string of at most 200 characters');
  return {
    url: url,
    prefix,
    ttlSeconds: positive('ttlSeconds', options.ttlSeconds, DEFAULT_REDIS_TTL_SECONDS),
    maxRecords: positive('maxRecords', options.maxRecords, DEFAULT_REDIS_MAX_RECORDS),
    timeoutMs: positive('timeoutMs', options.timeoutMs, DEFAULT_REDIS_TIMEOUT_MS),
    log: options.log ?? ((line) => process.stderr.write(`${line}\n`)),
  };
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`createRedisStore: ${name} must be a positive integer, got ${String(value)}`);
  return value;
}
