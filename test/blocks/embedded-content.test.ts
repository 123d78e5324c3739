import { describe, expect, it } from 'vitest';
import { blobText, isAppResource, isTextualMediaType } from '../../src/blocks/embedded-content.js';
import { createHost } from '../../src/host.js';
import { appMarker } from '../../src/text/markers.js';

const b64 = (text: string | Buffer) => (typeof text === 'string' ? Buffer.from(text, 'utf8') : text).toString('base64');
const NOW = Date.parse('2030-06-01T00:00:00Z');
const host = () => createHost({ now: () => NOW, log: () => undefined });

describe(isAppResource.name, () => {
  it.each([
    ['a ui:// uri', 'ui://budget/app', 'text/html', true],
    ['a ui:// uri in capitals, any type', 'UI://x/y', undefined, true],
    ['HTML with the MCP Apps profile', 'https://x.example/app.html', 'text/html;profile=mcp-app', true],
    ['the profile quoted, spaced, among parameters', 'file:///a.html', 'Text/HTML; charset=utf-8; profile="mcp-app"', true],
    ['plain HTML', 'https://x.example/page.html', 'text/html', false],
    ['another profile', 'https://x.example/page.html', 'text/html;profile=mcp-appendix', false],
    ['the profile on another type', 'https://x.example/a.txt', 'text/plain;profile=mcp-app', false],
  ] as const)('%s', (_name, uri, mimeType, expected) => {
    expect(isAppResource(uri, mimeType)).toBe(expected);
  });
});

describe(isTextualMediaType.name, () => {
  it.each([
    ['text/plain', true],
    ['text/csv; charset=utf-8', true],
    ['application/json', true],
    ['application/vnd.api+json', true],
    ['application/atom+xml', true],
    ['application/x-yaml', true],
    ['application/javascript', true],
    ['application/octet-stream', false],
    ['application/gzip', false],
    ['image/svg+xml', false],
    ['application/pdf', false],
    [undefined, false],
  ] as const)('%s', (mimeType, expected) => {
    expect(isTextualMediaType(mimeType)).toBe(expected);
  });
});

describe(blobText.name, () => {
  it('decodes a textual blob of well-formed UTF-8, without its byte-order mark', () => {
    expect(blobText(b64('\ufeffnaïve café, 東京'), 'text/plain')).toBe('naïve café, 東京');
  });

  it.each([
    ['bytes that are not UTF-8', b64(Buffer.from([0x68, 0x69, 0xc3, 0x28])), 'text/plain'],
    ['a NUL byte', b64(Buffer.from('a\u0000b', 'utf8')), 'text/plain'],
    ['a binary type', b64('plain words'), 'application/octet-stream'],
    ['no type', b64('plain words'), undefined],
  ] as const)('leaves %s to the marker', (_name, blob, mimeType) => {
    expect(blobText(blob, mimeType)).toBeUndefined();
  });
});

describe('embedded resources in the lanes', () => {
  const app = {
    type: 'resource',
    resource: { uri: 'ui://budget/app', mimeType: 'text/html;profile=mcp-app', text: '<script>var secret="sk-live-abc"</script>' },
  };

  it('an app view is its marker in both copies and in the script view, never its source', () => {
    const rendered = host().renderToolResult({ content: [app, { type: 'text', text: 'after' }] });
    expect(rendered.stored).toBe(`${appMarker('ui://budget/app')}\nafter`);
    expect(rendered.blocks[0]).toMatchObject({ kind: 'marker', reason: 'app' });
    const view = host().scriptView({ content: [app] });
    // The script lane names no embedded uri through the classifier, so its marker names none.
    expect(view).toEqual({ ok: true, isError: false, content: [appMarker(undefined)] });
  });

  it('app HTML sent as a blob is its marker too', () => {
    const blob = { type: 'resource', resource: { uri: 'https://apps.example.com/view.html', mimeType: 'text/html; profile=mcp-app', blob: b64('<html>') } };
    expect(host().renderToolResult({ content: [blob] }).stored).toBe(appMarker('https://apps.example.com/view.html'));
  });

  it('a textual blob is shown as text under its header; a binary one stays a marker', () => {
    const text = { type: 'resource', resource: { uri: 'demo://resource/2', mimeType: 'text/plain', blob: b64('Resource 2: words') } };
    const binary = { type: 'resource', resource: { uri: 'demo://resource/3', mimeType: 'application/gzip', blob: b64(Buffer.from([0x1f, 0x8b, 0, 0])) } };
    const rendered = host().renderToolResult({ content: [text, binary] });
    expect(rendered.stored).toMatch(
      /^\[embedded resource: demo:\/\/resource\/2, text\/plain\]\nResource 2: words\n\[Resource not shown: embedded binary content/,
    );
    const view = host().scriptView({ content: [text] });
    expect(view.ok && view.content?.[0]).toEqual({ type: 'resource', uri: 'demo://resource/2', mimeType: 'text/plain', text: 'Resource 2: words' });
  });
});

describe('review findings: blobs and app views leak nothing', () => {
  const SIGNED = 'https://bucket.s3.amazonaws.com/a.csv?X-Amz-Credential=AKIAEXAMPLE&X-Amz-Signature=0f1e2d3c4b5a69788796a5b4c3d2e1f0';
  const RUN = 'QUJD'.repeat(200);
  const html = '<script>var source=1</script>';

  it('a textual blob follows the data rules: a signed uri or a base64 run in it is replaced', () => {
    const json = { type: 'resource', resource: { uri: 'demo://r/1', mimeType: 'application/json', blob: b64(JSON.stringify({ img: RUN })) } };
    const signed = { type: 'resource', resource: { uri: 'demo://r/2', mimeType: 'text/plain', blob: b64(`get it at ${SIGNED}`) } };
    const { stored } = host().renderToolResult({ content: [json, signed] });
    expect(stored).not.toContain(RUN.slice(0, 100));
    expect(stored).not.toContain('X-Amz-Signature');
    const view = host().scriptView({ content: [json, signed] });
    expect(JSON.stringify(view)).not.toContain(RUN.slice(0, 100));
    expect(JSON.stringify(view)).not.toContain('X-Amz-Signature');
  });

  it('embedded text at depth in data follows the data rules in the copies, as in the script view', () => {
    const nested = {
      structuredContent: { doc: { type: 'resource', resource: { uri: 'demo://r/3', mimeType: 'text/plain', text: `see ${SIGNED} and ${RUN}` } } },
    };
    const { stored } = host().renderToolResult({ content: [], ...nested });
    expect(stored).not.toContain('X-Amz-Signature');
    expect(stored).not.toContain(RUN.slice(0, 100));
  });

  it.each([
    ['a bare MCPL-form resource at the top', { type: 'resource', uri: 'ui://budget/app', mimeType: 'text/html;profile=mcp-app', text: html }],
    ['nested in structuredContent', { type: 'resource', resource: { uri: 'ui://budget/app', mimeType: 'text/html;profile=mcp-app', text: html } }],
  ])('an app view reaches no script as source: %s', (_name, block) => {
    const top = host().scriptView({ content: [block] });
    const nested = host().scriptView({ content: [{ type: 'text', text: 'x' }], structuredContent: { view: block } });
    const data = host().scriptView({ data: { view: block } });
    for (const view of [top, nested, data]) expect(JSON.stringify(view)).not.toContain('<script');
  });

  it.each([
    ['a uri with leading white space', '  ui://budget/app', 'text/html'],
    ['the OpenAI Apps SDK type', 'https://x.example/v.html', 'text/html+skybridge'],
    ['mcp-app in a profile list', 'https://x.example/v.html', 'text/html; profile="mcp-app other"'],
    ['the profile past 255 characters of parameters', 'https://x.example/v.html', `text/html; charset=utf-8; x=${'a'.repeat(300)}; profile=mcp-app`],
  ])('is read as an app view: %s', (_name, uri, mimeType) => {
    expect(isAppResource(uri, mimeType)).toBe(true);
    const { stored } = host().renderToolResult({ content: [{ type: 'resource', resource: { uri, mimeType, text: html } }] });
    expect(stored).not.toContain('<script');
  });
});
