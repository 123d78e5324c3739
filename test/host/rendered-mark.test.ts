/**
 * Which values count as rendered results: only the very objects a host made. Whatever carries
 * the mark, a value made from one — a proxy over it, an object inheriting from it, a clone —
 * is not one, and a rendered result stays a plain, frozen object with only its own keys.
 */
import { describe, expect, it } from 'vitest';
import { createHost } from '../../src/host.js';
import { isRenderedToolResult } from '../../src/lanes/rendered-shape.js';
import { callResult, imageBlock, textBlock } from '../support/factories.js';

describe(isRenderedToolResult.name, () => {
  const host = createHost({ log: () => {} });
  const real = host.renderToolResult(callResult([textBlock({ text: 'words' }), imageBlock()]));

  const cases: [string, { given: () => unknown; want: boolean }][] = [
    ['the result itself', { given: () => real, want: true }],
    ['a result rendered again (its marker)', { given: () => host.renderToolResult(real), want: true }],
    ['a proxy over a rendered result', { given: () => new Proxy(real, {}), want: false }],
    ['an object whose prototype is a rendered result', { given: () => Object.create(real) as unknown, want: false }],
    ['a structured clone of a rendered result', { given: () => structuredClone(real), want: false }],
    ['a copy with every own property, symbols too', { given: () => Object.defineProperties({}, Object.getOwnPropertyDescriptors(real)), want: false }],
    ["a rendered result's live copy", { given: () => real.live, want: false }],
  ];
  for (const [name, { given, want }] of cases) it(`${name} > ${want}`, () => expect(isRenderedToolResult(given())).toBe(want));

  it('a rendered result is a plain object: its prototype and its keys are its shape alone', () => {
    expect(Object.getPrototypeOf(real)).toBe(Object.prototype);
    expect(Reflect.ownKeys(real)).toEqual(['stored', 'live', 'isError', 'blocks', 'provider']);
  });

  it('each host marks its own results, and every host takes every other host’s as rendered', () => {
    const other = createHost({ log: () => {} });
    expect(isRenderedToolResult(other.renderToolResult(callResult([textBlock()])))).toBe(true);
    expect(other.renderToolResult(real).blocks[0]).toMatchObject({ kind: 'marker', reason: 'rendered-result' });
  });
});
