import { load } from 'cheerio';
import { htmlToText } from './html-text';
import { extractJobFromHtml, MAX_HTML_LENGTH } from './extract';
import type { ImportResult } from './types';

/** Links that are not pages: skipped by the crawler without fetching them. */
const NOT_HTML =
  /\.(?:pdf|docx?|xlsx?|pptx?|zip|gz|tgz|rar|7z|jpe?g|png|gif|webp|svg|ico|bmp|tiff?|mp[34]|m4a|mov|avi|webm|wav|ogg|css|js|mjs|json|xml|rss|atom|txt|csv|woff2?|ttf|eot|exe|dmg|apk)$/i;

/** The http(s) links of a page (absolute, without #fragment, de-duplicated; obvious files left out). */
export function readLinks(html: string, pageUrl: string, max = 500): string[] {
  const $ = load(html.length > MAX_HTML_LENGTH ? html.slice(0, MAX_HTML_LENGTH) : html);
  const base = $('base[href]').attr('href');
  let baseUrl = pageUrl;
  try {
    if (base) baseUrl = new URL(base, pageUrl).href;
  } catch {
    /* keep the page URL */
  }
  const links = new Set<string>();
  for (const el of $('a[href]').toArray()) {
    if (links.size >= max) break;
    const rel = ($(el).attr('rel') ?? '').toLowerCase();
    if (rel.split(/\s+/).includes('nofollow')) continue;
    try {
      const url = new URL(($(el).attr('href') ?? '').trim(), baseUrl);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      url.hash = '';
      if (NOT_HTML.test(url.pathname)) continue;
      links.add(url.href);
    } catch {
      /* not a URL */
    }
  }
  return [...links];
}

/** One crawled page: its job (if any) and its links. Runs in a worker thread. */
export function readCrawlPage(html: string, url: string): { result: ImportResult | null; links: string[] } {
  let result: ImportResult | null = null;
  try {
    result = extractJobFromHtml(html, url);
  } catch {
    result = null;
  }
  let links: string[] = [];
  try {
    links = readLinks(html, url);
  } catch {
    links = [];
  }
  return { result, links };
}

/** The readable text of a page, for the LLM step (capped). Runs in a worker thread. */
export function readPageText(html: string, maxChars: number): string {
  try {
    const $ = load(html.length > MAX_HTML_LENGTH ? html.slice(0, MAX_HTML_LENGTH) : html);
    $('script, style, noscript, svg, nav, footer, header, form, iframe').remove();
    const title = $('title').first().text().trim();
    const main = $('main').first();
    const body = htmlToText((main.length ? main : $('body')).html() ?? '');
    const text = `${title ? `Page title: ${title}\n\n` : ''}${body}`;
    return text.length > maxChars ? text.slice(0, maxChars) : text;
  } catch {
    return '';
  }
}
