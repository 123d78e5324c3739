import { describe, expect, it } from 'vitest';
import { serverUrlSecrets, shownServerUrl } from '../../src/cli/shown-server-url.js';

describe(shownServerUrl.name, () => {
  it.each([
    ['a plain address as it is', 'https://mcp.example.com/mcp', 'https://mcp.example.com/mcp'],
    ['a harmless query kept', 'https://mcp.example.com/mcp?region=eu', 'https://mcp.example.com/mcp?region=eu'],
    ['a credential query: origin and path', 'https://mcp.example.com/mcp?api_key=SEKRET123', 'https://mcp.example.com/mcp'],
    ['user info never', 'https://user:PASSW0RD@mcp.example.com/mcp', 'https://mcp.example.com/mcp'],
    [
      'a token in the path: origin only',
      'https://mcp.example.com/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U/mcp',
      'https://mcp.example.com',
    ],
    ['what does not parse: up to its query, after its user info', 'not a url user:pw@host?api_key=SEKRET123', 'host'],
  ])('%s', (_name, given, want) => {
    expect(shownServerUrl(given)).toBe(want);
  });
});

describe(serverUrlSecrets.name, () => {
  it('holds the user info and credential values, and nothing of a plain address', () => {
    expect(serverUrlSecrets('https://mcp.example.com/mcp?region=eu')).toEqual([]);
    expect(serverUrlSecrets('https://user:PASSW0RD@mcp.example.com/mcp')).toEqual(expect.arrayContaining(['PASSW0RD', 'user']));
    expect(serverUrlSecrets('https://mcp.example.com/mcp?api_key=SEKRET123')).toContain('SEKRET123');
  });
});
