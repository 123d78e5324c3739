/**
 * The records every data benchmark renders: about 450 bytes of JSON each, shaped like a real
 * listing (ids, names, text, tags, urls, a nested owner), so the lane, peers and command-line
 * benches measure one shape.
 */

/** `count` listing records of about 450 bytes of JSON each. */
export function listingRecords(count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i,
    uuid: `0000${i.toString(16)}-7c1e-4b7a-9f3e-${(1e11 + i).toString(16)}`,
    name: `record ${i}`,
    active: i % 3 !== 0,
    score: (i * 7.31) % 100,
    tags: ['alpha', 'beta', i % 2 ? 'gamma' : 'delta'],
    url: `https://example.com/items/${i}?ref=listing&page=${Math.floor(i / 50)}`,
    description:
      'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ' +
      `Item number ${i} in the fixture set, with a little more text to weigh it like a real record does.`,
    owner: { login: `user${i % 97}`, id: i % 97, site_admin: false },
  }));
}
