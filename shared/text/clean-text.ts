/**
 * Text a person typed, made safe to store and show: well-formed UTF-16, NFC, no control or bidi
 * override characters, and at least one character that can be seen. Returns the cleaned text or a
 * reason to refuse it (the caller names the field).
 */
export type CleanText = { ok: true; text: string } | { ok: false; reason: string };

// A high surrogate without its low half, or a low one without its high half: not text, and stored as invalid UTF-8.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// C0/C1 controls (NUL, newlines, escapes): a name is one line of plain text.
const CONTROL = /\p{Cc}/u;
// Embeddings, overrides and isolates reorder what follows them ("Trojan Source"); the marks LRM/RLM/ALM too.
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;
// Something that draws ink: not a space, not an invisible format or default-ignorable character, not a lone mark.
const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\p{M}\p{Cc}]/u;

export function cleanText(value: string): CleanText {
  if (LONE_SURROGATE.test(value)) return { ok: false, reason: 'contains a broken character (ill-formed UTF-16)' };
  if (CONTROL.test(value)) return { ok: false, reason: 'contains a control character' };
  if (BIDI.test(value)) return { ok: false, reason: 'contains a text-direction override character' };
  const text = value.normalize('NFC').trim();
  if (!VISIBLE.test(text)) return { ok: false, reason: 'needs at least one visible character' };
  return { ok: true, text };
}
