import { type CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import type { JsonObject } from './json-ld';
import type { PageIndex } from './page-index';

/** Properties whose value is rich text: kept as HTML so htmlToText can keep paragraphs and lists. */
const HTML_PROPERTIES = new Set([
  'description',
  'responsibilities',
  'qualifications',
  'experienceRequirements',
  'educationRequirements',
  'skills',
]);

/** The value of one itemprop element, following the microdata rules (meta content, link href, time datetime, ...). */
function propertyValue($: CheerioAPI, el: Element, name: string): unknown {
  if (el.attribs.itemscope !== undefined) return readItem($, el);
  const tag = el.name.toLowerCase();
  const attr = (a: string) => el.attribs[a];
  if (tag === 'meta') return attr('content') ?? '';
  if (['a', 'link', 'area'].includes(tag)) return attr('href') ?? '';
  if (['img', 'audio', 'video', 'source', 'iframe', 'embed', 'track'].includes(tag)) return attr('src') ?? '';
  if (tag === 'time') return attr('datetime') ?? $(el).text().trim();
  if (tag === 'data' || tag === 'meter') return attr('value') ?? $(el).text().trim();
  if (attr('content') !== undefined) return attr('content');
  if (HTML_PROPERTIES.has(name)) return $(el).html() ?? '';
  return $(el).text().replace(/\s+/g, ' ').trim();
}

/** A microdata item as a JSON-LD-like object: { '@type': 'JobPosting', title: '...', hiringOrganization: {...} }. */
function readItem($: CheerioAPI, scope: Element): JsonObject {
  const item: Record<string, unknown[]> = {};
  const visit = (el: Element) => {
    for (const child of el.children) {
      if (child.type !== 'tag') continue;
      const names = (child.attribs.itemprop ?? '').split(/\s+/).filter(Boolean);
      for (const name of names) (item[name] ??= []).push(propertyValue($, child, name));
      // A nested item's properties belong to it, not to this item.
      if (child.attribs.itemscope === undefined) visit(child);
    }
  };
  visit(scope);
  const type = (scope.attribs.itemtype ?? '').split(/\s+/).filter(Boolean);
  const result: JsonObject = { '@type': type.length > 1 ? type : (type[0] ?? '') };
  for (const [name, values] of Object.entries(item)) result[name] = values.length === 1 ? values[0] : values;
  return result;
}

/** The first schema.org JobPosting microdata item on the page, as a JSON-LD-like object; null when there is none. */
export function readMicrodataJob(page: PageIndex): JsonObject | null {
  const el = page.elements.find(
    ({ attribs }) => attribs.itemscope !== undefined && (attribs.itemtype ?? '').includes('JobPosting'),
  );
  return el ? readItem(page.$, el) : null;
}
