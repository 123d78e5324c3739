/**
 * Any count of blocks renders: a million text blocks (past the engine's limit on spread
 * arguments) go through every lane and the command line's printer without a RangeError.
 */
import { describe, expect, it } from 'vitest';
import { formatRendered } from '../../src/cli/print.js';
import { createHost } from '../../src/host.js';
import { UNCHECKED_RESULT_TEXT } from '../../src/text/markers.js';

const MILLION = 1_000_000;

describe('a million blocks', () => {
  const content = Array.from({ length: MILLION }, (_, index) => ({ type: 'text', text: index % 1000 === 0 ? `row ${index}` : '' }));

  it('render on the tool-result lane, both copies within the cap, nothing withheld', () => {
    const logs: string[] = [];
    const host = createHost({ log: (line) => logs.push(line) });
    const rendered = host.renderToolResult({ content });
    expect(logs).toEqual([]);
    expect(rendered.stored).not.toBe(UNCHECKED_RESULT_TEXT);
    // The texts share the cap: what doesn't fit is named and counted, within a small bound.
    expect(rendered.stored).toMatch(/more text blocks left out/);
    expect(rendered.stored.length).toBeLessThan(24_000 + 1_000);
    expect(rendered.blocks.length).toBe(MILLION);
    // The printer appends a copy's lines in place: a million-line cap prints too.
    const wide = host.renderToolResult({ content }, { cap: 2 * MILLION });
    expect(formatRendered(wide).split('\n').length).toBeGreaterThan(MILLION);
  });

  it('convert on the push lane and view on the script lane without a failure', () => {
    const logs: string[] = [];
    const host = createHost({ log: (line) => logs.push(line) });
    expect(host.convertBlocks(content).length).toBeGreaterThan(0);
    const view = host.scriptView({ content });
    expect(view.ok).toBe(true);
    expect(logs).toEqual([]);
  });
});
