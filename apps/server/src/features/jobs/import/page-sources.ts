/**
 * Where the page reader finds evidence: each function reads one kind of place on a page without structured data
 * and returns candidate values with a weight (how far that kind of place is trusted). page-scoring.ts weighs them.
 */
import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { flatText, inlineText, insideAnyOf, nodesToText, SKIPPED_TAGS } from './html-text';
import {
  type Candidate,
  cleanCompany,
  companiesInDescription,
  inlineLabels,
  labelField,
  readChip,
  readLabelled,
  segments,
} from './page-evidence';
import { CHROME_CLASS, JOB_SECTION_WORDS, OTHER_JOBS_CLASS, OTHER_JOBS_HEADINGS } from './page-vocabulary';

const fold = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
const classOf = (el: Element) => `${el.attribs.class ?? ''} ${el.attribs.id ?? ''}`;
const OTHER_HEADINGS = new Set(OTHER_JOBS_HEADINGS);

export const meta = ($: CheerioAPI, key: string) =>
  inlineText($(`meta[property="${key}"], meta[name="${key}"]`).first().attr('content') ?? '');

/**
 * Elements whose content is never about this job: navigation, cookie banners, and blocks listing other jobs
 * ('Similar jobs', 'Andere vacatures'), found by their heading or their class. Returns a memoised test.
 */
export function excludedTest($: CheerioAPI): (el: Element) => boolean {
  const roots = new Set<Element>($('nav, [role=navigation], [aria-hidden=true], script, style, template').toArray());
  $('[class], [id]').each((_, el) => {
    const cls = classOf(el);
    if (CHROME_CLASS.test(cls) || (OTHER_JOBS_CLASS.test(cls) && el.name !== 'body' && el.name !== 'main'))
      roots.add(el);
  });
  $('h2, h3, h4, h5, h6, strong, b').each((_, el) => {
    const text = fold(flatText(el)).replace(/[:.]$/, '');
    if (!OTHER_HEADINGS.has(text) && !/^(?:more|other) (?:jobs|openings|roles) at\b/.test(text)) return;
    // The block is the heading's container (a section, aside or div holding the list).
    const parent = el.parent?.type === 'tag' ? el.parent : null;
    if (parent && parent.name !== 'body' && parent.name !== 'main') roots.add(parent);
    else roots.add(el);
  });
  return insideAnyOf(roots);
}

/** Meta and Open Graph tags: the site name, and the description's 'at X', 'Location: Y', 'Time type: Z'. */
export function metaSources($: CheerioAPI): Candidate[] {
  const out: Candidate[] = [];
  for (const key of ['og:site_name', 'application-name']) {
    const company = cleanCompany(meta($, key));
    if (company) out.push({ field: 'company', value: company, source: key, weight: 2 });
  }
  for (const key of ['og:description', 'description', 'twitter:description']) {
    const text = meta($, key);
    if (!text) continue;
    for (const company of companiesInDescription(text))
      out.push({ field: 'company', value: company, source: 'description', weight: 1.5 });
    out.push(...inlineLabels(text, 'description', 1.5));
  }
  return out;
}

/** The page's title strings, most trusted first (split and cleaned once the company is known). */
export function titleStrings($: CheerioAPI): { text: string; source: string; weight: number }[] {
  return [
    { text: meta($, 'og:title'), source: 'og:title', weight: 2.5 },
    { text: meta($, 'twitter:title'), source: 'twitter:title', weight: 1 },
    { text: inlineText($('title').first().text()), source: 'title', weight: 2 },
  ].filter((t) => t.text);
}

const TITLE_CLASS =
  /(?:^|[\s_-])(?:job|position|posting|vacancy|offer|stelle|poste)?[-_]?(?:title|header|headline|name|titlepage)(?:$|[\s_-])/i;
const BLOCK_CHILD = /^(?:div|p|ul|ol|table|section|article|h[1-6]|dl|form)$/;

/** Headings: the first h1, elements classed as a job title (span.titlepage, h2.jv-header), aria-labels. */
export function headingSources(
  $: CheerioAPI,
  excluded: (el: Element) => boolean,
): { candidates: Candidate[]; heading: Element | null } {
  const out: Candidate[] = [];
  let heading: Element | null = null;
  const add = (el: Element, source: string, weight: number) => {
    if (excluded(el) || el.children.some((c) => c.type === 'tag' && BLOCK_CHILD.test(c.name))) return;
    const text = inlineText(flatText(el));
    if (text.length < 2 || text.length > 160) return;
    out.push({ field: 'title', value: text, source, weight });
    heading ??= el;
  };
  $('h1')
    .slice(0, 3)
    .each((i, el) => add(el, 'h1', i === 0 ? 3 : 1));
  $('[class], [id]').each((_, el) => {
    if (/^(?:h1|html|body|title|meta|img|a|button|li)$/.test(el.name) || !TITLE_CLASS.test(classOf(el))) return;
    if (
      /(?:sub|page|site|section|app-header|header-(?:logo|nav))/i.test(classOf(el)) &&
      !/titlepage|app-title/i.test(classOf(el))
    )
      return;
    add(el, 'title-class', 2);
  });
  $('[aria-label], [data-ui]').each((_, el) => {
    if (/title/i.test(`${el.attribs['aria-label'] ?? ''} ${el.attribs['data-ui'] ?? ''}`)) add(el, 'title-attr', 2);
  });
  if (!heading)
    $('h2, h3')
      .slice(0, 1)
      .filter((_, el) => !JOB_SECTION_WORDS.test(flatText(el)))
      .each((_, el) => add(el, 'first-heading', 1.5));
  return { candidates: out, heading };
}

/** Whether an element holds only text and inline elements (a leaf for label and chip reading). */
function isLeafish(el: Element): boolean {
  return !el.children.some((c) => c.type === 'tag' && (BLOCK_CHILD.test(c.name) || c.name === 'li' || c.name === 'dd'));
}

/**
 * The texts an inline block shows as separate pieces: sibling elements each on their own, an empty element
 * between texts (an icon, a divider) as a break ('Engineering<span class=sep></span>Chicago' → two pieces).
 */
export function segmentsOf(el: Element): string[] {
  const out: string[] = [];
  let current = '';
  const flush = () => {
    const text = current.replace(/\s+/g, ' ').trim();
    if (text) out.push(text);
    current = '';
  };
  const hasText = (node: AnyNode) => node.type === 'text' && node.data.trim().length > 0;
  // Mixed text and elements read as one piece, except a leading label ('<b>Location</b> Boston').
  const inline = (node: Element) => {
    node.children.forEach((child, i) => {
      if (child.type === 'text') current += child.data;
      else if (
        child.type === 'tag' &&
        i === node.children.findIndex((c) => c.type === 'tag' || hasText(c)) &&
        labelField(flatText(child))
      )
        flush();
      else if (child.type === 'tag') current += ` ${flatText(child)} `;
    });
  };
  const visit = (node: AnyNode, depth = 0) => {
    if (node.type === 'text') current += node.data;
    else if (node.type === 'tag' && depth > 30) current += ` ${flatText(node)} `;
    else if (node.type === 'tag') {
      if (SKIPPED_TAGS.has(node.name) || node.name === 'br' || !flatText(node).trim()) {
        flush();
        return;
      }
      const mixed = node.children.some(hasText);
      if (mixed) inline(node);
      else if (node.children.every((c) => c.type !== 'tag')) current += ` ${flatText(node)} `;
      else {
        flush();
        node.children.forEach((child) => visit(child, depth + 1));
        flush();
      }
    }
  };
  const mixed = el.children.some(hasText);
  for (const child of el.children) {
    if (!mixed && child.type === 'tag') flush();
    visit(child);
    if (!mixed && child.type === 'tag') flush();
  }
  flush();
  return out.flatMap((t) => t.split(/\s*[·•|]\s*/)).filter((t) => t && !labelField(t));
}

/**
 * Label/value structures anywhere outside excluded blocks (sidebars included): dt/dd, table rows, an element whose
 * first child is a known label ('<strong>Ubicación:</strong> Madrid', '<span>Location</span><span>…</span>'), and
 * 'Label: value' lines.
 */
export function labelSources($: CheerioAPI, excluded: (el: Element) => boolean): Candidate[] {
  const out: Candidate[] = [];
  const read = (labelText: string, valueText: string, source: string) => {
    const field = labelField(labelText);
    if (field) out.push(...readLabelled(field, valueText, source, 3));
  };
  $('dt').each((_, dt) => {
    if (excluded(dt)) return;
    const dd = $(dt).nextAll('dd').first();
    if (dd.length) read(flatText(dt), flatText(dd[0] as AnyNode), 'label');
  });
  $('tr').each((_, tr) => {
    if (excluded(tr)) return;
    const cells = $(tr).children('th, td').toArray();
    if (cells.length >= 2) read(flatText(cells[0] as AnyNode), flatText(cells[1] as AnyNode), 'label');
  });
  $('li, p, div, span').each((_, el) => {
    if (!isLeafish(el)) return;
    const first = el.children.find(
      (c) => (c.type === 'tag' && flatText(c).trim()) || (c.type === 'text' && c.data.trim()),
    );
    if (!first || first.type !== 'tag' || SKIPPED_TAGS.has(first.name) || !isLeafish(el)) return;
    const labelText = flatText(first);
    if (labelText.length > 40 || !labelField(labelText) || excluded(el)) return;
    const rest = el.children
      .slice(el.children.indexOf(first) + 1)
      .map((c) => flatText(c))
      .join(' ');
    if (rest.length > 240) return;
    read(labelText, rest.replace(/^\s*[:：]/, ''), 'label');
  });
  return out;
}

/** 'Label: value' and 'Label' / 'value' lines of the page text (what a reader sees, wherever the markup puts it). */
export function labelLines(text: string): Candidate[] {
  const out: Candidate[] = [];
  const lines = text.split('\n').map((l) => l.replace(/^- /, '').trim());
  lines.forEach((line, i) => {
    const colon = /^([^:：]{2,40})\s*[:：]\s*(.*)$/.exec(line);
    if (colon?.[1] && colon[2]) {
      const field = labelField(colon[1]);
      if (field) out.push(...readLabelled(field, colon[2], 'label-line', 2.5));
      return;
    }
    const field = labelField(line);
    const next = lines[i + 1];
    if (field && next && next.length <= 120 && !labelField(next))
      out.push(...readLabelled(field, next, 'label-line', 2.5));
  });
  return out;
}

const HINTS: [RegExp, (text: string) => Candidate[]][] = [
  [/location|standort|ort|lieu|ubicacion|locatie/i, (t) => readLabelled('location', t, 'class-hint', 2.5)],
  [/commitment|employment|job-?type|contract|schedule/i, (t) => readLabelled('job_type', t, 'class-hint', 2.5)],
  [/salary|compensation|pay-?range/i, (t) => readLabelled('salary_range', t, 'class-hint', 2.5)],
  [/company/i, (t) => readChip(t, 'class-hint', 2.5).filter((c) => c.field === 'company')],
];

/** Short elements whose class or data attribute names what they hold (div.location, span.company-name). */
export function classHintSources($: CheerioAPI, excluded: (el: Element) => boolean): Candidate[] {
  const out: Candidate[] = [];
  $('[class], [id], [data-ui], [itemprop]').each((_, el) => {
    const names = `${classOf(el)} ${el.attribs['data-ui'] ?? ''} ${el.attribs.itemprop ?? ''}`;
    const hint = HINTS.find(([pattern]) => pattern.test(names));
    if (!hint || !isLeafish(el) || /^(?:body|main|html|img|svg|script|meta)$/.test(el.name) || excluded(el)) return;
    const text = segmentsOf(el).join(' · ');
    if (text && text.length <= 90) out.push(...hint[1](text));
  });
  return out;
}

/**
 * Chips near the job's heading: the short texts of the heading's surroundings (its header block), each split into
 * segments ('Engineering · Chicago'). Icon rows ('<svg/> Boston, MA') anywhere count a little less.
 */
export function chipSources($: CheerioAPI, heading: Element | null, excluded: (el: Element) => boolean): Candidate[] {
  const out: Candidate[] = [];
  const readText = (text: string, source: string, weight: number) => {
    for (const segment of segments(text)) out.push(...readChip(segment, source, weight));
  };
  let block: Element | null = heading;
  for (let up = 0; block && up < 3; up++) {
    const parent: Element | null = block.parent?.type === 'tag' ? block.parent : null;
    if (!parent || /^(?:body|html|main)$/.test(parent.name) || flatText(parent).length > 700) break;
    block = parent;
  }
  // Header blocks are shallow: deeper nesting is not a chip row (and would exhaust the stack on hostile pages).
  const walk = (el: Element, depth = 0) => {
    if (el === heading || depth > 30 || excluded(el) || SKIPPED_TAGS.has(el.name)) return;
    if (!isLeafish(el)) {
      for (const child of el.children) if (child.type === 'tag') walk(child, depth + 1);
      return;
    }
    for (const text of segmentsOf(el)) if (text.length <= 90) readText(text, 'chip', 2);
  };
  if (block && block !== heading) {
    for (const child of block.children) if (child.type === 'tag') walk(child);
  } else if (heading) {
    // A heading placed straight in <main>: its header is the few short elements that follow it.
    $(heading)
      .nextAll()
      .slice(0, 3)
      .filter((_, el) => flatText(el).length <= 200)
      .each((_, el) => walk(el));
  }
  $('svg, i[class], img[src$=".svg"], [class*="icon"]').each((_, icon) => {
    const parent = icon.parent?.type === 'tag' ? icon.parent : null;
    if (!parent || excluded(parent) || !isLeafish(parent)) return;
    for (const text of segmentsOf(parent)) if (text.length <= 90) readText(text, 'icon-row', 1.5);
  });
  return out;
}

/** The logo's alt text (header, link to the home page, or an image named logo). */
export function logoSources($: CheerioAPI, excluded: (el: Element) => boolean): Candidate[] {
  const out: Candidate[] = [];
  $('img[alt]').each((_, img) => {
    const context = `${classOf(img)} ${img.attribs.src ?? ''} ${$(img).parents().toArray().slice(0, 3).map(classOf).join(' ')}`;
    const inHeader =
      $(img).closest('header, [class*="header"], [id*="header"], [class*="banner"], [class*="navbar"]').length > 0;
    const home = $(img).closest('a[href="/"], a[class*="logo"], a[class*="brand"]').length > 0;
    if (!/logo|brand/i.test(context) && !inHeader && !home) return;
    if (excluded(img) && !inHeader) return;
    const company = cleanCompany(img.attribs.alt ?? '');
    if (company) out.push({ field: 'company', value: company, source: 'logo', weight: 2.5 });
  });
  return out;
}

const COPYRIGHT =
  /(?:©|\(c\)|copyright)\s*(?:©\s*)?(?:\d{4}(?:\s*[-–]\s*\d{4})?)?[\s,]*([^.|·©\n]{2,80}?)(?:[.|·]\s|\s+all rights|\s+-\s|,?\s+\d|$)/i;

/** The footer's copyright line ('© 2026 Acme Health, Inc.'), unless it names the platform (Oracle, Lever…). */
export function footerSources($: CheerioAPI): Candidate[] {
  const out: Candidate[] = [];
  $('footer, [class*="footer"], [id*="footer"]').each((_, el) => {
    const m = COPYRIGHT.exec(inlineText(flatText(el)));
    const company = m?.[1] ? cleanCompany(m[1]) : '';
    if (company) out.push({ field: 'company', value: company, source: 'footer', weight: 1.5 });
  });
  return out;
}

/** The visible text of the page minus excluded blocks, for label lines and agreement checks. */
export function visibleText($: CheerioAPI, excluded: (el: Element) => boolean): string {
  return nodesToText($('body').toArray(), { skip: (el) => SKIPPED_TAGS.has(el.name) || excluded(el) });
}
