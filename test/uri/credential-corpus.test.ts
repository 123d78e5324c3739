import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { uriMayCarryCredential } from '../../src/uri/credential.js';

interface CorpusEntry {
  readonly uri: string;
  readonly family?: string;
  readonly why: string;
}

interface Corpus {
  readonly credential: readonly CorpusEntry[];
  readonly ordinary: readonly CorpusEntry[];
}

const corpus = JSON.parse(readFileSync(new URL('../fixtures/credential-urls.json', import.meta.url), 'utf8')) as Corpus;

// Every family and shape the credentials issue names must have at least one labelled link.
const REQUIRED_FAMILIES = [
  'AWS SigV4',
  'AWS SigV2',
  'Google Cloud Storage V2',
  'Google Cloud Storage V4',
  'Azure SAS',
  'Amazon CloudFront',
  'Discord CDN',
  'Backblaze B2',
  'Alibaba Cloud OSS',
  'Tencent Cloud COS',
  'Cloudflare Images',
  'Bunny CDN',
  'Mux',
  'Supabase',
  'Firebase Storage',
  'imgix',
  'Akamai EdgeAuth',
  'Google Maps Platform',
  'Azure Functions',
  'Slack webhook',
  'Discord webhook',
  'Microsoft Teams webhook',
  'Telegram Bot API',
  'OAuth 2.0',
  'OAuth 1.0a',
  'generic token',
  'generic secret',
  'generic password',
  'one-time password',
  'API keys',
  'sessions',
  'Java servlet session',
  'ASP.NET cookieless session',
  'matrix parameters',
  'JWT by shape',
  'userinfo',
  'unparseable',
  'nested: percent-encoded once',
  'nested: percent-encoded twice',
  'nested: relative with query',
  'nested: protocol-relative',
  'nested: fragment route',
  'nested: base64url (imgproxy)',
  'nested: hex (camo)',
  'nested: past the bound',
  // Families added after the review of the credential policy (host scoping by path, account
  // flows, path secrets, opaque userinfo, JSON members).
  'SharePoint pre-authenticated download',
  'Edgio MediaVault',
  'Office 365 connectors',
  'Make',
  'Pipedream',
  'PagerDuty',
  'Netlify build hooks',
  'Vercel deploy hooks',
  'Oracle Cloud Object Storage',
  'Box',
  'Stripe',
  'Outlook published calendar',
  'Okta',
  'Alchemy',
  'Infura',
  'CDN type A signing',
  'CDN type B signing',
  'CDN type C signing',
  'SIP',
  'Oracle JDBC',
  'InfluxDB 1.x',
  'WordPress password reset',
  'password-reset codes',
  'password-reset tokens',
  'webhook ids',
  'Tableau trusted tickets',
  'JSON members',
  'Microsoft Teams meeting passcode',
  // Families a second blind corpus found missing.
  'Fastly token authentication',
  'StackPath secure token',
  'Cloudinary signed delivery',
  'Rails Active Storage',
  'fragment key',
  'Ably API key',
  'Grafana snapshot',
  'Grafana public dashboard',
  'share capability',
  'lower-case random value',
  'one-letter token',
  'API path token',
  'share path',
];

// Every ordinary look-alike the issue names must be in the corpus, shown.
const REQUIRED_ORDINARY = [
  'https://www.youtube.com/watch?v=',
  '?usp=sharing',
  '#L10-L20',
  '/docs#token',
  'https://www.google.com/search?q=token',
  'page=2&per_page=50',
  'utm_source=',
  'sort_key=',
  'keyword=',
  'spaceKey=',
  'author=',
  'signature=classic',
  'sig=network',
  '/commit/',
  'mailto:',
  'file:///',
  'urn:',
  'https://www.google.com/url?q=',
  '/_next/image?url=',
  'next=/dashboard',
  '$skiptoken=',
  'reset_password=sent',
  'md5=',
  'token=USDT',
  '/settings/webhooks/',
  '/invite/Summer-',
  'sid=',
  'session=Secure-',
  'key=exports/',
  'dib=',
  'facetime:',
  'sip:carol@',
  '#section-2',
  '#/settings',
  '#CITEREF',
  '/s/getting-started',
  '&t=30',
  'key=name',
  '/api/token/refresh',
  '/d/000000012/',
  '/dashboard/snapshots',
  '#issuecomment-',
];

describe(`${uriMayCarryCredential.name} on the labelled corpus`, () => {
  const missed = corpus.credential.filter((entry) => !uriMayCarryCredential(entry.uri));
  const falseAlarms = corpus.ordinary.filter((entry) => uriMayCarryCredential(entry.uri));

  it('holds at least 150 links, at least 75 of them ordinary', () => {
    expect(corpus.credential.length + corpus.ordinary.length).toBeGreaterThanOrEqual(150);
    expect(corpus.ordinary.length).toBeGreaterThanOrEqual(75);
  });

  it('labels each link once, with a reason, and each credential with its family', () => {
    const uris = [...corpus.credential, ...corpus.ordinary].map((entry) => entry.uri);
    expect(new Set(uris).size).toBe(uris.length);
    expect(corpus.credential.filter((entry) => !entry.family || !entry.why)).toEqual([]);
    expect(corpus.ordinary.filter((entry) => !entry.why)).toEqual([]);
  });

  it('covers every family and every ordinary look-alike the issue names', () => {
    const families = new Set(corpus.credential.map((entry) => entry.family));
    expect(REQUIRED_FAMILIES.filter((family) => !families.has(family))).toEqual([]);
    expect(REQUIRED_ORDINARY.filter((part) => !corpus.ordinary.some((entry) => entry.uri.includes(part)))).toEqual([]);
  });

  it('withholds at least 98 % of the credential-bearing links', () => {
    const recall = 1 - missed.length / corpus.credential.length;
    expect(recall, `missed:\n${missed.map((entry) => entry.uri).join('\n')}`).toBeGreaterThanOrEqual(0.98);
  });

  it('withholds no ordinary link', () => {
    expect(falseAlarms.map((entry) => entry.uri)).toEqual([]);
  });
});
