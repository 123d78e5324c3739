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
