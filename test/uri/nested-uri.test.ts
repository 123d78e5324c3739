import { describe, expect, it } from 'vitest';
import {
  embeddedUri,
  isShortPlainValue,
  looksLikeNestedUri,
  opensEncodedUriAt,
  percentDecode,
} from '../../src/uri/nested-uri.js';

const base64 = (text: string) => Buffer.from(text).toString('base64');
const base64url = (text: string) => Buffer.from(text).toString('base64url');
const hex = (text: string) => Buffer.from(text).toString('hex');

describe(percentDecode.name, () => {
  it.each([
    ['nothing to decode', 'plain', 'plain'],
    ['one escape', 'a%20b', 'a b'],
    ['lower-case hex', '%2f%2F', '//'],
    ['UTF-8 sequences', '%C3%A9t%C3%A9', 'été'],
    ['only once', '%2541', '%41'],
    ['a stray %', '100%', '100%'],
    ['an escape with bad hex', '%zz%4', '%zz%4'],
    ['invalid UTF-8 becomes U+FFFD', '%FF', '\ufffd'],
    ['a truncated sequence becomes U+FFFD', '%E2%82', '\ufffd'],
  ])('%s: %s', (_name, given, want) => {
    expect(percentDecode(given)).toBe(want);
  });
});

describe(isShortPlainValue.name, () => {
  it.each([
    ['a word', 'network', true],
    ['a video id', 'dQw4w9WgXcQ', true],
    ['a file name', 'report-2024.csv', true],
    ['sixteen characters', 'abcdefghij012345', true],
    ['seventeen characters', 'abcdefghij0123456', false],
    ['empty', '', false],
    ['a space', 'a b', false],
    ['a slash', 'a/b', false],
    ['a colon', 'a:b', false],
    ['a percent sign', 'a%20', false],
    ['an equals sign', 'a=', false],
  ])('%s: %s', (_name, given, want) => {
    expect(isShortPlainValue(given)).toBe(want);
  });
});

describe(looksLikeNestedUri.name, () => {
  it.each([
    ['absolute with an authority', 'https://example.com/', true],
    ['an authority after another scheme', 'jdbc:mysql://db/app', true],
    ['protocol-relative', '//example.com/a', true],
    ['protocol-relative, backslashes', '\\\\example.com\\a', true],
    ['a path reference', '/dashboard', true],
    ['a special scheme without slashes', 'https:example.com', true],
    ['a special scheme in upper case', 'HTTP:example.com', true],
    ['ws and ftp', 'wss:x', true],
    ['a leading space the parser trims', '  /a', true],
    ['a tab inside the scheme', 'ht\ttps:x', true],
    ['a newline between the slashes', 'x/\n/y', true],
    ['a query', 'a?b', true],
    ['a fragment', 'a#b', true],
    ['a matrix parameter', 'a;b', true],
    ['a pair', 'a=b', true],
    ['a word', 'network', false],
    ['an opaque urn', 'urn:ietf:params:oauth:grant-type:jwt-bearer', false],
    ['a mailto without a query', 'mailto:ada@example.com', false],
    ['a Windows path', 'C:\\Users\\ada', false],
  ])('%s: %s', (_name, given, want) => {
    expect(looksLikeNestedUri(given)).toBe(want);
  });
});

describe(opensEncodedUriAt.name, () => {
  it.each([
    ['hex of http', '68747470733a', 0, true],
    ['hex of //, upper case', '2F2Fab', 0, true],
    ['base64 of http', 'aHR0cHM6', 0, true],
    ['base64 of //', 'Ly9h', 0, true],
    ['base64 of // (second form)', 'Ly8x', 0, true],
    ['at an index', '/x/aHR0c', 3, true],
    ['not at that index', '/x/aHR0c', 2, false],
    ['a word', 'watch', 0, false],
  ])('%s: %s at %i', (_name, given, index, want) => {
    expect(opensEncodedUriAt(given, index)).toBe(want);
  });
});

describe(embeddedUri.name, () => {
  it.each([
    ['hex of an absolute uri', hex('https://a.example/x?y=1'), 'https://a.example/x?y=1'],
    ['hex in upper case', hex('http://a.example/').toUpperCase(), 'http://a.example/'],
    ['hex of a protocol-relative uri', hex('//a.example/x'), '//a.example/x'],
    ['base64url of an absolute uri', base64url('https://a.example/x?y=1'), 'https://a.example/x?y=1'],
    ['padded base64', base64('https://a.example/?x=1'), 'https://a.example/?x=1'],
    ['base64url with an extension after it', `${base64url('https://a.example/p.png')}.webp`, 'https://a.example/p.png'],
    ['base64 of a protocol-relative uri', base64url('//a.example/x'), '//a.example/x'],
    ['base64 of text that only opens with http', base64url('httpbin-results'), undefined],
    ['hex noise after the http prefix', '6874747000112233445566778899', undefined],
    ['base64 noise after the // prefix', 'Ly9_____', undefined],
    ['a control character inside', base64url('https://a.example/\u0001'), undefined],
    ['a word', 'network', undefined],
    ['empty', '', undefined],
  ])('%s', (_name, given, want) => {
    expect(embeddedUri(given)).toBe(want);
  });
});
