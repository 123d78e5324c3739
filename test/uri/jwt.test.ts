import { describe, expect, it } from 'vitest';
import { looksLikeJwt } from '../../src/uri/jwt.js';

const part = (text: string) => Buffer.from(text).toString('base64url');
const HEADER = part('{"alg":"HS256","typ":"JWT"}');

describe(looksLikeJwt.name, () => {
  it.each([
    ['a signed JWT', `${HEADER}.${part('{"sub":"42"}')}.c2ln`, true],
    ['an unsecured JWT with an empty signature', `${part('{"alg":"none"}')}.${part('{}')}.`, true],
    ['an encrypted JWE, five parts', `${part('{"alg":"RSA-OAEP","enc":"A256GCM"}')}.a.b.c.d`, true],
    ['a header with leading white space', `${part(' {"alg":"HS256"}')}.e30.x`, true],
    ['two parts', `${HEADER}.${part('{}')}`, false],
    ['four parts', `${HEADER}.a.b.c`, false],
    ['six parts', `${HEADER}.a.b.c.d.e`, false],
    ['a part outside base64url', `${HEADER}.a+b.c`, false],
    ['an empty header', '.a.b', false],
    ['a header that is not JSON', `${part('{not json')}.a.b`, false],
    ['a header that is a JSON array', `${part('[1]')}.a.b`, false],
    ['a host name', 'www.example.com', false],
    ['a version', '1.2.3', false],
  ])('%s', (_name, given, want) => {
    expect(looksLikeJwt(given)).toBe(want);
  });
});
