import { describe, expect, it } from 'vitest';
import { MAX_NESTING_LEVEL, uriMayCarryCredential } from '../../src/uri/credential.js';

type Case = readonly [name: string, { readonly given: string; readonly want: boolean }];

const caught = (given: string) => ({ given, want: true }) as const;
const shown = (given: string) => ({ given, want: false }) as const;

const enc = encodeURIComponent;
const encodedTimes = (text: string, times: number): string => (times === 0 ? text : encodedTimes(enc(text), times - 1));
const base64url = (text: string) => Buffer.from(text).toString('base64url');
const base64 = (text: string) => Buffer.from(text).toString('base64');
const hex = (text: string) => Buffer.from(text).toString('hex');
/** Wraps `uri` in `times` redirectors, each holding the next percent-encoded in `?u=`. */
const redirected = (uri: string, times: number): string => (times === 0 ? uri : redirected(`https://r${times}.example/go?u=${enc(uri)}`, times - 1));
/** Wraps `uri` in `times` proxies, each holding the next percent-encoded as a path segment. */
const proxied = (uri: string, times: number): string => (times === 0 ? uri : proxied(`https://p${times}.example/fetch/${enc(uri)}`, times - 1));

/** Wraps `uri` in `times` proxies, each holding the next written plainly as the rest of its path. */
const pathProxied = (uri: string, times: number): string => (times === 0 ? uri : pathProxied(`https://p${times}.example/fetch/${uri}`, times - 1));

/**
 * A uri four proxies deep (`https://p.example/` each, 18 characters), nesting a plain uri of
 * `tail` characters: its four nested readings hold 4L - 180 characters for a uri of L = 72 + tail,
 * which is three times L for a tail of 108.
 */
const budgetChain = (tail: number): string => {
  const head = 'https://files.example.com/';
  return `${'https://p.example/'.repeat(4)}${head}${'a'.repeat(tail - head.length)}`;
};

/** A uri whose path, decoded, nests another (`…/x/https:/u.example/`): as written, one segment that opens none. */
const DECODED_ONLY = 'https://t.example/x%2Fhttps:%2Fu.example%2F';
const SIGNED_S3 = 'https://examplebucket.s3.amazonaws.com/k.png?X-Amz-Signature=0123456789abcdef';
/** A Slack incoming webhook: its path is the credential, on its host alone. */
const SLACK_HOOK_PATH = 'hooks.slack.com/services/T0000/B0000/XXXXXXXXXXXXXXXXXXXXXXXX';
/** An Azure Functions key: `code=` counts on the Functions host's `/api/` paths alone. */
const FUNCTION_KEY_LINK = 'https://x.azurewebsites.net/api/f?code=abc123';
/** An Azure SAS signature: `sig=` counts on the storage host alone. */
const SAS_LINK = 'https://acct.blob.core.windows.net/c/b.txt?sig=x';
const PLAIN = 'https://files.example.com/plain/report.pdf';
const JWT = `${base64url('{"alg":"HS256","typ":"JWT"}')}.${base64url('{"sub":"42"}')}.c2lnbmF0dXJl`;
/** Fifty-six characters of base64 ending in `==`, the shape of an Azure Functions key, percent-encoded. */
const FUNCTIONS_KEY = `${'Qw3rTy7u'.repeat(6)}Zx9Vb2%3D%3D`;
/** A segment a capability word makes a credential: twenty random-looking characters. */
const TOKEN_SEGMENT = 'Hq4Zt8Lp2Wm6Xr9Vc3Ns';
/** A share token: fifteen random-looking letters and digits, Nextcloud's length. */
const SHARE_TOKEN = 'Xk29fLq83mZp0Rt';
/** An encrypted share's key: a random run of base64url, as MEGA writes it after `#`. */
const FRAGMENT_KEY_RUN = 'k7Xq2Lm9Wp4Zr8Nv3Bc6Yt1Hs5Jd0Gf4Ka8Pe2Uw6';

const cases: readonly Case[] = [
  // Parsing: fail closed.
  ['unparseable > a space in the host > caught', caught('https://exa mple.com/?page=1')],
  ['unparseable > an unclosed IPv6 literal > caught', caught('http://[::1/admin')],
  ['unparseable > a protocol-relative reference with no host > caught', caught('//')],
  ['relative reference > a path with an ordinary query > shown', shown('/docs/start?tab=npm#install')],
  ['relative reference > a query only > shown', shown('?page=3')],
  ['relative reference > a token in its query > caught', caught('/download?token=EXAMPLE')],
  ['absolute before relative > https:user:pw@host reads as userinfo > caught', caught('https:ada:hunter2@example.com/')],
  ['opaque uri > mailto > shown', shown('mailto:ada@example.com?subject=Report')],
  ['opaque uri > urn with many colons > shown', shown('urn:oasis:names:tc:SAML:2.0:nameid-format:persistent')],
  ['opaque uri > a local file > shown', shown('file:///home/ada/report.csv')],
  ['empty uri > reads as the relative base > shown', shown('')],

  // Userinfo.
  ['userinfo > user and password > caught', caught('https://ada:hunter2@example.com/')],
  ['userinfo > user name alone > caught', caught('https://deploy@example.com/repo.git')],
  ['userinfo > password alone > caught', caught('redis://:hunter2@cache.example.com:6379')],
  ['userinfo > an empty @ > shown', shown('https://@example.com/')],
  ['userinfo > odd scheme with an authority > caught', caught('myapp://ada:secret@callback.example/done')],
  ['userinfo > leading control characters the parser trims > caught', caught('\t https://ada:pw@example.com/')],

  // Names on the list, compared by their letters and digits.
  ['listed name > api_key > caught', caught('https://api.example.com/v1?api_key=EXAMPLE')],
  ['listed name > upper and mixed case > caught', caught('https://api.example.com/v1?API-Key=EXAMPLE')],
  ['listed name > percent-encoded letters > caught', caught('https://api.example.com/v1?%74oken=EXAMPLE')],
  ['listed name > split by a control character > caught', caught('https://api.example.com/v1?to%01ken=EXAMPLE')],
  ['listed name > split by a tab the parser drops > caught', caught('https://api.example.com/v1?to\tken=EXAMPLE')],
  ['listed name > bracketed token[] > caught', caught('https://api.example.com/v1?token[]=EXAMPLE')],
  ['listed name > with no value > shown', shown('https://api.example.com/v1?token=')],
  ['listed name > with no = at all > shown', shown('https://api.example.com/v1?token')],
  ['listed name > a flag value still counts > caught', caught('https://api.example.com/v1?password=1')],
  ['listed name > in the fragment > caught', caught('https://app.example.com/cb#access_token=EXAMPLE&token_type=Bearer')],
  ['listed name > docs anchor #token > shown', shown('https://example.com/docs#token')],
  ['listed name > as a search term ?q=token > shown', shown('https://www.google.com/search?q=token')],
  ['listed name > as a path segment > shown', shown('https://example.com/docs/token/refresh')],

  // Names ending in a credential word.
  ['name ending > private_token > caught', caught('https://gitlab.example.com/api/v4/projects?private_token=EXAMPLE')],
  ['name ending > payment_intent_client_secret > caught', caught('https://shop.example.com/done?payment_intent_client_secret=pi_EXAMPLE_secret_EXAMPLE')],
  ['name ending > x-oss-signature > caught', caught('https://b.example.com/o?x-oss-signature=EXAMPLE')],
  ['name ending > auth[token] > caught', caught('https://app.example.com/export?auth[token]=EXAMPLE')],
  ['name ending > db_password > caught', caught('https://app.example.com/setup?db_password=hunter2')],
  ['name ending > aws_secret_access_key > caught', caught('https://app.example.com/?aws_secret_access_key=EXAMPLE')],
  ['name ending > a word only starting with token > shown', shown('https://app.example.com/?tokenizer=bpe')],
  ['name ending > max_tokens > shown', shown('https://app.example.com/playground?max_tokens=256')],
  ['name ending > a flag value makes it a setting > shown', shown('https://app.example.com/login?forgot_password=1')],
  ['name ending > a flag value in upper case > shown', shown('https://app.example.com/login?include_token=TRUE')],
  ['name ending > a word value is no flag > caught', caught('https://app.example.com/login?new_password=letmein')],
  ['name ending > pagination pageToken > shown', shown('https://www.googleapis.com/drive/v3/files?pageToken=CAESBgoEEAEYAQ')],
  ['name ending > YouTube redir_token > shown', shown('https://www.youtube.com/redirect?redir_token=QUFFLUhq&q=https%3A%2F%2Fexample.com')],
  ['name ending > key alone is no credential word > shown', shown('https://app.example.com/items?sort_key=name&spaceKey=ENG&keyword=usb')],

  // Host-scoped names.
  ['Azure Functions > code on azurewebsites.net > caught', caught('https://fn.azurewebsites.net/api/hook?code=abc123')],
  ['Azure Functions > code elsewhere > shown', shown('https://shop.example.com/checkout?code=SPRING24')],
  ["Azure Functions > code on another family's host > shown", shown('https://example.imgix.net/a.jpg?code=abc123')],
  ['Discord CDN > hm on cdn.discordapp.com > caught', caught('https://cdn.discordapp.com/attachments/1/2/a.png?ex=65d903de&is=65c68ede&hm=2481f30dd67f')],
  ['Discord CDN > ex alone on media.discordapp.net > caught', caught('https://media.discordapp.net/attachments/1/2/a.png?ex=65d903de&width=400')],
  ['Discord CDN > ex elsewhere > shown', shown('https://example.com/deck?ex=3&is=yes&hm=ok')],
  ['Discord CDN > host with a trailing dot > caught', caught('https://cdn.discordapp.com./attachments/1/2/a.png?hm=2481f30dd67f')],
  [
    "Discord CDN > hm on a host that holds the domain's labels before others (a suffix proxy) > caught",
    caught('https://cdn.discordapp.com.evil.test/attachments/1/2/a.png?hm=2481f30dd67f'),
  ],
  [
    'Discord CDN > hm behind a Defender for Cloud Apps suffix proxy > caught',
    caught(`https://cdn.discordapp.com.mcas.ms/attachments/1/2/a.png?ex=65f1&is=65de&hm=${'ab'.repeat(32)}`),
  ],
  ['Discord CDN > hm on a host written with two trailing dots > caught', caught(`https://cdn.discordapp.com../attachments/1/2/a.png?hm=${'ab'.repeat(32)}`)],
  ['Discord CDN > hm on a host that only ends like the domain > shown', shown('https://cdn.notdiscordapp.com/attachments/1/2/a.png?hm=2481f30dd67f')],
  [
    "Discord CDN > hm on a host that ends in the domain's letters, not its labels > shown",
    shown('https://cdn.notdiscordapp.com/attachments/1/2/a.png?hm=2481f30dd67f'),
  ],
  ['imgix > s on imgix.net > caught', caught('https://example.imgix.net/a.jpg?w=400&s=0123456789abcdef0123456789abcdef')],
  ['imgix > s elsewhere > shown', shown('https://blog.example.com/?s=search+terms')],
  [
    'Google Maps > key on maps.googleapis.com, a placeholder value > caught',
    caught('https://maps.googleapis.com/maps/api/staticmap?size=600x300&key=YOUR_API_KEY'),
  ],
  ['Google Maps > key on google.com > caught', caught('https://www.google.com/maps/embed/v1/place?key=YOUR_API_KEY&q=Paris')],
  ['Google Maps > signature on maps.googleapis.com > caught', caught('https://maps.googleapis.com/maps/api/staticmap?size=600x300&signature=abc')],
  ['Azure SAS > sig on core.windows.net alone > caught', caught('https://acct.blob.core.windows.net/c/b.txt?sig=abc')],

  // Ambiguous names: their company or their value.
  ['Azure SAS > sig with sv/se > caught', caught('https://files.example.com/c/b.txt?sv=2022-11-02&se=2024-01-01&sp=r&sig=abc')],
  ['Azure SAS > sig alone with a word > shown', shown('https://lists.example.org/archive?sig=network')],
  ['Azure SAS > sig with a base64 digest > caught', caught('https://files.example.com/c/b.txt?sig=Z%2FRHIX5Xcg0Mq2rqI3OlWTjEg2tYkboXr1P9ZUXDtkk%3D')],
  ['CloudFront > Signature with Key-Pair-Id > caught', caught('https://cdn.example.com/a.jpg?Expires=1700000000&Signature=abc&Key-Pair-Id=APKAEXAMPLE')],
  ['CloudFront > Key-Pair-Id in the fragment is company too > caught', caught('https://cdn.example.com/a.jpg?Signature=abc#Key-Pair-Id=APKAEXAMPLE')],
  ['AWS SigV2 > Signature with AWSAccessKeyId > caught', caught('https://b.example.com/k?AWSAccessKeyId=AKIAIOSFODNN7EXAMPLE&Signature=abc')],
  ['Laravel > signature with expires > caught', caught('https://app.example.com/verify/1?expires=1700000000&signature=abc')],
  ['signature > classic > shown', shown('https://mail.example.com/settings?signature=classic')],
  ['signature > a long hex digest alone > caught', caught('https://app.example.com/dl?signature=0123456789abcdef0123456789abcdef')],
  ['signature > a UUID alone > caught', caught('https://app.example.com/dl?signature=3f2504e0-4f89-11d3-9a0c-0305e82c3301')],
  ['key > a Jira issue key > shown', shown('https://jira.example.com/browse?key=PROJ-123')],
  ['key > a mixed-case key with digits > caught', caught('https://geo.example.com/v1?key=AbCdEfGhIjKlMnOpQrSt0123')],
  ['key > a long lower-case slug > shown', shown('https://app.example.com/doc?key=release-notes-2024-spring-edition')],
  ['key > twenty characters, one case only > shown', shown('https://app.example.com/doc?key=ABCDEFGHIJ0123456789')],
  ['sid > a 32-hex session id > caught', caught('https://forum.example.com/viewtopic.php?t=1&sid=0123456789abcdef0123456789abcdef')],
  ['sid > a small number > shown', shown('https://forum.example.com/viewtopic.php?t=1&sid=12')],
  ['ticket > a CAS service ticket > caught', caught('https://app.example.com/cas?ticket=ST-1856339-aA5Yuvrxzpv8Tau1cYQ7')],
  ['ticket > a support ticket number > shown', shown('https://support.example.com/view?ticket=ABC-123')],
  ['md5 > with expires (nginx secure_link) > caught', caught('https://dl.example.com/f.zip?md5=AbCdEf&expires=1700000000')],
  ['md5 > a published checksum > shown', shown('https://mirror.example.org/tool.tar.gz?md5=d41d8cd98f00b204')],
  ['ambiguous > with no value > shown', shown('https://cdn.example.com/a.jpg?Signature=&Key-Pair-Id=APKAEXAMPLE')],

  // Values shaped like credentials, under any name.
  ['JWT > under a short name > caught', caught(`https://app.example.com/embed?t=${JWT}`)],
  ['JWT > as a path segment > caught', caught(`https://app.example.com/magic/${JWT}`)],
  ['JWT > as a bare fragment > caught', caught(`https://app.example.com/#${JWT}`)],
  ['JWT > base64 JSON with no dots > shown', shown('https://app.example.com/?q=eyJhbGciOiJIUzI1NiJ9')],
  ['JWT > three dotted parts whose header is not JSON > shown', shown('https://app.example.com/?v=release.notes.twenty24')],
  ['token shape > GitHub token under any name > caught', caught('https://ci.example.com/?x=ghp_EXAMPLE0123456789abcdefghijklmnopqrstu')],
  ['token shape > a locale that opens like sk- > shown', shown('https://example.com/?lang=sk-SK')],

  // Path shapes.
  ['Slack > services webhook > caught', caught('https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX')],
  ['Slack > services webhook behind a doubled slash > caught', caught('https://hooks.slack.com//services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX')],
  ['Slack > services webhook with a doubled slash inside > caught', caught('https://hooks.slack.com/services//T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX')],
  [
    'CDN type B > /timestamp/md5hash/ behind a doubled slash > caught',
    caught('https://media.example.com//202401011230/0f1e2d3c4b5a69788796a5b4c3d2e1f0/v/a.mp4'),
  ],
  ['Slack > hooks host alone > shown', shown('https://hooks.slack.com/')],
  ['Slack > the same path on another host > shown', shown('https://docs.example.com/services/T00000000/B00000000/readme')],
  ['Discord > webhook id and token > caught', caught('https://discord.com/api/webhooks/123456789012345678/EXAMPLEtoken')],
  ['Discord > webhook id alone > shown', shown('https://discord.com/api/webhooks/123456789012345678')],
  ['Teams > a join passcode behind a suffix proxy > caught', caught('https://teams.microsoft.com.mcas.ms/meet/24681357902468?p=Xq7Lm2Pz9Rt4Wv')],
  [
    'OpenWeatherMap > appid behind a suffix proxy > caught',
    caught('https://api.openweathermap.org.mcas.ms/data/2.5/weather?q=London&appid=0123456789abcdef0123456789abcdef'),
  ],
  ['Teams > webhookb2 > caught', caught('https://contoso.webhook.office.com/webhookb2/0000@0000/IncomingWebhook/abc/0000')],
  ['Telegram > bot token in the path > caught', caught('https://api.telegram.org/bot123456789:AAEXAMPLE_fakeTokenForTests0123456789/getMe')],
  ['Telegram > a path naming a bot > shown', shown('https://core.telegram.org/bots/api#getme')],
  ['ASP.NET > cookieless session > caught', caught('https://app.example.com/(S(lit3py55t21z5v55vlm25s55))/default.aspx')],
  ['ASP.NET > parentheses in an article name > shown', shown('https://en.wikipedia.org/wiki/Token_(railway_signalling)')],
  ['matrix parameter > ;jsessionid= > caught', caught('https://shop.example.com/item.jsp;jsessionid=0123456789ABCDEF?id=42')],
  ['matrix parameter > ;token= in the middle of the path > caught', caught('https://app.example.com/files;token=EXAMPLE/report.pdf')],
  ['matrix parameter > an ordinary one > shown', shown('https://app.example.com/settings;view=compact/profile')],
  ['CDN token segment > bcdn_token= > caught', caught('https://x.b-cdn.net/bcdn_token=EXAMPLE&expires=1700000000/v/a.mp4')],
  ['path parameter > ref= in an Amazon path > shown', shown('https://www.amazon.com/dp/B08N5WRWNW/ref=sr_1_1?keywords=usb')],
  ['embedded authority > jdbc: with userinfo > caught', caught('jdbc:postgresql://app:hunter2@db.example.com:5432/app')],
  ['embedded authority > @ in a path with no // > shown', shown('https://medium.com/@ada/why-tokens-matter')],

  // `?` and `;` read both as separators and not.
  ['separators > ; between parameters > caught', caught('https://app.example.com/?a=1;token=EXAMPLE')],
  ['separators > a second ? > caught', caught('https://app.example.com/?a=1?token=EXAMPLE')],
  ['separators > a value opening with ; > caught', caught('https://app.example.com/?token=;EXAMPLE')],
  ['separators > a value opening with ? > caught', caught('https://app.example.com/?token=?EXAMPLE')],
  ['separators > a fragment route > caught', caught('https://app.example.com/#/reset?token=EXAMPLE')],
  ['separators > a fragment route with ordinary parameters > shown', shown('https://app.example.com/#/dashboard?range=7d&tz=UTC')],
  ['fragment route > a ticker after the route, as in a query > shown', shown('https://app.uniswap.org/#/swap?token=ETH')],
  ['fragment route > a ticker after a hashbang route > shown', shown('https://app.uniswap.org/#!/swap?token=ETH')],
  ['fragment route > a lower-case token after the route, as in a query > caught', caught('https://app.uniswap.org/#/swap?token=eth')],
  ['fragment route > an access token after a callback route > caught', caught(`https://app.example.com/#/callback?access_token=${JWT}`)],
  ['fragment route > a token in a later parameter of the route > caught', caught('https://app.example.com/#/reset?email=ada%40example.com&token=EXAMPLE')],

  // Nested uris: absolute, protocol-relative, relative with a query, each level read.
  ['nested > next/image with a percent-encoded presigned S3 url > caught', caught(`https://site.example/_next/image?url=${enc(SIGNED_S3)}&w=640`)],
  ['nested > the same encoded twice > caught', caught(`https://site.example/_next/image?url=${encodedTimes(SIGNED_S3, 2)}&w=640`)],
  ['nested > next/image with a plain png > shown', shown(`https://site.example/_next/image?url=${enc('/images/hero.png')}&w=640`)],
  ['nested > Google /url?q= with a docs link > shown', shown('https://www.google.com/url?q=https://docs.google.com/document/d/abc/edit?usp%3Dsharing&sa=D')],
  ['nested > relative next= with a token > caught', caught(`https://app.example.com/login?next=${enc('/reset?token=EXAMPLE')}`)],
  ['nested > relative next=/dashboard > shown', shown('https://app.example.com/login?next=/dashboard')],
  ['nested > protocol-relative with userinfo > caught', caught(`https://proxy.example.com/?u=${enc('//ada:pw@internal.example.com/')}`)],
  ['nested > protocol-relative in the backslash form > caught', caught(`https://proxy.example.com/?u=${enc('\\\\ada:pw@internal.example.com/')}`)],
  ['nested > protocol-relative that does not resolve > caught', caught('https://example.com/?q=// note')],
  ['nested > a path reference holding a cookieless session > caught', caught(`https://app.example.com/?next=${enc('/(S(lit3py55t21z5v55vlm25s55))/a.aspx')}`)],
  ['nested > an encoded query string value > caught', caught(`https://app.example.com/?state=${enc('from=mail&token=EXAMPLE')}`)],
  ['nested > an encoded query string with ordinary names > shown', shown(`https://app.example.com/?filter=${enc('status=open&owner=ada')}`)],
  ['nested > a percent-encoded uri in a path segment > caught', caught(`https://img.example.com/insecure/plain/${enc(SIGNED_S3)}`)],
  ['nested > a uri with a special scheme and no slashes > caught', caught(`https://example.com/?u=${enc('https:ada:pw@example.org/')}`)],
  ['nested > a special scheme with nothing after it > shown', shown('https://example.com/?u=http:')],
  ['nested > a Wayback Machine path holding a url > shown', shown('https://web.archive.org/web/2024/https://example.com/')],
  ['nested > a tab inside a nested scheme > caught', caught(`https://example.com/?u=${enc('ht\ttps:ada:pw@example.org/')}`)],
  ['nested > a tab between the slashes of a nested authority > caught', caught(`https://example.com/?u=${enc('/\t/ada:pw@example.org/')}`)],
  ['nested > a literal percent sign > shown', shown('https://www.example.com/search?q=100%25+natural')],
  ['nested > a double-encoded space > shown', shown('https://www.example.com/search?q=hello%2520world')],

  // A uri written plainly in another's path, or opening its query: a proxy, a reader, an archive.
  ['in a path > a proxy holding a Slack webhook > caught', caught(`https://proxy.example/https://${SLACK_HOOK_PATH}`)],
  ['in a path > a reader proxy holding a Functions key link > caught', caught(`https://r.jina.ai/${FUNCTION_KEY_LINK}`)],
  ['in a path > the key after another parameter, in the outer query > caught', caught('https://r.jina.ai/https://x.azurewebsites.net/api/f?a=1&code=abc123')],
  ['in a path > an archive link holding a SAS link > caught', caught(`https://web.archive.org/web/2020/${SAS_LINK}`)],
  ['in a path > an archive link holding a presigned S3 url > caught', caught(`https://web.archive.org/web/2020/${SIGNED_S3}`)],
  ['in a path > one slash left by a proxy that merges slashes > caught', caught(`https://proxy.example/https:/${SLACK_HOOK_PATH}`)],
  ['in a path > one slash after ws: > caught', caught(`https://proxy.example/a/ws:/ada:pw@socket.example/`)],
  ['in a path > an upper-case scheme > caught', caught(`https://proxy.example/HTTPS://${SLACK_HOOK_PATH}`)],
  ['in a path > after a segment with a colon of its own > caught', caught(`https://proxy.example/v1:2/https://${SLACK_HOOK_PATH}`)],
  ['in a path > the second of two > caught', caught(`https://proxy.example/https://example.com/https://${SLACK_HOOK_PATH}`)],
  ['in a path > any scheme with two slashes > caught', caught('https://proxy.example/a/git+ssh://deploy@git.example.com/repo.git')],
  ['in a path > percent-encoded colon and slashes > caught', caught(`https://proxy.example/https%3A%2F%2F${SLACK_HOOK_PATH}`)],
  ['in a path > lower-case escapes > caught', caught(`https://proxy.example/https%3a%2f%2f${SLACK_HOOK_PATH}`)],
  ['in a path > an encoded colon, written slashes > caught', caught(`https://proxy.example/https%3A//${SLACK_HOOK_PATH}`)],
  ['in a path > a written colon, an encoded second slash > caught', caught(`https://proxy.example/https:/%2F${SLACK_HOOK_PATH}`)],
  ['in a path > an encoded colon and one encoded slash > caught', caught(`https://proxy.example/https%3A%2F${SLACK_HOOK_PATH}`)],
  [
    'in a path > the rest decoded once, a query with it > caught',
    caught(`https://proxy.example/https%3A%2F%2Fx.azurewebsites.net%2Fapi%2Ff%3Fa%3D1/x?code=abc123`),
  ],
  ['in a path > a relative reference > caught', caught(`/fetch/https://${SLACK_HOOK_PATH}`)],
  ['in a path > the fragment passed on > caught', caught(`https://proxy.example/https://mega.nz/file/EXAMPLE0#${FRAGMENT_KEY_RUN}`)],
  ['in a query > a CORS proxy holding a Functions key link > caught', caught('https://cors.example/?https://x.azurewebsites.net/api/f?a=1&code=abc123')],
  ['in a query > percent-encoded colon and slashes > caught', caught('https://cors.example/?https%3A%2F%2Fx.azurewebsites.net/api/f?a=1&code=abc123')],
  ['in a query > the credential in the outer fragment > caught', caught('https://cors.example/?https://x.azurewebsites.net/api/f#code=abc123')],
  ['in a path > an archived page > shown', shown('https://web.archive.org/web/2020/https://example.com/page')],
  ['in a path > a reader proxy of a wiki page > shown', shown('https://r.jina.ai/https://en.wikipedia.org/wiki/URI')],
  ['in a path > a reader proxy of a page with a query > shown', shown('https://r.jina.ai/https://example.com/search?q=uri&page=2')],
  ['in a path > percent-encoded whole > shown', shown('https://r.jina.ai/https%3A%2F%2Fen.wikipedia.org%2Fwiki%2FURI')],
  ['in a path > one slash, an ordinary page > shown', shown('https://proxy.example/https:/example.com/a?page=2')],
  ['in a path > a wiki namespace before a url > shown', shown('https://en.wikipedia.org/wiki/Special:Search/https://example.com/')],
  ['in a path > a colon and one slash after no special scheme > shown', shown('https://example.com/notes/todo:/list?token=')],
  ['in a path > a scheme and slashes ending the path > shown', shown('https://example.com/see/https://')],
  ['in a path > a scheme and one slash ending the path > shown', shown('https://example.com/see/http:/')],
  ['in a path > a scheme that opens with a digit > shown', shown('https://example.com/v1/2x://a/b')],
  ['in a query > a CORS proxy of an ordinary page > shown', shown('https://cors.example/?https://example.com/page?a=1&b=2')],
  ['in a query > a colon in a search > shown', shown('https://example.com/?q:/a')],
  [`in a path > a plain uri read at level ${MAX_NESTING_LEVEL} > shown`, shown(pathProxied(PLAIN, MAX_NESTING_LEVEL))],
  [`in a path > a plain uri reached past level ${MAX_NESTING_LEVEL} > caught`, caught(pathProxied(PLAIN, MAX_NESTING_LEVEL + 1))],
  [`in a path > under redirectors, read at level ${MAX_NESTING_LEVEL} > shown`, shown(redirected(pathProxied(PLAIN, 2), 2))],
  [`in a path > under redirectors, reached past level ${MAX_NESTING_LEVEL} > caught`, caught(redirected(pathProxied(PLAIN, 3), 2))],
  // A proxy that decodes its path fetches the nested uri decoded: it is read so as well, once.
  [
    'in a path > the query and = of a Functions key encoded > caught',
    caught('https://proxy.example/https://x.azurewebsites.net/api/f%3Fcode%3DabcDEF123456789xyzQ'),
  ],
  ['in a path > a Functions key after an encoded & > caught', caught('https://proxy.example/https://x.azurewebsites.net/api/f?a=1%26code=abc123')],
  ['in a path > a Slack webhook with encoded slashes > caught', caught(`https://proxy.example/https://${SLACK_HOOK_PATH.replaceAll('/', '%2F')}`)],
  ['in a path > an encoded fragment holding a key > caught', caught(`https://proxy.example/https://files.example.com/file/AbCd1234%23${FRAGMENT_KEY_RUN}`)],
  [
    `in a path > decoded as well at each level, read at level ${MAX_NESTING_LEVEL} > shown`,
    shown(pathProxied('https://files.example.com/a%3Fq%3D1', MAX_NESTING_LEVEL)),
  ],
  [
    `in a path > decoded as well at each level, reached past level ${MAX_NESTING_LEVEL} > caught`,
    caught(pathProxied('https://files.example.com/a%3Fq%3D1', MAX_NESTING_LEVEL + 1)),
  ],
  ['in a path > an ordinary search with encoded ? and = > shown', shown('https://proxy.example/https://example.com/search%3Fq%3Durl%26page%3D2')],
  ['in a path > nested twice, with escapes > shown', shown('https://proxy.example/https://r.jina.ai/https://example.com/search%3Fq%3Durl%20x%26page%3D2')],
  // The decoded reading is a level down, as the written one is: a uri it alone finds (`%2F`
  // spelling the path's slashes) is read to the same bound.
  [`in a path > a uri only the decoded reading finds, read at level ${MAX_NESTING_LEVEL} > shown`, shown(pathProxied(DECODED_ONLY, MAX_NESTING_LEVEL - 1))],
  [`in a path > a uri only the decoded reading finds, reached past level ${MAX_NESTING_LEVEL} > caught`, caught(pathProxied(DECODED_ONLY, MAX_NESTING_LEVEL))],
  // A special scheme needs no slash: the parser reads `https:host` as `https://host`.
  [
    'in a path > a special scheme with no slash before a Functions key > caught',
    caught('https://proxy.example/https:x.azurewebsites.net/api/f?code=abcDEF123456789xyzQ'),
  ],
  ['in a path > an upper-case special scheme with no slash before a webhook > caught', caught(`https://proxy.example/HTTPS:${SLACK_HOOK_PATH}`)],
  ['in a path > an encoded colon and no slash before a webhook > caught', caught(`https://proxy.example/https%3A${SLACK_HOOK_PATH}`)],
  ['in a path > a special scheme with no slash, an ordinary page > shown', shown('https://proxy.example/https:example.com/docs?page=2')],
  ['in a path > a colon after a special scheme, a host carrying nothing > shown', shown('https://example.com/notes/http:b')],
  ['in a path > a special scheme, a colon and a dash > shown', shown('https://example.com/notes/http:-b?token=')],
  ['in a path > a wiki page after a special namespace > shown', shown('https://en.wikipedia.org/wiki/Special:Search?search=http:foo')],
  // The budget: the uris read nested in a path hold at most three times the uri's characters together.
  ['budget > nested three times, a long tail > shown', shown(pathProxied(`${PLAIN}/${'chapter/'.repeat(500)}`, 3))],
  ['budget > nested four times, the readings exactly three times the uri > shown', shown(budgetChain(108))],
  ['budget > nested four times, the readings one past three times the uri > caught', caught(budgetChain(109))],
  ['budget > a chain of schemes alone > caught', caught(`https://proxy.example/${'https://'.repeat(100)}x`)],
  // A uri nested as a proxy takes it, with a scheme no proxy fetches, nesting yet another after
  // its `//` (its authority read as a segment too): counted before it is parsed. Each of these is
  // shown when read level by level, as the last of them are.
  ['proxied again > a non-special scheme nesting another > caught', caught('https://p.example/a://b/c://d/x')],
  ['proxied again > a non-special scheme opening the query, nesting another > caught', caught('https://p.example/?a://b/c://d/x')],
  ['proxied again > nesting a uri of a special scheme > caught', caught('https://p.example/a://b/https://c/x')],
  ['proxied again > an authority that reads as a scheme and slashes > caught', caught('https://p.example/a://xc://d/x')],
  ['proxied again > a scheme that opens like http > caught', caught('https://p.example/httpx://b/c://d/x')],
  ['proxied again > a segment holding ftp: that nests nothing, then another > caught', caught('https://p.example/a://b/x-ftp:/c://d/x')],
  ['proxied again > found by the decoded reading alone > caught', caught('https://p.example/a://b/x%2Fc%3A%2F%2Fd/y')],
  ['proxied again > encoded, as in a%3A%2F%2Fb/ chains > caught', caught(`https://p.example/${'a%3A%2F%2Fb/'.repeat(300)}`.slice(0, 4000))],
  ['proxied again > a non-special scheme nesting nothing > shown', shown('https://p.example/a://b/x')],
  ['proxied again > a longer non-special scheme nesting nothing > shown', shown('https://p.example/abc://d/x')],
  ...['http', 'https', 'ws', 'wss', 'ftp', 'HTTP'].map((scheme): Case => [
    `proxied again > ${scheme} nesting another, read level by level > shown`,
    shown(`https://p.example/${scheme}://b/c://d/x`),
  ]),

  // Nested uris in hex and base64 (camo, imgproxy).
  ['camo > hex of a signed url > caught', caught(`https://camo.githubusercontent.com/0123456789abcdef0123456789abcdef01234567/${hex(SIGNED_S3)}`)],
  ['camo > hex of a plain url > shown', shown(`https://camo.githubusercontent.com/0123456789abcdef0123456789abcdef01234567/${hex(PLAIN)}`)],
  ['camo > hex of a protocol-relative url with userinfo > caught', caught(`https://camo.example.com/abc/${hex('//ada:pw@example.org/a.png')}`)],
  ['imgproxy > base64url of a signed url > caught', caught(`https://imgproxy.example.com/sig/rs:fill:300:300/${base64url(SIGNED_S3)}.webp`)],
  ['imgproxy > base64url split across segments > caught', caught(`https://imgproxy.example.com/sig/${base64url(SIGNED_S3).replace(/(.{16})/g, '$1/')}.png`)],
  ['imgproxy > base64url of a plain url > shown', shown(`https://imgproxy.example.com/sig/rs:fill:300:300/${base64url(PLAIN)}.webp`)],
  [
    'base64 > padded, percent-encoded, in a query value > caught',
    caught(`https://go.example.com/?target=${enc(base64('https://api.example.com/f?token=EXAMPLE'))}`),
  ],
  ['base64 > padded, unencoded, in a query value > caught', caught(`https://go.example.com/?target=${base64('https://api.example.com/f?token=EXAMPLE')}`)],
  ['base64 > text opening with http that is no uri > shown', shown(`https://example.com/track/${base64url('httpbin-results-2024')}`)],
  ['base64 > printable text opening with // that does not parse > caught', caught(`https://example.com/?ref=${base64url('//a host with spaces/x')}`)],
  ['base64 > a short id that decodes to // is read no further > shown', shown(`https://example.com/p/${base64url('//a b')}`)],
  ['hex > a commit sha that opens like hex http > shown', shown('https://github.com/o/r/commit/6874747000112233445566778899aabbccddeeff')],
  ['hex > a JWT segment after one that only opens like hex > caught', caught(`https://app.example.com/2f2f01/${JWT}`)],
  ['hex > a signed url in hex, then another hex segment > caught', caught(`https://camo.example.com/${hex(SIGNED_S3)}/abcdef`)],
  ['hex > a matrix session id after a segment that only opens like hex > caught', caught('https://app.example.com/2f2f01/files;jsessionid=0123456789ABCDEF')],

  // The bound: each read and each decode a level, four at most.
  [`bound > a plain uri read at level ${MAX_NESTING_LEVEL} > shown`, shown(redirected(PLAIN, MAX_NESTING_LEVEL))],
  [`bound > a plain uri reached past level ${MAX_NESTING_LEVEL} > caught`, caught(redirected(PLAIN, MAX_NESTING_LEVEL + 1))],
  [`bound > a credential read at level ${MAX_NESTING_LEVEL} > caught`, caught(redirected(SIGNED_S3, MAX_NESTING_LEVEL))],
  [`bound > a plain uri read at level ${MAX_NESTING_LEVEL} through path segments > shown`, shown(proxied(PLAIN, MAX_NESTING_LEVEL))],
  [`bound > a plain uri reached past level ${MAX_NESTING_LEVEL} through path segments > caught`, caught(proxied(PLAIN, MAX_NESTING_LEVEL + 1))],
  [`bound > a value decoded ${MAX_NESTING_LEVEL} times to a plain uri > shown`, shown(`https://r.example/go?u=${encodedTimes(PLAIN, MAX_NESTING_LEVEL)}`)],
  [
    `bound > a value still encoded after ${MAX_NESTING_LEVEL} decodings > caught`,
    caught(`https://r.example/go?u=${encodedTimes(PLAIN, MAX_NESTING_LEVEL + 1)}`),
  ],
  [
    `bound > text that would decode once more past level ${MAX_NESTING_LEVEL} > caught`,
    caught(`https://r.example/go?q=${encodedTimes('a%20b', MAX_NESTING_LEVEL)}`),
  ],
  [
    `bound > text decoded to the end within level ${MAX_NESTING_LEVEL} > shown`,
    shown(`https://r.example/go?q=${encodedTimes('a%20b', MAX_NESTING_LEVEL - 1)}`),
  ],
  [
    `bound > a uri in base64 read at level ${MAX_NESTING_LEVEL} > shown`,
    shown(redirected(`https://d.example/x?img=${base64url(PLAIN)}`, MAX_NESTING_LEVEL - 1)),
  ],
  [
    `bound > a uri in base64 reached past level ${MAX_NESTING_LEVEL} > caught`,
    caught(redirected(`https://d.example/x?img=${base64url(PLAIN)}`, MAX_NESTING_LEVEL)),
  ],
  [
    `bound > a credential in base64 read at level ${MAX_NESTING_LEVEL} > caught`,
    caught(redirected(`https://d.example/x?img=${base64url(SIGNED_S3)}`, MAX_NESTING_LEVEL - 1)),
  ],
  [
    `bound > plain text with many # exhausting level ${MAX_NESTING_LEVEL} (a chord chart) > shown`,
    shown(`https://chords.example/find?q=${enc('C#m#G#m#D#m#A#m#F#')}`),
  ],
  [`bound > plain text with many ? exhausting level ${MAX_NESTING_LEVEL} > shown`, shown(`https://video.example/results?q=${enc('really??????')}`)],
  [
    `bound > a relative reference reached past level ${MAX_NESTING_LEVEL} that still decodes > caught`,
    caught(`https://e.example/?q=${enc('#a=#b=#c=#d=#e=%2525252541')}`),
  ],
  [
    `bound > a relative reference reached past level ${MAX_NESTING_LEVEL} with a scheme > caught`,
    caught(`https://e.example/?q=${enc('#a=#b=#c=#d=note:x?y')}`),
  ],
  [
    `bound > a relative reference reached past level ${MAX_NESTING_LEVEL} with an authority > caught`,
    caught(`https://e.example/?q=${enc('#a=#b=#c=#d=#e=x//y')}`),
  ],
  [`bound > the same relative reference, plain, past level ${MAX_NESTING_LEVEL} > shown`, shown(`https://e.example/?q=${enc('#a=#b=#c=#d=#e=x/y')}`)],
  [
    `bound > a credential parameter reached past level ${MAX_NESTING_LEVEL} behind fragments > caught`,
    caught(`https://e.example/#a=#b=#c=#d=#e=#f/token=EXAMPLE`),
  ],
  [`bound > an empty credential parameter past level ${MAX_NESTING_LEVEL} > shown`, shown(`https://e.example/#a=#b=#c=#d=#e=#f/token=`)],
  [`bound > an ordinary parameter past level ${MAX_NESTING_LEVEL} > shown`, shown(`https://e.example/#a=#b=#c=#d=#e=#f/page=2`)],
  [`bound > a JWT under an ordinary name past level ${MAX_NESTING_LEVEL} > caught`, caught(`https://e.example/#a=#b=#c=#d=#e=#f/v=${JWT}`)],
  [`bound > a bare JWT past level ${MAX_NESTING_LEVEL} > caught`, caught(`https://e.example/#a=#b=#c=#d=#e=#f/${JWT}`)],
  [
    `bound > a bare token shape past level ${MAX_NESTING_LEVEL} > caught`,
    caught('https://e.example/#a=#b=#c=#d=#e=#f/ghp_EXAMPLE0123456789abcdefghijklmnopqrstu'),
  ],

  // Prose in a value is not a relative reference.
  ['prose > a code search for "api_key=" > shown', shown(`https://code.example/search?q=${enc('"api_key=" language:go')}`)],
  ['prose > form-encoded words before password= > shown', shown('https://ask.example/search?q=how+to+set+password%3D+in+curl')],
  ['prose > a search for password= and then its value > caught', caught('https://github.com/search?q=password%3D+hunter2')],
  ['prose > a search for api_key= and then a live key > caught', caught('https://www.google.com/search?q=api_key%3D%20sk_live_EXAMPLE0123456789abcdef')],
  [
    'prose > a search for an AWS secret assignment > caught',
    caught('https://github.com/search?q=AWS_SECRET_ACCESS_KEY%3D+wJalrXUtnFEMI%2FK7MDENG%2FbPxRfiCYEXAMPLEKEY'),
  ],
  ['prose > a value opening with a path is still read > caught', caught(`https://app.example.com/login?next=${enc('/a b?token=EXAMPLE')}`)],
  [
    'prose > words that hold a uri with a token are still read > caught',
    caught(`https://chat.example/share?text=${enc('see https://api.example.com/x?token=EXAMPLE')}`),
  ],

  // Host scoping by path, and host exemptions.
  ['Azure Functions > code under /runtime/webhooks/ > caught', caught('https://fn.azurewebsites.net/runtime/webhooks/durabletask/instances/1?code=abc123')],
  ['Azure Functions > code under /admin/ > caught', caught('https://fn.azurewebsites.net/admin/functions/f1?code=abc123')],
  [
    'App Service > code on a site page (an OAuth callback) > shown',
    shown('https://site.azurewebsites.net/.auth/login/aad/callback?code=0.AXEAabc-def&state=x'),
  ],
  ['Azure Functions > a key-shaped code on a custom domain > caught', caught(`https://api.example.com/api/orders?code=${FUNCTIONS_KEY}`)],
  ['OAuth > a long code without the padding of a key > shown', shown(`https://app.example.com/callback?code=${'Qw3rTy7u'.repeat(7)}`)],
  ['Google Maps > key on google.com outside /maps/ > shown', shown('https://www.google.com/webhp?key=word')],
  ['legacy Google Sheets > key on docs.google.com (exempt) > shown', shown('https://docs.google.com/spreadsheet/ccc?key=0AqEXAMPLEmixedCASE0123abcdXYZ')],
  ['legacy Google Sheets > the same key elsewhere > caught', caught('https://sheets.example.com/ccc?key=0AqEXAMPLEmixedCASE0123abcdXYZ')],
  ['Loom > sid on loom.com (exempt) > shown', shown('https://www.loom.com/share/0123?sid=3f2504e0-4f89-11d3-9a0c-0305e82c3301')],
  ['Loom > the same sid elsewhere > caught', caught('https://video.example.com/share/0123?sid=3f2504e0-4f89-11d3-9a0c-0305e82c3301')],
  [
    "Loom > the same sid on a host that only holds loom.com's labels > caught",
    caught('https://www.loom.com.evil.test/share/0123?sid=3f2504e0-4f89-11d3-9a0c-0305e82c3301'),
  ],
  ['Loom > sid on loom.com written with its trailing dot (exempt) > shown', shown('https://www.loom.com./share/0123?sid=3f2504e0-4f89-11d3-9a0c-0305e82c3301')],
  ['Zoom > tk on zoom.us > caught', caught('https://us02web.zoom.us/w/812?tk=abc123')],
  ['Zoom > tk elsewhere > shown', shown('https://tickets.example.com/w/812?tk=abc123')],

  // Ambiguous names: their own value shapes, account-flow pages, and values in company.
  ['sid > a PHP session id (26 of 0-9a-v) > caught', caught('https://shop.example.com/cart?SID=k4v9n2p7r1s6t3u8q5m0l2j7h4')],
  ['sid > a Salesforce session id > caught', caught('https://acme.my.example.com/secur/frontdoor.jsp?sid=00D8d000001AbCd!AQ8AQEXAMPLEsessionValue.01')],
  ['session > a PHP session id > caught', caught('https://app.example.com/resume?session=k4v9n2p7r1s6t3u8q5m0l2j7h4')],
  ['md5 > a 32-hex checksum alone > shown', shown('https://mirror.example.org/tool.tar.gz?md5=4c2a8e1f9b7d3065a1e8c4f2b9d7a3e6')],
  ['code > on a password-reset page > caught', caught('https://grafana.example.com/user/password/reset?code=Zx9Cv8Bn7')],
  ['code > on an email-confirmation page, percent-encoded > caught', caught('https://app.example.com/Account/ConfirmEmail?userId=42&code=CfDJ8%2Bab%3D')],
  ['key > on an activation page > caught', caught('https://blog.example.com/wp-activate.php?key=5f2c9a1b')],
  ['key > a reset key beside the account login > caught', caught('https://blog.example.com/wp-login.php?action=rp&key=hGfDsApOiUyTrEwQ&login=ada')],
  ['key > a short word beside login > shown', shown('https://www.example.com/?key=value&login=true')],
  ['p > a password beside u (InfluxDB) > caught', caught('http://metrics.example.com:8086/query?u=ops&p=s3cretpw')],
  ['p > a page number beside u > shown', shown('https://forum.example.com/search?u=ada&p=2')],
  ['h > a 32-hex hash beside e (MediaVault) > caught', caught('https://video.example.com/a.mp4?e=1700003600&h=0f1e2d3c4b5a69788796a5b4c3d2e1f0')],
  ['h > a height beside e > shown', shown('https://img.example.com/a.jpg?w=640&h=480&e=blur')],
  ['s > 32 hex digits (imgix on a custom domain) > caught', caught('https://images.example.com/a.jpg?w=300&s=0f1e2d3c4b5a69788796a5b4c3d2e1f0')],
  ['key > a file path (an object key) > shown', shown(`https://files.example.com/download?key=${enc('archive/2025/Budget-Review-May-2025.xlsx')}`)],
  ['session > a slug of words and numbers > shown', shown('https://summit.example.org/schedule?session=Zero-Trust-Roundtable-2025')],

  // Listed names and endings, with the values that make them ordinary.
  ['token > a ticker on a crypto site > shown', shown('https://defi.example.com/pools?token=USDC')],
  ['token > a percent-encoded ticker > shown', shown('https://defi.example.com/pools?token=%55SDC')],
  ['token > a contract address > shown', shown('https://defi.example.com/pools?token=0x7e57ab1e0000000000000000000000000000c0de')],
  ['token > a lower-case value is no ticker > caught', caught('https://defi.example.com/pools?token=usdc')],
  ['name ending > a status word after a flow > shown', shown('https://accounts.example.org/signin?reset_password=sent')],
  ['name ending > a percent-encoded flag > shown', shown('https://app.example.com/login?include_token=%74rue')],
  ['name ending > jwt (__clerk_db_jwt) > caught', caught('https://app.example.com/sign-in?__clerk_db_jwt=dvb_x')],
  ['pagination > OData $skiptoken > shown', shown('https://graph.microsoft.com/v1.0/users?%24skiptoken=RFNwdAEXAMPLE')],

  // JWTs need a JOSE header; JSON values are read for their members.
  [
    'JWT > a dotted blob whose JSON header has no alg > shown',
    shown(`https://shop.example.com/dp/1?dib=${base64url('{"v":"1"}')}.${base64url('{"q":"usb"}')}.c2ln`),
  ],
  [
    'JSON > base64 JSON naming an API key (AppSync) > caught',
    caught(`wss://rt.example.com/graphql?header=${base64(JSON.stringify({ host: 'api.example.com', 'x-api-key': 'da2-EXAMPLE' }))}&payload=e30=`),
  ],
  [
    'JSON > base64 JSON with ordinary members (a page cursor) > shown',
    shown(`https://shop.example.com/products.json?page_info=${base64url(JSON.stringify({ last_id: 42, last_value: 'Backpack' }))}`),
  ],
  ['JSON > JSON as written with a token member > caught', caught(`https://app.example.com/?state=${enc('{"from":"mail","token":"EXAMPLE"}')}`)],
  ['JSON > an empty token member > shown', shown(`https://app.example.com/?state=${enc('{"token":""}')}`)],
  ['JSON > a member holding a signed uri > caught', caught(`https://app.example.com/?state=${enc(JSON.stringify({ next: SIGNED_S3 }))}`)],
  ['JSON > a member holding a plain uri > shown', shown(`https://app.example.com/?state=${enc(JSON.stringify({ next: PLAIN }))}`)],
  [
    `JSON > a member uri read at level ${MAX_NESTING_LEVEL} > shown`,
    shown(redirected(`https://d.example/x?j=${base64url(JSON.stringify({ u: PLAIN }))}`, MAX_NESTING_LEVEL - 2)),
  ],
  [
    `JSON > a member uri reached past level ${MAX_NESTING_LEVEL} > caught`,
    caught(redirected(`https://d.example/x?j=${base64url(JSON.stringify({ u: PLAIN }))}`, MAX_NESTING_LEVEL - 1)),
  ],

  // Path shapes looked up by host, on uris with no host, and on any host.
  ['Make > a custom webhook on a regional host > caught', caught('https://hook.eu2.make.com/q7w8e9r0t1y2u3i4o5p6a7s8')],
  ['Make > a help page on make.com > shown', shown('https://www.make.com/en/help/tools/webhooks')],
  ['Okta > an activation token > caught', caught('https://acme.okta.com/welcome/Zq8WvXyTsRpQoNmLkJhG')],
  ['SIP > a password before the host > caught', caught('sip:bob:EXAMPLEpw@voip.example.com;transport=tls')],
  ['SIP > a user alone > shown', shown('sip:bob@voip.example.com')],
  ['no scheme > user:password@host, the user read as a scheme > caught', caught('deploy:EXAMPLEpw@build.example.com:2222/repo')],
  ['no scheme > mailto is an address > shown', shown('mailto:bob@example.com')],
  ['Oracle JDBC > user/password@ > caught', caught('jdbc:oracle:thin:app/EXAMPLEpw@//db.example.com:1521/SALES')],
  ['CDN type B > /timestamp/md5hash/ first in the path > caught', caught('https://media.example.com/202401011230/0f1e2d3c4b5a69788796a5b4c3d2e1f0/v/a.mp4')],
  ['CDN type C > /md5hash/hex timestamp/ first in the path > caught', caught('https://media.example.com/0f1e2d3c4b5a69788796a5b4c3d2e1f0/6592F1A0/v/a.mp4')],
  ['CDN type C > a content-hashed asset deeper in the path > shown', shown('https://cdn.example.com/assets/0f1e2d3c4b5a69788796a5b4c3d2e1f0/1a2b3c4d/app.js')],

  // A random-looking segment after a capability word.
  ['capability > a reset-password token > caught', caught(`https://app.example.com/reset-password/${TOKEN_SEGMENT}`)],
  ['capability > reset_password, the same word > caught', caught(`https://app.example.com/reset_password/${TOKEN_SEGMENT}`)],
  ['capability > ResetPassword, the same word > caught', caught(`https://app.example.com/Account/ResetPassword/${TOKEN_SEGMENT}`)],
  ['capability > a code of letter-digit-letter groups > caught', caught('https://app.example.com/reset/a1b-c2d-e3f-g4h-i5j-k6l')],
  ['capability > a code of letter and digit pairs > caught', caught('https://app.example.com/invite/ab12-cd34-ef56-gh78-ij90')],
  ['capability > a code of upper-case letter and digit groups > caught', caught('https://app.example.com/verify/Q3-X9-K7-M2-P5-R8-T4-W6')],
  ['capability > a code of acronym-like numbered groups > caught', caught('https://app.example.com/activate/XKCD1-ABCD2-QWER3-ZXCV4')],
  ['session > a code of mixed-case numbered groups > caught', caught('https://app.example.com/resume?session=Ab12-Cd34-Ef56-Gh78-Ij90')],
  ['capability > Django reset/<uidb64>/<token>/ > caught', caught(`https://www.example.com/accounts/reset/Mjc/c3x9kd-0f1e2d3c4b5a69788796a5b4/`)],
  ['capability > Drupal user/reset/<uid>/<timestamp>/<hash> > caught', caught(`https://www.example.com/user/reset/42/1700000000/${TOKEN_SEGMENT}/login`)],
  ['capability > a token four segments after the word > shown', shown(`https://www.example.com/reset/a/b/c/${TOKEN_SEGMENT}`)],
  ['capability > a webhook id that is a UUID > caught', caught('https://n8n.example.com/webhook/6f1e2d3c-4b5a-4c69-8d7e-0f1a2b3c4d5e')],
  ['capability > in a hash-router route > caught', caught(`https://app.example.com/#/reset-password/${TOKEN_SEGMENT}`)],
  ['capability > in a hashbang route > caught', caught(`https://app.example.com/#!/verify/${TOKEN_SEGMENT}`)],
  ['capability > the word ending the path > shown', shown('https://app.example.com/reset-password')],
  ['capability > on a settings page > shown', shown(`https://app.example.com/settings/webhooks/${TOKEN_SEGMENT}`)],
  ['capability > on a Settings page, upper case > shown', shown(`https://app.example.com/Settings/webhooks/${TOKEN_SEGMENT}`)],
  ['capability > a slug after the word > shown', shown('https://app.example.com/invite/Spring-Product-Launch-2025')],
  [
    'capability > a token behind doubled slashes, within the span > caught',
    caught(`https://www.example.com/user/reset//42//1700000000//${TOKEN_SEGMENT}/login`),
  ],
  ['capability > an identifier after the word > shown', shown('https://app.example.com/hooks/useAuthenticationToken')],
  ['capability > a file name after the word > shown', shown('https://app.example.com/hooks/pre-commit-2025.01.15-v2.sh')],
  ['capability > a type-prefixed object id after the word > shown', shown('https://pay.example.com/webhooks/we_1PqRsTuVwXyZ0123456789')],
  ['capability > a short id after the word > shown', shown('https://www.example.com/verify/ABCD2EFGH3JK')],
  ['capability > a word that only contains one > shown', shown(`https://app.example.com/prereset/${TOKEN_SEGMENT}`)],
  // A share token in the one segment after a share word.
  ['share > a Nextcloud token of fifteen mixed-case characters > caught', caught(`https://cloud.example.com/index.php/s/${SHARE_TOKEN}`)],
  ['share > a Box token of lower-case letters and digits > caught', caught('https://app.box.com/s/k7xm2q9wp4z8n3v6b1c5a0d4e8f2g6h1')],
  ['share > a Dropbox legacy id before the file name > caught', caught('https://www.dropbox.com/s/k7xm2q9wp4z8n3v/report.pdf?dl=0')],
  ['share > S, the same word in upper case > caught', caught(`https://cloud.example.com/S/${SHARE_TOKEN}`)],
  ['share > a token two segments after the word > shown', shown(`https://help.example.com/s/topic/${SHARE_TOKEN}`)],
  ['share > fourteen characters > shown', shown(`https://cloud.example.com/s/${SHARE_TOKEN.slice(0, 14)}`)],
  ['share > a slug > shown', shown('https://help.example.com/s/getting-started')],
  ['share > a camelCase name > shown', shown('https://docs.example.com/s/GettingStartedGuide')],
  ['share > a word with a number > shown', shown('https://docs.example.com/s/gettingstarted2024')],
  // A page word governs a capability word's listing, not a share token's segment.
  ['share > a page word before the word > caught', caught(`https://cloud.example.com/settings/s/${SHARE_TOKEN}`)],
  ['share > a page word in the install path > caught', caught('https://nextcloud.example.com/docs/index.php/s/Xk29fLq83mZp0Rt')],
  ['share > a page word as the file name > caught', caught('https://www.dropbox.com/s/k7xm2q9wp4zr8nv/docs?dl=0')],
  ['token word > a page word before it > caught', caught('https://app.example.com/dashboard/api/token/Xk29fLq83mZp0Rt5Wv7YbN')],
  ['token word > a page word after it > caught', caught('https://app.example.com/api/token/Xk29fLq83mZp0Rt5Wv7YbN/docs')],
  ['token word > an ordinary segment on a page > shown', shown('https://app.example.com/docs/api/token/refresh-endpoint-guide')],
  ['capability > a page word after the span > shown', shown(`https://app.example.com/webhooks/${TOKEN_SEGMENT}/settings`)],
  ['share > a word that only ends in s > shown', shown(`https://cloud.example.com/links/${SHARE_TOKEN}`)],

  // A fragment that is a key alone.
  ['fragment key > MEGA #<key> > caught', caught(`https://mega.nz/file/EXAMPLE0#${FRAGMENT_KEY_RUN}`)],
  ['fragment key > MEGA legacy #!<id>!<key> > caught', caught(`https://mega.nz/#!EXAMPLE0!${FRAGMENT_KEY_RUN}`)],
  ['fragment key > Bitwarden Send #<id>/<key> > caught', caught(`https://send.bitwarden.com/#EXAMPLEsendID0/${FRAGMENT_KEY_RUN}`)],
  ['fragment key > in a nested uri > caught', caught(`https://r.example/go?u=${enc(`https://mega.nz/file/EXAMPLE0#${FRAGMENT_KEY_RUN}`)}`)],
  ['fragment key > a route of the same runs > shown', shown(`https://app.example.com/#/EXAMPLEsendID0/${FRAGMENT_KEY_RUN}`)],
  ['fragment key > an anchor of words and a year > shown', shown('https://en.wikipedia.org/wiki/Cryptography#CITEREFSmithJones2020')],
  ['fragment key > a camelCase anchor > shown', shown('https://docs.example.com/api#createPaymentIntentRequest2')],
  ['fragment key > a hex block anchor > shown', shown('https://www.notion.so/Page-0a9b8c7d6e5f4a3b9c2d1e0f9a8b7c6d#1e0f9a8b7c6d4a3b9c2d0a9b8c7d6e5f')],
  ['fragment key > a section anchor > shown', shown('https://docs.example.com/guide#section-2')],
];

describe(uriMayCarryCredential.name, () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(uriMayCarryCredential(given)).toBe(want);
  });

  it('answers each asking from its own readings: a uri read nested in one asking is read anew in the next', () => {
    const nested = 'https://q.example/https://r.example/';
    // Read at level 1 here, the uri nested in it at level 2: shown.
    expect(uriMayCarryCredential(`https://p.example/${nested}`)).toBe(false);
    // Read at level MAX_NESTING_LEVEL here, the uri nested in it past the bound: withheld.
    expect(uriMayCarryCredential(pathProxied(nested, MAX_NESTING_LEVEL))).toBe(true);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['a symbol', Symbol('https://example.com/')],
    [
      'an object whose toString throws',
      {
        toString: () => {
          throw new Error('unreadable');
        },
      },
    ],
    ['a String object', new String('https://example.com/')],
  ])('never throws on what is no string (%s), and withholds it', (_name, given) => {
    expect(uriMayCarryCredential(given as unknown as string)).toBe(true);
  });

  it('reads levels up to four and no further', () => {
    expect(MAX_NESTING_LEVEL).toBe(4);
  });

  // The work on these uris is counted, not timed, in credential-work.test.ts; here, the verdict.
  it.each([
    ['pieces that each open like base64 of a uri', `https://example.com/${'aHR0cA;'.repeat(584)}`],
    ['segments that each open like hex of //', `https://example.com/${'2f2fa/'.repeat(680)}`],
    ['a fragment route with many parameters', `https://example.com/#/${'a?b=1&'.repeat(680)}`],
  ])('reads a uri at the 4096-character limit of %s, and shows it', (_name, uri) => {
    expect(uriMayCarryCredential(uri.slice(0, 4096))).toBe(false);
  });

  it('never throws on a uri at the 4096-character limit built to branch at every level', () => {
    const piece = `a=${encodedTimes('/x?b=%2525&c=//h/?d=1', 2)}`;
    const uri = `https://example.com/?${Array.from({ length: 200 }, () => piece).join('&')}`.slice(0, 4096);
    expect(typeof uriMayCarryCredential(uri)).toBe('boolean');
  });
});

// A verdict on a query is remembered by host and query (`query-verdicts.ts`), and given again only
// where nothing else decides it: each pair is asked in both orders, one uri right after the other.
describe('verdicts remembered by host and query', () => {
  it.each([
    [
      'an account flow’s page decides code',
      caught('https://grafana.example.com/user/password/reset?code=Zx9Cv8Bn7'),
      shown('https://grafana.example.com/cart?code=Zx9Cv8Bn7'),
    ],
    ['a host rule’s paths decide key', caught('https://www.google.com/maps/embed?key=word'), shown('https://www.google.com/webhp?key=word')],
    ['a host rule’s paths decide code', caught('https://fn.azurewebsites.net/api/hook?code=abc123'), shown('https://fn.azurewebsites.net/home?code=abc123')],
    ['a companion in the path', caught('https://files.example.com/a;sv=2022-11-02?sig=network'), shown('https://files.example.com/a?sig=network')],
    ['a companion in the fragment', caught('https://files.example.com/a?sig=network#se=2024-01-01'), shown('https://files.example.com/b?sig=network')],
    ['the host', caught('https://acct.blob.core.windows.net/c/b.txt?sig=x'), shown('https://acct.blob.example.com/c/b.txt?sig=x')],
    [
      'the level',
      caught(`https://r.example.com/go?u=${encodedTimes('https://h.example.com/a?u=%252F%252Fx', 3)}`),
      shown('https://h.example.com/a?u=%252F%252Fx'),
    ],
  ])('%s: each uri keeps its own verdict, whichever came first', (_name, first, second) => {
    const orders: readonly (readonly [{ given: string; want: boolean }, { given: string; want: boolean }])[] = [
      [first, second],
      [second, first],
      [first, second],
    ];
    for (const [one, other] of orders) {
      expect(uriMayCarryCredential(one.given), one.given).toBe(one.want);
      expect(uriMayCarryCredential(other.given), other.given).toBe(other.want);
    }
  });

  it('holds a host rule’s paths on its own hosts alone', () => {
    expect(uriMayCarryCredential('https://www.example.com/maps/embed?key=word')).toBe(false);
    expect(uriMayCarryCredential('https://www.example.com/api/hook?code=abc123')).toBe(false);
  });
});

// A credential's path shape, a listed host or a password, written where a reader or a server
// still finds it: encoded in the path, opening a query value or a fragment, or in a later segment.
describe('credentials spelled as a server or a reader takes them', () => {
  // A webhook's path as Slack documents it, which no other rule reads as a token.
  const webhook = '/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX';
  const hook = `hooks.slack.com${webhook}`;
  it.each([
    ['a webhook path with its slashes encoded', caught(`https://hooks.slack.com/${webhook.slice(1).replaceAll('/', '%2F')}`)],
    ['a webhook path with its slashes encoded twice', caught(`https://hooks.slack.com/${webhook.slice(1).replaceAll('/', '%252F')}`)],
    ['a webhook path with a letter of its word encoded', caught(`https://hooks.slack.com${webhook.replace('/s', '/%73')}`)],
    ['a webhook path with a letter of its word encoded twice', caught(`https://hooks.slack.com${webhook.replace('/s', '/%2573')}`)],
    ['a Teams webhook word with a letter encoded, on any host', caught('https://files.example.com/webhoo%6Bb2/abc')],
    ['a listed host opening a query value, with no scheme', caught(`https://r.example/x?url=${hook}`)],
    ['a listed host opening a fragment, with no scheme', caught(`https://r.example/x#${hook}`)],
    ['a listed host opening an encoded query value', caught(`https://r.example/x?url=${enc(hook)}`)],
    ['a listed host in a path, its webhook path encoded twice', caught(`https://r.example/p/${hook.replaceAll('/', '%252F')}`)],
    ['a listed host opening a query value, with fullwidth full stops', caught(`https://r.example/x?u=${hook.replaceAll('.', '\uff0e')}`)],
    ['a listed host opening a query value, with ideographic full stops', caught(`https://r.example/x?u=${hook.replaceAll('.', '\u3002')}`)],
    ['a listed host opening a query value, a dot encoded twice', caught(`https://r.example/x?u=${hook.replace('.', '%252E')}`)],
    ['a listed host after a hash-bang', caught(`https://r.example/x#!${hook}`)],
    ['a listed host after white space in a query value', caught(`https://r.example/x?u=%20${hook}`)],
    ['a listed host before a backslash in a query value', caught(`https://r.example/x?u=${hook.replace('/', '\\')}`)],
    ['a listed host before an encoded backslash in a query value', caught(`https://r.example/x?u=${hook.replace('/', '%5C')}`)],
    ['a listed host with fullwidth full stops before an ordinary page', shown('https://r.example/x?u=hooks\uff0eslack\uff0ecom/docs')],
    ['an ordinary host after white space in a query value', shown('https://r.example/x?q=%20example.com/docs')],
    ['an ordinary host before a backslash in a query value', shown('https://r.example/x?u=docs.example\\page')],
    ['a hash-bang route', shown('https://r.example/x#!/route/x')],
    ['a password before a host opening a path, in a later segment', caught('https://r.example/x/admin:hunter2@db.example/')],
    ['a password before a host and its port, in a later segment', caught('https://r.example/x/admin:hunter2@db.example:5432/data')],
    ['a password before a host, encoded in a later segment', caught(`https://r.example/x/${enc('admin:hunter2@db.example')}/`)],
    ['a password before a host opening a path, in a query value', caught('https://r.example/x?to=admin:hunter2@db.example/data')],
    ['a password before an IPv4 host and its port, in a later segment', caught('https://r.example/x/user:pw@10.0.0.1:5432/x')],
    ['a password before localhost, in a later segment', caught('https://r.example/x/user:pw@localhost/x')],
    ['a password before an IPv6 host, in a later segment', caught('https://r.example/x/user:pw@[::1]/x')],
    ['a user before a version of four numbers, in a later segment', shown('https://r.example/x/a@1.2.3.4/x')],
    ['an encoded word that spells no webhook path', shown(`https://hooks.slack.com/%73earch/T0000`)],
    ['an ordinary host opening a query value', shown('https://r.example/x?url=example.com/docs/guide')],
    ['an ordinary host opening a fragment', shown('https://r.example/x#example.com/docs')],
    ['a mailto address in a query value', shown(`https://r.example/x?to=${enc('mailto:ada@example.com')}`)],
    ['a mailto address in a later segment', shown(`https://r.example/x/${enc('mailto:ada@example.com')}`)],
    ['a sip address with a port in a later segment', shown('https://r.example/x/sip:alice@pbx.example:5060')],
    ['a mailto address before more path, encoded in a later segment', shown(`https://r.example/x/${enc('mailto:ada@example.com')}/more`)],
    ['a sip address before more path, in a query value', shown('https://r.example/x?to=sip:alice@pbx.example/more')],
    ['a sip address with a password of its own, in a later segment', caught('https://r.example/x/sip:alice:pw@pbx.example/')],
    ['a user with no password before a host, in a later segment', shown('https://r.example/x/@scope/pkg@1.2.3/')],
    ['a colon in an earlier segment than the @', shown('https://r.example/a:b/c@d.example/')],
    ['a colon before an @ that a host name opening no path follows', shown('https://r.example/wiki/File:Icon@2x.png')],
  ])('%s', (_name, { given, want }) => {
    expect(uriMayCarryCredential(given)).toBe(want);
  });
});
