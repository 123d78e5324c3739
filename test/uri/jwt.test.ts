import { describe, expect, it } from 'vitest';
import { jsonStringMembers, looksLikeJwt } from '../../src/uri/jwt.js';

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
    ['a JSON header with no alg', `${part('{"v":"1"}')}.${part('{}')}.c2ln`, false],
    ['a JSON header whose alg is no string', `${part('{"alg":1}')}.${part('{}')}.c2ln`, false],
    ['a JSON header that is null', `${part('null')}.a.b`, false],
    ['a host name', 'www.example.com', false],
    ['a version', '1.2.3', false],
  ])('%s', (_name, given, want) => {
    expect(looksLikeJwt(given)).toBe(want);
  });
});

describe(jsonStringMembers.name, () => {
  it.each([
    [
      'a JSON object as written',
      '{"a":"x","b":{"c":"y"},"d":[ "z" ],"e":1}',
      [
        ['a', 'x'],
        ['c', 'y'],
        ['0', 'z'],
      ],
    ],
    ['base64 of a JSON object', Buffer.from('{"x-api-key":"k"}').toString('base64'), [['x-api-key', 'k']]],
    ['base64url of a JSON object', part('{"token":"t?"}'), [['token', 't?']]],
    ['an empty object', '{}', []],
  ])('reads the string members of %s', (_name, given, want) => {
    expect(jsonStringMembers(given)).toEqual(want);
  });

  it.each([
    ['text that is no JSON', '{not json'],
    ['base64 that is no JSON', `eyJ${'A'.repeat(8)}`],
    ['a word', 'network'],
    ['a JSON array', '[1]'],
    ['base64 with characters outside its alphabet', 'eyJ!'],
  ])('gives undefined for %s', (_name, given) => {
    expect(jsonStringMembers(given)).toBeUndefined();
  });
});
