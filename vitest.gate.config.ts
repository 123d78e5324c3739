import { defineConfig } from 'vitest/config';

/** The mutation gate's tests: the four gated modules' own unit tests (the credential rule's work counted as well), nothing slower. */
export default defineConfig({
  test: {
    include: [
      'test/lanes/goes-native.test.ts',
      'test/uri/shown-link-uri.test.ts',
      'test/references/dial-check.test.ts',
      'test/uri/credential.test.ts',
      'test/uri/credential-work.test.ts',
    ],
    environment: 'node',
  },
});
