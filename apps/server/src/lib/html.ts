/** Escapes text for an HTML element's content or a double-quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/**
 * JSON for a `<script type="application/json">` or `application/ld+json` block: `<` is written as `\u003c`, so no
 * value can close the element (`</script>`) or open a comment (`<!--`); the parsed JSON is unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** Plain text with blank-line paragraphs as HTML paragraphs (line breaks kept), everything escaped. */
export function paragraphsHtml(text: string, className = ''): string {
  const attribute = className ? ` class="${escapeHtml(className)}"` : '';
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p${attribute}>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
    .join('');
}

/** At most `max` characters of plain text on one line, cut at a word with an ellipsis: a meta description. */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}
