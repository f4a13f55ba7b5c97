/**
 * Where the page reader finds evidence: each function reads one kind of place on a page without structured data
 * and returns candidate values with a weight (how far that kind of place is trusted). page-scoring.ts weighs them.
 */
import type { AnyNode, Element } from 'domhandler';
import { flatText, inlineText, nodesToText, SKIPPED_TAGS } from './html-text';
import {
  type Candidate,
  cleanCompany,
  companiesInDescription,
  inlineLabels,
  labelField,
  readByShape,
  readChip,
  readLabelled,
  segments,
} from './page-evidence';
import { classOf, closest, nextElements, type PageIndex } from './page-index';
import { JOB_SECTION_WORDS, TITLE_NOISE } from './page-vocabulary';

/** Text read from a page at most: far beyond any job posting (the form keeps 20,000 characters per section). */
export const MAX_TEXT_CHARS = 150_000;

/** Meta and Open Graph tags: the site name, and the description's 'at X', 'Location: Y', 'Time type: Z'. */
export function metaSources(page: PageIndex): Candidate[] {
  const out: Candidate[] = [];
  for (const key of ['og:site_name', 'application-name']) {
    const company = cleanCompany(page.meta(key));
    if (company) out.push({ field: 'company', value: company, source: key, weight: 2 });
  }
  for (const key of ['og:description', 'description', 'twitter:description']) {
    const text = page.meta(key);
    if (!text) continue;
    for (const company of companiesInDescription(text))
      out.push({ field: 'company', value: company, source: 'description', weight: 1.5 });
    out.push(...inlineLabels(text, 'description', 1.5));
  }
  return out;
}

/** The page's title strings, most trusted first (split and cleaned once the company is known). */
export function titleStrings(page: PageIndex): { text: string; source: string; weight: number }[] {
  const title = page.tags('title')[0];
  return [
    { text: page.meta('og:title'), source: 'og:title', weight: 2.5 },
    { text: page.meta('twitter:title'), source: 'twitter:title', weight: 1 },
    { text: title ? inlineText(page.text(title)) : '', source: 'title', weight: 2 },
  ].filter((t) => t.text);
}

const TITLE_CLASS =
  /(?:^|[\s_-])(?:job|position|posting|vacancy|offer|stelle|poste)?[-_]?(?:title|header|headline|name|titlepage)(?:$|[\s_-])/i;
const BLOCK_CHILD = /^(?:div|p|ul|ol|table|section|article|h[1-6]|dl|form)$/;

/** Headings: the first h1, elements classed as a job title (span.titlepage, h2.jv-header), aria-labels. */
export function headingSources(page: PageIndex): { candidates: Candidate[]; heading: Element | null } {
  const out: Candidate[] = [];
  let heading: Element | null = null;
  const add = (el: Element, source: string, weight: number) => {
    if (page.excluded(el) || el.children.some((c) => c.type === 'tag' && BLOCK_CHILD.test(c.name))) return;
    const raw = page.text(el);
    if (raw.length > 2000) return;
    const text = inlineText(raw);
    if (text.length < 2 || text.length > 160) return;
    out.push({ field: 'title', value: text, source, weight });
    heading ??= el;
  };
  // An h1 that is the site's ('Career Center', 'Karriereportal', 'Lavora con noi') is not the job's heading.
  page
    .tags('h1')
    .filter((el) => !TITLE_NOISE.test(inlineText(page.text(el)).replace(/[:.!]$/, '')))
    .slice(0, 3)
    .forEach((el, i) => add(el, 'h1', i === 0 ? 3 : 1));
  for (const el of page.kept) {
    if (el.attribs.class === undefined && el.attribs.id === undefined) continue;
    if (/^(?:h1|html|body|title|meta|img|a|button|li)$/.test(el.name) || !TITLE_CLASS.test(classOf(el))) continue;
    if (
      /(?:sub|page|site|section|app-header|header-(?:logo|nav))/i.test(classOf(el)) &&
      !/titlepage|app-title/i.test(classOf(el))
    )
      continue;
    add(el, 'title-class', 2);
  }
  for (const el of page.kept) {
    const { attribs } = el;
    if (attribs['aria-label'] === undefined && attribs['data-ui'] === undefined) continue;
    if (/title/i.test(`${attribs['aria-label'] ?? ''} ${attribs['data-ui'] ?? ''}`)) add(el, 'title-attr', 2);
  }
  // Custom elements named for a title (<career-job-title>, <job-heading>), whatever their framework.
  for (const el of page.kept)
    if (el.name.includes('-') && /(?:^|-)(?:title|heading|headline|titel|titulo|titre|otsikko)(?:$|-)/.test(el.name))
      add(el, 'title-element', 2.5);
  // Without a job's h1, the first heading below it that is neither a section nor the site's wording.
  const first = page.keptTags('h2', 'h3').find((el) => {
    const text = inlineText(page.text(el));
    return text.length >= 2 && !JOB_SECTION_WORDS.test(text) && !TITLE_NOISE.test(text);
  });
  if (first && !out.some((c) => c.source === 'h1')) add(first, 'first-heading', heading ? 1.5 : 2.5);
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
export function labelSources(page: PageIndex): Candidate[] {
  const out: Candidate[] = [];
  const read = (labelText: string, valueText: string, source: string) => {
    const field = labelField(labelText);
    if (field) out.push(...readLabelled(field, valueText, source, 3, labelText));
    // A label the reader does not know (another language): the value read by its shape, trusted less.
    else if (looksLikeLabel(labelText)) out.push(...readByShape(valueText, 'label-shape', 2));
  };
  for (const dt of page.keptTags('dt')) {
    const dd = nextElements(dt).find((el) => el.name === 'dd');
    if (dd) read(page.text(dt), page.text(dd), 'label');
  }
  for (const tr of page.keptTags('tr')) {
    const cells = tr.children.filter((c): c is Element => c.type === 'tag' && (c.name === 'th' || c.name === 'td'));
    if (cells.length >= 2) read(page.text(cells[0]!), page.text(cells[1]!), 'label');
  }
  for (const el of page.keptTags('li', 'p', 'div', 'span')) {
    if (!isLeafish(el)) continue;
    const first = el.children.find(
      (c) => (c.type === 'tag' && page.text(c).trim()) || (c.type === 'text' && c.data.trim()),
    );
    if (!first || first.type !== 'tag' || SKIPPED_TAGS.has(first.name)) continue;
    const labelText = page.text(first);
    if (labelText.length > 40 || !(labelField(labelText) || (/[:：]\s*$/.test(labelText) && looksLikeLabel(labelText))))
      continue;
    // The value runs to the next label ('<em>Sede:</em> Pescara – <em>Contratto:</em> …').
    const after = el.children.slice(el.children.indexOf(first) + 1);
    const next = after.findIndex((c) => c.type === 'tag' && labelField(flatText(c)));
    const rest = (next < 0 ? after : after.slice(0, next))
      .map((c) => flatText(c))
      .join(' ')
      .replace(/[\s–—-]+$/, '');
    if (rest.length > 240) continue;
    read(labelText, rest.replace(/^\s*[:：]/, ''), 'label');
  }
  return out;
}

/** Whether a short text reads as a label: a few words, no sentence, no digits ('Munkavégzés helye:'). */
function looksLikeLabel(text: string): boolean {
  const t = text.replace(/[:：*]+\s*$/, '').trim();
  return t.length >= 2 && t.length <= 30 && !/\d|[.!?]/.test(t) && t.split(/\s+/).length <= 4;
}

/** 'Label: value' and 'Label' / 'value' lines of the page text (what a reader sees, wherever the markup puts it). */
export function labelLines(text: string): Candidate[] {
  const out: Candidate[] = [];
  const lines = text.split('\n').map((l) => l.replace(/^- /, '').trim());
  lines.forEach((line, i) => {
    const colon = /^([^:：]{2,40})\s*[:：]\s*(.*)$/.exec(line);
    if (colon?.[1] && colon[2]) {
      const field = labelField(colon[1]);
      if (field) out.push(...readLabelled(field, colon[2], 'label-line', 2.5, colon[1]));
      else if (looksLikeLabel(colon[1])) out.push(...readByShape(colon[2], 'label-shape', 1.5));
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
  [
    /(?:^|[\s_-])(?:job-?)?(?:location|locations|standort|ort|lieu|ubicacion|locatie|city|place|lokalizacja|sede|localizacao|sijainti|sted)(?:$|[\s_-])/i,
    (t) => readLabelled('location', t, 'class-hint', 2.5),
  ],
  [
    /(?:^|[\s_-])(?:commitment|employment|job-?type|contract|schedule|employment-?type)(?:$|[\s_-])/i,
    (t) => readLabelled('job_type', t, 'class-hint', 2.5),
  ],
  [
    /(?:^|[\s_-])(?:salary|compensation|pay-?range|pay|salaries)(?:$|[\s_-])/i,
    (t) => readLabelled('salary_range', t, 'class-hint', 2.5),
  ],
  [
    /(?:^|[\s_])(?:[\w-]*[-_])?(?:company|employer|firma|empresa|entreprise|azienda|werkgever)(?:[-_]?name)?(?:$|\s)/i,
    (t) => {
      const at = readChip(t, 'class-hint', 2.5).filter((c) => c.field === 'company');
      const company = cleanCompany(t);
      return at.length
        ? at
        : company && company.split(/\s+/).length <= 6
          ? [{ field: 'company', value: company, source: 'class-hint', weight: 2.5 }]
          : [];
    },
  ],
];

/** Short elements whose class or data attribute names what they hold (div.location, span.company-name). */
export function classHintSources(page: PageIndex): Candidate[] {
  const out: Candidate[] = [];
  for (const el of page.kept) {
    const { attribs } = el;
    if (attribs.class === undefined && attribs.id === undefined && !attribs['data-ui'] && !attribs.itemprop) continue;
    if (/^(?:body|main|html|img|svg|script|meta)$/.test(el.name)) continue;
    const names = `${classOf(el)} ${attribs['data-ui'] ?? ''} ${attribs.itemprop ?? ''}`;
    const hint = HINTS.find(([pattern]) => pattern.test(names));
    // A heading classed by its page's brand ('font-company-header') is the job's title, not the company.
    if (hint === HINTS[3] && /^h[1-3]$/.test(el.name)) continue;
    if (!hint || !isLeafish(el) || page.text(el).length > 2000) continue;
    const text = segmentsOf(el).join(' · ');
    if (text && text.length <= 90) out.push(...hint[1](text));
  }
  return out;
}

/** An icon: an svg, an icon font's <i>, an svg image or anything classed as an icon. */
function isIcon(el: Element): boolean {
  const { attribs } = el;
  return (
    el.name === 'svg' ||
    (el.name === 'i' && attribs.class !== undefined) ||
    (el.name === 'img' && (attribs.src ?? '').endsWith('.svg')) ||
    (attribs.class ?? '').includes('icon')
  );
}

/**
 * Chips near the job's heading: the short texts of the heading's surroundings (its header block), each split into
 * segments ('Engineering · Chicago'). Icon rows ('<svg/> Boston, MA') anywhere count a little less.
 */
export function chipSources(page: PageIndex, heading: Element | null): Candidate[] {
  const out: Candidate[] = [];
  const readText = (text: string, source: string, weight: number) => {
    for (const segment of segments(text)) out.push(...readChip(segment, source, weight));
  };
  let block: Element | null = heading;
  for (let up = 0; block && up < 3; up++) {
    const parent: Element | null = block.parent?.type === 'tag' ? block.parent : null;
    if (!parent || /^(?:body|html|main)$/.test(parent.name) || page.text(parent).length > 700) break;
    block = parent;
  }
  // Header blocks are shallow: deeper nesting is not a chip row (and would exhaust the stack on hostile pages).
  const walk = (el: Element, depth = 0) => {
    if (el === heading || depth > 30 || page.excluded(el) || SKIPPED_TAGS.has(el.name)) return;
    if (!isLeafish(el)) {
      for (const child of el.children) if (child.type === 'tag') walk(child, depth + 1);
      return;
    }
    for (const text of segmentsOf(el)) if (text.length <= 90) readText(text, 'chip', 2);
  };
  if (block && block !== heading) {
    for (const child of block.children) if (child.type === 'tag') walk(child);
    // A logo beside the job's heading is the employer's (a job board's own logo sits in its header).
    for (const img of page.tags('img'))
      if (img.attribs.alt && closest(img, (el) => el === block) && !closest(img, isHeader)) {
        const company = cleanCompany(img.attribs.alt);
        if (company) out.push({ field: 'company', value: company, source: 'heading-logo', weight: 2.5 });
      }
  } else if (heading) {
    // A heading placed straight in <main>: its header is the few short elements that follow it.
    for (const el of nextElements(heading).slice(0, 3)) if (page.text(el).length <= 200) walk(el);
  }
  // Icons are often aria-hidden (excluded themselves): what counts is whether their row is.
  for (const icon of page.elements) {
    if (!isIcon(icon)) continue;
    const parent = icon.parent?.type === 'tag' ? icon.parent : null;
    if (!parent || page.excluded(parent) || !isLeafish(parent) || page.text(parent).length > 2000) continue;
    for (const text of segmentsOf(parent)) if (text.length <= 90) readText(text, 'icon-row', 1.5);
  }
  return out;
}

/** The logo's alt text (header, link to the home page, or an image named logo). */
export function logoSources(page: PageIndex): Candidate[] {
  const out: Candidate[] = [];
  for (const img of page.tags('img')) {
    if (img.attribs.alt === undefined) continue;
    const parents = [];
    for (let p = img.parent; p?.type === 'tag' && parents.length < 3; p = p.parent) parents.push(p as Element);
    const context = `${classOf(img)} ${img.attribs.src ?? ''} ${parents.map(classOf).join(' ')}`;
    const inHeader = closest(img, isHeader) !== null;
    const home = closest(img, isHomeLink) !== null;
    if (!/logo|brand/i.test(context) && !inHeader && !home) continue;
    if (page.excluded(img) && !inHeader) continue;
    const company = cleanCompany(img.attribs.alt);
    if (company) out.push({ field: 'company', value: company, source: 'logo', weight: 2.5 });
  }
  return out;
}

const isHeader = (el: Element) => {
  const cls = el.attribs.class ?? '';
  return el.name === 'header' || /header|banner|navbar/.test(cls) || (el.attribs.id ?? '').includes('header');
};

const isHomeLink = (el: Element) =>
  el.name === 'a' && (el.attribs.href === '/' || /logo|brand/.test(el.attribs.class ?? ''));

const COPYRIGHT =
  /(?:©|\(c\)|copyright)\s*(?:©\s*)?(?:\d{4}(?:\s*[-–]\s*\d{4})?)?[\s,]*([^.|·©\n]{2,80}?)(?:[.|·]\s|\s+all rights|\s+-\s|,?\s+\d|$)/i;

/** The footer's copyright line ('© 2026 Acme Health, Inc.'), unless it names the platform (Oracle, Lever…). */
export function footerSources(page: PageIndex): Candidate[] {
  const out: Candidate[] = [];
  for (const el of page.elements) {
    if (
      el.name !== 'footer' &&
      !(el.attribs.class ?? '').includes('footer') &&
      !(el.attribs.id ?? '').includes('footer')
    )
      continue;
    const text = page.text(el);
    const m = COPYRIGHT.exec(inlineText(text.length > 20_000 ? text.slice(-20_000) : text));
    const company = m?.[1] ? cleanCompany(m[1]) : '';
    if (company) out.push({ field: 'company', value: company, source: 'footer', weight: 1.5 });
  }
  return out;
}

/** The visible text of the page minus excluded blocks, for label lines and agreement checks. */
export function visibleText(page: PageIndex): string {
  const body = page.tags('body')[0] ?? page.root;
  const skip = (el: Element) => SKIPPED_TAGS.has(el.name) || page.excluded(el);
  return nodesToText([body], { skip, maxChars: MAX_TEXT_CHARS });
}
