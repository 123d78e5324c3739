import { describe, expect, it } from 'vitest';
import { foldName, pathParameters, queryParameters } from '../../src/uri/query-params.js';

describe(foldName.name, () => {
  it.each([
    ['already folded', 'token', 'token'],
    ['upper and mixed case', 'X-Amz-Signature', 'xamzsignature'],
    ['camelCase', 'accessToken', 'accesstoken'],
    ['dashes and underscores', 'access-token_id', 'accesstokenid'],
    ['brackets', 'token[]', 'token'],
    ['nested brackets', 'auth[token]', 'authtoken'],
    ['percent-encoded letters', '%74oken', 'token'],
    ['a control character', 'to%01ken', 'token'],
    ['a stray percent sign', 'to%ken', 'token'],
    ['non-ASCII letters are dropped', 'tökén', 'tkn'],
    ['a letter that lower-cases to ASCII', 'to\u212Aen', 'token'],
    ['nothing left', '[]-_', ''],
  ])('%s: %s folds to %s', (_name, given, want) => {
    expect(foldName(given)).toBe(want);
  });
});

const pairs = (parameters: readonly { name: string; value: string }[]) =>
  parameters.map((parameter) => `${parameter.name}=${parameter.value}`);

describe(queryParameters.name, () => {
  it.each([
    ['empty', '', []],
    ['a lone ?', '?', []],
    ['plain pairs', '?page=2&per_page=50', ['page=2', 'perpage=50']],
    ['a piece with no = is all value', '#token', ['=token']],
    ['an empty value', '?token=', ['token=']],
    ['empty pieces are skipped', '?&&a=1&', ['a=1']],
    ['only the first = splits', '?t==abc=', ['t==abc=']],
    ['values stay encoded', '?u=%2Fa%3Fb', ['u=%2Fa%3Fb']],
    ['; read both ways', '?a=1;token=x', ['a=1;token=x', 'a=1', 'token=x']],
    ['? read both ways', '#/reset?token=x', ['resettoken=x', '=/reset', 'token=x']],
    ['a value opening with ;', '?token=;x', ['token=;x', 'token=', '=x']],
    ['a leading ? of the part is not a separator', '??a=1', ['a=1', 'a=1']],
  ])('%s: %s', (_name, given, want) => {
    expect(pairs(queryParameters(given))).toEqual(want);
  });

  it('appends to the list it is given', () => {
    const list = queryParameters('?a=1');
    expect(queryParameters('#b=2', list)).toBe(list);
    expect(pairs(list)).toEqual(['a=1', 'b=2']);
  });
});

describe(pathParameters.name, () => {
  it.each([
    ['empty', '', []],
    ['segments are bare values', '/docs/a.pdf', ['=docs', '=a.pdf']],
    ['matrix parameters', '/item.jsp;jsessionid=ABC', ['=item.jsp', 'jsessionid=ABC']],
    ['a CDN token segment', '/bcdn_token=x&expires=1/v.mp4', ['bcdntoken=x', 'expires=1', '=v.mp4']],
    ['an opaque path', 'ada@example.com', ['=ada@example.com']],
    ['hex of http from its segment on, slashes removed', '/camo/68747470/3a2f2f', ['=camo', '=687474703a2f2f']],
    ['base64 of http split across segments', '/sig/aHR0cHM6Ly9h/LmI.png', ['=sig', '=aHR0cHM6Ly9hLmI.png']],
    ['an opaque path opening with base64 of //', 'Ly9hLmI', ['=Ly9hLmI']],
  ])('%s: %s', (_name, given, want) => {
    expect(pairs(pathParameters(given))).toEqual(want);
  });

  it('appends to the list it is given', () => {
    const list = queryParameters('?a=1');
    expect(pathParameters('/b=2', list)).toBe(list);
    expect(pairs(list)).toEqual(['a=1', 'b=2']);
  });
});
