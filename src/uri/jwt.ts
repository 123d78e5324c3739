/**
 * Recognising a JSON Web Token by its shape (docs/design.md §7, values): a JWT is a bearer credential
 * under whatever name it travels. And reading a value that is a JSON object, as written or in
 * base64 (`eyJ…`), for the names of its members.
 */

const JWS_OR_JWE = /^[\w-]+(?:\.[\w-]*){2}(?:(?:\.[\w-]*){2})?$/;

/**
 * Whether `value` is shaped like a JWT: three dot-separated base64url parts (five for an
 * encrypted JWE), the first of which decodes to a JSON object with a string `alg`, as every
 * JOSE header has (RFC 7515 §4.1.1, RFC 7516 §4.1.1). A dotted blob whose first part is other
 * JSON (Amazon's `dib={"v":"1"}.….…`) is no JWT. Never throws.
 */
export function looksLikeJwt(value: string): boolean {
  if (!JWS_OR_JWE.test(value)) return false;
  const header = Buffer.from(value.slice(0, value.indexOf('.')), 'base64url').toString('utf8');
  if (!header.trimStart().startsWith('{')) return false;
  const parsed = parsedJson(header);
  return typeof parsed === 'object' && parsed !== null && typeof (parsed as { alg?: unknown }).alg === 'string';
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

// Base64 or base64url of a JSON object's opening `{"`.
const BASE64_JSON_OBJECT = /^eyJ[\w+/=-]*$/;

/**
 * The members with a string value, at any depth, of the JSON object that `value` spells as
 * written (`{"token":"…"}`) or in one part of base64 or base64url (`eyJ…`, AWS AppSync's
 * `header=`), as `[name, value]` pairs; `undefined` when it spells none. Never throws.
 */
export function jsonStringMembers(value: string): readonly (readonly [string, string])[] | undefined {
  let text: string;
  if (value.startsWith('{')) text = value;
  else if (BASE64_JSON_OBJECT.test(value)) text = Buffer.from(value, 'base64').toString('utf8');
  else return undefined;
  // Only a text that closes as an object can parse as one: any other is turned away before
  // `JSON.parse`, whose thrown error costs far more than the test (a value of `{?` pieces is
  // otherwise parsed and caught once per piece, at every nesting level).
  if (!closesAsObject(text)) return undefined;
  const members: [string, string][] = [];
  try {
    JSON.parse(text, (name: string, member: unknown) => {
      if (typeof member === 'string') members.push([name, member]);
      return member;
    });
  } catch {
    return undefined;
  }
  return members;
}

/** JSON's white space, which may follow the closing `}`. */
function isJsonSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** Whether `text`'s last character other than JSON's white space is a `}`. */
function closesAsObject(text: string): boolean {
  let end = text.length - 1;
  while (end >= 0 && isJsonSpace(text.charCodeAt(end))) end -= 1;
  return text.charCodeAt(end) === 0x7d;
}
