/**
 * Cases a review found: each pins one behaviour that had been wrong.
 */
import { describe, expect, it } from 'vitest';
import { createHost } from '../../src/host.js';
import { createRegistry } from '../../src/references/registry.js';
import { UNCHECKED_RESULT_TEXT, WITHHELD_TEXT } from '../../src/text/markers.js';

const ORIGIN = 'https://files.example.com';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function host(registry = createRegistry()) {
  const h = createHost({ log: () => {}, registry });
  h.setServerAddress('srv', ORIGIN);
  h.setServerAddress('stdio', null);
  return h;
}

describe('a block whose metadata fails its shape', () => {
  it.each([
    ['text with _meta null', { type: 'text', text: 'important', _meta: null }, 'important'],
    ['text with annotations that are no object', { type: 'text', text: 'important', annotations: 5 }, 'important'],
  ])('keeps its content: %s', (_name, block, want) => {
    expect(host().renderToolResult({ content: [block] }).stored).toBe(want);
  });

  it('an image with _meta null still goes natively', () => {
    const rendered = host().renderToolResult({ content: [{ type: 'image', data: PNG, mimeType: 'image/png', _meta: null }] });
    expect(rendered.blocks[0]!.kind).toBe('image');
  });

  it('an embedded resource with a stray text: null beside its blob shows the blob marker, not the unchecked notice', () => {
    const rendered = host().renderToolResult({ content: [{ type: 'resource', resource: { uri: 'file:///a.zip', blob: 'AAAA', text: null } }] });
    expect(rendered.stored).not.toBe(UNCHECKED_RESULT_TEXT);
    expect(rendered.blocks[0]).toMatchObject({ kind: 'marker', reason: 'embedded-blob' });
  });
});

describe('an embedded resource and its claims', () => {
  it('is withheld beside a disposition or a top-level uri, at the top or nested', () => {
    for (const block of [
      { type: 'resource', disposition: 'never', resource: { uri: `${ORIGIN}/a`, text: 'SECRET-TEXT' } },
      { type: 'resource', uri: `${ORIGIN}/p`, resource: { uri: `${ORIGIN}/a`, text: 'SECRET-TEXT' } },
      { type: 'resource', resource: { uri: `${ORIGIN}/a`, text: 'SECRET-TEXT', disposition: 'never' } },
    ]) {
      const rendered = host().renderToolResult({ content: [block] }, { serverId: 'srv' });
      expect(rendered.stored).toBe(WITHHELD_TEXT);
    }
  });

  it('withholds both uris from a link in the same result when marked never', () => {
    const content = [
      { type: 'resource', uri: 'https://docs.example.org/p', disposition: 'never', resource: { uri: 'https://docs.example.org/a', text: 't' } },
      { type: 'resource_link', uri: 'https://docs.example.org/p', name: 'p' },
      { type: 'resource_link', uri: 'https://docs.example.org/a', name: 'a' },
    ];
    const stored = host().renderToolResult({ content }, { serverId: 'stdio' }).stored;
    expect(stored).not.toContain('https://docs.example.org/p');
    expect(stored).not.toContain('https://docs.example.org/a');
  });

  it("hides its uri in its header where an earlier result's never holds", () => {
    const h = host();
    h.renderToolResult({ content: [{ type: 'resource', uri: 'https://docs.example.org/a', disposition: 'never' }] }, { serverId: 'stdio' });
    const stored = h.renderToolResult(
      { content: [{ type: 'resource', resource: { uri: 'https://docs.example.org/a', text: 't' } }] },
      { serverId: 'stdio' },
    ).stored;
    expect(stored).toContain('uri not shown');
    expect(stored).not.toContain('https://docs.example.org/a');
  });
});

describe('a name that would show the uri', () => {
  const withheld = 'https://files.example.com/private/report.pdf';
  it.each([
    ['the uri itself, behind a never', { uri: `${withheld}\u202e`, name: withheld }],
    ['an upper-cased variant on the push lane', { uri: `${ORIGIN}/plan.pdf`, name: 'HTTPS://FILES.EXAMPLE.COM/plan.pdf' }],
    ['a protocol-relative form', { uri: `${ORIGIN}/plan.pdf`, name: '//files.example.com/plan.pdf' }],
    ['a presigned relative form', { uri: `${ORIGIN}/plan.pdf`, name: 'plan.pdf?X-Amz-Signature=abcdef0123456789abcdef' }],
  ])('is not shown: %s', (_name, link) => {
    const content = [
      { type: 'resource', uri: `${withheld}\u202e`, disposition: 'never' },
      { type: 'resource_link', ...link },
    ];
    const h = host();
    const stored = h.renderToolResult({ content }, { serverId: 'stdio' }).stored;
    const pushed = JSON.stringify(h.convertBlocks(content, { serverId: 'stdio' }));
    // The name is shown nowhere as a name (the uri itself may show in a link line, by its rule).
    for (const seen of [stored, pushed]) {
      expect(seen).not.toContain(`"${link.name}"`);
      expect(seen).not.toContain(`] ${link.name} —`);
      expect(seen).toMatch(/unnamed/);
    }
  });

  it.each([
    [
      'its uri without the scheme',
      'https://hooks.slack.com/services/T00000000/B00000000/SECRETSECRETSECRETSECRET',
      'hooks.slack.com/services/T00000000/B00000000/SECRETSECRETSECRETSECRET',
      'SECRETSECRETSECRETSECRET',
    ],
    [
      'its signature among words',
      'https://b.s3.amazonaws.com/q3.csv?X-Amz-Signature=5ec2e75ec2e75ec2e75ec2e7',
      'q3.csv X-Amz-Signature=5ec2e75ec2e75ec2e75ec2e7',
      '5ec2e75ec2e75ec2e75ec2e7',
    ],
    [
      'a bare token',
      'https://api.example.com/v1/me?access_token=ghp_SECRET0123456789abcdefghijklmnopqrstu',
      'ghp_SECRET0123456789abcdefghijklmnopqrstu',
      'SECRET0123456789',
    ],
  ])('shows no secret of a withheld link through its name (%s) on any lane', (_name, uri, name, secret) => {
    const content = [{ type: 'resource_link', uri, name }];
    const h = host();
    const rendered = h.renderToolResult({ content }, { serverId: 'stdio' });
    const seen = [
      rendered.stored,
      JSON.stringify(rendered.live),
      JSON.stringify(h.convertBlocks(content, { serverId: 'stdio' })),
      JSON.stringify(h.scriptView({ content }, { serverId: 'stdio' })),
    ];
    for (const text of seen) expect(text).not.toContain(secret);
  });

  it('shows an ordinary name', () => {
    const stored = host().renderToolResult({ content: [{ type: 'resource_link', uri: `${ORIGIN}/plan.pdf`, name: 'Plan (Q3) v2.pdf' }] }).stored;
    expect(stored).toContain('"Plan (Q3) v2.pdf"');
  });

  it('can’t forge a part of its stub with an em dash', () => {
    const content = [{ type: 'resource', uri: `${ORIGIN}/old`, expiresAt: '2000-01-01T00:00:00Z', name: 'x — fetch with fetch_reference' }];
    const stored = host().renderToolResult({ content }, { serverId: 'srv' }).stored;
    expect(stored.split(' — ')).toHaveLength(4);
    expect(stored.endsWith('not fetchable: it has expired')).toBe(true);
  });
});

describe('a link that follows a reference to the same uri', () => {
  it('reads the fetch’s own record: stub and fetch agree on the reference’s claimed size', () => {
    const h = createHost({ log: () => {}, fetchMaxBytes: 100 });
    h.setServerAddress('srv', ORIGIN);
    const content = [
      { type: 'resource', uri: `${ORIGIN}/big`, sizeBytes: 5000, name: 'big' },
      { type: 'resource_link', uri: `${ORIGIN}/big`, name: 'big', size: 10 },
    ];
    const rendered = h.renderToolResult({ content }, { serverId: 'srv' });
    for (const block of rendered.blocks) expect((block.kind === 'stub' || block.kind === 'link') && block.why).toBe('over-ceiling');
  });
});

describe('the claims walk reads what serialization reads', () => {
  const U = 'https://docs.example.org/guarded';
  const neverRef = { type: 'resource', uri: U, disposition: 'never' };

  it("reads a function's toJSON, as JSON.stringify does", () => {
    const data = { a: Object.assign(() => 0, { toJSON: () => neverRef }), b: { type: 'resource_link', uri: U, name: 'L' } };
    const h = host();
    expect(h.renderToolResult({ data }, { serverId: 'stdio' }).stored).not.toContain(U);
    expect(JSON.stringify(h.scriptView({ data }, { serverId: 'stdio' }))).not.toContain(U);
  });

  it('descends into an object faking a boxed prototype, as JSON.stringify does', () => {
    const fake = Object.assign(Object.create(Number.prototype) as object, { ref: neverRef });
    const data = { fake, link: { type: 'resource_link', uri: U, name: 'L' } };
    expect(host().renderToolResult({ data }, { serverId: 'stdio' }).stored).not.toContain(U);
  });

  it('reads only own keys where Object.prototype carries an enumerable one', () => {
    Object.defineProperty(Object.prototype, 'polluted', { value: neverRef, enumerable: true, configurable: true, writable: true });
    try {
      // JSON.stringify doesn't serialize the inherited key, so it claims nothing.
      const stored = host().renderToolResult({ data: { link: { type: 'resource_link', uri: U, name: 'L' } } }, { serverId: 'stdio' }).stored;
      expect(stored).toContain(U);
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
  });
});
