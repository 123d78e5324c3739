/**
 * HTML built by a tagged template that escapes every interpolated value: a server's text can
 * become an element's text or an attribute's value, never markup. Only {@link SafeHtml} made by
 * this module passes through unescaped.
 */

/** Markup this module built (escaped already); anything else interpolated is escaped. */
export class SafeHtml {
  private constructor(readonly markup: string) {}

  /** Wraps markup this program wrote itself (its constant style sheet), never a server's string. */
  static of(markup: string): SafeHtml {
    return new SafeHtml(markup);
  }

  toString(): string {
    return this.markup;
  }
}

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * `text` with the five characters that can end a text or an attribute written as entities, and
 * the characters HTML can't carry (C0/C1 controls but tab and newline, lone surrogates,
 * noncharacters U+FFFE/U+FFFF) or a reader can't see (the format characters of the Basic
 * Multilingual Plane — bidi controls, zero-width spaces, the byte-order mark — but the joiners
 * emoji need, and the line and paragraph separators) as visible `\uXXXX` escapes.
 */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u0600-\u0605\u061c\u06dd\u070f\u08e2\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (char) => ENTITIES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A value as it may be interpolated: safe markup as is, a list joined, anything else escaped text. */
type Interpolated = SafeHtml | string | number | boolean | null | undefined | readonly Interpolated[];

function render(value: Interpolated): string {
  if (value instanceof SafeHtml) return value.markup;
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** The tagged template: `html\`<p>${serverText}</p>\`` escapes `serverText`. */
export function html(strings: TemplateStringsArray, ...values: readonly Interpolated[]): SafeHtml {
  let markup = strings[0] ?? '';
  values.forEach((value, index) => {
    markup += render(value) + (strings[index + 1] ?? '');
  });
  return SafeHtml.of(markup);
}
