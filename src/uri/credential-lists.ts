/**
 * The data behind `uriMayCarryCredential` (docs/design.md §7): one exported list per rule. Each entry
 * names its family and carries an example link built from the provider's documented format
 * with fake values; the tests read every example, so an entry can't drift from its rule.
 *
 * Names are written as the providers spell them. They are compared after folding (letters and
 * digits only, lower case), so `X-Amz-Signature`, `x_amz_signature` and `xAmzSignature` are
 * one name.
 */

/** An entry of a list of parameter names: the name, its family and a link it appears in. */
export interface CredentialParameter {
  readonly name: string;
  readonly family: string;
  /** A link (fake values) that the rule withholds because of this name. */
  readonly example: string;
  /**
   * Values that are no credential under this name though it is listed (a crypto ticker as
   * `?token=USDC`); every value counts when omitted.
   */
  readonly ordinaryValues?: RegExp;
}

/**
 * Parameter names that carry a credential wherever they appear with a value (docs/design.md §7).
 *
 * OAuth's `code` is deliberately absent: an authorization code is single-use and is worth
 * nothing without the client's secret or PKCE verifier, while ordinary links use `?code=`
 * everywhere (country codes, discount codes, code search). It counts only on the hosts that
 * use it as a standing key (`HOST_SCOPED_PARAMETERS`, Azure Functions).
 */
export const CREDENTIAL_PARAMETERS: readonly CredentialParameter[] = [
  // AWS Signature Version 4 presigned URLs (query-string authentication).
  {
    name: 'X-Amz-Signature',
    family: 'AWS SigV4',
    example:
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
  },
  {
    name: 'X-Amz-Credential',
    family: 'AWS SigV4',
    example: 'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request',
  },
  {
    name: 'X-Amz-Security-Token',
    family: 'AWS SigV4 with temporary (STS) credentials',
    example: 'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Security-Token=FwoGZXIvYXdzEXAMPLETOKEN',
  },
  // AWS Signature Version 2 presigned URLs (S3 legacy): `Signature` beside it is judged by this company.
  {
    name: 'AWSAccessKeyId',
    family: 'AWS SigV2',
    example:
      'https://examplebucket.s3.amazonaws.com/photos/puppy.jpg?AWSAccessKeyId=AKIAIOSFODNN7EXAMPLE&Expires=1141889120&Signature=vjbyPxybdZaNmGa%2ByT272YEAiv4%3D',
  },
  // Google Cloud Storage signed URLs, V2 and V4.
  {
    name: 'GoogleAccessId',
    family: 'Google Cloud Storage V2',
    example:
      'https://storage.googleapis.com/example-bucket/cat.jpeg?GoogleAccessId=signer@example-project.iam.gserviceaccount.com&Expires=1700000000&Signature=EXAMPLESIGNATURE',
  },
  {
    name: 'X-Goog-Signature',
    family: 'Google Cloud Storage V4',
    example:
      'https://storage.googleapis.com/example-bucket/cat.jpeg?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Date=20190201T190000Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=0123456789abcdef',
  },
  {
    name: 'X-Goog-Credential',
    family: 'Google Cloud Storage V4',
    example:
      'https://storage.googleapis.com/example-bucket/cat.jpeg?X-Goog-Credential=example%40example-project.iam.gserviceaccount.com%2F20190201%2Fus%2Fstorage%2Fgoog4_request',
  },
  // Alibaba Cloud OSS signed URLs, V1 (OSSAccessKeyId + Signature) and V4 (x-oss-*).
  {
    name: 'OSSAccessKeyId',
    family: 'Alibaba Cloud OSS V1',
    example:
      'https://examplebucket.oss-cn-hangzhou.aliyuncs.com/exampleobject.txt?OSSAccessKeyId=LTAI5tEXAMPLEKEYID&Expires=1700000000&Signature=EXAMPLESIG%3D',
  },
  {
    name: 'x-oss-signature',
    family: 'Alibaba Cloud OSS V4',
    example:
      'https://examplebucket.oss-cn-hangzhou.aliyuncs.com/exampleobject.txt?x-oss-signature-version=OSS4-HMAC-SHA256&x-oss-date=20231203T121212Z&x-oss-expires=3600&x-oss-signature=0123456789abcdef0123456789abcdef',
  },
  {
    name: 'x-oss-credential',
    family: 'Alibaba Cloud OSS V4',
    example:
      'https://examplebucket.oss-cn-hangzhou.aliyuncs.com/exampleobject.txt?x-oss-credential=LTAI5tEXAMPLEKEYID%2F20231203%2Fcn-hangzhou%2Foss%2Faliyun_v4_request',
  },
  // Tencent Cloud COS signed URLs.
  {
    name: 'q-sign-algorithm',
    family: 'Tencent Cloud COS',
    example: 'https://examplebucket-1250000000.cos.ap-beijing.myqcloud.com/exampleobject?q-sign-algorithm=sha1&q-sign-time=1700000000%3B1700003600',
  },
  {
    name: 'q-ak',
    family: 'Tencent Cloud COS',
    example: 'https://examplebucket-1250000000.cos.ap-beijing.myqcloud.com/exampleobject?q-ak=AKIDEXAMPLEEXAMPLEEXAMPLE&q-key-time=1700000000%3B1700003600',
  },
  {
    name: 'q-signature',
    family: 'Tencent Cloud COS',
    example: 'https://examplebucket-1250000000.cos.ap-beijing.myqcloud.com/exampleobject?q-signature=0123456789abcdef0123456789abcdef01234567',
  },
  // Huawei OBS and other S3-alike stores sign with AccessKeyId beside Signature.
  {
    name: 'AccessKeyId',
    family: 'Huawei Cloud OBS',
    example: 'https://examplebucket.obs.cn-north-4.myhuaweicloud.com/object?AccessKeyId=EXAMPLEACCESSKEY&Expires=1700000000&Signature=EXAMPLE%3D',
  },
  // Backblaze B2 download authorization token.
  {
    name: 'Authorization',
    family: 'Backblaze B2',
    example: 'https://f000.backblazeb2.com/file/example-bucket/report.pdf?Authorization=3_20240101000000_0123456789abcdef_EXAMPLE_down',
  },
  // Akamai EdgeAuth tokens (query form; the `__token__` form folds to `token`).
  {
    name: 'hdnts',
    family: 'Akamai EdgeAuth',
    example: 'https://media.example.com/video/master.m3u8?hdnts=exp%3D1700000000~acl%3D%2F*~hmac%3D0123456789abcdef',
  },
  {
    name: 'hdnea',
    family: 'Akamai EdgeAuth',
    example: 'https://media.example.com/video/master.m3u8?hdnea=st%3D1700000000~exp%3D1700003600~acl%3D%2F*~hmac%3D0123456789abcdef',
  },
  {
    name: 'hdntl',
    family: 'Akamai EdgeAuth session tokens (HLS segments after hdnts)',
    example:
      'https://live.example-vh.akamaihd.net/i/events/show_1@654321/seg42.ts?hdntl=exp%3D1700003600~acl%3D%2Fi%2Fevents%2F*~data%3Dhdntl~hmac%3Dfedcba9876543210',
  },
  // Microsoft Graph `@microsoft.graph.downloadUrl` on SharePoint and OneDrive for Business.
  {
    name: 'tempauth',
    family: 'SharePoint pre-authenticated downloads',
    example:
      'https://fabrikam.sharepoint.com/sites/Ops/_layouts/15/download.aspx?UniqueId=11111111-2222-4333-8444-555555555555&tempauth=v1.EXAMPLEtempAuthValue&ApiVersion=2.0',
  },
  // Upyun token anti-leech: eight characters of signature, then the expiry.
  { name: '_upt', family: 'Upyun CDN tokens', example: 'https://assets.example.upaiyun.com/img/banner.jpg?_upt=9f8e7d6c1700003600' },
  // Wowza SecureToken.
  {
    name: 'wowzatokenhash',
    family: 'Wowza SecureToken',
    example: 'https://stream.example.com/live/stream/playlist.m3u8?wowzatokenstarttime=1700000000&wowzatokenhash=EXAMPLEhash0123456789',
  },
  // HMAC-signed links (Shopify app launch, many CDNs): the HMAC is what makes the link a capability.
  {
    name: 'hmac',
    family: 'HMAC-signed links',
    example: 'https://admin.example.com/app/launch?shop=example.myshopify.com&timestamp=1700000000&hmac=0123456789abcdef0123456789abcdef',
  },
  // OAuth 2.0 tokens, secrets and verifiers.
  {
    name: 'access_token',
    family: 'OAuth 2.0',
    example: 'https://app.example.com/callback#access_token=EXAMPLEaccessTOKEN0123&token_type=Bearer&expires_in=3600',
  },
  { name: 'refresh_token', family: 'OAuth 2.0', example: 'https://app.example.com/token?grant_type=refresh_token&refresh_token=EXAMPLErefreshTOKEN' },
  { name: 'id_token', family: 'OpenID Connect', example: 'https://app.example.com/callback#id_token=EXAMPLEidTOKEN&state=af0ifjsldkj' },
  { name: 'client_secret', family: 'OAuth 2.0', example: 'https://auth.example.com/oauth/token?client_id=app&client_secret=EXAMPLEclientSECRET' },
  {
    name: 'code_verifier',
    family: 'OAuth 2.0 PKCE',
    example: 'https://auth.example.com/oauth/token?grant_type=authorization_code&code_verifier=dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
  },
  {
    name: 'client_assertion',
    family: 'OAuth 2.0 JWT client authentication',
    example:
      'https://auth.example.com/oauth/token?client_assertion_type=urn%3Aietf%3Aparams%3Aoauth%3Aclient-assertion-type%3Ajwt-bearer&client_assertion=EXAMPLEassertion',
  },
  {
    name: 'device_code',
    family: 'OAuth 2.0 device authorization',
    example:
      'https://auth.example.com/oauth/token?grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&device_code=GmRhmhcxhwAzkoEqiMEg_DnyEysNkuNhszIySk9eS',
  },
  {
    name: 'oobCode',
    family: 'Firebase Auth action links (password reset, email verification)',
    example: 'https://example.firebaseapp.com/__/auth/action?mode=resetPassword&oobCode=EXAMPLEoobCODE&lang=en',
  },
  // OAuth 1.0a.
  { name: 'oauth_token', family: 'OAuth 1.0a', example: 'https://api.example.com/oauth/authorize?oauth_token=EXAMPLEoauthTOKEN' },
  { name: 'oauth_token_secret', family: 'OAuth 1.0a', example: 'https://app.example.com/cb?oauth_token_secret=EXAMPLEtokenSECRET' },
  {
    name: 'oauth_signature',
    family: 'OAuth 1.0a',
    example:
      'https://api.example.com/1/statuses?oauth_consumer_key=xvz1evFS4wEEPTGEFPHBog&oauth_nonce=kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg&oauth_signature=tnnArxj06cWHq44gCs1OSKk%2FjLY%3D',
  },
  // Generic tokens, secrets and passwords.
  // A ticker (`USDC`) or a public contract address (`0x` and 40 hex digits) is a filter on a
  // crypto site, never a token's secret.
  {
    name: 'token',
    family: 'generic token (Firebase Storage, Supabase, Mux, Bunny, Qiniu, Jupyter, …)',
    example: 'https://firebasestorage.googleapis.com/v0/b/example.appspot.com/o/photo.jpg?alt=media&token=0b0b0b0b-1c1c-4d4d-8e8e-0f0f0f0f0f0f',
    ordinaryValues: /^(?:[A-Z]{2,6}|0x[0-9a-fA-F]{40})$/,
  },
  { name: 'secret', family: 'generic secret', example: 'https://hooks.example.com/trigger?secret=EXAMPLEsecret' },
  { name: 'password', family: 'generic password', example: 'https://db.example.com/connect?user=admin&password=hunter2' },
  { name: 'passwd', family: 'generic password', example: 'https://router.example.com/login.cgi?user=admin&passwd=hunter2' },
  { name: 'passcode', family: 'meeting passcodes', example: 'https://meet.example.com/j/123456789?passcode=314159' },
  { name: 'pwd', family: 'meeting passcodes (Zoom) and short passwords', example: 'https://us02web.zoom.us/j/85551234567?pwd=EXAMPLEpwd0123456789' },
  { name: 'otp', family: 'one-time passwords', example: 'https://app.example.com/verify?otp=492039' },
  { name: 'jwt', family: 'JSON Web Tokens by name', example: 'https://app.example.com/sso?jwt=EXAMPLEjwt' },
  { name: 'bearer', family: 'bearer tokens by name', example: 'https://api.example.com/v1/export?bearer=EXAMPLEbearer' },
  {
    name: 'verification_code',
    family: 'emailed verification codes (Auth0 passwordless magic links)',
    example: 'https://tenant.example.auth0.com/passwordless/verify_redirect?connection=email&verification_code=731904&email=ada%40example.com',
  },
  { name: 'tkn', family: 'VS Code server connection tokens (code serve-web)', example: 'http://127.0.0.1:8000/?tkn=7c1f2e9a-5b3d-4e8f-a0c1-d2e3f4a5b6c7' },
  {
    name: '__clerk_ticket',
    family: 'Clerk sign-in tokens and invitation tickets',
    example: 'https://app.example.com/sign-in?__clerk_ticket=EXAMPLEclerkTICKET0123',
  },
  { name: 'credential', family: 'generic credential', example: 'https://api.example.com/v1/export?credential=EXAMPLEcredential' },
  { name: 'passphrase', family: 'generic password', example: 'https://vault.example.com/unlock?passphrase=correct-horse-battery-staple' },
  // API keys, listed one by one: a name merely ending in `key` (sort_key, spaceKey) is ordinary.
  {
    name: 'api_key',
    family: 'API keys, also spelt apikey and apiKey (NASA, NewsAPI, Alpha Vantage, Airtable, …)',
    example: 'https://newsapi.org/v2/top-headlines?country=us&apiKey=0123456789abcdef0123456789abcdef',
  },
  { name: 'x-api-key', family: 'API keys passed as a header name', example: 'https://api.example.com/v1/items?x-api-key=EXAMPLEapiKEY' },
  {
    name: 'x-goog-api-key',
    family: 'Google API keys passed as a header name',
    example: 'https://generativelanguage.googleapis.com/v1beta/models?x-goog-api-key=EXAMPLEkey',
  },
  {
    name: 'x-algolia-api-key',
    family: 'Algolia',
    example: 'https://EXAMPLEAPP-dsn.algolia.net/1/indexes/products?x-algolia-application-id=EXAMPLEAPP&x-algolia-api-key=EXAMPLEsearchKEY',
  },
  { name: 'access_key', family: 'access keys', example: 'https://api.example.com/v1/rates?access_key=EXAMPLEaccessKEY' },
  { name: 'secret_key', family: 'secret keys', example: 'https://api.example.com/v1/charge?secret_key=EXAMPLEsecretKEY' },
  { name: 'private_key', family: 'private keys', example: 'https://api.example.com/v1/sign?private_key=EXAMPLEprivateKEY' },
  {
    name: 'authkey',
    family: 'OneDrive share and download keys',
    example: 'https://onedrive.live.com/download?cid=0123456789ABCDEF&resid=0123456789ABCDEF%21123&authkey=%21AEXAMPLEauthKEY',
  },
  {
    name: 'application_key',
    family: 'Datadog application keys',
    example: 'https://api.datadoghq.com/api/v1/validate?api_key=EXAMPLE&application_key=EXAMPLEappKEY',
  },
  {
    name: 'app_code',
    family: 'HERE legacy app_id and app_code pairs (app_id is public, app_code the secret)',
    example: 'https://reverse.geocoder.api.here.com/6.2/reversegeocode.json?prox=52.5,13.4,250&app_id=EXAMPLEhereAPP&app_code=EXAMPLEhereCODE_9x',
  },
  {
    name: 'sentry_key',
    family: 'Sentry DSN public keys in ingest and report-uri links',
    example: 'https://o4500000.ingest.sentry.io/api/4500000000000001/security/?sentry_key=fedcba9876543210fedcba9876543210',
  },
  {
    name: 'license_key',
    family: 'New Relic and other licence keys',
    example: 'https://collector.example.com/agent_listener/invoke_raw_method?license_key=EXAMPLElicenseKEY',
  },
  { name: 'key_id', family: 'key ids naming a signing key', example: 'https://cdn.example.com/video.mp4?key_id=k1&expires=1700000000' },
  {
    name: 'subscription-key',
    family: 'Azure API Management',
    example: 'https://example.azure-api.net/echo/resource?subscription-key=0123456789abcdef0123456789abcdef',
  },
  {
    name: 'aeg-sas-key',
    family: 'Azure Event Grid access keys (header or query parameter)',
    example: 'https://orders-topic.westeurope-1.eventgrid.azure.net/api/events?aeg-sas-key=EXAMPLEeventGridKEY0123456789abcdefGHIJ%3D',
  },
  {
    name: 'PassphraseKey',
    family: 'Proton Calendar share links (the calendar key)',
    example: 'https://calendar.proton.me/api/calendar/v1/url/EXAMPLEcal/calendar.ics?CacheKey=EXAMPLEcache&PassphraseKey=EXAMPLEprotonKEY0123',
  },
  {
    name: 'Ocp-Apim-Subscription-Key',
    family: 'Azure API Management',
    example: 'https://example.azure-api.net/echo/resource?Ocp-Apim-Subscription-Key=0123456789abcdef0123456789abcdef',
  },
  // Sessions: a session id is a bearer credential.
  { name: 'session_id', family: 'session ids', example: 'https://shop.example.com/cart?session_id=EXAMPLEsession0123' },
  { name: 'jsessionid', family: 'session ids (Java servlet)', example: 'https://app.example.com/home?jsessionid=0123456789ABCDEF0123456789ABCDEF' },
  { name: 'phpsessid', family: 'session ids (PHP)', example: 'https://forum.example.com/index.php?PHPSESSID=0123456789abcdef0123456789' },
  { name: 'sessid', family: 'session ids', example: 'https://app.example.com/index.php?sessid=0123456789abcdef' },
  { name: 'session_key', family: 'session keys', example: 'https://app.example.com/api?session_key=EXAMPLEsessionKEY' },
  { name: 'ASP.NET_SessionId', family: 'session ids (ASP.NET)', example: 'https://app.example.com/default.aspx?ASP.NET_SessionId=lit3py55t21z5v55vlm25s55' },
  {
    name: 'osCsid',
    family: 'session ids (osCommerce)',
    example: 'https://shop.example.com/product_info.php?products_id=42&osCsid=0123456789abcdef0123456789abcdef',
  },
  { name: 'zenid', family: 'session ids (Zen Cart)', example: 'https://shop.example.com/index.php?main_page=login&zenid=0123456789abcdef0123456789abcdef' },
  // SAML: a response is a signed assertion, a bearer credential.
  { name: 'SAMLResponse', family: 'SAML', example: 'https://sp.example.com/acs?SAMLResponse=EXAMPLEsamlRESPONSE&RelayState=%2Fhome' },
  // Share capabilities: the key a shared link needs beside the file's id, so the link alone opens
  // the file. Google Drive's `resourcekey` stays shown: a Drive link is meant to be passed on, and
  // its sharing setting, kept by Drive, decides who opens it.
  {
    name: 'rlkey',
    family: 'Dropbox shared links (scl/fi/…?rlkey=)',
    example: 'https://www.dropbox.com/scl/fi/EXAMPLEfileID0123456/report.pdf?rlkey=EXAMPLErlkey0123456789abc&dl=0',
  },
  // Vercel deployment protection bypasses.
  { name: '_vercel_share', family: 'Vercel shareable links', example: 'https://preview-example.vercel.app/?_vercel_share=EXAMPLEshareTOKEN' },
  {
    name: 'x-vercel-protection-bypass',
    family: 'Vercel protection bypass',
    example: 'https://preview-example.vercel.app/?x-vercel-protection-bypass=EXAMPLEbypassSECRET',
  },
];

/** A credential word: a longer name ending in it counts as a credential name. */
export interface CredentialNameEnding {
  readonly ending: string;
  readonly family: string;
  /** A link withheld because a name ends in this word. */
  readonly example: string;
}

/**
 * Words that make a longer name a credential name when the folded name ends in them (docs/design.md §7):
 * `private_token`, `payment_intent_client_secret`, `x-oss-signature`, `auth[token]`.
 * `key` is not one of them (`sort_key`, `spaceKey`); the key words here are longer.
 */
export const CREDENTIAL_NAME_ENDINGS: readonly CredentialNameEnding[] = [
  {
    ending: 'token',
    family: 'tokens (GitLab private_token, AWS SigninToken, CSRF tokens, auth[token])',
    example: 'https://gitlab.example.com/api/v4/projects?private_token=EXAMPLEglTOKEN',
  },
  {
    ending: 'secret',
    family: 'secrets (Stripe payment_intent_client_secret, Slack pub_secret)',
    example: 'https://shop.example.com/return?payment_intent=pi_EXAMPLE&payment_intent_client_secret=pi_EXAMPLE_secret_EXAMPLE',
  },
  { ending: 'password', family: 'passwords (new_password, db_password)', example: 'https://app.example.com/setup?db_password=hunter2' },
  { ending: 'passwd', family: 'passwords', example: 'https://app.example.com/setup?user_passwd=hunter2' },
  {
    ending: 'signature',
    family: 'signatures (x-oss-signature, q-signature, auth_signature)',
    example: 'https://ws.example.com/app/key?auth_key=278d425bdf160c739803&auth_signature=58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
  },
  {
    ending: 'credential',
    family: 'credentials (X-Amz-Credential, x-goog-credential)',
    example: 'https://api.example.com/v1/files?x-service-credential=EXAMPLEcredential',
  },
  { ending: 'apikey', family: 'API keys (google_api_key, x-custom-api-key)', example: 'https://maps.example.com/embed?google_api_key=EXAMPLEapiKEY' },
  { ending: 'accesskey', family: 'access keys (aws_access_key)', example: 'https://api.example.com/v1/upload?aws_access_key=EXAMPLEaccessKEY' },
  { ending: 'secretkey', family: 'secret keys (aws_secret_key)', example: 'https://api.example.com/v1/upload?aws_secret_key=EXAMPLEsecretKEY' },
  {
    ending: 'jwt',
    family: 'JSON Web Tokens under a longer name (Clerk __clerk_db_jwt, Vercel _vercel_jwt)',
    example: 'https://preview.example.com/sign-in?__clerk_db_jwt=dvb_EXAMPLEdevBROWSER',
  },
  { ending: 'privatekey', family: 'private keys (rsa_private_key)', example: 'https://api.example.com/v1/sign?rsa_private_key=EXAMPLEprivateKEY' },
];

/**
 * Values that make a longer name ending in a credential word a setting rather than a credential
 * (`?reset_password=true`, `?include_token=0`), compared case-folded. A name on
 * `CREDENTIAL_PARAMETERS` counts whatever its value.
 */
export const SETTING_VALUES: readonly string[] = [
  'true',
  'false',
  'yes',
  'no',
  'on',
  'off',
  '0',
  '1',
  // A flow's outcome shown back on its landing page (`?reset_password=success`).
  'success',
  'succeeded',
  'ok',
  'done',
  'sent',
  'complete',
  'completed',
  'confirmed',
  'verified',
  'updated',
  'changed',
  'requested',
  'pending',
  'required',
  'expired',
  'invalid',
  'failed',
  'failure',
  'error',
  'denied',
  'cancelled',
  'canceled',
  'missing',
  'none',
];

/**
 * Names that end in a credential word but carry no authority (pagination cursors, a redirect
 * page's anti-abuse token): the ending rule passes over them. Each example is an ordinary link.
 */
export const NOT_CREDENTIAL_PARAMETERS: readonly CredentialParameter[] = [
  { name: 'pageToken', family: 'Google APIs pagination', example: 'https://www.googleapis.com/drive/v3/files?pageSize=10&pageToken=CAESBgoEEAEYAQ' },
  { name: 'nextPageToken', family: 'Google APIs pagination', example: 'https://api.example.com/v1/items?nextPageToken=CAUQAA' },
  { name: 'prevPageToken', family: 'YouTube Data API pagination', example: 'https://api.example.com/v1/items?prevPageToken=CAoQAQ' },
  { name: 'nextToken', family: 'AWS API pagination', example: 'https://api.example.com/v1/items?maxResults=50&nextToken=eyJwYWdlIjoyfQ' },
  {
    name: 'continuation-token',
    family: 'S3 ListObjectsV2 and Azure DevOps pagination',
    example: 'https://examplebucket.s3.amazonaws.com/?list-type=2&continuation-token=1ueGcxLPRx1Tr',
  },
  {
    name: 'pagination_token',
    family: 'X (Twitter) API v2 pagination',
    example: 'https://api.example.com/2/users/12/tweets?pagination_token=7140dibdnow9c7btw3w29grvxfcgvpb9n9coehpk7xz5i',
  },
  {
    name: 'resumptionToken',
    family: 'OAI-PMH harvesting',
    example: 'https://repository.example.org/oai?verb=ListRecords&resumptionToken=0001-01-01T00%3A00%3A00Z%21100',
  },
  {
    name: 'redir_token',
    family: 'YouTube link interstitial (an anti-abuse token for the redirect page, no account authority)',
    example: 'https://www.youtube.com/redirect?event=video_description&redir_token=QUFFLUhqEXAMPLE&q=https%3A%2F%2Fexample.com%2F&v=dQw4w9WgXcQ',
  },
  {
    name: 'syncToken',
    family: 'Google Calendar incremental sync',
    example: 'https://www.googleapis.com/calendar/v3/calendars/primary/events?syncToken=CPDAlvWDx70CEPDAlvWDx70CGAU',
  },
  // OData server-driven paging (Microsoft Graph, Azure Resource Manager, SharePoint, Dataverse).
  {
    name: '$skiptoken',
    family: 'OData paging (nextLink)',
    example: 'https://graph.microsoft.com/v1.0/groups?$top=20&$skiptoken=X%274453707402000100000017EXAMPLE%27',
  },
  {
    name: '$deltatoken',
    family: 'OData delta queries (deltaLink)',
    example: 'https://graph.microsoft.com/v1.0/me/mailFolders/inbox/messages/delta?$deltatoken=EXAMPLEdeltaCURSOR_0123456789abcdef',
  },
];

/** A name that counts as a credential only on the hosts of one family. */
export interface HostScopedParameter {
  /** The registrable domain (or a suffix of labels) the name is scoped to; subdomains count. */
  readonly domain: string;
  readonly name: string;
  /**
   * Path prefixes the name is scoped to on those hosts (Azure Functions keys guard `/api/…`, not
   * an App Service site's own pages); every path when omitted.
   */
  readonly paths?: readonly string[];
  readonly family: string;
  readonly example: string;
}

/**
 * Short names that carry a credential only on certain hosts (docs/design.md §7, scoped by host), so the
 * same short names elsewhere (`?code=`, `?s=`, `?key=`, `?ex=`) don't raise false alarms.
 */
export const HOST_SCOPED_PARAMETERS: readonly HostScopedParameter[] = [
  {
    domain: 'azurewebsites.net',
    name: 'code',
    paths: ['/api/', '/runtime/webhooks/', '/admin/'],
    family: 'Azure Functions function, host and system keys',
    example: 'https://example-func.azurewebsites.net/api/HttpTrigger1?code=EXAMPLEfunctionKEY0123456789abcdefEXAMPLE%3D%3D&name=Azure',
  },
  {
    domain: 'discordapp.com',
    name: 'hm',
    family: 'Discord CDN signed attachments',
    example:
      'https://cdn.discordapp.com/attachments/1012345678900020080/1234567891233211234/my_image.png?ex=65d903de&is=65c68ede&hm=2481f30dd67f503f54d020ae3b5533b9987fae4e55f2b4e3926e08a3fa3ee24f&',
  },
  {
    domain: 'discordapp.com',
    name: 'ex',
    family: 'Discord CDN signed attachments',
    example: 'https://cdn.discordapp.com/attachments/1012345678900020080/1234567891233211234/my_image.png?ex=65d903de',
  },
  {
    domain: 'discordapp.com',
    name: 'is',
    family: 'Discord CDN signed attachments',
    example: 'https://cdn.discordapp.com/attachments/1012345678900020080/1234567891233211234/my_image.png?is=65c68ede',
  },
  {
    domain: 'discordapp.net',
    name: 'hm',
    family: 'Discord media proxy signed attachments',
    example:
      'https://media.discordapp.net/attachments/1012345678900020080/1234567891233211234/my_image.png?ex=65d903de&is=65c68ede&hm=2481f30dd67f503f54d020ae3b5533b9&width=400&height=300',
  },
  {
    domain: 'discordapp.net',
    name: 'ex',
    family: 'Discord media proxy signed attachments',
    example: 'https://media.discordapp.net/attachments/1012345678900020080/1234567891233211234/my_image.png?ex=65d903de&width=400',
  },
  {
    domain: 'discordapp.net',
    name: 'is',
    family: 'Discord media proxy signed attachments',
    example: 'https://media.discordapp.net/attachments/1012345678900020080/1234567891233211234/my_image.png?is=65c68ede&width=400',
  },
  {
    domain: 'imgix.net',
    name: 's',
    family: 'imgix secure URLs',
    example: 'https://example.imgix.net/photo.jpg?w=400&h=300&s=0123456789abcdef0123456789abcdef',
  },
  {
    domain: 'googleapis.com',
    name: 'key',
    family: 'Google APIs (Maps, YouTube Data, Gemini) API keys',
    example: 'https://maps.googleapis.com/maps/api/staticmap?center=Brooklyn+Bridge,New+York,NY&zoom=13&size=600x300&key=YOUR_API_KEY',
  },
  {
    domain: 'googleapis.com',
    name: 'signature',
    family: 'Google Maps Platform URL signatures',
    example: 'https://maps.googleapis.com/maps/api/staticmap?center=Brooklyn&size=600x300&signature=EXAMPLESIG%3D',
  },
  {
    domain: 'google.com',
    name: 'key',
    paths: ['/maps/'],
    family: 'Google Maps Embed API keys',
    example: 'https://www.google.com/maps/embed/v1/place?key=YOUR_API_KEY&q=Space+Needle,Seattle+WA',
  },
  {
    domain: 'virtualearth.net',
    name: 'key',
    family: 'Bing Maps keys',
    example: 'https://dev.virtualearth.net/REST/v1/Locations?query=Seattle&key=YOUR_BING_MAPS_KEY',
  },
  {
    domain: 'core.windows.net',
    name: 'sig',
    family: 'Azure Storage SAS',
    example: 'https://myaccount.blob.core.windows.net/sascontainer/sasblob.txt?sig=EXAMPLEsig',
  },
  {
    domain: 'logic.azure.com',
    name: 'sig',
    family: 'Azure Logic Apps and Teams workflow triggers',
    example: 'https://prod-00.westus.logic.azure.com/workflows/0123456789abcdef/triggers/manual/paths/invoke?api-version=2016-10-01&sig=EXAMPLEsig',
  },
  {
    domain: 'imagedelivery.net',
    name: 'sig',
    family: 'Cloudflare Images signed URLs',
    example: 'https://imagedelivery.net/cheeW4oKsx5ljh8e8BoL2A/bc27a117-9509-446b-8c69-c81bfeac0a01/mobile?sig=EXAMPLEsig',
  },
  {
    domain: 'cloudfront.net',
    name: 'signature',
    family: 'Amazon CloudFront signed URLs',
    example: 'https://d111111abcdef8.cloudfront.net/image.jpg?Signature=EXAMPLEsig',
  },
  {
    domain: 'amazonaws.com',
    name: 'signature',
    family: 'AWS SigV2 presigned URLs',
    example: 'https://examplebucket.s3.amazonaws.com/photos/puppy.jpg?Signature=EXAMPLEsig',
  },
  {
    domain: 'aliyuncs.com',
    name: 'signature',
    family: 'Alibaba Cloud OSS V1 signed URLs',
    example: 'https://examplebucket.oss-cn-hangzhou.aliyuncs.com/exampleobject.txt?Signature=EXAMPLEsig',
  },
  {
    domain: 'firebaseio.com',
    name: 'auth',
    family: 'Firebase Realtime Database REST',
    example: 'https://example-db.firebaseio.com/users/ada.json?auth=EXAMPLEauth',
  },
  {
    domain: 'qyapi.weixin.qq.com',
    name: 'key',
    family: 'WeCom group robot webhooks',
    example: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=EXAMPLE-wecom-robot-key',
  },
  {
    domain: 'openweathermap.org',
    name: 'appid',
    family: 'OpenWeatherMap API keys',
    example: 'https://api.openweathermap.org/data/2.5/weather?q=London&appid=0123456789abcdef0123456789abcdef',
  },
  {
    domain: 'firebasedatabase.app',
    name: 'auth',
    family: 'Firebase Realtime Database REST (regional hosts)',
    example: 'https://example-db-default-rtdb.asia-southeast1.firebasedatabase.app/scores.json?auth=EXAMPLEdbSECRET',
  },
  {
    domain: 'zoom.us',
    name: 'tk',
    family: 'Zoom registrant join links',
    example: 'https://us04web.zoom.us/w/84412345678?tk=EXAMPLEregistrantTOKEN.DQIAAAAEXAMPLE',
  },
  {
    domain: 'teams.microsoft.com',
    name: 'p',
    family: 'Microsoft Teams join links with their passcode',
    example: 'https://teams.microsoft.com/meet/24681357902468?p=Xq7Lm2Pz9Rt4Wv',
  },
  {
    domain: 'teams.live.com',
    name: 'p',
    family: 'Microsoft Teams (free) join links with their passcode',
    example: 'https://teams.live.com/meet/9312345678901?p=Hk3Jd8Qm2Zx',
  },
  { domain: 'tenor.com', name: 'key', family: 'Tenor API keys', example: 'https://g.tenor.com/v1/trending?key=EXAMPLETENORK&limit=5' },
  { domain: 'api.render.com', name: 'key', family: 'Render deploy hooks', example: 'https://api.render.com/deploy/srv-abcdef123456?key=Qw3Er5Ty7Ui' },
  {
    domain: 'api.unsplash.com',
    name: 'client_id',
    family: 'Unsplash access keys passed as client_id',
    example: 'https://api.unsplash.com/search/photos?query=harbour&client_id=EXAMPLEunsplashACCESSkey0123',
  },
  {
    domain: 'llnwd.net',
    name: 'h',
    family: 'Edgio (Limelight) MediaVault hashes',
    example: 'https://customer.vo.llnwd.net/o2/media/clip.mp4?e=1700003600&h=fedcba9876543210fedcba9876543210',
  },
  {
    domain: 'docusign.net',
    name: 't',
    family: 'DocuSign embedded signing (recipient view) links',
    example: 'https://demo.docusign.net/Signing/StartInSession.aspx?t=7d3e2f1a-9b8c-4d5e-a6f7-0e1d2c3b4a59',
  },
  {
    domain: 'kaltura.com',
    name: 'ks',
    family: 'Kaltura sessions',
    example: 'https://cdnapisec.kaltura.com/p/2000000/playManifest/entryId/1_abcd1234/format/url?ks=djJ8MjAwMDAwMHxFWEFNUExFa2FsdHVyYVNlc3Npb24',
  },
];

/** A name that is ordinary on the hosts of one family, whatever other rules say of it. */
export interface HostExemptParameter {
  /** The domain (or a suffix of labels) the exemption holds on; subdomains count. */
  readonly domain: string;
  readonly name: string;
  readonly family: string;
  /** A link left visible because of the exemption. */
  readonly example: string;
}

/**
 * Names that look like credentials to the other rules but are ids on one family's hosts: the
 * host decides first, and these show.
 */
export const HOST_EXEMPT_PARAMETERS: readonly HostExemptParameter[] = [
  {
    domain: 'loom.com',
    name: 'sid',
    family: 'Loom share links (sid is a viewing session for analytics)',
    example: 'https://www.loom.com/share/fedcba9876543210fedcba9876543210?sid=0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9',
  },
  {
    domain: 'twitter.com',
    name: 't',
    family: 'X (Twitter) share links (t was a sharing tracker, not an access token)',
    example: 'https://twitter.com/jack/status/20?s=20&t=f3mXA0tG8hHzlOmGvtvY3A',
  },
  {
    domain: 'x.com',
    name: 't',
    family: 'X share links (t was a sharing tracker, not an access token)',
    example: 'https://x.com/jack/status/20?s=20&t=f3mXA0tG8hHzlOmGvtvY3A',
  },
  {
    domain: 'docs.google.com',
    name: 'key',
    family: 'legacy Google Sheets links (key is the document id)',
    example: 'https://docs.google.com/spreadsheet/pub?key=0AmEXAMPLEsheetKEYdGhpcyBpcyBhIGZha2U&output=html',
  },
  {
    domain: 'spreadsheets.google.com',
    name: 'key',
    family: 'legacy Google Sheets feeds (key is the document id)',
    example: 'https://spreadsheets.google.com/feeds/list?key=0AmEXAMPLEsheetKEYdGhpcyBpcyBhIGZha2U&sheet=1',
  },
];

/** A PHP session id as PHP makes it by default: 26 or more of `0-9a-v` (5 bits a character), letters and digits. */
const PHP_SESSION_ID = /^(?=[^]*\d)(?=[^]*[a-v])[0-9a-v]{26,}$/;
/** A Salesforce session id: the org id (`00D…`), `!`, then the session's secret part. */
const SALESFORCE_SESSION_ID = /^00D[0-9A-Za-z]{12,15}![\w.]{16,}$/;
/**
 * A token of a CDN's token authentication (Fastly `verify=`): a ten- or eleven-digit expiry,
 * `-` or `_`, then a hex digest of twelve or more (a truncated digest is still one).
 */
const TIMESTAMPED_HEX_DIGEST = /^\d{10,11}[-_](?:[0-9a-f]{12,}|[0-9A-F]{12,})$/;
/**
 * A StackPath secure token written with its expiry: the md5 digest (base64url, standard base64
 * or 32 hex digits), `,`, then the expiry.
 */
const DIGEST_AND_EXPIRY = /^(?:[\w+/-]{22}(?:==)?|[0-9a-fA-F]{32}),\d{10,11}$/;
/**
 * An upper-case random value: `LOWER_CASE_RANDOM_VALUE` in capitals (`K7XM2Q9WP4ZR8NV3BC6Y`), a
 * licence or API key's alphabet. A product code with words (`MODEL2024X`) is shorter or has
 * fewer digit runs.
 */
const UPPER_CASE_RANDOM_VALUE = /^(?=[A-Z0-9]{20,}$)(?=[^]*[G-Z])[A-Z]*\d+[A-Z]+\d+[A-Z]+\d/;
/**
 * A mixed-case random value of 16 to 19 characters, under `t` (shorter than
 * `SECRET_LOOKING_VALUES` take): upper and lower case with a digit, no camelCase name.
 */
const SHORT_MIXED_RANDOM_VALUE = /^(?![A-Za-z][a-z]+(?:[A-Z][a-z]+)+\d{0,4}$)(?=[^]*\d)(?=[^]*[a-z])(?=[^]*[A-Z])[A-Za-z0-9]{16,19}$/;
/** A base64 or base64url value mixing cases with a digit, 20 or more, no file path or slug: `SECRET_LOOKING_VALUES` first shape, for `t`. */
const MIXED_CASE_SECRET = /^(?=[^]*\d)(?=[^]*[a-z])(?=[^]*[A-Z])(?![A-Za-z][a-z]+(?:[-_.][A-Za-z][a-z]+)+$)[\w+/=.~-]{20,}$/;
/**
 * A lower-case random value (docs/design.md §7, a long high-entropy value): twenty or more lower-case
 * letters and digits, the digits in at least three runs between letters (`k7xm2q9wp4…`), and a
 * letter past `f`. A word with a number (`summer2024sale`), a version (`release20240101build42`
 * has digits in two runs) or a hex id shorter than a digest (a 24-digit object id) stays
 * ordinary; `SECRET_LOOKING_VALUES` takes mixed case and long hex.
 */
export const LOWER_CASE_RANDOM_VALUE = /^(?=[a-z0-9]{20,}$)(?=[^]*[g-z])[a-z]*\d+[a-z]+\d+[a-z]+\d/;
/** An Azure Functions key: 40 bytes or more of base64, padded (`…==`). */
const FUNCTIONS_KEY = /^[\w+/-]{40,}={1,2}$/;

/** A short name that is a credential only in the right company or with a secret-looking value. */
export interface AmbiguousParameter {
  readonly name: string;
  /** Names that, present in the same uri, mark this one as a signed link's credential. */
  readonly companions: readonly string[];
  /**
   * The values that count in a companion's company (`h` beside `e` is a hash only when it is
   * 32 hex digits); any value when omitted.
   */
  readonly inCompany?: RegExp;
  readonly family: string;
  /** A link withheld: the name in its company, or with a secret-looking value. */
  readonly example: string;
  /** A link left visible: the same name alone with an ordinary value. */
  readonly ordinary: string;
  /** Value shapes of the family's own that make the name count alone (a PHP session id under `sid`). */
  readonly values?: readonly RegExp[];
  /**
   * Whether a secret-looking value (`SECRET_LOOKING_VALUES`) makes the name count alone; true
   * when omitted. False for names whose ordinary values are digests or random ids themselves
   * (a published `md5`, an OAuth `code`).
   */
  readonly secretLooking?: boolean;
  /**
   * Paths in which the name counts whatever its value: an account-recovery or activation page
   * (`/user/password/reset?code=…`), where a code or key is the link's whole authority.
   */
  readonly paths?: RegExp;
}

/** The pages of an account flow whose link is its credential: reset, recovery, activation, verification, invitation. */
export const ACCOUNT_FLOW_PATH = /reset|recover|activat|verif|confirm|unlock|magic|invit|passw/i;

/**
 * Ambiguous names (docs/design.md §7): a credential in a signed link, an ordinary word elsewhere. Each
 * counts where a companion from its family sits in the same uri, where its value looks like a
 * secret (`SECRET_LOOKING_VALUES`) or has its family's own shape (`values`), or where its path
 * is an account flow's (`paths`); host-scoped and host-exempt entries decide first.
 */
export const AMBIGUOUS_PARAMETERS: readonly AmbiguousParameter[] = [
  {
    name: 'signature',
    companions: ['Key-Pair-Id', 'Policy', 'Expires', 'KeyName', 'GoogleAccessId', 'AWSAccessKeyId', 'OSSAccessKeyId', 'AccessKeyId', 'timestamp', 'nonce'],
    family: 'CloudFront, AWS SigV2, GCS V2, Google Cloud CDN, Laravel signed routes, WeChat',
    example: 'https://d111111abcdef8.example.com/image.jpg?Expires=1700000000&Signature=EXAMPLEsig&Key-Pair-Id=APKAEIBAERJR2EXAMPLE',
    ordinary: 'https://mail.example.com/settings?signature=classic',
  },
  {
    name: 'sig',
    companions: ['sv', 'se', 'sp', 'sr', 'srt', 'ss', 'spr', 'skoid', 'exp', 'expires'],
    values: [LOWER_CASE_RANDOM_VALUE],
    family: 'Azure SAS, Cloudflare Images, lower-case random signatures',
    example: 'https://myaccount.example.com/sascontainer/sasblob.txt?sv=2022-11-02&se=2024-01-01T00%3A00%3A00Z&sr=b&sp=r&sig=EXAMPLEsig',
    ordinary: 'https://lists.example.org/archive?sig=network',
  },
  {
    name: 'key',
    // WordPress password-reset links carry `key` beside the account's `login`.
    companions: ['signature', 'expires', 'login'],
    inCompany: /^[\w-]{12,}$/,
    values: [LOWER_CASE_RANDOM_VALUE, UPPER_CASE_RANDOM_VALUE],
    paths: ACCOUNT_FLOW_PATH,
    family: 'API keys under a bare name (Google APIs on custom hosts, Trello, TomTom, lower-case random keys), WordPress reset and activation keys',
    example: 'https://api.example.com/v1/geocode?address=Berlin&key=AIzaSyEXAMPLE0123456789abcdefghijklmno',
    ordinary: 'https://jira.example.com/browse?key=PROJ-123',
  },
  {
    name: 'sign',
    companions: ['timestamp', 'nonce', 'appkey', 'expires', 'time', 't'],
    inCompany: /^[\w+/=-]{16,}$/,
    family: 'signed API calls (appkey, timestamp and sign), Alibaba Cloud CDN type F and Tencent Cloud CDN type D signing',
    example: 'https://open.example.com/api/v1/orders?appkey=12345678&timestamp=1700000000&sign=0123456789ABCDEF0123456789ABCDEF',
    ordinary: 'https://app.example.com/account?sign=in',
  },
  {
    name: 'md5',
    companions: ['expires'],
    // A published checksum is an md5 too: only the expiry makes it a signature.
    secretLooking: false,
    family: 'nginx secure_link signed downloads',
    example: 'https://downloads.example.com/files/setup.exe?md5=AbCdEfEXAMPLE01&expires=1700000000',
    ordinary: 'https://mirror.example.org/releases/tool-1.2.tar.gz?md5=d41d8cd98f00b204',
  },
  {
    name: 'auth',
    companions: [],
    values: [LOWER_CASE_RANDOM_VALUE],
    family: 'auth secrets under a bare name (Firebase on custom hosts, lower-case random tokens)',
    example: 'https://db.example.com/users.json?auth=Q2hhbmdlTWVQbGVhc2UwMTIzNDU2Nzg5',
    ordinary: 'https://app.example.com/login?auth=google',
  },
  {
    name: 'sid',
    companions: [],
    values: [PHP_SESSION_ID, SALESFORCE_SESSION_ID],
    family: 'session ids under a short name (phpBB, Magento SID, Salesforce frontdoor)',
    example: 'https://forum.example.com/viewtopic.php?f=2&t=42&sid=0123456789abcdef0123456789abcdef',
    ordinary: 'https://forum.example.com/viewtopic.php?sid=12',
  },
  {
    name: 'session',
    companions: [],
    values: [PHP_SESSION_ID],
    family: 'session ids under a bare name',
    example: 'https://app.example.com/resume?session=8f14e45fceea167a5a36dedd4bea2543',
    ordinary: 'https://conf.example.com/agenda?session=keynote',
  },
  {
    name: 'ticket',
    companions: [],
    family: 'CAS service tickets, Auth0 password-reset tickets',
    example: 'https://app.example.com/cas/login?ticket=ST-1856339-aA5Yuvrxzpv8Tau1cYQ7',
    ordinary: 'https://support.example.com/view?ticket=ABC-123',
  },
  {
    name: 'verify',
    companions: [],
    values: [TIMESTAMPED_HEX_DIGEST],
    family: 'Cloudflare and Fastly token authentication (`<expiry>-<digest>`)',
    example: 'https://cdn.example.com/downloads/file.zip?verify=1700000000-XtBUnNJLuA0qaVCUUkIfWs%2FHfkR2ILa4HZ1Q9wJ4nls%3D',
    ordinary: 'https://app.example.com/signup?verify=true',
  },
  {
    // OAuth's `code` is single-use and worthless without the client's secret or PKCE verifier,
    // and ordinary links use `?code=` everywhere (discounts, countries, code search): only an
    // Azure Functions key's shape, on any host (custom domains), or an account flow's page
    // (Grafana and Gitea resets, ASP.NET Identity confirmations) makes it count.
    name: 'code',
    companions: [],
    values: [FUNCTIONS_KEY],
    secretLooking: false,
    paths: ACCOUNT_FLOW_PATH,
    family: 'Azure Functions keys on custom domains, password-reset and activation codes',
    example: 'https://grafana.example.com/user/password/reset?code=EXAMPLEresetCODE0123456789',
    ordinary: 'https://shop.example.com/cart?code=WINTER15',
  },
  {
    // imgix on a custom domain: `s` is the md5 signature of the path and parameters.
    name: 's',
    companions: [],
    values: [/^[0-9a-f]{32}$/],
    secretLooking: false,
    family: 'imgix secure URLs on custom domains',
    example: 'https://images.example.com/hero.jpg?w=1200&s=0f1e2d3c4b5a69788796a5b4c3d2e1f0',
    ordinary: 'https://blog.example.com/?s=token+rotation',
  },
  {
    name: 'p',
    companions: ['u'],
    // A page number beside a user filter is no password.
    inCompany: /\D/,
    secretLooking: false,
    family: 'InfluxDB 1.x query-string authentication (u and p)',
    example: 'http://metrics.example.com:8086/query?db=ops&u=grafana&p=EXAMPLEinfluxPW',
    ordinary: 'https://blog.example.com/?p=4217',
  },
  {
    name: 'h',
    companions: ['e'],
    inCompany: /^[0-9a-f]{32}$/,
    secretLooking: false,
    family: 'Edgio (Limelight) MediaVault on custom domains (e expiry, h hash)',
    example: 'https://video.example.com/vod/episode1.mp4?e=1700003600&h=0f1e2d3c4b5a69788796a5b4c3d2e1f0',
    ordinary: 'https://img.example.com/resize/photo.jpg?w=640&h=480',
  },
  {
    name: 'hash',
    companions: ['auth_date'],
    inCompany: /^[0-9a-f]{64}$/,
    secretLooking: false,
    family: 'Telegram Login Widget callbacks (the hash signs auth_date and the user)',
    example:
      'https://app.example.com/auth/telegram?id=42424242&first_name=Ada&auth_date=1700000000&hash=0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9',
    ordinary: 'https://downloads.example.org/iso?file=distro.iso&hash=4c2a8e1f9b7d3065a1e8c4f2b9d7a3e6',
  },
  {
    name: 'pass',
    companions: ['user', 'username', 'usr', 'login', 'u', 'email'],
    family: 'passwords under a short name (IP cameras, routers, legacy CGI)',
    example: 'http://192.168.1.20/cgi-bin/snapshot.cgi?user=admin&pass=hunter2',
    ordinary: 'https://ski.example.com/tickets?pass=season',
  },
  {
    name: 'pw',
    companions: ['user', 'username', 'usr', 'login', 'u', 'email'],
    family: 'passwords under a short name',
    example: 'https://legacy.example.com/login.asp?login=ada&pw=hunter2',
    ordinary: 'https://store.example.com/compare?pw=2',
  },
  {
    // StackPath secure tokens: the digest beside its expiry, or written with it (`secure=<md5>,<expiry>`).
    name: 'secure',
    companions: ['expires'],
    // A lower-case slug (`strict-transport-only`) beside an expiry date is a setting, not a digest.
    inCompany: /^(?![a-z]+(?:-[a-z]+)*$)[\w+/-]{16,}={0,2}$/,
    values: [DIGEST_AND_EXPIRY],
    family: 'StackPath secure tokens',
    example: 'https://cdn.example.com/media/trailer.mp4?secure=EXAMPLEmd5Digest_0-xyz&expires=1700003600',
    ordinary: 'https://app.example.com/cookies?secure=true',
  },
  {
    // A one-letter token: a share or sign-in link's random value. A time (`t=30`, `t=1m30s`), a
    // cache-buster number or a short code stays shown (X's old share links: `HOST_EXEMPT_PARAMETERS`).
    // A hex digest under `t` is a cache-buster (`?t=<md5 of the file>`): only mixed case or a
    // lower-case random value counts, from 16 characters.
    name: 't',
    companions: [],
    values: [LOWER_CASE_RANDOM_VALUE, UPPER_CASE_RANDOM_VALUE, SHORT_MIXED_RANDOM_VALUE, MIXED_CASE_SECRET],
    secretLooking: false,
    family: 'tokens under a one-letter name (share, sign-in and download links)',
    example: 'https://files.example.com/download/report.pdf?t=Xk29fLq83mZp0Rt5Wv7YbN',
    ordinary: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=30',
  },
  {
    // Alibaba Cloud CDN type C signing, parameter form: KEY1 the md5 hash, KEY2 the hex timestamp.
    name: 'KEY1',
    companions: ['KEY2'],
    inCompany: /^[0-9a-f]{32}$/,
    secretLooking: false,
    family: 'Alibaba Cloud CDN type C signing (parameter form)',
    example: 'https://cdn.example.com/media/clip.flv?KEY1=a37fa50a5fb8f71214b1e7c95ec7a1bd&KEY2=6553F100',
    ordinary: 'https://config.example.com/editor?KEY1=value',
  },
];

/** A regular expression over a value or a path, with the family it recognises. */
export interface CredentialShape {
  readonly pattern: RegExp;
  readonly family: string;
  /** A link (fake values) the shape withholds. */
  readonly example: string;
  /**
   * For a path shape: the domains whose hosts (subdomains included) it is tried on, `''` for a
   * uri with no host (an opaque uri's scheme and path); it holds on any uri when omitted.
   * Shapes are looked up by the last two labels of a host, so a link is tested against its own
   * family's shapes only.
   */
  readonly hosts?: readonly string[];
}

// Registered schemes whose opaque path is an address (`mailto:ada@example.com`), never a
// `user:password@host` read with the user taken for a scheme.
const ADDRESS_SCHEMES =
  'mailto|xmpp|im|pres|sips?|tel|sms|mms|fax|modem|urn|news|nntp|geo|cid|mid|magnet|acct|did|tag|facetime(?:-audio)?|skype|callto|jabber|ymsgr|aim|msnim|gtalk|message|ethereum|bitcoin|payto|matrix|irc|ircs|spotify|webcal|feed|data|javascript|about|blob';

/**
 * Credential-bearing path shapes (docs/design.md §7, paths). Each pattern is tested against the uri's
 * host followed by its path (`hooks.slack.com/services/…`), as the URL parser gives them, or,
 * for a uri with no host, its scheme followed by its path (`sip:alice:pw@host`); a pattern with
 * `hosts` is tried on those hosts only, a host-free one on every uri, and one opening with `^/`
 * on the path alone (its first segments). Parameters written into a
 * path (matrix parameters `;jsessionid=…`, CDN token segments `bcdn_token=…`) are read by the
 * parameter rules, and random-looking segments after a capability word by
 * `CAPABILITY_PATH_WORDS`, not listed here.
 */
export const CREDENTIAL_PATH_SHAPES: readonly CredentialShape[] = [
  // Chat and automation webhooks: the address is the secret.
  {
    hosts: ['slack.com'],
    pattern: /^hooks\.slack\.com\.?\/(?:services|workflows|triggers)\/[^/]/,
    family: 'Slack incoming webhooks and workflow triggers',
    example: 'https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX',
  },
  {
    hosts: ['discord.com', 'discordapp.com'],
    pattern: /^(?:[a-z]+\.)?discord(?:app)?\.com\.?\/api\/(?:v\d+\/)?webhooks\/\d+\/[^/]/,
    family: 'Discord webhooks',
    example: 'https://discord.com/api/webhooks/123456789012345678/EXAMPLEwebhookTOKEN_abcdefghijklmnopqrstuvwxyz0123456789',
  },
  {
    pattern: /\/webhookb2\/[^/]/,
    family: 'Microsoft Teams incoming webhooks',
    example:
      'https://example.webhook.office.com/webhookb2/00000000-0000-0000-0000-000000000000@00000000-0000-0000-0000-000000000000/IncomingWebhook/0123456789abcdef0123456789abcdef/00000000-0000-0000-0000-000000000000',
  },
  {
    hosts: ['office.com', 'office365.com'],
    pattern: /^outlook\.office(?:365)?\.com\.?\/webhook\/[^/]/,
    family: 'Office 365 connectors on their legacy hosts',
    example:
      'https://outlook.office.com/webhook/11111111-2222-4333-8444-555555555555@66666666-7777-4888-9999-aaaaaaaaaaaa/IncomingWebhook/fedcba9876543210fedcba9876543210/bbbbbbbb-cccc-4ddd-8eee-ffffffffffff',
  },
  {
    pattern: /\/(?:file\/)?bot\d+:[\w-]{20,}/,
    family: 'Telegram Bot API tokens',
    example: 'https://api.telegram.org/bot123456789:AAEXAMPLE_fakeTokenForTests0123456789/getMe',
  },
  {
    pattern: /\/hooks\/(?=[a-z]*\d)[a-z0-9]{26}(?:\/|$)/,
    family: 'Mattermost incoming webhooks',
    example: 'https://chat.example.com/hooks/0a1b2c3d4e5f6g7h8i9j0k1l2m',
  },
  {
    pattern: /\/hooks\/[A-Za-z0-9]{17}\/[A-Za-z0-9]{40,}/,
    family: 'Rocket.Chat incoming webhooks',
    example: 'https://chat.example.com/hooks/AbCdEf0123456789X/EXAMPLEtoken0123456789abcdefghijklmnopqrstuvwxyz01',
  },
  {
    pattern: /\/open-apis\/bot\/v2\/hook\/[^/]/,
    family: 'Feishu and Lark bot webhooks',
    example: 'https://open.feishu.cn/open-apis/bot/v2/hook/00000000-0000-0000-0000-000000000000',
  },
  {
    hosts: ['zapier.com'],
    pattern: /^hooks\.zapier\.com\.?\/hooks\/(?:catch|standard)\/\d+\/[^/]/,
    family: 'Zapier catch hooks and REST hooks',
    example: 'https://hooks.zapier.com/hooks/catch/123456/abcde1/',
  },
  {
    hosts: ['make.com', 'integromat.com'],
    pattern: /^hook\.(?:[a-z0-9-]+\.)?(?:make|integromat)\.com\.?\/[^/]/,
    family: 'Make (Integromat) custom webhooks',
    example: 'https://hook.us1.make.com/q7w8e9r0t1y2u3i4o5p6a7s8d9f0g1h2',
  },
  {
    hosts: ['pipedream.net'],
    pattern: /^[a-z0-9]+\.m\.pipedream\.net\.?\//,
    family: 'Pipedream HTTP trigger endpoints',
    example: 'https://en1a2b3c4d5e6f7.m.pipedream.net/',
  },
  {
    hosts: ['ifttt.com'],
    pattern: /^maker\.ifttt\.com\.?\/trigger\/[^/]+\/(?:json\/)?with\/key\/[^/]/,
    family: 'IFTTT Webhooks keys',
    example: 'https://maker.ifttt.com/trigger/button_pressed/with/key/EXAMPLEiftttKEY',
  },
  {
    hosts: ['pagerduty.com'],
    pattern: /^events\.(?:[a-z]+\.)?pagerduty\.com\.?\/integration\/[^/]+\/enqueue/,
    family: 'PagerDuty integration URLs (Events API, Custom Event Transformer)',
    example: 'https://events.eu.pagerduty.com/integration/fedcba9876543210fedcba9876543210/enqueue',
  },
  {
    hosts: ['victorops.com'],
    pattern: /^alert\.victorops\.com\.?\/integrations\/generic\/\d+\/alert\/[^/]/,
    family: 'Splunk On-Call (VictorOps) REST endpoints',
    example: 'https://alert.victorops.com/integrations/generic/20131114/alert/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/ops-routing',
  },
  {
    hosts: ['loggly.com'],
    pattern: /^logs-01\.loggly\.com\.?\/(?:inputs|bulk)\/[^/]/,
    family: 'Loggly HTTP inputs (the customer token in the path)',
    example: 'https://logs-01.loggly.com/inputs/0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9/tag/http/',
  },
  {
    hosts: ['trayapp.io'],
    pattern: /^[0-9a-f-]{32,36}\.trayapp\.io\.?\//,
    family: 'Tray.io webhook triggers',
    example: 'https://0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9.trayapp.io/',
  },
  {
    pattern: /\/api\/push\/(?=[a-z\d]*[A-Z])(?=[A-Za-z]*\d)[A-Za-z\d]{8,}$/,
    family: 'Uptime Kuma push monitors',
    example: 'https://status.example.com/api/push/Qw3Er5Ty7U?status=up&msg=OK',
  },
  {
    hosts: ['grafana.net'],
    pattern: /^oncall-[a-z0-9-]+\.grafana\.net\.?\/oncall\/integrations\/v1\/[a-z_]+\/[A-Za-z0-9]{16,}/,
    family: 'Grafana OnCall integration URLs',
    example: 'https://oncall-prod-eu-west-0.grafana.net/oncall/integrations/v1/alertmanager/Qw3Er5Ty7Ui9Op1As3Df5Gh/',
  },
  // Deploy and build hooks.
  {
    hosts: ['netlify.com'],
    pattern: /^api\.netlify\.com\.?\/build_hooks\/[^/]/,
    family: 'Netlify build hooks',
    example: 'https://api.netlify.com/build_hooks/65a1b2c3d4e5f60718293a4b',
  },
  {
    hosts: ['vercel.com'],
    pattern: /^api\.vercel\.com\.?\/v1\/integrations\/deploy\/[^/]+\/[^/]/,
    family: 'Vercel deploy hooks',
    example: 'https://api.vercel.com/v1/integrations/deploy/prj_EXAMPLEproject01/Kd8sP2mQ',
  },
  // Heartbeat monitors: a ping URL lets anyone report a job done.
  {
    hosts: ['hc-ping.com'],
    pattern: /^hc-ping\.com\.?\/[^/]/,
    family: 'Healthchecks.io ping URLs',
    example: 'https://hc-ping.com/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  },
  {
    hosts: ['cronitor.link'],
    pattern: /^cronitor\.link\.?\/p\/[^/]+\/[^/]/,
    family: 'Cronitor telemetry URLs (the API key in the path)',
    example: 'https://cronitor.link/p/EXAMPLEcronitorKEY0123/nightly-backup?state=complete',
  },
  { hosts: ['nosnch.in'], pattern: /^nosnch\.in\.?\/[^/]/, family: "Dead Man's Snitch check-in URLs", example: 'https://nosnch.in/c2354d53d2' },
  // Files and storage: pre-authenticated links whose token is a path segment.
  {
    hosts: ['dropboxusercontent.com'],
    pattern: /^[a-z0-9-]+\.dl\.dropboxusercontent\.com\.?\/cd\/0\/(?:get|inline2?|thumbnail)\/[^/]/,
    family: 'Dropbox temporary links',
    example: 'https://uc0a1b2c3d4e5f.dl.dropboxusercontent.com/cd/0/get/EXAMPLEtemporaryLINKtoken0123/file',
  },
  {
    hosts: ['1drv.com'],
    pattern: /^[a-z0-9.-]+\.files\.1drv\.com\.?\/y4[A-Za-z][\w-]{16,}/,
    family: 'OneDrive personal pre-authenticated downloads (Microsoft Graph downloadUrl)',
    example: 'https://public.bn1303.files.1drv.com/y4pEXAMPLEdownloadTOKEN_0123456789abcdefGHIJ/notes.txt?download',
  },
  {
    hosts: ['boxcloud.com'],
    pattern: /^[a-z0-9-]+\.boxcloud\.com\.?\/d\/1\/[^/]/,
    family: 'Box pre-authenticated downloads',
    example: 'https://public.boxcloud.com/d/1/b1!EXAMPLEboxDOWNLOADtoken_0123456789/download',
  },
  {
    hosts: ['oraclecloud.com'],
    pattern: /^objectstorage\.[a-z0-9-]+\.oraclecloud\.com\.?\/p\/[^/]+\/n\//,
    family: 'Oracle Cloud Object Storage pre-authenticated requests',
    example: 'https://objectstorage.eu-frankfurt-1.oraclecloud.com/p/EXAMPLEparTOKEN-0123456789abcdef/n/tenancyns/b/exports/o/report.csv',
  },
  {
    hosts: ['customer-oci.com'],
    pattern: /^[a-z0-9-]+\.objectstorage\.[a-z0-9-]+\.oci\.customer-oci\.com\.?\/p\/[^/]+\/n\//,
    family: 'Oracle Cloud Object Storage pre-authenticated requests (dedicated endpoints)',
    example: 'https://tenancyns.objectstorage.eu-frankfurt-1.oci.customer-oci.com/p/EXAMPLEparTOKEN-0123456789abcdef/n/tenancyns/b/exports/o/report.csv',
  },
  {
    pattern: /^\/20\d{10}(?:\d\d)?\/[0-9a-f]{32}\//,
    family: 'CDN type B signing (Alibaba, Tencent, Huawei: /timestamp/md5hash/ first in the path)',
    example: 'https://media.example.com/202401011230/0f1e2d3c4b5a69788796a5b4c3d2e1f0/videos/intro.mp4',
  },
  {
    pattern: /^\/[0-9a-f]{32}\/[5-7][0-9A-Fa-f]{7}\//,
    family: 'CDN type C signing (Alibaba, Tencent: /md5hash/hex timestamp/ first in the path)',
    example: 'https://media.example.com/0f1e2d3c4b5a69788796a5b4c3d2e1f0/6592F1A0/videos/intro.mp4',
  },
  // Feeds and calendars published under a secret address.
  {
    hosts: ['google.com'],
    pattern: /^calendar\.google\.com\.?\/calendar\/ical\/[^/]+\/private-[0-9a-f]+\//,
    family: 'Google Calendar secret iCal addresses',
    example: 'https://calendar.google.com/calendar/ical/ada%40example.com/private-0123456789abcdef0123456789abcdef/basic.ics',
  },
  {
    hosts: ['office365.com', 'office.com', 'live.com'],
    pattern: /^outlook\.(?:office365|office|live)\.com\.?\/owa\/calendar\/[^/]+\/[^/]+\/(?:[^/]+\/)?(?:calendar|reachcalendar)\.(?:ics|html)/,
    family: 'Outlook published calendars',
    example: 'https://outlook.office365.com/owa/calendar/fedcba9876543210fedcba9876543210@contoso.example/0123456789abcdef0123456789abcdef/calendar.ics',
  },
  {
    hosts: ['trello.com'],
    pattern: /^trello\.com\.?\/calendar\/[^/]+\/[^/]+\/[0-9a-f]{32}\.ics/,
    family: 'Trello calendar feeds',
    example: 'https://trello.com/calendar/5a1b2c3d4e5f607182930a1b/5f6e7d8c9b0a1f2e3d4c5b6a/0123456789abcdef0123456789abcdef.ics',
  },
  // Payments and identity: single-user session and activation links.
  {
    hosts: ['stripe.com'],
    pattern: /^billing\.stripe\.com\.?\/p\/session\/[^/]/,
    family: 'Stripe customer portal sessions',
    example: 'https://billing.stripe.com/p/session/live_EXAMPLEportalSESSION0123456789',
  },
  {
    hosts: ['stripe.com'],
    pattern: /^connect\.stripe\.com\.?\/(?:setup|express)\/[a-z]\/[^/]+\/[^/]/,
    family: 'Stripe Connect account links',
    example: 'https://connect.stripe.com/setup/s/acct_EXAMPLE0000/Qw3Er5Ty7Ui9',
  },
  {
    hosts: ['okta.com', 'oktapreview.com', 'okta-emea.com'],
    pattern: /^[a-z0-9-]+\.okta(?:preview|-emea)?\.com\.?\/(?:welcome|reset_password|signin\/reset-password|tokens)\/[^/]/,
    family: 'Okta activation and password-reset links',
    example: 'https://dev-000000.okta.com/welcome/Zq8WvXyTsRpQoNmLkJhG',
  },
  // Blockchain RPC endpoints whose key is a path segment.
  {
    hosts: ['alchemy.com'],
    pattern: /^[a-z0-9-]+\.g\.alchemy\.com\.?\/(?:v2|nft\/v[23])\/[\w-]{16,}/,
    family: 'Alchemy RPC endpoints',
    example: 'https://polygon-mainnet.g.alchemy.com/v2/EXAMPLEalchemyKEY_0123456789',
  },
  {
    hosts: ['infura.io'],
    pattern: /^[a-z0-9-]+\.infura\.io\.?\/(?:ws\/)?v3\/[0-9a-f]{32}/,
    family: 'Infura RPC endpoints',
    example: 'https://sepolia.infura.io/v3/fedcba9876543210fedcba9876543210',
  },
  {
    hosts: ['quiknode.pro'],
    pattern: /^[a-z0-9.-]+\.quiknode\.pro\.?\/[0-9a-f]{32,}/,
    family: 'QuickNode endpoints',
    example: 'https://example-endpoint.solana-mainnet.quiknode.pro/fedcba9876543210fedcba9876543210fedcba98/',
  },
  {
    hosts: ['ankr.com'],
    pattern: /^rpc\.ankr\.com\.?\/[a-z0-9_]+\/[0-9a-f]{32,}/,
    family: 'Ankr premium RPC endpoints',
    example: 'https://rpc.ankr.com/eth/fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210',
  },
  {
    hosts: ['chainstack.com'],
    pattern: /^[a-z0-9-]+\.core\.chainstack\.com\.?\/[0-9a-f]{32}/,
    family: 'Chainstack node endpoints',
    example: 'https://ethereum-mainnet.core.chainstack.com/fedcba9876543210fedcba9876543210',
  },
  {
    hosts: ['getblock.io'],
    pattern: /^go\.getblock\.io\.?\/[0-9a-f]{32}/,
    family: 'GetBlock endpoints',
    example: 'https://go.getblock.io/fedcba9876543210fedcba9876543210',
  },
  // Signed media and blob links: the signature or signed id in the path is the link's access.
  // The path as written: `s--` may be percent-encoded (`%73--`, `s%2D%2D`), the segment may end the
  // path or a matrix parameter follow it. An eight-letter lower-case word (`/wiki/s--abcdefgh--/`)
  // is no signature: a random one is all lower-case letters once in three thousand times.
  {
    pattern: /\/(?:s|%73)(?:-|%2[dD]){2}(?:(?![a-z]{8}(?:-|%2[dD]))[\w-]{8}|[\w-]{32})(?:-|%2[dD]){2}(?:\/|;|%2[fF]|$)/,
    family: 'Cloudinary signed delivery URLs (/s--<signature>--/, custom domains included)',
    example: 'https://res.cloudinary.com/demo/image/upload/s--EXAMPL3s--/c_scale,w_300/sample.jpg',
  },
  {
    hosts: ['dropbox.com'],
    pattern: /^(?:www\.)?dropbox\.com\.?\/s\/[a-z0-9]{15}(?:\/|$)/,
    family: 'Dropbox legacy shared links (/s/<15 lower-case letters and digits>/<name>)',
    example: 'https://www.dropbox.com/s/5281eirixevqaaq/report.pdf?dl=0',
  },
  {
    pattern: /\/rails\/active_storage\/(?:(?:blobs|representations)\/(?:(?:redirect|proxy)\/)?|disk\/)[^/]{16}/,
    family: 'Rails Active Storage signed blob, representation and disk-service paths',
    example:
      'https://app.example.com/rails/active_storage/blobs/redirect/eyJfcmFpbHMiOnsiZGF0YSI6NDIsInB1ciI6ImJsb2JfaWQifX0=--fedcba9876543210fedcba9876543210fedcba98/report.pdf',
  },
  // Dashboards shared by a secret address (a dashboard's own /d/<uid>/<slug> needs a sign-in, so it shows).
  {
    pattern: /\/dashboard\/snapshot\/[A-Za-z0-9]{20,}(?:\/|$)/,
    family: 'Grafana dashboard snapshots (self-hosted, Grafana Cloud, snapshots.raintank.io)',
    example: 'https://grafana.example.com/dashboard/snapshot/EXAMPLEsnapshotKEY0123456789abcd',
  },
  {
    pattern: /\/public-dashboards\/(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/|$)/,
    family: 'Grafana public (shared) dashboards: the access token in the path (hex or hyphenated)',
    example: 'https://grafana.example.com/public-dashboards/0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  },
  {
    pattern: /\/api\/public\/dashboards\/(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/|$)/,
    family: 'Grafana public dashboards through the API (/api/public/dashboards/<token>/panels/<id>/query)',
    example: 'https://grafana.example.com/api/public/dashboards/0f1e2d3c4b5a69788796a5b4c3d2e1f0/panels/2/query',
  },
  {
    pattern: /\/api\/snapshots(?:-delete)?\/[A-Za-z0-9]{20,}(?:\/|$)/,
    family: 'Grafana snapshots through the API (the key, or the delete key)',
    example: 'https://grafana.example.com/api/snapshots-delete/EXAMPLEdeleteKEY0123456789abcd',
  },
  // Sessions written into the path.
  {
    pattern: /\/\((?:[A-Z]\([^()/]*\))+\)(?:\/|$)/,
    family: 'ASP.NET cookieless sessions and forms tickets',
    example: 'https://app.example.com/(S(lit3py55t21z5v55vlm25s55))/orderform.aspx',
  },
  // Passwords in an authority, or in an opaque uri's path.
  {
    pattern: /\/\/[^/@]+@/,
    family: 'userinfo in an authority nested in the path (jdbc:, scm:, archived links)',
    example: 'jdbc:mysql://app:EXAMPLEpw@db.example.com:3306/app',
  },
  {
    hosts: [''],
    pattern: /^sips?:[^:@;?#/]+:[^@;?#/]*@/,
    family: 'SIP URIs with a password (RFC 3261 §19.1.1)',
    example: 'sip:bob:EXAMPLEsipPW@voip.example.com;transport=tls',
  },
  {
    hosts: [''],
    pattern: /^jdbc:oracle:[a-z0-9]+:[^/@:]*\/[^@/]+@/,
    family: 'Oracle JDBC URLs with user/password@',
    example: 'jdbc:oracle:thin:app_user/EXAMPLEpw@//db.example.com:1521/SALES',
  },
  {
    hosts: [''],
    pattern: new RegExp(`^(?!(?:${ADDRESS_SCHEMES}):)[a-z][a-z0-9+.-]*:[^\\s/?#@:;]+@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*(?::\\d+)?(?:\\/|$)`),
    family: 'user:password@host written without a scheme (the user read as one)',
    example: 'deploy:EXAMPLEpw@build.example.com:2222/repo',
  },
];

/**
 * Values that carry a credential under any name (docs/design.md §7, values): documented token formats,
 * most of them prefixed. JSON Web Tokens are recognised by their decoded header, not here. Every
 * shape needs more than 16 characters: shorter plain values are never read
 * (`isShortPlainValue`).
 */
export const CREDENTIAL_VALUE_SHAPES: readonly CredentialShape[] = [
  { pattern: /^AIza[\w-]{35}$/, family: 'Google API keys', example: 'https://example.com/embed?k=AIzaSyA-EXAMPLE-0123456789abcdefghijklm' },
  { pattern: /^ya29\.[\w-]{20,}$/, family: 'Google OAuth access tokens', example: 'https://example.com/proxy?t=ya29.a0EXAMPLE0123456789abcdefghij' },
  { pattern: /^gh[pousr]_[A-Za-z0-9]{36,}$/, family: 'GitHub tokens', example: 'https://example.com/clone?x=ghp_EXAMPLE0123456789abcdefghijklmnopqrstu' },
  {
    pattern: /^github_pat_\w{22,}$/,
    family: 'GitHub fine-grained tokens',
    example: 'https://example.com/clone?x=github_pat_11EXAMPLE0123456789abcdef_0123456789',
  },
  {
    pattern: /^gl(?:pat|ptt|rt|dt|ft|imt|oas|soat|cbt|agent|ffct)-[\w-]{20,}$/,
    family: 'GitLab tokens (personal, pipeline trigger, runner, deploy, feed, …)',
    example: 'https://example.com/clone?x=glpat-EXAMPLE0123456789abcd',
  },
  { pattern: /^xox[abposre]-[\w-]{20,}$/, family: 'Slack tokens', example: 'https://example.com/hook?t=xoxb-123456789012-EXAMPLEslackTOKEN' },
  { pattern: /^xapp-\d-[\w-]{20,}$/, family: 'Slack app-level tokens', example: 'https://example.com/socket?t=xapp-1-A0EXAMPLE-0123456789-fedcba9876543210' },
  {
    pattern: /^[rs]k_(?:live|test)_[A-Za-z0-9]{16,}$/,
    family: 'Stripe secret and restricted keys',
    example: 'https://example.com/pay?k=sk_test_EXAMPLE0123456789abcdef',
  },
  {
    pattern: /^whsec_[A-Za-z0-9+/=]{24,}$/,
    family: 'Stripe webhook signing secrets',
    example: 'https://example.com/setup?s=whsec_EXAMPLE0123456789abcdefGHIJ',
  },
  {
    pattern: /^sk-(?=[\w-]*[A-Z])(?=[\w-]*\d)[\w-]{32,}$/,
    family: 'OpenAI and Anthropic API keys',
    example: 'https://example.com/chat?k=sk-proj-EXAMPLE0123456789abcdefghijklmnop',
  },
  {
    pattern: /^SG\.[\w-]{16,}\.[\w-]{16,}$/,
    family: 'SendGrid API keys',
    example: 'https://example.com/mail?k=SG.EXAMPLE0123456789ab.EXAMPLE0123456789abcdef',
  },
  { pattern: /^key-[0-9a-z]{32}$/, family: 'Mailgun API keys', example: 'https://example.com/mail?k=key-0123456789abcdefghijklmnopqrstuv' },
  { pattern: /^npm_[A-Za-z0-9]{36}$/, family: 'npm tokens', example: 'https://example.com/publish?t=npm_EXAMPLE0123456789abcdefghijklmnopqrs' },
  { pattern: /^pypi-AgE[\w-]{40,}$/, family: 'PyPI API tokens', example: 'https://example.com/upload?t=pypi-AgEIcHlwaS5vcmcEXAMPLE0123456789abcdefghijklmnop' },
  { pattern: /^hf_[A-Za-z0-9]{30,}$/, family: 'Hugging Face tokens', example: 'https://example.com/model?t=hf_EXAMPLE0123456789abcdefghijklmn' },
  {
    pattern: /^shp(?:at|ca|pa|ss)_[0-9a-fA-F]{32}$/,
    family: 'Shopify access tokens and shared secrets',
    example: 'https://example.com/app?t=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',
  },
  {
    pattern: /^do[opr]_v1_[0-9a-f]{64}$/,
    family: 'DigitalOcean tokens',
    example: 'https://example.com/api?t=dop_v1_fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210',
  },
  { pattern: /^dckr_(?:pat|oat)_[\w-]{20,}$/, family: 'Docker Hub access tokens', example: 'https://example.com/login?t=dckr_pat_EXAMPLE0123456789abcdef' },
  { pattern: /^hv[sbr]\.[\w-]{24,}$/, family: 'HashiCorp Vault tokens', example: 'https://vault.example.com/ui/?t=hvs.EXAMPLEvaultTOKEN0123456789ab' },
  {
    pattern: /^dapi[0-9a-f]{32}(?:-\d+)?$/,
    family: 'Databricks personal access tokens',
    example: 'https://example.com/jobs?t=dapifedcba9876543210fedcba9876543210',
  },
  {
    pattern: /^lin_(?:api|oauth)_[A-Za-z0-9]{32,}$/,
    family: 'Linear API keys',
    example: 'https://example.com/sync?k=lin_api_EXAMPLE0123456789abcdefghijklmnopqrstuvwxyz',
  },
  {
    pattern: /^(?:secret|ntn)_[A-Za-z0-9]{40,}$/,
    family: 'Notion integration tokens',
    example: 'https://example.com/sync?k=ntn_EXAMPLE0123456789abcdefghijklmnopqrstuvwxyzABCD',
  },
  {
    pattern: /^PMAK-[0-9a-f]{24}-[0-9a-f]{34}$/,
    family: 'Postman API keys',
    example: 'https://example.com/run?k=PMAK-0123456789abcdef01234567-0123456789abcdef0123456789abcdef01',
  },
  {
    pattern: /^dp\.(?:st|pt|sa|ct|scim|audit)\.(?:[\w-]+\.)?[\w-]{20,}$/,
    family: 'Doppler tokens',
    example: 'https://example.com/env?t=dp.st.prd.EXAMPLEdopplerTOKEN0123456789',
  },
  {
    pattern: /^gl(?:sa|c)_[\w+/=-]{32,}$/,
    family: 'Grafana service account and Cloud tokens',
    example: 'https://example.com/embed?t=glsa_EXAMPLE0123456789abcdefghijklmnop_0a1b2c3d',
  },
  {
    pattern: /^sntry[su]_[\w+/=-]{40,}$/,
    family: 'Sentry auth tokens',
    example: 'https://example.com/release?t=sntrys_EXAMPLE0123456789abcdefghijklmnopqrstuvwxyzABCD',
  },
  {
    pattern: /^(?:gsk|r8)_[A-Za-z0-9]{30,}$/,
    family: 'Groq and Replicate API keys',
    example: 'https://example.com/infer?k=gsk_EXAMPLE0123456789abcdefghijklmnopqrst',
  },
  {
    pattern: /^pat[A-Za-z0-9]{14}\.[0-9a-f]{64}$/,
    family: 'Airtable personal access tokens',
    example: 'https://example.com/base?k=patEXAMPLE0123456.fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210',
  },
  { pattern: /^NRAK-[A-Z0-9]{27}$/, family: 'New Relic user API keys', example: 'https://example.com/graph?k=NRAK-EXAMPLE0123456789ABCDEFGHIJ' },
  {
    pattern: /^[MNO][\w-]{23,27}\.[\w-]{6}\.[\w-]{27,40}$/,
    family: 'Discord bot tokens',
    example: 'https://example.com/bot?t=MTAEXAMPLEbotID0123456789.Gh1Jk2.EXAMPLEbotSECRET0123456789abcdefgh',
  },
  {
    pattern: /^[ps]k\.eyJ[\w-]+\.[\w-]{16,}$/,
    family: 'Mapbox access tokens',
    example: 'https://example.com/map?t=pk.eyJ1IjoiZXhhbXBsZSJ9.EXAMPLEmapboxSIG0123',
  },
  { pattern: /^pk\.[0-9a-f]{32}$/, family: 'LocationIQ access tokens', example: 'https://geo.example.com/v1/search?key=pk.fedcba9876543210fedcba9876543210' },
  { pattern: /^\d{6,10}-[0-9a-f]{25}$/, family: 'Pixabay API keys', example: 'https://images.example.com/api/?key=48213577-fedcba9876543210fedcba987' },
  {
    pattern: /^djJ8[\w+/=-]{30,}$/,
    family: 'Kaltura v2 sessions (base64 of `v2|partner|…`)',
    example: 'https://video.example.com/api_v3/service/baseEntry?ks=djJ8MjAwMDAwMHxFWEFNUExFa2FsdHVyYVNlc3Npb24wMTIz',
  },
  {
    pattern: /^\d{10}-[0-9A-Za-z]{0,64}-\d+-[0-9a-f]{32,64}$/,
    family: 'CDN type A signing (Alibaba auth_key, Tencent sign, Huawei, EdgeOne: timestamp-rand-uid-hash)',
    example: 'https://cdn.example.com/pic.jpg?sign=1700000000-k2j4h6g8f0-0-fedcba9876543210fedcba9876543210',
  },
  {
    pattern: /^[\w-]{6}\.[\w-]{6}:[\w+/=-]{30,}$/,
    family: 'Ably API keys (`<app id>.<key id>:<secret>`)',
    example: 'https://rest.ably.io/channels/orders/messages?key=EXAMPL.EXkey1:EXAMPLEablySECRET0123456789abcdefghijklm',
  },
  {
    pattern: /^(?:[^~]*~)+hmac=[0-9a-f]{16,}$/,
    family: 'Akamai EdgeAuth token bodies (…~hmac=) under any name',
    example: 'https://media.example.com/live/index.m3u8?auth=st%3D1700000000~exp%3D1700003600~acl%3D%2Flive%2F*~hmac%3Dfedcba9876543210fedcba98',
  },
];

// A value that is a file path (`uploads/2024/Invoice.pdf`) or a slug of words and numbers
// (`Zero-Trust-Roundtable-2025`): mixed case and digits, but no secret.
const PATH_OR_SLUG = String.raw`(?![^/]*\/[^]*\.[A-Za-z0-9]{1,5}$)(?!(?:[A-Za-z][a-z]+|\d+|[A-Z]{2,})(?:[-_.](?:[A-Za-z][a-z]+|\d+|[A-Z]{2,}))+$)`;

/**
 * Values that look like a secret (docs/design.md §7, "a long high-entropy value"): they make an
 * ambiguous name count. Words, slugs, file paths, short ids and numbers don't match.
 */
export const SECRET_LOOKING_VALUES: readonly CredentialShape[] = [
  {
    pattern: new RegExp(String.raw`^${PATH_OR_SLUG}(?=[^]*\d)(?=[^]*[a-z])(?=[^]*[A-Z])[\w+/=.~-]{20,}$`),
    family: 'base64 and base64url digests and random keys (mixed case with digits, 20 or more)',
    example: 'https://api.example.com/v1/geocode?key=AIzaSyEXAMPLE0123456789abcdef',
  },
  {
    pattern: /^(?:[0-9a-f]{28,}|[0-9A-F]{28,}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/,
    family: 'hex digests and keys (28 or more: longer than an object id) and UUIDs',
    example: 'https://forum.example.com/viewtopic.php?sid=0123456789abcdef0123456789abcdef',
  },
];

/** A word in a path after which a random-looking segment is a capability. */
export interface CapabilityPathWord {
  /**
   * The segment (or segments, joined by `/`), case-insensitive; each `-` in it may be written
   * `_` or left out.
   */
  readonly word: string;
  readonly family: string;
  /** A link withheld for the random-looking segment after this word. */
  readonly example: string;
  /**
   * Whether the word holds on any page (`CAPABILITY_PAGE_SEGMENTS` elsewhere in the path don't
   * turn it off): a token word that no settings or docs page routes a random segment under.
   */
  readonly onAnyPage?: boolean;
}

/**
 * Path segments after which a random-looking segment (`RANDOM_PATH_SEGMENT`, not an
 * `ORDINARY_PATH_SEGMENTS` shape) is the link's credential (docs/design.md §7, paths): webhook ids,
 * password-reset, activation, sign-in and invitation tokens, as web frameworks and services
 * route them (`/reset/<uidb64>/<token>/`, `/reset-password/{token}`, `/hooks/<id>`). The rule
 * reads the `CAPABILITY_SEGMENT_SPAN` segments after the word, and doesn't hold on a page about
 * such links (`CAPABILITY_PAGE_SEGMENTS`).
 */
export const CAPABILITY_PATH_WORDS: readonly CapabilityPathWord[] = [
  { word: 'hooks', family: 'webhook ids (self-hosted chat, CI and automation servers)', example: 'https://ci.example.com/hooks/Xk29fLq83mZp0Rt5Wv7Y' },
  { word: 'hook', family: 'webhook ids', example: 'https://automation.example.com/hook/4c1f9e2b-7a3d-4e8f-b6c5-0d9e8f7a6b5c' },
  {
    word: 'webhooks',
    family: 'webhook ids (Webex incoming webhooks, Cloudflare Pages deploy hooks)',
    example: 'https://api.example.com/v1/webhooks/incoming/Y2lzY29zcGFyazovL0VYQU1QTEUvd2ViaG9vaw',
  },
  { word: 'webhook', family: 'webhook ids (n8n, Home Assistant)', example: 'https://n8n.example.com/webhook/6f1e2d3c-4b5a-4c69-8d7e-0f1a2b3c4d5e' },
  { word: 'webhook-test', family: 'n8n test webhooks', example: 'https://n8n.example.com/webhook-test/6f1e2d3c-4b5a-4c69-8d7e-0f1a2b3c4d5e' },
  { word: 'build-hooks', family: 'build hooks', example: 'https://ci.example.com/build_hooks/Qm7Xc2Vb9Nz4Lk8Jh3Gf' },
  { word: 'deploy-hooks', family: 'deploy hooks', example: 'https://pages.example.com/deploy_hooks/0a9b8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d' },
  { word: 'heartbeat', family: 'heartbeat monitors (Better Stack)', example: 'https://uptime.example.com/api/v1/heartbeat/Rt5Yu7Io9Pa1Sd3Fg5Hj7Kl' },
  { word: 'ping', family: 'heartbeat monitors (self-hosted Healthchecks)', example: 'https://checks.example.com/ping/1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9' },
  {
    word: 'reset',
    family: 'password-reset tokens (Django reset/<uidb64>/<token>/, Drupal user/reset/…, Nextcloud)',
    example: 'https://www.example.com/accounts/reset/Mjc/c3x9kd-fedcba9876543210fedcba98/',
  },
  {
    word: 'reset-password',
    family: 'password-reset tokens (Laravel, Rocket.Chat, Symfony, hash routes)',
    example: 'https://app.example.com/reset-password/fedcba9876543210fedcba9876543210fedcba98',
  },
  {
    word: 'password-reset',
    family: 'password-reset tokens (GitHub, Discourse)',
    example: 'https://forum.example.com/u/password-reset/fedcba9876543210fedcba9876543210',
  },
  {
    word: 'password-resets',
    family: 'password-reset tokens (Rails password_resets)',
    example: 'https://app.example.com/password_resets/Zx81Qw72Er63Ty54Ui45Op36/edit',
  },
  {
    word: 'passwords',
    family: 'password-reset tokens (Rails 8 authentication: passwords/<token>/edit)',
    example: 'https://app.example.com/passwords/Hy3Kd9Lm2Qp7Rs5Tv8Wx1Z/edit',
  },
  { word: 'recover', family: 'account-recovery tokens', example: 'https://app.example.com/recover/Nb5Vc8Xz2Lk4Jh7Gf9Ds1Aq' },
  { word: 'recovery', family: 'account-recovery tokens', example: 'https://id.example.com/recovery/Nb5Vc8Xz2Lk4Jh7Gf9Ds1Aq' },
  { word: 'activate', family: 'account-activation tokens', example: 'https://app.example.com/activate/Pq9Wr2Et5Yu8Io1As4Df7G' },
  { word: 'activation', family: 'account-activation tokens', example: 'https://app.example.com/activation/Pq9Wr2Et5Yu8Io1As4Df7G' },
  {
    word: 'activate-account',
    family: 'account-activation tokens (Discourse)',
    example: 'https://forum.example.com/u/activate-account/fedcba9876543210fedcba9876543210',
  },
  { word: 'verify', family: 'email-verification tokens', example: 'https://app.example.com/verify/Lm3Nb6Vc9Xz2Qw5Er8Ty1U' },
  { word: 'verify-email', family: 'email-verification tokens', example: 'https://app.example.com/verify-email/Lm3Nb6Vc9Xz2Qw5Er8Ty1U' },
  { word: 'email-verification', family: 'email-verification tokens', example: 'https://app.example.com/email-verification/Lm3Nb6Vc9Xz2Qw5Er8Ty1U' },
  { word: 'confirm', family: 'email-confirmation tokens', example: 'https://app.example.com/confirm/Gh4Jk7Lm1Qw3Er6Ty9Ui2O' },
  {
    word: 'confirm-email',
    family: 'email-confirmation tokens (django-allauth)',
    example: 'https://app.example.com/accounts/confirm-email/MTI:1rEXAMPLE:fedcba9876543210abcd/',
  },
  { word: 'confirmation', family: 'email-confirmation tokens', example: 'https://app.example.com/confirmation/Gh4Jk7Lm1Qw3Er6Ty9Ui2O' },
  { word: 'magic-link', family: 'magic sign-in links', example: 'https://app.example.com/magic-link/Vb2Nm5Qw8Er1Ty4Ui7Op0A' },
  { word: 'magic', family: 'magic sign-in links', example: 'https://app.example.com/auth/magic/Vb2Nm5Qw8Er1Ty4Ui7Op0A' },
  { word: 'email-login', family: 'email sign-in links (Discourse)', example: 'https://forum.example.com/session/email-login/fedcba9876543210fedcba9876543210' },
  { word: 'login-link', family: 'email sign-in links', example: 'https://app.example.com/login-link/Vb2Nm5Qw8Er1Ty4Ui7Op0A' },
  { word: 'one-time-login', family: 'one-time sign-in links', example: 'https://cms.example.com/one-time-login/Vb2Nm5Qw8Er1Ty4Ui7Op0A' },
  { word: 'auto-login', family: 'automatic sign-in links', example: 'https://portal.example.com/autologin/Vb2Nm5Qw8Er1Ty4Ui7Op0A' },
  { word: 'invite', family: 'invitation tokens', example: 'https://app.example.com/invite/Xc4Vb7Nm0Qw2Er5Ty8Ui1O' },
  { word: 'invites', family: 'invitation tokens (Discourse)', example: 'https://forum.example.com/invites/Xc4Vb7Nm0Qw2Er5Ty8Ui1O' },
  { word: 'invitation', family: 'invitation tokens', example: 'https://app.example.com/invitation/Xc4Vb7Nm0Qw2Er5Ty8Ui1O' },
  { word: 'invitations', family: 'invitation tokens', example: 'https://app.example.com/invitations/Xc4Vb7Nm0Qw2Er5Ty8Ui1O/accept' },
  { word: 'accept-invite', family: 'invitation tokens', example: 'https://app.example.com/accept-invite/Xc4Vb7Nm0Qw2Er5Ty8Ui1O' },
  { word: 'welcome', family: 'activation links (Okta on custom domains)', example: 'https://login.example.com/welcome/Zq8WvXyTsRpQoNmLkJhG' },
  // A page word elsewhere (`/dashboard/api/token/<token>`) governs no API path: these hold on any page.
  // A Solana mint (`/api/token/<base58>`) stays withheld: base58 is a token's alphabet too.
  {
    word: 'api/token',
    family: 'tokens handed out in an API path (/api/token/<token>); /api/token/refresh and other endpoints show',
    example: 'https://app.example.com/api/token/Xk29fLq83mZp0Rt5Wv7YbN',
    onAnyPage: true,
  },
  {
    word: 'api/tokens',
    family: 'tokens handed out in an API path, plural',
    example: 'https://app.example.com/api/tokens/Xk29fLq83mZp0Rt5Wv7YbN',
    onAnyPage: true,
  },
  {
    word: 'api/v1/token',
    family: 'tokens handed out in a versioned API path',
    example: 'https://app.example.com/api/v1/token/Xk29fLq83mZp0Rt5Wv7YbN',
    onAnyPage: true,
  },
  {
    word: 'api/v2/token',
    family: 'tokens handed out in a versioned API path',
    example: 'https://app.example.com/api/v2/token/Xk29fLq83mZp0Rt5Wv7YbN',
    onAnyPage: true,
  },
  {
    word: 'trusted',
    family: 'Tableau trusted tickets',
    example: 'https://bi.example.com/trusted/Ab3dEf6hIj9kLm2nOp5q==:Rs8tUv1wXy4zAb7c/views/Revenue/Summary',
  },
];

/** How many segments after a capability word the rule reads (Django's `reset/<uidb64>/<token>`, Drupal's `reset/<uid>/<timestamp>/<hash>`). */
export const CAPABILITY_SEGMENT_SPAN = 3;

/**
 * Segments that make a path a page about capability links rather than one (a webhook's
 * settings page, a file in a repository): with one of them anywhere in the path, the
 * capability-word rule doesn't hold for the words a page lists (`/settings/hooks/<id>`). Share
 * words (`/s/<token>`) and token words (`onAnyPage`) hold whatever the page: the word governs no
 * segment of theirs (`/docs/index.php/s/<token>`, `/s/<token>/docs`).
 */
export const CAPABILITY_PAGE_SEGMENTS: readonly string[] = [
  'settings',
  'admin',
  'dashboard',
  'console',
  'manage',
  'preferences',
  'docs',
  'documentation',
  'help',
  'blob',
  'tree',
  'commit',
  'commits',
];

/**
 * A random-looking path segment (docs/design.md §7, paths): twenty or more characters of a token's
 * alphabet, mixing letters with digits or upper with lower case.
 */
export const RANDOM_PATH_SEGMENT = /^(?=[\w\-.~=:+!%]{20,}$)(?:(?=[^A-Za-z]*[A-Za-z])(?=\D*\d)|(?=[^a-z]*[a-z])(?=[^A-Z]*[A-Z]))/;

/** A shape of ordinary text that another rule would take for a secret. */
export interface OrdinaryShape {
  readonly pattern: RegExp;
  readonly family: string;
  /** A link left visible because of this shape. */
  readonly example: string;
}

/** Segments that look random by `RANDOM_PATH_SEGMENT` but name something. */
export const ORDINARY_PATH_SEGMENTS: readonly OrdinaryShape[] = [
  {
    pattern: /^(?:[A-Za-z][a-z]*|\d{1,4}|[A-Z]{2,})(?:[-_.](?:[A-Za-z][a-z]*|\d{1,4}|[A-Z]{2,}))+$/,
    family: 'slugs of words and short numbers',
    example: 'https://events.example.com/invite/Spring-Product-Launch-2025',
  },
  {
    pattern: /^[A-Za-z][a-z]+(?:[A-Z][a-z]+)+\d{0,4}$/,
    family: 'camelCase and PascalCase identifiers',
    example: 'https://app.example.com/docs-site/hooks/useAuthenticationToken',
  },
  // A product name opening lower case, its words capitalised, with model numbers and acronyms
  // (`iPhone15ProMaxReview`, `macOS14SonomaRelease`): each upper-case letter opens a word of
  // two or more lower-case letters or is one of two or three, which a random key's mix seldom keeps.
  // Each piece ends where its class does, so a run is split one way only (linear).
  {
    pattern: /^[a-z]{1,16}(?:[A-Z][a-z]{2,16}(?![a-z])|[A-Z]{2,3}(?![A-Za-z])|\d{1,4}(?!\d))+$/,
    family: 'product names with model numbers (camelCase with digits and acronyms)',
    example: 'https://share.example.com/s/iPhone15ProMaxReview',
  },
  { pattern: /\.[A-Za-z0-9]{1,5}$/, family: 'file names', example: 'https://cdn.example.com/hooks/pre-commit-2025.01.15-v2.sh' },
  {
    pattern: /^0x[0-9a-fA-F]{40}$/,
    family: 'Ethereum addresses (public by design)',
    example: 'https://explorer.example.com/api/token/0x7e57ab1e0000000000000000000000000000c0de',
  },
  {
    pattern: /^[a-z]{2,6}_[A-Za-z0-9]{8,}$/,
    family: 'type-prefixed object ids (Stripe we_…, Vercel prj_…)',
    example: 'https://pay.example.com/webhooks/we_1PqRsTuVwXyZ0123456789',
  },
];

/** Any of the `ORDINARY_PATH_SEGMENTS` shapes, as one expression: each segment is tried once. */
export const ORDINARY_PATH_SEGMENT = new RegExp(ORDINARY_PATH_SEGMENTS.map((shape) => shape.pattern.source).join('|'));

/**
 * Path segments after which the next segment, when it is a share token (`SHARE_TOKEN_SEGMENT`,
 * not an `ORDINARY_PATH_SEGMENTS` shape), is a share link's whole access (docs/design.md §7, paths):
 * Nextcloud and ownCloud `/s/<token>` (fifteen characters), Box `/s/<token>`, Dropbox's legacy
 * `/s/<id>/<name>`. Shorter than `CAPABILITY_PATH_WORDS` tokens, so the test is stricter and
 * only the one segment after the word is read, whatever page words the path holds elsewhere.
 */
export const SHARE_PATH_WORDS: readonly CapabilityPathWord[] = [
  { word: 's', family: 'share links (Nextcloud, ownCloud, Box, Dropbox legacy)', example: 'https://cloud.example.com/index.php/s/Xk29fLq83mZp0Rt' },
];

/**
 * A share token: 15 to 64 letters and digits, mixing upper and lower case, or lower case
 * with digits in two or more runs between letters (`k2x9m4q7w1…`). A slug (`getting-started`),
 * a word, a short code (Reddit's `/s/<10 characters>` shares of public posts) or a word with a
 * number (`launch2025`) isn't one.
 */
export const SHARE_TOKEN_SEGMENT = /^(?=[A-Za-z0-9]{15,64}$)(?:(?=[^a-z]*[a-z])(?=[^A-Z]*[A-Z])|[a-z]*\d+[a-z]+\d)/;

/**
 * A fragment that is a key and nothing else (docs/design.md §7, fragments): the decryption key of an
 * end-to-end encrypted share, kept after `#` so the server never sees it (MEGA `#<key>`,
 * PrivateBin `?<id>#<key>`, Bitwarden Send `#<id>/<key>`). The fragment is one to three runs of
 * base64url or base58 joined by `/` or `!` (not opening with `/` or `!/`: a single-page app's
 * route), the runs before the last captured first, the last (20 to 64 characters: a MEGA,
 * PrivateBin or Bitwarden key, not a diagram's or a playground's whole document) captured
 * second, and may end in the items of a MEGA folder it opens (`/folder/<id>/file/<id>`).
 * `fragmentHoldsKey` decides: a route word before the key (`#code/…`, `#NOTE/…`,
 * `#folders/…`, `#items/…`: `FRAGMENT_ROUTE_WORD`) makes the fragment a route, and the key must
 * be random (`looksLikeRandomKey`), so an anchor (`#section-2`, `#cell-…`,
 * `#CITEREFSmithJones2020`) shows.
 */
export const FRAGMENT_KEY = /^#!?((?:[\w-]{1,64}[/!]){1,2})?([\w-]{20,64})(?:\/(?:file|folder)\/[\w-]{1,64}){0,2}\/?$/;

/**
 * A run before a fragment's key that makes it an app's route rather than a share's id: a word
 * (`code`, `NOTE`, `Folders`) and its `/` or `!`. A share's id is random: it mixes cases or
 * holds a digit.
 */
export const FRAGMENT_ROUTE_WORD = /^(?:[A-Z]?[a-z]+|[A-Z]+)[/!]/;

/**
 * Fragments that are routes to a key (docs/design.md §7, fragments), each with its key captured: the key
 * counts whatever its randomness, unless an ordinary name (`ORDINARY_PATH_SEGMENT`). Bitwarden's
 * web vault and self-hosted servers open a Send as `#/send/<id>/<key>`; MEGA's legacy links are
 * `#!<id>!<key>` and `#F!<id>!<key>`, a folder's item after a third `!`.
 */
export const FRAGMENT_KEY_ROUTES: readonly RegExp[] = [/^#\/send\/[\w-]{1,64}\/([\w-]{16,64})\/?$/, /^#F?![\w-]{1,64}!([\w-]{16,64})(?:![\w-]{1,64})?\/?$/];

/**
 * The domains (subdomains included) whose fragments are share keys by design: MEGA and
 * Bitwarden Send. There a `FRAGMENT_KEY` counts whatever its randomness (a key with no digit,
 * or one that changes class seldom, is still a key), unless an ordinary name.
 */
export const FRAGMENT_KEY_HOSTS: readonly string[] = ['mega.nz', 'mega.co.nz', 'mega.io', 'bitwarden.com', 'bitwarden.eu'];

/** A link whose fragment is a key (`FRAGMENT_KEY`), with its family. */
export const FRAGMENT_KEY_EXAMPLES: readonly { readonly family: string; readonly example: string }[] = [
  { family: 'MEGA file and folder links', example: 'https://mega.nz/file/EXAMPLE0#EXAMPLEk7Xq2Lm9Wp4Zr8Nv3Bc6Yt1Hs5Jd0Gf4Ka' },
  { family: 'MEGA links to a file in a shared folder', example: 'https://mega.nz/folder/EXAMPLE1#EXAMPLEk7Xq2Lm9Wp4Zr8Nv3/file/EXAMPLE2' },
  { family: 'MEGA legacy links', example: 'https://mega.nz/#!EXAMPLE0!EXAMPLEk7Xq2Lm9Wp4Zr8Nv3Bc6Yt1Hs5Jd0Gf4Ka' },
  { family: 'PrivateBin pastes', example: 'https://privatebin.example.net/?f468483c313401e8#EXAMPLEpb7Key5x9Qm2Lk8Jh3Gf6Ds1Aw4Ze' },
  { family: 'Bitwarden Send', example: 'https://send.bitwarden.com/#EXAMPLEsendID012345/EXAMPLEk7Xq2Lm9Wp4Zr8Nv3Bc6' },
  { family: 'MEGA links to a file in a folder in a shared folder', example: 'https://mega.nz/folder/EXAMPLE1#EXAMPLEk7Xq2Lm9Wp4Zr8Nv3/folder/AbCd/file/EfGh' },
];

/** A link whose fragment is a key route (`FRAGMENT_KEY_ROUTES`), with its family. */
export const FRAGMENT_KEY_ROUTE_EXAMPLES: readonly { readonly family: string; readonly example: string }[] = [
  {
    family: 'Bitwarden Send from a web vault or a self-hosted server',
    example: 'https://vault.bitwarden.eu/#/send/EXAMPLEsendID012345/EXAMPLEk7Xq2Lm9Wp4Zr8Nv3Bc6',
  },
  { family: 'MEGA legacy folder links', example: 'https://mega.nz/#F!EXAMPLE0!EXAMPLEk7Xq2Lm9Wp4Zr8Nv3!AbCdEfGh' },
];
