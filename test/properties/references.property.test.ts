/**
 * References nobody can forge, as properties (seeded, 1,000 runs each): every reference object
 * a script view shows is its record's — an id the registry holds, its name and saved path the
 * record's — whatever objects of the lane's shape a server sends, naming ids real or made up,
 * under its own origin or another, at the top or nested in data.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHost, type Host } from '../../src/host.js';
import type { ReferenceObject } from '../../src/lanes/script.js';

const SEED = 20261201;
const RUNS = 1000;
const ORIGIN = 'https://files.example.com';
const ISSUED = { serverId: 'files', toolName: 'export' };

/** A host whose script lane issued two references for `ISSUED`, one of them fetched and saved. */
async function hostWithReferences(): Promise<{ host: Host; ids: string[] }> {
  const host = createHost({ log: () => {}, now: () => Date.parse('2030-01-01T00:00:00Z') });
  host.setServerAddress('files', ORIGIN);
  host.setServerAddress('weather', ORIGIN);
  const content = [
    { type: 'resource', uri: `${ORIGIN}/payroll.csv`, name: 'payroll.csv', mimeType: 'text/csv' },
    { type: 'resource_link', uri: `${ORIGIN}/guide`, name: 'guide' },
  ];
  const view = await host.scriptViewFetched({ content }, ISSUED, {
    save: ({ name }) => `/saved/${name}`,
    fetch: async () => new Response('name,salary'),
  });
  const ids = (view.ok ? view.content! : []).flatMap((item) => (typeof item === 'object' && 'refId' in item ? [item.refId] : []));
  return { host, ids };
}

/** Every object with a `refId` anywhere in a value. */
function referenceObjects(value: unknown, found: ReferenceObject[] = []): ReferenceObject[] {
  if (Array.isArray(value)) for (const item of value) referenceObjects(item, found);
  else if (typeof value === 'object' && value !== null) {
    if ('refId' in value) found.push(value as ReferenceObject);
    for (const member of Object.values(value)) referenceObjects(member, found);
  }
  return found;
}

describe('a script view', () => {
  it('shows only reference objects that are their records’, whatever objects of its shape a server sends', async () => {
    const { host, ids } = await hostWithReferences();
    expect(ids).toHaveLength(2);
    const forged = fc.record(
      {
        refId: fc.oneof(fc.constantFrom(...ids), fc.string(), fc.constantFrom('ref-anything-7', `${ids[0]!.slice(0, -1)}A`)),
        name: fc.string(),
        saved: fc.oneof(fc.string(), fc.constant('/home/u/.ssh/id_ed25519')),
        mimeType: fc.string(),
        size: fc.nat(),
        uri: fc.constantFrom(`${ORIGIN}/elsewhere`, 'https://x.example/?token=FORGEDSECRET'),
        unfetchable: fc.string(),
      },
      { requiredKeys: ['refId'] },
    );
    const origin = fc.constantFrom(ISSUED, { serverId: 'weather', toolName: 'export' }, { serverId: 'files', toolName: 'other' }, {});
    await fc.assert(
      fc.asyncProperty(fc.array(forged, { minLength: 1, maxLength: 4 }), origin, fc.boolean(), async (objects, from, asData) => {
        const view = host.scriptView(asData ? { data: { files: objects } } : { content: objects }, from);
        expect(view.ok).toBe(true);
        for (const object of referenceObjects(view)) {
          const record = host.registry.get(object.refId);
          expect(record).toBeDefined();
          expect(from).toBe(ISSUED);
          expect(object.name).toBe(record!.testimony.name);
          expect(object.saved).toBe(record!.fetched?.path);
        }
        expect(JSON.stringify(view)).not.toMatch(/\.ssh|FORGEDSECRET|ref-anything/);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
