import { describe, expect, it } from 'vitest';
import { createHost } from '../../src/host.js';
import { createRegistry } from '../../src/references/registry.js';
import { permutations } from '../support/permutations.js';

const NOW = Date.parse('2030-06-01T00:00:00Z');
const ORIGIN = 'https://files.example.com';
const URI = `${ORIGIN}/report.csv`;

function host(registry = createRegistry()) {
  const h = createHost({ now: () => NOW, log: () => {}, registry });
  h.setServerAddress('srv', ORIGIN);
  h.setServerAddress('stdio', null);
  return h;
}

const link = (uri = URI, name = 'report.csv') => ({ type: 'resource_link', uri, name, mimeType: 'text/csv' });
const reference = (claims: Record<string, unknown> = {}, uri = URI) => ({ type: 'resource', uri, name: 'report.csv', mimeType: 'text/csv', ...claims });

/** Every copy a model or a history could read, as one string. */
function everything(h: ReturnType<typeof host>, content: unknown[], serverId: string): string {
  const rendered = h.renderToolResult({ content }, { serverId });
  const live = rendered.live.kind === 'text' ? rendered.live.text : JSON.stringify(rendered.live.blocks);
  return `${rendered.stored}\n${live}\n${JSON.stringify(h.convertBlocks(content, { serverId }))}`;
}

describe('result claims', () => {
  it('withholds a uri a reference marks never from every block naming it, in every order', () => {
    const blocks = [{ type: 'text', text: 'see below' }, link(), reference({ disposition: 'never' })];
    for (const order of permutations(blocks)) {
      const text = everything(host(), order, 'stdio');
      expect(text, JSON.stringify(order)).not.toContain(URI);
      expect(text).toContain('its server marked it never to be shown');
    }
  });

  it('withholds a never uri inline data names beside its data, and its other claims count for nothing', () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const inline = { type: 'image', data: png, mimeType: 'image/png', uri: URI, disposition: 'never', expiresAt: '2000-01-01T00:00:00Z' };
    for (const order of permutations([link(), inline])) {
      const rendered = host().renderToolResult({ content: order }, { serverId: 'stdio' });
      expect(rendered.stored).not.toContain(URI);
      expect(rendered.stored).not.toContain(png);
      expect(rendered.blocks.map((b) => b.kind).sort()).toEqual(['stub', 'withheld']);
    }
    // An inline expiry says nothing of a fetchable link: it stays fetchable.
    const rendered = host().renderToolResult({ content: [link(), { ...inline, disposition: undefined, uri: '' }] }, { serverId: 'srv' });
    expect(rendered.stored).toContain('fetch with fetch_reference');
  });

  it('expires a uri for every block when any reference gives it a counting expiry, in every order', () => {
    const blocks = [reference({ expiresAt: '2031-01-01T00:00:00Z' }), reference({ expiresAt: '2020-01-01T00:00:00Z' }), link()];
    for (const order of permutations(blocks)) {
      const rendered = host().renderToolResult({ content: order }, { serverId: 'srv' });
      const stubs = rendered.blocks.filter((b) => b.kind === 'stub' || b.kind === 'link');
      expect(stubs).toHaveLength(3);
      // Every reference stub says expired; the link, now one the host can't fetch, shows its line.
      for (const block of rendered.blocks) {
        if (block.kind === 'stub') expect(block.text).toContain('not fetchable: it has expired');
      }
      expect(rendered.blocks.some((b) => b.kind === 'link')).toBe(true);
    }
  });

  it('reads an unparseable expiry as the strictest of competing expiries, whatever their order', () => {
    const blocks = [reference({ expiresAt: '2031-01-01T00:00:00Z' }), reference({ expiresAt: 'not-a-date' }), reference({ expiresAt: '2032-01-01T00:00:00Z' })];
    for (const order of permutations(blocks)) {
      const rendered = host().renderToolResult({ content: order }, { serverId: 'srv' });
      for (const block of rendered.blocks) expect(block.text).toContain('it has expired');
    }
  });

  it("lets a result's own references decide over an earlier result's never, while a link alone keeps it", () => {
    const registry = createRegistry();
    const h = host(registry);
    h.renderToolResult({ content: [reference({ disposition: 'never' })] }, { serverId: 'stdio' });
    // A link alone reads the registry's earlier never.
    expect(everything(h, [link()], 'stdio')).not.toContain(URI);
    // A plain reference in the same result lifts it, whichever block comes first.
    for (const order of permutations([link(), reference()])) {
      const h2 = host(createRegistry());
      h2.renderToolResult({ content: [reference({ disposition: 'never' })] }, { serverId: 'stdio' });
      expect(h2.renderToolResult({ content: order }, { serverId: 'stdio' }).stored).toContain(URI);
    }
  });

  it("lets a result's fresh expiry decide over an earlier result's expired one", () => {
    const h = host();
    h.renderToolResult({ content: [reference({ expiresAt: '2020-01-01T00:00:00Z' })] }, { serverId: 'srv' });
    expect(h.renderToolResult({ content: [link()] }, { serverId: 'srv' }).blocks[0]).toMatchObject({ kind: 'link' });
    const fresh = h.renderToolResult({ content: [reference({ expiresAt: '2031-01-01T00:00:00Z' }), link()] }, { serverId: 'srv' });
    expect(fresh.blocks.map((b) => b.kind === 'stub' && b.fetchable)).toEqual([true, true]);
  });

  it('withholds a never uri past more references than the registry holds', () => {
    const registry = createRegistry({ capacity: 20 });
    const filler = Array.from({ length: 50 }, (_, i) => reference({}, `${ORIGIN}/filler/${i}`));
    for (const content of [
      [reference({ disposition: 'never' }), ...filler, link()],
      [link(), ...filler, reference({ disposition: 'never' })],
    ]) {
      const h = host(registry);
      expect(everything(h, content, 'stdio')).not.toContain(URI);
    }
  });

  it("reads the registry for every link's uri only while some record it holds claims anything", () => {
    const registry = createRegistry({ capacity: 40 });
    let reads = 0;
    const getByUri = registry.getByUri;
    registry.getByUri = (uri) => {
      reads += 1;
      return getByUri(uri);
    };
    const h = host(registry);
    const links = Array.from({ length: 30 }, (_, i) => link(`${ORIGIN}/plain/${i}`));
    // The last block as the model reads it, with how many uris were read: from `stdio`, which
    // can't fetch, a link alone shows its uri unless a never withholds it; from `srv`, it is
    // offered for a fetch unless an expiry refuses it.
    const render = (content: unknown[], serverId = 'stdio') => {
      reads = 0;
      const last = h.renderToolResult({ content }, { serverId }).blocks.at(-1)!;
      return { text: last.text, fetchable: last.kind === 'stub' && last.fetchable };
    };
    const shownAlone = (serverId: string) => {
      const last = render([...links, link()], serverId);
      return serverId === 'stdio' ? last.text.includes(URI) : last.fetchable;
    };
    // Links and plain references claim nothing: their uris aren't read one by one.
    render([...links, reference({}, `${ORIGIN}/plain/ref`)]);
    expect(shownAlone('stdio')).toBe(true);
    expect(reads).toBeLessThan(links.length);
    // A reference's never, and then its expiry, is read for a link alone, and decides.
    for (const [claim, serverId] of [
      [{ disposition: 'never' }, 'stdio'],
      [{ expiresAt: '2020-01-01T00:00:00Z' }, 'srv'],
    ] as const) {
      h.renderToolResult({ content: [reference(claim)] }, { serverId });
      expect(shownAlone(serverId)).toBe(false);
      expect(reads).toBeGreaterThanOrEqual(links.length);
      // A plain reference in its place lifts the claim: the uris are again not read.
      h.renderToolResult({ content: [reference()] }, { serverId });
      expect(shownAlone(serverId)).toBe(true);
      expect(reads).toBeLessThan(links.length);
    }
    // A claiming record evicted counts out as well.
    h.renderToolResult({ content: [reference({ disposition: 'never' })] }, { serverId: 'stdio' });
    render(links);
    expect(reads).toBeGreaterThanOrEqual(links.length);
    render(Array.from({ length: 60 }, (_, i) => link(`${ORIGIN}/more/${i}`)));
    render(links);
    expect(reads).toBeLessThan(links.length);
  });

  it('matches a never by the text a link would show: a bidi control or a lone surrogate cut alike', () => {
    const marked = `${ORIGIN}/a\u202eb`;
    const shownAlike = `${ORIGIN}/ab`;
    const h = host();
    const rendered = h.renderToolResult({ content: [reference({ disposition: 'never' }, marked), link(shownAlike)] }, { serverId: 'stdio' });
    expect(rendered.stored).not.toContain(shownAlike);
    const surrogate = `${ORIGIN}/x\ud800y`;
    const replaced = `${ORIGIN}/x\ufffdy`;
    const again = host().renderToolResult({ content: [reference({ disposition: 'never' }, surrogate), link(replaced)] }, { serverId: 'stdio' });
    expect(again.stored).not.toContain(replaced);
  });

  it('reads claims at depth through toJSON, as serialization reads them', () => {
    const data = {
      nested: { toJSON: () => ({ ref: reference({ disposition: 'never' }) }) },
      links: [link()],
    };
    const rendered = host().renderToolResult({ data }, { serverId: 'stdio' });
    expect(rendered.stored).not.toContain(URI);
    expect(rendered.stored).toContain('marked it never');
  });
});
