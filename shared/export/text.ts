/** Characters XML 1.0 forbids (and lone surrogates): a name holding one would make the SVG unparseable. */
const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Longest text an export carries for one name: enough for any real title, bounded for layout. */
const MAX_TEXT_LENGTH = 120;

/** Drops what XML 1.0 forbids; everything else stays as typed. */
function stripForbidden(text: string): string {
  return text.replace(FORBIDDEN, '');
}

/** One line of printable text: forbidden characters dropped, whitespace runs collapsed, length bounded. */
export function cleanText(text: string, fallback = ''): string {
  const cleaned = stripForbidden(text).replace(/\s+/g, ' ').trim();
  const chars = Array.from(cleaned);
  const bounded = chars.length > MAX_TEXT_LENGTH ? `${chars.slice(0, MAX_TEXT_LENGTH - 1).join('')}…` : cleaned;
  return bounded || fallback;
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Safe in XML text and in single- or double-quoted attributes. */
export function escapeXml(text: string): string {
  return stripForbidden(text).replace(/[&<>"']/g, (c) => XML_ENTITIES[c] as string);
}

/**
 * A double-quoted CSS string. Quotes, backslashes and angle brackets become hex escapes, so the text
 * can neither end the string nor close a <style> element the file is pasted into.
 */
export function cssString(text: string): string {
  const body = stripForbidden(text).replace(/[\n\r\t"\\<>]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `);
  return `"${body}"`;
}

/** Text for inside a CSS comment: it cannot end the comment or an enclosing <style> element. */
export function cssComment(text: string): string {
  return cleanText(text).replace(/\*\//g, '* /').replace(/</g, '‹').replace(/>/g, '›');
}

/**
 * Shortens text with an ellipsis until `measure` says it fits in `maxWidth` (binary search over
 * code points, so emoji and accents are never split). Returns '' when not even '…' fits.
 */
export function fitText(text: string, maxWidth: number, measure: (text: string) => number): string {
  if (measure(text) <= maxWidth) return text;
  const chars = Array.from(text);
  let lo = 0;
  let hi = chars.length - 1;
  let best = '';
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const candidate = `${chars.slice(0, mid).join('').trimEnd()}…`;
    if (measure(candidate) <= maxWidth) {
      best = candidate;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return best;
}
