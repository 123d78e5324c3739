import { describe, expect, it } from 'vitest';
import { parseShown } from '../../conformance/rfc005-adapter.js';
import type { ShownBlock } from '../../src/blocks/shown-block.js';
import { createHost } from '../../src/host.js';
import { createRegistry } from '../../src/references/registry.js';
import { classifyReference, type Testimony } from '../../src/references/testimony.js';

const ORIGIN = 'http://127.0.0.1:9';

function testimonyOf(block: Record<string, unknown>): Testimony {
  const reading = classifyReference(block);
  if (reading.kind !== 'reference') throw new Error('not a reference');
  return reading.testimony;
}

const reference = { type: 'resource', uri: `${ORIGIN}/payload`, name: 'attachment.wav', mimeType: 'audio/wav', sizeBytes: 12, disposition: 'never' };

describe(parseShown.name, () => {
  it('reads what the host showed, never the block: a stub is a reference with its record’s testimony', () => {
    const registry = createRegistry();
    const record = registry.register(testimonyOf(reference), 'files');
    const shown: ShownBlock[] = [{ kind: 'stub', text: `[${record.refId}] attachment.wav`, refId: record.refId, fetchable: false, why: 'no-address' }];
    expect(parseShown([reference], shown, registry)).toEqual([{ kind: 'reference', testimony: record.testimony }]);
  });

  it('reads a fetchable stub, and a link, as references', () => {
    const registry = createRegistry();
    const a = registry.register(testimonyOf(reference), 'files');
    const b = registry.register(testimonyOf({ type: 'resource_link', uri: `${ORIGIN}/other`, name: 'other' }), 'files');
    const shown: ShownBlock[] = [
      { kind: 'stub', text: `[${a.refId}] attachment.wav`, refId: a.refId, fetchable: true },
      { kind: 'link', text: `[${b.refId}] other`, refId: b.refId, uri: `${ORIGIN}/other`, why: 'no-address' },
    ];
    expect(parseShown([reference, {}], shown, registry)).toEqual([
      { kind: 'reference', testimony: a.testimony },
      { kind: 'reference', testimony: b.testimony },
    ]);
  });

  it('reads the invalid-reference marker as invalid, and any other marker as a marker', () => {
    const registry = createRegistry();
    const shown: ShownBlock[] = [
      { kind: 'marker', text: '[Reference not shown: …]', reason: 'invalid-reference' },
      { kind: 'marker', text: '[Content not shown: …]', reason: 'unknown-type' },
    ];
    expect(parseShown([reference, reference], shown, registry)).toEqual([{ kind: 'invalid' }, { kind: 'marker' }]);
  });

  it('reads a reference-form block a host showed as text as text: the block’s own form decides nothing', () => {
    const registry = createRegistry();
    const shown: ShownBlock[] = [{ kind: 'text', text: `${ORIGIN}/payload` }];
    expect(parseShown([reference], shown, registry)).toEqual([{ kind: 'text' }]);
  });

  it('gives a stub whose id names no record no testimony', () => {
    const shown: ShownBlock[] = [{ kind: 'stub', text: '[ref-gone] attachment.wav', refId: 'ref-gone', fetchable: false }];
    expect(parseShown([reference], shown, createRegistry())).toEqual([{ kind: 'reference' }]);
  });

  it('reads every block as a marker where the host showed another number of blocks', () => {
    const shown: ShownBlock[] = [{ kind: 'marker', text: '[withheld]', reason: 'unchecked-result' }];
    expect(parseShown([reference, reference], shown, createRegistry())).toEqual([{ kind: 'marker' }, { kind: 'marker' }]);
  });

  it('agrees with the host: a uri over 4,096 characters is invalid and registers nothing', () => {
    const host = createHost({ log: () => undefined });
    const block = { ...reference, uri: 'a'.repeat(4097) };
    const rendered = host.renderToolResult({ content: [block] }, { serverId: 'files' });
    expect(parseShown([block], rendered.blocks, host.registry)).toEqual([{ kind: 'invalid' }]);
    expect(host.registry.size).toBe(0);
    const valid = host.renderToolResult({ content: [reference] }, { serverId: 'files' });
    const [parsed] = parseShown([reference], valid.blocks, host.registry);
    expect(parsed?.kind).toBe('reference');
    expect(parsed?.testimony).toMatchObject({ uri: reference.uri, name: 'attachment.wav', disposition: 'never' });
  });
});
