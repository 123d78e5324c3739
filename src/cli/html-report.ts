/**
 * The page `--html FILE` writes: one self-contained HTML document (no script, no network, no
 * external asset; inline CSS pinned by a hash in a strict Content-Security-Policy) that shows, per
 * call, the tool and its arguments, the stored and live copies side by side, native images as
 * images, each marker, stub, link and withheld line with its reason in words, the per-block
 * summary and the timing, and the run's totals. Every server string goes through the escaping
 * template of `html.ts`.
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { LiveBlock, ShownBlock } from '../blocks/shown-block.js';
import type { RenderedToolResult } from '../lanes/tool-result.js';
import { blockReasonWords } from './block-reasons.js';
import { html, SafeHtml } from './html.js';
import { boundedArgumentsJson, nativeImagePlaceholder, summarizeRendered } from './print.js';
import { sanitizeLabel } from '../text/labels.js';

/** The most characters of a call's arguments the page shows. */
export const PAGE_ARGUMENTS_MAX = 4_000;

/** A server-chosen tool name as the page shows it: sanitized (no bidi control) and bounded. */
function toolName(name: string): string {
  return sanitizeLabel(name, 120);
}

/** One entry of the report: a call rendered, a call that failed, or a tool skipped. */
export type ReportEntry =
  | {
      readonly kind: 'rendered';
      readonly tool: string;
      readonly args?: Readonly<Record<string, unknown>>;
      readonly derived?: boolean;
      readonly rendered: RenderedToolResult;
      readonly raw: unknown;
      readonly ms: number;
      /** What the server asked of the client during the call (sampling, elicitation), in words. */
      readonly asked?: readonly string[];
    }
  | {
      readonly kind: 'failed';
      readonly tool: string;
      readonly args?: Readonly<Record<string, unknown>>;
      readonly derived?: boolean;
      readonly error: string;
      readonly ms: number;
      readonly asked?: readonly string[];
    }
  | { readonly kind: 'skipped'; readonly tool: string; readonly reason: string };

/** What the page is about: its heading, where the results came from, its entries and timing. */
export interface ReportInput {
  /** The page's heading (`blockwise call`, `blockwise render`). */
  readonly title: string;
  /** Where the results came from: the server line, or the rendered file. */
  readonly source: string;
  readonly entries: readonly ReportEntry[];
  /** When the run started (shown as an ISO time). */
  readonly startedAt: Date;
  /** How long the whole run took, in ms. */
  readonly totalMs: number;
}

/** The totals a report's header shows. */
export interface ReportTotals {
  readonly calls: number;
  readonly errors: number;
  readonly skipped: number;
  readonly storedChars: number;
  readonly liveTextChars: number;
  readonly nativeImages: number;
  readonly markers: number;
  readonly stubs: number;
  readonly links: number;
  readonly withheld: number;
}

/** A base64 string (its padding only at the end): what may stand in a data: URL. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The page's style sheet: it is hashed into the CSP, so no other style can apply. */
const STYLE = `
:root{color-scheme:light dark;--bg:#fbfbfa;--fg:#1d1d1f;--muted:#5f6368;--line:#d9d9de;--card:#fff;--code:#f3f3f5;--ok:#137333;--bad:#b3261e;--warn:#8a5300;--note:#e8f0fe}
@media (prefers-color-scheme:dark){:root{--bg:#151517;--fg:#ececf0;--muted:#a0a0a8;--line:#3a3a40;--card:#1e1e22;--code:#26262b;--ok:#7ad69a;--bad:#ff8a80;--warn:#f5c26b;--note:#1f2a3d}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:90rem;margin:0 auto;padding:1rem}
h1{font-size:1.4rem;margin:.2rem 0}
h2{font-size:1.1rem;margin:0;overflow-wrap:anywhere}
h3{font-size:.8rem;margin:.6rem 0 .3rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
.source,.meta{color:var(--muted);overflow-wrap:anywhere}
.totals{display:grid;grid-template-columns:repeat(auto-fit,minmax(9rem,1fr));align-items:start;gap:.5rem;margin:1rem 0;padding:0;list-style:none}
.totals li{background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:.5rem .7rem}
.totals b{display:block;font-size:1.3rem}
.call{background:var(--card);border:1px solid var(--line);border-radius:.6rem;padding:.8rem 1rem;margin:1rem 0}
.call>header{display:flex;flex-wrap:wrap;gap:.4rem .8rem;align-items:baseline}
.badge{font-size:.8rem;font-weight:600;border-radius:1rem;padding:.05rem .6rem;border:1px solid currentColor}
.ok{color:var(--ok)}.bad{color:var(--bad)}.warn{color:var(--warn)}
.copies{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,26rem),1fr));gap:.8rem}
pre{margin:0;background:var(--code);border-radius:.4rem;padding:.5rem .6rem;white-space:pre-wrap;overflow-wrap:anywhere;font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;max-height:28rem;overflow:auto}
.live>*+*{margin-top:.4rem}
figure{margin:0}
img{display:block;max-width:100%;height:auto;border:1px solid var(--line);border-radius:.3rem;background:repeating-conic-gradient(#ccc 0 25%,#fff 0 50%) 0 0/16px 16px}
figcaption{font-size:.8rem;color:var(--muted)}
ol.blocks{margin:0;padding-left:1.4rem}
ol.blocks li{margin:.2rem 0;overflow-wrap:anywhere}
.why{display:block;color:var(--muted)}
.notes{margin:.4rem 0 0;padding:.4rem .6rem;background:var(--note);border-radius:.4rem;list-style:none}
.skipped{color:var(--muted)}
table.contents{border-collapse:collapse;width:100%;margin:.5rem 0 1rem;font-size:.9rem}
.contents th,.contents td{text-align:left;vertical-align:top;padding:.25rem .5rem;border-bottom:1px solid var(--line)}
.contents td:first-child,.contents td:last-child{overflow-wrap:anywhere}
.contents td:nth-child(2){white-space:nowrap}
.contents a{color:inherit}
`;

/** The CSP: nothing loads, nothing runs; only this page's own style sheet and data: images. */
function contentSecurityPolicy(): string {
  const hash = createHash('sha256').update(STYLE).digest('base64');
  return `default-src 'none'; style-src 'sha256-${hash}'; img-src data:; base-uri 'none'; form-action 'none'`;
}

/** The totals over a report's entries. */
export function reportTotals(entries: readonly ReportEntry[]): ReportTotals {
  const totals = { calls: 0, errors: 0, skipped: 0, storedChars: 0, liveTextChars: 0, nativeImages: 0, markers: 0, stubs: 0, links: 0, withheld: 0 };
  for (const entry of entries) {
    if (entry.kind === 'skipped') {
      totals.skipped += 1;
      continue;
    }
    totals.calls += 1;
    if (entry.kind === 'failed') {
      totals.errors += 1;
      continue;
    }
    const { rendered } = entry;
    if (rendered.isError) totals.errors += 1;
    totals.storedChars += rendered.stored.length;
    if (rendered.live.kind === 'text') totals.liveTextChars += rendered.live.text.length;
    else {
      for (const block of rendered.live.blocks) {
        // eslint-disable-next-line no-restricted-syntax -- a live-copy block's kind (LiveBlock, blockwise's output), not a server's block
        if (block.type === 'text') totals.liveTextChars += block.text.length;
        // eslint-disable-next-line no-restricted-syntax -- a live-copy block's kind (LiveBlock, blockwise's output), not a server's block
        else if (block.type === 'image') totals.nativeImages += 1;
      }
    }
    for (const block of rendered.blocks) {
      if (block.kind === 'marker') totals.markers += 1;
      else if (block.kind === 'stub') totals.stubs += 1;
      else if (block.kind === 'link') totals.links += 1;
      else if (block.kind === 'withheld') totals.withheld += 1;
    }
  }
  return totals;
}

/** The whole page, as one string. */
export function buildHtmlReport(input: ReportInput): string {
  const totals = reportTotals(input.entries);
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy()}">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${input.title} report</title>
<style>${SafeHtml.of(STYLE)}</style>
</head>
<body>
<main>
<header>
<h1>${input.title} report</h1>
<p class="source">${input.source}</p>
<p class="meta">Started ${input.startedAt.toISOString()}; took ${formatMs(input.totalMs)}.</p>
</header>
${totalsList(totals)}
${contents(input.entries)}
${input.entries.map(entrySection)}
</main>
</body>
</html>
`;
  return page.markup;
}

function totalsList(totals: ReportTotals): SafeHtml {
  const withheld = [
    count(totals.markers, 'marker'),
    count(totals.stubs, 'stub'),
    count(totals.links, 'link line'),
    count(totals.withheld, 'withheld line'),
  ].join(', ');
  return html`<ul class="totals" aria-label="totals">
<li><b>${totals.calls}</b>${totals.calls === 1 ? 'call' : 'calls'}</li>
<li><b class="${totals.errors > 0 ? 'bad' : 'ok'}">${totals.errors}</b>${totals.errors === 1 ? 'error' : 'errors'}</li>
<li><b>${totals.skipped}</b>skipped</li>
<li><b>${groupDigits(totals.storedChars)}</b>stored chars</li>
<li><b>${groupDigits(totals.liveTextChars)}</b>live text chars</li>
<li><b>${totals.nativeImages}</b>native ${totals.nativeImages === 1 ? 'image' : 'images'}</li>
<li><b>${totals.markers + totals.stubs + totals.links + totals.withheld}</b>withheld or stood in for: ${withheld}</li>
</ul>`;
}

/** One line per entry, linked to its section: the run at a glance. */
function contents(entries: readonly ReportEntry[]): SafeHtml {
  const rows = entries.map((entry, index) => {
    const status =
      entry.kind === 'skipped'
        ? html`<span class="warn">skipped</span>`
        : entry.kind === 'failed'
          ? html`<span class="bad">failed</span>`
          : entry.rendered.isError
            ? html`<span class="bad">tool error</span>`
            : html`<span class="ok">rendered</span>`;
    const detail =
      entry.kind === 'skipped'
        ? (entry.reason.split(';', 1)[0] ?? '')
        : entry.kind === 'failed'
          ? formatMs(entry.ms)
          : `${formatMs(entry.ms)}, ${groupDigits(entry.rendered.stored.length)} chars, ${count(entry.rendered.blocks.length, 'block')}`;
    return html`<tr><td><a href="#call-${index + 1}">${toolName(entry.tool)}</a></td><td>${status}</td><td>${detail}</td></tr>`;
  });
  return html`<table class="contents"><thead><tr><th>Tool</th><th>Outcome</th><th>Time, stored copy, or why skipped</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function entrySection(entry: ReportEntry, index: number): SafeHtml {
  const id = `call-${index + 1}`;
  if (entry.kind === 'skipped') {
    return html`<section class="call skipped" id="${id}">
<header><h2>${toolName(entry.tool)}</h2><span class="badge warn">skipped</span></header>
<p>${entry.reason}</p>
</section>`;
  }
  const args = html`<h3>Arguments${entry.derived ? ' (derived from its input schema)' : ''}</h3><pre>${boundedArgumentsJson(entry.args, PAGE_ARGUMENTS_MAX, 2)}</pre>`;
  const asked = entry.asked !== undefined && entry.asked.length > 0 ? html`<ul class="notes">${entry.asked.map((line) => html`<li>${line}</li>`)}</ul>` : '';
  if (entry.kind === 'failed') {
    return html`<section class="call" id="${id}">
<header><h2>${toolName(entry.tool)}</h2><span class="badge bad">failed</span><span class="meta">${formatMs(entry.ms)}</span></header>
${args}
<h3>Outcome</h3><p class="bad">${entry.error}</p>
${asked}
</section>`;
  }
  const { rendered } = entry;
  const summary = summarizeRendered(rendered, entry.raw);
  const badge = rendered.isError ? html`<span class="badge bad">tool error</span>` : html`<span class="badge ok">rendered</span>`;
  return html`<section class="call" id="${id}">
<header><h2>${toolName(entry.tool)}</h2>${badge}<span class="meta">${formatMs(entry.ms)}; stored ${groupDigits(rendered.stored.length)} chars; live ${liveWords(rendered)}</span></header>
${args}
<div class="copies">
<div class="stored"><h3>Stored copy (history)</h3><pre>${rendered.stored}</pre></div>
<div class="live"><h3>Live copy (this turn)</h3>${liveCopy(rendered)}</div>
</div>
<h3>Blocks</h3>
<ol class="blocks">${rendered.blocks.map((block, at) => blockItem(block, summary.blocks[at]?.summary ?? block.kind))}</ol>
${(summary.notes ?? []).length > 0 ? html`<ul class="notes">${(summary.notes ?? []).map((note) => html`<li>${note}</li>`)}</ul>` : ''}
${asked}
</section>`;
}

function liveWords(rendered: RenderedToolResult): string {
  if (rendered.live.kind === 'text')
    return rendered.live.text === rendered.stored ? 'text, the same as stored' : `text, ${groupDigits(rendered.live.text.length)} chars`;
  return count(rendered.live.blocks.length, 'native block');
}

function liveCopy(rendered: RenderedToolResult): SafeHtml {
  const live = rendered.live;
  if (live.kind === 'text') {
    return live.text === rendered.stored ? html`<p class="meta">Text, the same as the stored copy.</p>` : html`<pre>${live.text}</pre>`;
  }
  return html`${live.blocks.map(liveBlock)}`;
}

/**
 * A live block: text as text; an image the live copy carries natively as an image (its data
 * checked as base64 of one of the four native types, which the classification decoded and
 * measured already); any other media as its placeholder, never its data.
 */
function liveBlock(block: LiveBlock): SafeHtml {
  // eslint-disable-next-line no-restricted-syntax -- a live-copy block's kind (LiveBlock, blockwise's output), not a server's block
  if (block.type === 'text') return html`<pre>${block.text}</pre>`;
  const placeholder = nativeImagePlaceholder(block.mimeType, block.data, block.type);
  // eslint-disable-next-line no-restricted-syntax -- a live-copy block's kind (LiveBlock, blockwise's output), not a server's block
  if (block.type === 'image' && isNativeImageType(block.mimeType) && BASE64.test(block.data)) {
    return html`<figure><img src="data:${block.mimeType};base64,${block.data}" alt="${placeholder}"><figcaption>${placeholder}</figcaption></figure>`;
  }
  return html`<pre>${placeholder}</pre>`;
}

function isNativeImageType(type: string): boolean {
  return type === 'image/png' || type === 'image/jpeg' || type === 'image/gif' || type === 'image/webp';
}

function blockItem(block: ShownBlock, summary: string): SafeHtml {
  const why = blockReasonWords(block);
  const line = block.kind === 'text' || block.kind === 'image' || block.kind === 'media' ? '' : html`<pre>${block.text}</pre>`;
  return html`<li>${summary}${why === undefined ? '' : html`<span class="why">${why}</span>`}${line}</li>`;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function groupDigits(n: number): string {
  return n.toLocaleString('en-US');
}

function formatMs(ms: number): string {
  return ms < 1_000 ? `${Math.round(ms)} ms` : `${(ms / 1_000).toFixed(1)} s`;
}

/** Writes the page to `path`; resolves to undefined, or the reason it couldn't be written. */
export async function writeHtmlReport(path: string, input: ReportInput): Promise<string | undefined> {
  try {
    await writeFile(path, buildHtmlReport(input), 'utf8');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
