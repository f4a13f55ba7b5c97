import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** Link schemes that may become a clickable link. Everything else stays plain text. */
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * A markdown-style link `[label](url)`. The label cannot contain brackets or line breaks; the URL
 * cannot contain whitespace and may contain one level of balanced parentheses (as Wikipedia URLs do).
 */
const LINK_PATTERN = /\[([^[\]\n]+)\]\(([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)\)/g;

/**
 * The href to use for a link target, or null when it must not become a link. Only absolute http,
 * https and mailto URLs pass; relative, malformed and every other scheme (javascript:, data:,
 * vbscript:, …) are refused. The URL is parsed with the WHATWG parser, so case and whitespace
 * tricks are normalized before the scheme is checked, and the normalized href is what gets rendered.
 */
export function safeLinkHref(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
}

/** Splits text into paragraphs at blank lines (lines holding only whitespace count as blank). */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

function renderInline(paragraph: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of paragraph.matchAll(LINK_PATTERN)) {
    const [whole, label = '', target = ''] = match;
    const href = safeLinkHref(target);
    // An unsafe link stays in the text run exactly as written.
    if (href === null) continue;
    if (match.index > last) nodes.push(paragraph.slice(last, match.index));
    nodes.push(
      <a
        key={match.index}
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
      >
        {label}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>,
    );
    last = match.index + whole.length;
  }
  if (last < paragraph.length) nodes.push(paragraph.slice(last));
  return nodes;
}

/** Like `RichText` but for a single run of text inside an existing element (a list item, a cell): no paragraphs. */
export function RichInline({ text }: { text: string }) {
  return <>{renderInline(text)}</>;
}

/**
 * Renders plain text as paragraphs (separated by blank lines) in which markdown-style links
 * `[label](url)` with an http, https or mailto URL become links opening in a new tab. Text is only
 * ever rendered as React text nodes, never as HTML.
 */
export function RichText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn('space-y-4', className)}>
      {paragraphsOf(text).map((paragraph, index) => (
        <p key={index}>{renderInline(paragraph)}</p>
      ))}
    </div>
  );
}
