/**
 * Uris nested where a proxy, a reader or a script finds them but a segment's opening doesn't:
 * after other text in a segment, with encoded scheme letters, in a fragment, as a bare host
 * behind a reader, inside a `javascript:` uri. Each carries its credential only through the
 * nested uri, and must be withheld on a link as on data.
 */
import { describe, expect, it } from 'vitest';
import { createHost } from '../../src/index.js';
import { uriMayCarryCredential } from '../../src/uri/credential.js';
import { uriNestedIn } from '../../src/uri/nested-uri.js';
import { stringMayCarryCredential } from '../../src/uri/reads-as-uri.js';

// The secret part of each credential below: what no copy may show.
const SECRET = 'EXAMPLEhookSECRET0123456';
const HOOK = `hooks.slack.com/services/T00000000/B00000000/${SECRET}`;
const SLACK = `https://${HOOK}`;
const DISCORD = `https://discord.com/api/webhooks/123456789012345678/${SECRET}abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV`;

// [name, uri]: each carries its credential only through the uri nested in it.
const NESTED_CREDENTIALS = [
  ['in a segment > after `url=`', `https://proxy.example/url=${SLACK}`],
  ['in a segment > after `raw:`', `https://x.example/raw:${SLACK}`],
  ['in a segment > after `a;`', `https://x.example/a;${SLACK}`],
  ['in a segment > after a word', `https://x.example/go-${DISCORD}`],
  ['in a segment > its colon and slashes encoded', `https://x.example/url=https%3A%2F%2F${HOOK}`],
  ['encoded letters > the first', `https://proxy.example/%68ttps://${HOOK}`],
  ['encoded letters > all, and the colon and slashes', `https://proxy.example/%68%74%74%70%73%3A%2F%2F${HOOK}`],
  ['encoded letters > lower-case escapes after other text', `https://proxy.example/u=%68%74tps%3a//${HOOK}`],
  ['encoded letters > opening the query', `https://proxy.example/?%68ttps://${HOOK}`],
  ['fragment > after words', `https://app.example/#see ${SLACK}`],
  ['fragment > in parentheses', `https://app.example/#(${SLACK})`],
  ['fragment > after a comma', `https://app.example/#a,${SLACK}`],
  ['fragment > after `raw:`', `https://app.example/#/view/raw:${SLACK}`],
  ['fragment > a route redirecting to it', `https://app.example/#/redirect?to=${SLACK}`],
  ['reader > a bare host', `https://r.jina.ai/${HOOK}`],
  [
    'reader > a bare host with a port',
    `https://r.jina.ai/discord.com:443/api/webhooks/123456789012345678/${SECRET}abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV`,
  ],
  ['reader > a password before a host', `https://r.jina.ai/admin:${SECRET}@db.internal.example/x`],
  ['script > fetch with double quotes', `javascript:fetch("${SLACK}")`],
  ['script > fetch with single quotes', `javascript:fetch('${SLACK}',{method:'POST'})`],
  ['script > quotes encoded', `javascript:fetch(%22${SLACK}%22)`],
  ['script > an assignment', `javascript:location.href=${SLACK}`],
  ['script > vbscript', `vbscript:Navigate("${SLACK}")`],
  ['protocol-relative > in a script', `javascript:fetch("//${HOOK}")`],
  ['protocol-relative > after `url=` in a path', `https://proxy.example/url=//${HOOK}`],
  // Each read as the webhook by WHATWG's parser, a reader or a proxy that decodes its path.
  ['backslashes > encoded, as a special scheme’s slashes', `https://proxy.example/fetch/https:%5C%5C${HOOK}`],
  ['backslashes > encoded in lower case', `https://proxy.example/fetch/https:%5c%5c${HOOK}`],
  ['backslashes > one, encoded', `https://proxy.example/fetch/https:%5C${HOOK}`],
  ['backslashes > a slash then an encoded backslash', `https://proxy.example/fetch/https:/%5C${HOOK}`],
  ['protocol-relative > after an encoded parenthesis', `https://proxy.example/fetch/%28//${HOOK}`],
  ['protocol-relative > its slashes encoded, after a parenthesis', `https://proxy.example/fetch/(%2F%2F${HOOK}`],
  ['protocol-relative > after a space', `https://proxy.example/fetch/x //${HOOK}`],
  ['protocol-relative > after a space segment', `https://proxy.example/fetch/ //${HOOK}`],
  ['reader > a host with ideographic full stops', `https://r.jina.ai/${HOOK.replaceAll('.', '\u3002')}`],
  ['reader > a host with fullwidth full stops', `https://r.jina.ai/${HOOK.replaceAll('.', '\uff0e')}`],
  ['reader > a host with encoded dots', `https://r.jina.ai/${HOOK.replaceAll('.', '%2E')}`],
  ['reader > a host in fullwidth letters', `https://r.jina.ai/\uff48\uff4f\uff4f\uff4b\uff53.slack.com/services/T00000000/B00000000/${SECRET}`],
  ['reader > a host with an encoded letter', `https://r.jina.ai/hooks.sl%61ck.com/services/T00000000/B00000000/${SECRET}`],
  ['reader > a host in capitals', `https://r.jina.ai/HOOKS.SLACK.COM/services/T00000000/B00000000/${SECRET}`],
  ['reader > an empty first segment', `https://r.jina.ai//${HOOK}`],
  ['reader > two empty segments', `https://r.jina.ai///${HOOK}`],
  ['reader > a bare host after another segment', `https://r.jina.ai/x/${HOOK}`],
  ['reader > a bare host after an encoded slash', `https://r.jina.ai/x%2F${HOOK}`],
  ['reader > a bare host after `=`', `https://proxy.example/fetch/url=${HOOK}`],
  ['reader > a bare host with a user, after another segment', `https://r.jina.ai/x/u@${HOOK}`],
  ['archive > a bare host after the archive’s segments', `https://web.archive.org/web/2020/${HOOK}`],
  ['reader > a user alone before a listed host, after another segment', `https://r.jina.ai/x/deploy@hooks.slack.com/docs`],
  ['reader > a host-scoped parameter’s host after another segment', `https://r.jina.ai/x/acct.blob.core.windows.net/c/b.txt?sig=${SECRET}`],
  ['fragment > after a word and a colon', `https://app.example/#go:${SLACK}`],
  ['double encoding > the opening encoded twice', `https://proxy.example/a/url=https%253A%252F%252F${HOOK}`],
  ['double encoding > the whole uri encoded twice', `https://proxy.example/a/url=${encodeURIComponent(encodeURIComponent(SLACK))}`],
  ['double encoding > the slashes encoded twice, after a segment', `https://proxy.example/a/x%252F%252F${HOOK}`],
] as const;

// [name, uri]: ordinary links shaped like those above, which must stay shown.
const ORDINARY = [
  ['a file name with dots as the first segment', 'https://cdn.example/jquery.min.js/3.7/x.js'],
  ['a docs page', 'https://github.com/a/b/blob/main/docs/setup.md'],
  ['a wiki page with a colon', 'https://en.wikipedia.org/wiki/Special:Search'],
  ['a time in a path', 'https://x.example/at/12:30:45/'],
  ['an ordinary uri after `url=`', 'https://proxy.example/url=https://example.com/docs/page'],
  ['a host name of a listed family with an ordinary path', 'https://r.jina.ai/api.slack.com/docs/webhooks'],
  ['a bare host not listed', 'https://r.jina.ai/example.com/reset/abc'],
  ['an email as the first segment', 'https://x.example/ada@example.com/profile'],
  ['an ordinary uri in a script', 'javascript:open("https://example.com/help")'],
  ['an ordinary fragment route', 'https://app.example/#/settings/profile'],
  ['news: after a word', 'https://x.example/reviews:5/stars'],
  ['a double slash in a path', 'https://x.example/a//b/c'],
  ['an ordinary uri after `url=//`', 'https://proxy.example/url=//example.com/docs'],
  ['a listed host as a later segment, with no credential after it', 'https://www.virustotal.com/gui/domain/hooks.slack.com/details'],
  ['a listed host between encoded slashes', 'https://example.com/a%2Fwww.google.com%2Fsearch'],
  ['a listed host as a later segment, before a port and a path', 'https://example.com/check/www.google.com:443/search?q=x'],
  ['a package named like a host', 'https://www.npmjs.com/package/discord.js'],
  ['a file under a folder named like a listed host', 'https://github.com/a/b/blob/main/www.google.com/README.md'],
  ['a path of non-ASCII words', 'https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC.%E9%A7%85'],
  ['an ordinary uri after encoded backslashes', 'https://proxy.example/fetch/https:%5C%5Cexample.com/docs'],
  ['an ordinary uri after an encoded parenthesis', 'https://proxy.example/fetch/%28//example.com/docs'],
  ['an ordinary host after an empty first segment', 'https://r.jina.ai//example.com/docs'],
  ['an ordinary uri encoded twice', 'https://proxy.example/a/url=https%253A%252F%252Fexample.com%252Fdocs'],
  ['an ordinary uri with its opening encoded twice', 'https://proxy.example/a/url=https%253A%252F%252Fexample.com/docs'],
  ['a listed host ending in a number', 'https://x.example/v/slack.com.1/services/T00000000/B00000000/x'],
] as const;

describe('uris nested where a segment opening does not show them', () => {
  it.each(NESTED_CREDENTIALS)('%s: withheld', (_name, uri) => {
    expect(uriMayCarryCredential(uri)).toBe(true);
  });

  it.each(NESTED_CREDENTIALS)('%s: withheld alike as data', (_name, uri) => {
    expect(stringMayCarryCredential(uri)).toBe(true);
  });

  it.each(ORDINARY)('%s: shown', (_name, uri) => {
    expect(uriMayCarryCredential(uri)).toBe(false);
  });
});

describe('renderToolResult', () => {
  it.each(NESTED_CREDENTIALS)('%s: the secret is in neither copy of a resource_link', (_name, uri) => {
    const host = createHost({ log: () => {} });
    const { stored, live } = host.renderToolResult({ content: [{ type: 'resource_link', name: 'report', uri }] });
    expect(stored).not.toContain(SECRET);
    expect(JSON.stringify(live)).not.toContain(SECRET);
    // The link itself still shows, by its name.
    expect(stored).toContain('report');
  });

  it('shows an ordinary link of the same shapes', () => {
    const host = createHost({ log: () => {} });
    const uri = 'https://proxy.example/url=https://example.com/docs/page';
    const { stored } = host.renderToolResult({ content: [{ type: 'resource_link', name: 'report', uri }] });
    expect(stored).toContain(uri);
  });
});

describe('renderToolResult > structuredContent', () => {
  // [name, the string]: each read by WHATWG's parser as the webhook (a backslash is a slash in a special scheme).
  it.each([
    ['two backslashes opening it', `\\\\${HOOK}`],
    ['two backslashes after a word', `see \\\\${HOOK}`],
    ['a backslash and a slash', `\\/${HOOK}`],
  ])('%s: the secret is in neither copy', (_name, value) => {
    const host = createHost({ log: () => {} });
    const { stored, live } = host.renderToolResult({ content: [], structuredContent: { value } });
    expect(stored).not.toContain(SECRET);
    expect(JSON.stringify(live)).not.toContain(SECRET);
  });
});

describe(uriNestedIn.name, () => {
  // [name, [pathname, search, hash], the nested uri]
  it.each([
    ['after `url=`', ['/url=https://h.example/a', '?q=1', ''], 'https://h.example/a?q=1'],
    ['after `raw:`', ['/raw:https://h.example/', '', ''], 'https://h.example/'],
    ['after `;`', ['/a;https://h.example/', '', ''], 'https://h.example/'],
    ['a special scheme ending a run of scheme characters', ['/go-https://h.example/', '', ''], 'https://h.example/'],
    ['another scheme from its first letter', ['/(git+ssh://h.example/r', '', ''], 'git+ssh://h.example/r'],
    ['a scheme after digits, from its first letter', ['/2x://h.example/', '', ''], 'x://h.example/'],
    ['an encoded first letter, decoded once', ['/%68ttps://h.example/a%253F', '', ''], 'https://h.example/a%3F'],
    ['every letter encoded', ['/%68%74%74%70%73%3A%2F%2Fh.example', '', ''], 'https://h.example'],
    ['an encoded letter after other text', ['/u=%68ttps:h.example', '', ''], 'https:h.example'],
    ['in a script', ['fetch("https://h.example/a")', '', ''], 'https://h.example/a")'],
    ['after an encoded quote, as written', ['fetch(%22https://h.example/a%22)', '', ''], 'https://h.example/a%22)'],
    ['an encoded letter opening the query', ['/', '?%68ttps://h.example/', ''], 'https://h.example/'],
    ['a listed host as the first segment, read as https', ['/hooks.slack.com/services/x', '?a=1', '#f'], 'https://hooks.slack.com/services/x?a=1#f'],
    ['a listed family under another name', ['/x.blob.core.windows.net/c/b', '', ''], 'https://x.blob.core.windows.net/c/b'],
    ['a password before any host', ['/u:p@db.example/x', '', ''], 'https://u:p@db.example/x'],
    ['a listed host ending the path', ['/hooks.slack.com', '', ''], 'https://hooks.slack.com'],
    ['a protocol-relative uri after a quote, read as https', ['fetch("//h.example/a")', '', ''], 'https://h.example/a")'],
    ['a protocol-relative uri after `url=`', ['/url=//h.example/', '?q=1', ''], 'https://h.example/?q=1'],
    ['a protocol-relative uri after an encoded quote', ['/%22//h.example', '', ''], 'https://h.example'],
    ['a protocol-relative uri after a path opening with two slashes', ['//x/u=//h.example', '', ''], 'https://h.example'],
    ['a protocol-relative uri before a scheme, the first', ['/u=//a.example/https://b.example/', '', ''], 'https://a.example/https://b.example/'],
    ['a scheme before a protocol-relative uri, the first', ['/https://b.example/u=//a.example/', '', ''], 'https://b.example/u=//a.example/'],
    ['a special scheme’s slashes as encoded backslashes, decoded once', ['/https:%5C%5Ch.example/a', '', ''], 'https:\\\\h.example/a'],
    ['a special scheme’s slashes as a slash and a written backslash', ['https:/\\h.example/a', '', ''], 'https:/\\h.example/a'],
    ['a protocol-relative uri after an encoded parenthesis', ['/%28//h.example/a', '', ''], 'https://h.example/a'],
    ['a protocol-relative uri after an encoded space', ['/x%20//h.example/a', '', ''], 'https://h.example/a'],
    ['a protocol-relative uri after a written space', ['x //h.example/a', '', ''], 'https://h.example/a'],
    ['a protocol-relative uri, its slashes encoded, the rest as written', ['/(%2F%2Fh.example%2Fa', '', ''], 'https://h.example%2Fa'],
    ['a protocol-relative uri, its slashes encoded backslashes', ['/=%5C%5Ch.example/a', '', ''], 'https://h.example/a'],
    ['a protocol-relative uri, a written slash and an encoded one', ['/=/%2Fh.example/a', '', ''], 'https://h.example/a'],
    ['a protocol-relative uri after an encoded `;`, its slashes encoded', ['/https%3B%2F%2Fh.example', '', ''], 'https://h.example'],
    ['a listed host as a later segment', ['/docs/hooks.slack.com/services/x', '', ''], 'https://hooks.slack.com/services/x'],
    ['a listed host after an empty first segment', ['//hooks.slack.com/services/x', '', ''], 'https://hooks.slack.com/services/x'],
    ['a listed host after `=`', ['/url=hooks.slack.com/x', '?a=1', ''], 'https://hooks.slack.com/x?a=1'],
    ['a listed host after a user, with the user', ['/x/u@hooks.slack.com/x', '', ''], 'https://u@hooks.slack.com/x'],
    ['a listed host after a user and a password, with them', ['/x/u:p@hooks.slack.com/x', '', ''], 'https://u:p@hooks.slack.com/x'],
    ['a listed host after a user as the first segment, with the user', ['/u@hooks.slack.com/x', '', ''], 'https://u@hooks.slack.com/x'],
    ['a listed host with a port', ['/x/hooks.slack.com:443/x', '', ''], 'https://hooks.slack.com:443/x'],
    ['a listed host before a query', ['x/hooks.slack.com?a=1', '', ''], 'https://hooks.slack.com?a=1'],
    ['a listed host with encoded dots, as written', ['/hooks%2Eslack%2Ecom/x', '', ''], 'https://hooks%2Eslack%2Ecom/x'],
    ['a listed host with ideographic full stops, as written', ['/hooks%E3%80%82slack%E3%80%82com/x', '', ''], 'https://hooks%E3%80%82slack%E3%80%82com/x'],
    ['a listed host ended by an encoded slash, decoded once', ['/x%2Fhooks.slack.com%2Fx', '', ''], 'https://hooks.slack.com/x'],
    ['a listed host after a slash encoded twice', ['/x%252F%252Fhooks.slack.com/x', '', ''], 'https://hooks.slack.com/x'],
    ['a listed host before a scheme, the first', ['/x/hooks.slack.com/https://a.example/', '', ''], 'https://hooks.slack.com/https://a.example/'],
    ['a scheme before a listed host, the first', ['/https://a.example/hooks.slack.com/x', '', ''], 'https://a.example/hooks.slack.com/x'],
  ] as const)('reads %s', (_name, [pathname, search, hash], want) => {
    expect(uriNestedIn(pathname, search, hash)).toBe(want);
  });

  it.each([
    ['a host not listed as the first segment', ['/jquery.min.js/3.7/x.js', '', '']],
    ['a listed host followed by a character no host ends at', ['/docs/hooks.slack.com;x/services', '', '']],
    ['a listed host before `@`, a user’s name', ['/x/hooks.slack.com@h.example/x', '', '']],
    ['a listed host whose last label is a number', ['/x/hooks.slack.com.1/x', '', '']],
    ['a listed host whose name holds a character no host has', ['/x/hooks.slack.com%EF%BC%8F/x', '', '']],
    ['a listed name inside a longer label', ['/x/hooks.slackcom.example/x', '', '']],
    ['a host not listed as a later segment', ['/x/hooks.example.com/services/x', '', '']],
    ['two slashes after a word', ['/x//h.example/a', '', '']],
    ['two encoded slashes after a word', ['/x%2F%2Fh.example/a', '', '']],
    ['two slashes and a third after an opener', ['/(%2F%2F/h.example/a', '', '']],
    ['a user with no password', ['/ada@example.com/profile', '', '']],
    ['a run of scheme characters with no letter', ['/at/12:30://h.example', '', '']],
    ['an escape of a character no scheme has before the scheme', ['/%22:https', '', '']],
    ['an escaped letter then a colon with nothing after', ['/%68ttps:', '', '']],
    ['a scheme read back no further than the colon before', ['/a:b:c', '', '']],
    ['a double slash after a segment', ['/a//b/c', '', '']],
    ['three slashes after an opener', ['/a=///b', '', '']],
    ['two slashes opening the path', ['//h.example/a', '', '']],
    ['two slashes after an opener ending the path', ['/a=//', '', '']],
  ] as const)('finds none where there is %s', (_name, [pathname, search, hash]) => {
    expect(uriNestedIn(pathname, search, hash)).toBeUndefined();
  });
});
