/**
 * The data behind `uriMayCarryCredential` (SPEC §7): one exported list per rule. Each entry
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
}

/**
 * Parameter names that carry a credential wherever they appear with a value (SPEC §7).
 *
 * OAuth's `code` is deliberately absent: an authorization code is single-use and is worth
 * nothing without the client's secret or PKCE verifier, while ordinary links use `?code=`
 * everywhere (country codes, discount codes, code search). It counts only on the hosts that
 * use it as a standing key (`HOST_SCOPED_PARAMETERS`, Azure Functions).
 */
export const CREDENTIAL_PARAMETERS: readonly CredentialParameter[] = [
  // AWS Signature Version 4 presigned URLs (query-string authentication).
  { name: 'X-Amz-Signature', family: 'AWS SigV4', example: 'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404' },
  { name: 'X-Amz-Credential', family: 'AWS SigV4', example: 'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' },
  { name: 'X-Amz-Security-Token', family: 'AWS SigV4 with temporary (STS) credentials', example: 'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Security-Token=FwoGZXIvYXdzEXAMPLETOKEN' },
  // AWS Signature Version 2 presigned URLs (S3 legacy): `Signature` beside it is judged by this company.
  { name: 'AWSAccessKeyId', family: 'AWS SigV2', example: 'https://examplebucket.s3.amazonaws.com/photos/puppy.jpg?AWSAccessKeyId=AKIAIOSFODNN7EXAMPLE&Expires=1141889120&Signature=vjbyPxybdZaNmGa%2ByT272YEAiv4%3D' },
  // Google Cloud Storage signed URLs, V2 and V4.
  { name: 'GoogleAccessId', family: 'Google Cloud Storage V2', example: 'https://storage.googleapis.com/example-bucket/cat.jpeg?GoogleAccessId=signer@example-project.iam.gserviceaccount.com&Expires=1700000000&Signature=EXAMPLESIGNATURE' },
  { name: 'X-Goog-Signature', family: 'Google Cloud Storage V4', example: 'https://storage.googleapis.com/example-bucket/cat.jpeg?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Date=20190201T190000Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=0123456789abcdef' },
  { name: 'X-Goog-Credential', family: 'Google Cloud Storage V4', example: 'https://storage.googleapis.com/example-bucket/cat.jpeg?X-Goog-Credential=example%40example-project.iam.gserviceaccount.com%2F20190201%2Fus%2Fstorage%2Fgoog4_request' },
  // Alibaba Cloud OSS signed URLs, V1 (OSSAccessKeyId + Signature) and V4 (x-oss-*).
  { name: 'OSSAccessKeyId', family: 'Alibaba Cloud OSS V1', example: 'https://examplebucket.oss-cn-hangzhou.aliyuncs.com/exampleobject.txt?OSSAccessKeyId=LTAI5tEXAMPLEKEYID&Expires=1700000000&Signature=EXAMPLESIG%3D' },
  { name: 'x-oss-signature', family: 'Alibaba Cloud OSS V4', example: 'https://examplebucket.oss-cn-hangzhou.aliyuncs.com/exampleobject.txt?x-oss-signature-version=OSS4-HMAC-SHA256&x-oss-date=20231203T121212Z&x-oss-expires=3600&x-oss-signature=0123456789abcdef0123456789abcdef' },
  { name: 'x-oss-credential', family: 'Alibaba Cloud OSS V4', example: 'https://examplebucket.oss-cn-hangzhou.aliyuncs.com/exampleobject.txt?x-oss-credential=LTAI5tEXAMPLEKEYID%2F20231203%2Fcn-hangzhou%2Foss%2Faliyun_v4_request' },
  // Tencent Cloud COS signed URLs.
  { name: 'q-sign-algorithm', family: 'Tencent Cloud COS', example: 'https://examplebucket-1250000000.cos.ap-beijing.myqcloud.com/exampleobject?q-sign-algorithm=sha1&q-sign-time=1700000000%3B1700003600' },
  { name: 'q-ak', family: 'Tencent Cloud COS', example: 'https://examplebucket-1250000000.cos.ap-beijing.myqcloud.com/exampleobject?q-ak=AKIDEXAMPLEEXAMPLEEXAMPLE&q-key-time=1700000000%3B1700003600' },
  { name: 'q-signature', family: 'Tencent Cloud COS', example: 'https://examplebucket-1250000000.cos.ap-beijing.myqcloud.com/exampleobject?q-signature=0123456789abcdef0123456789abcdef01234567' },
  // Huawei OBS and other S3-alike stores sign with AccessKeyId beside Signature.
  { name: 'AccessKeyId', family: 'Huawei Cloud OBS', example: 'https://examplebucket.obs.cn-north-4.myhuaweicloud.com/object?AccessKeyId=EXAMPLEACCESSKEY&Expires=1700000000&Signature=EXAMPLE%3D' },
  // Backblaze B2 download authorization token.
  { name: 'Authorization', family: 'Backblaze B2', example: 'https://f000.backblazeb2.com/file/example-bucket/report.pdf?Authorization=3_20240101000000_0123456789abcdef_EXAMPLE_down' },
  // Akamai EdgeAuth tokens (query form; the `__token__` form folds to `token`).
  { name: 'hdnts', family: 'Akamai EdgeAuth', example: 'https://media.example.com/video/master.m3u8?hdnts=exp%3D1700000000~acl%3D%2F*~hmac%3D0123456789abcdef' },
  { name: 'hdnea', family: 'Akamai EdgeAuth', example: 'https://media.example.com/video/master.m3u8?hdnea=st%3D1700000000~exp%3D1700003600~acl%3D%2F*~hmac%3D0123456789abcdef' },
  // Wowza SecureToken.
  { name: 'wowzatokenhash', family: 'Wowza SecureToken', example: 'https://stream.example.com/live/stream/playlist.m3u8?wowzatokenstarttime=1700000000&wowzatokenhash=EXAMPLEhash0123456789' },
  // HMAC-signed links (Shopify app launch, many CDNs): the HMAC is what makes the link a capability.
  { name: 'hmac', family: 'HMAC-signed links', example: 'https://admin.example.com/app/launch?shop=example.myshopify.com&timestamp=1700000000&hmac=0123456789abcdef0123456789abcdef' },
  // OAuth 2.0 tokens, secrets and verifiers.
  { name: 'access_token', family: 'OAuth 2.0', example: 'https://app.example.com/callback#access_token=EXAMPLEaccessTOKEN0123&token_type=Bearer&expires_in=3600' },
  { name: 'refresh_token', family: 'OAuth 2.0', example: 'https://app.example.com/token?grant_type=refresh_token&refresh_token=EXAMPLErefreshTOKEN' },
  { name: 'id_token', family: 'OpenID Connect', example: 'https://app.example.com/callback#id_token=EXAMPLEidTOKEN&state=af0ifjsldkj' },
  { name: 'client_secret', family: 'OAuth 2.0', example: 'https://auth.example.com/oauth/token?client_id=app&client_secret=EXAMPLEclientSECRET' },
  { name: 'code_verifier', family: 'OAuth 2.0 PKCE', example: 'https://auth.example.com/oauth/token?grant_type=authorization_code&code_verifier=dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk' },
  { name: 'client_assertion', family: 'OAuth 2.0 JWT client authentication', example: 'https://auth.example.com/oauth/token?client_assertion_type=urn%3Aietf%3Aparams%3Aoauth%3Aclient-assertion-type%3Ajwt-bearer&client_assertion=EXAMPLEassertion' },
  { name: 'device_code', family: 'OAuth 2.0 device authorization', example: 'https://auth.example.com/oauth/token?grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&device_code=GmRhmhcxhwAzkoEqiMEg_DnyEysNkuNhszIySk9eS' },
  { name: 'oobCode', family: 'Firebase Auth action links (password reset, email verification)', example: 'https://example.firebaseapp.com/__/auth/action?mode=resetPassword&oobCode=EXAMPLEoobCODE&lang=en' },
  // OAuth 1.0a.
  { name: 'oauth_token', family: 'OAuth 1.0a', example: 'https://api.example.com/oauth/authorize?oauth_token=EXAMPLEoauthTOKEN' },
  { name: 'oauth_token_secret', family: 'OAuth 1.0a', example: 'https://app.example.com/cb?oauth_token_secret=EXAMPLEtokenSECRET' },
  { name: 'oauth_signature', family: 'OAuth 1.0a', example: 'https://api.example.com/1/statuses?oauth_consumer_key=xvz1evFS4wEEPTGEFPHBog&oauth_nonce=kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg&oauth_signature=tnnArxj06cWHq44gCs1OSKk%2FjLY%3D' },
  // Generic tokens, secrets and passwords.
  { name: 'token', family: 'generic token (Firebase Storage, Supabase, Mux, Bunny, Qiniu, Jupyter, …)', example: 'https://firebasestorage.googleapis.com/v0/b/example.appspot.com/o/photo.jpg?alt=media&token=0b0b0b0b-1c1c-4d4d-8e8e-0f0f0f0f0f0f' },
  { name: 'secret', family: 'generic secret', example: 'https://hooks.example.com/trigger?secret=EXAMPLEsecret' },
  { name: 'password', family: 'generic password', example: 'https://db.example.com/connect?user=admin&password=hunter2' },
  { name: 'passwd', family: 'generic password', example: 'https://router.example.com/login.cgi?user=admin&passwd=hunter2' },
  { name: 'passcode', family: 'meeting passcodes', example: 'https://meet.example.com/j/123456789?passcode=314159' },
  { name: 'pwd', family: 'meeting passcodes (Zoom) and short passwords', example: 'https://us02web.zoom.us/j/85551234567?pwd=EXAMPLEpwd0123456789' },
  { name: 'otp', family: 'one-time passwords', example: 'https://app.example.com/verify?otp=492039' },
  { name: 'jwt', family: 'JSON Web Tokens by name', example: 'https://app.example.com/sso?jwt=EXAMPLEjwt' },
  { name: 'bearer', family: 'bearer tokens by name', example: 'https://api.example.com/v1/export?bearer=EXAMPLEbearer' },
  { name: 'credential', family: 'generic credential', example: 'https://api.example.com/v1/export?credential=EXAMPLEcredential' },
  { name: 'passphrase', family: 'generic password', example: 'https://vault.example.com/unlock?passphrase=correct-horse-battery-staple' },
  // API keys, listed one by one: a name merely ending in `key` (sort_key, spaceKey) is ordinary.
  { name: 'api_key', family: 'API keys, also spelt apikey and apiKey (NASA, NewsAPI, Alpha Vantage, Airtable, …)', example: 'https://newsapi.org/v2/top-headlines?country=us&apiKey=0123456789abcdef0123456789abcdef' },
  { name: 'x-api-key', family: 'API keys passed as a header name', example: 'https://api.example.com/v1/items?x-api-key=EXAMPLEapiKEY' },
  { name: 'x-goog-api-key', family: 'Google API keys passed as a header name', example: 'https://generativelanguage.googleapis.com/v1beta/models?x-goog-api-key=EXAMPLEkey' },
  { name: 'x-algolia-api-key', family: 'Algolia', example: 'https://EXAMPLEAPP-dsn.algolia.net/1/indexes/products?x-algolia-application-id=EXAMPLEAPP&x-algolia-api-key=EXAMPLEsearchKEY' },
  { name: 'access_key', family: 'access keys', example: 'https://api.example.com/v1/rates?access_key=EXAMPLEaccessKEY' },
  { name: 'secret_key', family: 'secret keys', example: 'https://api.example.com/v1/charge?secret_key=EXAMPLEsecretKEY' },
  { name: 'private_key', family: 'private keys', example: 'https://api.example.com/v1/sign?private_key=EXAMPLEprivateKEY' },
  { name: 'authkey', family: 'OneDrive share and download keys', example: 'https://onedrive.live.com/download?cid=0123456789ABCDEF&resid=0123456789ABCDEF%21123&authkey=%21AEXAMPLEauthKEY' },
  { name: 'application_key', family: 'Datadog application keys', example: 'https://api.datadoghq.com/api/v1/validate?api_key=EXAMPLE&application_key=EXAMPLEappKEY' },
  { name: 'license_key', family: 'New Relic and other licence keys', example: 'https://collector.example.com/agent_listener/invoke_raw_method?license_key=EXAMPLElicenseKEY' },
  { name: 'key_id', family: 'key ids naming a signing key', example: 'https://cdn.example.com/video.mp4?key_id=k1&expires=1700000000' },
  { name: 'subscription-key', family: 'Azure API Management', example: 'https://example.azure-api.net/echo/resource?subscription-key=0123456789abcdef0123456789abcdef' },
  { name: 'Ocp-Apim-Subscription-Key', family: 'Azure API Management', example: 'https://example.azure-api.net/echo/resource?Ocp-Apim-Subscription-Key=0123456789abcdef0123456789abcdef' },
  // Sessions: a session id is a bearer credential.
  { name: 'session_id', family: 'session ids', example: 'https://shop.example.com/cart?session_id=EXAMPLEsession0123' },
  { name: 'jsessionid', family: 'session ids (Java servlet)', example: 'https://app.example.com/home?jsessionid=0123456789ABCDEF0123456789ABCDEF' },
  { name: 'phpsessid', family: 'session ids (PHP)', example: 'https://forum.example.com/index.php?PHPSESSID=0123456789abcdef0123456789' },
  { name: 'sessid', family: 'session ids', example: 'https://app.example.com/index.php?sessid=0123456789abcdef' },
  { name: 'session_key', family: 'session keys', example: 'https://app.example.com/api?session_key=EXAMPLEsessionKEY' },
  { name: 'ASP.NET_SessionId', family: 'session ids (ASP.NET)', example: 'https://app.example.com/default.aspx?ASP.NET_SessionId=lit3py55t21z5v55vlm25s55' },
  { name: 'osCsid', family: 'session ids (osCommerce)', example: 'https://shop.example.com/product_info.php?products_id=42&osCsid=0123456789abcdef0123456789abcdef' },
  { name: 'zenid', family: 'session ids (Zen Cart)', example: 'https://shop.example.com/index.php?main_page=login&zenid=0123456789abcdef0123456789abcdef' },
  // SAML: a response is a signed assertion, a bearer credential.
  { name: 'SAMLResponse', family: 'SAML', example: 'https://sp.example.com/acs?SAMLResponse=EXAMPLEsamlRESPONSE&RelayState=%2Fhome' },
  // Vercel deployment protection bypasses.
  { name: '_vercel_share', family: 'Vercel shareable links', example: 'https://preview-example.vercel.app/?_vercel_share=EXAMPLEshareTOKEN' },
  { name: 'x-vercel-protection-bypass', family: 'Vercel protection bypass', example: 'https://preview-example.vercel.app/?x-vercel-protection-bypass=EXAMPLEbypassSECRET' },
];

/** A credential word: a longer name ending in it counts as a credential name. */
export interface CredentialNameEnding {
  readonly ending: string;
  readonly family: string;
  /** A link withheld because a name ends in this word. */
  readonly example: string;
}

/**
 * Words that make a longer name a credential name when the folded name ends in them (SPEC §7):
 * `private_token`, `payment_intent_client_secret`, `x-oss-signature`, `auth[token]`.
 * `key` is not one of them (`sort_key`, `spaceKey`); the key words here are longer.
 */
export const CREDENTIAL_NAME_ENDINGS: readonly CredentialNameEnding[] = [
  { ending: 'token', family: 'tokens (GitLab private_token, AWS SigninToken, CSRF tokens, auth[token])', example: 'https://gitlab.example.com/api/v4/projects?private_token=EXAMPLEglTOKEN' },
  { ending: 'secret', family: 'secrets (Stripe payment_intent_client_secret, Slack pub_secret)', example: 'https://shop.example.com/return?payment_intent=pi_EXAMPLE&payment_intent_client_secret=pi_EXAMPLE_secret_EXAMPLE' },
  { ending: 'password', family: 'passwords (new_password, db_password)', example: 'https://app.example.com/setup?db_password=hunter2' },
  { ending: 'passwd', family: 'passwords', example: 'https://app.example.com/setup?user_passwd=hunter2' },
  { ending: 'signature', family: 'signatures (x-oss-signature, q-signature, auth_signature)', example: 'https://ws.example.com/app/key?auth_key=278d425bdf160c739803&auth_signature=58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4' },
  { ending: 'credential', family: 'credentials (X-Amz-Credential, x-goog-credential)', example: 'https://api.example.com/v1/files?x-service-credential=EXAMPLEcredential' },
  { ending: 'apikey', family: 'API keys (google_api_key, x-custom-api-key)', example: 'https://maps.example.com/embed?google_api_key=EXAMPLEapiKEY' },
  { ending: 'accesskey', family: 'access keys (aws_access_key)', example: 'https://api.example.com/v1/upload?aws_access_key=EXAMPLEaccessKEY' },
  { ending: 'secretkey', family: 'secret keys (aws_secret_key)', example: 'https://api.example.com/v1/upload?aws_secret_key=EXAMPLEsecretKEY' },
  { ending: 'privatekey', family: 'private keys (rsa_private_key)', example: 'https://api.example.com/v1/sign?rsa_private_key=EXAMPLEprivateKEY' },
];

/**
 * Values that make a longer name ending in a credential word a setting rather than a credential
 * (`?reset_password=true`, `?include_token=0`), compared case-folded. A name on
 * `CREDENTIAL_PARAMETERS` counts whatever its value.
 */
export const SETTING_VALUES: readonly string[] = ['true', 'false', 'yes', 'no', 'on', 'off', '0', '1'];

/**
 * Names that end in a credential word but carry no authority (pagination cursors, a redirect
 * page's anti-abuse token): the ending rule passes over them. Each example is an ordinary link.
 */
export const NOT_CREDENTIAL_PARAMETERS: readonly CredentialParameter[] = [
  { name: 'pageToken', family: 'Google APIs pagination', example: 'https://www.googleapis.com/drive/v3/files?pageSize=10&pageToken=CAESBgoEEAEYAQ' },
  { name: 'nextPageToken', family: 'Google APIs pagination', example: 'https://api.example.com/v1/items?nextPageToken=CAUQAA' },
  { name: 'prevPageToken', family: 'YouTube Data API pagination', example: 'https://api.example.com/v1/items?prevPageToken=CAoQAQ' },
  { name: 'nextToken', family: 'AWS API pagination', example: 'https://api.example.com/v1/items?maxResults=50&nextToken=eyJwYWdlIjoyfQ' },
  { name: 'continuation-token', family: 'S3 ListObjectsV2 and Azure DevOps pagination', example: 'https://examplebucket.s3.amazonaws.com/?list-type=2&continuation-token=1ueGcxLPRx1Tr' },
  { name: 'pagination_token', family: 'X (Twitter) API v2 pagination', example: 'https://api.example.com/2/users/12/tweets?pagination_token=7140dibdnow9c7btw3w29grvxfcgvpb9n9coehpk7xz5i' },
  { name: 'resumptionToken', family: 'OAI-PMH harvesting', example: 'https://repository.example.org/oai?verb=ListRecords&resumptionToken=0001-01-01T00%3A00%3A00Z%21100' },
  { name: 'redir_token', family: 'YouTube link interstitial (an anti-abuse token for the redirect page, no account authority)', example: 'https://www.youtube.com/redirect?event=video_description&redir_token=QUFFLUhqEXAMPLE&q=https%3A%2F%2Fexample.com%2F&v=dQw4w9WgXcQ' },
  { name: 'syncToken', family: 'Google Calendar incremental sync', example: 'https://www.googleapis.com/calendar/v3/calendars/primary/events?syncToken=CPDAlvWDx70CEPDAlvWDx70CGAU' },
];

/** A name that counts as a credential only on the hosts of one family. */
export interface HostScopedParameter {
  /** The registrable domain (or a suffix of labels) the name is scoped to; subdomains count. */
  readonly domain: string;
  readonly name: string;
  readonly family: string;
  readonly example: string;
}

/**
 * Short names that carry a credential only on certain hosts (SPEC §7, scoped by host), so the
 * same short names elsewhere (`?code=`, `?s=`, `?key=`, `?ex=`) don't raise false alarms.
 */
export const HOST_SCOPED_PARAMETERS: readonly HostScopedParameter[] = [
  { domain: 'azurewebsites.net', name: 'code', family: 'Azure Functions function and host keys', example: 'https://example-func.azurewebsites.net/api/HttpTrigger1?code=EXAMPLEfunctionKEY0123456789abcdefEXAMPLE%3D%3D&name=Azure' },
  { domain: 'discordapp.com', name: 'hm', family: 'Discord CDN signed attachments', example: 'https://cdn.discordapp.com/attachments/1012345678900020080/1234567891233211234/my_image.png?ex=65d903de&is=65c68ede&hm=2481f30dd67f503f54d020ae3b5533b9987fae4e55f2b4e3926e08a3fa3ee24f&' },
  { domain: 'discordapp.com', name: 'ex', family: 'Discord CDN signed attachments', example: 'https://cdn.discordapp.com/attachments/1012345678900020080/1234567891233211234/my_image.png?ex=65d903de' },
  { domain: 'discordapp.com', name: 'is', family: 'Discord CDN signed attachments', example: 'https://cdn.discordapp.com/attachments/1012345678900020080/1234567891233211234/my_image.png?is=65c68ede' },
  { domain: 'discordapp.net', name: 'hm', family: 'Discord media proxy signed attachments', example: 'https://media.discordapp.net/attachments/1012345678900020080/1234567891233211234/my_image.png?ex=65d903de&is=65c68ede&hm=2481f30dd67f503f54d020ae3b5533b9&width=400&height=300' },
  { domain: 'discordapp.net', name: 'ex', family: 'Discord media proxy signed attachments', example: 'https://media.discordapp.net/attachments/1012345678900020080/1234567891233211234/my_image.png?ex=65d903de&width=400' },
  { domain: 'discordapp.net', name: 'is', family: 'Discord media proxy signed attachments', example: 'https://media.discordapp.net/attachments/1012345678900020080/1234567891233211234/my_image.png?is=65c68ede&width=400' },
  { domain: 'imgix.net', name: 's', family: 'imgix secure URLs', example: 'https://example.imgix.net/photo.jpg?w=400&h=300&s=0123456789abcdef0123456789abcdef' },
  { domain: 'googleapis.com', name: 'key', family: 'Google APIs (Maps, YouTube Data, Gemini) API keys', example: 'https://maps.googleapis.com/maps/api/staticmap?center=Brooklyn+Bridge,New+York,NY&zoom=13&size=600x300&key=YOUR_API_KEY' },
  { domain: 'googleapis.com', name: 'signature', family: 'Google Maps Platform URL signatures', example: 'https://maps.googleapis.com/maps/api/staticmap?center=Brooklyn&size=600x300&signature=EXAMPLESIG%3D' },
  { domain: 'google.com', name: 'key', family: 'Google Maps Embed API keys', example: 'https://www.google.com/maps/embed/v1/place?key=YOUR_API_KEY&q=Space+Needle,Seattle+WA' },
  { domain: 'virtualearth.net', name: 'key', family: 'Bing Maps keys', example: 'https://dev.virtualearth.net/REST/v1/Locations?query=Seattle&key=YOUR_BING_MAPS_KEY' },
  { domain: 'core.windows.net', name: 'sig', family: 'Azure Storage SAS', example: 'https://myaccount.blob.core.windows.net/sascontainer/sasblob.txt?sig=EXAMPLEsig' },
  { domain: 'logic.azure.com', name: 'sig', family: 'Azure Logic Apps and Teams workflow triggers', example: 'https://prod-00.westus.logic.azure.com/workflows/0123456789abcdef/triggers/manual/paths/invoke?api-version=2016-10-01&sig=EXAMPLEsig' },
  { domain: 'imagedelivery.net', name: 'sig', family: 'Cloudflare Images signed URLs', example: 'https://imagedelivery.net/cheeW4oKsx5ljh8e8BoL2A/bc27a117-9509-446b-8c69-c81bfeac0a01/mobile?sig=EXAMPLEsig' },
  { domain: 'cloudfront.net', name: 'signature', family: 'Amazon CloudFront signed URLs', example: 'https://d111111abcdef8.cloudfront.net/image.jpg?Signature=EXAMPLEsig' },
  { domain: 'amazonaws.com', name: 'signature', family: 'AWS SigV2 presigned URLs', example: 'https://examplebucket.s3.amazonaws.com/photos/puppy.jpg?Signature=EXAMPLEsig' },
  { domain: 'aliyuncs.com', name: 'signature', family: 'Alibaba Cloud OSS V1 signed URLs', example: 'https://examplebucket.oss-cn-hangzhou.aliyuncs.com/exampleobject.txt?Signature=EXAMPLEsig' },
  { domain: 'firebaseio.com', name: 'auth', family: 'Firebase Realtime Database REST', example: 'https://example-db.firebaseio.com/users/ada.json?auth=EXAMPLEauth' },
  { domain: 'qyapi.weixin.qq.com', name: 'key', family: 'WeCom group robot webhooks', example: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=EXAMPLE-wecom-robot-key' },
  { domain: 'openweathermap.org', name: 'appid', family: 'OpenWeatherMap API keys', example: 'https://api.openweathermap.org/data/2.5/weather?q=London&appid=0123456789abcdef0123456789abcdef' },
];

/** A short name that is a credential only in the right company or with a secret-looking value. */
export interface AmbiguousParameter {
  readonly name: string;
  /** Names that, present in the same uri, mark this one as a signed link's credential. */
  readonly companions: readonly string[];
  readonly family: string;
  /** A link withheld: the name in its company, or with a secret-looking value. */
  readonly example: string;
  /** A link left visible: the same name alone with an ordinary value. */
  readonly ordinary: string;
}

/**
 * Ambiguous names (SPEC §7): a credential in a signed link, an ordinary word elsewhere. Each
 * counts where a companion from its family sits in the same uri, or where its value looks like
 * a secret (`SECRET_LOOKING_VALUES`); host-scoped entries decide first.
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
    family: 'Azure SAS, Cloudflare Images',
    example: 'https://myaccount.example.com/sascontainer/sasblob.txt?sv=2022-11-02&se=2024-01-01T00%3A00%3A00Z&sr=b&sp=r&sig=EXAMPLEsig',
    ordinary: 'https://lists.example.org/archive?sig=network',
  },
  {
    name: 'key',
    companions: ['signature', 'expires'],
    family: 'API keys under a bare name (Google APIs on custom hosts, Trello, TomTom)',
    example: 'https://api.example.com/v1/geocode?address=Berlin&key=AIzaSyEXAMPLE0123456789abcdefghijklmno',
    ordinary: 'https://jira.example.com/browse?key=PROJ-123',
  },
  {
    name: 'sign',
    companions: ['timestamp', 'nonce', 'appkey', 'expires'],
    family: 'signed API calls (appkey, timestamp and sign)',
    example: 'https://open.example.com/api/v1/orders?appkey=12345678&timestamp=1700000000&sign=0123456789ABCDEF0123456789ABCDEF',
    ordinary: 'https://app.example.com/account?sign=in',
  },
  {
    name: 'md5',
    companions: ['expires'],
    family: 'nginx secure_link signed downloads',
    example: 'https://downloads.example.com/files/setup.exe?md5=AbCdEfEXAMPLE01&expires=1700000000',
    ordinary: 'https://mirror.example.org/releases/tool-1.2.tar.gz?md5=d41d8cd98f00b204',
  },
  {
    name: 'auth',
    companions: [],
    family: 'auth secrets under a bare name (Firebase on custom hosts)',
    example: 'https://db.example.com/users.json?auth=Q2hhbmdlTWVQbGVhc2UwMTIzNDU2Nzg5',
    ordinary: 'https://app.example.com/login?auth=google',
  },
  {
    name: 'sid',
    companions: [],
    family: 'session ids under a short name (phpBB)',
    example: 'https://forum.example.com/viewtopic.php?f=2&t=42&sid=0123456789abcdef0123456789abcdef',
    ordinary: 'https://forum.example.com/viewtopic.php?sid=12',
  },
  {
    name: 'session',
    companions: [],
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
    family: 'Cloudflare token authentication',
    example: 'https://cdn.example.com/downloads/file.zip?verify=1700000000-XtBUnNJLuA0qaVCUUkIfWs%2FHfkR2ILa4HZ1Q9wJ4nls%3D',
    ordinary: 'https://app.example.com/signup?verify=true',
  },
];

/** A regular expression over a value or a path, with the family it recognises. */
export interface CredentialShape {
  readonly pattern: RegExp;
  readonly family: string;
  /** A link (fake values) the shape withholds. */
  readonly example: string;
}

/**
 * Credential-bearing path shapes (SPEC §7, paths). Each pattern is tested against the uri's
 * host followed by its path (`hooks.slack.com/services/…`), as the URL parser gives them; a
 * host-free pattern starts with `/` and holds on any host. Parameters written into a path
 * (matrix parameters `;jsessionid=…`, CDN token segments `bcdn_token=…`) are read by the
 * parameter rules, not listed here.
 */
export const CREDENTIAL_PATH_SHAPES: readonly CredentialShape[] = [
  { pattern: /^hooks\.slack\.com\.?\/(?:services|workflows|triggers)\/[^/]/, family: 'Slack incoming webhooks and workflow triggers', example: 'https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX' },
  { pattern: /^(?:[a-z]+\.)?discord(?:app)?\.com\.?\/api\/(?:v\d+\/)?webhooks\/\d+\/[^/]/, family: 'Discord webhooks', example: 'https://discord.com/api/webhooks/123456789012345678/EXAMPLEwebhookTOKEN_abcdefghijklmnopqrstuvwxyz0123456789' },
  { pattern: /\/webhookb2\/[^/]/, family: 'Microsoft Teams incoming webhooks', example: 'https://example.webhook.office.com/webhookb2/00000000-0000-0000-0000-000000000000@00000000-0000-0000-0000-000000000000/IncomingWebhook/0123456789abcdef0123456789abcdef/00000000-0000-0000-0000-000000000000' },
  { pattern: /\/(?:file\/)?bot\d+:[\w-]{20,}/, family: 'Telegram Bot API tokens', example: 'https://api.telegram.org/bot123456789:AAEXAMPLE_fakeTokenForTests0123456789/getMe' },
  { pattern: /\/hooks\/(?=[a-z]*\d)[a-z0-9]{26}(?:\/|$)/, family: 'Mattermost incoming webhooks', example: 'https://chat.example.com/hooks/0a1b2c3d4e5f6g7h8i9j0k1l2m' },
  { pattern: /\/hooks\/[A-Za-z0-9]{17}\/[A-Za-z0-9]{40,}/, family: 'Rocket.Chat incoming webhooks', example: 'https://chat.example.com/hooks/AbCdEf0123456789X/EXAMPLEtoken0123456789abcdefghijklmnopqrstuvwxyz01' },
  { pattern: /\/open-apis\/bot\/v2\/hook\/[^/]/, family: 'Feishu and Lark bot webhooks', example: 'https://open.feishu.cn/open-apis/bot/v2/hook/00000000-0000-0000-0000-000000000000' },
  { pattern: /^[a-z0-9-]+\.dl\.dropboxusercontent\.com\.?\/cd\/0\/(?:get|inline2?|thumbnail)\/[^/]/, family: 'Dropbox temporary links', example: 'https://uc0a1b2c3d4e5f.dl.dropboxusercontent.com/cd/0/get/EXAMPLEtemporaryLINKtoken0123/file' },
  { pattern: /^hooks\.zapier\.com\.?\/hooks\/catch\/\d+\/[^/]/, family: 'Zapier catch hooks', example: 'https://hooks.zapier.com/hooks/catch/123456/abcde1/' },
  { pattern: /^maker\.ifttt\.com\.?\/trigger\/[^/]+\/(?:json\/)?with\/key\/[^/]/, family: 'IFTTT Webhooks keys', example: 'https://maker.ifttt.com/trigger/button_pressed/with/key/EXAMPLEiftttKEY' },
  { pattern: /^calendar\.google\.com\.?\/calendar\/ical\/[^/]+\/private-[0-9a-f]+\//, family: 'Google Calendar secret iCal addresses', example: 'https://calendar.google.com/calendar/ical/ada%40example.com/private-0123456789abcdef0123456789abcdef/basic.ics' },
  { pattern: /\/\((?:[A-Z]\([^()/]*\))+\)(?:\/|$)/, family: 'ASP.NET cookieless sessions and forms tickets', example: 'https://app.example.com/(S(lit3py55t21z5v55vlm25s55))/orderform.aspx' },
  { pattern: /\/\/[^/@]+@/, family: 'userinfo in an authority nested in the path (jdbc:, scm:, archived links)', example: 'jdbc:mysql://app:EXAMPLEpw@db.example.com:3306/app' },
];

/**
 * Values that carry a credential under any name (SPEC §7, values): documented, prefixed token
 * formats. JSON Web Tokens are recognised by their decoded header, not here. Every shape needs
 * more than 16 characters: shorter plain values are never read (`isShortPlainValue`).
 */
export const CREDENTIAL_VALUE_SHAPES: readonly CredentialShape[] = [
  { pattern: /^AIza[\w-]{35}$/, family: 'Google API keys', example: 'https://example.com/embed?k=AIzaSyA-EXAMPLE-0123456789abcdefghijklm' },
  { pattern: /^ya29\.[\w-]{20,}$/, family: 'Google OAuth access tokens', example: 'https://example.com/proxy?t=ya29.a0EXAMPLE0123456789abcdefghij' },
  { pattern: /^gh[pousr]_[A-Za-z0-9]{36,}$/, family: 'GitHub tokens', example: 'https://example.com/clone?x=ghp_EXAMPLE0123456789abcdefghijklmnopqrstu' },
  { pattern: /^github_pat_\w{22,}$/, family: 'GitHub fine-grained tokens', example: 'https://example.com/clone?x=github_pat_11EXAMPLE0123456789abcdef_0123456789' },
  { pattern: /^glpat-[\w-]{20,}$/, family: 'GitLab personal access tokens', example: 'https://example.com/clone?x=glpat-EXAMPLE0123456789abcd' },
  { pattern: /^xox[abposre]-[\w-]{20,}$/, family: 'Slack tokens', example: 'https://example.com/hook?t=xoxb-123456789012-EXAMPLEslackTOKEN' },
  { pattern: /^[rs]k_(?:live|test)_[A-Za-z0-9]{16,}$/, family: 'Stripe secret and restricted keys', example: 'https://example.com/pay?k=sk_test_EXAMPLE0123456789abcdef' },
  { pattern: /^sk-(?=[\w-]*[A-Z])(?=[\w-]*\d)[\w-]{32,}$/, family: 'OpenAI and Anthropic API keys', example: 'https://example.com/chat?k=sk-proj-EXAMPLE0123456789abcdefghijklmnop' },
  { pattern: /^SG\.[\w-]{16,}\.[\w-]{16,}$/, family: 'SendGrid API keys', example: 'https://example.com/mail?k=SG.EXAMPLE0123456789ab.EXAMPLE0123456789abcdef' },
  { pattern: /^npm_[A-Za-z0-9]{36}$/, family: 'npm tokens', example: 'https://example.com/publish?t=npm_EXAMPLE0123456789abcdefghijklmnopqrs' },
  { pattern: /^hf_[A-Za-z0-9]{30,}$/, family: 'Hugging Face tokens', example: 'https://example.com/model?t=hf_EXAMPLE0123456789abcdefghijklmn' },
];

/**
 * Values that look like a secret (SPEC §7, "a long high-entropy value"): they make an
 * ambiguous name count. Words, slugs, short ids and numbers don't match.
 */
export const SECRET_LOOKING_VALUES: readonly CredentialShape[] = [
  { pattern: /^(?=[^]*\d)(?=[^]*[a-z])(?=[^]*[A-Z])[\w+/=.~-]{20,}$/, family: 'base64 and base64url digests and random keys (mixed case with digits, 20 or more)', example: 'https://api.example.com/v1/geocode?key=AIzaSyEXAMPLE0123456789abcdef' },
  { pattern: /^(?:[0-9a-f]{32,}|[0-9A-F]{32,}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/, family: 'hex digests (32 or more) and UUIDs', example: 'https://forum.example.com/viewtopic.php?sid=0123456789abcdef0123456789abcdef' },
];
