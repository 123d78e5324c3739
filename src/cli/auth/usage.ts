// No imports: `messages.ts` builds its usage text from this module.
/** The usage lines of the options for servers that want authorization (`--http` only). */
export const AUTH_USAGE = `  Authorization (with --http): [--header 'NAME: VALUE']... [--bearer-env NAME]
                 [--client-id ID [--client-secret-env NAME] | --client-metadata-url URL]
                 [--issuer URL] [--token-cache FILE] [--no-browser] [--auth-wait MS]
                 [--allow-insecure-http]
      A server that answers 401 gets the MCP authorization flow: the URL to open is printed (and
      opened in a browser unless --no-browser or CI is set); the code comes back to a loopback
      redirect within --auth-wait (5 min; where CI is set, none unless given). Tokens stay in
      memory unless --token-cache FILE (written mode 0600). Credentials go over plain http only
      to a loopback host, unless --allow-insecure-http.
`;
