/**
 * A secret placed in any credential position of any link or reference, at any depth, appears in
 * no lane's output: stored, live, push, and the script view serialized to JSON (docs/design.md §13).
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { createHost } from '../../src/host.js';

const SEED = 20261129;
const RUNS = 1000;

/** A secret no ordinary text contains: a marker and 16–40 url-safe characters. */
const secretArb = fc.stringMatching(/^[A-Za-z0-9_-]{16,40}$/).map((tail) => `Zk9${tail}Q7x`);

/** Parameter names some list or family calls a credential. */
const credentialName = fc.constantFrom(
  'token',
  'access_token',
  'accessToken',
  'refresh-token',
  'id_token',
  'client_secret',
  'password',
  'api_key',
  'apikey',
  'x-api-key',
  'X-Amz-Signature',
  'X-Amz-Credential',
  'X-Goog-Signature',
  'session_id',
  'jsessionid',
  'private_token',
  'auth[token]',
  'oauth_signature',
);

type Placement = (secret: string, name: string) => string;

const BASE = 'https://cdn.example.com/files/report.csv';
const placements: Record<string, Placement> = {
  query: (s, n) => `${BASE}?page=2&${n}=${s}`,
  queryFirst: (s, n) => `${BASE}?${n}=${s}&page=2`,
  fragment: (s, n) => `${BASE}#${n}=${s}`,
  fragmentRoute: (s, n) => `https://app.example.com/#/reset?${n}=${s}`,
  semicolon: (s, n) => `${BASE};${n}=${s}`,
  userinfo: (s) => `https://deploy:${s}@git.example.com/repo.git`,
  bareUserinfo: (s) => `https://${s}@git.example.com/repo.git`,
  nestedOnce: (s, n) => `https://proxy.example.com/img?url=${encodeURIComponent(`${BASE}?${n}=${s}`)}`,
  nestedTwice: (s, n) => `https://r.example.com/?next=${encodeURIComponent(`https://proxy.example.com/img?url=${encodeURIComponent(`${BASE}?${n}=${s}`)}`)}`,
  nestedRelative: (s, n) => `https://login.example.com/?next=${encodeURIComponent(`/reset?${n}=${s}`)}`,
  nestedProtocolRelative: (s, n) => `https://r.example.com/go?to=${encodeURIComponent(`//cdn.example.com/x?${n}=${s}`)}`,
  nestedFour: (s, n) => {
    let uri = `${BASE}?${n}=${s}`;
    for (let level = 0; level < 4; level += 1) uri = `https://hop${level}.example.com/r?u=${encodeURIComponent(uri)}`;
    return uri;
  },
};

const placementArb = fc.constantFrom(...Object.keys(placements));

/**
 * The places a uri can ride in: a link, a link named by its own uri, a reference, a uri-form
 * image, an embedded resource, and one of the script lane's own objects handed back.
 */
function blockFor(kind: number, uri: string): Record<string, unknown> {
  switch (kind) {
    case 0:
      return { type: 'resource_link', uri, name: 'report.csv', mimeType: 'text/csv' };
    case 1:
      return { type: 'resource', uri, name: 'report.csv' };
    case 2:
      return { type: 'image', uri, mimeType: 'image/png' };
    case 3:
      return { type: 'resource', resource: { uri, mimeType: 'text/plain', text: 'embedded text' } };
    case 4:
      return { type: 'resource_link', uri, name: uri };
    default:
      return { refId: 'ref-handed-back', name: 'report.csv', uri };
  }
}

/** Wraps a block `depth` levels deep in data, alternating objects and arrays. */
function nest(block: unknown, depth: number): unknown {
  let value = block;
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? { item: value, n: level } : [value, 'x'];
  return value;
}

describe('a secret in a credential position', () => {
  it('appears in no lane’s output, at any depth, on any block kind', () => {
    fc.assert(
      fc.property(
        secretArb,
        credentialName,
        placementArb,
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 5 }),
        fc.constantFrom('content', 'data', 'structured'),
        fc.boolean(),
        (secret, name, placement, kind, depth, where, fetchable) => {
          const uri = placements[placement]!(secret, name);
          const block = blockFor(kind, uri);
          const filler = { type: 'text', text: 'context' };
          const result =
            where === 'content'
              ? { content: [filler, block] }
              : where === 'data'
                ? { data: nest(block, depth) }
                : { content: [], structuredContent: { found: nest(block, depth) } };
          const host = createHost({ log: () => {} });
          // Fetchable or not: a server at the uri's own origin, or one with no address.
          host.setServerAddress('srv', fetchable ? new URL(uri).origin : null);
          const origin = { serverId: 'srv', toolName: 'probe' };
          const rendered = host.renderToolResult(result, origin);
          const push = host.convertBlocks(where === 'content' ? [filler, block] : [block], origin);
          const view = host.scriptView(result, origin);
          // The script lane's own object is a script's to hand back: it is data (no type) to every
          // other lane, as any untyped object's fields are, so only the script view is held to it.
          const seen =
            kind === 5 ? JSON.stringify(view) : [rendered.stored, JSON.stringify(rendered.live), JSON.stringify(push), JSON.stringify(view)].join('\n');
          return !seen.includes(secret);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
