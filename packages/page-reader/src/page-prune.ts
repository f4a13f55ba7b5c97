/**
 * Drops the bodies a job page reader never reads before the page is parsed: script bundles, styles, SVG drawings,
 * <noscript> notices and comments are often most of a multi-megabyte page, and tokenising them and indexing their
 * elements was most of the reading time. The opening tags stay (an icon row still has its <svg class="…">), and so do
 * the scripts the reader does read: JSON blocks (JSON-LD, __NEXT_DATA__) and `window.X = {…}` state assignments.
 * What remains is read up to MAX_PARSED_CHARS, plus the data scripts that come after that point.
 */

/**
 * Markup beyond this many characters (once inert bodies are gone) is not parsed: a job posting's own markup is a
 * small fraction of it, and what lies further down a page this long is lists of other jobs and their filters.
 */
export const MAX_PARSED_CHARS = 1_000_000;

/** A data script longer than this is not read (page-postings.ts skips it too). */
export const MAX_STATE_CHARS = 1_000_000;

import { KEYS } from './page-vocabulary';

// Attribute values are matched whole, so a '>' inside one does not end the tag.
const INERT_START = /<!--|<(script|style|svg|noscript)\b((?:[^>"']|"[^"]*"|'[^']*')*)(?<!\/)>/gi;
const STATE_ASSIGNMENT = /^\s*window\.[\w$]+\s*=\s*\{/;
/** A script that may pass a posting to a function or wrap it: an object key naming a job's title (page-postings.ts). */
const keyPattern = (words: string[]) => new RegExp(`[{,]\\s*["']?(?:${words.join('|')})["']?\\s*:\\s*["'\\w{[]`, 'i');
const POSTING_KEY = keyPattern(KEYS.title);
const NAME_KEY = keyPattern(['name']);
const PLACE_OR_TERMS_KEY = keyPattern([...KEYS.location, ...KEYS.city, ...KEYS.employment.filter((k) => k.length > 4)]);
const JSON_TYPE = /\btype\s*=\s*["']?[\w/+.-]*json/i;

/**
 * A <noscript> body with at least this much text is content, not a notice: some job pages put the posting itself
 * there for crawlers and render it with script. "Please enable JavaScript to view this page" is far shorter.
 */
export const NOSCRIPT_CONTENT_CHARS = 200;
const TAG_OR_SPACE = /<[^>]*>|&[#\w]+;|\s+/g;

/** Whether a noscript body holds content: enough characters outside its tags. */
function isNoscriptContent(body: string): boolean {
  if (body.length < NOSCRIPT_CONTENT_CHARS) return false;
  return body.replace(TAG_OR_SPACE, '').length >= NOSCRIPT_CONTENT_CHARS;
}

/** Whether a script's body is data the reader uses: a JSON block or a `window.X = {…}` assignment. */
function isReadScript(attributes: string, body: string): boolean {
  if (body.length > MAX_STATE_CHARS) return false;
  return (
    JSON_TYPE.test(attributes) ||
    STATE_ASSIGNMENT.test(body) ||
    POSTING_KEY.test(body) ||
    (NAME_KEY.test(body) && PLACE_OR_TERMS_KEY.test(body))
  );
}

interface DataScript {
  /** Where the script starts in the pruned page. */
  at: number;
  html: string;
}

/**
 * The page with inert bodies emptied: `<script>…</script>` → `<script></script>` (unless it holds data the reader
 * uses), likewise style, svg and noscript (unless it holds content: then it is unwrapped, see
 * NOSCRIPT_CONTENT_CHARS); comments removed. Linear in the page: an element that is never closed is
 * left as it is (the parser reads it to the end of the page, as before), and once one name is found unclosed no
 * later element of that name is searched for.
 */
export function pruneInertBodies(html: string, maxChars = MAX_PARSED_CHARS): string {
  const parts: string[] = [];
  const scripts: DataScript[] = [];
  let length = 0;
  const push = (text: string) => {
    parts.push(text);
    length += text.length;
  };
  const copy = (from: number, to: number) => push(html.slice(from, to));
  const unclosed = new Set<string>();
  let copied = 0;
  INERT_START.lastIndex = 0;
  for (let m = INERT_START.exec(html); m; m = INERT_START.exec(html)) {
    const start = m.index;
    const bodyStart = start + m[0].length;
    if (m[0] === '<!--') {
      const end = html.indexOf('-->', bodyStart);
      // An unterminated comment runs to the end of the page, as the parser reads it.
      const stop = end < 0 ? html.length : end + 3;
      copy(copied, start);
      copied = stop;
      INERT_START.lastIndex = stop;
      continue;
    }
    const name = (m[1] ?? '').toLowerCase();
    if (unclosed.has(name)) continue;
    const close = new RegExp(`</${name}\\s*>`, 'gi');
    close.lastIndex = bodyStart;
    const end = close.exec(html);
    if (!end) {
      unclosed.add(name);
      continue;
    }
    const stop = end.index + end[0].length;
    INERT_START.lastIndex = stop;
    if (name === 'script' && isReadScript(m[2] ?? '', html.slice(bodyStart, end.index))) {
      scripts.push({ at: length + start - copied, html: html.slice(start, stop) });
      continue;
    }
    if (name === 'noscript' && isNoscriptContent(html.slice(bodyStart, end.index))) {
      // Read as the page's own markup (the reader skips <noscript>), its inert bodies pruned in turn.
      copy(copied, start);
      push(`<div data-noscript="">${pruneInertBodies(html.slice(bodyStart, end.index), Infinity)}</div>`);
      // The inner pruning used the shared pattern: carry on from the end of this element.
      INERT_START.lastIndex = stop;
      copied = stop;
      continue;
    }
    copy(copied, bodyStart);
    copied = end.index;
  }
  copy(copied, html.length);
  const pruned = parts.join('');
  return pruned.length > maxChars ? capped(pruned, scripts, maxChars) : pruned;
}

/** The pruned page cut at a tag boundary before `maxChars`, with the data scripts from beyond the cut appended. */
function capped(pruned: string, scripts: DataScript[], maxChars: number): string {
  let cut = pruned.lastIndexOf('<', maxChars);
  // A data script running across the cut is moved whole behind it rather than cut in two.
  const across = scripts.find((s) => s.at < cut && s.at + s.html.length > cut);
  if (across) cut = across.at;
  if (cut <= 0) cut = maxChars;
  return (
    pruned.slice(0, cut) +
    scripts
      .filter((s) => s.at >= cut)
      .map((s) => s.html)
      .join('')
  );
}
