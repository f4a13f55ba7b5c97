import { load } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';

/** Elements whose content is never text (scripts, styles, embedded media, form controls). */
export const SKIPPED_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'iframe',
  'object',
  'embed',
  'canvas',
  'head',
  'select',
  'option',
  'textarea',
  'input',
  'button',
]);

/** Elements that start and end a paragraph. */
const PARAGRAPH_TAGS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'aside',
  'nav',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'dl',
  'table',
  'blockquote',
  'pre',
  'form',
  'fieldset',
  'figure',
  'address',
  'hr',
  'details',
  'summary',
]);

/** Elements that start and end a line. */
const LINE_TAGS = new Set(['li', 'tr', 'dt', 'dd', 'figcaption', 'caption', 'legend']);

const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const EMPHASIS_TAGS = new Set(['strong', 'b', 'em', 'u']);

/** Prefix marking heading lines when `markHeadings` is set (a control character that never occurs in text). */
export const HEADING_MARK = '\u0001';

export interface HtmlToTextOptions {
  /** Prefix heading lines (h1–h6, and paragraphs that are wholly bold) with HEADING_MARK. */
  markHeadings?: boolean;
  /** Extra elements to leave out. */
  skip?: (el: Element) => boolean;
  /** Stop reading once this many characters of text are read (bounds the work on huge pages). */
  maxChars?: number;
}

interface Line {
  text: string;
  gap: 1 | 2;
}

/** Nesting deeper than this is read as flat text (keeps the recursive walk within the call stack). */
const MAX_DEPTH = 256;

/** The text of a subtree, without recursion (safe on absurdly deep pages); scripts and styles excluded. */
export function flatText(node: AnyNode): string {
  let text = '';
  const stack: AnyNode[] = [node];
  while (stack.length) {
    const current = stack.pop() as AnyNode;
    if (current.type === 'text') text += current.data;
    else if (current.type === 'tag' || current.type === 'root') {
      if (current.type === 'tag' && SKIPPED_TAGS.has(current.name.toLowerCase())) continue;
      for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i] as AnyNode);
    }
  }
  return text;
}

function textOf(node: AnyNode): string {
  return flatText(node).trim();
}

/** Whether a block element is a pseudo-heading: its only content is one bold/emphasised element. */
function isBoldOnly(el: Element): boolean {
  const children = el.children.filter((c) => !(c.type === 'text' && !c.data.trim()));
  const only = children[0];
  return children.length === 1 && only?.type === 'tag' && EMPHASIS_TAGS.has(only.name) && textOf(only).length > 0;
}

/** Converts DOM nodes to clean text: paragraphs separated by blank lines, list items as '- ' lines. */
export function nodesToText(nodes: AnyNode[], options: HtmlToTextOptions = {}): string {
  const lines: Line[] = [];
  let current = '';
  let gap: 0 | 1 | 2 = 0;
  let prefix = '';
  let listItemDepth = 0;
  let total = 0;
  const limit = options.maxChars ?? Infinity;

  const flush = () => {
    const text = current.replace(/\s+/g, ' ').trim();
    current = '';
    if (!text) return;
    total += text.length;
    lines.push({ text: prefix + text, gap: gap === 2 ? 2 : 1 });
    prefix = '';
    gap = 0;
  };
  const lineBreak = (level: 1 | 2) => {
    flush();
    if (level > gap) gap = level;
  };

  const walk = (node: AnyNode, depth = 0) => {
    if (total >= limit) return;
    if (node.type === 'text') {
      current += node.data;
      return;
    }
    if (depth > MAX_DEPTH) {
      current += ` ${flatText(node)} `;
      return;
    }
    const walkChild = (child: AnyNode) => walk(child, depth + 1);
    if (node.type !== 'tag' && node.type !== 'root' && node.type !== 'script' && node.type !== 'style') return;
    if (node.type !== 'root') {
      const el = node as Element;
      const name = el.name.toLowerCase();
      if (SKIPPED_TAGS.has(name) || el.attribs.hidden !== undefined || options.skip?.(el)) return;
      if (name === 'br') {
        lineBreak(1);
        return;
      }
      if (name === 'td' || name === 'th') {
        current += ' ';
        el.children.forEach(walkChild);
        current += ' ';
        return;
      }
      const paragraph = PARAGRAPH_TAGS.has(name);
      const line = LINE_TAGS.has(name);
      if (paragraph || line) {
        // Inside a list item, nested blocks (a <p>, a sub-list) only start a new line.
        const level = paragraph && listItemDepth === 0 ? 2 : 1;
        lineBreak(level);
        if (name === 'li') prefix = '- ';
        else if (
          options.markHeadings &&
          (HEADING_TAGS.has(name) || ((name === 'p' || name === 'div') && isBoldOnly(el)))
        )
          prefix = HEADING_MARK;
        if (name === 'li') listItemDepth++;
        el.children.forEach(walkChild);
        if (name === 'li') listItemDepth--;
        lineBreak(level);
        return;
      }
      // Inline elements side by side with nothing between them show as separate pieces ('20 000 PLN' then
      // 'brutto / mies.'): a space keeps their words apart.
      if (el.prev?.type === 'tag') current += ' ';
      el.children.forEach(walkChild);
      return;
    }
    node.children.forEach(walkChild);
  };

  nodes.forEach((node) => walk(node));
  flush();
  return lines.map((l, i) => (i === 0 ? l.text : (l.gap === 2 ? '\n\n' : '\n') + l.text)).join('');
}

const TAG_PATTERN = /<\/?[a-z][^>]*>|<!--/i;

/** Normalises plain text: trims lines, collapses runs of spaces and of blank lines. */
export function normaliseText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[^\S\n]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Decodes HTML entities in a plain string ('&amp;' → '&', '&#8217;' → '’'). */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return load(`<p>${text.replace(/</g, '&lt;')}</p>`, null, false).text();
}

/**
 * HTML (or plain text) → clean text. Block elements become paragraphs, <br> and table rows new lines, <li> lines
 * starting with '- '; entities are decoded, whitespace collapsed and scripts/styles dropped. HTML that arrives
 * entity-escaped (common in JSON-LD descriptions: '&lt;p&gt;…') is unescaped first.
 */
export function htmlToText(html: string, options: HtmlToTextOptions = {}): string {
  if (!html) return '';
  let source = html;
  if (!TAG_PATTERN.test(source) && /&lt;\/?[a-z]/i.test(source)) source = decodeEntities(source);
  if (!TAG_PATTERN.test(source)) return normaliseText(decodeEntities(source));
  const $ = load(source, null, false);
  return nodesToText($.root().toArray(), options);
}

/** A single-line text value: tags removed, entities decoded, whitespace collapsed. */
export function inlineText(value: string): string {
  return htmlToText(value).replace(/\s+/g, ' ').trim();
}

/**
 * A memoised "is this element inside one of `roots`?" test: each element's answer is cached along the walk up,
 * so testing every element of a page is linear in its size.
 */
export function insideAnyOf(roots: ReadonlySet<Element>): (el: Element) => boolean {
  const memo = new Map<Element, boolean>();
  return (el) => {
    const chain: Element[] = [];
    let result = false;
    for (let node: Element | null = el; node; node = node.parent?.type === 'tag' ? node.parent : null) {
      const known = memo.get(node);
      if (known !== undefined) {
        result = known;
        break;
      }
      chain.push(node);
      if (roots.has(node)) {
        result = true;
        break;
      }
    }
    for (const node of chain) memo.set(node, result);
    return result;
  };
}
