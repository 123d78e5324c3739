/**
 * Recognising a JSON Web Token by its shape (SPEC §7, values): a JWT is a bearer credential
 * under whatever name it travels.
 */

const JWS_OR_JWE = /^[\w-]+(?:\.[\w-]*){2}(?:(?:\.[\w-]*){2})?$/;

/**
 * Whether `value` is shaped like a JWT: three dot-separated base64url parts (five for an
 * encrypted JWE), the first of which decodes to a JSON object (the JOSE header). Never throws.
 */
export function looksLikeJwt(value: string): boolean {
  if (!JWS_OR_JWE.test(value)) return false;
  const header = Buffer.from(value.slice(0, value.indexOf('.')), 'base64url').toString('utf8');
  return header.trimStart().startsWith('{') && parsesAsJson(header);
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
