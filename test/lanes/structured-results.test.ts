/**
 * `structuredContent` beside content blocks (issue 14): shown where the content has no text of
 * the server's own, never twice, under the data rules; a script receives it whole.
 */
import { describe, expect, it } from 'vitest';
import { createHost } from '../../src/host.js';
import { DATA_URI_NOT_SHOWN } from '../../src/text/markers.js';

const NOW = Date.parse('2030-06-01T00:00:00Z');
const LINK = { type: 'resource_link', uri: 'https://files.example.com/export.csv', name: 'export.csv', mimeType: 'text/csv' };
const SIGNED = 'https://bucket.s3.amazonaws.com/a.csv?X-Amz-Credential=AKIAEXAMPLE&X-Amz-Signature=0f1e2d3c4b5a69788796a5b4c3d2e1f0';

function host() {
  return createHost({ now: () => NOW, log: () => undefined });
}

describe('structuredContent beside content', () => {
  it('is shown as data after a content of links only, in both copies', () => {
    const rendered = host().renderToolResult({ content: [LINK], structuredContent: { rows: 3 } });
    expect(rendered.stored).toContain('{"rows":3}');
    expect(rendered.stored.indexOf('export.csv')).toBeLessThan(rendered.stored.indexOf('{"rows":3}'));
    expect(rendered.live.kind === 'text' && rendered.live.text).toContain('{"rows":3}');
  });

  it('is not shown again where a text block carries it', () => {
    const value = { rows: [{ id: 1 }, { id: 2 }] };
    const rendered = host().renderToolResult({ content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], structuredContent: value });
    expect(rendered.stored.split('"id": 1').length - 1 + rendered.stored.split('"id":1').length - 1).toBe(1);
  });

  it('is not shown beside words of the server of its own', () => {
    const rendered = host().renderToolResult({ content: [{ type: 'text', text: 'Found 2 rows.' }], structuredContent: { rows: [{ id: 1 }, { id: 2 }] } });
    expect(rendered.stored).toBe('Found 2 rows.');
  });

  it('follows the data rules where it is shown: a signed uri in it is replaced', () => {
    const rendered = host().renderToolResult({ content: [LINK], structuredContent: { download: SIGNED } });
    expect(rendered.stored).not.toContain('X-Amz-Signature');
    expect(rendered.stored).toContain(DATA_URI_NOT_SHOWN);
  });

  it('lends its claims to the content: a reference it marks `never` withholds the same uri linked beside it', () => {
    const uri = 'https://files.example.com/secret.csv';
    const rendered = host().renderToolResult({
      content: [{ type: 'resource_link', uri, name: 'secret.csv' }],
      structuredContent: { ref: { type: 'resource', uri, disposition: 'never' } },
    });
    expect(rendered.stored).not.toContain(uri);
  });
});

describe('structuredContent beside content: decided on what the copies show', () => {
  const value = { allocations: [{ team: 'eng', amount: 120_000 }], total: 120_000 };
  const json = JSON.stringify(value);
  const app = { type: 'resource', resource: { uri: 'ui://budget/app', mimeType: 'text/html;profile=mcp-app', text: '<html>app</html>' } };

  it.each([
    ["an MCP App's view (shown as its marker): the value is shown, once", [app], 'shown'],
    [
      'a withheld resource (data beside a reference claim): the value is shown, once',
      [{ type: 'resource', disposition: 'ref', resource: { uri: 'file:///a.txt', text: 'hello' } }],
      'shown',
    ],
    [
      'a JSON blob shown as text that is the value: not shown again',
      [{ type: 'resource', resource: { uri: 'file:///v.json', mimeType: 'application/json', blob: Buffer.from(json).toString('base64') } }],
      'carried',
    ],
    [
      'an embedded text resource that is the value: not shown again',
      [{ type: 'resource', resource: { uri: 'file:///v.json', mimeType: 'application/json', text: json } }],
      'carried',
    ],
    [
      'an embedded text resource of words: they stand for it',
      [{ type: 'resource', resource: { uri: 'file:///r.txt', mimeType: 'text/plain', text: 'Budget set.' } }],
      'content-speaks',
    ],
  ] as const)('%s', (_name, content, standing) => {
    const rendered = host().renderToolResult({ content, structuredContent: value });
    expect(rendered.structuredStanding).toBe(standing);
    // The value's words appear once where it is shown or carried, and not at all where words stand for it.
    expect(rendered.stored.split('"total"').length - 1).toBe(standing === 'content-speaks' ? 0 : 1);
    expect(rendered.stored).not.toContain('<html>');
  });

  it('never parses a text of deep nesting beside a large value (6 MB of `[` cost seconds and half a gigabyte)', () => {
    const deep = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`;
    const parse = JSON.parse;
    let parsedDeep = 0;
    JSON.parse = ((source: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
      if (source.length >= deep.length) parsedDeep += 1;
      return parse(source, reviver);
    }) as typeof JSON.parse;
    try {
      const rendered = host().renderToolResult({ content: [{ type: 'text', text: deep }], structuredContent: ['x'.repeat(600_000)] });
      expect(rendered.structuredStanding).toBe('content-speaks');
    } finally {
      JSON.parse = parse;
    }
    expect(parsedDeep).toBe(0);
  });

  it('is not decided for a result without a structured value, or one shown as the data', () => {
    expect('structuredStanding' in host().renderToolResult({ content: [LINK] })).toBe(false);
    expect('structuredStanding' in host().renderToolResult({ content: [], structuredContent: value })).toBe(false);
  });
});

describe('scriptView: structured', () => {
  it('carries the structured value whole beside the content', () => {
    const view = host().scriptView({ content: [{ type: 'text', text: 'Found 2 rows.' }], structuredContent: { rows: [{ id: 1 }, { id: 2 }] } });
    expect(view).toEqual({ ok: true, isError: false, content: ['Found 2 rows.'], structured: { rows: [{ id: 1 }, { id: 2 }] } });
  });

  it('gives the structured value the data rules', () => {
    const view = host().scriptView({ content: [LINK], structuredContent: { download: SIGNED, n: 1 } });
    expect(view.ok && view.structured).toEqual({ download: DATA_URI_NOT_SHOWN, n: 1 });
  });

  it('has no structured member where the result has none', () => {
    const view = host().scriptView({ content: [LINK] });
    expect(view.ok && 'structured' in view).toBe(false);
  });
});
